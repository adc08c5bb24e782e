#pragma once
// Force elements whose functions read solved loads (Adams' JOINT(), MOTION(), SFORCE(), FX() ...):
// in Adams an algebraic loop solved by the corrector together with the equations of motion. Here
// they are one λ-dependent load element (loads/LoadElement.hpp, Element::usesMultipliers): every
// Newton iterate evaluates them with the loads of its multipliers λ, and their Jacobians (∂/∂λ,
// ∂/∂q, ∂/∂q̇, by differences) enter the Newton matrix, so at convergence forces, reactions and
// accelerations are consistent. They are one element, not one each, because they are one fixed
// point: a function may read another's load, or its own through FX() at its marker.
#include <string>
#include <vector>

#include "forces/ForceElements.hpp"
#include "loads/LoadElement.hpp"
#include "mbs/solver/Functions.hpp"
#include "mbs/solver/LoadReadingFunction.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver {

namespace detail {

inline bool readsLoads(const Force& force)
{
  for (const auto& fn : force.functions)
    if (const auto* reads = dynamic_cast<const LoadReadingFunction*>(fn.get()); reads && reads->readsLoads())
      return true;
  return false;
}

}  // namespace detail

class LoadReadingForceElement final : public loads::Element {
public:
  // Their markers and functions are checked with the other function forces (FunctionForceElement).
  static Status validate(const Model& model);
  // One element for all of the model's forces that read solved loads (none when there are none).
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  LoadReadingForceElement(std::vector<int> forces, const Model& model);
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;  // every coordinate
  std::vector<int> writes(const loads::Host& host) const override;
  bool usesMultipliers() const override { return true; }
  // Adds nothing without the multipliers (Context::lambda): their loads are unknown then.
  void addForces(const loads::Context& c, Vec& Q) const override;
  // Central differences over every entry of λ, q and q̇ that is asked for.
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;  // one per force
  void powers(const loads::Context& c, double* out) const override;
  // Without the multipliers every output is NaN.
  void output(const loads::Context& c, ResultFrame& frame) const override;

  // Their loads at c, indexed like Model::forces (other entries empty): the fixed point of their
  // functions. A loop without a fixed point gives NaN, reported under the first force
  // (reportNonFiniteFunction).
  std::vector<detail::Load<double>> loads(const loads::Context& c) const;

private:
  std::vector<int> m_forces;  // indices into Model::forces, ascending
  std::vector<std::string> m_names;
};

}  // namespace mbs::solver
