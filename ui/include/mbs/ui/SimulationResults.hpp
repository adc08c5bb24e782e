#pragma once
// The results of the last analysis as the post-processing panels see them: the solver's
// single-writer ResultStore (readable while the run goes on), the model snapshot and index map
// it was compiled from, and whether the model changed since (stale results).
#include <QObject>
#include <map>
#include <memory>

#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/ModelCoordinates.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {

class SimulationResults : public QObject {
  Q_OBJECT
public:
  explicit SimulationResults(QObject* parent = nullptr);

  // A new run: the store the worker writes, the model it was compiled from and its index map.
  void start(std::shared_ptr<solver::ResultStore> store, core::Model model, core::IndexMap map,
             QString analysis);
  // A different model: its results are gone (the panels drop their curves, cursor and readout).
  void clear();

  bool empty() const { return !m_store || m_store->size() == 0; }
  std::size_t frameCount() const { return m_store ? m_store->size() : 0; }
  double time(std::size_t frame) const;
  solver::ResultFrame frame(std::size_t index) const { return m_store->frame(index); }
  const solver::ResultStore* store() const { return m_store.get(); }
  const core::Model& model() const { return m_model; }
  const core::IndexMap& map() const { return m_map; }
  QString analysis() const { return m_analysis; }
  // The SENSOR firings of the finished run (name, time in s), in time order; empty while it runs.
  std::vector<solver::SensorFiring> sensorFirings() const;
  // The model's output requests evaluated on these results (compiled on first use; null when the
  // model has none).
  std::shared_ptr<const core::RequestOutputs> requestOutputs() const;

  // Part frame poses at a frame (solver bodies are CM frames: part = CM * inverse(CM marker local)).
  std::map<core::PartId, PartPose> partPoses(std::size_t frame) const;
  // The node poses of each FE beam part at a frame (node k's position, the node's axes: the part's
  // axes at rest), for drawing the deformed beam (ModelScene::setFeNodePoses).
  FeNodePoses feNodePoses(std::size_t frame) const;

  // Linear analysis: the modes about the operating point, for the mode-shape animation.
  void setLinearModes(std::shared_ptr<const solver::ModelCoordinates> coordinates,
                      solver::State operatingPoint, std::vector<solver::LinearMode> modes);
  const std::vector<solver::LinearMode>& modes() const { return m_modes; }
  // Part poses of `mode` at the given phase [0, 1): q = q0 + amplitude·sin(2π·phase)·shape, with the
  // shape scaled to the model (amplitude 1 moves the largest coordinate by 10 % of the model size).
  std::map<core::PartId, PartPose> modePoses(int mode, double phase, double amplitude) const;
  // Modal coordinates of the flexible parts in the same motion (operating point + the modal-
  // coordinate part of the eigenvector), for drawing their deformation in the mode shape.
  std::map<core::PartId, Eigen::VectorXd> modeModalCoordinates(int mode, double phase,
                                                               double amplitude) const;
  // The FE beams' node poses in the same motion.
  FeNodePoses modeFeNodePoses(int mode, double phase, double amplitude) const;

  bool isStale() const { return m_stale; }
  void setStale(bool stale);

  // Called by the run panel (GUI thread) as frames arrive and when the run ends.
  void notifyFramesAdded() { emit framesAdded(); }
  void notifyFinished() { emit finished(); }

signals:
  void started();
  void cleared();
  void framesAdded();
  void finished();
  void staleChanged(bool stale);
  void modesChanged();

private:
  std::map<core::PartId, PartPose> posesOf(const std::vector<solver::BodyOutput>& bodies) const;
  FeNodePoses feNodePosesOf(const std::vector<solver::BodyOutput>& bodies) const;
  // q = q0 + 0.1 size amplitude sin(2 pi phase) shape (not normalized); empty without modes.
  solver::Vec modeCoordinates(int mode, double phase, double amplitude) const;

  std::shared_ptr<solver::ResultStore> m_store;
  std::shared_ptr<const solver::ModelCoordinates> m_coordinates;  // of the linear run
  solver::State m_operatingPoint;
  std::vector<solver::LinearMode> m_modes;
  core::Model m_model;
  core::IndexMap m_map;
  QString m_analysis;
  bool m_stale = false;
  mutable std::vector<double> m_times;
  mutable std::shared_ptr<const core::RequestOutputs> m_requests;
};

}  // namespace mbs::ui
