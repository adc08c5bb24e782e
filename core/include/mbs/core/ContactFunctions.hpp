#pragma once
// The Adams contact functions IMPACT and BISTOP (documented definitions; docs/file-format.md,
// "Expressions"), available in every expression and, with their exact partial derivatives, to
// force elements written on them.
//
//   IMPACT(x, ẋ, x1, k, e, cmax, d) = max(0, k (x1 − x)^e − STEP(x, x1 − d, cmax, x1, 0) ẋ)  x < x1
//                                    = 0                                                     x ≥ x1
//   BISTOP(x, ẋ, x1, x2, k, e, cmax, d) = max(0, k (x1 − x)^e − STEP(x, x1 − d, cmax, x1, 0) ẋ)  x < x1
//                                       = 0                                          x1 ≤ x ≤ x2
//                                       = min(0, −k (x − x2)^e − STEP(x, x2, 0, x2 + d, cmax) ẋ)  x > x2
//
// STEP is Adams' cubic step, so the damping coefficient rises from 0 at first contact to cmax at
// the penetration d and the force is continuous there; the clamp at zero keeps a separating,
// damped contact from pulling. Invalid parameters (k < 0, e ≤ 0, cmax < 0, d ≤ 0, x2 < x1,
// anything not finite) give NaN, which an analysis reports as a failed function evaluation.
namespace mbs::core {

struct ContactValue {
  double value = 0.0;
  double dx = 0.0;   // ∂value/∂x
  double dxd = 0.0;  // ∂value/∂ẋ
};

ContactValue impactFunction(double x, double xd, double x1, double k, double e, double cmax, double d);
ContactValue bistopFunction(double x, double xd, double x1, double x2, double k, double e, double cmax,
                            double d);

}  // namespace mbs::core
