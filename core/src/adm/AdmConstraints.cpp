// JOINT, JPRIM, GEAR, COUPLER, GCON and MOTION statements.
#include "AdmImporter.hpp"

#include <algorithm>
#include <cmath>
#include <span>
#include <sstream>
#include <utility>

#include "../NumberText.hpp"

namespace mbs::core::adm {

// A copy of `marker` (same part and origin) whose z axis is the marker's x (axis 0) or y (axis 1)
// axis, the axes permuted cyclically so the frame stays right-handed.
MarkerId Importer::pinMarker(MarkerId marker, int axis)
{
  const Marker& src = *std::as_const(m_model).marker(marker);
  const Mat3 r = src.localOrientation().value_or(Mat3::Identity());
  Marker m;
  m.name = src.name + (axis == 0 ? "_hooke_x" : "_hooke_y");
  m.part = src.part;
  m.position = src.position;
  m.mode = OrientationMode::Axes;
  m.zAxis = r.col(axis);  // x -> z (y, z, x) or y -> z (z, x, y)
  m.xAxis = r.col(axis == 0 ? 1 : 2);
  return add(m);
}

void Importer::joint(const Statement& st, bool primitive)
{
  static const std::pair<const char*, JointKind> joints[] = {{"REVOLUTE", JointKind::Revolute},
                                                             {"TRANSLATIONAL", JointKind::Translational},
                                                             {"CYLINDRICAL", JointKind::Cylindrical},
                                                             {"SPHERICAL", JointKind::Spherical},
                                                             {"UNIVERSAL", JointKind::Universal},
                                                             {"HOOKE", JointKind::Universal},
                                                             {"FIXED", JointKind::Fixed},
                                                             {"PLANAR", JointKind::Planar},
                                                             {"SCREW", JointKind::Screw},
                                                             {"CONVEL", JointKind::ConstantVelocity},
                                                             {"RACKPIN", JointKind::RackPinion}};
  static const std::pair<const char*, JointKind> prims[] = {{"INLINE", JointKind::Inline},
                                                            {"INPLANE", JointKind::Inplane},
                                                            {"ORIENTATION", JointKind::Orientation},
                                                            {"PARALLEL_AXES", JointKind::ParallelAxes},
                                                            {"PERPENDICULAR", JointKind::Perpendicular},
                                                            {"ATPOINT", JointKind::AtPoint}};
  if (!st.id || m_joints.count(*st.id * (primitive ? -1 : 1))) {
    error(st, 0, st.id ? "duplicate " + label(st) : st.name + " needs an id");
    return;
  }
  std::optional<JointKind> kind;
  for (const auto& [word, k] : primitive ? std::span<const std::pair<const char*, JointKind>>(prims)
                                         : std::span<const std::pair<const char*, JointKind>>(joints)) {
    if (flag(st, word))
      kind = k;
  }
  if (!kind) {
    error(st, 0, "missing or unsupported " + std::string(primitive ? "JPRIM" : "JOINT") + " type");
    return;
  }
  Joint j;
  j.kind = *kind;
  j.name = nameFor(st, primitive ? "JPRIM" : "JOINT");
  const auto i = markerRef(st, "I", true);
  const auto jm = markerRef(st, "J", true);
  if (!i || !jm)
    return;
  if (j.kind == JointKind::RackPinion) {
    // Coupler of the pinion's revolute/cylindrical joint and the rack's translational joint:
    // x_rack = (PD / 2) * theta_pinion. Resolved when all joints are known (coupler pass).
    const auto pd = scalar(st, "PD", m_u.length, std::nullopt);
    if (!pd) {
      error(st, 0, "RACKPIN needs PD (pitch diameter)");
      return;
    }
    j.ratio = 0.5 * *pd;
    j.iMarker = *i;
    j.jMarker = *jm;
    m_pendingRackPins.push_back({&st, j});
    return;
  }
  j.iMarker = *i;
  j.jMarker = *jm;
  if (flag(st, "HOOKE")) {
    // Adams HOOKE: the cross pins are I's x axis and J's y axis (x_I ⟂ y_J; coincident markers
    // are valid), whereas UNIVERSAL (and the model's Universal joint) uses the z axes (z_I ⟂ z_J).
    // Equivalent markers at the same points with z along those pins carry the joint.
    j.iMarker = pinMarker(*i, 0);
    j.jMarker = pinMarker(*jm, 1);
  }
  if (j.kind == JointKind::Screw) {
    j.pitch = scalar(st, "PITCH", m_u.length, 0.0).value_or(0.0);
  }
  jointInitialConditions(st, j);
  j.id = add(j);
  m_joints[*st.id * (primitive ? -1 : 1)] = j.id;
  m_elements[label(st)] = EntityRef(j.id);
}

// GCON of the distance form FUNCTION = DM(a, b) - L: the model has no distance constraint, so it
// becomes what Adams users build with joints, a light link (1e-9 of the lightest part's mass) from
// a to b with a spherical joint at each end. The link's spin about a-b is free and unloaded. Other
// GCON functions are not supported.
void Importer::gcon(const Statement& st)
{
  markerRef(st, "I", false);
  const Argument* fn = arg(st, "FUNCTION");
  std::string text = fn ? fn->values[0] : std::string();
  text.erase(std::remove_if(text.begin(), text.end(),
                            [](char ch) { return std::isspace(static_cast<unsigned char>(ch)); }),
             text.end());
  for (auto& ch : text)
    ch = char(std::toupper(static_cast<unsigned char>(ch)));
  // DM(a,b)-L, parsed by hand: std::regex recurses per character of a long literal.
  std::optional<long> ida, idb;
  std::optional<double> given;
  if (text.starts_with("DM(")) {
    const auto comma = text.find(','), close = text.find(")-");
    if (comma != std::string::npos && close != std::string::npos && comma < close) {
      ida = detail::parseId(std::string_view(text).substr(3, comma - 3));
      idb = detail::parseId(std::string_view(text).substr(comma + 1, close - comma - 1));
      given = detail::parseFiniteDouble(std::string_view(text).substr(close + 2));
    }
  }
  if (!ida || !idb || !given) {
    refuse(st, fn ? fn->line : 0, "GCON is supported only as a distance, FUNCTION = DM(I, J) - L");
    return;
  }
  if (!st.id || !m_gcons.insert(*st.id).second) {
    error(st, 0, st.id ? "duplicate " + label(st) : "GCON needs an id");
    return;
  }
  if (!m_markers.count(*ida) || !m_markers.count(*idb)) {
    error(st, fn->line,
          "GCON: MARKER/" + std::to_string(m_markers.count(*ida) ? *idb : *ida) + " does not exist");
    return;
  }
  const MarkerId a = m_markers[*ida], b = m_markers[*idb];
  const double length = *given * m_u.length;
  const Vec3 pa = m_model.markerGlobalPosition(a), pb = m_model.markerGlobalPosition(b);
  if (std::abs((pa - pb).norm() - length) > 1e-9 * std::max(1.0, length) || length <= 0.0) {
    error(st, fn->line, "GCON: the distance L must be positive and equal the markers' initial distance");
    return;
  }
  double lightest = 0.0;
  for (const Part& part : m_model.parts())
    if (!part.ground && (lightest == 0.0 || part.mass < lightest))
      lightest = part.mass;
  const double scale = 1e-9 * (lightest > 0.0 ? lightest : 1.0);
  Part link;
  link.name = nameFor(st, "GCON") + "_link";
  link.mass = scale;
  link.inertia = {scale * length * length, scale * length * length, scale * length * length, 0, 0, 0};
  link.position = 0.5 * (pa + pb);
  link.id = add(link);
  const MarkerId ends[2] = {a, b};
  for (int k = 0; k < 2; ++k) {
    Marker e;
    e.name = link.name + (k == 0 ? "_i" : "_j");
    e.part = link.id;
    e.position = (k == 0 ? pa : pb) - link.position;
    Joint j;
    j.kind = JointKind::Spherical;
    j.name = link.name + (k == 0 ? "_sph_i" : "_sph_j");
    j.iMarker = add(e);
    j.jMarker = ends[k];
    add(j);
  }
  warn(st, 0, "GCON distance constraint modelled as a light link with two spherical joints");
}

// GEAR, COUPLER and the pending RACKPIN statements (they refer to other joints).
void Importer::coupler(const Statement& st)
{
  Joint j;
  auto jointArg = [&](const Argument& a, std::size_t k) -> std::optional<JointId> {
    auto id = integer(st, a, k);
    if (!id)
      return std::nullopt;
    auto it = m_joints.find(*id);
    if (it == m_joints.end()) {
      error(st, a.line, "JOINT/" + std::to_string(*id) + " does not exist");
      return std::nullopt;
    }
    return it->second;
  };
  // GEAR and COUPLER ids are keys of their own (Adams numbers each statement type separately).
  const long key = (st.name == "GEAR" ? 10000000000L : 20000000000L) + (st.id ? *st.id : 0);
  if (!st.id || m_joints.count(key)) {
    error(st, 0, st.id ? "duplicate " + label(st) : st.name + " needs an id");
    return;
  }
  const Argument* js = arg(st, "JOINTS");
  if (!js || js->values.size() < 2) {
    error(st, js ? js->line : 0, "JOINTS= needs two joint ids");
    return;
  }
  if (js->values.size() > 2) {
    refuse(st, js->line, "couplers of three joints are not supported");
    return;
  }
  const auto a = jointArg(*js, 0), b = jointArg(*js, 1);
  if (!a || !b)
    return;
  j.joints = {*a, *b};
  if (st.name == "GEAR") {
    // Ratio from the common-velocity marker: the pitch-point velocities of both gears along the
    // CV z axis must agree. w_k = s_k x_k' z_k (s_k = +1 if the gear part is the I side).
    j.kind = JointKind::Gear;
    const auto cv = markerRef(st, "CV", true);
    if (!cv)
      return;
    const Vec3 p = m_model.markerGlobalPosition(*cv);
    const Vec3 c = m_model.markerGlobalOrientation(*cv).col(2);
    const PartId carrier = m_model.partOf(*cv);
    double term[2];
    for (int k = 0; k < 2; ++k) {
      const Joint& g = *std::as_const(m_model).joint(j.joints[k]);
      const Vec3 z = m_model.markerGlobalOrientation(g.jMarker).col(2);
      const Vec3 d = p - m_model.markerGlobalPosition(g.jMarker);
      const double s = m_model.partOf(g.iMarker) != carrier ? 1.0 : -1.0;
      term[k] = s * z.cross(d).dot(c);
    }
    if (std::abs(term[1]) < 1e-12) {
      error(st, 0, "the CV marker does not give a gear ratio (it lies on the second joint's axis)");
      return;
    }
    j.ratio = term[0] / term[1];
  } else {
    j.kind = JointKind::Coupler;
    if (const Argument* fn = arg(st, "FUNCTION")) {
      refuse(st, fn->line, "COUPLER cannot be imported: couplers defined by functions are not supported");
      return;
    }
    const Argument* sc = arg(st, "SCALES");
    if (!sc || sc->values.size() != 2) {
      error(st, sc ? sc->line : 0, "SCALES= needs two values (FUNCTION couplers are not supported)");
      return;
    }
    const auto s0 = number(st, *sc, 0, 1.0), s1 = number(st, *sc, 1, 1.0);
    if (!s0 || !s1)
      return;
    // Adams: scale * displacement in the deck's units (length or radian); the model takes SI, so
    // a translational coordinate's scale is divided by the length unit.
    std::string types;  // one letter per joint from TYPE = T:R
    const Argument* t = arg(st, "TYPE");
    if (t) {
      std::stringstream ss(t->values[0]);
      for (std::string w; std::getline(ss, w, ':');)
        if (!w.empty())
          types += char(std::toupper(static_cast<unsigned char>(w.front())));
      if (types.size() != 2 || types.find_first_not_of("TR") != std::string::npos) {
        error(st, t->line, "TYPE must be two of T and R separated by ':' (T:R, R:R, ...)");
        return;
      }
    }
    const double given[2] = {*s0, *s1};
    for (int k = 0; k < 2; ++k) {
      const char natural =
          std::as_const(m_model).joint(j.joints[k])->kind == JointKind::Translational ? 'T' : 'R';
      if (t && types[k] != natural) {
        refuse(st, t->line,
               std::string("TYPE ") + types[k] + " for JOINT/" + js->values[k] +
                   ": couplers use the rotation of revolute and cylindrical joints and the translation of "
                   "translational ones");
        return;
      }
      j.scales[k] = given[k] / (natural == 'T' ? m_u.length : 1.0);
    }
  }
  j.name = nameFor(st, st.name.c_str());
  j.id = add(j);
  m_joints[key] = j.id;
  m_elements[label(st)] = EntityRef(j.id);
}

void Importer::motion(const Statement& st)
{
  Motion m;
  m.name = nameFor(st, "MOTION");
  if (const Argument* ja = arg(st, "JOINT")) {
    auto id = integer(st, *ja, 0);
    if (!id)
      return;
    auto it = m_joints.find(*id);
    if (it == m_joints.end()) {
      error(st, ja->line, "JOINT/" + std::to_string(*id) + " does not exist");
      return;
    }
    m.joint = it->second;
    const JointKind k = std::as_const(m_model).joint(m.joint)->kind;
    // Both flags are read before deciding, so that neither is left unread.
    const bool translation = flag(st, "TRANSLATION"), translational = flag(st, "TRANSLATIONAL");
    const bool rotation = flag(st, "ROTATION"), rotational = flag(st, "ROTATIONAL");
    const bool t = translation || translational, r = rotation || rotational;
    if (t && r) {
      error(st, 0, "MOTION on a joint drives its translation or its rotation, not both");
      return;
    }
    if (!t && !r && k != JointKind::Revolute && k != JointKind::Translational) {
      // A cylindrical joint has both: the deck must say which one the function drives.
      error(st, 0,
            "MOTION on JOINT/" + std::to_string(*id) + " (" + toString(k) +
                ") needs TRANSLATIONAL or ROTATIONAL to say which degree of freedom it drives");
      return;
    }
    m.axis = t   ? MotionAxis::Z
             : r ? MotionAxis::RotationZ
                 : (k == JointKind::Translational ? MotionAxis::Z : MotionAxis::RotationZ);
  } else {
    const auto i = markerRef(st, "I", true), j = markerRef(st, "J", true);
    if (!i || !j)
      return;
    m.iMarker = *i;
    m.jMarker = *j;
    static const std::pair<const char*, MotionAxis> axes[] = {
        {"X", MotionAxis::X},          {"Y", MotionAxis::Y},          {"Z", MotionAxis::Z},
        {"B1", MotionAxis::RotationX}, {"B2", MotionAxis::RotationY}, {"B3", MotionAxis::RotationZ}};
    bool found = false;
    for (const auto& [w, a] : axes) {
      if (flag(st, w)) {
        m.axis = a;
        found = true;
      }
    }
    if (!found) {
      error(st, 0, "MOTION on markers needs one of X, Y, Z, B1, B2, B3");
      return;
    }
  }
  if (flag(st, "VELOCITY"))
    m.quantity = MotionQuantity::Velocity;
  if (flag(st, "ACCELERATION"))
    m.quantity = MotionQuantity::Acceleration;
  flag(st, "DISPLACEMENT");
  const double scale = isRotation(m.axis) ? 1.0 : m_u.length;
  m.initialDisplacement = scalar(st, "ICDISP", scale, 0.0).value_or(0.0);
  m.initialVelocity = scalar(st, "ICVEL", scale / m_u.time, 0.0).value_or(0.0);
  const Argument* fn = arg(st, "FUNCTION");
  if (!fn) {
    error(st, 0, "MOTION needs FUNCTION=");
    return;
  }
  const int timePower = m.quantity == MotionQuantity::Displacement ? 0
                        : m.quantity == MotionQuantity::Velocity   ? 1
                                                                   : 2;
  auto text = expression(st, fn->values[0], fn->line, scale / std::pow(m_u.time, timePower));
  if (!text || !supported(st, *text, fn->line))
    return;
  m.function = *text;
  m.id = add(m);
  m_elements[label(st)] = EntityRef(m.id);
}

// IC = disp, vel of a revolute (rotation) or translational (translation) joint; ICTRAN and ICROT
// of a cylindrical joint. Either value may be left out ("IC = , 2" gives the velocity only).
void Importer::jointInitialConditions(const Statement& st, Joint& j)
{
  // Rotations are in the deck's angle unit (or with the D suffix), translations in its length.
  auto read = [&](const char* key, bool rotation, std::optional<double>& disp, std::optional<double>& vel) {
    const Argument* a = arg(st, key);
    if (!a)
      return;
    auto value = [&](std::size_t k) -> std::optional<double> {
      if (k >= a->values.size() || a->values[k].find_first_not_of(" \t") == std::string::npos)
        return std::nullopt;
      return number(st, *a, k, m_u.length, rotation);
    };
    disp = value(0);
    vel = value(1);
    if (vel)
      *vel /= m_u.time;
  };
  auto& ic = j.initial;
  const bool cylindrical = j.kind == JointKind::Cylindrical;
  if (j.kind == JointKind::Revolute)
    read("IC", true, ic.rotation, ic.angularVelocity);
  else if (j.kind == JointKind::Translational)
    read("IC", false, ic.translation, ic.velocity);
  else if (const Argument* a = arg(st, "IC"))
    refuse(st, a->line, "IC applies to revolute and translational joints only, not to this joint");
  if (cylindrical) {
    read("ICTRAN", false, ic.translation, ic.velocity);
    read("ICROT", true, ic.rotation, ic.angularVelocity);
  } else {
    for (const char* key : {"ICTRAN", "ICROT"})
      if (const Argument* a = arg(st, key))
        refuse(st, a->line, std::string(key) + " applies to cylindrical joints only, not to this joint");
  }
}

}  // namespace mbs::core::adm
