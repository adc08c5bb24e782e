#pragma once
// The constraint derivatives of a System against central differences, shared by the joint tests
// whose rows carry coordinates of their own (point-to-curve, curve-to-curve).
#include <gtest/gtest.h>

#include "system_test_models.hpp"

namespace mbs::solver::test {

// Every constraint derivative `sys` gives at (t, q, q̇) against central differences of Φ: Φ_q, γ
// (minus the second derivative of Φ along q̇), ∂(Φ_qᵀλ)/∂q, ∂(Φ_q v)/∂q, and the products path.
// Returns Φ_q for further checks.
inline SparseMat expectConstraintDerivativesMatchDifferences(const System& sys, double t, const Vec& q,
                                                             const Vec& qd)
{
  auto phi = [&](const Vec& x) {
    Vec out;
    sys.constraints(t, x, out);
    return out;
  };
  SparseMat phiQ;
  sys.constraintJacobian(t, q, phiQ);
  EXPECT_LT((Mat(phiQ) - numericJacobian(phi, q)).cwiseAbs().maxCoeff(), 1e-7);
  Vec gamma;
  sys.accelerationRhs(t, q, qd, gamma);
  const double h = 1e-4;
  Vec pp, p0, pm;
  sys.constraints(t, q + h * qd, pp);
  sys.constraints(t, q, p0);
  sys.constraints(t, q - h * qd, pm);
  EXPECT_LT((gamma + (pp - 2.0 * p0 + pm) / (h * h)).cwiseAbs().maxCoeff(), 1e-5);
  const Vec lambda = Vec::LinSpaced(sys.numConstraints(), -1.0, 2.0);
  SparseMat hess;
  sys.constraintForceJacobian(t, q, lambda, hess);
  auto phiQtLambda = [&](const Vec& x) {
    SparseMat j;
    sys.constraintJacobian(t, x, j);
    return Vec(j.transpose() * lambda);
  };
  EXPECT_LT((Mat(hess) - numericJacobian(phiQtLambda, q)).cwiseAbs().maxCoeff(), 1e-6);
  SparseMat h2, velocityRows;
  sys.constraintSecondDerivatives(t, q, lambda, qd, h2, velocityRows);
  EXPECT_LT((Mat(h2) - Mat(hess)).cwiseAbs().maxCoeff(), 1e-12);
  auto phiQv = [&](const Vec& x) {
    SparseMat j;
    sys.constraintJacobian(t, x, j);
    return Vec(j * qd);
  };
  EXPECT_LT((Mat(velocityRows) - numericJacobian(phiQv, q)).cwiseAbs().maxCoeff(), 1e-6);
  Vec phi2, phiQvOut;
  Mat mult = Mat::Zero(sys.numConstraints(), 1), out;
  mult.col(0) = lambda;
  sys.constraintProducts(t, q, qd, mult, phi2, phiQvOut, out);
  EXPECT_LT((phiQvOut - phiQ * qd).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_LT((out.col(0) - phiQ.transpose() * lambda).cwiseAbs().maxCoeff(), 1e-12);
  return phiQ;
}

}  // namespace mbs::solver::test
