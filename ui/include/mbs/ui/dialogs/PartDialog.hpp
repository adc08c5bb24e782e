#pragma once
// Build > Part: a rigid part with solid geometry (a link between two markers, a box, a cylinder,
// a sphere, or a closed STL/OBJ mesh imported through VTK) whose mass, centre of mass and inertia
// follow from the density (core::massProperties, meshMassProperties). Creates the part, its CM marker and
// sets the CM as one undo step.
#include <optional>

#include "mbs/core/Geometry.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

class QLineEdit;

namespace mbs::ui {

class PartDialog : public BuildDialog {
  Q_OBJECT
public:
  enum class Shape { Link, Box, Cylinder, Sphere, Mesh };

  explicit PartDialog(Document& document, QWidget* parent = nullptr);
  void setShape(Shape shape);

  // The part (frame, geometry, mass properties) the inputs describe; nullopt with `error`.
  struct Design {
    core::Part part;
    core::MassProperties mass;
  };
  std::optional<Design> design(QString* error = nullptr) const;

  QLineEdit* name;
  QComboBox* shape;
  EntityCombo* markerA;     // link end 1
  EntityCombo* markerB;     // link end 2
  QDoubleSpinBox* radius;   // link half width, cylinder and sphere radius
  Vec3Edit* centre;         // box / cylinder / sphere centre (ground) [m]
  Vec3Edit* orientation;    // box / cylinder orientation (Euler 3-1-3, ground) [deg]
  Vec3Edit* size;           // box edges [m]
  QDoubleSpinBox* length;   // cylinder length [m]
  QLineEdit* meshFile;      // STL/OBJ file, coordinates in metres in the part frame
  QDoubleSpinBox* density;  // [kg/m^3]
  QLineEdit* color;

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  void updateForm();
  Design finish(Design d, const core::Geometry& g, const core::MassProperties& mass) const;
  QLabel* m_massLabel;
};

}  // namespace mbs::ui
