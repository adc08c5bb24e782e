#pragma once
// A solver::StateView over a finished ResultFrame (RequestOutputs, the FMU's outputs).
#include <limits>
#include <optional>

#include "mbs/solver/Functions.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::core {

// Marker kinematics, loads and first-order states read from one result frame, for evaluating
// functions after a run (request outputs, a co-simulation plant's outputs). Rigid bodies; a marker
// on a flexible body follows its floating frame. `model` and `frame` must outlive the view.
class FrameView : public solver::StateView {
public:
  FrameView(const solver::Model& model, const solver::ResultFrame& frame) : m_model(model), m_frame(frame) {}
  double time() const override { return m_frame.state.t; }
  solver::Vec3 position(int m) const override
  {
    if (m < 0)
      return solver::Vec3::Zero();
    const auto& mk = m_model.markers[m];
    return mk.body < 0 ? mk.position : body(m).position + arm(m);
  }
  solver::Mat3 orientation(int m) const override
  {
    if (m < 0)
      return solver::Mat3::Identity();
    const auto& mk = m_model.markers[m];
    return mk.body < 0 ? mk.orientation
                       : solver::Mat3(body(m).orientation.toRotationMatrix() * mk.orientation);
  }
  solver::Vec3 velocity(int m) const override
  {
    if (m < 0 || m_model.markers[m].body < 0)
      return solver::Vec3::Zero();
    return body(m).velocity + body(m).angularVelocity.cross(arm(m));
  }
  solver::Vec3 angularVelocity(int m) const override
  {
    return m < 0 || m_model.markers[m].body < 0 ? solver::Vec3::Zero() : body(m).angularVelocity;
  }
  solver::Vec3 acceleration(int m) const override
  {
    if (m < 0 || m_model.markers[m].body < 0)
      return solver::Vec3::Zero();
    const auto& b = body(m);
    const solver::Vec3 r = arm(m);
    return b.acceleration + b.angularAcceleration.cross(r) +
           b.angularVelocity.cross(b.angularVelocity.cross(r));
  }
  solver::Vec3 angularAcceleration(int m) const override
  {
    return m < 0 || m_model.markers[m].body < 0 ? solver::Vec3::Zero() : body(m).angularAcceleration;
  }
  // DIF and DIF1: the frame's states and their derivatives.
  double differential(int k) const override { return at(m_frame.differentials, k); }
  double differentialRate(int k) const override { return at(m_frame.differentialRates, k); }

  // The frame's loads: joint and motion reactions and applied forces, each on its I marker's body
  // at I; on J's body at J the opposite force and the opposite torque about J.
  std::optional<solver::ElementLoad> elementLoad(solver::LoadElement kind, int index, bool onJ) const override
  {
    if (kind == solver::LoadElement::Contact) {  // about the bodies' centres of mass
      if (index < 0 || std::size_t(index) >= m_frame.contacts.size())
        return std::nullopt;
      const solver::SolidContactOutput& c = m_frame.contacts[std::size_t(index)];
      return onJ ? solver::ElementLoad{-c.force, c.torqueJ} : solver::ElementLoad{c.force, c.torqueI};
    }
    int i = solver::kGround, j = solver::kGround;
    bool reaction = true;
    solver::ElementLoad load;
    if (!element(kind, index, i, j, reaction, load))
      return std::nullopt;
    if (!onJ)
      return load;
    if (!reaction)
      return solver::ElementLoad{};  // an action-only force has no reaction on J
    return solver::ElementLoad{-load.force, -load.torque - (position(i) - position(j)).cross(load.force)};
  }

  // Adams' FX(i, j) ...: every element between I and J (or at I, when j is ground) adds its load
  // on the I side when I is its I marker, its reaction when I is its J marker.
  std::optional<solver::ElementLoad> markerLoad(int i, int j) const override
  {
    solver::ElementLoad sum;
    auto add = [&](solver::LoadElement kind, std::size_t count) {
      for (std::size_t k = 0; k < count; ++k) {
        int a = solver::kGround, b = solver::kGround;
        bool reaction = true;
        solver::ElementLoad load;
        if (!element(kind, int(k), a, b, reaction, load))
          continue;
        if (a == i && (j == solver::kGround || b == j)) {
          sum.force += load.force;
          sum.torque += load.torque;
        } else if (reaction && b == i && b != a && (j == solver::kGround || a == j)) {
          sum.force -= load.force;
          sum.torque -= load.torque + (position(a) - position(b)).cross(load.force);
        }
      }
    };
    add(solver::LoadElement::Joint, m_model.joints.size());
    add(solver::LoadElement::Motion, m_model.motions.size());
    add(solver::LoadElement::Force, m_model.forces.size());
    return sum;
  }

  bool elementEnds(solver::LoadElement kind, int index, int& i, int& j, int& first) const override
  {
    bool reaction = true;
    solver::ElementLoad load;
    if (!element(kind, index, i, j, reaction, load))
      return false;
    first = kind == solver::LoadElement::Force ? index - m_model.forces[std::size_t(index)].multiPointMember
                                               : index;
    return true;
  }

private:
  static double at(const solver::Vec& v, int k)
  {
    return k >= 0 && k < v.size() ? v[k] : std::numeric_limits<double>::quiet_NaN();
  }
  // One element's markers and its load on I at I; false when the frame has no such element.
  bool element(solver::LoadElement kind, int index, int& i, int& j, bool& reaction,
               solver::ElementLoad& load) const
  {
    if (index < 0)
      return false;
    const auto k = std::size_t(index);
    switch (kind) {
      case solver::LoadElement::Joint:
        if (k >= m_model.joints.size() || k >= m_frame.joints.size() ||
            m_model.joints[k].type == solver::JointType::Coupler)
          return false;
        i = m_model.joints[k].iMarker;
        j = m_model.joints[k].jMarker;
        load = {m_frame.joints[k].force, m_frame.joints[k].torque};
        return true;
      case solver::LoadElement::Motion:
        if (k >= m_model.motions.size() || k >= m_frame.motions.size())
          return false;
        i = m_model.motions[k].iMarker;
        j = m_model.motions[k].jMarker;
        load = {m_frame.motions[k].force, m_frame.motions[k].torque};
        return true;
      case solver::LoadElement::Force:
        if (k >= m_model.forces.size() || k >= m_frame.forces.size())
          return false;
        i = m_model.forces[k].iMarker;
        j = m_model.forces[k].jMarker;
        reaction = !m_model.forces[k].actionOnly && j != solver::kGround;
        load = {m_frame.forces[k].force, m_frame.forces[k].torque};
        return true;
      case solver::LoadElement::Contact:  // no markers: read by elementLoad alone
        return false;
    }
    return false;
  }

  const solver::BodyOutput& body(int m) const { return m_frame.bodies[m_model.markers[m].body]; }
  solver::Vec3 arm(int m) const
  {
    return body(m).orientation.toRotationMatrix() * m_model.markers[m].position;
  }
  const solver::Model& m_model;
  const solver::ResultFrame& m_frame;
};

}  // namespace mbs::core
