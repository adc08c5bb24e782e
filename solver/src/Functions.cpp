#include "mbs/solver/Functions.hpp"

#include <cmath>
#include <stdexcept>

namespace mbs::solver {

double TimeFunction::derivative(double t, int order) const
{
  // Five-point central differences; the step balances truncation against round-off.
  if (order == 1) {
    const double h = 1e-3 * std::max(1.0, std::abs(t));
    return (value(t - 2 * h) - 8 * value(t - h) + 8 * value(t + h) - value(t + 2 * h)) / (12 * h);
  }
  if (order == 2) {
    const double h = 1e-2 * std::max(1.0, std::abs(t));
    return (-value(t - 2 * h) + 16 * value(t - h) - 30 * value(t) + 16 * value(t + h) - value(t + 2 * h)) /
           (12 * h * h);
  }
  throw std::invalid_argument("TimeFunction::derivative: order must be 1 or 2");
}

}  // namespace mbs::solver
