#pragma once
// Scalar Adams run-time functions (no state): registered on muparser by Expression.cpp.
namespace mbs::core::adams {

double step(double x, double x0, double h0, double x1, double h1);
double step5(double x, double x0, double h0, double x1, double h1);
double havsin(double x, double x0, double h0, double x1, double h1);
double ifFunction(double cond, double negative, double zero, double positive);
double poly(const double* args, int n);  // POLY(x, x0, a0, a1, ..., an)
double shf(double x, double x0, double a, double w, double phi, double b);
double sign(double a, double b);  // |a| with the sign of b (Fortran SIGN)
double mod(double a, double b);   // a - AINT(a/b)*b (Fortran MOD)
double dim(double a, double b);   // max(a - b, 0)
double aint(double a);
double anint(double a);
double min(const double* args, int n);
double max(const double* args, int n);

}  // namespace mbs::core::adams
