#include "PlotQuantities.hpp"

#include <QCoreApplication>
#include <iterator>

namespace mbs::ui::plot {
namespace {

const char* const kPart[] = {"CM position x [m]",
                             "CM position y [m]",
                             "CM position z [m]",
                             "CM velocity x [m/s]",
                             "CM velocity y [m/s]",
                             "CM velocity z [m/s]",
                             "CM acceleration x [m/s²]",
                             "CM acceleration y [m/s²]",
                             "CM acceleration z [m/s²]",
                             "Angular velocity x [rad/s]",
                             "Angular velocity y [rad/s]",
                             "Angular velocity z [rad/s]",
                             "Speed |v| [m/s]"};
const char* const kJoint[] = {"Reaction force x [N]",    "Reaction force y [N]",
                              "Reaction force z [N]",    "Reaction force |F| [N]",
                              "Reaction torque x [N·m]", "Reaction torque y [N·m]",
                              "Reaction torque z [N·m]", "Reaction torque |T| [N·m]"};
const char* const kFriction[] = {"Friction force |F| [N]",     "Friction torque |T| [N·m]",
                                 "Friction normal force [N]",  "Friction sliding speed [m/s]",
                                 "Friction stick (1 = stick)", "Friction power [W]"};
const char* const kStress[] = {"Max von Mises stress [Pa]", "Max principal stress [Pa]"};
const char* const kForce[] = {"Force x [N]",
                              "Force y [N]",
                              "Force z [N]",
                              "Force |F| [N]",
                              "Torque |T| [N·m]",
                              "Deformation [m or rad]",
                              "Deformation rate [m/s or rad/s]"};

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
      return b.velocity.norm();
    }
    case EntityKind::Joint: {
      const int reactionRows = static_cast<int>(std::size(kJoint));
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
    case EntityKind::Modal: {
      if (e.index >= static_cast<int>(f.modal.size()) || q >= f.modal[e.index].size())
        return 0.0;
      return f.modal[e.index][q];
    }
    case EntityKind::Stress: {
      if (!e.flexible || e.index >= static_cast<int>(f.modal.size()))
        return 0.0;
      const solver::Vec& eta = f.modal[e.index];
      return q == 0 ? e.flexible->maxVonMisesStress(eta) : e.flexible->maxPrincipalStress(eta);
    }
  }
  return 0.0;
}

}  // namespace mbs::ui::plot
