// Forces whose functions read solved loads (LoadReadingForces.hpp): their loads at a Newton
// iterate's multipliers, the fixed point among themselves, and their Jacobians by differences.
#include "forces/LoadReadingForces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "forces/ForceLoads.hpp"
#include "forces/ModelStateView.hpp"

namespace mbs::solver {
namespace {

// Kinematics of (t, q, q̇) and the loads of λ: joint and motion reactions (loads::Host::jointReaction,
// motionReaction, each on I's body at I as the result frames store them), other forces' loads at
// (t, q, q̇), and the present estimates of the load-reading forces. The same conventions as a
// result frame's (core's RequestOutputs), so a force reads what a REQUEST of the solved step shows.
class IterateView final : public StateView {
public:
  IterateView(const loads::Host& host, double t, const Vec& q, const Vec& qd, const Vec& lambda,
              const std::vector<detail::Load<double>>& estimates)
      : m_host(host),
        m_model(host.model()),
        m_kinematics(host.model(), t, q, qd),
        m_q(q),
        m_qd(qd),
        m_lambda(lambda),
        m_estimates(estimates),
        m_joints(m_model.joints.size()),
        m_motions(m_model.motions.size()),
        m_forces(m_model.forces.size())
  {
  }

  double time() const override { return m_kinematics.time(); }
  Vec3 position(int m) const override { return m_kinematics.position(m); }
  Mat3 orientation(int m) const override { return m_kinematics.orientation(m); }
  Vec3 velocity(int m) const override { return m_kinematics.velocity(m); }
  Vec3 angularVelocity(int m) const override { return m_kinematics.angularVelocity(m); }
  Vec3 acceleration(int m) const override { return m_kinematics.acceleration(m); }
  Vec3 angularAcceleration(int m) const override { return m_kinematics.angularAcceleration(m); }
  double differential(int k) const override { return m_kinematics.differential(k); }

  std::optional<ElementLoad> elementLoad(LoadElement kind, int index, bool onJ) const override
  {
    int i = kGround, j = kGround;
    bool reaction = true;
    ElementLoad load;
    if (!element(kind, index, i, j, reaction, load))
      return std::nullopt;
    if (!onJ)
      return load;
    if (!reaction)
      return ElementLoad{};
    return ElementLoad{-load.force, -load.torque - (position(i) - position(j)).cross(load.force)};
  }

  bool elementEnds(LoadElement kind, int index, int& i, int& j, int& first) const override
  {
    bool reaction = true;
    if (!endsAt(kind, index, i, j, reaction))
      return false;
    first = kind == LoadElement::Force ? index - m_model.forces[std::size_t(index)].multiPointMember : index;
    return true;
  }

  std::optional<ElementLoad> markerLoad(int i, int j) const override
  {
    ElementLoad sum;
    auto add = [&](LoadElement kind, std::size_t count) {
      for (std::size_t k = 0; k < count; ++k) {
        int a = kGround, b = kGround;
        bool reaction = true;
        if (!endsAt(kind, int(k), a, b, reaction))
          continue;
        const bool atI = a == i && (j == kGround || b == j);
        const bool atJ = reaction && b == i && b != a && (j == kGround || a == j);
        if (!atI && !atJ)
          continue;
        ElementLoad load;
        element(kind, int(k), a, b, reaction, load);
        if (atI) {
          sum.force += load.force;
          sum.torque += load.torque;
        } else {
          sum.force -= load.force;
          sum.torque -= load.torque + (position(a) - position(b)).cross(load.force);
        }
      }
    };
    add(LoadElement::Joint, m_model.joints.size());
    add(LoadElement::Motion, m_model.motions.size());
    add(LoadElement::Force, m_model.forces.size());
    return sum;
  }

  // Whether an evaluation read the estimate of a load-reading force (then the loads are a fixed
  // point to iterate for).
  bool readEstimate() const { return m_readEstimate; }
  void clearReadEstimate() { m_readEstimate = false; }

private:
  // An element's markers, without its load; false when the index names none.
  bool endsAt(LoadElement kind, int index, int& i, int& j, bool& reaction) const
  {
    if (index < 0)
      return false;
    const auto k = std::size_t(index);
    switch (kind) {
      case LoadElement::Joint:
        if (k >= m_model.joints.size() || m_model.joints[k].type == JointType::Coupler)
          return false;
        i = m_model.joints[k].iMarker;
        j = m_model.joints[k].jMarker;
        return true;
      case LoadElement::Motion:
        if (k >= m_model.motions.size())
          return false;
        i = m_model.motions[k].iMarker;
        j = m_model.motions[k].jMarker;
        return true;
      case LoadElement::Force:
        if (k >= m_model.forces.size())
          return false;
        i = m_model.forces[k].iMarker;
        j = m_model.forces[k].jMarker;
        reaction = !m_model.forces[k].actionOnly && j != kGround;
        return true;
      case LoadElement::Contact:  // a contact's load is read from solved frames only
        return false;
    }
    return false;
  }

  bool element(LoadElement kind, int index, int& i, int& j, bool& reaction, ElementLoad& load) const
  {
    if (!endsAt(kind, index, i, j, reaction))
      return false;
    const auto k = std::size_t(index);
    switch (kind) {
      case LoadElement::Joint:
        if (!m_joints[k]) {
          const Reaction r = m_host.jointReaction(index, m_q, m_lambda);
          m_joints[k] = ElementLoad{r.force, r.torque};
        }
        load = *m_joints[k];
        return true;
      case LoadElement::Motion:
        if (!m_motions[k]) {
          const Reaction r = m_host.motionReaction(index, m_q, m_lambda);
          m_motions[k] = ElementLoad{r.force, r.torque};
        }
        load = *m_motions[k];
        return true;
      case LoadElement::Force:
        if (detail::readsLoads(m_model.forces[k])) {
          m_readEstimate = true;
          const auto& e = m_estimates[k];
          load = ElementLoad{detail::values(e.force), detail::values(e.torque)};
          return true;
        }
        if (!m_forces[k]) {
          const ForceOutput f =
              detail::forceOutput(m_model, m_host.modalOffsets(), m_model.forces[k], time(), m_q, m_qd);
          m_forces[k] = ElementLoad{f.force, f.torque};
        }
        load = *m_forces[k];
        return true;
      case LoadElement::Contact:
        return false;
    }
    return false;
  }

  const loads::Host& m_host;
  const Model& m_model;
  detail::ModelStateView m_kinematics;
  const Vec& m_q;
  const Vec& m_qd;
  const Vec& m_lambda;
  const std::vector<detail::Load<double>>& m_estimates;
  mutable std::vector<std::optional<ElementLoad>> m_joints, m_motions, m_forces;
  mutable bool m_readEstimate = false;
};

constexpr int kMaxPasses = 200;
constexpr double kFixedPointTolerance = 1e-12;

}  // namespace

Status LoadReadingForceElement::validate(const Model& model)
{
  (void)model;  // function forces: FunctionForceElement::validate
  return Status::success();
}

void LoadReadingForceElement::build(const Model& model, const loads::Host& host, loads::Elements& out)
{
  (void)host;
  std::vector<int> forces;
  for (int k = 0; k < static_cast<int>(model.forces.size()); ++k)
    if (detail::readsLoads(model.forces[std::size_t(k)]))
      forces.push_back(k);
  if (!forces.empty())
    out.push_back(std::make_unique<LoadReadingForceElement>(std::move(forces), model));
}

LoadReadingForceElement::LoadReadingForceElement(std::vector<int> forces, const Model& model)
    : m_forces(std::move(forces))
{
  for (int k : m_forces)
    m_names.push_back(model.forces[std::size_t(k)].name);
}

std::string LoadReadingForceElement::describe() const
{
  std::string names;
  for (const std::string& n : m_names)
    names += (names.empty() ? "'" : ", '") + n + "'";
  return "forces reading solved loads (" + names + ")";
}

std::vector<int> LoadReadingForceElement::reads(const loads::Host& host) const
{
  std::vector<int> all(static_cast<std::size_t>(host.numCoordinates()));
  for (int k = 0; k < host.numCoordinates(); ++k)
    all[std::size_t(k)] = k;
  return all;
}

std::vector<int> LoadReadingForceElement::writes(const loads::Host& host) const
{
  std::vector<int> rows;
  for (int k : m_forces)
    for (int r : detail::forceColumns(host.model(), host.modalOffsets(), host.model().forces[std::size_t(k)]))
      rows.push_back(r);
  std::sort(rows.begin(), rows.end());
  rows.erase(std::unique(rows.begin(), rows.end()), rows.end());
  return rows;
}

std::vector<detail::Load<double>> LoadReadingForceElement::loads(const loads::Context& c) const
{
  const Model& model = c.host.model();
  std::vector<detail::Load<double>> loads(model.forces.size());
  if (!c.lambda) {
    // Without the multipliers the loads they read are unknown: no value is made up.
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (int k : m_forces) {
      auto& l = loads[std::size_t(k)];
      l.force = l.torque = detail::constant<double>(Vec3::Constant(nan));
      l.length = nan;
    }
    return loads;
  }
  for (int k : m_forces)
    loads[std::size_t(k)].force = loads[std::size_t(k)].torque = detail::constant<double>(Vec3::Zero());
  // Gauss–Seidel passes over the load-reading forces. When none reads another's (or its own) load,
  // the first pass is exact; otherwise passes continue until the loads stop changing.
  IterateView view(c.host, c.t, c.q, c.qd, *c.lambda, loads);
  for (int pass = 0; pass < kMaxPasses; ++pass) {
    view.clearReadEstimate();
    double change = 0.0, size = 0.0;
    for (int k : m_forces) {
      detail::Load<double> next = detail::functionLoad(model, model.forces[std::size_t(k)], view);
      const detail::Load<double>& before = loads[std::size_t(k)];
      change = std::max(
          {change, (detail::values(next.force) - detail::values(before.force)).lpNorm<Eigen::Infinity>(),
           (detail::values(next.torque) - detail::values(before.torque)).lpNorm<Eigen::Infinity>()});
      size = std::max({size, detail::values(next.force).lpNorm<Eigen::Infinity>(),
                       detail::values(next.torque).lpNorm<Eigen::Infinity>()});
      loads[std::size_t(k)] = next;
    }
    if (!view.readEstimate() || !std::isfinite(change))
      return loads;
    if (pass > 0 && change <= kFixedPointTolerance * (1.0 + size))
      return loads;
  }
  // A loop of load functions without a fixed point reached by iteration: no value is made up.
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (int k : m_forces) {
    auto& l = loads[std::size_t(k)];
    l.force = l.torque = detail::constant<double>(Vec3::Constant(nan));
    l.length = nan;
  }
  reportNonFiniteFunction("force '" + m_names.front() + "'",
                          "its functions read solved loads that depend on its own (through JOINT(), FX() ... "
                          "or another force's function), and " +
                              std::to_string(kMaxPasses) + " passes found no consistent value",
                          c.t);
  return loads;
}

void LoadReadingForceElement::addForces(const loads::Context& c, Vec& Q) const
{
  if (!c.lambda)
    return;
  const Model& model = c.host.model();
  const auto l = loads(c);
  for (int k : m_forces)
    detail::applyFunctionLoad(model, c.host.modalOffsets(), model.forces[std::size_t(k)], l[std::size_t(k)],
                              c.q, c.qd, Q);
}

void LoadReadingForceElement::addJacobians(const loads::Context& c, const loads::Jacobians& out) const
{
  if (!c.lambda)
    return;
  const int n = c.host.numCoordinates();
  Vec fp(n), fm(n);
  // Central differences of the forces' Q over one argument's entries.
  auto differences = [&](const Vec& x0, Triplets* target, auto evaluate) {
    if (!target)
      return;
    Vec x = x0;
    for (Eigen::Index k = 0; k < x.size(); ++k) {
      const double v0 = x[k], h = 1e-6 * std::max(1.0, std::abs(v0));
      fp.setZero();
      fm.setZero();
      x[k] = v0 + h;
      evaluate(x, fp);
      x[k] = v0 - h;
      evaluate(x, fm);
      x[k] = v0;
      for (int r = 0; r < n; ++r) {
        const double d = (fp[r] - fm[r]) / (2 * h);
        if (d != 0.0)
          target->emplace_back(r, int(k), d);
      }
    }
  };
  differences(*c.lambda, out.dlambda, [&](const Vec& l, Vec& Q) {
    addForces({c.host, c.t, c.q, c.qd, &l, c.history}, Q);
  });
  differences(c.q, out.dq, [&](const Vec& x, Vec& Q) {
    addForces({c.host, c.t, x, c.qd, c.lambda, c.history}, Q);
  });
  differences(c.qd, out.dqd, [&](const Vec& v, Vec& Q) {
    addForces({c.host, c.t, c.q, v, c.lambda, c.history}, Q);
  });
}

std::vector<loads::WorkChannel> LoadReadingForceElement::workChannels() const
{
  std::vector<loads::WorkChannel> channels;
  for (std::size_t k = 0; k < m_forces.size(); ++k)
    channels.push_back({loads::WorkKind::Force, m_forces[k], m_names[k]});
  return channels;
}

void LoadReadingForceElement::powers(const loads::Context& c, double* out) const
{
  const Model& model = c.host.model();
  std::fill(out, out + m_forces.size(), 0.0);
  if (!c.lambda)
    return;  // its loads are unknown: no power is booked (the energy account passes λ)
  const auto l = loads(c);
  // Each force's load goes into a zero scratch vector; its rows are read back and cleared.
  Vec Q = Vec::Zero(c.host.numCoordinates());
  for (std::size_t k = 0; k < m_forces.size(); ++k) {
    const Force& f = model.forces[std::size_t(m_forces[k])];
    detail::applyFunctionLoad(model, c.host.modalOffsets(), f, l[std::size_t(m_forces[k])], c.q, c.qd, Q);
    double p = 0.0;
    for (int r : detail::forceColumns(model, c.host.modalOffsets(), f)) {
      p += Q[r] * c.qd[r];
      Q[r] = 0.0;
    }
    out[k] = p;
  }
}

void LoadReadingForceElement::output(const loads::Context& c, ResultFrame& frame) const
{
  const auto l = loads(c);
  for (int k : m_forces) {
    const detail::Load<double>& load = l[std::size_t(k)];
    ForceOutput& o = frame.forces[std::size_t(k)];
    o.force = detail::values(load.force);
    o.torque = detail::values(load.torque);
    o.length = load.length;
    o.rate = load.rate;
  }
}

}  // namespace mbs::solver
