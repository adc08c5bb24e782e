#pragma once
// The friction of one joint as a λ-dependent load element: Q_λ(t, q, q̇, λ) from the joint's
// reaction (the multipliers of its rows) and relative motion. ∂Q_λ/∂λ is exact through the
// reaction (linear in λ) times central differences of the contact/friction law in the reaction;
// ∂Q_λ/∂q̇ is by central differences over the two bodies' velocities. ∂Q_λ/∂q is given only where
// it is stiff — the bristles of dynamic stiction — and left to the modified Newton iterations
// otherwise. Joints with MAX_STICTION_DEFORMATION > 0 keep their bristle anchors in the run's
// history (friction/Stiction.hpp) and limit a step that breaks away from a held anchor.
#include "loads/LoadElement.hpp"

namespace mbs::solver {

class JointFrictionElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  // joint: index into Model::joints; slot: its place in ResultLayout::frictionJoints.
  JointFrictionElement(int joint, int slot, std::string name, bool dynamicStiction)
      : m_joint(joint), m_slot(slot), m_name(std::move(name)), m_dynamicStiction(dynamicStiction)
  {
  }
  int joint() const { return m_joint; }  // index into Model::joints
  bool dynamicStiction() const { return m_dynamicStiction; }
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  bool usesMultipliers() const override { return true; }
  bool loadsAtRest() const override { return false; }  // statics: friction/Stiction.hpp
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;
  std::unique_ptr<loads::ElementHistory> startHistory(const loads::Host& host, double t,
                                                      const Vec& q) const override;
  void acceptStep(const loads::Host& host, double t, const Vec& q,
                  loads::ElementHistory& history) const override;
  double endStepLimit(const loads::Context& c) const override;
  void output(const loads::Context& c, ResultFrame& frame) const override;

private:
  int m_joint, m_slot;
  std::string m_name;
  bool m_dynamicStiction;
};

}  // namespace mbs::solver
