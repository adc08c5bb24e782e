// CONTACT statements (docs/adams-interop.md): a sphere on a plane becomes a GFORCE written with
// IMPACT and Coulomb friction, its parts as model VARIABLEs a user can read and plot; a pin in a
// flipped cylinder (a hole) becomes a revolute joint with a radial clearance and the IMPACT law.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <utility>

#include "../ExpressionUnits.hpp"
#include "AdmImporter.hpp"

namespace mbs::core::adm {
namespace {

std::string literal(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

}  // namespace

// CONTACT/id, IGEOM, JGEOM [, IFLIP_GEOMETRY | JFLIP_GEOMETRY], IMPACT, STIFFNESS, EXPONENT, DAMPING,
// DMAX [, COULOMB_FRICTION = ON | DYNAMICS_ONLY | OFF, MU_STATIC, MU_DYNAMIC,
// STICTION_TRANSITION_VELOCITY, FRICTION_TRANSITION_VELOCITY]: the geometry pair decides the
// mapping (sphereOnPlane, pinInHole); every number stays in the deck's units until then.
void Importer::contact(const Statement& st)
{
  // A refused CONTACT is reported once, not again for each argument left unread.
  const auto refuseContact = [&](int line, const std::string& why) {
    refuse(st, line, why);
    m_failed.insert(&st);
  };
  // IGEOM/JGEOM: one or more GRAPHICS ids each.
  std::vector<long> ids[2];
  for (int side = 0; side < 2; ++side) {
    const char* key = side == 0 ? "IGEOM" : "JGEOM";
    const Argument* a = arg(st, key);
    if (!a) {
      error(st, 0, std::string("missing ") + key + "=graphics");
      return;
    }
    for (std::size_t k = 0; k < a->values.size(); ++k) {
      const auto id = integer(st, *a, k);
      if (!id)
        return;
      ids[side].push_back(*id);
    }
  }
  // Which side is flipped (material inside: a hole); the GRAPHICS named must be that side's.
  bool flipped[2] = {false, false};
  for (int side = 0; side < 2; ++side) {
    const char* key = side == 0 ? "IFLIP_GEOMETRY" : "JFLIP_GEOMETRY";
    const char* geomKey = side == 0 ? "IGEOM" : "JGEOM";
    if (const Argument* a = arg(st, key)) {
      const auto id = integer(st, *a, 0);
      if (!id || std::find(ids[side].begin(), ids[side].end(), *id) == ids[side].end()) {
        refuseContact(a->line, std::string(key) + ": flips a GRAPHICS that is not a " + geomKey + " one");
        return;
      }
      flipped[side] = true;
    }
  }
  ContactLaw law;
  law.poisson = flag(st, "POISSON");
  if (law.poisson == flag(st, "IMPACT")) {
    error(st, 0, "CONTACT needs one normal force law: IMPACT or POISSON");
    return;
  }
  if (law.poisson) {
    const auto penalty = scalar(st, "PENALTY", 1.0, std::nullopt);
    const auto restitution = scalar(st, "RESTITUTION_COEFFICIENT", 1.0, std::nullopt);
    if (!penalty || !restitution) {
      error(st, 0, "POISSON needs PENALTY= and RESTITUTION_COEFFICIENT=");
      return;
    }
    if (!(*penalty > 0 && *restitution >= 0 && *restitution <= 1)) {
      error(st, 0, "POISSON needs PENALTY > 0 and 0 ≤ RESTITUTION_COEFFICIENT ≤ 1");
      return;
    }
    law.penalty = *penalty, law.restitution = *restitution;
  } else {
    std::optional<double> values[4];
    const char* impactKeys[] = {"STIFFNESS", "EXPONENT", "DAMPING", "DMAX"};
    for (int k = 0; k < 4; ++k) {
      values[k] = scalar(st, impactKeys[k], 1.0, std::nullopt);  // the deck's units
      if (!values[k]) {
        error(st, 0, std::string("IMPACT needs ") + impactKeys[k] + "=");
        return;
      }
    }
    if (!(*values[0] >= 0 && *values[1] > 0 && *values[2] >= 0 && *values[3] > 0)) {
      error(st, 0, "IMPACT needs STIFFNESS ≥ 0, EXPONENT > 0, DAMPING ≥ 0 and DMAX > 0");
      return;
    }
    law.stiffness = *values[0], law.exponent = *values[1], law.damping = *values[2], law.depth = *values[3];
  }
  std::string& friction = law.friction;
  if (const Argument* a = arg(st, "COULOMB_FRICTION")) {
    friction = a->values[0];
    for (auto& ch : friction)
      ch = char(std::toupper(static_cast<unsigned char>(ch)));
    if (friction != "ON" && friction != "OFF" && friction != "DYNAMICS_ONLY") {
      error(st, a->line, "COULOMB_FRICTION is ON, OFF or DYNAMICS_ONLY, not '" + a->values[0] + "'");
      return;
    }
  }
  double &muStatic = law.muStatic, &muDynamic = law.muDynamic;
  double &stictionVelocity = law.stictionVelocity, &frictionVelocity = law.frictionVelocity;
  if (friction != "OFF") {
    const auto given = [&](const char* key) {
      const auto v = scalar(st, key, 1.0, std::nullopt);
      if (!v)
        error(st, 0, "COULOMB_FRICTION = " + friction + " needs " + key + "=");
      return v;
    };
    const auto ms = friction == "ON" ? given("MU_STATIC") : std::optional<double>(0.0);
    const auto md = given("MU_DYNAMIC");
    const auto vs = friction == "ON" ? given("STICTION_TRANSITION_VELOCITY") : std::optional<double>(0.0);
    const auto vf = given("FRICTION_TRANSITION_VELOCITY");
    if (!ms || !md || !vs || !vf)
      return;
    muStatic = *ms, muDynamic = *md, stictionVelocity = *vs, frictionVelocity = *vf;
    if (!(muStatic >= 0 && muDynamic >= 0 && frictionVelocity > stictionVelocity && stictionVelocity >= 0)) {
      error(st, 0,
            "friction needs MU_STATIC, MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > "
            "STICTION_TRANSITION_VELOCITY ≥ 0");
      return;
    }
  }
  // A sphere on a plane with IMPACT stays the GFORCE it always was; a pin in a flipped cylinder a
  // clearance joint; everything else is a contact between solids (solidContact).
  const bool single = ids[0].size() == 1 && ids[1].size() == 1;
  const ContactGeometry* gi = nullptr;
  const ContactGeometry* gj = nullptr;
  if (single) {
    const auto i = m_contactGeometry.find(ids[0][0]), j = m_contactGeometry.find(ids[1][0]);
    gi = i == m_contactGeometry.end() ? nullptr : &i->second;
    gj = j == m_contactGeometry.end() ? nullptr : &j->second;
  }
  using Kind = ContactGeometry::Kind;
  if (flipped[0] || flipped[1]) {
    if (!gi || !gj || gi->kind != Kind::Cylinder || gj->kind != Kind::Cylinder || law.poisson) {
      refuseContact(
          0,
          "flipped geometry (contact inside a solid) is read only for a CYLINDER in a flipped CYLINDER "
          "(a pin in a hole) with IMPACT");
      return;
    }
    pinInHoleContact(st, *gi, *gj, flipped, law);
    return;
  }
  const bool sphereOnPlane = gi && gj && !law.poisson && !arg(st, "INACTIVE_DURING") &&
                             ((gi->kind == Kind::Sphere && gj->kind == Kind::Plane) ||
                              (gi->kind == Kind::Plane && gj->kind == Kind::Sphere));
  if (sphereOnPlane) {
    sphereOnPlaneContact(st, gi->kind == Kind::Sphere ? *gi : *gj, gi->kind == Kind::Plane ? *gi : *gj, law);
    return;
  }
  solidContact(st, law);
}

// The general CONTACT: the GRAPHICS of IGEOM on one part, those of JGEOM on another, as a contact
// between solids (ForceKind::Contact) with the law and friction in SI.
void Importer::solidContact(const Statement& st, const ContactLaw& law)
{
  const auto refuseContact = [&](int line, const std::string& why) {
    refuse(st, line, why);
    m_failed.insert(&st);
  };
  ContactParameters c;
  PartId parts[2];
  for (int side = 0; side < 2; ++side) {
    const char* key = side == 0 ? "IGEOM" : "JGEOM";
    const Argument* a = arg(st, key);
    for (std::size_t k = 0; k < a->values.size(); ++k) {
      const long id = *integer(st, *a, k);
      const auto it = m_graphicsSolids.find(id);
      if (const auto ext = m_externalGraphics.find(id);
          it == m_graphicsSolids.end() && ext != m_externalGraphics.end()) {
        const std::string suffix = std::filesystem::path(ext->second).extension().string();
        const bool mesh = suffix == ".stl" || suffix == ".STL" || suffix == ".obj" || suffix == ".OBJ";
        refuseContact(a->line,
                      std::string(key) + ": GRAPHICS/" + std::to_string(id) + " is EXTERNAL geometry in '" +
                          ext->second + "', " +
                          (mesh ? "a mesh whose length unit the deck does not give (give it in the native "
                                  "file as a mesh_file solid with its scale)"
                                : "a CAD file mbstudio does not read (Parasolid and Adams shell files are "
                                  "proprietary; save the solid as STL or OBJ and give it in the native file "
                                  "as a mesh_file solid)"));
        return;
      }
      if (it == m_graphicsSolids.end()) {
        refuseContact(a->line,
                      std::string(key) + ": GRAPHICS/" + std::to_string(id) +
                          " is not a solid mbstudio reads as contact geometry (CYLINDER, FRUSTUM, BOX, "
                          "ELLIPSOID, TORUS, PLANE; 2-D ARC, CIRCLE, CURVE and POINT contacts are not "
                          "read)");
        return;
      }
      if (k == 0)
        parts[side] = it->second.part;
      else if (it->second.part != parts[side]) {
        refuseContact(a->line,
                      std::string(key) + ": its GRAPHICS are on different parts (Adams needs one part)");
        return;
      }
      (side == 0 ? c.iSolids : c.jSolids).push_back(it->second.solid);
    }
  }
  if (parts[0] == parts[1]) {
    refuseContact(0, "IGEOM and JGEOM are on the same part");
    return;
  }
  const UnitSystem& u = m_u;
  if (law.poisson) {
    c.law = mbs::core::ContactLaw::Poisson;
    c.penalty = law.penalty * u.force / u.length;
    c.restitution = law.restitution;
  } else {
    c.law = mbs::core::ContactLaw::Impact;
    c.exponent = law.exponent;
    c.stiffness = law.stiffness * u.force / std::pow(u.length, law.exponent);
    c.damping = law.damping * u.force * u.time / u.length;
    c.dmax = law.depth * u.length;
  }
  c.friction = law.friction == "ON"    ? ContactFriction::On
               : law.friction == "OFF" ? ContactFriction::Off
                                       : ContactFriction::DynamicsOnly;
  c.muStatic = law.muStatic, c.muDynamic = law.muDynamic;
  c.stictionVelocity = law.stictionVelocity * u.velocity();
  c.frictionVelocity = law.frictionVelocity * u.velocity();
  if (const Argument* a = arg(st, "INACTIVE_DURING")) {
    std::string v = a->values.empty() ? "" : a->values[0];
    for (auto& ch : v)
      ch = char(std::toupper(static_cast<unsigned char>(ch)));
    if (v != "STATIC") {
      error(st, a->line, "INACTIVE_DURING is STATIC, not '" + (a->values.empty() ? "" : a->values[0]) + "'");
      return;
    }
    c.inactiveInStatics = true;
  }
  // The element's markers: one at each part's frame origin (they only name the parts).
  Force f;
  f.name = nameFor(st, "CONTACT");
  f.kind = ForceKind::Contact;
  for (int side = 0; side < 2; ++side) {
    Marker m;
    m.name = f.name + (side == 0 ? "_i" : "_j");
    m.part = parts[side];
    (side == 0 ? f.iMarker : f.jMarker) = add(m);
  }
  f.contact = std::move(c);
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
}

// A sphere (centre marker c, radius r) on a plane (marker P, outward normal z), all in the deck's units:
//   normal force   F_n = IMPACT(DZ(c,P,P), VZ(c,P,P,P), r, k, e, cmax, d)  (zero off the plane's
//                  rectangle), along P's z;
//   slip velocity  of the sphere's lowest point over the plane, in P's frame:
//                  v_x = VX(c,P,P,P) − r WY(c,P,P),  v_y = VY(c,P,P,P) + r WX(c,P,P);
//   friction       −μ(|v|) F_n v/|v| at the contact point, with Adams' μ(|v|): a step from 0 to
//                  μ_s up to the stiction transition velocity, then to μ_d at the friction one;
// applied at C as the force plus the moment of the friction about C, (r F_y, −r F_x, 0). A plane
// on a moving part takes the opposite force and moment at its marker (a second, action-only
// GFORCE); a plane on ground needs none.
void Importer::sphereOnPlaneContact(const Statement& st, const ContactGeometry& sphere,
                                    const ContactGeometry& plane, const ContactLaw& law)
{
  const std::string& friction = law.friction;
  const double muStatic = law.muStatic, muDynamic = law.muDynamic;
  const double stictionVelocity = law.stictionVelocity, frictionVelocity = law.frictionVelocity;
  const std::string c = std::to_string(sphere.marker), p = std::to_string(plane.marker);
  const std::string r = literal(sphere.radius);
  const std::string base = nameFor(st, "CONTACT");
  const int line = st.line;
  // Model VARIABLEs in the deck's units, as the deck's own: from Adams text (marker ids) or from
  // text that already names the variables it reads.
  const auto addVariable = [&](const std::string& suffix, const std::string& function) {
    Variable v;
    v.name = base + "_" + suffix;
    v.function = function;
    return m_model.variable(add(v))->name;
  };
  const auto fromAdams = [&](const std::string& suffix,
                             const std::string& adamsText) -> std::optional<std::string> {
    auto text = expression(st, adamsText, line, 1.0);
    if (!text || !supported(st, *text, line))
      return std::nullopt;
    return addVariable(suffix, *text);
  };
  const auto varval = [](const std::string& name) { return "VARVAL(" + name + ")"; };
  std::string normal = "IMPACT(DZ(" + c + "," + p + "," + p + "), VZ(" + c + "," + p + "," + p + "," + p +
                       "), " + r + ", " + literal(law.stiffness) + ", " + literal(law.exponent) + ", " +
                       literal(law.damping) + ", " + literal(law.depth) + ")";
  if (plane.bounds) {  // no force once the centre has left the rectangle
    const auto& b = *plane.bounds;
    const std::string x = "DX(" + c + "," + p + "," + p + ")", y = "DY(" + c + "," + p + "," + p + ")";
    normal += " * IF(" + x + " - " + literal(b[0]) + ": 0, 1, 1) * IF(" + literal(b[1]) + " - " + x +
              ": 0, 1, 1) * IF(" + y + " - " + literal(b[2]) + ": 0, 1, 1) * IF(" + literal(b[3]) + " - " +
              y + ": 0, 1, 1)";
  }
  const auto fn = fromAdams("normal_force", normal);
  if (!fn)
    return;
  std::array<std::string, 6> functions;
  std::string reactionText[2];  // VARVAL of the friction components, in the deck's units
  functions[2] = expressionToSI(varval(*fn), m_u, m_u.force);
  if (friction != "OFF") {
    const auto vx = fromAdams("slip_x", "VX(" + c + "," + p + "," + p + "," + p + ") - " + r + " * WY(" + c +
                                            "," + p + "," + p + ")");
    const auto vy = fromAdams("slip_y", "VY(" + c + "," + p + "," + p + "," + p + ") + " + r + " * WX(" + c +
                                            "," + p + "," + p + ")");
    if (!vx || !vy)
      return;
    const std::string speed = addVariable("slip_speed", "SQRT(" + varval(*vx) + " * " + varval(*vx) + " + " +
                                                            varval(*vy) + " * " + varval(*vy) + ")");
    const std::string mu =
        friction == "ON" ? addVariable("friction_coefficient",
                                       "STEP(" + varval(speed) + ", 0, 0, " + literal(stictionVelocity) +
                                           ", " + literal(muStatic) + ") + STEP(" + varval(speed) + ", " +
                                           literal(stictionVelocity) + ", 0, " + literal(frictionVelocity) +
                                           ", " + literal(muDynamic - muStatic) + ")")
                         : addVariable("friction_coefficient", "STEP(" + varval(speed) + ", 0, 0, " +
                                                                   literal(frictionVelocity) + ", " +
                                                                   literal(muDynamic) + ")");
    // −μ F_n v/|v|; a sphere at rest on the plane has μ = 0 and v = 0, so no 0/0.
    const auto component = [&](const std::string& suffix, const std::string& slip) {
      return addVariable(suffix, "-" + varval(mu) + " * " + varval(*fn) + " * " + varval(slip) + " / MAX(" +
                                     varval(speed) + ", 1E-30)");
    };
    const std::string fx = component("friction_x", *vx), fy = component("friction_y", *vy);
    reactionText[0] = varval(fx);
    reactionText[1] = varval(fy);
    functions[0] = expressionToSI(varval(fx), m_u, m_u.force);
    functions[1] = expressionToSI(varval(fy), m_u, m_u.force);
    functions[3] = expressionToSI(r + " * " + varval(fy), m_u, m_u.torque());
    functions[4] = expressionToSI("-" + r + " * " + varval(fx), m_u, m_u.torque());
  }
  const MarkerId centre = m_markers.at(sphere.marker), surface = m_markers.at(plane.marker);
  // The sphere takes the force and its moment about the centre (action only: a floating marker
  // would be compiled at a fixed point of the plane's part, not at the contact).
  Force f;
  f.name = base;
  f.kind = ForceKind::General;
  f.iMarker = centre;
  f.referenceMarker = surface;
  f.functions = functions;
  f.id = add(f);
  m_elements[label(st)] = EntityRef(f.id);
  if (m_model.partOf(surface) == kGroundId)
    return;
  // A moving plane takes the opposite force at its marker P and the opposite moment about P:
  // −T − d × F, d = the centre's position from P, all in P's frame.
  const std::string cn = std::as_const(m_model).marker(centre)->name;
  const std::string pn = std::as_const(m_model).marker(surface)->name;
  const auto d = [&](const char* axis) {
    return std::string("D") + axis + "(" + cn + "," + pn + "," + pn + ")";
  };
  const std::string fz = varval(*fn);
  const std::string fx = functions[0].empty() ? "0" : reactionText[0];
  const std::string fy = functions[1].empty() ? "0" : reactionText[1];
  Force reaction;
  reaction.name = base + "_reaction";
  reaction.kind = ForceKind::General;
  reaction.iMarker = surface;
  reaction.referenceMarker = surface;
  const std::string tx = functions[0].empty() ? "0" : r + " * " + fy,
                    ty = functions[0].empty() ? "0" : "-" + r + " * " + fx;
  const std::string deck[6] = {"-(" + fx + ")",
                               "-(" + fy + ")",
                               "-(" + fz + ")",
                               "-(" + tx + ") - (" + d("Y") + " * " + fz + " - " + d("Z") + " * " + fy + ")",
                               "-(" + ty + ") - (" + d("Z") + " * " + fx + " - " + d("X") + " * " + fz + ")",
                               "-(" + d("X") + " * " + fy + " - " + d("Y") + " * " + fx + ")"};
  for (int k = 0; k < 6; ++k)
    reaction.functions[k] = expressionToSI(deck[k], m_u, k < 3 ? m_u.force : m_u.torque());
  add(reaction);
}

// A pin (CYLINDER, radius R_j) in a hole (a flipped CYLINDER, radius R_b > R_j) with parallel axes:
// a revolute joint with a radial clearance c = R_b − R_j and the IMPACT law
// K δ^n + STEP(δ, 0, 0, d, c_max) δ̇ on the penetration δ = |e| − c (docs/solver-notes.md,
// "Clearance joints"). Its I marker is added on the pin's part at the hole's centre marker, so that
// the joint's planar constraint (axes parallel, pin in the bearing plane) holds at the start.
// Friction: μ_s up to the stiction transition velocity, μ_d from twice it (the clearance joint's
// model; a FRICTION_TRANSITION_VELOCITY other than twice the stiction one is reported).
void Importer::pinInHoleContact(const Statement& st, const ContactGeometry& gi, const ContactGeometry& gj,
                                const bool flipped[2], const ContactLaw& law)
{
  const auto refuseContact = [&](const std::string& why) {
    refuse(st, 0, why);
    m_failed.insert(&st);
  };
  if (flipped[0] == flipped[1]) {
    refuseContact(flipped[0]
                      ? "both CYLINDERs are flipped: a pin in a hole flips the hole only"
                      : "two solid CYLINDERs: a pin in a hole needs the hole flipped (IFLIP_GEOMETRY or "
                        "JFLIP_GEOMETRY)");
    return;
  }
  const ContactGeometry& pin = flipped[0] ? gj : gi;
  const ContactGeometry& hole = flipped[0] ? gi : gj;
  if (!(hole.radius > pin.radius)) {
    refuseContact("the hole's RADIUS must exceed the pin's for a clearance");
    return;
  }
  const MarkerId pinMarker = m_markers.at(pin.marker), holeMarker = m_markers.at(hole.marker);
  const Mat3 pinAxes = m_model.markerGlobalOrientation(pinMarker);
  const Mat3 holeAxes = m_model.markerGlobalOrientation(holeMarker);
  if (pinAxes.col(2).cross(holeAxes.col(2)).norm() > 1e-6) {
    refuseContact("the CYLINDERs' axes are not parallel: a pin in a hole is read with parallel axes");
    return;
  }
  const PartId pinPart = m_model.partOf(pinMarker);
  if (pinPart == m_model.partOf(holeMarker)) {
    refuseContact("the pin and the hole are on the same part");
    return;
  }
  const std::string base = nameFor(st, "CONTACT");
  // The journal marker: on the pin's part, where the hole's centre marker is, with its axes.
  Marker journal;
  journal.name = base + "_pin";
  journal.part = pinPart;
  const Mat3 partAxes = m_model.partRotation(pinPart);
  journal.position =
      partAxes.transpose() * (m_model.markerGlobalPosition(holeMarker) - m_model.part(pinPart)->position);
  journal.mode = OrientationMode::Axes;
  const Mat3 local = partAxes.transpose() * holeAxes;
  journal.zAxis = local.col(2);
  journal.xAxis = local.col(0);

  const double u = m_u.length;
  ClearanceParameters c;
  c.clearance = (hole.radius - pin.radius) * u;
  c.journalRadius = pin.radius * u;
  c.law = ClearanceLaw::Impact;
  c.exponent = law.exponent;
  c.stiffness = law.stiffness * m_u.force / std::pow(u, law.exponent);
  c.maxDamping = law.damping * m_u.force * m_u.time / u;
  c.penetrationDepth = law.depth * u;
  if (law.friction != "OFF") {
    c.staticCoefficient = law.friction == "ON" ? law.muStatic : law.muDynamic;
    c.dynamicCoefficient = law.muDynamic;
    // Our step: μ_s at v_s, μ_d from 2 v_s; DYNAMICS_ONLY: μ_d from the friction velocity on.
    const double vs = law.friction == "ON" ? law.stictionVelocity : 0.5 * law.frictionVelocity;
    c.transitionVelocity = vs * m_u.velocity();
    if (law.friction == "ON" && std::abs(law.frictionVelocity - 2.0 * vs) > 1e-6 * law.frictionVelocity)
      warn(st, 0,
           "the clearance joint's friction reaches MU_DYNAMIC at twice STICTION_TRANSITION_VELOCITY, not at "
           "FRICTION_TRANSITION_VELOCITY");
  }
  Joint j;
  j.name = base;
  j.kind = JointKind::Revolute;
  j.iMarker = add(journal);
  j.jMarker = holeMarker;
  j.clearance = c;
  j.id = add(j);
  m_elements[label(st)] = EntityRef(j.id);
}

}  // namespace mbs::core::adm
