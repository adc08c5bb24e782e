// Model -> Adams dataset (mbs/core/AdmExport.hpp). Statements are written one argument per
// continuation line (Adams reads 80 columns), numbers with 17 significant digits.
#include "mbs/core/AdmExport.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include "AdmCurveExport.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core {
namespace {

std::string num(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

std::string vec(const Vec3& v)
{
  return num(v.x()) + ", " + num(v.y()) + ", " + num(v.z());
}

class Writer {
public:
  explicit Writer(const Model& model) : m_model(model) {}
  AdmExportResult run();

private:
  struct Statement {
    std::string viewName, head;
    std::vector<std::string> args;
  };
  void error(const std::string& entity, const std::string& reason)
  {
    m_out.errors.push_back(
        {{}, 0, {}, entity, "'" + entity + "' cannot be written to an Adams dataset: " + reason});
  }
  void emit(const Statement& s, std::string& to) const;
  void linearField(const Force& f, const std::string& i, const std::string& j, const std::string& head);
  void multiPoint(const Force& f, const std::string& j, const std::string& head);
  long m_extraMatrices = 0;  // MATRIX statements written for NFORCEs (after the model's own)
  // A marker id; markers the export adds (CM of a part without one, graphics, the ground origin)
  // get the next ids and names no entity has.
  long markerId(MarkerId id) const { return m_markerIds.at(id); }
  long addMarker(PartId part, const std::string& name, const Vec3& position, const Mat3& axes);
  // "PART = n", or "POINT_MASS = n" for a point mass (Part::pointMass).
  std::string partArgument(PartId part) const
  {
    const Part* p = m_model.part(part);
    return std::string(p && p->pointMass ? "POINT_MASS = " : "PART = ") + std::to_string(m_partIds.at(part));
  }
  void contact(const Force& f, const std::string& label);
  long groundOrigin();
  std::string expression(const std::string& text) const;
  std::string name(const std::string& wanted);

  void parts();
  void markers();
  void graphics();
  void joints();
  void friction(const Joint& joint);
  void pointCurve(const Joint& joint, long id);
  void motions();
  void forces();
  void outputsAndSettings();
  void dataElements();
  long firstDataCurveId() const;

  const Model& m_model;
  AdmExportResult m_out;
  std::vector<Statement> m_parts, m_markers, m_graphics, m_joints, m_rest;
  std::map<PartId, long> m_partIds;
  std::map<MarkerId, long> m_markerIds;
  std::map<JointId, long> m_jointIds;
  std::map<std::string, std::string> m_expressionIds;  // entity name -> Adams id text
  long m_nextMarker = 1;
  long m_groundOrigin = 0;
  std::map<std::string, int> m_usedNames;
};

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

// PTCV with its CURVE and MATRIX (same ids; the matrix after the model's own); JFLOAT: the joint's
// floating marker, or one the export adds on RM's part.
void Writer::pointCurve(const Joint& j, long id)
{
  if (!j.curve) {
    error(j.name, "a point-to-curve joint without a curve");
    return;
  }
  const long matrix = long(m_model.matrices.size()) + ++m_extraMatrices;
  const adm::CurveArguments c = adm::curveArguments(*j.curve, matrix);
  m_rest.push_back({"", "MATRIX/" + std::to_string(matrix), c.matrix});
  m_rest.push_back({"", "CURVE/" + std::to_string(id), c.curve});
  long jfloat = 0;
  if (j.floatingMarker) {
    jfloat = markerId(j.floatingMarker);
  } else {
    jfloat = m_nextMarker++;
    m_markers.push_back({name(j.name + "_jfloat"),
                         "MARKER/" + std::to_string(jfloat),
                         {partArgument(m_model.partOf(j.jMarker)), "FLOATING"}});
  }
  Statement s{j.name,
              "PTCV/" + std::to_string(id),
              {"I = " + std::to_string(markerId(j.iMarker)), "JFLOAT = " + std::to_string(jfloat),
               "CURVE = " + std::to_string(id), "RM = " + std::to_string(markerId(j.jMarker))}};
  for (std::string& a : adm::pointCurveInitialArguments(j))
    s.args.push_back(std::move(a));
  m_joints.push_back(s);
}

// Data curves take the CURVE ids after those of the point-to-curve joints (one each, from 1).
long Writer::firstDataCurveId() const
{
  const auto& joints = m_model.joints();
  return 1 + long(std::count_if(joints.begin(), joints.end(),
                                [](const Joint& j) { return j.kind == JointKind::PointCurve; }));
}

long Writer::groundOrigin()
{
  if (!m_groundOrigin)
    m_groundOrigin = addMarker(kGroundId, "ground_origin", Vec3::Zero(), Mat3::Identity());
  return m_groundOrigin;
}

// Names of markers and variables become Adams ids: "DM(tip, pivot)" -> "DM(3, 1)".
std::string Writer::expression(const std::string& text) const
{
  // Adams datasets have no design variables: parameters are written as their values.
  std::string out = text.empty() ? "0" : substituteParameters(m_model, text);
  for (const std::string& identifier : expressionIdentifiers(out)) {
    for (const auto& [entity, id] : m_expressionIds) {
      std::string upper = entity;
      for (auto& c : upper)
        c = char(std::toupper(static_cast<unsigned char>(c)));
      if (upper == identifier)
        out = renameIdentifier(out, entity, id);
    }
  }
  return out;
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
  static const std::map<JointKind, const char*> joints{{JointKind::Fixed, "FIXED"},
                                                       {JointKind::Revolute, "REVOLUTE"},
                                                       {JointKind::Translational, "TRANSLATIONAL"},
                                                       {JointKind::Cylindrical, "CYLINDRICAL"},
                                                       {JointKind::Spherical, "SPHERICAL"},
                                                       {JointKind::Universal, "UNIVERSAL"},
                                                       {JointKind::ConstantVelocity, "CONVEL"},
                                                       {JointKind::Planar, "PLANAR"},
                                                       {JointKind::Screw, "SCREW"}};
  static const std::map<JointKind, const char*> primitives{{JointKind::Inline, "INLINE"},
                                                           {JointKind::Inplane, "INPLANE"},
                                                           {JointKind::Orientation, "ORIENTATION"},
                                                           {JointKind::ParallelAxes, "PARALLEL_AXES"},
                                                           {JointKind::Perpendicular, "PERPENDICULAR"},
                                                           {JointKind::AtPoint, "ATPOINT"}};
  long nextJoint = 1, nextPrimitive = 1, nextCoupler = 1, nextPointCurve = 1;
  for (const Joint& j : m_model.joints())
    if (joints.count(j.kind))
      m_jointIds[j.id] = nextJoint++;
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
                          "COUPLER/" + std::to_string(nextCoupler++),
                          {"JOINTS = " + std::to_string(m_jointIds[j.joints[0]]) + ", " +
                               std::to_string(m_jointIds[j.joints[1]]),
                           "TYPE = " + types, "SCALES = " + num(j.scales[0]) + ", " + num(j.scales[1])}});
      continue;
    }
    if (j.kind == JointKind::PointCurve) {
      pointCurve(j, nextPointCurve++);
      continue;
    }
    const bool primitive = primitives.count(j.kind) > 0;
    Statement s{
        j.name,
        primitive ? "JPRIM/" + std::to_string(nextPrimitive++) : "JOINT/" + std::to_string(m_jointIds[j.id]),
        {primitive ? primitives.at(j.kind) : joints.at(j.kind), "I = " + std::to_string(markerId(j.iMarker)),
         "J = " + std::to_string(markerId(j.jMarker))}};
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
  long id = 1;
  for (const Motion& m : m_model.motions()) {
    Statement s{m.name, "MOTION/" + std::to_string(id++), {}};
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

void Writer::forces()
{
  std::map<std::string, long> ids;  // per statement type
  for (const Force& f : m_model.forces()) {
    const std::string i = "I = " + std::to_string(markerId(f.iMarker));
    const std::string j = "J = " + std::to_string(f.jMarker ? markerId(f.jMarker) : groundOrigin());
    auto statement = [&](const char* type) { return std::string(type) + "/" + std::to_string(++ids[type]); };
    switch (f.kind) {
      case ForceKind::SingleForce:
      case ForceKind::SingleTorque: {
        Statement s{f.name,
                    statement("SFORCE"),
                    {f.kind == ForceKind::SingleForce ? "TRANSLATIONAL" : "ROTATIONAL", i, j}};
        if (f.actionOnly)
          s.args.push_back("ACTIONONLY");
        s.args.push_back("FUNCTION = " + expression(f.functions[0]));
        m_rest.push_back(s);
        break;
      }
      case ForceKind::General:
      case ForceKind::VectorForce:
      case ForceKind::VectorTorque: {
        const char* type = f.kind == ForceKind::General       ? "GFORCE"
                           : f.kind == ForceKind::VectorForce ? "VFORCE"
                                                              : "VTORQUE";
        const int first = f.kind == ForceKind::VectorTorque ? 3 : 0;
        const int last = f.kind == ForceKind::VectorForce ? 3 : 6;
        static const char* names[] = {"FX", "FY", "FZ", "TX", "TY", "TZ"};
        std::string components;
        for (int c = first; c < last; ++c)
          components += std::string(c > first ? "\\ " : "") + names[c] + " = " + expression(f.functions[c]);
        m_rest.push_back(
            {f.name,
             statement(type),
             {i, "JFLOAT = " + std::to_string(f.jMarker ? markerId(f.jMarker) : groundOrigin()),
              "RM = " + std::to_string(f.referenceMarker ? markerId(f.referenceMarker) : groundOrigin()),
              components}});
        break;
      }
      case ForceKind::TranslationalSpringDamper:
        m_rest.push_back({f.name,
                          statement("SPRINGDAMPER"),
                          {"TRANSLATIONAL", i, j, "K = " + num(f.stiffness), "C = " + num(f.damping),
                           "LENGTH = " + num(f.freeLength), "FORCE = " + num(f.preload)}});
        break;
      case ForceKind::RotationalSpringDamper:
        m_rest.push_back({f.name,
                          statement("SPRINGDAMPER"),
                          {"ROTATIONAL", i, j, "KT = " + num(f.stiffness), "CT = " + num(f.damping),
                           "ANGLE = " + num(f.freeLength), "TORQUE = " + num(f.preload)}});
        break;
      case ForceKind::Bushing:
        m_rest.push_back({f.name,
                          statement("BUSHING"),
                          {i, j, "K = " + vec(f.translationalStiffness), "C = " + vec(f.translationalDamping),
                           "KT = " + vec(f.rotationalStiffness), "CT = " + vec(f.rotationalDamping),
                           "FORCE = " + vec(f.preloadForce), "TORQUE = " + vec(f.preloadTorque)}});
        break;
      case ForceKind::Beam:
      case ForceKind::Field:
        linearField(f, i, j, statement(f.kind == ForceKind::Beam ? "BEAM" : "FIELD"));
        break;
      case ForceKind::Contact:
        if (f.contact)
          contact(f, statement("CONTACT"));
        break;
      case ForceKind::MultiPoint:
        if (f.multiPoint)
          multiPoint(f, j, statement("NFORCE"));
        break;
    }
  }
}

std::string numberList(const std::string& key, const std::vector<double>& values);

// NFORCE in SI: its matrices as MATRIX statements numbered after the model's own; LENGTH as
// Adams' 3n translations (docs/adams-interop.md), so rotational references cannot be written.
void Writer::multiPoint(const Force& f, const std::string& j, const std::string& head)
{
  const MultiPointData& d = *f.multiPoint;
  const std::size_t n = d.iMarkers.size(), size = 6 * n;
  for (std::size_t k = 0; k < d.reference.size(); ++k)
    if (k % 6 >= 3 && d.reference[k] != 0.0) {
      error(f.name, "an NFORCE's LENGTH holds translations only; this one has rotational references");
      return;
    }
  auto matrix = [&](const std::vector<double>& values, std::size_t rows, std::size_t columns) {
    const long id = long(m_model.matrices.size()) + ++m_extraMatrices;
    m_rest.push_back({"",
                      "MATRIX/" + std::to_string(id),
                      {"FULL = RORDER", "ROWS = " + std::to_string(rows),
                       "COLUMNS = " + std::to_string(columns), numberList("VALUES", values)}});
    return std::to_string(id);
  };
  std::string markers = "IMARKERS = ";
  for (std::size_t k = 0; k < n; ++k)
    markers += (k > 0 ? (k % 8 == 0 ? "\n, " : ", ") : "") + std::to_string(markerId(d.iMarkers[k]));
  Statement s{f.name, head, {markers, j, "KMATRIX = " + matrix(d.stiffness, size, size)}};
  if (!d.damping.empty())
    s.args.push_back("CMATRIX = " + matrix(d.damping, size, size));
  if (f.dampingRatio != 0.0)
    s.args.push_back("CRATIO = " + num(f.dampingRatio));
  if (!d.reference.empty()) {
    std::vector<double> translations;
    for (std::size_t k = 0; k < d.reference.size(); ++k)
      if (k % 6 < 3)
        translations.push_back(d.reference[k]);
    s.args.push_back("LENGTH = " + matrix(translations, 3 * n, 1));
  }
  if (!d.preload.empty())
    s.args.push_back("FORCE = " + matrix(d.preload, size, 1));
  m_rest.push_back(s);
}

// A list of numbers as an argument, continued on lines of about 8 values ("X = 1, 2, ...\n, 9").
std::string numberList(const std::string& key, const std::vector<double>& values)
{
  std::string out = key + " = ";
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (k > 0)
      out += k % 8 == 0 ? "\n, " : ", ";
    out += num(values[k]);
  }
  return out;
}

void Writer::dataElements()
{
  for (std::size_t k = 0; k < m_model.splines.size(); ++k) {
    const Spline& s = m_model.splines[k];
    Statement st{s.name, "SPLINE/" + std::to_string(k + 1), {numberList("X", s.x)}};
    for (std::size_t r = 0; r < s.y.size(); ++r) {
      std::vector<double> row = s.y[r];
      if (!s.z.empty())
        row.insert(row.begin(), s.z[r]);
      st.args.push_back(numberList("Y", row));
    }
    if (s.linearExtrapolate)
      st.args.push_back("LINEAR_EXTRAPOLATE");
    m_rest.push_back(st);
  }
  for (std::size_t k = 0; k < m_model.curves.size(); ++k) {
    const long matrix = long(m_model.matrices.size()) + ++m_extraMatrices;
    const adm::CurveArguments c = adm::curveArguments(m_model.curves[k].shape, matrix);
    m_rest.push_back({"", "MATRIX/" + std::to_string(matrix), c.matrix});
    m_rest.push_back(
        {m_model.curves[k].name, "CURVE/" + std::to_string(firstDataCurveId() + long(k)), c.curve});
  }
  for (std::size_t k = 0; k < m_model.arrays.size(); ++k) {
    const DataArray& a = m_model.arrays[k];
    m_rest.push_back({a.name,
                      "ARRAY/" + std::to_string(k + 1),
                      {"IC", "SIZE = " + std::to_string(a.values.size()), numberList("NUMBERS", a.values)}});
  }
  for (std::size_t k = 0; k < m_model.sensors.size(); ++k) {
    const Sensor& s = m_model.sensors[k];
    Statement st{s.name, "SENSOR/" + std::to_string(k + 1), {"VALUE = " + num(s.value)}};
    st.args.push_back("ERROR = " + num(s.error));
    st.args.push_back(s.compare == SensorCompare::GreaterEqual ? "GE"
                      : s.compare == SensorCompare::LessEqual  ? "LE"
                                                               : "EQ");
    for (const auto& [word, on] : {std::pair{"HALT", s.halt}, std::pair{"RETURN", s.stop},
                                   std::pair{"PRINT", s.print}, std::pair{"RESTART", s.restart}})
      if (on)
        st.args.push_back(word);
    if (s.stepSize > 0.0)
      st.args.push_back("STEPSIZE = " + num(s.stepSize));
    // The expressions last, the first ended by '\\' (Adams' rule for an expression not last).
    st.args.push_back((s.evaluate.empty() ? "" : "EVALUATE = " + expression(s.evaluate) + "\\ ") +
                      "FUNCTION = " + expression(s.function));
    if (!s.active)
      error(s.name, "a deactivated sensor has no dataset form (a command file's DEACTIVATE/SENSOR)");
    m_rest.push_back(st);
  }
  // DIFF: the state and its function in SI (the dataset's units), the function last.
  for (std::size_t k = 0; k < m_model.differentials.size(); ++k) {
    const DifferentialEquation& d = m_model.differentials[k];
    Statement st{d.name,
                 "DIFF/" + std::to_string(k + 1),
                 {"IC = " + num(d.initialValue) + (d.implicit ? ", " + num(d.initialRate) : std::string())}};
    if (d.staticHold)
      st.args.push_back("STATIC_HOLD");
    if (d.implicit)
      st.args.push_back("IMPLICIT");
    st.args.push_back("FUNCTION = " + expression(d.function));
    m_rest.push_back(st);
  }
  for (std::size_t k = 0; k < m_model.matrices.size(); ++k) {
    const DataMatrix& m = m_model.matrices[k];
    m_rest.push_back({m.name,
                      "MATRIX/" + std::to_string(k + 1),
                      {"FULL = RORDER", "ROWS = " + std::to_string(m.rows),
                       "COLUMNS = " + std::to_string(m.columns), numberList("VALUES", m.values)}});
  }
}

// BEAM and FIELD in SI: the matrices column by column (Adams' order); a
// BEAM's CMATRIX is the lower triangle of its symmetric damping matrix.
void Writer::linearField(const Force& f, const std::string& i, const std::string& j, const std::string& head)
{
  Statement s{f.name, head, {i, j}};
  // Adams reads 80 columns: two values on the key's line, three on each line after it.
  auto list = [&](const std::string& key, const std::vector<double>& values) {
    std::string line = key + " = ";
    for (std::size_t k = 0; k < values.size(); ++k) {
      line += num(values[k]);
      const bool full = k == 1 || (k > 1 && (k - 1) % 3 == 0);
      if (k + 1 < values.size() && full) {
        s.args.push_back(line);
        line.clear();
      } else if (k + 1 < values.size()) {
        line += ", ";
      }
    }
    s.args.push_back(line);
  };
  auto matrix = [&](const char* key, const Matrix6& m, bool lowerTriangle) {
    std::vector<double> values;
    for (int c = 0; c < 6; ++c)
      for (int r = lowerTriangle ? c : 0; r < 6; ++r)
        values.push_back(m[6 * r + c]);
    list(key, values);
  };
  const bool damped =
      std::any_of(f.dampingMatrix.begin(), f.dampingMatrix.end(), [](double v) { return v != 0.0; });
  if (f.kind == ForceKind::Beam) {
    const BeamSection& b = f.beam;
    s.args.insert(s.args.end(), {"LENGTH = " + num(b.length), "IXX = " + num(b.ixx), "IYY = " + num(b.iyy),
                                 "IZZ = " + num(b.izz), "AREA = " + num(b.area),
                                 "ASY = " + num(b.shearAreaRatioY), "ASZ = " + num(b.shearAreaRatioZ),
                                 "EMODULUS = " + num(b.youngsModulus), "GMODULUS = " + num(b.shearModulus)});
    for (int r = 0; r < 6 && damped; ++r)
      for (int c = 0; c < r; ++c)
        if (f.dampingMatrix[6 * r + c] != f.dampingMatrix[6 * c + r]) {
          error(f.name, "a BEAM's damping matrix (CMATRIX) is symmetric; this one is not");
          return;
        }
    if (damped)
      matrix("CMATRIX", f.dampingMatrix, true);
  } else {
    matrix("KMATRIX", f.stiffnessMatrix, false);
    if (damped)
      matrix("CMATRIX", f.dampingMatrix, false);
    list("LENGTH", std::vector<double>(f.reference.begin(), f.reference.end()));
    list("FORCE", std::vector<double>(f.preload6.begin(), f.preload6.end()));
  }
  if (f.dampingRatio != 0.0)
    s.args.push_back("CRATIO = " + num(f.dampingRatio));
  m_rest.push_back(s);
}

// A contact between solids: its solids as GRAPHICS on added markers (Adams' placement: cylinders
// and frusta from their base, boxes from a corner), then CONTACT with the law and friction (SI).
void Writer::contact(const Force& f, const std::string& label)
{
  const ContactParameters& c = *f.contact;
  std::string geometry[2];
  for (int side = 0; side < 2; ++side) {
    const PartId part = m_model.marker(side == 0 ? f.iMarker : f.jMarker)->part;
    for (const ContactSolid& solid : side == 0 ? c.iSolids : c.jSolids) {
      const Mat3 r = euler313ToMatrix(solid.orientation);
      const std::string base = f.name + "_solid";
      Statement g{"", "GRAPHICS/" + std::to_string(m_graphics.size() + 1), {}};
      switch (solid.kind) {
        case ContactSolidKind::Cylinder:
        case ContactSolidKind::Frustum: {
          const long cm = addMarker(part, base, solid.position - r * Vec3(0, 0, 0.5 * solid.length), r);
          if (solid.kind == ContactSolidKind::Cylinder)
            g.args = {"CYLINDER", "CM = " + std::to_string(cm), "LENGTH = " + num(solid.length),
                      "RADIUS = " + num(solid.radius)};
          else
            g.args = {"FRUSTUM", "CM = " + std::to_string(cm), "LENGTH = " + num(solid.length),
                      "TOP = " + num(solid.topRadius), "BOTTOM = " + num(solid.radius)};
          break;
        }
        case ContactSolidKind::Box:
          g.args = {
              "BOX",
              "CORNER = " + std::to_string(addMarker(part, base, solid.position - r * (0.5 * solid.size), r)),
              "X = " + num(solid.size.x()), "Y = " + num(solid.size.y()), "Z = " + num(solid.size.z())};
          break;
        case ContactSolidKind::Sphere:
        case ContactSolidKind::Ellipsoid: {
          const Vec3 d = solid.kind == ContactSolidKind::Sphere ? Vec3(Vec3::Constant(2 * solid.radius))
                                                                : Vec3(2 * solid.size);
          g.args = {"ELLIPSOID", "CM = " + std::to_string(addMarker(part, base, solid.position, r)),
                    "XSCALE = " + num(d.x()), "YSCALE = " + num(d.y()), "ZSCALE = " + num(d.z())};
          break;
        }
        case ContactSolidKind::Plane:
          g.args = {"PLANE", "RM = " + std::to_string(addMarker(part, base, solid.position, r))};
          break;
        case ContactSolidKind::Torus:
          g.args = {"TORUS", "CM = " + std::to_string(addMarker(part, base, solid.position, r)),
                    "MAJOR_RADIUS = " + num(solid.radius), "MINOR_RADIUS = " + num(solid.minorRadius)};
          break;
        default:
          m_out.errors.push_back({{},
                                  0,
                                  {},
                                  f.name,
                                  "contact '" + f.name + "': its " + toString(solid.kind) + " solid '" +
                                      solid.name + "' has no GRAPHICS form this export writes"});
          continue;
      }
      geometry[side] += (geometry[side].empty() ? "" : ", ") + g.head.substr(g.head.find('/') + 1);
      m_graphics.push_back(g);
    }
  }
  Statement s{f.name, label, {"IGEOM = " + geometry[0], "JGEOM = " + geometry[1]}};
  if (c.law == ContactLaw::Impact) {
    s.args.insert(s.args.end(), {"IMPACT", "STIFFNESS = " + num(c.stiffness), "EXPONENT = " + num(c.exponent),
                                 "DAMPING = " + num(c.damping), "DMAX = " + num(c.dmax)});
  } else {
    s.args.insert(s.args.end(), {"POISSON", "PENALTY = " + num(c.penalty),
                                 "RESTITUTION_COEFFICIENT = " + num(c.restitution)});
  }
  if (c.friction != ContactFriction::Off) {
    s.args.push_back(std::string("COULOMB_FRICTION = ") +
                     (c.friction == ContactFriction::On ? "ON" : "DYNAMICS_ONLY"));
    if (c.friction == ContactFriction::On) {
      s.args.push_back("MU_STATIC = " + num(c.muStatic));
      s.args.push_back("STICTION_TRANSITION_VELOCITY = " + num(c.stictionVelocity));
    }
    s.args.push_back("MU_DYNAMIC = " + num(c.muDynamic));
    s.args.push_back("FRICTION_TRANSITION_VELOCITY = " + num(c.frictionVelocity));
  }
  if (c.inactiveInStatics)
    s.args.push_back("INACTIVE_DURING = STATIC");
  m_rest.push_back(s);
}

void Writer::outputsAndSettings()
{
  for (std::size_t k = 0; k < m_model.variables().size(); ++k) {
    const Variable& v = m_model.variables()[k];
    m_rest.push_back({v.name, "VARIABLE/" + std::to_string(k + 1), {"FUNCTION = " + expression(v.function)}});
  }
  // PINPUT and POUTPUT list their VARIABLEs by the ids written above (VARIABLE/k+1).
  for (const bool inputs : {true, false}) {
    const auto& ports = inputs ? m_model.plantInputs : m_model.plantOutputs;
    for (std::size_t k = 0; k < ports.size(); ++k) {
      const PlantPort& p = ports[k];
      std::string ids;
      for (const std::string& name : p.variables) {
        const VariableId id = m_model.findVariable(name);
        const auto& vs = m_model.variables();
        const auto at = std::find_if(vs.begin(), vs.end(), [&](const Variable& v) { return v.id == id; });
        if (!id || at == vs.end()) {
          error(p.name, std::string(inputs ? "plant input '" : "plant output '") + p.name + "': '" + name +
                            "' is not a VARIABLE of the model");
          continue;
        }
        ids += (ids.empty() ? "" : ", ") + std::to_string(at - vs.begin() + 1);
      }
      m_rest.push_back({p.name,
                        std::string(inputs ? "PINPUT/" : "POUTPUT/") + std::to_string(k + 1),
                        {"VARIABLES = " + ids}});
    }
  }
  long id = 1;
  for (const Request& r : m_model.requests) {
    Statement s{r.name, "REQUEST/" + std::to_string(id++), {}};
    if (r.kind == RequestKind::Functions) {
      std::string components;
      for (int k = 0; k < 8; ++k)
        if (!r.functions[k].empty())
          components += std::string(components.empty() ? "" : "\\ ") + "F" + std::to_string(k + 1) + " = " +
                        expression(r.functions[k]);
      if (!r.comment.empty())
        s.args.push_back("COMMENT = " + r.comment);
      s.args.push_back(components);
    } else {
      static const char* kinds[] = {"DISPLACEMENT", "VELOCITY", "ACCELERATION", "FORCE"};
      s.args = {
          kinds[int(r.kind)], "I = " + std::to_string(markerId(r.iMarker)),
          "J = " + (r.jMarker ? std::to_string(markerId(r.jMarker)) : std::string("0")),
          "RM = " + (r.referenceMarker ? std::to_string(markerId(r.referenceMarker)) : std::string("0"))};
      if (!r.comment.empty())
        s.args.push_back("COMMENT = " + r.comment);
    }
    m_rest.push_back(s);
  }
  m_rest.push_back({"",
                    "ACCGRAV/",
                    {"IGRAVITY = " + num(m_model.gravity.x()), "JGRAVITY = " + num(m_model.gravity.y()),
                     "KGRAVITY = " + num(m_model.gravity.z())}});
  const AnalysisSettings& a = m_model.analysis;
  static const char* integrators[] = {"GSTIFF", "WSTIFF", "HHT", "RKF45", "CONSTANT_BDF", "DSTIFF", "ABAM"};
  Statement s{"",
              "INTEGRATOR/",
              {integrators[int(a.integrator)], "ERROR = " + num(a.errorTolerance),
               "MAXIT = " + std::to_string(a.maxIterations)}};
  // I3 and SI2 are Adams' words; the automatic and the DMBS formulations have none (the deck then
  // leaves the choice to the reader: mbstudio reads it back as automatic).
  if (a.formulation == Formulation::I3 || a.formulation == Formulation::SI2)
    s.args.insert(s.args.begin() + 1, a.formulation == Formulation::I3 ? "I3" : "SI2");
  if (a.maxStepSize > 0.0)
    s.args.push_back("HMAX = " + num(a.maxStepSize));
  if (a.initialStepSize > 0.0)
    s.args.push_back("HINIT = " + num(a.initialStepSize));
  if (a.maxOrder > 0)
    s.args.push_back("KMAX = " + std::to_string(a.maxOrder));
  m_rest.push_back(s);
}

AdmExportResult Writer::run()
{
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

}  // namespace

AdmExportResult exportAdm(const Model& model)
{
  return Writer(model).run();
}

}  // namespace mbs::core
