#include "mbs/ui/SimulationResults.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

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
  m_requests.reset();
  m_coordinates.reset();
  m_modes.clear();
  setStale(false);
  emit started();
}

void SimulationResults::clear()
{
  m_store.reset();
  m_model = core::Model();
  m_map = core::IndexMap();
  m_times.clear();
  m_requests.reset();
  m_coordinates.reset();
  m_modes.clear();
  m_analysis.clear();
  setStale(false);
  emit started();
  emit cleared();
}

std::shared_ptr<const core::RequestOutputs> SimulationResults::requestOutputs() const
{
  if (m_requests || m_model.requests.empty())
    return m_requests;
  // The outputs read the compiled model, so one allocation keeps both.
  struct Compiled {
    explicit Compiled(const core::Model& model) : result(core::compile(model)) {}
    core::CompileResult result;
    std::optional<core::RequestOutputs> outputs;
  };
  auto compiled = std::make_shared<Compiled>(m_model);
  if (!compiled->result.ok)
    return nullptr;
  compiled->outputs.emplace(m_model, compiled->result.map, compiled->result.model);
  m_requests = std::shared_ptr<const core::RequestOutputs>(compiled, &*compiled->outputs);
  return m_requests;
}

std::vector<solver::SensorFiring> SimulationResults::sensorFirings() const
{
  if (!m_store || !m_store->finished())
    return {};
  return m_store->finalStatus().sensorFirings;
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
  if (!m_store || index >= m_store->size())
    return {};
  return posesOf(m_store->frame(index).bodies);
}

std::map<core::PartId, PartPose> SimulationResults::posesOf(
    const std::vector<solver::BodyOutput>& bodies) const
{
  std::map<core::PartId, PartPose> poses;
  for (std::size_t b = 0; b < bodies.size() && b < m_map.bodyIds.size(); ++b) {
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
    // Normalized: the integrator keeps |e| = 1 only to its tolerance, the picture must stay rigid.
    const core::Mat3 r = bodies[b].orientation.normalized().toRotationMatrix() * cmRotation.transpose();
    poses[id] = PartPose{bodies[b].position - r * cmPosition, r};
  }
  return poses;
}

FeNodePoses SimulationResults::feNodePoses(std::size_t index) const
{
  if (!m_store || index >= m_store->size() || m_map.feNodes.empty())
    return {};
  return feNodePosesOf(m_store->frame(index).bodies);
}

FeNodePoses SimulationResults::feNodePosesOf(const std::vector<solver::BodyOutput>& bodies) const
{
  // A node body's CM frame is the node, its axes the part's at rest (core/FeBeam.hpp).
  FeNodePoses out;
  for (const auto& [part, nodes] : m_map.feNodes) {
    std::vector<PartPose>& poses = out[part];
    for (const int b : nodes)
      if (b >= 0 && b < static_cast<int>(bodies.size()))
        poses.push_back({bodies[b].position, bodies[b].orientation.normalized().toRotationMatrix()});
    if (poses.size() != nodes.size())
      out.erase(part);  // frames of another model: draw the beam undeformed rather than wrong
  }
  return out;
}

void SimulationResults::setLinearModes(std::shared_ptr<const solver::ModelCoordinates> coordinates,
                                       solver::State operatingPoint, std::vector<solver::LinearMode> modes)
{
  m_coordinates = std::move(coordinates);
  m_operatingPoint = std::move(operatingPoint);
  m_modes = std::move(modes);
  emit modesChanged();
}

solver::Vec SimulationResults::modeCoordinates(int mode, double phase, double amplitude) const
{
  if (!m_coordinates || mode < 0 || mode >= static_cast<int>(m_modes.size()))
    return {};
  const solver::Vec& shape = m_modes[mode].shape;
  if (shape.size() != m_operatingPoint.q.size() || shape.size() != m_coordinates->numCoordinates())
    return {};
  // Model size from the ground origin and the operating point's body positions: the shape (unit
  // largest entry) moves the largest coordinate by 10 % of it at amplitude 1.
  Eigen::AlignedBox3d box(core::Vec3::Zero());  // the ground origin counts
  for (int b = 0; b < m_coordinates->numBodies(); ++b)
    box.extend(m_coordinates->bodyPosition(b, m_operatingPoint.q));
  const double size = std::max(box.diagonal().norm(), 0.1);
  return m_operatingPoint.q + 0.1 * size * amplitude * std::sin(2.0 * M_PI * phase) * shape;
}

std::map<core::PartId, PartPose> SimulationResults::modePoses(int mode, double phase, double amplitude) const
{
  const solver::Vec q = modeCoordinates(mode, phase, amplitude);
  if (q.size() == 0)
    return {};
  return posesOf(m_coordinates->bodyPoses(q));
}

std::map<core::PartId, Eigen::VectorXd> SimulationResults::modeModalCoordinates(int mode, double phase,
                                                                                double amplitude) const
{
  std::map<core::PartId, Eigen::VectorXd> out;
  const solver::Vec q = modeCoordinates(mode, phase, amplitude);
  if (q.size() == 0)
    return out;
  // Eigenvectors have the layout of State::q, modal coordinates after all rigid ones.
  for (int b = 0; b < m_coordinates->numBodies() && b < static_cast<int>(m_map.bodyIds.size()); ++b) {
    solver::Vec modal = m_coordinates->modalCoordinates(b, q);
    if (modal.size() > 0)
      out[m_map.bodyIds[b]] = std::move(modal);
  }
  return out;
}

FeNodePoses SimulationResults::modeFeNodePoses(int mode, double phase, double amplitude) const
{
  const solver::Vec q = modeCoordinates(mode, phase, amplitude);
  if (q.size() == 0 || m_map.feNodes.empty())
    return {};
  return feNodePosesOf(m_coordinates->bodyPoses(q));
}

void SimulationResults::setStale(bool stale)
{
  if (stale == m_stale)
    return;
  m_stale = stale;
  emit staleChanged(stale);
}

}  // namespace mbs::ui
