#pragma once
// Build > Joint: every joint kind of the solver (DMBS §2.3.1): the joints (revolute ... fixed,
// constant velocity, screw with its pitch), the joint primitives (inline, inplane, orientation,
// parallel axes, perpendicular, at point) and the couplers (gear and coupler with their ratios,
// rack-and-pinion with its pitch radius) between two existing joints. A located joint takes the two
// parts (I moves relative to J), the location (a marker or a point typed or picked in the view) and
// the joint axis, typed or from a helper line (AxisHelper, DMBS §2.3.2). While the dialog is open
// the joint frame and the helper line are previewed in the 3-D view and checked; after creation the
// topology is checked and reported. Markers on both parts + the joint are one undo step.
#include <QPointer>
#include <optional>

#include "mbs/ui/dialogs/AxisHelper.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/view/ModelScene.hpp"

class QLineEdit;
class QPushButton;

namespace mbs::ui {

class ModelView;

class JointDialog : public BuildDialog {
  Q_OBJECT
public:
  JointDialog(Document& document, ModelView* view, QWidget* parent = nullptr);
  ~JointDialog() override;

  void setKind(core::JointKind kind);
  core::JointKind kind() const;
  // The joint frame in ground for the current inputs, or nullopt with the reason.
  std::optional<PartPose> jointFrame(QString* error = nullptr) const;
  // Live check of the inputs (also shown in the dialog): empty when they make a valid joint.
  QString check() const;

  QLineEdit* name;
  QComboBox* type;
  EntityCombo* partI;
  EntityCombo* partJ;
  EntityCombo* locationMarker;  // "(none)": use `point`
  Vec3Edit* point;              // ground [m]
  Vec3Edit* axis;               // joint z axis in ground (typed, or computed by the helper)
  QPushButton* pick;
  AxisHelper* axisHelper;
  QDoubleSpinBox* pitch;  // screw: translation per revolution [m]
  EntityCombo* joint1;    // couplers: the two joints coupled
  EntityCombo* joint2;
  QDoubleSpinBox* ratio;   // gear: x2 = ratio * x1; rack-and-pinion: pitch radius [m]
  QDoubleSpinBox* scale1;  // coupler: scale1 * x1 + scale2 * x2 = 0
  QDoubleSpinBox* scale2;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
  void hideEvent(QHideEvent* event) override;

private:
  void updatePreview();
  void updateRows();
  QString checkCoupler() const;
  QPointer<ModelView> m_view;  // the view may go first when the main window closes
  QLabel* m_check;
  QLabel* m_ratioLabel;
};

}  // namespace mbs::ui
