#pragma once
// Build > Marker: markers (reference points) on a part, by typing coordinates, by picking a point
// on geometry or the grid, or with the DMBS helper tools: offset from a marker, midpoint of two
// markers, mirror about a plane, along a direction at a distance, points on a circle, and the point
// at given distances from two markers (a linkage's pin from its two link lengths). The orientation
// is typed as Euler angles or set from a z axis, typed or from a helper line (AxisHelper, DMBS
// §2.3.2), whose line the 3-D view shows.
#include "mbs/ui/dialogs/AxisHelper.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QLineEdit;
class QPushButton;
class QSpinBox;

namespace mbs::ui {

class ModelView;

class MarkerDialog : public BuildDialog {
  Q_OBJECT
public:
  enum class Method { Coordinates, Offset, Midpoint, Mirror, Along, Circle, TwoDistances };

  MarkerDialog(Document& document, ModelView* view, QWidget* parent = nullptr);

  void setMethod(Method method);
  // Ground-frame positions the current inputs give (empty with `error` if they are invalid).
  std::vector<core::Vec3> positions(QString* error = nullptr) const;

  QLineEdit* name;
  EntityCombo* part;
  QComboBox* method;
  Vec3Edit* point;             // coordinates (ground) / mirror plane point
  EntityCombo* markerA;        // base marker / first of two / circle centre
  EntityCombo* markerB;        // second of two
  Vec3Edit* vector;            // offset / direction / plane normal / circle axis
  QDoubleSpinBox* distance;    // along: distance; circle: radius; two distances: from A
  QDoubleSpinBox* distanceB;   // two distances: from B
  QSpinBox* count;             // circle: number of points
  QDoubleSpinBox* startAngle;  // circle: angle of the first point [deg]
  Vec3Edit* orientation;       // Euler 3-1-3 in ground [deg]
  Vec3Edit* zAxis;             // sets `orientation` from a z axis (typed or by the helper)
  AxisHelper* axisHelper;
  QPushButton* pick;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void updateVisibility();
};

}  // namespace mbs::ui
