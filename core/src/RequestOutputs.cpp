#include "mbs/core/RequestOutputs.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

#include "ExpressionBindings.hpp"
#include "VariableOrder.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/FrameView.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core {

namespace sv = mbs::solver;

struct RequestOutputs::Compiled {
  RequestKind kind;
  int i = sv::kGround, j = sv::kGround, rm = sv::kGround;
  std::vector<int> components;  // which of the eight are columns
  std::array<std::shared_ptr<const Expression>, 8> functions;
};

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
  ctx.delayRecorded = false;  // computed from saved frames: no record of the past (DELAY)
  ctx.storedInVariables = true;
  // (A variable that fails is reported by compile() already.)
  compileVariables(model.variables(), orderVariables(model.variables()), *table, [&](int k) {
    return Expression::compile(model.variables()[std::size_t(k)].function, ctx).expression;
  });
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
