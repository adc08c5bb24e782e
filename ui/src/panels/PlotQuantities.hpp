#pragma once
// What the Plot panel can draw: the quantities of each kind of result entity (part, marker,
// joint, motion, force, flexible part, the whole model) and how to read one from a result frame.
// Joints with friction also offer the friction outputs; derived quantities (angles, relative
// motion, energies, marker kinematics) come from DerivedQuantities.
#include <QString>
#include <QStringList>

#include <memory>

#include "mbs/core/DerivedQuantities.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/core/Units.hpp"
#include "mbs/solver/FlexibleBody.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::ui {
namespace derived = core::derived;
}

namespace mbs::ui::plot {

// Modal: the modal coordinates of a flexible part (index into ResultLayout::flexibleBodies);
// Stress: the largest stresses over its stress nodes, recovered from its modal stress shapes;
// Marker: a marker's motion in ground; Motion: a motion's driving effort and power; System: the
// whole model's energies; Request: an output request of the model (Adams REQUEST, or the user's
// F1..F8 expressions), its components by name; Clearance: a clearance joint's contact (index into
// ResultLayout::clearanceJoints).
// NodeOutput: a flexible part's nodal displacement output (index into ResultLayout::nodeOutputs).
enum class EntityKind {
  Part,
  Joint,
  Force,
  Modal,
  Stress,
  Marker,
  Motion,
  System,
  Request,
  Clearance,
  NodeOutput,
  Contact,       // a contact between solids (index into ResultLayout::contacts)
  Differential,  // a differential equation's state (index into ResultLayout::differentials)
  FeNode,        // a node of an FE beam part (index: its body; feRoot, feRest below)
  FeElement      // an element of an FE beam part: its section loads (beamElement below)
};

// A result entity: its kind, its index in the result layout's list of that kind, and for joints
// the index into ResultLayout::frictionJoints (-1 without friction); for Modal entities
// `frictionIndex` holds the number of modal coordinates; Stress entities carry the part's record.
struct Entity {
  EntityKind kind = EntityKind::Part;
  int index = 0;
  int frictionIndex = -1;
  std::shared_ptr<const solver::FlexibleBodyData> flexible;
  // For the derived quantities: the part frame (Part) or the marker (Marker); the I and J markers
  // (Joint, Motion); the body's mass (Part) or all bodies' (System); gravity.
  derived::BodyFrame frame, iFrame, jFrame;
  derived::BodyMass mass;
  std::vector<derived::BodyMass> masses;
  core::Vec3 gravity = core::Vec3::Zero();
  int motionAxis = 5;  // Motion: core::MotionAxis (x, y, z, rotation x, y, z of the J marker)
  // Request: the run's request outputs, the request and the indices of its columns there.
  std::shared_ptr<const core::RequestOutputs> requests;
  core::Request request;
  std::vector<int> requestColumns;
  double clearance = 0.0;  // Clearance: the clearance c [m] (the orbit's bounding circle)
  // Clearance of a translational joint: x is the slider centre's offset across the guide, y its end's
  // offset from the centre, so the boundary is the square |x| + |y| = c, not a circle.
  bool slider = false;
  // NodeOutput: the flexible part (index into ResultLayout::flexibleBodies) and the 3 x m map from η.
  int nodeBody = 0;
  solver::Mat nodeShapes;
  // FeNode: the beam's node 0 body and this node's place in the part frame at rest (its deflection
  // is measured in node 0's axes, from there). FeElement: the element between its node bodies.
  int feRoot = -1;
  core::Vec3 feRest = core::Vec3::Zero();
  solver::BeamElement beamElement;
};

// Item data roles of the Plot panel's entity list: a joint's friction slot, and a group heading
// (a row that is not an entity).
inline constexpr int kFrictionRole = Qt::UserRole + 1;
inline constexpr int kHeadingRole = Qt::UserRole + 2;

// A clearance joint's orbit: the journal centre relative to the bearing, eccentricity y against x
// in the bearing (J marker) axes. Its valueOf is y; orbitX gives x.
inline constexpr int kOrbitRow = 7;
bool isOrbit(const Entity& entity, int q);
double orbitX(const solver::ResultFrame& frame, const Entity& entity);

// Quantity labels (with units) offered for an entity, in the order valueOf() expects.
QStringList quantities(const Entity& entity);
// The value of quantity `q` (row of quantities(entity)) in a frame; 0 if the frame lacks it.
double valueOf(const solver::ResultFrame& frame, const Entity& entity, int q);

// A quantity label of quantities() ("CM position x [m]", SI or degrees) as shown in display units
// ("CM position x [mm]") and the factor its values are multiplied by. A unit no display system
// converts (Pa, "m or rad", "-") keeps its label and factor 1; so does a unit the display units
// give unchanged (J in MKS stays J).
struct ShownQuantity {
  QString label;
  double scale = 1.0;
};
ShownQuantity shown(const QString& label, const core::UnitSystem& units);

}  // namespace mbs::ui::plot
