#pragma once
// Helpers shared by the static analyses: row selection of the active (non-redundant) constraint
// rows and saddle-point solves [H Aᵀ; A −εI] [x; y] = [f; g].
#include <string>
#include <vector>

#include "System.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::detail {

SparseMat selectRows(const SparseMat& a, const std::vector<int>& rows);
Vec selectRows(const Vec& v, const std::vector<int>& rows);
// Full-length vector with `values` at `rows` and zero elsewhere.
Vec scatterRows(const Vec& values, const std::vector<int>& rows, int size);

// Solves the saddle-point system [H Aᵀ+U; A −eps·I][x; y] = [f; g] with a sparse LU. eps > 0
// regularizes it so that consistent redundant rows of A do not make it singular (the minimum-norm
// multipliers result); U (optional, n × m) couples forces to the multipliers (stiction).
bool solveSaddlePoint(const SparseMat& h, const SparseMat& a, const Vec& f, const Vec& g, Vec& x, Vec& y,
                      double eps = 0.0, const SparseMat* upperRight = nullptr);

// Index of the largest |value| and a "describeRow: residual" message for diagnostics.
std::string worstRows(const System& system, const Vec& residual, int count = 3);

// Name of the model entity of the row with the largest |residual| (NaN counts as largest).
std::string worstEntity(const System& system, const Vec& residual);

// Evaluates Φ, Φ_q and returns max |Φ|.
double constraintResidual(const System& system, double t, const Vec& q, Vec& phi);

}  // namespace mbs::solver::detail
