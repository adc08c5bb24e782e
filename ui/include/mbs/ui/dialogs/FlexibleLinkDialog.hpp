#pragma once
// Build > Flexible Link: Adams/View's discrete flexible link. Two ends (each a marker, or a point
// typed or picked in the 3-D view; each optionally attached to a part: free, rigid = a fixed
// joint, flexible = one more beam half a segment long), a cross section (solid or hollow circle or
// rectangle, I-section) with its height direction, a material (steel, aluminium or custom E, ν
// or G, density), the number of segments and the beams' damping ratio. Apply makes the segments,
// the beams between them and the attachments as one undo step (core::planFlexibleLink); a bad
// input is refused with the reason under its field. The section's properties are shown live.
// The same dialog makes an FE beam part instead (Build ▸ FE Beam: one part of co-rotational
// elements for large deflections; its ends free or rigid).
#include <QPointer>
#include <array>
#include <optional>

#include "mbs/core/FlexibleLink.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace mbs::ui {

class ModelView;

class FlexibleLinkDialog : public BuildDialog {
  Q_OBJECT
public:
  FlexibleLinkDialog(Document& document, ModelView* view, QWidget* parent = nullptr);
  ~FlexibleLinkDialog() override;

  // The link the inputs describe (not checked) and, when they make none, the reason shown under
  // the field at fault (`field`).
  core::FlexibleLinkSpec spec() const;
  QString check(QWidget** field = nullptr) const;
  void setLinkModel(core::LinkModel model);

  QLineEdit* name;
  QComboBox* linkModel;  // in the order of core::LinkModel
  QSpinBox* segments;    // an FE beam: its elements
  QDoubleSpinBox* dampingRatio;
  struct End {
    EntityCombo* marker;  // "(none)": the point
    Vec3Edit* point;      // ground
    QPushButton* pick;
    EntityCombo* part;  // "(none)": free
    QComboBox* attachment;
  };
  std::array<End, 2> ends;
  QComboBox* section;
  QDoubleSpinBox* diameter;
  QDoubleSpinBox* width;
  QDoubleSpinBox* height;
  QDoubleSpinBox* thickness;
  QDoubleSpinBox* flangeThickness;
  QDoubleSpinBox* webThickness;
  Vec3Edit* heightDirection;
  QComboBox* material;
  QDoubleSpinBox* youngsModulus;
  QDoubleSpinBox* poissonRatio;
  QDoubleSpinBox* shearModulus;
  QDoubleSpinBox* density;
  QLabel* properties;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;
  void hideEvent(QHideEvent* event) override;

private:
  QWidget* makeEnd(int e);
  void updateRows();
  void refresh();  // field messages, section properties, preview
  void setMaterial(int index);
  void materialEdited(QDoubleSpinBox* edited);
  QPointer<ModelView> m_view;
  QWidget* m_faulty = nullptr;  // the field showing the current reason
  bool m_settingMaterial = false;
  std::array<QWidget*, 6> m_dimensionRows{};
};

}  // namespace mbs::ui
