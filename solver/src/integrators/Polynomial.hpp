#pragma once
// Lagrange interpolation helpers on a few (≤ 14) time nodes, used by the BDF history, the ABAM
// integrator and the energy account's quadrature.
#include <vector>

#include "mbs/solver/Types.hpp"

namespace mbs::solver::detail {

// Weights w_j with p(t) = Σ w_j y_j for the polynomial through (nodes_j, y_j).
std::vector<double> lagrangeWeights(const std::vector<double>& nodes, double t);
// Weights a_j with p'(nodes_0) = Σ a_j y_j (derivative at the first node).
std::vector<double> lagrangeDerivativeWeightsAtFirst(const std::vector<double>& nodes);
// Weights w_j with ∫_{t_{k−1}}^{t_k} p = Σ w_j p(t_j) for the polynomial p through the increasing
// nodes t_0 < … < t_k (k ≥ 1): the integrals of the Lagrange basis over the last interval.
std::vector<double> lagrangeLastIntervalIntegralWeights(const std::vector<double>& nodes);
// Weights w_j with ∫_a^b p = Σ w_j p(nodes_j) for the polynomial p through any distinct nodes (the
// Adams formulas: b beyond the nodes for Adams–Bashforth, a node for Adams–Moulton).
std::vector<double> lagrangeIntegralWeights(const std::vector<double>& nodes, double a, double b);
// Newton divided difference y[x_0, ..., x_{count-1}] of vector samples.
Vec dividedDifference(const std::vector<double>& nodes, const std::vector<const Vec*>& values);

}  // namespace mbs::solver::detail
