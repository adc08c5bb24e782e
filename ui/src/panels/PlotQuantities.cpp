#include "PlotQuantities.hpp"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>
#include <iterator>

#include "mbs/solver/BeamSections.hpp"

namespace mbs::ui::plot {
namespace {

const char* const kPart[] = {QT_TRANSLATE_NOOP("PlotPanel", "CM position x [m]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM position y [m]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM position z [m]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM velocity x [m/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM velocity y [m/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM velocity z [m/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM acceleration x [m/s²]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM acceleration y [m/s²]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "CM acceleration z [m/s²]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Angular velocity x [rad/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Angular velocity y [rad/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Angular velocity z [rad/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Speed |v| [m/s]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Angular acceleration x [rad/s²]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Angular acceleration y [rad/s²]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Angular acceleration z [rad/s²]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Euler angle ψ (3-1-3) [deg]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Euler angle θ (3-1-3) [deg]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Euler angle φ (3-1-3) [deg]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Bryant angle α (about x) [deg]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Bryant angle β (about y) [deg]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Bryant angle γ (about z) [deg]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Kinetic energy [J]"),
                             QT_TRANSLATE_NOOP("PlotPanel", "Potential energy (gravity) [J]")};
// Joint motion of the I marker relative to the J marker, in J's axes.
const char* const kRelative[] = {QT_TRANSLATE_NOOP("PlotPanel", "Relative displacement x [m]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative displacement y [m]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative displacement z [m]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative velocity x [m/s]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative velocity y [m/s]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative velocity z [m/s]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative angle about z [deg]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative angular velocity x [deg/s]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative angular velocity y [deg/s]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Relative angular velocity z [deg/s]")};
const char* const kMarker[] = {QT_TRANSLATE_NOOP("PlotPanel", "Position x [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Position y [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Position z [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Velocity x [m/s]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Velocity y [m/s]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Velocity z [m/s]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Acceleration x [m/s²]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Acceleration y [m/s²]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Acceleration z [m/s²]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Speed |v| [m/s]")};
const char* const kMotionRotation[] = {QT_TRANSLATE_NOOP("PlotPanel", "Driving torque [N·m]"),
                                       QT_TRANSLATE_NOOP("PlotPanel", "Driving power [W]"),
                                       QT_TRANSLATE_NOOP("PlotPanel", "Reaction force |F| [N]"),
                                       QT_TRANSLATE_NOOP("PlotPanel", "Reaction torque |T| [N·m]")};
const char* const kMotionTranslation[] = {QT_TRANSLATE_NOOP("PlotPanel", "Driving force [N]"),
                                          QT_TRANSLATE_NOOP("PlotPanel", "Driving power [W]"),
                                          QT_TRANSLATE_NOOP("PlotPanel", "Reaction force |F| [N]"),
                                          QT_TRANSLATE_NOOP("PlotPanel", "Reaction torque |T| [N·m]")};
const char* const kSystem[] = {QT_TRANSLATE_NOOP("PlotPanel", "Kinetic energy [J]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Potential energy (gravity) [J]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Total mechanical energy [J]")};
const char* const kJoint[] = {QT_TRANSLATE_NOOP("PlotPanel", "Reaction force x [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction force y [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction force z [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction force |F| [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction torque x [N·m]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction torque y [N·m]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction torque z [N·m]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Reaction torque |T| [N·m]")};
const char* const kFriction[] = {QT_TRANSLATE_NOOP("PlotPanel", "Friction force |F| [N]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Friction torque |T| [N·m]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Friction normal force [N]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Friction sliding speed [m/s]"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Friction stick (1 = stick)"),
                                 QT_TRANSLATE_NOOP("PlotPanel", "Friction power [W]")};
// Clearance joint contact (solver::ClearanceOutput).
const char* const kClearance[] = {QT_TRANSLATE_NOOP("PlotPanel", "Contact normal force [N]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Contact friction force [N]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Penetration [m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Eccentricity x [m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Eccentricity y [m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Eccentricity |e| [m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "In contact (1 = contact)"),
                                  // kOrbitRow: y against x, drawn in a subplot of its own.
                                  QT_TRANSLATE_NOOP("PlotPanel", "Orbit: eccentricity y vs x [m]"),
                                  // A ball in a socket moves in 3-D.
                                  QT_TRANSLATE_NOOP("PlotPanel", "Eccentricity z [m]")};
// Contact between solids (solver::SolidContactOutput): the load on the I side, the deepest point.
const char* const kContact[] = {QT_TRANSLATE_NOOP("PlotPanel", "Contact force x [N]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact force y [N]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact force z [N]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact force |F| [N]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact normal force [N]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact friction force [N]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Penetration [m]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Slip velocity [m/s]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact point x [m]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact point y [m]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact point z [m]"),
                                QT_TRANSLATE_NOOP("PlotPanel", "Contact points carrying load")};
const char* const kStress[] = {QT_TRANSLATE_NOOP("PlotPanel", "Max von Mises stress [Pa]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Max principal stress [Pa]")};
const char* const kForce[] = {QT_TRANSLATE_NOOP("PlotPanel", "Force x [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Force y [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Force z [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Force |F| [N]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Torque |T| [N·m]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Deformation [m or rad]"),
                              QT_TRANSLATE_NOOP("PlotPanel", "Deformation rate [m/s or rad/s]")};

// A node of an FE beam: where it is, and how far it has left its place on the beam as node 0 carries
// it (the beam's deflection, in node 0's axes).
const char* const kFeNode[] = {QT_TRANSLATE_NOOP("PlotPanel", "Position x [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Position y [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Position z [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Deflection x (beam axes) [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Deflection y (beam axes) [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Deflection z (beam axes) [m]"),
                               QT_TRANSLATE_NOOP("PlotPanel", "Deflection |d| [m]")};
// An FE beam element's section loads (mbs/solver/BeamSections.hpp), element axes.
const char* const kFeElement[] = {QT_TRANSLATE_NOOP("PlotPanel", "Axial force N [N]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Shear force Vy [N]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Shear force Vz [N]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Torque T [N·m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Bending moment My at node A [N·m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Bending moment Mz at node A [N·m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Bending moment My at node B [N·m]"),
                                  QT_TRANSLATE_NOOP("PlotPanel", "Bending moment Mz at node B [N·m]")};

constexpr double kDeg = 180.0 / 3.14159265358979323846;

QString tr(const char* text)
{
  return QCoreApplication::translate("PlotPanel", text);
}

template <std::size_t N>
void append(QStringList& list, const char* const (&items)[N])
{
  for (const char* item : items)
    list << tr(item);
}

double vectorComponent(const solver::Vec3& v, int q)
{
  return q < 3 ? v[q] : v.norm();
}

// "x [m]": a request component's name with the unit of its kind; "F2 = DZ(a, b)" for a function
// (its unit is its expression's, which the plot cannot know).
QString requestLabel(const core::Request& request, const std::string& component)
{
  static const char* const kUnits[][2] = {{"m", "rad"}, {"m/s", "rad/s"}, {"m/s²", "rad/s²"}, {"N", "N·m"}};
  const QString name = QString::fromStdString(component);
  if (request.kind == core::RequestKind::Functions) {
    const int k = name.mid(1).toInt() - 1;
    return QStringLiteral("%1 = %2").arg(name.toUpper(), QString::fromStdString(request.functions.at(k)));
  }
  const auto row = static_cast<std::size_t>(request.kind);
  const bool rotational =
      name.startsWith('w') || name.startsWith('t') || name == "psi" || name == "theta" || name == "phi";
  return QStringLiteral("%1 [%2]").arg(name, QString::fromUtf8(kUnits[row][rotational ? 1 : 0]));
}

}  // namespace

QStringList quantities(const Entity& entity)
{
  QStringList list;
  switch (entity.kind) {
    case EntityKind::Part:
      append(list, kPart);
      break;
    case EntityKind::Joint:
      append(list, kJoint);
      if (entity.frictionIndex >= 0)
        append(list, kFriction);
      append(list, kRelative);
      break;
    case EntityKind::Marker:
      append(list, kMarker);
      break;
    case EntityKind::Motion:
      if (entity.motionAxis >= 3)
        append(list, kMotionRotation);
      else
        append(list, kMotionTranslation);
      break;
    case EntityKind::System:
      append(list, kSystem);
      break;
    case EntityKind::Force:
      append(list, kForce);
      break;
    case EntityKind::Modal:
      for (int k = 0; k < entity.frictionIndex; ++k)
        list << QCoreApplication::translate("PlotPanel", "q%1").arg(k + 1);
      break;
    case EntityKind::Stress:
      append(list, kStress);
      break;
    case EntityKind::NodeOutput:
      list << QCoreApplication::translate("PlotPanel", "displacement x [m]")
           << QCoreApplication::translate("PlotPanel", "displacement y [m]")
           << QCoreApplication::translate("PlotPanel", "displacement z [m]");
      break;
    case EntityKind::Clearance:
      append(list, kClearance);
      break;
    case EntityKind::Contact:
      append(list, kContact);
      break;
    case EntityKind::Differential:  // in the state's own unit (a deck's), so no unit is named
      list << QCoreApplication::translate("PlotPanel", "State x")
           << QCoreApplication::translate("PlotPanel", "Derivative dx/dt (per second)");
      break;
    case EntityKind::FeNode:
      append(list, kFeNode);
      break;
    case EntityKind::FeElement:
      append(list, kFeElement);
      break;
    case EntityKind::Request:
      for (int column : entity.requestColumns) {
        const std::string& name = entity.requests->columns()[column];
        list << requestLabel(entity.request, name.substr(name.rfind('.') + 1));
      }
      break;
  }
  return list;
}

double valueOf(const solver::ResultFrame& f, const Entity& e, int q)
{
  switch (e.kind) {
    case EntityKind::Part: {
      if (e.index >= static_cast<int>(f.bodies.size()))
        return 0.0;
      const solver::BodyOutput& b = f.bodies[e.index];
      if (q < 3)
        return b.position[q];
      if (q < 6)
        return b.velocity[q - 3];
      if (q < 9)
        return b.acceleration[q - 6];
      if (q < 12)
        return b.angularVelocity[q - 9];
      if (q == 12)
        return b.velocity.norm();
      if (q < 16)
        return b.angularAcceleration[q - 13];
      if (q < 22) {
        const core::Mat3 r = derived::motionOf(f, e.frame).rotation;
        const core::Vec3 angles = q < 19 ? derived::euler313(r) : derived::bryant(r);
        return angles[(q - 16) % 3] * kDeg;
      }
      return q == 22 ? derived::kineticEnergy(f, e.mass) : derived::potentialEnergy(f, e.mass, e.gravity);
    }
    case EntityKind::Joint: {
      const int reactionRows = static_cast<int>(std::size(kJoint));
      const int relativeStart =
          reactionRows + (e.frictionIndex >= 0 ? static_cast<int>(std::size(kFriction)) : 0);
      if (q >= relativeStart) {
        const derived::RelativeMotion rel =
            derived::relativeMotion(derived::motionOf(f, e.iFrame), derived::motionOf(f, e.jFrame));
        const int row = q - relativeStart;
        if (row < 3)
          return rel.displacement[row];
        if (row < 6)
          return rel.velocity[row - 3];
        if (row == 6)
          return rel.angleZ * kDeg;
        return rel.angularVelocity[std::min(row - 7, 2)] * kDeg;
      }
      if (q >= reactionRows) {
        if (e.frictionIndex < 0 || e.frictionIndex >= static_cast<int>(f.friction.size()))
          return 0.0;
        const solver::FrictionOutput& fr = f.friction[e.frictionIndex];
        const double values[] = {fr.force.norm(), fr.torque.norm(),     fr.normalForce,
                                 fr.slidingSpeed, fr.stick ? 1.0 : 0.0, fr.power};
        const int row = q - reactionRows;
        return row < static_cast<int>(std::size(values)) ? values[row] : 0.0;
      }
      if (e.index >= static_cast<int>(f.joints.size()))
        return 0.0;
      const solver::Reaction& r = f.joints[e.index];
      return q < 4 ? vectorComponent(r.force, q) : vectorComponent(r.torque, q - 4);
    }
    case EntityKind::Clearance: {
      if (e.index >= static_cast<int>(f.clearance.size()))
        return 0.0;
      const solver::ClearanceOutput& c = f.clearance[e.index];
      const double values[] = {
          c.normalForce,         c.frictionForce,
          c.penetration,         c.eccentricityX,
          c.eccentricityY,       std::hypot(c.eccentricityX, c.eccentricityY, c.eccentricityZ),
          c.contact ? 1.0 : 0.0, c.eccentricityY,
          c.eccentricityZ};
      return q >= 0 && q < static_cast<int>(std::size(values)) ? values[q] : 0.0;
    }
    case EntityKind::Contact: {
      if (e.index < 0 || e.index >= static_cast<int>(f.contacts.size()))
        return 0.0;
      const solver::SolidContactOutput& c = f.contacts[e.index];
      if (q < 4)
        return vectorComponent(c.force, q);
      const double values[] = {c.normalForce, c.frictionForce, c.penetration, c.slipVelocity,
                               c.point.x(),   c.point.y(),     c.point.z(),   static_cast<double>(c.points)};
      return q - 4 < static_cast<int>(std::size(values)) ? values[q - 4] : 0.0;
    }
    case EntityKind::Force: {
      if (e.index >= static_cast<int>(f.forces.size()))
        return 0.0;
      const solver::ForceOutput& out = f.forces[e.index];
      if (q < 4)
        return vectorComponent(out.force, q);
      if (q == 4)
        return out.torque.norm();
      return q == 5 ? out.length : out.rate;
    }
    case EntityKind::Marker: {
      const derived::FrameMotion m = derived::motionOf(f, e.frame);
      if (q < 3)
        return m.position[q];
      if (q < 6)
        return m.velocity[q - 3];
      if (q < 9)
        return m.acceleration[q - 6];
      return m.velocity.norm();
    }
    case EntityKind::Motion: {
      if (e.index >= static_cast<int>(f.motions.size()))
        return 0.0;
      const solver::Reaction& r = f.motions[e.index];
      if (q == 2)
        return r.force.norm();
      if (q == 3)
        return r.torque.norm();
      const derived::FrameMotion i = derived::motionOf(f, e.iFrame), j = derived::motionOf(f, e.jFrame);
      return q == 0 ? derived::drivingEffort(r, j, e.motionAxis) : derived::drivingPower(r, i, j);
    }
    case EntityKind::System: {
      double kinetic = 0.0, potential = 0.0;
      for (const derived::BodyMass& m : e.masses) {
        kinetic += derived::kineticEnergy(f, m);
        potential += derived::potentialEnergy(f, m, e.gravity);
      }
      return q == 0 ? kinetic : q == 1 ? potential : kinetic + potential;
    }
    case EntityKind::Modal: {
      if (e.index >= static_cast<int>(f.modal.size()) || q >= f.modal[e.index].size())
        return 0.0;
      return f.modal[e.index][q];
    }
    case EntityKind::NodeOutput: {
      if (e.nodeBody >= static_cast<int>(f.modal.size()) ||
          f.modal[e.nodeBody].size() != e.nodeShapes.cols() || q < 0 || q > 2)
        return 0.0;
      return e.nodeShapes.row(q).dot(f.modal[e.nodeBody]);
    }
    case EntityKind::Stress: {
      if (!e.flexible || e.index >= static_cast<int>(f.modal.size()))
        return 0.0;
      const solver::Vec& eta = f.modal[e.index];
      return q == 0 ? e.flexible->maxVonMisesStress(eta) : e.flexible->maxPrincipalStress(eta);
    }
    case EntityKind::Differential: {
      const solver::Vec& v = q == 0 ? f.differentials : f.differentialRates;
      return e.index >= 0 && e.index < v.size() ? v[e.index] : 0.0;
    }
    case EntityKind::FeNode: {
      const int bodies = static_cast<int>(f.bodies.size());
      if (e.index < 0 || e.index >= bodies || e.feRoot < 0 || e.feRoot >= bodies)
        return 0.0;
      const solver::BodyOutput &node = f.bodies[e.index], &root = f.bodies[e.feRoot];
      if (q < 3)
        return node.position[q];
      const core::Vec3 deflection =
          root.orientation.normalized().toRotationMatrix().transpose() * (node.position - root.position) -
          e.feRest;
      return q < 6 ? deflection[q - 3] : deflection.norm();
    }
    case EntityKind::FeElement: {
      const int bodies = static_cast<int>(f.bodies.size());
      const solver::BeamElement& element = e.beamElement;
      if (element.bodyA < 0 || element.bodyA >= bodies || element.bodyB < 0 || element.bodyB >= bodies ||
          q < 0 || q > 7)
        return 0.0;
      const solver::BeamSectionLoads loads =
          solver::beamSectionLoads(element, f.bodies[element.bodyA], f.bodies[element.bodyB]);
      return q < 6 ? loads.atA[q] : loads.atB[q - 2];  // My, Mz at B last
    }
    case EntityKind::Request: {
      if (!e.requests || q < 0 || q >= static_cast<int>(e.requestColumns.size()))
        return 0.0;
      return e.requests->evaluate(f)[e.requestColumns[q]];
    }
  }
  return 0.0;
}

bool isOrbit(const Entity& entity, int q)
{
  return entity.kind == EntityKind::Clearance && q == kOrbitRow;
}

double orbitX(const solver::ResultFrame& f, const Entity& e)
{
  return e.index >= 0 && e.index < static_cast<int>(f.clearance.size()) ? f.clearance[e.index].eccentricityX
                                                                        : 0.0;
}

ShownQuantity shown(const QString& label, const core::UnitSystem& units)
{
  struct Source {
    const char* unit;
    core::Quantity quantity;
    double toSI;  // factor of the label's unit to SI
  };
  constexpr double deg = 3.14159265358979323846 / 180.0;
  static const Source sources[] = {
      {"m", core::Quantity::Length, 1.0},
      {"m/s", core::Quantity::Velocity, 1.0},
      {"m/s\u00b2", core::Quantity::Acceleration, 1.0},
      {"rad", core::Quantity::Angle, 1.0},
      {"deg", core::Quantity::Angle, deg},
      {"rad/s", core::Quantity::AngularVelocity, 1.0},
      {"deg/s", core::Quantity::AngularVelocity, deg},
      {"rad/s\u00b2", core::Quantity::AngularAcceleration, 1.0},
      {"N", core::Quantity::Force, 1.0},
      {"N\u00b7m", core::Quantity::Torque, 1.0},
      {"J", core::Quantity::Energy, 1.0},
      {"W", core::Quantity::Power, 1.0},
      {"kg", core::Quantity::Mass, 1.0},
  };
  const int open = label.lastIndexOf('[');
  const int close = label.lastIndexOf(']');
  if (open < 0 || close < open)
    return {label, 1.0};
  const std::string unit = label.mid(open + 1, close - open - 1).toStdString();
  for (const Source& source : sources) {
    if (unit != source.unit)
      continue;
    const double scale = source.toSI / core::factorToSI(units, source.quantity);
    if (std::abs(scale - 1.0) < 1e-12)
      return {label, 1.0};
    return {label.left(open + 1) + QString::fromStdString(core::unitName(units, source.quantity)) +
                label.mid(close),
            scale};
  }
  return {label, 1.0};
}

}  // namespace mbs::ui::plot
