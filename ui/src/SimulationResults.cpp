#include "mbs/ui/SimulationResults.hpp"

namespace mbs::ui {

SimulationResults::SimulationResults(QObject* parent) : QObject(parent) {}

void SimulationResults::start(std::shared_ptr<solver::ResultStore> store, core::Model model,
                              core::IndexMap map, QString analysis)
{
  m_store = std::move(store);
  m_model = std::move(model);
  m_map = std::move(map);
  m_analysis = std::move(analysis);
  m_times.clear();
  setStale(false);
  emit started();
}

void SimulationResults::clear()
{
  m_store.reset();
  m_model = core::Model();
  m_map = core::IndexMap();
  m_times.clear();
  setStale(false);
  emit started();
}

double SimulationResults::time(std::size_t frame) const
{
  if (!m_store)
    return 0.0;
  if (frame >= m_times.size())
    m_times = m_store->times();  // frames are append-only: refresh on demand
  return frame < m_times.size() ? m_times[frame] : 0.0;
}

std::map<core::PartId, PartPose> SimulationResults::partPoses(std::size_t index) const
{
  std::map<core::PartId, PartPose> poses;
  if (!m_store || index >= m_store->size())
    return poses;
  const solver::ResultFrame f = m_store->frame(index);
  for (std::size_t b = 0; b < f.bodies.size() && b < m_map.bodyIds.size(); ++b) {
    const core::PartId id = m_map.bodyIds[b];
    const core::Part* part = m_model.part(id);
    if (!part)
      continue;
    // CM marker pose in the part frame (identity when the part has no CM marker).
    core::Vec3 cmPosition = core::Vec3::Zero();
    core::Mat3 cmRotation = core::Mat3::Identity();
    if (const core::Marker* cm = m_model.marker(part->cmMarker)) {
      cmPosition = cm->position;
      cmRotation = cm->localOrientation().value_or(core::Mat3::Identity());
    }
    const core::Mat3 r = f.bodies[b].orientation.toRotationMatrix() * cmRotation.transpose();
    poses[id] = PartPose{f.bodies[b].position - r * cmPosition, r};
  }
  return poses;
}

void SimulationResults::setStale(bool stale)
{
  if (stale == m_stale)
    return;
  m_stale = stale;
  emit staleChanged(stale);
}

}  // namespace mbs::ui
