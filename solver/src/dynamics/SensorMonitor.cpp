#include "dynamics/SensorMonitor.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "forces/ModelStateView.hpp"

namespace mbs::solver {
namespace {

std::string text(double v)
{
  char buffer[40];
  std::snprintf(buffer, sizeof buffer, "%.10g", v);
  return buffer;
}

// The root of f in [a, b] with f(a) < 0 <= f(b) (Illinois regula falsi): the earliest time found
// where f >= 0, within 1e-13 of the time's magnitude.
template <class F>
double firstNonNegative(const F& f, double a, double fa, double b, double fb)
{
  int side = 0;
  for (int k = 0; k < 200 && b - a > 1e-13 * std::max(1.0, std::abs(b)); ++k) {
    double t = (a * fb - b * fa) / (fb - fa);
    if (!(t > a && t < b))
      t = 0.5 * (a + b);
    const double ft = f(t);
    if (ft >= 0.0) {
      b = t;
      fb = ft;
      if (side == 1)
        fa *= 0.5;
      side = 1;
    } else {
      a = t;
      fa = ft;
      if (side == -1)
        fb *= 0.5;
      side = -1;
    }
  }
  return b;
}

}  // namespace

SensorMonitor::SensorMonitor(const Model& model) : m_model(model), m_true(model.sensors.size(), 0)
{
  for (const Sensor& s : model.sensors)
    if (s.senval)
      *s.senval = 0.0;  // SENVAL reads 0 until the sensor fires in this run
}

double SensorMonitor::function(const Sensor& s, double t, const Vec& q, const Vec& qd) const
{
  const detail::ModelStateView view(m_model, t, q, qd);
  return s.function ? s.function->evaluate(view) : 0.0;
}

double SensorMonitor::margin(const Sensor& s, double t, const Vec& q, const Vec& qd) const
{
  const double f = function(s, t, q, qd);
  switch (s.compare) {
    case SensorCompare::GreaterEqual:
      return f - (s.value - s.error);
    case SensorCompare::LessEqual:
      return s.value + s.error - f;
    case SensorCompare::Equal:
      break;
  }
  return s.error - std::abs(f - s.value);
}

void SensorMonitor::start(double t, const Vec& q, const Vec& qd)
{
  for (std::size_t k = 0; k < m_model.sensors.size(); ++k)
    m_true[k] = margin(m_model.sensors[k], t, q, qd) >= 0.0;
}

std::vector<StepEvent> SensorMonitor::check(const Integrator& integrator)
{
  const double t0 = integrator.previousTime(), t1 = integrator.time();
  const State& end = integrator.state();
  Vec q, qd;
  const auto at = [&](double t) -> std::pair<const Vec*, const Vec*> {
    if (t == t1)
      return {&end.q, &end.qd};
    integrator.interpolate(t, q, qd);
    return {&q, &qd};
  };
  std::vector<double> fired(m_model.sensors.size(), -1.0);
  for (std::size_t k = 0; k < m_model.sensors.size(); ++k) {
    const Sensor& s = m_model.sensors[k];
    const double m1 = margin(s, t1, end.q, end.qd);
    const bool wasTrue = m_true[k];
    m_true[k] = m1 >= 0.0;
    if (wasTrue)
      continue;
    const auto g = [&](double t) {
      const auto [pq, pqd] = at(t);
      return margin(s, t, *pq, *pqd);
    };
    const auto [q0, qd0] = at(t0);
    const double m0 = margin(s, t0, *q0, *qd0);
    if (m1 >= 0.0) {
      fired[k] = m0 >= 0.0 ? t0 : firstNonNegative(g, t0, m0, t1, m1);
      continue;
    }
    if (s.compare != SensorCompare::Equal)
      continue;
    // EQ: the band |f - value| <= error may be crossed within the step: f - value changes sign.
    const auto d = [&](double t) {
      const auto [pq, pqd] = at(t);
      return function(s, t, *pq, *pqd) - s.value;
    };
    const double d0 = d(t0), d1 = d(t1);
    if ((d0 < 0.0) == (d1 < 0.0))
      continue;
    const auto up = [&](double t) { return d0 < 0.0 ? d(t) : -d(t); };
    const double tc = firstNonNegative(up, t0, -std::abs(d0), t1, std::abs(d1));
    fired[k] = firstNonNegative(g, t0, m0, tc, std::max(0.0, g(tc)));
  }
  // Every firing acts at its own time, earliest first; none after one that ends the run.
  std::vector<std::size_t> order;
  for (std::size_t k = 0; k < fired.size(); ++k)
    if (fired[k] >= 0.0)
      order.push_back(k);
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return fired[a] < fired[b]; });
  std::vector<StepEvent> events;
  for (const std::size_t k : order) {
    const Sensor& s = m_model.sensors[k];
    StepEvent event;
    event.fired = true;
    event.time = fired[k];
    std::string note = "SENSOR '" + s.name + "' fired at t = " + text(event.time) + " s";
    if (s.evaluate && s.senval) {
      const auto [pq, pqd] = at(event.time);
      const detail::ModelStateView view(m_model, event.time, *pq, *pqd);
      *s.senval = s.evaluate->evaluate(view);
      note += " (EVALUATE = " + text(*s.senval) + ")";
    }
    event.output = s.print;
    event.restart = s.restart || s.stepSize > 0.0;
    event.stepSize = s.stepSize;
    event.stop = s.halt || s.stop;
    if (event.stop) {
      m_stoppedBy = s.name;
      m_halted = s.halt;
      note += s.halt ? ": HALT, the run ends here" : ": RETURN, the run ends here";
    }
    m_notes.push_back(note);
    m_firings.push_back({s.name, event.time});
    events.push_back(event);
    if (event.stop)
      break;
  }
  return events;
}

}  // namespace mbs::solver
