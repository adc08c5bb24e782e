#pragma once
// Translational and rotational spring-dampers, bushings, and Adams BEAM and FIELD (the linear 6x6
// field of beams/LinearFieldLoad.hpp) as load elements: exact Jacobians (jets) between rigid
// bodies, the shared difference fallback over both bodies' coordinates (7 + modal) when a marker
// follows a flexible body's interface node.
#include "loads/LoadElement.hpp"

namespace mbs::solver {

class SpringDamperElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  SpringDamperElement(int force, std::string name) : m_force(force), m_name(std::move(name)) {}
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;
  void output(const loads::Context& c, ResultFrame& frame) const override;

private:
  int m_force;  // index into Model::forces
  std::string m_name;
};

}  // namespace mbs::solver
