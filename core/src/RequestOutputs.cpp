#include "mbs/core/RequestOutputs.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "ExpressionBindings.hpp"
#include "VariableOrder.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core {

namespace sv = mbs::solver;

struct RequestOutputs::Compiled {
  RequestKind kind;
  int i = sv::kGround, j = sv::kGround, rm = sv::kGround;
  std::vector<int> components;  // which of the eight are columns
  std::array<std::shared_ptr<const Expression>, 8> functions;
};

namespace {

// Marker kinematics read from the body outputs of one frame (rigid bodies; a marker on a flexible
// body follows its floating frame).
class FrameView : public sv::StateView {
public:
  FrameView(const sv::Model& model, const sv::ResultFrame& frame) : m_model(model), m_frame(frame) {}
  double time() const override { return m_frame.state.t; }
  Vec3 position(int m) const override
  {
    if (m < 0)
      return Vec3::Zero();
    const auto& mk = m_model.markers[m];
    return mk.body < 0 ? mk.position : body(m).position + arm(m);
  }
  Mat3 orientation(int m) const override
  {
    if (m < 0)
      return Mat3::Identity();
    const auto& mk = m_model.markers[m];
    return mk.body < 0 ? mk.orientation : Mat3(body(m).orientation.toRotationMatrix() * mk.orientation);
  }
  Vec3 velocity(int m) const override
  {
    if (m < 0 || m_model.markers[m].body < 0)
      return Vec3::Zero();
    return body(m).velocity + body(m).angularVelocity.cross(arm(m));
  }
  Vec3 angularVelocity(int m) const override
  {
    return m < 0 || m_model.markers[m].body < 0 ? Vec3::Zero() : body(m).angularVelocity;
  }
  Vec3 acceleration(int m) const override
  {
    if (m < 0 || m_model.markers[m].body < 0)
      return Vec3::Zero();
    const auto& b = body(m);
    const Vec3 r = arm(m);
    return b.acceleration + b.angularAcceleration.cross(r) +
           b.angularVelocity.cross(b.angularVelocity.cross(r));
  }
  Vec3 angularAcceleration(int m) const override
  {
    return m < 0 || m_model.markers[m].body < 0 ? Vec3::Zero() : body(m).angularAcceleration;
  }
  // DIF and DIF1: the frame's states and their derivatives.
  double differential(int k) const override { return at(m_frame.differentials, k); }
  double differentialRate(int k) const override { return at(m_frame.differentialRates, k); }

  // The frame's loads: joint and motion reactions and applied forces, each on its I marker's body
  // at I; on J's body at J the opposite force and the opposite torque about J.
  std::optional<sv::ElementLoad> elementLoad(sv::LoadElement kind, int index, bool onJ) const override
  {
    int i = sv::kGround, j = sv::kGround;
    bool reaction = true;
    sv::ElementLoad load;
    if (!element(kind, index, i, j, reaction, load))
      return std::nullopt;
    if (!onJ)
      return load;
    if (!reaction)
      return sv::ElementLoad{};  // an action-only force has no reaction on J
    return sv::ElementLoad{-load.force, -load.torque - (position(i) - position(j)).cross(load.force)};
  }

  // Adams' FX(i, j) ...: every element between I and J (or at I, when j is ground) adds its load
  // on the I side when I is its I marker, its reaction when I is its J marker.
  std::optional<sv::ElementLoad> markerLoad(int i, int j) const override
  {
    sv::ElementLoad sum;
    auto add = [&](sv::LoadElement kind, std::size_t count) {
      for (std::size_t k = 0; k < count; ++k) {
        int a = sv::kGround, b = sv::kGround;
        bool reaction = true;
        sv::ElementLoad load;
        if (!element(kind, int(k), a, b, reaction, load))
          continue;
        if (a == i && (j == sv::kGround || b == j)) {
          sum.force += load.force;
          sum.torque += load.torque;
        } else if (reaction && b == i && b != a && (j == sv::kGround || a == j)) {
          sum.force -= load.force;
          sum.torque -= load.torque + (position(a) - position(b)).cross(load.force);
        }
      }
    };
    add(sv::LoadElement::Joint, m_model.joints.size());
    add(sv::LoadElement::Motion, m_model.motions.size());
    add(sv::LoadElement::Force, m_model.forces.size());
    return sum;
  }

  bool elementEnds(sv::LoadElement kind, int index, int& i, int& j, int& first) const override
  {
    bool reaction = true;
    sv::ElementLoad load;
    if (!element(kind, index, i, j, reaction, load))
      return false;
    first =
        kind == sv::LoadElement::Force ? index - m_model.forces[std::size_t(index)].multiPointMember : index;
    return true;
  }

private:
  static double at(const sv::Vec& v, int k)
  {
    return k >= 0 && k < v.size() ? v[k] : std::numeric_limits<double>::quiet_NaN();
  }
  // One element's markers and its load on I at I; false when the frame has no such element.
  bool element(sv::LoadElement kind, int index, int& i, int& j, bool& reaction, sv::ElementLoad& load) const
  {
    if (index < 0)
      return false;
    const auto k = std::size_t(index);
    switch (kind) {
      case sv::LoadElement::Joint:
        if (k >= m_model.joints.size() || k >= m_frame.joints.size() ||
            m_model.joints[k].type == sv::JointType::Coupler)
          return false;
        i = m_model.joints[k].iMarker;
        j = m_model.joints[k].jMarker;
        load = {m_frame.joints[k].force, m_frame.joints[k].torque};
        return true;
      case sv::LoadElement::Motion:
        if (k >= m_model.motions.size() || k >= m_frame.motions.size())
          return false;
        i = m_model.motions[k].iMarker;
        j = m_model.motions[k].jMarker;
        load = {m_frame.motions[k].force, m_frame.motions[k].torque};
        return true;
      case sv::LoadElement::Force:
        if (k >= m_model.forces.size() || k >= m_frame.forces.size())
          return false;
        i = m_model.forces[k].iMarker;
        j = m_model.forces[k].jMarker;
        reaction = !m_model.forces[k].actionOnly && j != sv::kGround;
        load = {m_frame.forces[k].force, m_frame.forces[k].torque};
        return true;
    }
    return false;
  }

  const sv::BodyOutput& body(int m) const { return m_frame.bodies[m_model.markers[m].body]; }
  Vec3 arm(int m) const { return body(m).orientation.toRotationMatrix() * m_model.markers[m].position; }
  const sv::Model& m_model;
  const sv::ResultFrame& m_frame;
};

}  // namespace

RequestOutputs::RequestOutputs(const Model& model, const IndexMap& map, const solver::Model& compiled)
    : m_model(&compiled)
{
  auto index = [&](MarkerId id) { return id ? map.marker(id) : sv::kGround; };
  // Function requests bind names as compile() does: markers and elements to solver indices,
  // VARVAL to variables (compiled in dependency order).
  const ModelNames names(model, &map);
  auto table = std::make_shared<VariableTable>(model.variables().size());
  ExpressionContext ctx;
  names.bind(ctx);
  ctx.variables = table;
  bindParameters(ctx, model);
  ctx.storedInVariables = true;
  for (const int k : orderVariables(model.variables()).order) {
    auto r = Expression::compile(model.variables()[k].function, ctx);
    (*table)[k] = r.expression;  // a variable that fails is reported by compile() already
  }
  ctx.storedInVariables = false;

  for (const Request& request : model.requests) {
    Compiled c;
    c.kind = request.kind;
    c.i = index(request.iMarker);
    c.j = index(request.jMarker);
    c.rm = index(request.referenceMarker);
    if (std::min({c.i, c.j, c.rm}) < sv::kGround) {  // a marker removed after the request was made
      m_diagnostics.push_back(
          {{}, 0, {}, request.name, "request '" + request.name + "' refers to a marker that does not exist"});
      continue;
    }
    const auto names = requestComponents(request.kind);
    for (int k = 0; k < 8; ++k) {
      if (request.kind == RequestKind::Functions) {
        if (request.functions[k].empty())
          continue;
        auto r = Expression::compile(request.functions[k], ctx);
        if (!r.ok()) {
          m_diagnostics.push_back(
              {{},
               0,
               {},
               request.name,
               "request '" + request.name + "' F" + std::to_string(k + 1) + ": " + r.error->message});
          continue;
        }
        c.functions[k] = r.expression;
      } else if (!*names[k]) {
        continue;
      }
      c.components.push_back(k);
      m_columns.push_back(request.name + "." + names[k]);
    }
    m_requests.push_back(std::move(c));
  }
}

RequestOutputs::~RequestOutputs() = default;

std::vector<double> RequestOutputs::evaluate(const solver::ResultFrame& frame) const
{
  const FrameView view(*m_model, frame);
  std::vector<double> out;
  out.reserve(m_columns.size());
  for (const Compiled& c : m_requests) {
    const Mat3 axes = view.orientation(c.rm);  // RM's axes (ground when none)
    std::array<double, 8> value{};
    auto setPair = [&](const Vec3& first, const Vec3& second) {
      const Vec3 a = axes.transpose() * first, b = axes.transpose() * second;
      value = {first.norm(), a.x(), a.y(), a.z(), second.norm(), b.x(), b.y(), b.z()};
    };
    switch (c.kind) {
      case RequestKind::Displacement: {
        // Translation of I from J in RM's axes; rotation of I relative to J as body 3-1-3 angles.
        setPair(view.position(c.i) - view.position(c.j), Vec3::Zero());
        const Vec3 angles = matrixToEuler313(view.orientation(c.j).transpose() * view.orientation(c.i));
        value[5] = angles.x();
        value[6] = angles.y();
        value[7] = angles.z();
        break;
      }
      case RequestKind::Velocity:
        setPair(view.velocity(c.i) - view.velocity(c.j),
                view.angularVelocity(c.i) - view.angularVelocity(c.j));
        break;
      case RequestKind::Acceleration:
        setPair(view.acceleration(c.i) - view.acceleration(c.j),
                view.angularAcceleration(c.i) - view.angularAcceleration(c.j));
        break;
      case RequestKind::Force: {
        // The loads on I's body at I of the elements from I to J (of all elements acting at I when
        // there is no J): joints and motions (reactions), applied forces.
        Vec3 force = Vec3::Zero(), torque = Vec3::Zero();
        auto between = [&](int i, int j) { return i == c.i && (c.j == sv::kGround || j == c.j); };
        for (std::size_t k = 0; k < m_model->joints.size() && k < frame.joints.size(); ++k) {
          const auto& joint = m_model->joints[k];
          if (joint.type != sv::JointType::Coupler && between(joint.iMarker, joint.jMarker)) {
            force += frame.joints[k].force;
            torque += frame.joints[k].torque;
          }
        }
        for (std::size_t k = 0; k < m_model->motions.size() && k < frame.motions.size(); ++k) {
          if (between(m_model->motions[k].iMarker, m_model->motions[k].jMarker)) {
            force += frame.motions[k].force;
            torque += frame.motions[k].torque;
          }
        }
        for (std::size_t k = 0; k < m_model->forces.size() && k < frame.forces.size(); ++k) {
          if (between(m_model->forces[k].iMarker, m_model->forces[k].jMarker)) {
            force += frame.forces[k].force;
            torque += frame.forces[k].torque;
          }
        }
        setPair(force, torque);
        break;
      }
      case RequestKind::Functions:
        for (int k : c.components)
          value[k] = c.functions[k]->evaluate(frame.state.t, &view);
        break;
    }
    for (int k : c.components)
      out.push_back(value[k]);
  }
  return out;
}

}  // namespace mbs::core
