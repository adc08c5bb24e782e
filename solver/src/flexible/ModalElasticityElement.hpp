#pragma once
// The elastic and material-damping forces of one flexible body, −K η − D η̇ on its modal
// coordinates, as a load element with exact Jacobians (−K, −D). Its stiffness is conservative (the
// strain energy ½ ηᵀKη is part of the mechanical energy); its damping is the body's
// MaterialDamping work. The body's inertia and weight stay with the System (flexible/
// FlexibleInertia.hpp), as a rigid body's do.
#include "loads/LoadElement.hpp"

namespace mbs::solver {

class ModalElasticityElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  ModalElasticityElement(int body, std::string name, bool damped)
      : m_body(body), m_name(std::move(name)), m_damped(damped)
  {
  }
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;

private:
  int m_body;
  std::string m_name;
  bool m_damped;  // a damping matrix is given (then the account has its MaterialDamping term)
};

}  // namespace mbs::solver
