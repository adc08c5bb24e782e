#include "EntityJsonCommon.hpp"

#include <algorithm>

#include "CurveJson.hpp"
#include "FlexibleJson.hpp"

#include "ExpressionUnits.hpp"

namespace mbs::core::detail {
namespace {

json geometryToJson(const Geometry& g)
{
  json j = {{"kind", toString(g.kind)}};
  switch (g.kind) {
    case GeometryKind::Box:
      j["size"] = vec(g.size);
      break;
    case GeometryKind::Cylinder:
      j["radius"] = g.radius;
      j["length"] = g.length;
      break;
    case GeometryKind::Sphere:
      j["radius"] = g.radius;
      break;
    case GeometryKind::Link:
      j["point1"] = vec(g.point1);
      j["point2"] = vec(g.point2);
      j["radius"] = g.radius;
      break;
    case GeometryKind::MeshFile:
      j["path"] = g.path;
      break;
  }
  if (g.kind != GeometryKind::Link) {
    j["position"] = vec(g.position);
    j["orientation"] = vec(g.orientation);
  }
  j["density"] = g.density;
  if (!g.color.empty()) {
    j["color"] = g.color;
  }
  return j;
}

Geometry geometryFromJson(const json& j, const std::string& at, const UnitSystem& u, Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  Geometry g;
  if (!rd.isObject()) {
    return g;
  }
  const auto kind = geometryKindFromString(rd.string("kind"));
  if (!kind) {
    rd.error("kind", "unknown geometry kind (box, cylinder, sphere, link, mesh_file)");
    return g;
  }
  g.kind = *kind;
  switch (g.kind) {
    case GeometryKind::Box:
      g.size = rd.vec3("size", u.length);
      break;
    case GeometryKind::Cylinder:
      g.radius = rd.number("radius", u.length);
      g.length = rd.number("length", u.length);
      break;
    case GeometryKind::Sphere:
      g.radius = rd.number("radius", u.length);
      break;
    case GeometryKind::Link:
      g.point1 = rd.vec3("point1", u.length);
      g.point2 = rd.vec3("point2", u.length);
      g.radius = rd.number("radius", u.length);
      break;
    case GeometryKind::MeshFile:
      g.path = rd.string("path");
      break;
  }
  if (g.kind != GeometryKind::Link) {
    g.position = rd.vec3("position", u.length, Vec3::Zero());
    g.orientation = rd.vec3("orientation", u.angle, Vec3::Zero());
  }
  g.density = rd.number("density", u.mass / (u.length * u.length * u.length), 0.0);
  g.color = rd.string("color", std::string());
  if (g.density < 0.0) {
    rd.error("density", "density must not be negative");
  }
  rd.finish();
  return g;
}

json frictionToJson(const FrictionParameters& f)
{
  return {{"mu_static", f.staticCoefficient},
          {"mu_dynamic", f.dynamicCoefficient},
          {"stiction_transition_velocity", f.stictionTransitionVelocity},
          {"transition_velocity_factor", f.transitionVelocityFactor},
          {"max_stiction_deformation", f.maxStictionDeformation},
          {"pin_radius", f.pinRadius},
          {"friction_arm", f.frictionArm},
          {"bending_reflection_arm", f.bendingReflectArm},
          {"half_length", f.halfLength},
          {"preload_force", f.preloadForce},
          {"preload_torque", f.preloadTorque},
          {"use_preload", f.usePreload},
          {"use_reaction_force", f.useReactionForce},
          {"use_bending_moment", f.useBendingMoment},
          {"use_torsional_moment", f.useTorsionalMoment},
          {"stribeck", f.stribeck},
          {"stribeck_velocity", f.stribeckVelocity},
          {"inactive_in_statics", f.inactiveInStatics}};
}

FrictionParameters frictionFromJson(const json& j, const std::string& at, const UnitSystem& u,
                                    Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  FrictionParameters f;
  if (!rd.isObject()) {
    return f;
  }
  f.staticCoefficient = rd.number("mu_static");
  f.dynamicCoefficient = rd.number("mu_dynamic");
  f.stictionTransitionVelocity =
      rd.number("stiction_transition_velocity", u.velocity(), f.stictionTransitionVelocity);
  f.transitionVelocityFactor = rd.number("transition_velocity_factor", 1.0, f.transitionVelocityFactor);
  f.maxStictionDeformation = rd.number("max_stiction_deformation", u.length, 0.0);
  f.pinRadius = rd.number("pin_radius", u.length, 0.0);
  f.frictionArm = rd.number("friction_arm", u.length, 0.0);
  f.bendingReflectArm = rd.number("bending_reflection_arm", u.length, 0.0);
  f.halfLength = rd.number("half_length", u.length, 0.0);
  f.preloadForce = rd.number("preload_force", u.force, 0.0);
  f.preloadTorque = rd.number("preload_torque", u.torque(), 0.0);
  f.usePreload = rd.boolean("use_preload", true);
  f.useReactionForce = rd.boolean("use_reaction_force", true);
  f.useBendingMoment = rd.boolean("use_bending_moment", true);
  f.useTorsionalMoment = rd.boolean("use_torsional_moment", true);
  f.stribeck = rd.boolean("stribeck", false);
  f.stribeckVelocity = rd.number("stribeck_velocity", u.velocity(), 0.0);
  f.inactiveInStatics = rd.boolean("inactive_in_statics", false);
  if (f.staticCoefficient < 0.0 || f.dynamicCoefficient < 0.0) {
    rd.error("mu_static", "friction coefficients must not be negative");
  }
  rd.finish();
  return f;
}

// The file's names of the clearance contact laws (ClearanceLaw order).
constexpr const char* kClearanceLaws[] = {"lankarani_nikravesh", "polynomial_damping", "impact"};

// The size that goes with the clearance per joint kind: the journal's radius (revolute), the ball's
// (spherical), the slider's length (translational).
const char* clearanceSizeKey(JointKind kind)
{
  if (kind == JointKind::Spherical) {
    return "ball_radius";
  }
  return kind == JointKind::Translational ? "slider_length" : "journal_radius";
}

// Only the chosen law's coefficients are written (the reader takes either law's).
json clearanceToJson(const ClearanceParameters& c, JointKind kind)
{
  json j = {{"clearance", c.clearance},
            {clearanceSizeKey(kind), kind == JointKind::Translational ? c.sliderLength : c.journalRadius},
            {"law", kClearanceLaws[static_cast<int>(c.law)]},
            {"stiffness", c.stiffness},
            {"exponent", c.exponent}};
  if (c.law == ClearanceLaw::PolynomialDamping) {
    j["linear_damping"] = c.linearDamping;
    j["quadratic_damping"] = c.quadraticDamping;
  } else if (c.law == ClearanceLaw::Impact) {
    j["max_damping"] = c.maxDamping;
    j["penetration_depth"] = c.penetrationDepth;
  } else {
    j["restitution"] = c.restitution;
  }
  j["mu_static"] = c.staticCoefficient;
  j["mu_dynamic"] = c.dynamicCoefficient;
  j["transition_velocity"] = c.transitionVelocity;
  return j;
}

ClearanceParameters clearanceFromJson(const json& j, const std::string& at, const std::string& joint,
                                      JointKind kind, const UnitSystem& u, Diagnostics& errors)
{
  JsonReader rd(j, at, errors, joint);
  ClearanceParameters c;
  if (!rd.isObject()) {
    return c;
  }
  c.clearance = rd.number("clearance", u.length);
  const char* sizeKey = clearanceSizeKey(kind);
  (kind == JointKind::Translational ? c.sliderLength : c.journalRadius) = rd.number(sizeKey, u.length);
  c.exponent = rd.number("exponent", 1.0, c.exponent);
  c.stiffness = rd.number("stiffness", u.force / std::pow(u.length, c.exponent));
  const std::string law = rd.string("law", kClearanceLaws[0]);
  if (law == kClearanceLaws[1]) {
    c.law = ClearanceLaw::PolynomialDamping;
  } else if (law == kClearanceLaws[2]) {
    c.law = ClearanceLaw::Impact;
  } else if (law != kClearanceLaws[0]) {
    rd.error("law", "unknown contact law '" + law + "' (lankarani_nikravesh, polynomial_damping or impact)");
  }
  c.restitution = rd.number("restitution", 1.0, c.restitution);
  // K δ^n + (d₁ δ + d₂ δ²) δ̇: d₁ in force·time/length², d₂ in force·time/length³.
  c.linearDamping = rd.number("linear_damping", u.force * u.time / std::pow(u.length, 2), 0.0);
  c.quadraticDamping = rd.number("quadratic_damping", u.force * u.time / std::pow(u.length, 3), 0.0);
  // Adams IMPACT: K δ^n + STEP(δ, 0, 0, d, c_max) δ̇: c_max in force·time/length, d a length.
  c.maxDamping = rd.number("max_damping", u.force * u.time / u.length, 0.0);
  c.penetrationDepth = rd.number("penetration_depth", u.length, c.penetrationDepth);
  c.staticCoefficient = rd.number("mu_static", 1.0, 0.0);
  c.dynamicCoefficient = rd.number("mu_dynamic", 1.0, 0.0);
  c.transitionVelocity = rd.number("transition_velocity", u.velocity(), c.transitionVelocity);
  if (!(c.clearance > 0.0)) {
    rd.error("clearance", kind == JointKind::Revolute ? "the radial clearance must be positive"
                                                      : "the clearance must be positive");
  }
  if (!((kind == JointKind::Translational ? c.sliderLength : c.journalRadius) > 0.0)) {
    rd.error(sizeKey, kind == JointKind::Spherical       ? "the ball radius must be positive"
                      : kind == JointKind::Translational ? "the slider length must be positive"
                                                         : "the journal radius must be positive");
  }
  if (!(c.stiffness > 0.0)) {
    rd.error("stiffness", "the contact stiffness must be positive");
  }
  if (!(c.exponent >= 1.0)) {
    rd.error("exponent", "the force exponent must be at least 1");
  }
  if (c.law == ClearanceLaw::LankaraniNikravesh && !(c.restitution > 0.0 && c.restitution <= 1.0)) {
    rd.error("restitution", "the coefficient of restitution must be in (0, 1]");
  }
  if (!(c.linearDamping >= 0.0)) {
    rd.error("linear_damping", "the damping coefficients d1 and d2 must not be negative");
  }
  if (!(c.quadraticDamping >= 0.0)) {
    rd.error("quadratic_damping", "the damping coefficients d1 and d2 must not be negative");
  }
  if (!(c.maxDamping >= 0.0)) {
    rd.error("max_damping", "the maximum damping must not be negative");
  }
  if (!(c.penetrationDepth > 0.0)) {
    rd.error("penetration_depth", "the penetration depth must be positive");
  }
  if (c.staticCoefficient < 0.0 || c.dynamicCoefficient < 0.0) {
    rd.error("mu_static", "friction coefficients must not be negative");
  }
  if (!(c.transitionVelocity > 0.0)) {
    rd.error("transition_velocity", "the friction transition velocity must be positive");
  }
  rd.finish();
  return c;
}

// Scale of a motion value: length or angle, per time power.
double motionScale(const UnitSystem& u, MotionAxis axis, MotionQuantity q)
{
  const double base = isRotation(axis) ? u.angle : u.length;
  const int power = q == MotionQuantity::Displacement ? 0 : q == MotionQuantity::Velocity ? 1 : 2;
  return base / std::pow(u.time, power);
}

// Scale of a motion function's value: radians in any unit system (as Adams expressions), else
// the file's length, per time power.
double motionFunctionScale(const UnitSystem& u, MotionAxis axis, MotionQuantity q)
{
  UnitSystem radians = u;
  radians.angle = 1.0;
  return motionScale(radians, axis, q);
}

}  // namespace

json partToJson(const Model& m, const Part& p)
{
  json j = {{"id", p.id.value}, {"name", p.name}};
  if (p.ground) {
    j["ground"] = true;
    // The ground's solids (floors, guides, contact surfaces) are kept; none: the field is left out.
    if (!p.geometry.empty()) {
      json g = json::array();
      for (const auto& shape : p.geometry)
        g.push_back(geometryToJson(shape));
      j["geometry"] = g;
    }
    return j;
  }
  j["mass"] = p.mass;
  if (p.pointMass)
    j["point_mass"] = true;
  j["cm_marker"] = nameOrNull(m, EntityRef(p.cmMarker));
  j["inertia"] = {{"ixx", p.inertia.ixx}, {"iyy", p.inertia.iyy}, {"izz", p.inertia.izz},
                  {"ixy", p.inertia.ixy}, {"ixz", p.inertia.ixz}, {"iyz", p.inertia.iyz}};
  j["position"] = vec(p.position);
  j["orientation"] = vec(p.orientation);
  j["velocity"] = vec(p.velocity);
  j["angular_velocity"] = vec(p.angularVelocity);
  j["exact"] = {{"position", p.positionExact},
                {"orientation", p.orientationExact},
                {"velocity", p.velocityExact},
                {"angular_velocity", p.angularVelocityExact}};
  json g = json::array();
  for (const auto& shape : p.geometry) {
    g.push_back(geometryToJson(shape));
  }
  j["geometry"] = g;
  if (p.feBeam) {  // written only for FE beam parts (mbs/core/FeBeam.hpp)
    const FeBeam& b = *p.feBeam;
    j["fe_beam"] = {{"length", b.length},
                    {"elements", b.elements},
                    {"area", b.area},
                    {"iyy", b.iyy},
                    {"izz", b.izz},
                    {"torsion", b.torsion},
                    {"shear_ratio_y", b.shearRatioY},
                    {"shear_ratio_z", b.shearRatioZ},
                    {"youngs_modulus", b.youngsModulus},
                    {"shear_modulus", b.shearModulus},
                    {"density", b.density},
                    {"damping", b.damping}};
  }
  if (p.flexible) {
    j["flexible"] =
        flexibleToJson(*p.flexible.data, p.flexible.initialModal, p.flexible.initialModalVelocity);
  }
  return j;
}

void partFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Part& p,
                  Diagnostics& errors)
{
  JsonReader rd(
      j, at, errors,
      j.is_object() && j.contains("name") && j["name"].is_string() ? j["name"].get<std::string>() : "");
  if (!rd.isObject()) {
    return;
  }
  header(rd, p);
  p.ground = rd.boolean("ground", false);
  const auto readGeometry = [&] {
    if (const auto* g = rd.child("geometry", false)) {
      if (!g->is_array()) {
        rd.error("geometry", "expected an array");
      } else {
        for (std::size_t k = 0; k < g->size(); ++k) {
          p.geometry.push_back(geometryFromJson((*g)[k], at + "/geometry/" + std::to_string(k), u, errors));
        }
      }
    }
  };
  if (p.ground) {
    p.mass = 0.0;
    readGeometry();
    rd.finish();
    return;
  }
  p.mass = rd.number("mass", u.mass);
  p.pointMass = rd.boolean("point_mass", false);
  p.cmMarker = MarkerId(rd.reference("cm_marker", EntityKind::Marker, r, true));
  if (const auto* in = rd.child("inertia")) {
    JsonReader ri(*in, at + "/inertia", errors, p.name);
    if (ri.isObject()) {
      const double s = u.inertia();
      p.inertia.ixx = ri.number("ixx", s);
      p.inertia.iyy = ri.number("iyy", s);
      p.inertia.izz = ri.number("izz", s);
      p.inertia.ixy = ri.number("ixy", s, 0.0);
      p.inertia.ixz = ri.number("ixz", s, 0.0);
      p.inertia.iyz = ri.number("iyz", s, 0.0);
      ri.finish();
    }
  }
  p.position = rd.vec3("position", u.length, Vec3::Zero());
  p.orientation = rd.vec3("orientation", u.angle, Vec3::Zero());
  p.velocity = rd.vec3("velocity", u.velocity(), Vec3::Zero());
  p.angularVelocity = rd.vec3("angular_velocity", u.angularVelocity(), Vec3::Zero());
  if (const auto* ex = rd.child("exact", false)) {
    JsonReader re(*ex, at + "/exact", errors, p.name);
    if (re.isObject()) {
      p.positionExact = re.bool3("position", {false, false, false});
      p.orientationExact = re.boolean("orientation", false);
      p.velocityExact = re.bool3("velocity", {false, false, false});
      p.angularVelocityExact = re.bool3("angular_velocity", {false, false, false});
      re.finish();
    }
  }
  readGeometry();
  if (const auto* fe = rd.child("fe_beam", false)) {
    JsonReader rb(*fe, at + "/fe_beam", errors, p.name);
    if (rb.isObject()) {
      FeBeam b;
      const double l = u.length, pressure = u.force / (l * l);
      b.length = rb.number("length", l);
      b.elements = rb.integer("elements");
      b.area = rb.number("area", l * l);
      b.iyy = rb.number("iyy", l * l * l * l);
      b.izz = rb.number("izz", l * l * l * l);
      b.torsion = rb.number("torsion", l * l * l * l);
      b.shearRatioY = rb.number("shear_ratio_y", 1.0, 0.0);
      b.shearRatioZ = rb.number("shear_ratio_z", 1.0, 0.0);
      b.youngsModulus = rb.number("youngs_modulus", pressure);
      b.shearModulus = rb.number("shear_modulus", pressure);
      b.density = rb.number("density", u.mass / (l * l * l));
      b.damping = rb.number("damping", u.time, 0.0);
      rb.finish();
      p.feBeam = b;
    }
  }
  if (const auto* fl = rd.child("flexible", false)) {
    auto data = std::make_shared<solver::FlexibleBodyData>();
    flexibleFromJson(*fl, at + "/flexible", p.name, *data, p.flexible.initialModal,
                     p.flexible.initialModalVelocity, errors);
    p.flexible.data = std::move(data);
  }
  rd.finish();
}

json markerToJson(const Model& m, const Marker& k)
{
  json j = {{"id", k.id.value},
            {"name", k.name},
            {"part", nameOf(m, EntityRef(k.part))},
            {"position", vec(k.position)}};
  switch (k.mode) {
    case OrientationMode::Euler313:
      j["orientation"] = {{"euler313", vec(k.euler)}};
      break;
    case OrientationMode::Points:
      j["orientation"] = {{"z_point", vec(k.zPoint)}, {"x_point", vec(k.xPoint)}};
      break;
    case OrientationMode::Axes:
      j["orientation"] = {{"z_axis", vec(k.zAxis)}, {"x_axis", vec(k.xAxis)}};
      break;
  }
  if (k.floating) {
    j["floating"] = true;
  }
  if (k.interfaceNode >= 0) {
    j["interface_node"] = k.interfaceNode;
  }
  return j;
}

void markerFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Marker& k,
                    Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject()) {
    return;
  }
  header(rd, k);
  k.part = PartId(rd.reference("part", EntityKind::Part, r));
  k.position = rd.vec3("position", u.length, Vec3::Zero());
  k.floating = rd.boolean("floating", false);
  k.interfaceNode = rd.integer("interface_node", -1);
  if (const auto* o = rd.child("orientation", false)) {
    JsonReader ro(*o, at + "/orientation", errors, k.name);
    if (ro.isObject()) {
      if (ro.has("euler313")) {
        k.mode = OrientationMode::Euler313;
        k.euler = ro.vec3("euler313", u.angle);
      } else if (ro.has("z_point")) {
        k.mode = OrientationMode::Points;
        k.zPoint = ro.vec3("z_point", u.length);
        k.xPoint = ro.vec3("x_point", u.length);
      } else if (ro.has("z_axis")) {
        k.mode = OrientationMode::Axes;
        k.zAxis = ro.vec3("z_axis");
        k.xAxis = ro.vec3("x_axis");
      } else {
        ro.error("", "expected euler313, z_point/x_point or z_axis/x_axis");
      }
      ro.finish();
    }
  }
  rd.finish();
}

json jointToJson(const Model& m, const Joint& jt)
{
  json j = {{"id", jt.id.value}, {"name", jt.name}, {"type", toString(jt.kind)}};
  if (isCoupler(jt.kind)) {
    j["joints"] = {nameOf(m, EntityRef(jt.joints[0])), nameOf(m, EntityRef(jt.joints[1]))};
    if (jt.kind == JointKind::Coupler) {
      j["scales"] = {jt.scales[0], jt.scales[1]};
    } else {
      j["ratio"] = jt.ratio;
    }
  } else {
    j["i_marker"] = nameOf(m, EntityRef(jt.iMarker));
    j["j_marker"] = nameOf(m, EntityRef(jt.jMarker));
  }
  if (jt.kind == JointKind::Screw) {
    j["pitch"] = jt.pitch;
  }
  if (jt.friction) {
    j["friction"] = frictionToJson(*jt.friction);
  }
  if (jt.clearance) {
    j["clearance"] = clearanceToJson(*jt.clearance, jt.kind);
  }
  if (!jt.initial.empty()) {
    json ic = json::object();
    auto put = [&](const char* key, const std::optional<double>& v) {
      if (v)
        ic[key] = *v;
    };
    put("rotation", jt.initial.rotation);
    put("angular_velocity", jt.initial.angularVelocity);
    put("translation", jt.initial.translation);
    put("velocity", jt.initial.velocity);
    j["initial_conditions"] = ic;
  }
  if (jt.constraintElement) {  // written only when set: older files and readers are unchanged
    j["constraint_element"] = true;
  }
  curveJointToJson(m, jt, j);
  return j;
}

void jointFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Joint& jt,
                   Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject()) {
    return;
  }
  header(rd, jt);
  const auto kind = jointKindFromString(rd.string("type"));
  if (!kind) {
    rd.error("type", "unknown joint type");
    return;
  }
  jt.kind = *kind;
  if (isCoupler(jt.kind)) {
    const auto* js = rd.child("joints");
    if (js && (!js->is_array() || js->size() != 2)) {
      rd.error("joints", "expected the names of two joints");
    } else if (js) {
      for (int c = 0; c < 2; ++c) {
        const auto& e = (*js)[c];
        const auto ref = e.is_string() ? r(e.get<std::string>()) : std::nullopt;
        if (!ref || ref->kind != EntityKind::Joint) {
          rd.error("joints/" + std::to_string(c), "unknown joint " + e.dump());
        } else {
          jt.joints[c] = JointId(ref->id);
        }
      }
    }
    if (jt.kind == JointKind::Coupler) {
      const auto* s = rd.child("scales");
      if (s && (!s->is_array() || s->size() != 2 || !(*s)[0].is_number() || !(*s)[1].is_number())) {
        rd.error("scales", "expected two numbers");
      } else if (s) {
        jt.scales = {(*s)[0].get<double>(), (*s)[1].get<double>()};
      }
    } else {
      jt.ratio = rd.number("ratio", jt.kind == JointKind::RackPinion ? u.length : 1.0);
    }
  } else {
    jt.iMarker = MarkerId(rd.reference("i_marker", EntityKind::Marker, r));
    jt.jMarker = MarkerId(rd.reference("j_marker", EntityKind::Marker, r));
  }
  if (jt.kind == JointKind::Screw) {
    jt.pitch = rd.number("pitch", u.length);
  }
  if (const auto* f = rd.child("friction", false)) {
    jt.friction = frictionFromJson(*f, at + "/friction", u, errors);
  }
  if (const auto* c = rd.child("clearance", false)) {
    if (!supportsClearance(jt.kind)) {
      rd.error("clearance", "only a revolute, spherical or translational joint can have a clearance");
    } else {
      jt.clearance = clearanceFromJson(*c, at + "/clearance", jt.name, jt.kind, u, errors);
    }
  }
  if (const auto* ic = rd.child("initial_conditions", false)) {
    JsonReader ri(*ic, at + "/initial_conditions", errors, jt.name);
    auto get = [&](const char* key, double scale) -> std::optional<double> {
      return ri.has(key) ? std::optional(ri.number(key, scale)) : std::nullopt;
    };
    if (ri.isObject()) {
      jt.initial.rotation = get("rotation", u.angle);
      jt.initial.angularVelocity = get("angular_velocity", u.angularVelocity());
      jt.initial.translation = get("translation", u.length);
      jt.initial.velocity = get("velocity", u.velocity());
      ri.finish();
    }
  }
  jt.constraintElement = rd.boolean("constraint_element", false);
  curveJointFromJson(rd, at, u, r, jt, errors);
  rd.finish();
}

json motionToJson(const Model& m, const Motion& k)
{
  json j = {{"id", k.id.value}, {"name", k.name}};
  if (k.joint) {
    j["joint"] = nameOf(m, EntityRef(k.joint));
  } else {
    j["i_marker"] = nameOf(m, EntityRef(k.iMarker));
    j["j_marker"] = nameOf(m, EntityRef(k.jMarker));
  }
  j["axis"] = toString(k.axis);
  j["quantity"] = toString(k.quantity);
  j["function"] = k.function;
  if (k.quantity != MotionQuantity::Displacement) {
    j["initial_displacement"] = k.initialDisplacement;
  }
  if (k.quantity == MotionQuantity::Acceleration) {
    j["initial_velocity"] = k.initialVelocity;
  }
  return j;
}

void motionFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Motion& k,
                    Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject()) {
    return;
  }
  header(rd, k);
  if (rd.has("joint")) {
    k.joint = JointId(rd.reference("joint", EntityKind::Joint, r));
  } else {
    k.iMarker = MarkerId(rd.reference("i_marker", EntityKind::Marker, r));
    k.jMarker = MarkerId(rd.reference("j_marker", EntityKind::Marker, r));
  }
  const auto axis = motionAxisFromString(rd.string("axis"));
  const auto quantity = motionQuantityFromString(rd.string("quantity", "displacement"));
  if (!axis) {
    rd.error("axis", "unknown axis (x, y, z, rotation_x, rotation_y, rotation_z)");
  }
  if (!quantity) {
    rd.error("quantity", "unknown quantity (displacement, velocity, acceleration)");
  }
  k.axis = axis.value_or(MotionAxis::RotationZ);
  k.quantity = quantity.value_or(MotionQuantity::Displacement);
  k.function = expressionToSI(rd.string("function"), u, motionFunctionScale(u, k.axis, k.quantity));
  k.initialDisplacement =
      rd.number("initial_displacement", motionScale(u, k.axis, MotionQuantity::Displacement), 0.0);
  k.initialVelocity = rd.number("initial_velocity", motionScale(u, k.axis, MotionQuantity::Velocity), 0.0);
  rd.finish();
}

json variableToJson(const Variable& v)
{
  return {{"id", v.id.value}, {"name", v.name}, {"function", v.function}};
}

void variableFromJson(const json& j, const std::string& at, const UnitSystem& u, Variable& v,
                      Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject()) {
    return;
  }
  header(rd, v);
  v.function = expressionToSI(rd.string("function"), u, 1.0);  // value stays in the file's units
  rd.finish();
}

json analysisToJson(const AnalysisSettings& a)
{
  json j = {{"type", toString(a.type)},
            {"end_time", a.endTime},
            {"output_steps", a.outputSteps},
            {"integrator", toString(a.integrator)},
            {"formulation", toString(a.formulation)},
            {"error_tolerance", a.errorTolerance},
            {"max_step_size", a.maxStepSize},
            {"initial_step_size", a.initialStepSize},
            {"max_iterations", a.maxIterations}};
  if (a.maxOrder > 0)
    j["max_order"] = a.maxOrder;  // written only when set: 0 is the integrator's own
  return j;
}

void analysisFromJson(const json& j, const std::string& at, const UnitSystem& u, AnalysisSettings& a,
                      Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject()) {
    return;
  }
  const AnalysisSettings d;
  const auto type = analysisTypeFromString(rd.string("type", toString(d.type)));
  const auto integrator = integratorFromString(rd.string("integrator", toString(d.integrator)));
  const auto formulation = formulationFromString(rd.string("formulation", toString(d.formulation)));
  if (!type)
    rd.error("type", "unknown analysis type (initial_conditions, kinematic, static, quasi_static, dynamic)");
  if (!integrator)
    rd.error("integrator", "unknown integrator (gstiff, wstiff, hht, rkf45, constant_bdf, dstiff, abam)");
  if (!formulation)
    rd.error("formulation", "unknown formulation (i3, si2, dmbs, auto)");
  a.type = type.value_or(d.type);
  a.integrator = integrator.value_or(d.integrator);
  a.formulation = formulation.value_or(d.formulation);
  a.endTime = rd.number("end_time", u.time, d.endTime);
  a.outputSteps = rd.integer("output_steps", d.outputSteps);
  a.errorTolerance = rd.number("error_tolerance", 1.0, d.errorTolerance);
  a.maxStepSize = rd.number("max_step_size", u.time, d.maxStepSize);
  a.initialStepSize = rd.number("initial_step_size", u.time, d.initialStepSize);
  a.maxIterations = rd.integer("max_iterations", d.maxIterations);
  a.maxOrder = rd.integer("max_order", d.maxOrder);
  if (!(a.endTime > 0.0))
    rd.error("end_time", "end time must be positive");
  if (a.outputSteps < 1)
    rd.error("output_steps", "at least one output step");
  if (!(a.errorTolerance > 0.0))
    rd.error("error_tolerance", "tolerance must be positive");
  if (a.maxStepSize < 0.0 || a.initialStepSize < 0.0)
    rd.error("max_step_size", "step sizes must not be negative");
  if (a.maxIterations < 1)
    rd.error("max_iterations", "at least one corrector iteration");
  const int highestOrder = a.integrator == Integrator::Abam ? 12 : 6;
  if (a.maxOrder < 0 || a.maxOrder > highestOrder)
    rd.error("max_order", "the highest order is 1 to " + std::to_string(highestOrder) + " for " +
                              toString(a.integrator) + " (0 or absent: the integrator's own)");
  rd.finish();
}

}  // namespace mbs::core::detail
