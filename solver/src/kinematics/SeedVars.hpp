#pragma once
// Seeding the scalars of a block's local variables once for every scalar type a block is evaluated
// with (constraint blocks whose columns are not just the two bodies': point-to-curve and
// curve-to-curve joints, flexible-body markers): double for the rows, Jet variables for Φ_q and the
// Hessians, Taylor2 along q̇ for γ.
#include <type_traits>

#include "kinematics/FrameT.hpp"

namespace mbs::solver::detail {

// One coordinate's value as T: a Jet's local variable `index`, a Taylor2 moving at `rate`.
template <class T>
T seedScalar(double value, double rate, int index)
{
  if constexpr (std::is_same_v<T, double>)
    return value;
  else if constexpr (std::is_same_v<T, Taylor2>)
    return Taylor2(value, rate, 0.0);
  else
    return T::variable(value, index);
}

// A body's positions as T: Jet variables firstIndex + 0..6; Taylor2 along qd (which must then be
// given).
template <class T>
BodyVars<T> seedBodyVars(const Vec& q, const Vec* qd, int body, int firstIndex)
{
  if constexpr (std::is_same_v<T, Taylor2>) {
    return directionalVars(q, *qd, body);
  } else {
    return bodyVars<T>(
        q, nullptr, body, [firstIndex](double v, int k) { return seedScalar<T>(v, 0.0, firstIndex + k); },
        [](double v, int) { return T(v); });
  }
}

}  // namespace mbs::solver::detail
