#pragma once
#include "loads/LoadElement.hpp"

namespace mbs::solver {

// Adams SFORCE (single component, action-reaction or action-only) and GFORCE/VFORCE/VTORQUE (six
// components in a reference frame) driven by user functions. The functions may read any marker,
// so the Jacobian is by differences over every coordinate; the element loads only its bodies.
// Step control onto IMPACT/BISTOP contacts inside the functions (Dae::contactStepLimit).
class FunctionForceElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  FunctionForceElement(int force, std::string name) : m_force(force), m_name(std::move(name)) {}
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  std::vector<int> writes(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;
  double startStep(const loads::Context& c, loads::ElementHistory* history, double bound) const override;
  void output(const loads::Context& c, ResultFrame& frame) const override;

private:
  int m_force;  // index into Model::forces
  std::string m_name;
};

}  // namespace mbs::solver
