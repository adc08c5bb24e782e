#include "mbs/mesh/ReducedBody.hpp"

#include <cmath>
#include <stdexcept>

namespace mbs::mesh {

std::vector<int> ReducedBody::elasticModes() const
{
  std::vector<int> modes;
  for (int i = rigidModeCount; i < modeCount(); ++i)
    modes.push_back(i);
  return modes;
}

solver::Mat ReducedBody::modalDamping() const
{
  solver::Vec c(modeCount());
  for (int i = 0; i < modeCount(); ++i)
    c[i] = 2.0 * dampingRatios[i] * std::sqrt(std::max(eigenvalues[i], 0.0));
  return c.asDiagonal();
}

solver::Vec ReducedBody::recoverDisplacements(const solver::Vec& q) const
{
  return modeShapes * q;
}

ReducedBody ReducedBody::selectModes(const std::vector<int>& modes) const
{
  for (std::size_t j = 0; j < modes.size(); ++j)
    if (modes[j] < 0 || modes[j] >= modeCount() || (j > 0 && modes[j] <= modes[j - 1]))
      throw std::invalid_argument("ReducedBody::selectModes: mode indices must be ascending and in range");
  ReducedBody out;
  out.name = name;
  out.fixedInterfaceModeCount = fixedInterfaceModeCount;
  out.constraintModeCount = constraintModeCount;
  out.fixedInterfaceFrequenciesHz = fixedInterfaceFrequenciesHz;
  out.cbMass = cbMass;
  out.cbStiffness = cbStiffness;
  const int m = static_cast<int>(modes.size());
  out.eigenvalues.resize(m);
  out.frequenciesHz.resize(m);
  out.dampingRatios.resize(m);
  out.modalMass.resize(m, m);
  out.modalStiffness.resize(m, m);
  out.modeShapes.resize(modeShapes.rows(), m);
  out.stressNodes = stressNodes;
  out.stressShapes.resize(stressShapes.rows(), stressShapes.size() ? m : 0);
  out.cbToModal.resize(cbToModal.rows(), m);
  for (int j = 0; j < m; ++j) {
    const int src = modes[j];
    if (src < rigidModeCount)
      ++out.rigidModeCount;
    out.eigenvalues[j] = eigenvalues[src];
    out.frequenciesHz[j] = frequenciesHz[src];
    out.dampingRatios[j] = dampingRatios[src];
    out.modeShapes.col(j) = modeShapes.col(src);
    if (stressShapes.size())
      out.stressShapes.col(j) = stressShapes.col(src);
    out.cbToModal.col(j) = cbToModal.col(src);
    for (int i = 0; i < m; ++i) {
      out.modalMass(i, j) = modalMass(modes[i], src);
      out.modalStiffness(i, j) = modalStiffness(modes[i], src);
    }
  }
  for (const auto& node : interfaces) {
    InterfaceNode copy = node;
    copy.shapes.resize(6, m);
    for (int j = 0; j < m; ++j)
      copy.shapes.col(j) = node.shapes.col(modes[j]);
    out.interfaces.push_back(std::move(copy));
  }
  out.invariants = invariants.select(modes);
  return out;
}

}  // namespace mbs::mesh
