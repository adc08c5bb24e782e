// CONTACT statements: a sphere on a plane becomes a GFORCE written with IMPACT and Coulomb
// friction, its parts as model VARIABLEs a user can read and plot (docs/adams-interop.md).
#include <cctype>
#include <cstdio>
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

const char* kindName(int kind)  // as the deck writes it
{
  static const char* names[] = {"ELLIPSOID", "CYLINDER", "PLANE"};
  return names[kind];
}

}  // namespace

// CONTACT/id, IGEOM = sphere, JGEOM = plane (or the other way round), IMPACT, STIFFNESS, EXPONENT,
// DAMPING, DMAX [, COULOMB_FRICTION = ON | DYNAMICS_ONLY | OFF, MU_STATIC, MU_DYNAMIC,
// STICTION_TRANSITION_VELOCITY, FRICTION_TRANSITION_VELOCITY]. With the sphere's centre C
// (marker c, radius r) and the plane's marker P (outward normal z), all in the deck's units:
//   normal force   F_n = IMPACT(DZ(c,P,P), VZ(c,P,P,P), r, k, e, cmax, d)  (zero off the plane's
//                  rectangle), along P's z;
//   slip velocity  of the sphere's lowest point over the plane, in P's frame:
//                  v_x = VX(c,P,P,P) − r WY(c,P,P),  v_y = VY(c,P,P,P) + r WX(c,P,P);
//   friction       −μ(|v|) F_n v/|v| at the contact point, with Adams' μ(|v|): a step from 0 to
//                  μ_s up to the stiction transition velocity, then to μ_d at the friction one;
// applied at C as the force plus the moment of the friction about C, (r F_y, −r F_x, 0). A plane
// on a moving part takes the opposite force and moment at its marker (a second, action-only
// GFORCE); a plane on ground needs none.
void Importer::contact(const Statement& st)
{
  // A refused CONTACT is reported once, not again for each argument left unread.
  const auto refuseContact = [&](int line, const std::string& why) {
    refuse(st, line, why);
    m_failed.insert(&st);
  };
  const auto geometry = [&](const char* key) -> const ContactGeometry* {
    const Argument* a = arg(st, key);
    if (!a) {
      error(st, 0, std::string("missing ") + key + "=graphics");
      return nullptr;
    }
    if (a->values.size() != 1) {
      refuseContact(a->line,
                    std::string(key) + ": a CONTACT of several geometries is not read (one GRAPHICS each)");
      return nullptr;
    }
    const auto id = integer(st, *a, 0);
    if (!id)
      return nullptr;
    const auto it = m_contactGeometry.find(*id);
    if (it == m_contactGeometry.end()) {
      refuseContact(
          a->line,
          std::string(key) + ": GRAPHICS/" + std::to_string(*id) +
              " is not a contact geometry mbstudio reads (a sphere: ELLIPSOID with equal scales; a PLANE)");
      return nullptr;
    }
    return &it->second;
  };
  const ContactGeometry* gi = geometry("IGEOM");
  const ContactGeometry* gj = geometry("JGEOM");
  for (const char* key : {"IFLIP_GEOMETRY", "JFLIP_GEOMETRY"})
    if (const Argument* a = arg(st, key))
      refuseContact(a->line, std::string(key) + ": flipped geometry (contact inside a solid) is not read");
  if (!gi || !gj)
    return;
  using Kind = ContactGeometry::Kind;
  const bool sphereOnPlane = (gi->kind == Kind::Sphere && gj->kind == Kind::Plane) ||
                             (gi->kind == Kind::Plane && gj->kind == Kind::Sphere);
  if (!sphereOnPlane) {
    std::string why = std::string("a CONTACT between ") + kindName(int(gi->kind)) + " and " +
                      kindName(int(gj->kind)) +
                      " geometry is not read; mbstudio reads a sphere (ELLIPSOID) on a PLANE";
    if (gi->kind == Kind::Cylinder && gj->kind == Kind::Cylinder)
      why += " (a pin in a hole is a revolute joint with a radial clearance, docs/user-guide.md)";
    refuseContact(0, why);
    return;
  }
  if (flag(st, "POISSON")) {
    refuseContact(0, "the POISSON normal force is not read; use IMPACT (STIFFNESS, EXPONENT, DAMPING, DMAX)");
    return;
  }
  if (!flag(st, "IMPACT")) {
    error(st, 0, "CONTACT needs IMPACT (the normal force law)");
    return;
  }
  const ContactGeometry& sphere = gi->kind == Kind::Sphere ? *gi : *gj;
  const ContactGeometry& plane = gi->kind == Kind::Plane ? *gi : *gj;
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
  std::string friction = "OFF";
  if (const Argument* a = arg(st, "COULOMB_FRICTION")) {
    friction = a->values[0];
    for (auto& ch : friction)
      ch = char(std::toupper(static_cast<unsigned char>(ch)));
    if (friction != "ON" && friction != "OFF" && friction != "DYNAMICS_ONLY") {
      error(st, a->line, "COULOMB_FRICTION is ON, OFF or DYNAMICS_ONLY, not '" + a->values[0] + "'");
      return;
    }
  }
  double muStatic = 0.0, muDynamic = 0.0, stictionVelocity = 0.0, frictionVelocity = 0.0;
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
                       "), " + r + ", " + literal(*values[0]) + ", " + literal(*values[1]) + ", " +
                       literal(*values[2]) + ", " + literal(*values[3]) + ")";
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

}  // namespace mbs::core::adm
