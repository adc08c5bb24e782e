#include "Terms.hpp"

#include <QCoreApplication>

namespace mbs::ui {
namespace {

// Listed for lupdate: every keyword that term() is given (core::toString of the kinds, motion axes,
// analysis types, integrators, formulations and clearance contact laws).
[[maybe_unused]] const char* const kKeywords[] = {
    QT_TRANSLATE_NOOP("Terms", "fixed"),
    QT_TRANSLATE_NOOP("Terms", "revolute"),
    QT_TRANSLATE_NOOP("Terms", "translational"),
    QT_TRANSLATE_NOOP("Terms", "cylindrical"),
    QT_TRANSLATE_NOOP("Terms", "spherical"),
    QT_TRANSLATE_NOOP("Terms", "universal"),
    QT_TRANSLATE_NOOP("Terms", "constant_velocity"),
    QT_TRANSLATE_NOOP("Terms", "planar"),
    QT_TRANSLATE_NOOP("Terms", "screw"),
    QT_TRANSLATE_NOOP("Terms", "rack_pinion"),
    QT_TRANSLATE_NOOP("Terms", "gear"),
    QT_TRANSLATE_NOOP("Terms", "coupler"),
    QT_TRANSLATE_NOOP("Terms", "inline"),
    QT_TRANSLATE_NOOP("Terms", "inplane"),
    QT_TRANSLATE_NOOP("Terms", "orientation"),
    QT_TRANSLATE_NOOP("Terms", "parallel_axes"),
    QT_TRANSLATE_NOOP("Terms", "perpendicular"),
    QT_TRANSLATE_NOOP("Terms", "atpoint"),
    QT_TRANSLATE_NOOP("Terms", "point_curve"),
    QT_TRANSLATE_NOOP("Terms", "curve_curve"),
    QT_TRANSLATE_NOOP("Terms", "displacement"),
    QT_TRANSLATE_NOOP("Terms", "velocity"),
    QT_TRANSLATE_NOOP("Terms", "acceleration"),
    QT_TRANSLATE_NOOP("Terms", "single_force"),
    QT_TRANSLATE_NOOP("Terms", "single_torque"),
    QT_TRANSLATE_NOOP("Terms", "general"),
    QT_TRANSLATE_NOOP("Terms", "vector_force"),
    QT_TRANSLATE_NOOP("Terms", "vector_torque"),
    QT_TRANSLATE_NOOP("Terms", "translational_spring_damper"),
    QT_TRANSLATE_NOOP("Terms", "rotational_spring_damper"),
    QT_TRANSLATE_NOOP("Terms", "bushing"),
    QT_TRANSLATE_NOOP("Terms", "beam"),
    QT_TRANSLATE_NOOP("Terms", "field"),
    QT_TRANSLATE_NOOP("Terms", "multi_point"),
    QT_TRANSLATE_NOOP("Terms", "contact"),
    QT_TRANSLATE_NOOP("Terms", "x"),
    QT_TRANSLATE_NOOP("Terms", "y"),
    QT_TRANSLATE_NOOP("Terms", "z"),
    QT_TRANSLATE_NOOP("Terms", "rotation_x"),
    QT_TRANSLATE_NOOP("Terms", "rotation_y"),
    QT_TRANSLATE_NOOP("Terms", "rotation_z"),
    QT_TRANSLATE_NOOP("Terms", "initial_conditions"),
    QT_TRANSLATE_NOOP("Terms", "kinematic"),
    QT_TRANSLATE_NOOP("Terms", "static"),
    QT_TRANSLATE_NOOP("Terms", "quasi_static"),
    QT_TRANSLATE_NOOP("Terms", "dynamic"),
    QT_TRANSLATE_NOOP("Terms", "gstiff"),
    QT_TRANSLATE_NOOP("Terms", "wstiff"),
    QT_TRANSLATE_NOOP("Terms", "hht"),
    QT_TRANSLATE_NOOP("Terms", "rkf45"),
    QT_TRANSLATE_NOOP("Terms", "constant_bdf"),
    QT_TRANSLATE_NOOP("Terms", "dstiff"),
    QT_TRANSLATE_NOOP("Terms", "abam"),
    QT_TRANSLATE_NOOP("Terms", "i3"),
    QT_TRANSLATE_NOOP("Terms", "si2"),
    QT_TRANSLATE_NOOP("Terms", "lankarani_nikravesh"),
    QT_TRANSLATE_NOOP("Terms", "polynomial_damping"),
    QT_TRANSLATE_NOOP("Terms", "impact"),
};

}  // namespace

QString term(const char* keyword)
{
  return QCoreApplication::translate("Terms", keyword);
}

}  // namespace mbs::ui
