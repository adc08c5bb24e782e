#pragma once
// Adams NFORCE (mbs/solver/Model.hpp, MultiPointField; docs/solver-notes.md, "Multi-point forces")
// as one load element over all its I markers and J. Each I marker's displacement from J is measured
// as a FIELD's (beams/LinearFieldLoad.hpp, linearFieldMeasures), the coupled 6n×6n law gives every
// I marker's load, and J's body takes the opposite loads at the I markers' origins. Exact Jacobians
// between rigid bodies: the load on I_k is a sum of terms each reading one I marker I_l (and J),
// so each nonzero block (k, l) is differentiated with jets over the three bodies I_k, I_l and J.
// With a marker on a flexible body, the shared difference fallback over all bodies' coordinates.
#include <string>
#include <vector>

#include "loads/LoadElement.hpp"

namespace mbs::solver {

class MultiPointForceElement final : public loads::Element {
public:
  static Status validate(const Model& model);
  static void build(const Model& model, const loads::Host& host, loads::Elements& out);

  // firstForce: the NFORCE's entry of member 0 in Model::forces (the others follow it).
  MultiPointForceElement(int firstForce, std::string name) : m_first(firstForce), m_name(std::move(name)) {}
  std::string describe() const override;
  std::vector<int> reads(const loads::Host& host) const override;
  void addForces(const loads::Context& c, Vec& Q) const override;
  void addJacobians(const loads::Context& c, const loads::Jacobians& out) const override;
  std::vector<loads::WorkChannel> workChannels() const override;
  void powers(const loads::Context& c, double* out) const override;
  void output(const loads::Context& c, ResultFrame& frame) const override;

private:
  int m_first;
  std::string m_name;
};

namespace detail {
// The NFORCE whose member-0 entry is model.forces[firstForce]: adds its generalized forces to Q
// (modalOffset as loads::Host::modalOffsets; all −1 for rigid bodies) and, when `outputs` is set,
// writes each I marker's load into (*outputs)[firstForce + k].
void addMultiPointForces(const Model& model, const std::vector<int>& modalOffset, int firstForce,
                         const Vec& q, const Vec& qd, Vec* Q, std::vector<ForceOutput>* outputs);
}  // namespace detail

}  // namespace mbs::solver
