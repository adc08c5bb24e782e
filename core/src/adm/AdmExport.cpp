// Model -> Adams dataset (mbs/core/AdmExport.hpp): parts, markers, graphics, joints, motions and
// the deck's order; forces in AdmForceExport.cpp, data elements and settings in AdmDataExport.cpp.
#include "mbs/core/AdmExport.hpp"

#include <algorithm>

#include "AdmCurveExport.hpp"
#include "AdmWriter.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core {
namespace adm {
namespace {

// The JOINT and JPRIM statements' types of the joint kinds.
const std::map<JointKind, const char*> kJoints{{JointKind::Fixed, "FIXED"},
                                               {JointKind::Revolute, "REVOLUTE"},
                                               {JointKind::Translational, "TRANSLATIONAL"},
                                               {JointKind::Cylindrical, "CYLINDRICAL"},
                                               {JointKind::Spherical, "SPHERICAL"},
                                               {JointKind::Universal, "UNIVERSAL"},
                                               {JointKind::ConstantVelocity, "CONVEL"},
                                               {JointKind::Planar, "PLANAR"},
                                               {JointKind::Screw, "SCREW"}};
const std::map<JointKind, const char*> kPrimitives{{JointKind::Inline, "INLINE"},
                                                   {JointKind::Inplane, "INPLANE"},
                                                   {JointKind::Orientation, "ORIENTATION"},
                                                   {JointKind::ParallelAxes, "PARALLEL_AXES"},
                                                   {JointKind::Perpendicular, "PERPENDICULAR"},
                                                   {JointKind::AtPoint, "ATPOINT"}};

std::string upperCase(std::string s)
{
  for (auto& c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

}  // namespace

std::string Writer::name(const std::string& wanted)
{
  std::string n = wanted;
  for (int k = 2; !m_model.isNameFree(n) || m_usedNames.count(n); ++k)
    n = wanted + "_" + std::to_string(k);
  m_usedNames[n] = 1;
  return n;
}

long Writer::addMarker(PartId part, const std::string& markerName, const Vec3& position, const Mat3& axes)
{
  const long id = m_nextMarker++;
  m_markers.push_back(
      {name(markerName),
       "MARKER/" + std::to_string(id),
       {partArgument(part), "QP = " + vec(position), "REULER = " + vec(matrixToEuler313(axes))}});
  return id;
}

// PTCV with its CURVE and MATRIX (the matrix after the model's own); JFLOAT: the joint's floating
// marker, or one the export adds on RM's part.
void Writer::pointCurve(const Joint& j, long id)
{
  if (!j.curve) {
    error(j.name, "a point-to-curve joint without a curve");
    return;
  }
  const long curve = curveStatement(*j.curve);
  const long jfloat = floatingMarker(j.floatingMarker, j.jMarker, j.name + "_jfloat");
  Statement s{j.name,
              "PTCV/" + std::to_string(id),
              {"I = " + std::to_string(markerId(j.iMarker)), "JFLOAT = " + std::to_string(jfloat),
               "CURVE = " + std::to_string(curve), "RM = " + std::to_string(markerId(j.jMarker))}};
  for (std::string& a : adm::pointCurveInitialArguments(j))
    s.args.push_back(std::move(a));
  m_joints.push_back(s);
}

// CVCV with its two CURVEs and MATRIXes; IFLOAT, JFLOAT: the joint's floating markers, or ones the
// export adds on IRM's and JRM's parts.
void Writer::curveCurve(const Joint& j, long id)
{
  if (!j.curve || !j.iCurve) {
    error(j.name, "a curve-to-curve joint without its two curves");
    return;
  }
  const long iCurve = curveStatement(*j.iCurve);
  const long jCurve = curveStatement(*j.curve);
  const long ifloat = floatingMarker(j.iFloatingMarker, j.iMarker, j.name + "_ifloat");
  const long jfloat = floatingMarker(j.floatingMarker, j.jMarker, j.name + "_jfloat");
  Statement s{j.name,
              "CVCV/" + std::to_string(id),
              {"ICURVE = " + std::to_string(iCurve), "IRM = " + std::to_string(markerId(j.iMarker)),
               "IFLOAT = " + std::to_string(ifloat), "JCURVE = " + std::to_string(jCurve),
               "JRM = " + std::to_string(markerId(j.jMarker)), "JFLOAT = " + std::to_string(jfloat)}};
  for (std::string& a : adm::curveCurveInitialArguments(j))
    s.args.push_back(std::move(a));
  m_joints.push_back(s);
}

// The CURVE ids of the joints' curves count from 1 in joint order (a PTCV's is its own id when no
// CVCV comes before it), data curves' after them.
long Writer::curveStatement(const JointCurve& curve)
{
  const long matrix = long(m_model.matrices.size()) + ++m_extraMatrices;
  const long id = ++m_jointCurves;
  const adm::CurveArguments c = adm::curveArguments(curve, matrix);
  m_rest.push_back({"", "MATRIX/" + std::to_string(matrix), c.matrix});
  m_rest.push_back({"", "CURVE/" + std::to_string(id), c.curve});
  return id;
}

long Writer::floatingMarker(MarkerId marker, MarkerId rm, const std::string& wanted)
{
  if (marker)
    return markerId(marker);
  const long id = m_nextMarker++;
  m_markers.push_back(
      {name(wanted), "MARKER/" + std::to_string(id), {partArgument(m_model.partOf(rm)), "FLOATING"}});
  return id;
}

// Data curves take the CURVE ids after those of the joints' curves (PTCV one, CVCV two, from 1).
long Writer::firstDataCurveId() const
{
  long curves = 0;
  for (const Joint& j : m_model.joints())
    curves += j.kind == JointKind::PointCurve ? 1 : j.kind == JointKind::CurveCurve ? 2 : 0;
  return 1 + curves;
}

long Writer::groundOrigin()
{
  if (!m_groundOrigin)
    m_groundOrigin = addMarker(kGroundId, "ground_origin", Vec3::Zero(), Mat3::Identity());
  return m_groundOrigin;
}

// Names of markers and variables become Adams ids: "DM(tip, pivot)" -> "DM(3, 1)"; the elements
// that load functions read become the ids of their statements: "JOINT(slide, ...)" -> "JPRIM(2, ...)".
std::string Writer::expression(const std::string& text)
{
  // Adams datasets have no design variables: parameters are written as their values.
  std::string out = text.empty() ? "0" : substituteParameters(m_model, text);
  for (const std::string& identifier : expressionIdentifiers(out)) {
    for (const auto& [entity, id] : m_expressionIds) {
      if (upperCase(entity) == identifier)
        out = renameIdentifier(out, entity, id);
    }
  }
  return rewriteElementNames(
      out, [&](std::string_view function, std::string_view name) -> std::optional<ElementStatement> {
        const auto it = m_elements.find(upperCase(std::string(name)));
        if (it == m_elements.end())
          return std::nullopt;
        if (it->second.function.empty()) {
          error(std::string(name),
                std::string(function) + "() reads it, but no Adams function reads a " + it->second.statement);
          return std::nullopt;
        }
        return ElementStatement{it->second.function, it->second.id};
      });
}

// One numbering per statement type, in model order (what the statements below are written with).
void Writer::numberElements()
{
  std::map<std::string, long> last;
  auto number = [&](const std::string& name, const std::string& statement, const std::string& function) {
    m_elements[upperCase(name)] = {statement, ++last[statement], function};
    return last[statement];
  };
  for (const Joint& j : m_model.joints()) {
    if (kJoints.count(j.kind))
      m_jointIds[j.id] = number(j.name, "JOINT", "JOINT");
    else if (kPrimitives.count(j.kind))
      number(j.name, "JPRIM", "JPRIM");
    else if (j.kind == JointKind::PointCurve)
      number(j.name, "PTCV", "PTCV");
    else if (j.kind == JointKind::CurveCurve)
      number(j.name, "CVCV", "CVCV");
    else if (j.kind == JointKind::Coupler)
      number(j.name, "COUPLER", "");
  }
  for (const Motion& m : m_model.motions())
    number(m.name, "MOTION", "MOTION");
  for (const Force& f : m_model.forces()) {
    switch (f.kind) {
      case ForceKind::SingleForce:
      case ForceKind::SingleTorque:
        number(f.name, "SFORCE", "SFORCE");
        break;
      case ForceKind::General:
        number(f.name, "GFORCE", "GFORCE");
        break;
      case ForceKind::VectorForce:
        number(f.name, "VFORCE", "VFORCE");
        break;
      case ForceKind::VectorTorque:
        number(f.name, "VTORQUE", "VTORQUE");
        break;
      case ForceKind::TranslationalSpringDamper:
      case ForceKind::RotationalSpringDamper:
        number(f.name, "SPRINGDAMPER", "SPDP");
        break;
      case ForceKind::Bushing:
        number(f.name, "BUSHING", "BUSH");
        break;
      case ForceKind::Beam:
        number(f.name, "BEAM", "BEAM");
        break;
      case ForceKind::Field:
        number(f.name, "FIELD", "FIELD");
        break;
      case ForceKind::Contact:
        number(f.name, "CONTACT", "CONTACT");
        break;
      case ForceKind::MultiPoint:
        number(f.name, "NFORCE", "NFORCE");
        break;
    }
  }
}

std::string Writer::head(const std::string& entity) const
{
  const ElementStatementId& s = m_elements.at(upperCase(entity));
  return s.statement + "/" + std::to_string(s.id);
}

void Writer::emit(const Statement& s, std::string& to) const
{
  if (!s.viewName.empty())
    to += "!                      adams_view_name='" + s.viewName + "'\n";
  to += s.head + "\n";
  for (const std::string& a : s.args)
    to += ", " + a + "\n";
}

void Writer::parts()
{
  long next = 2, nextPointMass = 1;
  for (const Part& p : m_model.parts())
    m_partIds[p.id] = p.ground ? 1 : p.pointMass ? nextPointMass++ : next++;
  for (const Marker& m : m_model.markers())
    m_markerIds[m.id] = m_nextMarker++;
  for (const Marker& m : m_model.markers())
    m_expressionIds[m.name] = std::to_string(m_markerIds[m.id]);
  for (std::size_t k = 0; k < m_model.variables().size(); ++k)
    m_expressionIds[m_model.variables()[k].name] = std::to_string(k + 1);
  for (std::size_t k = 0; k < m_model.splines.size(); ++k)
    m_expressionIds[m_model.splines[k].name] = std::to_string(k + 1);
  for (std::size_t k = 0; k < m_model.arrays.size(); ++k)
    m_expressionIds[m_model.arrays[k].name] = std::to_string(k + 1);
  for (std::size_t k = 0; k < m_model.differentials.size(); ++k)  // DIF(id), DIF1(id)
    m_expressionIds[m_model.differentials[k].name] = std::to_string(k + 1);
  for (std::size_t k = 0; k < m_model.curves.size(); ++k)  // after the point-to-curve joints' CURVEs
    m_expressionIds[m_model.curves[k].name] = std::to_string(firstDataCurveId() + long(k));
  for (const Part& p : m_model.parts()) {
    m_usedNames[p.name] = 1;
    if (p.ground) {
      m_parts.push_back({p.name, "PART/1", {"GROUND"}});
      continue;
    }
    if (p.flexible) {
      error(p.name, "flexible parts are written in mbstudio's own format only");
      continue;
    }
    if (p.feBeam) {
      error(p.name, "FE beam parts (Adams FE_PART) are written in mbstudio's own format only");
      continue;
    }
    Statement s{p.name, (p.pointMass ? "POINT_MASS/" : "PART/") + std::to_string(m_partIds[p.id]), {}};
    const long cm =
        p.cmMarker ? markerId(p.cmMarker) : addMarker(p.id, p.name + "_cm", Vec3::Zero(), Mat3::Identity());
    // A massless part is written as Adams/View writes a dummy part: no MASS, no IP.
    const bool massless = p.mass == 0.0 && p.inertia == Inertia{0, 0, 0, 0, 0, 0};
    if (p.pointMass)  // no inertia, no angular velocity (validated)
      s.args = {"MASS = " + num(p.mass), "CM = " + std::to_string(cm)};
    else if (massless)
      s.args = {"CM = " + std::to_string(cm)};
    else
      s.args = {"MASS = " + num(p.mass), "CM = " + std::to_string(cm),
                "IP = " + num(p.inertia.ixx) + ", " + num(p.inertia.iyy) + ", " + num(p.inertia.izz) + ", " +
                    num(p.inertia.ixy) + ", " + num(p.inertia.ixz) + ", " + num(p.inertia.iyz)};
    s.args.push_back("QG = " + vec(p.position));
    s.args.push_back("REULER = " + vec(p.orientation));
    // Adams marks a given velocity component exact; a nonzero inexact one becomes exact.
    const char* v[] = {"VX", "VY", "VZ"};
    const char* w[] = {"WX", "WY", "WZ"};
    const Mat3 cmAxes = p.cmMarker ? m_model.markerGlobalOrientation(p.cmMarker) : m_model.partRotation(p.id);
    const Vec3 wCm = cmAxes.transpose() * p.angularVelocity;  // WX..WZ are about the CM marker's axes
    bool inexact = false;
    for (int a = 0; a < 3; ++a) {
      if (p.velocityExact[a] || p.velocity[a] != 0.0)
        s.args.push_back(std::string(v[a]) + " = " + num(p.velocity[a]));
      if (p.angularVelocityExact[a] || wCm[a] != 0.0)
        s.args.push_back(std::string(w[a]) + " = " + num(wCm[a]));
      inexact |=
          (!p.velocityExact[a] && p.velocity[a] != 0.0) || (!p.angularVelocityExact[a] && wCm[a] != 0.0);
    }
    if (inexact)
      m_out.warnings.push_back({{},
                                0,
                                {},
                                p.name,
                                "'" + p.name +
                                    "': initial velocities are written as exact (Adams makes every given "
                                    "component exact)"});
    std::string exact;
    const char* axes[] = {"X", "Y", "Z"};
    for (int a = 0; a < 3; ++a)
      if (p.positionExact[a])
        exact += std::string(exact.empty() ? "" : ":") + axes[a];
    if (p.orientationExact)
      exact += std::string(exact.empty() ? "" : ":") + "PSI:THETA:PHI";
    if (!exact.empty())
      s.args.push_back("EXACT = " + exact);
    m_parts.push_back(s);
  }
}

void Writer::markers()
{
  for (const Marker& m : m_model.markers()) {
    m_usedNames[m.name] = 1;
    Statement s{m.name, "MARKER/" + std::to_string(markerId(m.id)), {partArgument(m.part)}};
    if (m.floating) {
      s.args.push_back("FLOATING");
    } else {
      s.args.push_back("QP = " + vec(m.position));
      s.args.push_back("REULER = " + vec(matrixToEuler313(m.localOrientation().value_or(Mat3::Identity()))));
    }
    m_markers.push_back(s);
  }
}

// Part geometry as GRAPHICS on markers the export adds: Adams cylinders start at their marker,
// boxes at a corner; spheres are ellipsoids with equal diameters; links are two-point outlines.
void Writer::graphics()
{
  long id = 1;
  for (const Part& p : m_model.parts()) {
    if (p.flexible)
      continue;
    for (const Geometry& g : p.geometry) {
      const Mat3 r = euler313ToMatrix(g.orientation);
      const std::string base = p.name + "_graphic";
      Statement s{"", "GRAPHICS/" + std::to_string(id), {}};
      switch (g.kind) {
        case GeometryKind::Cylinder:
          s.args = {
              "CYLINDER",
              "CM = " + std::to_string(addMarker(p.id, base, g.position - r * Vec3(0, 0, 0.5 * g.length), r)),
              "LENGTH = " + num(g.length), "RADIUS = " + num(g.radius)};
          break;
        case GeometryKind::Box:
          s.args = {"BOX",
                    "CORNER = " + std::to_string(addMarker(p.id, base, g.position - r * (0.5 * g.size), r)),
                    "X = " + num(g.size.x()), "Y = " + num(g.size.y()), "Z = " + num(g.size.z())};
          break;
        case GeometryKind::Sphere:
          s.args = {"ELLIPSOID", "CM = " + std::to_string(addMarker(p.id, base, g.position, r)),
                    "XSCALE = " + num(2 * g.radius), "YSCALE = " + num(2 * g.radius),
                    "ZSCALE = " + num(2 * g.radius)};
          break;
        case GeometryKind::Link:
          s.args = {"OUTLINE = " + std::to_string(addMarker(p.id, base, g.point1, Mat3::Identity())) + ", " +
                    std::to_string(addMarker(p.id, base, g.point2, Mat3::Identity()))};
          break;
        case GeometryKind::MeshFile:
          // Adams' EXTERNAL graphics: the file at RM (what an imported EXTERNAL statement was).
          s.args = {"EXTERNAL", "RM = " + std::to_string(addMarker(p.id, base, g.position, r)),
                    "FILE = " + g.path};
          break;
      }
      m_graphics.push_back(s);
      ++id;
    }
  }
}

void Writer::joints()
{
  for (const Joint& j : m_model.joints()) {
    if (isCoupler(j.kind)) {
      if (j.kind != JointKind::Coupler) {
        error(j.name, std::string(toString(j.kind)) +
                          " joints given by a ratio are not written (Adams defines them by markers: GEAR/CV, "
                          "JOINT/RACKPIN)");
        continue;
      }
      std::string types;
      for (int k = 0; k < 2; ++k) {
        if (!m_jointIds.count(j.joints[k])) {
          error(j.name, "a coupler of a joint primitive cannot be written");
          return;
        }
        types += std::string(k ? ":" : "") +
                 (m_model.joint(j.joints[k])->kind == JointKind::Translational ? "T" : "R");
      }
      m_joints.push_back({j.name,
                          head(j.name),
                          {"JOINTS = " + std::to_string(m_jointIds[j.joints[0]]) + ", " +
                               std::to_string(m_jointIds[j.joints[1]]),
                           "TYPE = " + types, "SCALES = " + num(j.scales[0]) + ", " + num(j.scales[1])}});
      continue;
    }
    if (j.kind == JointKind::PointCurve) {
      pointCurve(j, m_elements.at(upperCase(j.name)).id);
      continue;
    }
    if (j.kind == JointKind::CurveCurve) {
      curveCurve(j, m_elements.at(upperCase(j.name)).id);
      continue;
    }
    const bool primitive = kPrimitives.count(j.kind) > 0;
    Statement s{j.name,
                head(j.name),
                {primitive ? kPrimitives.at(j.kind) : kJoints.at(j.kind),
                 "I = " + std::to_string(markerId(j.iMarker)), "J = " + std::to_string(markerId(j.jMarker))}};
    if (j.kind == JointKind::Screw)
      s.args.push_back("PITCH = " + num(j.pitch));
    // IC = displacement, velocity; either may be left out ("IC = , 2").
    auto ic = [](const char* key, const std::optional<double>& d, const std::optional<double>& v) {
      return std::string(key) + " = " + (d ? num(*d) : std::string()) + (v ? ", " + num(*v) : std::string());
    };
    const auto& in = j.initial;
    if (j.kind == JointKind::Revolute && (in.rotation || in.angularVelocity))
      s.args.push_back(ic("IC", in.rotation, in.angularVelocity));
    else if (j.kind == JointKind::Translational && (in.translation || in.velocity))
      s.args.push_back(ic("IC", in.translation, in.velocity));
    else if (j.kind == JointKind::Cylindrical) {
      if (in.rotation || in.angularVelocity)
        s.args.push_back(ic("ICROT", in.rotation, in.angularVelocity));
      if (in.translation || in.velocity)
        s.args.push_back(ic("ICTRAN", in.translation, in.velocity));
    } else if (!in.empty()) {
      error(j.name, "initial conditions of this joint kind have no Adams argument");
    }
    if (j.clearance)
      error(j.name, "a radial clearance has no Adams JOINT argument (Adams models it as a CONTACT)");
    // The mark only chooses DMBS's spanning tree; the motion does not depend on it.
    if (j.constraintElement)
      m_out.warnings.push_back({{},
                                0,
                                {},
                                j.name,
                                "'" + j.name +
                                    "': the DMBS constraint element (cut joint) mark is not written "
                                    "(Adams has no joint-coordinate tree)"});
    m_joints.push_back(s);
    if (j.friction)
      friction(j);
  }
}

void Writer::friction(const Joint& j)
{
  const FrictionParameters& f = *j.friction;
  if (f.halfLength > 0.0 || f.stribeck) {
    error(j.name,
          std::string(f.halfLength > 0.0 ? "the friction bearing half length" : "the Stribeck curve") +
              " has no Adams FRICTION argument");
    return;
  }
  const bool spherical = j.kind == JointKind::Spherical;
  std::string inputs;
  for (const auto& [on, word] :
       {std::pair{f.usePreload, "PRELOAD"}, std::pair{f.useReactionForce, "REACTION_FORCE"},
        std::pair{f.useBendingMoment, "BENDING_MOMENT"}, std::pair{f.useTorsionalMoment, "TORSIONAL_MOMENT"}})
    if (on)
      inputs += std::string(inputs.empty() ? "" : ":") + word;
  if (f.usePreload && f.useReactionForce && f.useBendingMoment && f.useTorsionalMoment)
    inputs = "ALL";
  m_rest.push_back(
      {"",
       "FRICTION/" + std::to_string(m_jointIds.at(j.id)),
       {"JOINT = " + std::to_string(m_jointIds.at(j.id)), "MU_STATIC = " + num(f.staticCoefficient),
        "MU_DYNAMIC = " + num(f.dynamicCoefficient),
        "STICTION_TRANSITION_VELOCITY = " + num(f.stictionTransitionVelocity),
        "TRANSITION_VELOCITY_COEFFICIENT = " + num(f.transitionVelocityFactor),
        "MAX_STICTION_DEFORMATION = " + num(f.maxStictionDeformation),
        "FRICTION_FORCE_PRELOAD = " + num(f.preloadForce),
        "FRICTION_TORQUE_PRELOAD = " + num(f.preloadTorque),
        std::string(spherical ? "BALL_RADIUS = " : "PIN_RADIUS = ") + num(f.pinRadius),
        "FRICTION_ARM = " + num(f.frictionArm), "BENDING_REACTION_ARM = " + num(f.bendingReflectArm),
        "INPUTS = " + (inputs.empty() ? std::string("NONE") : inputs), "EFFECT = ALL"}});
  if (f.inactiveInStatics)
    m_rest.back().args.push_back("INACTIVE = STATIC");
}

void Writer::motions()
{
  static const char* axes[] = {"X", "Y", "Z", "B1", "B2", "B3"};
  for (const Motion& m : m_model.motions()) {
    Statement s{m.name, head(m.name), {}};
    if (m.joint) {
      if (!m_jointIds.count(m.joint)) {
        error(m.name, "it drives a joint that is not written");
        continue;
      }
      s.args = {"JOINT = " + std::to_string(m_jointIds[m.joint]),
                isRotation(m.axis) ? "ROTATION" : "TRANSLATION"};
    } else {
      s.args = {"I = " + std::to_string(markerId(m.iMarker)), "J = " + std::to_string(markerId(m.jMarker)),
                axes[int(m.axis)]};
    }
    s.args.push_back(m.quantity == MotionQuantity::Displacement ? "DISPLACEMENT"
                     : m.quantity == MotionQuantity::Velocity   ? "VELOCITY"
                                                                : "ACCELERATION");
    if (m.quantity != MotionQuantity::Displacement)
      s.args.push_back("ICDISP = " + num(m.initialDisplacement));
    if (m.quantity == MotionQuantity::Acceleration)
      s.args.push_back("ICVEL = " + num(m.initialVelocity));
    s.args.push_back("FUNCTION = " + expression(m.function));
    m_rest.push_back(s);
  }
}

AdmExportResult Writer::run()
{
  numberElements();
  parts();
  markers();
  graphics();
  joints();
  motions();
  forces();
  dataElements();
  outputsAndSettings();
  std::string& t = m_out.text;
  // Title (the importer names the model after the text behind the last ':').
  t = "mbstudio model: " + m_model.name + "\n";
  t += "UNITS/\n, FORCE = NEWTON\n, MASS = KILOGRAM\n, LENGTH = METER\n, TIME = SECOND\n";
  for (const auto* list : {&m_parts, &m_markers, &m_graphics, &m_joints, &m_rest})
    for (const Statement& s : *list)
      emit(s, t);
  t += "END\n";
  return std::move(m_out);
}

}  // namespace adm

AdmExportResult exportAdm(const Model& model)
{
  return adm::Writer(model).run();
}

}  // namespace mbs::core
