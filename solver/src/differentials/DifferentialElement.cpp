#include "differentials/DifferentialElement.hpp"

#include <cmath>
#include <limits>
#include <numeric>

#include "forces/ModelStateView.hpp"

namespace mbs::solver {
namespace {

// The view an implicit function is evaluated with: DIF1 of its own state is the trial root, DIF1 of
// an explicit DIFF its function's value; everything else is the underlying view's.
class TrialRateView final : public StateView {
public:
  TrialRateView(const Model& model, const StateView& base, int k) : m_model(model), m_base(base), m_k(k) {}
  double rateValue = 0.0;

  double time() const override { return m_base.time(); }
  Vec3 position(int marker) const override { return m_base.position(marker); }
  Mat3 orientation(int marker) const override { return m_base.orientation(marker); }
  Vec3 velocity(int marker) const override { return m_base.velocity(marker); }
  Vec3 angularVelocity(int marker) const override { return m_base.angularVelocity(marker); }
  Vec3 acceleration(int marker) const override { return m_base.acceleration(marker); }
  Vec3 angularAcceleration(int marker) const override { return m_base.angularAcceleration(marker); }
  std::optional<ElementLoad> elementLoad(LoadElement kind, int index, bool onJ) const override
  {
    return m_base.elementLoad(kind, index, onJ);
  }
  bool elementEnds(LoadElement kind, int index, int& i, int& j, int& first) const override
  {
    return m_base.elementEnds(kind, index, i, j, first);
  }
  std::optional<ElementLoad> markerLoad(int i, int j) const override { return m_base.markerLoad(i, j); }
  double differential(int k) const override { return m_base.differential(k); }
  double differentialRate(int k) const override
  {
    if (k == m_k)
      return rateValue;
    if (k >= 0 && k < static_cast<int>(m_model.differentials.size()) &&
        !m_model.differentials[std::size_t(k)].implicit)
      return m_model.differentials[std::size_t(k)].function->evaluate(m_base);
    return std::numeric_limits<double>::quiet_NaN();  // (core refuses DIF1 of another implicit DIFF)
  }

private:
  const Model& m_model;
  const StateView& m_base;
  int m_k;
};

}  // namespace

double DifferentialElement::rate(const Model& model, int k, const StateView& view)
{
  const Differential& d = model.differentials[std::size_t(k)];
  if (!d.implicit)
    return d.function->evaluate(view);
  // Newton on F(ẋ) with a central-difference slope: one step when F is linear in ẋ.
  TrialRateView trial(model, view, k);
  const auto residual = [&](double r) {
    trial.rateValue = r;
    return d.function->evaluate(trial);
  };
  double r = d.initialRate;
  for (int it = 0; it < 50; ++it) {
    const double f = residual(r);
    const double h = 1e-7 * std::max(1.0, std::abs(r));
    const double slope = (residual(r + h) - residual(r - h)) / (2.0 * h);
    if (!std::isfinite(f) || !std::isfinite(slope) || slope == 0.0)
      break;
    const double step = f / slope;
    r -= step;
    if (std::abs(step) <= 1e-12 * std::max(1.0, std::abs(r)))
      return r;
  }
  reportNonFiniteFunction(
      "differential equation (DIFF) '" + d.name + "'",
      "no derivative solves the implicit equation 0 = FUNCTION (it must depend on DIF1 of "
      "itself)",
      view.time());
  return std::numeric_limits<double>::quiet_NaN();
}

Status DifferentialElement::validate(const Model& model)
{
  for (const Differential& d : model.differentials) {
    const std::string who = "differential equation (DIFF) '" + d.name + "'";
    if (!d.function)
      return Status::failure(StatusCode::BadInput, who + " has no function", d.name);
    if (!std::isfinite(d.initialValue))
      return Status::failure(StatusCode::BadInput, who + ": the initial value (IC) is not a finite number",
                             d.name);
  }
  return Status::success();
}

void DifferentialElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  for (std::size_t k = 0; k < model.differentials.size(); ++k)
    out.push_back(std::make_unique<DifferentialElement>(static_cast<int>(k), model.differentials[k].name));
}

std::string DifferentialElement::describe() const
{
  return "differential equation (DIFF) '" + m_name + "'";
}

std::vector<int> DifferentialElement::reads(const loads::Host& host) const
{
  // f may read any marker, any state and any VARIABLE: every coordinate.
  std::vector<int> all(static_cast<std::size_t>(host.numCoordinates()));
  std::iota(all.begin(), all.end(), 0);
  return all;
}

std::vector<int> DifferentialElement::writes(const loads::Host& host) const
{
  return {differentialCoordinate(host.model(), host.numCoordinates(), m_differential)};
}

void DifferentialElement::addForces(const loads::Context& c, Vec& Q) const
{
  const Model& model = c.host.model();
  const detail::ModelStateView view(model, c.t, c.q, c.qd);
  Q[differentialCoordinate(model, static_cast<int>(c.q.size()), m_differential)] +=
      rate(model, m_differential, view);
}

}  // namespace mbs::solver
