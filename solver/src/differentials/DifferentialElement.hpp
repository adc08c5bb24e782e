#pragma once
// Adams' DIFF (Model::differentials) in the absolute formulation: state k is the velocity of an
// extra coordinate y_k of unit mass (System::differentialOffset), and this element is its
// generalized force f_k, so that ÿ_k = ẋ_k = f_k(t, q, q̇) is integrated with the bodies
// (docs/solver-notes.md, "First-order states"). f may read any marker and any state: its
// Jacobian is by differences over every coordinate, so ∂f/∂x is ∂Q/∂q̇ of the state's coordinate.
// No work channel: a state is not mechanical energy (EnergyAccount leaves its coordinates out).
// An IMPLICIT DIFF (0 = F(…, x, ẋ)) loads its coordinate with the root ẋ of F (rate below), so every
// integrator and statics treat it as an explicit one; the root exists where ∂F/∂ẋ ≠ 0.
#include "loads/LoadElement.hpp"

namespace mbs::solver {

class DifferentialElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  DifferentialElement(int differential, std::string name)
      : m_differential(differential), m_name(std::move(name))
  {
  }
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  std::vector<int> writes(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;

  // ẋ of state k at `view`: the function's value, or for an IMPLICIT DIFF the root of F = 0 in ẋ
  // (Newton from Differential::initialRate). NaN when there is none (F does not depend on ẋ, or
  // Newton fails), reported as the DIFF's non-finite value (reportNonFiniteFunction).
  static double rate(const Model& model, int k, const StateView& view);

private:
  int m_differential;  // index into Model::differentials
  std::string m_name;
};

// Index of the coordinate whose velocity is state k, for a state vector of n coordinates (the
// states are the last ones).
inline int differentialCoordinate(const Model& model, int n, int k)
{
  return n - static_cast<int>(model.differentials.size()) + k;
}

}  // namespace mbs::solver
