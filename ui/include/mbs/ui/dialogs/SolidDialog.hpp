#pragma once
// A part's context menu ▸ Add Solid (issue 30): a box, cylinder or sphere with its dimensions, or a
// surface from an STL or OBJ file, placed at one of the part's markers (or its frame's origin).
// The solid is drawn with the part and can be chosen in Build ▸ Contact. One undo step.
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QLineEdit;
class QPushButton;

namespace mbs::ui {

class SolidDialog : public BuildDialog {
  Q_OBJECT
public:
  SolidDialog(Document& document, core::PartId part, QWidget* parent = nullptr);

  EntityCombo* part;
  QComboBox* kind;  // box, cylinder, sphere, surface file
  Vec3Edit* size;
  QDoubleSpinBox* radius;
  QDoubleSpinBox* length;
  QLineEdit* file;
  QPushButton* browse;
  QComboBox* placement;  // "(part frame)" or one of the part's markers

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void fillPlacements();
  void updateForm();
};

}  // namespace mbs::ui
