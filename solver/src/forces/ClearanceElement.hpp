#pragma once
// The contact of one clearance joint (pin in hole, ball in socket, slider in guide;
// forces/ClearanceContact.hpp) as a load element: exact Jacobians (jets, also through flexible
// interface nodes), step control onto contact onset, and the approach speed δ̇⁻ of each contact
// slot — the Lankarani–Nikravesh damping reads it — kept in the run's history.
#include "loads/LoadElement.hpp"

namespace mbs::solver {

class ClearanceElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  // joint: index into Model::joints; slot: its place in ResultLayout::clearanceJoints.
  ClearanceElement(int joint, int slot, std::string name)
      : m_joint(joint), m_slot(slot), m_name(std::move(name))
  {
  }
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;
  std::unique_ptr<loads::ElementHistory> startHistory(const loads::Host& host, double t,
                                                      const Vec& q) const override;
  double startStep(const loads::Context& c, loads::ElementHistory* history, double bound) const override;
  void output(const loads::Context& c, ResultFrame& frame) const override;

private:
  int m_joint, m_slot;
  std::string m_name;
};

}  // namespace mbs::solver
