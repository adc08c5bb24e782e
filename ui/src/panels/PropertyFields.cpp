#include "PropertyFields.hpp"

#include <QCoreApplication>

#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"

namespace mbs::ui::property_fields {

std::optional<core::Quantity> quantityOf(const char* unit)
{
  static const std::map<std::string, core::Quantity> quantities = {
      {"-", core::Quantity::None},
      {"m", core::Quantity::Length},
      {"kg", core::Quantity::Mass},
      {"s", core::Quantity::Time},
      {"N", core::Quantity::Force},
      {"deg", core::Quantity::Angle},
      {"kg·m²", core::Quantity::Inertia},
      {"kg/m³", core::Quantity::Density},
      {"m/s", core::Quantity::Velocity},
      {"deg/s", core::Quantity::AngularVelocity},
      {"m/s²", core::Quantity::Acceleration},
      {"m/rev", core::Quantity::Pitch},
      {"N/m", core::Quantity::Stiffness},
      {"N·s/m", core::Quantity::Damping},
      {"N·m", core::Quantity::Torque},
      {"N·m/rad", core::Quantity::RotationalStiffness},
      {"N·m·s/rad", core::Quantity::RotationalDamping},
  };
  const auto it = quantities.find(unit);
  return it == quantities.end() ? std::nullopt : std::optional<core::Quantity>(it->second);
}

std::optional<UnitPowers> powersOf(const char* unit, double exponent)
{
  const std::string u = unit;
  if (u == "N/mⁿ")
    return UnitPowers{1.0, -exponent, 0.0};
  if (u == "N·s/m²")
    return UnitPowers{1.0, -2.0, 1.0};
  if (u == "N·s/m³")
    return UnitPowers{1.0, -3.0, 1.0};
  if (u == "m²")  // an FE beam's section (area, second moments) and material (moduli)
    return UnitPowers{0.0, 2.0, 0.0};
  if (u == "m⁴")
    return UnitPowers{0.0, 4.0, 0.0};
  if (u == "N/m²")
    return UnitPowers{1.0, -2.0, 0.0};
  return std::nullopt;
}

const std::map<std::string, NumberSpec>& numberSpecs()
{
  static const std::map<std::string, NumberSpec> specs = {
      {"mass", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Mass"), "kg", 1.0, 0.0}},
      // An FE beam part (core/FeBeam.hpp): its length, elements, section and material.
      {"fe_beam:length",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Beam length (along x)"), "m", 1.0, 0.0}},
      {"fe_beam:elements", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Elements"), "-", 1.0, 1.0}},
      {"fe_beam:area", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Section area A"), "m²", 1.0, 0.0}},
      {"fe_beam:iyy", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Second moment Iyy"), "m⁴", 1.0, 0.0}},
      {"fe_beam:izz", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Second moment Izz"), "m⁴", 1.0, 0.0}},
      {"fe_beam:torsion",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Torsion constant J"), "m⁴", 1.0, 0.0}},
      {"fe_beam:shear_ratio_y",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Shear area ratio y (0: Euler-Bernoulli)"), "-", 1.0,
        0.0}},
      {"fe_beam:shear_ratio_z",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Shear area ratio z (0: Euler-Bernoulli)"), "-", 1.0,
        0.0}},
      {"fe_beam:youngs_modulus",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Young's modulus E"), "N/m²", 1.0, 0.0}},
      {"fe_beam:shear_modulus",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Shear modulus G"), "N/m²", 1.0, 0.0}},
      {"fe_beam:density", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Density"), "kg/m³", 1.0, 0.0}},
      {"fe_beam:damping",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Stiffness-proportional damping"), "s", 1.0, 0.0}},
      {"ixx", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Ixx"), "kg·m²", 1.0, 0.0}},
      {"iyy", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Iyy"), "kg·m²", 1.0, 0.0}},
      {"izz", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Izz"), "kg·m²", 1.0, 0.0}},
      {"ixy", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Ixy"), "kg·m²"}},
      {"ixz", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Ixz"), "kg·m²"}},
      {"iyz", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Iyz"), "kg·m²"}},
      {"position", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Position"), "m"}},
      {"part:orientation",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Orientation (Euler 3-1-3)"), "deg", kDeg}},
      {"euler313", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Orientation (Euler 3-1-3)"), "deg", kDeg}},
      {"z_axis", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "z axis"), "-"}},
      {"x_axis", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "x direction"), "-"}},
      {"z_point", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Point on z"), "m"}},
      {"x_point", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Point in xz plane"), "m"}},
      {"velocity", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Velocity"), "m/s"}},
      {"angular_velocity", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Angular velocity"), "deg/s", kDeg}},
      {"gravity", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Gravity"), "m/s²"}},
      {"pitch", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Pitch"), "m/rev"}},
      {"order", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Curve order"), "-", 1.0, 2.0}},
      {"curve_start", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial contact point"), "m"}},
      {"curve_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial speed along the curve"), "m/s"}},
      {"i_curve_start",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial contact point on the I curve"), "m"}},
      {"i_curve_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial speed along the I curve"), "m/s"}},
      {"ratio", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Ratio"), "-"}},
      {"rack_pinion:ratio", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Pitch radius"), "m"}},
      {"stiffness", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Stiffness"), "N/m", 1.0, 0.0}},
      {"damping", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Damping"), "N·s/m", 1.0, 0.0}},
      {"free_length", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Free length"), "m"}},
      {"preload", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Preload"), "N"}},
      {"rot:stiffness", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Stiffness"), "N·m/rad", 1.0, 0.0}},
      {"rot:damping", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Damping"), "N·m·s/rad", 1.0, 0.0}},
      {"rot:free_length", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Free angle"), "deg", kDeg}},
      {"rot:preload", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Preload"), "N·m"}},
      {"translational_stiffness",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Translational stiffness"), "N/m"}},
      {"translational_damping",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Translational damping"), "N·s/m"}},
      {"rotational_stiffness",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Rotational stiffness"), "N·m/rad"}},
      {"rotational_damping",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Rotational damping"), "N·m·s/rad"}},
      {"preload_force", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Preload force"), "N"}},
      {"preload_torque", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Preload torque"), "N·m"}},
      {"interface_node",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Interface node (flexible part, -1: none)"), "-", 1.0,
        -1.0}},
      {"initial_displacement",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial displacement"), "m or rad"}},
      {"initial_velocity", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial velocity"), "m/s or rad/s"}},
      // A motion's initial conditions in the unit of the freedom it drives (its axis).
      {"motion:initial_displacement",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial displacement"), "m"}},
      {"motion:initial_velocity", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial velocity"), "m/s"}},
      {"rotmotion:initial_displacement",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial displacement"), "deg", kDeg}},
      {"rotmotion:initial_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial velocity"), "deg/s", kDeg}},
      {"mu_static", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "μ static"), "-", 1.0, 0.0}},
      {"mu_dynamic", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "μ dynamic"), "-", 1.0, 0.0}},
      {"stiction_transition_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Stiction transition velocity"), "m/s", 1.0, 0.0}},
      {"transition_velocity_factor",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Transition velocity factor"), "-", 1.0, 1.0}},
      {"max_stiction_deformation",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Max stiction deformation"), "m", 1.0, 0.0}},
      {"pin_radius", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Pin radius"), "m", 1.0, 0.0}},
      {"friction_arm", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Friction arm"), "m", 1.0, 0.0}},
      {"bending_reflection_arm",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Bending reflect arm"), "m", 1.0, 0.0}},
      {"half_length", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Joint half length"), "m", 1.0, 0.0}},
      {"friction:preload_force", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Preload force"), "N"}},
      {"friction:preload_torque", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Preload torque"), "N·m"}},
      {"stribeck_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Stribeck velocity"), "m/s", 1.0, 0.0}},
      // A clearance joint's pin-in-hole contact (docs/solver-notes.md, "Clearance joints").
      {"clearance:clearance",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Radial clearance c"), "m", 1.0, 0.0}},
      {"clearance:journal_radius",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Journal radius"), "m", 1.0, 0.0}},
      // Spherical: a ball in a socket; translational: a slider in a guide, gap c on each side.
      {"clearance:ball_radius", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Ball radius"), "m", 1.0, 0.0}},
      {"clearance:slider_length",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Slider length"), "m", 1.0, 0.0}},
      {"translational:clearance",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Clearance per side c (along x)"), "m", 1.0, 0.0}},
      // K's unit depends on n (force / length^n, powersOf): the exponent's row is right under it.
      {"clearance:stiffness",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Contact stiffness K"), "N/mⁿ", 1.0, 0.0}},
      {"clearance:exponent",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Force exponent n"), "-", 1.0, 1.0}},
      {"clearance:restitution",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Restitution coefficient e"), "-", 1.0, 0.0}},
      // Polynomial damping (seed 003): F = K δⁿ + (d₁ δ + d₂ δ²) δ̇.
      {"clearance:linear_damping",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Damping d₁ (of δ·dδ/dt)"), "N·s/m²", 1.0, 0.0}},
      {"clearance:quadratic_damping",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Damping d₂ (of δ²·dδ/dt)"), "N·s/m³", 1.0, 0.0}},
      // Adams IMPACT: F = K δⁿ + STEP(δ, 0, 0, d, c_max) δ̇.
      {"clearance:max_damping",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Max damping c_max"), "N·s/m", 1.0, 0.0}},
      {"clearance:penetration_depth",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Penetration depth d (full damping)"), "m", 1.0, 0.0}},
      {"clearance:transition_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Friction transition velocity"), "m/s", 1.0, 0.0}},
      // A contact between solids (Adams CONTACT): IMPACT F = K δᵉ + STEP(δ, 0, 0, d, c) δ̇, K in
      // force/lengthᵉ (powersOf, e the exponent), or POISSON's penalty and restitution.
      {"contact:stiffness", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Stiffness K"), "N/mⁿ", 1.0, 0.0}},
      {"contact:exponent", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Force exponent e"), "-", 1.0, 1.0}},
      {"contact:damping", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Max damping c"), "N·s/m", 1.0, 0.0}},
      {"contact:dmax", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Penetration depth d"), "m", 1.0, 0.0}},
      {"contact:penalty", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Penalty"), "N/m", 1.0, 0.0}},
      {"contact:restitution",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Restitution coefficient"), "-", 1.0, 0.0}},
      {"contact:normal_transition_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Normal transition velocity"), "m/s", 1.0, 0.0}},
      {"contact:friction_transition_velocity",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Friction transition velocity"), "m/s", 1.0, 0.0}},
      {"end_time", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "End time"), "s", 1.0, 0.0}},
      {"output_steps", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Output steps"), "-", 1.0, 1.0}},
      {"error_tolerance", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Error tolerance"), "-", 1.0, 0.0}},
      {"max_step_size", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Max step size"), "s", 1.0, 0.0}},
      {"initial_step_size",
       {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Initial step size"), "s", 1.0, 0.0}},
      {"max_iterations", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Max iterations"), "-", 1.0, 1.0}},
      // Shown when the model sets it (a deck's KMAX); 0 is the integrator's own order.
      {"max_order", {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Max order (KMAX)"), "-", 1.0, 0.0}},
  };
  return specs;
}

QString keyLabel(const std::string& key)
{
  static const std::map<std::string, const char*> labels = {
      {"name", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Name")},
      {"description", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Description")},
      {"type", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Type")},
      {"integrator", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Integrator")},
      {"formulation", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Formulation")},
      {"quantity", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Quantity")},
      {"axis", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Axis")},
      {"law", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Contact law")},
      {"joint", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Joint")},
      {"i_marker", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "I marker")},
      {"j_marker", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "J marker")},
      {"cm_marker", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Cm marker")},
      {"reference_marker", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Reference marker")},
      {"floating_marker", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Floating marker (JFLOAT)")},
      {"i_floating_marker", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Floating marker (IFLOAT)")},
      {"closed", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Closed curve")},
      {"through_points", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Curve through the points")},
      {"part", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Part")},
      {"kind", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Kind")},
      {"color", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Color")},
      {"action_only", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Action only")},
      {"use_preload", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Use preload")},
      {"use_reaction_force", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Use reaction force")},
      {"use_bending_moment", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Use bending moment")},
      {"use_torsional_moment", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Use torsional moment")},
  };
  const auto it = labels.find(key);
  if (it != labels.end())
    return PropertyPanel::tr(it->second);
  const QString label = QString::fromStdString(key);
  return label.left(1).toUpper() + label.mid(1).replace('_', ' ');
}

std::vector<std::string> sectionsOf(const json& object, const core::Model& model)
{
  std::vector<std::string> present;
  // The display units name the rows' units (and the fields' messages): new units, new rows.
  const core::UnitSystem& u = model.displayUnits;
  present.push_back("units " + u.lengthName + " " + u.massName + " " + u.timeName + " " + u.forceName + " " +
                    u.angleName);
  for (const char* key : {"friction", "clearance"})
    if (object.contains(key))
      present.emplace_back(key);
  // A clearance's or contact's law decides which coefficients have rows, its exponent the unit of K
  // (a contact's friction which friction rows).
  for (const char* key : {"clearance", "contact"})
    if (object.contains(key) && object[key].is_object())
      present.push_back(std::string(key) + " law " + object[key].value("law", std::string()) + " n " +
                        object[key].value("exponent", json()).dump() + " friction " +
                        object[key].value("friction", json()).dump());
  return present;
}

QStringList enumNames(const std::string& key, const std::string& context)
{
  QStringList names;
  if (key == "type" && context == "joint")
    for (int k = 0; k <= static_cast<int>(core::JointKind::CurveCurve); ++k)
      names << core::toString(static_cast<core::JointKind>(k));
  else if (key == "type" && context == "analysis")
    for (const auto type :
         {core::AnalysisType::InitialConditions, core::AnalysisType::Kinematic, core::AnalysisType::Static,
          core::AnalysisType::QuasiStatic, core::AnalysisType::Dynamic})
      names << core::toString(type);
  else if (key == "integrator")
    for (int k = 0; k <= static_cast<int>(core::Integrator::Abam); ++k)
      names << core::toString(static_cast<core::Integrator>(k));
  else if (key == "formulation")
    names << core::toString(core::Formulation::I3) << core::toString(core::Formulation::SI2)
          << core::toString(core::Formulation::Dmbs) << core::toString(core::Formulation::Auto);
  else if (key == "quantity")
    for (int k = 0; k <= static_cast<int>(core::MotionQuantity::Acceleration); ++k)
      names << core::toString(static_cast<core::MotionQuantity>(k));
  else if (key == "law" && context == "clearance")
    names << "lankarani_nikravesh"
          << "polynomial_damping"
          << "impact";  // core::ClearanceLaw
  else if (key == "axis")
    for (int k = 0; k <= static_cast<int>(core::MotionAxis::RotationZ); ++k)
      names << core::toString(static_cast<core::MotionAxis>(k));
  return names;
}

core::EntityKind referenceKind(const std::string& key)
{
  if (key == "joint")
    return core::EntityKind::Joint;
  return core::EntityKind::Marker;  // i_marker, j_marker, cm_marker, reference_marker
}

QStringList namesOf(const core::Model& model, core::EntityKind kind)
{
  QStringList names{QString()};
  if (kind == core::EntityKind::Joint)
    for (const auto& j : model.joints())
      names << QString::fromStdString(j.name);
  else
    for (const auto& m : model.markers())
      names << QString::fromStdString(m.name);
  return names;
}

QString contextOf(core::EntityKind kind)
{
  switch (kind) {
    case core::EntityKind::Part:
      return "part";
    case core::EntityKind::Marker:
      return "marker";
    case core::EntityKind::Joint:
      return "joint";
    case core::EntityKind::Motion:
      return "motion";
    case core::EntityKind::Force:
      return "force";
    default:
      return "model";
  }
}

}  // namespace mbs::ui::property_fields
