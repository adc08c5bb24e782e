#pragma once
// Scalar Adams run-time functions (no state): registered on muparser by Expression.cpp.
namespace mbs::core::adams {

double step(double x, double x0, double h0, double x1, double h1);
double step5(double x, double x0, double h0, double x1, double h1);
double havsin(double x, double x0, double h0, double x1, double h1);
double ifFunction(double cond, double negative, double zero, double positive);
double poly(const double* args, int n);  // POLY(x, x0, a0, a1, ..., an)
double shf(double x, double x0, double a, double w, double phi, double b);
double cheby(const double* args, int n);   // CHEBY(x, x0, a0, a1, ..., an): Chebyshev series
double forcos(const double* args, int n);  // FORCOS(x, x0, w, a0, a1, ..., an): Fourier cosines
double forsin(const double* args, int n);  // FORSIN(x, x0, w, a0, a1, ..., an): Fourier sines
double sweep(const double* args, int n);   // SWEEP(x, a, x0, f0, x1, f1, dx): a linear chirp
double sign(double a, double b);           // |a| with the sign of b (Fortran SIGN)
double mod(double a, double b);            // a - AINT(a/b)*b (Fortran MOD)
double dim(double a, double b);            // max(a - b, 0)
double aint(double a);
double anint(double a);
double min(const double* args, int n);
double max(const double* args, int n);

}  // namespace mbs::core::adams
