#pragma once
// One element of an FE beam (mbs/solver/Model.hpp, BeamElement; docs/solver-notes.md, "FE beams")
// as a load element: the co-rotational deformations X of beams/CorotationalBeam.hpp load the
// beam's Timoshenko stiffness K, Q = −Bᵀ K (X + β Ẋ) with B = ∂X/∂q over the two node bodies' 14
// coordinates. Jets with Hessians give the exact Jacobians: ∂Q/∂q = −(Bᵀ K B + Σᵢ Fᵢ ∂²Xᵢ/∂q² +
// β Bᵀ K (∂²X/∂q² · q̇)) with F = K (X + β Ẋ), and ∂Q/∂q̇ = −β Bᵀ K B.
#include <string>

#include "loads/LoadElement.hpp"

namespace mbs::solver {

class CorotationalBeamElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  explicit CorotationalBeamElement(const Model& model, int element);
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;

  // The element's deformations X and its section loads F = K (X + β Ẋ) at B (element axes: axial
  // force, two shear forces, torque, two bending moments) — for tests and outputs.
  void sectionLoads(const Vec& q, const Vec& qd, Vec6& deformation, Vec6& loads) const;

private:
  int m_element;
  std::string m_name;
  int m_bodyA, m_bodyB;
  std::array<std::array<double, 4>, 2> m_axes;  // BeamElement::axesA/B as unit quaternions
  double m_length, m_damping;
  Mat6 m_stiffness;
};

}  // namespace mbs::solver
