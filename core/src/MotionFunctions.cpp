// Motion expressions as solver TimeFunctions; velocity/acceleration motions integrated in time.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <mutex>
#include <vector>

#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core {
namespace {

using mbs::solver::TimeFunction;

class DisplacementFunction final : public TimeFunction {
public:
  explicit DisplacementFunction(std::shared_ptr<const Expression> e) : m_expr(std::move(e)) {}
  double value(double t) const override { return m_expr->evaluate(t); }

private:
  std::shared_ptr<const Expression> m_expr;
};

// Gauss-Kronrod 7/15 nodes and weights on [-1, 1].
constexpr double kXgk[8] = {0.991455371120812639206854697526329, 0.949107912342758524526189684047851,
                            0.864864423359769072789712788640926, 0.741531185599394439863864773280788,
                            0.586087235467691130294144845693013, 0.405845151377397166906606412076961,
                            0.207784955007898467600689403773245, 0.000000000000000000000000000000000};
constexpr double kWgk[8] = {0.022935322010529224963732008058970, 0.063092092629978553290700663189204,
                            0.104790010322250183839876322541518, 0.140653259715525918745189590510238,
                            0.169004726639267902826583426598550, 0.190350578064785409913256402421014,
                            0.204432940075298892414161999234649, 0.209482141084727828012999174891714};
constexpr double kWg[4] = {0.129484966168869693270611432679082, 0.279705391489276667901467771423780,
                           0.381830050505118944950369775488975, 0.417959183673469387755102040816327};

struct Piece {
  double a, b, value, error;
};

// Gauss–Kronrod 7/15 on [a, b]: the Kronrod value and |Kronrod − Gauss| as its error.
template <class F>
Piece gaussKronrod(const F& f, double a, double b)
{
  const double c = 0.5 * (a + b), h = 0.5 * (b - a);
  double kronrod = kWgk[7] * f(c), gauss = kWg[3] * f(c);
  for (int k = 0; k < 7; ++k) {
    const double s = f(c - h * kXgk[k]) + f(c + h * kXgk[k]);
    kronrod += kWgk[k] * s;
    if (k % 2 == 1) {
      gauss += kWg[k / 2] * s;
    }
  }
  return {a, b, kronrod * h, std::abs(kronrod - gauss) * h};
}

// Integrates f over [a, b] as QUADPACK's QAG does: the piece with the largest error is halved until
// the summed error is below 1e-12 (absolute, or relative to the integral) or kMaxPieces pieces are
// used, which bounds the work for an integrand that never meets the test. NaN if f is not finite
// somewhere: the caller's solver reports the motion then.
template <class F>
double integrate(const F& f, double a, double b)
{
  constexpr std::size_t kMaxPieces = 200;
  std::array<Piece, kMaxPieces> pieces;  // on the stack: this runs in every constraint evaluation
  std::size_t count = 1;
  pieces[0] = gaussKronrod(f, a, b);
  while (true) {
    double value = 0.0, error = 0.0;
    for (std::size_t k = 0; k < count; ++k) {
      value += pieces[k].value;
      error += pieces[k].error;
    }
    if (!std::isfinite(value) || !std::isfinite(error)) {
      return std::numeric_limits<double>::quiet_NaN();
    }
    if (error <= 1e-12 * std::max(1.0, std::abs(value)) || count == kMaxPieces) {
      return value;
    }
    Piece* worst = std::max_element(pieces.begin(), pieces.begin() + count,
                                    [](const Piece& x, const Piece& y) { return x.error < y.error; });
    const Piece whole = *worst;
    const double mid = 0.5 * (whole.a + whole.b);
    *worst = gaussKronrod(f, whole.a, mid);
    pieces[count++] = gaussKronrod(f, mid, whole.b);
  }
}

// x(t) for a velocity (order 1) or acceleration (order 2) expression. Cumulative values at knots
// every kStep are cached, so a call costs one short integral whatever t is.
class IntegratedFunction final : public TimeFunction {
public:
  static constexpr double kStep = 0.05;

  IntegratedFunction(std::shared_ptr<const Expression> e, int order, double x0, double v0)
      : m_expr(std::move(e)), m_order(order)
  {
    m_x.push_back(x0);
    m_v.push_back(v0);
  }

  double value(double t) const override
  {
    auto f = [this](double s) { return m_expr->evaluate(s); };
    if (t < 0.0) {  // before the start: integrate from 0 directly
      return m_order == 1 ? m_x[0] - integrate(f, t, 0.0)
                          : m_x[0] + m_v[0] * t + integrate([&](double s) { return (s - t) * f(s); }, t, 0.0);
    }
    std::lock_guard lock(m_mutex);
    const std::size_t k = extendTo(t);
    const double tk = double(k) * kStep;
    if (m_order == 1) {
      return m_x[k] + integrate(f, tk, t);
    }
    return m_x[k] + m_v[k] * (t - tk) + integrate([&](double s) { return (t - s) * f(s); }, tk, t);
  }

  double derivative(double t, int order) const override
  {
    if (order == m_order) {
      return m_expr->evaluate(t);
    }
    if (order == 1 && m_order == 2) {
      auto f = [this](double s) { return m_expr->evaluate(s); };
      if (t < 0.0) {
        return m_v[0] - integrate(f, t, 0.0);
      }
      std::lock_guard lock(m_mutex);
      const std::size_t k = extendTo(t);
      return m_v[k] + integrate(f, double(k) * kStep, t);
    }
    // Second derivative of a velocity motion: central difference of the expression.
    const double h = 1e-5 * std::max(1.0, std::abs(t));
    return (m_expr->evaluate(t + h) - m_expr->evaluate(t - h)) / (2.0 * h);
  }

private:
  std::size_t extendTo(double t) const
  {
    if (!std::isfinite(t)) {  // no knot to extend to; the integral below is NaN then
      return 0;
    }
    const auto k = std::size_t(std::floor(t / kStep));
    auto f = [this](double s) { return m_expr->evaluate(s); };
    while (m_x.size() <= k) {
      const std::size_t n = m_x.size() - 1;
      const double a = double(n) * kStep, b = double(n + 1) * kStep;
      if (m_order == 1) {
        m_x.push_back(m_x[n] + integrate(f, a, b));
        m_v.push_back(0.0);
      } else {
        m_x.push_back(m_x[n] + m_v[n] * kStep + integrate([&](double s) { return (b - s) * f(s); }, a, b));
        m_v.push_back(m_v[n] + integrate(f, a, b));
      }
    }
    return k;
  }

  std::shared_ptr<const Expression> m_expr;
  int m_order;
  mutable std::mutex m_mutex;
  mutable std::vector<double> m_x, m_v;
};

}  // namespace

std::shared_ptr<const TimeFunction> motionFunction(const Motion& motion, Diagnostics& diagnostics)
{
  ExpressionContext ctx;
  ctx.allowMeasures = false;
  return motionFunction(motion, diagnostics, ctx);
}

std::shared_ptr<const TimeFunction> motionFunction(const Motion& motion, Diagnostics& diagnostics,
                                                   const ExpressionContext& context)
{
  ExpressionContext ctx = context;
  ctx.allowMeasures = false;
  ctx.allowLoads = false;
  ctx.storedInVariables = false;
  ctx.owner = "motion '" + motion.name + "'";
  auto r = Expression::compile(motion.function, ctx);
  if (!r.ok()) {
    diagnostics.push_back({{},
                           0,
                           "function",
                           motion.name,
                           "motion '" + motion.name + "': expression error at position " +
                               std::to_string(r.error->position + 1) + ": " + r.error->message});
    return nullptr;
  }
  switch (motion.quantity) {
    case MotionQuantity::Displacement:
      return std::make_shared<DisplacementFunction>(r.expression);
    case MotionQuantity::Velocity:
      return std::make_shared<IntegratedFunction>(r.expression, 1, motion.initialDisplacement, 0.0);
    case MotionQuantity::Acceleration:
      return std::make_shared<IntegratedFunction>(r.expression, 2, motion.initialDisplacement,
                                                  motion.initialVelocity);
  }
  return nullptr;
}

}  // namespace mbs::core
