#pragma once
// Build > Make Flexible: turns a part into a flexible body. The part's solid is meshed with Gmsh
// (element size and order), shown with its quality report in the 3-D view; the interface markers
// (by default those used by joints, motions and forces) become rigid spiders; Craig-Bampton modes
// are computed with the material (E, nu, rho) and the number of fixed-interface modes; the
// orthonormalized modes are listed with frequency, type and energy share (ModeSelectionTable),
// the user keeps modes one by one, the lowest N or those above an energy share, with a damping
// ratio per mode; selecting a row animates its shape in the view. Node outputs (FE node nearest
// to a point, optionally relative to a chord) are added to the body's results. Meshing and the reduction run
// on a worker thread. OK stores the reduced body in the part and ties the interface markers to its interface
// nodes: one undo step. Body "Plane body (plane stress)" meshes the part's profile in a plane of the part
// frame in 2-D (triangles or quadrilaterals) with a thickness instead (rules in PlaneProfile.hpp).
#include <QPointer>
#include <array>
#include <memory>
#include <vector>

#include "mbs/solver/FlexibleBody.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/view/ModelScene.hpp"

class QCheckBox;
class QLineEdit;
class QDoubleSpinBox;
class QListWidget;
class QPushButton;
class QSpinBox;
class QThread;
class QTimer;

namespace mbs::ui {

class ModelView;
class ModeSelectionTable;

class FlexibleDialog : public BuildDialog {
  Q_OBJECT
public:
  FlexibleDialog(Document& document, ModelView* view, QWidget* parent = nullptr);
  ~FlexibleDialog() override;

  void setPart(core::PartId part);
  // Start the worker (false with the reason shown when the inputs are invalid or it is busy).
  bool startMeshing();
  bool startModes();
  bool isBusy() const { return m_worker != nullptr; }
  bool hasMesh() const;
  int meshNodeCount() const;
  // Elastic frequencies of the modes kept [Hz] (empty before "Compute modes").
  std::vector<double> frequencies() const;
  std::vector<int> keptModes() const;   // indices into the reduction's modes (rigid first)
  void keepLowest(int count);           // the lowest `count` elastic modes by frequency
  void keepByEnergy(double threshold);  // elastic modes with an energy share >= threshold (0..1)
  // Adds the node output described by the output fields (false with the reason shown).
  bool addNodeOutput();
  const std::vector<solver::FlexibleNodeOutput>& nodeOutputs() const { return m_outputs; }
  // Animates the shape of kept mode `index` in the view (-1 stops).
  void previewMode(int index);
  QStringList interfaceMarkers() const;  // checked markers
  QString qualityText() const;

  EntityCombo* part;
  QComboBox* bodyKind;          // 0: solid (tetrahedra), 1: plane body (plane stress)
  QComboBox* plane;             // plane body: XY, YZ, ZX plane of the part frame
  QDoubleSpinBox* thickness;    // plane body: [m]
  QCheckBox* quadrilaterals;    // plane body: quadrilaterals instead of triangles
  QDoubleSpinBox* elementSize;  // [m]
  QComboBox* order;
  QDoubleSpinBox* youngsModulus;  // [GPa]
  QDoubleSpinBox* poissonRatio;
  QDoubleSpinBox* density;          // [kg/m^3]
  QListWidget* interfaces;          // checkable markers of the part
  QDoubleSpinBox* spiderRadius;     // [m]
  QSpinBox* fixedModes;             // fixed-interface normal modes of the Craig-Bampton basis
  QSpinBox* modeCount;              // "Keep lowest" count (also the initial selection)
  QDoubleSpinBox* energyThreshold;  // "Keep energy >=" [%]
  QDoubleSpinBox* dampingRatio;     // [%], every mode
  QPushButton* meshButton;
  QPushButton* modesButton;
  ModeSelectionTable* modeTable;
  QLineEdit* outputName;
  std::array<QDoubleSpinBox*, 3> outputPoint;  // part frame [m]
  QCheckBox* chordCheck;
  QComboBox* chordFrom;
  QComboBox* chordTo;
  QPushButton* addOutputButton;
  QListWidget* outputList;

signals:
  void meshFinished(bool ok);
  void modesFinished(bool ok);

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
  void hideEvent(QHideEvent* event) override;

private:
  struct Work;
  bool launch(bool reduce);
  void fillInterfaces();
  void partChanged();
  void kindChanged();
  bool planeBody() const;
  void finished();
  void showOverlay(const Eigen::VectorXd* displacement, double scale);
  void animate();
  void previewBodyMode(int mode);
  void keptChanged();
  int nearestNode(const core::Vec3& partPoint) const;

  QPointer<ModelView> m_view;
  QLabel* m_quality;
  QThread* m_worker = nullptr;
  std::shared_ptr<Work> m_work;  // inputs and outputs of the worker; the GUI reads it when done
  std::shared_ptr<Work> m_done;  // last successful mesh / reduction
  QTimer* m_timer;
  int m_previewMode = -1;  // mode index in the reduction
  std::vector<solver::FlexibleNodeOutput> m_outputs;
  int m_phase = 0;
};

}  // namespace mbs::ui
