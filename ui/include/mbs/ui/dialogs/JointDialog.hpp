#pragma once
// Build > Joint: type, the two parts (I moves relative to J), the location (a marker or a point
// typed or picked in the view) and the joint axis. While the dialog is open the joint frame is
// previewed in the 3-D view and checked (different parts, a usable axis); after creation the
// topology is checked and reported. Markers on both parts + the joint are one undo step.
#include <QPointer>
#include <optional>

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
  Vec3Edit* axis;               // joint z axis in ground
  QPushButton* pick;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
  void hideEvent(QHideEvent* event) override;

private:
  void updatePreview();
  QPointer<ModelView> m_view;  // the view may go first when the main window closes
  QLabel* m_check;
};

}  // namespace mbs::ui
