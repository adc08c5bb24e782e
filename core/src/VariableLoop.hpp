#pragma once
// Algebraic loops of VARIABLEs (Adams' implicit loops): VARIABLEs whose functions read each other
// through VARVAL, solved together inside an evaluation (docs/solver-notes.md, "Algebraic loops of
// VARIABLEs"). Used by Expression.cpp's VARIABLE evaluation, which keeps the values per epoch.
#include <cstdint>
#include <functional>
#include <vector>

#include "mbs/core/Expression.hpp"

namespace mbs::core::detail {

// The members of the loop through VARIABLE d (the VARIABLEs d reaches through VARVAL that reach d
// again), in ascending order.
std::vector<int> loopThrough(const VariableTable& table, int d);

// Solves the loop through d at (time, state): x = f(x) for its members by Newton's method on
// x − f(x) with a difference Jacobian, from their values in `value` (the last evaluation's); what
// the loop reads from outside is evaluated first with `outside`. On success every member has
// done = epoch and its value; otherwise its value is NaN, the failure is reported naming the
// members (solver::reportNonFiniteFunction) and false returned.
bool solveVariableLoop(const VariableTable& table, std::vector<std::uint64_t>& done,
                       std::vector<double>& value, std::uint64_t epoch, int d, double time,
                       const mbs::solver::StateView* state, const std::function<double(int)>& outside);

}  // namespace mbs::core::detail
