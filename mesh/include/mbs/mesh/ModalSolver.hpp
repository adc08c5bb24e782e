#pragma once
// Lowest eigenpairs of the generalized problem K x = lambda M x (K symmetric positive
// semi-definite, M symmetric positive definite).
#include <string>

#include "mbs/solver/Status.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::mesh {

struct ModalResult {
  solver::Vec eigenvalues;  // lambda = omega^2, ascending
  solver::Mat vectors;      // columns M-orthonormal: V^T M V = I
  // f = sqrt(max(lambda, 0)) / (2 pi).
  solver::Vec frequenciesHz() const;
};

struct ModalOptions {
  int count = 10;
  // Shift sigma < 0 of the shift-invert transformation (K - sigma M)^-1 M; 0 = automatic.
  // A negative shift keeps K - sigma M positive definite for free-free structures.
  double shift = 0.0;
  int denseLimit = 400;  // problems up to this size are solved densely
  double tolerance = 1e-10;
};

// Sparse problems: Spectra's Lanczos in shift-invert mode with a CHOLMOD factorization of
// K - sigma M. Failures (factorization, no convergence) name `entity`.
solver::Status solveModes(const solver::SparseMat& K, const solver::SparseMat& M, const ModalOptions& options,
                          ModalResult& out, const std::string& entity = {});

}  // namespace mbs::mesh
