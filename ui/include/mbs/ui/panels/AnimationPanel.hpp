#pragma once
// The Animation panel: play / pause / step / loop, speed, a time slider over the result frames
// (parts moved through ModelScene::setPartPoses), the frame of reference the motion is shown in
// (ground or any part, which then stays still), traces of chosen markers, the journal orbits of
// clearance joints (magnified, about the bearing as it moves), the mode shapes of a
// linear analysis (one period per second at speed 1), and export of the frames as a PNG sequence
// or an Ogg/Theora video (vtkOggTheoraWriter).
#include <QStringList>
#include <QWidget>
#include <cstddef>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "mbs/core/Units.hpp"
#include "mbs/ui/view/ModelScene.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;
class QToolButton;

namespace mbs::ui {

class EventTicks;
class ModelView;
class SimulationResults;
struct OrbitSeries;

class AnimationPanel : public QWidget {
  Q_OBJECT
public:
  AnimationPanel(SimulationResults& results, ModelView& view, QWidget* parent = nullptr);

  int frame() const { return m_frame; }
  void setFrame(int frame);
  void step(int delta);
  void play();
  void pause();
  bool isPlaying() const;
  void setLoop(bool loop);
  void setSpeed(double speed);
  // The time read-out is in the model's time unit (Settings ▸ Units).
  void setDisplayUnits(const core::UnitSystem& units);
  // Linear results: animates mode `mode` (0-based; -1 back to the time history); false if none.
  bool setModeShape(int mode);
  int modeShape() const { return m_mode; }
  // Frames of what is animated: result frames, or one period of a mode shape.
  int frameCount() const;
  double frameTime(int frame) const;
  // Shows the motion relative to this part ("ground" or empty: the ground frame); false if unknown.
  bool setReferenceFrame(const QString& partName);
  // Markers whose paths are drawn up to the current frame (names; unknown ones are ignored).
  void setTracedMarkers(const QStringList& markerNames);
  // Clearance joints' journal orbits (the journal centre's path relative to the bearing up to the
  // frame shown, ModelScene::setOrbits); false if the results hold no clearance joint.
  bool setShowOrbits(bool on);
  bool showsOrbits() const;
  // View ▸ Contact Forces: each contact pair's point, normal and force arrow (the run's largest
  // contact force drawn a fifth of the model's size) at frames that have contact output.
  void setShowContactForces(bool on);
  bool showsContactForces() const { return m_showContacts; }
  // Part poses of a frame as shown, i.e. in the chosen frame of reference.
  std::map<core::PartId, PartPose> displayedPoses(int frame) const;
  // The FE beams' node poses of a frame as shown.
  FeNodePoses displayedFeNodePoses(int frame) const;
  // Ground-frame trace points of the traced markers, frames 0..frame().
  const std::vector<std::vector<core::Vec3>>& traces() const { return m_shownTraces; }
  // Flexible parts: the drawn deformation is `scale` x the true one. With auto scale (the default)
  // the largest displacement of the run is drawn as 5 % of the model size.
  void setDeformationScale(double scale);  // turns auto scale off
  void setAutoDeformationScale(bool on);
  double deformationScale() const;
  // Largest nodal displacement of the flexible parts over all result frames, and at the frame shown
  // (unscaled) [m].
  double maxDeformation() const { return m_maxDeformation; }
  double shownDeformation() const { return m_shownDeformation; }
  // Contour of the flexible parts: displacement magnitude or von Mises stress (false if the parts
  // carry no stress shapes). The colour range spans the whole run (or the mode's period).
  bool setContour(ModelScene::Contour contour);
  ModelScene::Contour contour() const;
  // Largest von Mises stress of the drawn flexible surfaces over all result frames, and at the
  // frame shown [Pa].
  double maxStress() const { return m_maxStress; }
  double shownStress() const { return m_shownStress; }
  // Mode shapes: the amplitude passed to SimulationResults::modePoses (1, or less when the elastic
  // deformation would exceed 10 % of the model size); the deformation is drawn at this amplitude,
  // consistent with the rigid motion of the mode.
  double modeAmplitude() const { return m_modeAmplitude; }
  // Writes every frame of the view as dir/frame_0000.png...; returns the number written.
  int exportPngSequence(const QString& directory);
  // Writes every frame of the view to an Ogg/Theora video at `fps`; false on failure.
  bool exportVideo(const QString& path, int fps = 25);

  // The marks of the run's SENSOR firings under the time slider (EventTicks.hpp).
  const EventTicks* eventTicks() const { return m_eventTicks; }
  QSlider* timeSlider() const { return m_slider; }

signals:
  void timeChanged(double time);

private:
  // The view transform that keeps the chosen reference part at its modelled pose (as a pose of
  // ground); none when the reference is ground.
  std::optional<PartPose> referenceView(const std::map<core::PartId, PartPose>& poses) const;
  void updateRange();
  void updateEventTicks();
  void fillChoices();
  void fillTraceMenu();  // on opening: the trace menu lists at most kTraceMenuMarkers markers
  static constexpr std::size_t kTraceMenuMarkers = 2000;
  void invalidateTraces();
  void updateTraces();
  void updateOrbits();
  void updateContactGlyphs();  // ContactGlyphs.cpp
  void tick();
  void fillModes();
  std::map<core::PartId, Eigen::VectorXd> modalCoordinates(int frame) const;
  void updateDeformationRange();
  void updateModeRange();

  SimulationResults& m_results;
  ModelView& m_view;
  QSlider* m_slider;
  EventTicks* m_eventTicks;
  QLabel* m_time;
  QPushButton* m_play;
  QCheckBox* m_loop;
  QDoubleSpinBox* m_speed;
  QComboBox* m_reference;
  QToolButton* m_traceButton;
  QLabel* m_orbitLabel;
  QCheckBox* m_orbitBox;
  std::shared_ptr<const std::vector<OrbitSeries>> m_orbitCache;  // all frames; null: to compute
  QComboBox* m_modeChoice;
  QLabel* m_modeLabel;
  QLabel* m_scaleLabel;
  QDoubleSpinBox* m_scale;
  QCheckBox* m_autoScale;
  QLabel* m_contourLabel;
  QComboBox* m_contour;
  bool m_hasFlexible = false;  // the results hold flexible parts
  double m_maxDeformation = 0.0;
  double m_shownDeformation = 0.0;
  double m_maxStress = 0.0;
  double m_shownStress = 0.0;
  double m_modeAmplitude = 1.0;
  double m_modeMaxDeformation = 0.0;  // over one period of the mode shown, at m_modeAmplitude
  double m_modeMaxStress = 0.0;
  int m_mode = -1;
  QTimer* m_timer;
  QStringList m_traced;
  bool m_traceMenuFilled = false;
  std::vector<std::vector<core::Vec3>> m_traceCache;  // all frames, per traced marker
  std::vector<std::vector<core::Vec3>> m_shownTraces;
  bool m_showContacts = true;
  double m_contactForceMax = -1.0;  // the run's largest contact force [N]; < 0: to compute
  int m_frame = 0;
  core::UnitSystem m_units = core::defaultDisplayUnits();
  double m_playTime = 0.0;
  qint64 m_lastTick = 0;
};

}  // namespace mbs::ui
