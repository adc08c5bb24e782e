#include "mbs/core/Compile.hpp"

#include <cctype>
#include <cstdio>
#include <map>
#include <regex>
#include <set>

#include "ContactSolids.hpp"

#include "ExpressionBindings.hpp"
#include "FeBeamCompile.hpp"
#include "VariableOrder.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/Interpolation.hpp"
#include "mbs/core/ModelMotionFunction.hpp"
#include "mbs/solver/LoadReadingFunction.hpp"

namespace mbs::core {
namespace {

// The acceleration measure `text` calls (ACCX … WDTM), directly or through VARVAL of a VARIABLE;
// empty when none. Each VARIABLE is looked into once (`seen`): VARIABLEs may read each other in a
// loop.
std::string accelerationRead(const Model& model, const std::string& text,
                             std::set<std::string>* seen = nullptr)
{
  // (DIF1, a DIFF's derivative, is one too: the solver has it with the accelerations)
  static const std::set<std::string> accelerations = {"ACCX", "ACCY", "ACCZ", "ACCM", "WDTX",
                                                      "WDTY", "WDTZ", "WDTM", "DIF1"};
  const auto upper = [](std::string name) {  // names are case-insensitive, as in Adams
    for (char& c : name)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    return name;
  };
  std::set<std::string> names;
  for (const std::string& name : expressionIdentifiers(text))
    names.insert(upper(name));
  for (const std::string& name : names)
    if (accelerations.count(name))
      return name + "()";
  std::set<std::string> own;
  if (!seen)
    seen = &own;
  for (const Variable& v : model.variables())
    if (names.count(upper(v.name)) && seen->insert(upper(v.name)).second)
      if (std::string inner = accelerationRead(model, v.function, seen); !inner.empty())
        return "VARIABLE '" + v.name + "' (" + inner + ")";
  return {};
}

// DIF1(…) calls written in `text` itself (not through VARIABLEs), as DIF(…): what is left for the
// acceleration check of an implicit DIFF's function.
std::string withoutDirectRates(const std::string& text)
{
  static const std::regex dif1(R"(\bDIF1(\s*\())", std::regex::icase);
  return std::regex_replace(text, dif1, "DIF$1");
}

// The name of another implicit DIFF whose DIF1 `d`'s function reads directly; empty when none.
std::string implicitRateRead(const Model& model, const DifferentialEquation& d)
{
  static const std::regex call(R"(\bDIF1\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)\s*\))", std::regex::icase);
  for (std::sregex_iterator it(d.function.begin(), d.function.end(), call), end; it != end; ++it) {
    const std::string name = (*it)[1];
    for (const DifferentialEquation& other : model.differentials)
      if (other.implicit && &other != &d && other.name == name)
        return name;
  }
  return {};
}

// Whether `text` reads VARIABLE `name` (upper case), directly or through other VARIABLEs (each
// looked into once: they may read each other in a loop).
bool readsVariable(const Model& model, const std::string& text, const std::string& name,
                   std::set<std::string>* seen = nullptr)
{
  const auto upper = [](std::string s) {
    for (char& c : s)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    return s;
  };
  std::set<std::string> names;
  for (const std::string& n : expressionIdentifiers(text))
    names.insert(upper(n));
  if (names.count(name))
    return true;
  std::set<std::string> own;
  if (!seen)
    seen = &own;
  for (const Variable& v : model.variables())
    if (names.count(upper(v.name)) && seen->insert(upper(v.name)).second &&
        readsVariable(model, v.function, name, seen))
      return true;
  return false;
}

namespace sv = mbs::solver;

// A plant input: VARIABLE k of the compiled table, held by putting a constant in its place.
class HeldVariable final : public sv::HeldValue {
public:
  HeldVariable(std::shared_ptr<VariableTable> table, int index)
      : m_table(std::move(table)), m_index(std::size_t(index)), m_own((*m_table)[m_index])
  {
  }
  double value(const sv::StateView& s) const override
  {
    // Not held: as VARVAL reads it (its algebraic loop, if any, solved); held: its own function,
    // which is then in no loop.
    return (*m_table)[m_index] == m_own ? evaluateVariable(*m_table, int(m_index), s.time(), &s)
                                        : m_own->evaluate(s.time(), &s);
  }
  void hold(double value) const override
  {
    char text[40];
    std::snprintf(text, sizeof text, "%.17g", value);
    auto r = Expression::compile(text, ExpressionContext{});
    if (r.ok())
      (*m_table)[m_index] = r.expression;
  }
  void release() const override { (*m_table)[m_index] = m_own; }

private:
  std::shared_ptr<VariableTable> m_table;
  std::size_t m_index;
  std::shared_ptr<const Expression> m_own;
};

template <class Id>
int lookup(const std::unordered_map<Id, int>& m, Id id)
{
  auto it = m.find(id);
  return it == m.end() ? -2 : it->second;
}

class ExpressionForce final : public sv::StateFunction, public sv::LoadReadingFunction {
public:
  explicit ExpressionForce(std::shared_ptr<const Expression> e)
      : m_expr(std::move(e)), m_contacts(m_expr->mayCallContacts())
  {
  }
  double evaluate(const sv::StateView& s) const override { return m_expr->evaluate(s.time(), &s); }
  bool hasContacts() const override { return m_contacts; }
  bool readsLoads() const override { return m_expr->readsLoads(); }
  void contacts(const sv::StateView& s, std::vector<sv::ContactSample>& out) const override
  {
    m_expr->evaluateContacts(s.time(), &s, out);
  }

private:
  std::shared_ptr<const Expression> m_expr;
  bool m_contacts;
};

sv::JointType solverType(JointKind k)
{
  switch (k) {
    case JointKind::Fixed:
      return sv::JointType::Fixed;
    case JointKind::Revolute:
      return sv::JointType::Revolute;
    case JointKind::Translational:
      return sv::JointType::Translational;
    case JointKind::Cylindrical:
      return sv::JointType::Cylindrical;
    case JointKind::Spherical:
      return sv::JointType::Spherical;
    case JointKind::Universal:
      return sv::JointType::Universal;
    case JointKind::ConstantVelocity:
      return sv::JointType::ConstantVelocity;
    case JointKind::Planar:
      return sv::JointType::Planar;
    case JointKind::Screw:
      return sv::JointType::Screw;
    case JointKind::RackPinion:
    case JointKind::Gear:
    case JointKind::Coupler:
      return sv::JointType::Coupler;
    case JointKind::Inline:
      return sv::JointType::Inline;
    case JointKind::Inplane:
      return sv::JointType::Inplane;
    case JointKind::Orientation:
      return sv::JointType::Orientation;
    case JointKind::ParallelAxes:
      return sv::JointType::ParallelAxes;
    case JointKind::Perpendicular:
      return sv::JointType::Perpendicular;
    case JointKind::AtPoint:
      return sv::JointType::AtPoint;
    case JointKind::PointCurve:
      return sv::JointType::PointCurve;
    case JointKind::CurveCurve:
      return sv::JointType::CurveCurve;
  }
  return sv::JointType::Fixed;
}

sv::MotionAxis solverAxis(MotionAxis a)
{
  switch (a) {
    case MotionAxis::X:
      return sv::MotionAxis::X;
    case MotionAxis::Y:
      return sv::MotionAxis::Y;
    case MotionAxis::Z:
      return sv::MotionAxis::Z;
    case MotionAxis::RotationX:
      return sv::MotionAxis::RotationX;
    case MotionAxis::RotationY:
      return sv::MotionAxis::RotationY;
    case MotionAxis::RotationZ:
      return sv::MotionAxis::RotationZ;
  }
  return sv::MotionAxis::RotationZ;
}

// A beam's or field's 6×6 law for the solver (docs/solver-notes.md, "Beams and fields"):
// C = CRATIO × K when a damping ratio is given, else the damping matrix.
sv::LinearField linearField(const Force& f)
{
  const auto matrix = [](const Matrix6& m) {
    sv::Mat6 out;
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 6; ++c)
        out(r, c) = m[6 * r + c];
    return out;
  };
  sv::LinearField field;
  if (f.kind == ForceKind::Beam) {
    const BeamSection& b = f.beam;
    const sv::BeamProperties props{
        b.length,          b.area,           b.ixx, b.iyy, b.izz, b.youngsModulus, b.shearModulus,
        b.shearAreaRatioY, b.shearAreaRatioZ};
    field = sv::beamField(props, matrix(f.dampingMatrix));
  } else {
    field.stiffness = matrix(f.stiffnessMatrix);
    field.damping = matrix(f.dampingMatrix);
    for (int k = 0; k < 6; ++k) {
      field.reference[k] = f.reference[k];
      field.preload[k] = f.preload6[k];
    }
  }
  if (f.dampingRatio > 0.0)
    field.damping = f.dampingRatio * field.stiffness;
  return field;
}

// An NFORCE: one solver entry per I marker sharing its field (solver::MultiPointField), appended
// to `forces` (and its id to `ids`, once per entry). False if it has no I markers.
bool compileMultiPoint(const Force& f, const IndexMap& map, const sv::Force& base,
                       std::vector<sv::Force>& forces, std::vector<ForceId>& ids)
{
  if (!f.multiPoint || f.multiPoint->iMarkers.empty())
    return false;
  const MultiPointData& d = *f.multiPoint;
  const int n = int(d.iMarkers.size()), size = 6 * n;
  auto field = std::make_shared<sv::MultiPointField>();
  for (MarkerId m : d.iMarkers)
    field->iMarkers.push_back(map.markers.at(m));
  auto matrix = [&](const std::vector<double>& v) {
    sv::Mat m = sv::Mat::Zero(size, size);
    if (v.size() == std::size_t(size) * std::size_t(size))
      for (int r = 0; r < size; ++r)
        for (int c = 0; c < size; ++c)
          m(r, c) = v[std::size_t(r) * std::size_t(size) + std::size_t(c)];
    return m;
  };
  auto column = [&](const std::vector<double>& v) {
    sv::Vec x = sv::Vec::Zero(size);
    if (v.size() == std::size_t(size))
      for (int r = 0; r < size; ++r)
        x[r] = v[std::size_t(r)];
    return x;
  };
  field->stiffness = matrix(d.stiffness);
  field->damping = f.dampingRatio > 0.0 ? sv::Mat(f.dampingRatio * field->stiffness) : matrix(d.damping);
  field->reference = column(d.reference);
  field->preload = column(d.preload);
  for (int k = 0; k < n; ++k) {
    sv::Force e = base;
    e.type = sv::ForceType::MultiPoint;
    e.iMarker = field->iMarkers[k];
    e.multiPoint = field;
    e.multiPointMember = k;
    // Each entry's output is the load on its I marker: "<nforce>" (the first), "<nforce>.2" ...
    e.name = k == 0 ? f.name : f.name + "." + std::to_string(k + 1);
    forces.push_back(std::move(e));
    ids.push_back(f.id);
  }
  return true;
}

}  // namespace

int IndexMap::body(PartId id) const
{
  return lookup(bodies, id);
}
int IndexMap::marker(MarkerId id) const
{
  return lookup(markers, id);
}
int IndexMap::joint(JointId id) const
{
  return lookup(joints, id);
}
int IndexMap::force(ForceId id) const
{
  return lookup(forces, id);
}
int IndexMap::motion(MotionId id) const
{
  return lookup(motions, id);
}

int IndexMap::contact(ForceId id) const
{
  return lookup(contacts, id);
}

CompileResult compile(const Model& model)
{
  CompileResult out;
  out.diagnostics = model.validate();
  if (!out.diagnostics.empty()) {
    return out;
  }
  sv::Model& sm = out.model;
  IndexMap& map = out.map;
  sm.name = model.name;
  sm.gravity = model.gravity;
  // Kept apart from the errors: a failed compile reports only errors (never a warning as one).
  Diagnostics warnings;

  // Bodies: CM frame of each part, in ground.
  struct CmFrame {
    Vec3 position = Vec3::Zero();  // in the part frame
    Mat3 rotation = Mat3::Identity();
  };
  std::unordered_map<PartId, CmFrame> cm;
  map.bodies[kGroundId] = sv::kGround;
  for (const Part& p : model.parts()) {
    CmFrame f;
    if (p.cmMarker) {
      const Marker& m = *model.marker(p.cmMarker);
      f.position = m.position;
      f.rotation = *m.localOrientation();
    }
    cm[p.id] = f;
    if (p.ground) {
      continue;
    }
    if (p.feBeam) {
      detail::addFeBeamNodes(p, sm, map);
      continue;
    }
    const Mat3 rp = euler313ToMatrix(p.orientation);
    sv::Body b;
    b.name = p.name;
    b.mass = p.mass;
    b.inertia = p.inertia.matrix();
    b.position = p.position + rp * f.position;
    b.orientation = sv::Quat(rp * f.rotation).normalized();
    b.velocity = p.velocity;
    b.angularVelocity = p.angularVelocity;
    b.positionExact = p.positionExact;
    b.orientationExact = p.orientationExact;
    b.velocityExact = p.velocityExact;
    b.angularVelocityExact = p.angularVelocityExact;
    b.flexible = p.flexible.data;  // its frame is the CM frame above
    b.modalCoordinates = p.flexible.initialModal;
    b.modalVelocities = p.flexible.initialModalVelocity;
    map.bodies[p.id] = int(sm.bodies.size());
    map.bodyIds.push_back(p.id);
    sm.bodies.push_back(std::move(b));
  }

  // Markers in their body's CM frame (ground markers in the ground frame).
  for (const Marker& m : model.markers()) {
    const Part& p = *model.part(m.part);
    const CmFrame& f = cm[p.id];
    const Mat3 local = *m.localOrientation();
    sv::Marker sm_;
    sm_.name = m.name;
    sm_.body = map.bodies[p.id];
    sm_.interfaceNode = m.interfaceNode;
    if (p.feBeam) {
      detail::placeOnFeNode(p, m, map, sm_);
    } else if (p.ground) {
      const Mat3 rg = euler313ToMatrix(p.orientation);
      sm_.position = p.position + rg * m.position;
      sm_.orientation = rg * local;
    } else {
      sm_.position = f.rotation.transpose() * (m.position - f.position);
      sm_.orientation = f.rotation.transpose() * local;
    }
    if (m.floating) {
      warnings.push_back({{},
                          0,
                          {},
                          m.name,
                          "floating marker '" + m.name + "' is compiled at its given position on its part"});
    }
    map.markers[m.id] = int(sm.markers.size());
    map.markerIds.push_back(m.id);
    sm.markers.push_back(std::move(sm_));
  }

  detail::addFeBeamElements(model, sm, map);

  // Point masses (Adams POINT_MASS): their orientation held to ground's by an orientation
  // primitive between a marker at the CM and a ground marker with the initial CM axes, appended
  // after all joints (its torque is the torques that do nothing on a point mass).
  std::vector<sv::Joint> pointMassHolds;
  for (const Part& p : model.parts()) {
    if (!p.pointMass || p.ground)
      continue;
    const int body = map.bodies[p.id];
    sv::Marker onBody, onGround;
    onBody.name = p.name + ".point_mass";
    onBody.body = body;
    onGround.name = p.name + ".point_mass_ground";
    onGround.body = sv::kGround;
    onGround.position = sm.bodies[std::size_t(body)].position;
    onGround.orientation = sm.bodies[std::size_t(body)].orientation.toRotationMatrix();
    sv::Joint hold;
    hold.name = p.name + ".point_mass";
    hold.type = sv::JointType::Orientation;
    hold.iMarker = int(sm.markers.size());
    hold.jMarker = hold.iMarker + 1;
    for (sv::Marker* m : {&onBody, &onGround}) {
      map.markerIds.push_back(MarkerId());
      sm.markers.push_back(std::move(*m));
    }
    pointMassHolds.push_back(std::move(hold));
  }

  // Joints: ordinary joints first, couplers after (they refer to joint indices).
  for (int pass = 0; pass < 2; ++pass) {
    for (const Joint& j : model.joints()) {
      if (isCoupler(j.kind) != (pass == 1)) {
        continue;
      }
      sv::Joint sj;
      sj.name = j.name;
      sj.type = solverType(j.kind);
      sj.pitch = j.pitch;
      sj.friction = j.friction;
      sj.clearance = j.clearance;  // the solver makes it a planar joint plus the contact
      sj.constraintElement = j.constraintElement;
      if (isCoupler(j.kind)) {
        const Joint& first = *model.joint(j.joints[0]);
        sj.iMarker = map.markers[first.iMarker];
        sj.jMarker = map.markers[first.jMarker];
        sj.coupledJoints = {map.joints[j.joints[0]], map.joints[j.joints[1]]};
        sj.couplerScales = j.kind == JointKind::Coupler ? j.scales : std::array<double, 2>{j.ratio, -1.0};
      } else {
        sj.iMarker = map.markers[j.iMarker];
        sj.jMarker = map.markers[j.jMarker];
      }
      const bool curves = j.kind == JointKind::PointCurve || j.kind == JointKind::CurveCurve;
      auto vec3 = [](const std::array<double, 3>& v) { return sv::Vec3(v[0], v[1], v[2]); };
      if (curves && j.curve) {  // in J's axes, as the solver takes it
        sj.curve = std::make_shared<const sv::Curve>(makeCurve(*j.curve));
        if (j.curveStart)
          sj.curveStart = vec3(*j.curveStart);
        sj.curveVelocity = j.curveVelocity;
      }
      if (j.kind == JointKind::CurveCurve && j.iCurve) {  // in I's axes
        sj.iCurve = std::make_shared<const sv::Curve>(makeCurve(*j.iCurve));
        if (j.iCurveStart)
          sj.iCurveStart = vec3(*j.iCurveStart);
        sj.iCurveVelocity = j.iCurveVelocity;
      }
      const int index = int(sm.joints.size());
      if (j.initial.rotation || j.initial.angularVelocity) {
        sm.jointInitialConditions.push_back(
            {index, sv::MotionAxis::RotationZ, j.initial.rotation, j.initial.angularVelocity});
      }
      if (j.initial.translation || j.initial.velocity) {
        sm.jointInitialConditions.push_back(
            {index, sv::MotionAxis::Z, j.initial.translation, j.initial.velocity});
      }
      map.joints[j.id] = index;
      map.jointIds.push_back(j.id);
      sm.joints.push_back(std::move(sj));
    }
  }

  for (sv::Joint& hold : pointMassHolds) {
    map.jointIds.push_back(JointId());
    sm.joints.push_back(std::move(hold));
  }

  // Expressions bind marker and element names to solver indices and VARVAL to compiled
  // variables, compiled in dependency order (so each knows what the variables it reads depend on).
  const ModelNames names(model, &map);
  auto table = std::make_shared<VariableTable>(model.variables().size());
  ExpressionContext ctx;
  names.bind(ctx);
  ctx.variables = table;
  bindParameters(ctx, model);
  // DELAY's delayed expressions of the state: the dynamic run records their past.
  const auto recorded = std::make_shared<std::vector<std::shared_ptr<const sv::RecordedSignal>>>();
  ctx.recordedSignals = recorded;
  auto compileExpr = [&](const std::string& text, const std::string& entity,
                         ExpressionContext context) -> std::shared_ptr<const Expression> {
    context.owner = context.storedInVariables ? "VARIABLE '" + entity + "'" : "force '" + entity + "'";
    auto r = Expression::compile(text, context);
    if (!r.ok()) {
      out.diagnostics.push_back({{}, 0, {}, entity, "'" + entity + "': " + r.error->message});
      return nullptr;
    }
    return r.expression;
  };
  // Functions evaluated without the accelerations (forces, sensors) refuse a measure of them.
  auto refuseAccelerations = [&](const std::string& text, const std::string& kind, const std::string& entity,
                                 const std::string& why) {
    const std::string acc = accelerationRead(model, text);
    if (!acc.empty())
      out.diagnostics.push_back(
          {{}, 0, {}, entity, kind + " '" + entity + "': " + acc + " reads an acceleration" + why});
    return !acc.empty();
  };
  // (VARIABLEs reading each other in a loop are solved together at each evaluation: Expression.cpp.)
  const VariableOrder order = orderVariables(model.variables());
  ctx.storedInVariables = true;
  bool variablesCompiled = true;
  compileVariables(model.variables(), order, *table, [&](int k) {
    auto e = variablesCompiled ? compileExpr(model.variables()[std::size_t(k)].function,
                                             model.variables()[std::size_t(k)].name, ctx)
                               : nullptr;
    variablesCompiled = variablesCompiled && e;
    return e;
  });
  if (!variablesCompiled)
    return out;

  ctx.storedInVariables = false;
  // Force functions may read solved loads (the solver evaluates them at the corrector's multipliers:
  // solver/src/forces/LoadReadingForces.hpp); motion functions are functions of TIME only, as Adams
  // requires (MotionFunctions.cpp).
  ctx.allowLoads = true;
  ctx.allowContactLoads = false;

  // Motions.
  for (const Motion& m : model.motions()) {
    sv::Motion smo;
    smo.name = m.name;
    if (m.joint) {
      const Joint& j = *model.joint(m.joint);
      smo.iMarker = map.markers[j.iMarker];
      smo.jMarker = map.markers[j.jMarker];
    } else {
      smo.iMarker = map.markers[m.iMarker];
      smo.jMarker = map.markers[m.jMarker];
    }
    smo.axis = solverAxis(m.axis);
    Motion withValues = m;  // motion functions are functions of TIME only: parameters become numbers
    withValues.function = substituteParameters(model, m.function);
    ExpressionContext motionContext = ctx;
    motionContext.allowMeasures = false;
    smo.displacement = motionFunction(withValues, out.diagnostics, motionContext);
    if (!smo.displacement) {
      return out;
    }
    map.motions[m.id] = int(sm.motions.size());
    map.motionIds.push_back(m.id);
    sm.motions.push_back(std::move(smo));
  }

  // Forces; contacts between solids become solver::SolidContact (ContactSolids.hpp).
  for (const Force& f : model.forces()) {
    if (f.kind == ForceKind::Contact && f.contact) {
      const ContactParameters& c = *f.contact;
      sv::SolidContact sc;
      sc.name = f.name;
      const MarkerId sideMarkers[2] = {f.iMarker, f.jMarker};
      for (int side = 0; side < 2; ++side) {
        const Part& p = *model.part(model.marker(sideMarkers[side])->part);
        (side == 0 ? sc.iBody : sc.jBody) = map.bodies[p.id];
        // Part frame -> body frame (the CM frame; ground: the ground frame).
        Mat3 rotation = cm[p.id].rotation.transpose();
        Vec3 translation = -(rotation * cm[p.id].position);
        if (p.ground) {
          rotation = euler313ToMatrix(p.orientation);
          translation = p.position;
        }
        for (const ContactSolid& solid : side == 0 ? c.iSolids : c.jSolids) {
          sv::ContactShape shape;
          const std::string why = toSolverShape(solid, rotation, translation, shape);
          if (!why.empty()) {
            out.diagnostics.push_back(
                {{}, 0, {}, f.name, "contact '" + f.name + "': solid '" + solid.name + "': " + why});
            return out;
          }
          (side == 0 ? sc.iShapes : sc.jShapes).push_back(std::move(shape));
        }
      }
      sc.law = c.law == ContactLaw::Impact ? sv::ContactNormalLaw::Impact : sv::ContactNormalLaw::Poisson;
      sc.stiffness = c.stiffness, sc.exponent = c.exponent, sc.damping = c.damping, sc.dmax = c.dmax;
      sc.penalty = c.penalty, sc.restitution = c.restitution;
      sc.normalTransitionVelocity = c.normalTransitionVelocity;
      sc.friction = c.friction == ContactFriction::Off  ? sv::ContactFrictionMode::Off
                    : c.friction == ContactFriction::On ? sv::ContactFrictionMode::On
                                                        : sv::ContactFrictionMode::DynamicsOnly;
      sc.muStatic = c.muStatic, sc.muDynamic = c.muDynamic;
      sc.stictionVelocity = c.stictionVelocity, sc.frictionVelocity = c.frictionVelocity;
      sc.inactiveInStatics = c.inactiveInStatics;
      map.contacts[f.id] = int(sm.contacts.size());
      map.contactIds.push_back(f.id);
      sm.contacts.push_back(std::move(sc));
      continue;
    }
    sv::Force sf;
    sf.name = f.name;
    sf.iMarker = map.markers[f.iMarker];
    sf.jMarker = f.jMarker ? map.markers[f.jMarker] : sv::kGround;
    sf.referenceMarker = f.referenceMarker ? map.markers[f.referenceMarker] : sv::kGround;
    sf.stiffness = f.stiffness;
    sf.damping = f.damping;
    sf.freeLength = f.freeLength;
    sf.preload = f.preload;
    sf.translationalStiffness = f.translationalStiffness;
    sf.translationalDamping = f.translationalDamping;
    sf.rotationalStiffness = f.rotationalStiffness;
    sf.rotationalDamping = f.rotationalDamping;
    sf.preloadForce = f.preloadForce;
    sf.preloadTorque = f.preloadTorque;
    switch (f.kind) {
      case ForceKind::SingleForce:
      case ForceKind::SingleTorque:
        sf.type = sv::ForceType::SingleComponent;
        sf.rotational = f.kind == ForceKind::SingleTorque;
        sf.actionOnly = f.actionOnly || !f.jMarker;
        break;
      case ForceKind::General:
      case ForceKind::VectorForce:
      case ForceKind::VectorTorque:
        sf.type = sv::ForceType::General;
        sf.actionOnly = !f.jMarker;
        break;
      case ForceKind::TranslationalSpringDamper:
        sf.type = sv::ForceType::TranslationalSpringDamper;
        break;
      case ForceKind::RotationalSpringDamper:
        sf.type = sv::ForceType::RotationalSpringDamper;
        break;
      case ForceKind::Bushing:
        sf.type = sv::ForceType::Bushing;
        break;
      case ForceKind::Beam:
      case ForceKind::Field:
        sf.type = f.kind == ForceKind::Beam ? sv::ForceType::Beam : sv::ForceType::Field;
        sf.field = linearField(f);
        break;
      case ForceKind::Contact:  // (handled above)
        break;
      case ForceKind::MultiPoint:
        if (!compileMultiPoint(f, map, sf, sm.forces, map.forceIds)) {
          out.diagnostics.push_back(
              {{}, 0, {}, f.name, "multi-point force '" + f.name + "' has no I markers"});
          return out;
        }
        map.forces[f.id] = int(sm.forces.size()) - int(f.multiPoint->iMarkers.size());
        continue;
    }
    const bool single = f.kind == ForceKind::SingleForce || f.kind == ForceKind::SingleTorque;
    const bool general = sf.type == sv::ForceType::General;
    for (int c = 0; c < 6 && (single || general); ++c) {
      if (single && c > 0) {
        break;
      }
      const std::string& text = f.functions[c];
      if (text.empty()) {
        continue;
      }
      // Adams solves such a force implicitly with the accelerations; evaluated here they would read
      // 0 and give a wrong answer, so it is refused.
      if (refuseAccelerations(text, "force", f.name,
                              "; forces that depend on the accelerations are not supported (rewrite "
                              "the function without it)"))
        return out;
      auto e = compileExpr(text, f.name, ctx);
      if (!e) {
        return out;
      }
      sf.functions[c] = std::make_shared<ExpressionForce>(e);
    }
    map.forces[f.id] = int(sm.forces.size());
    map.forceIds.push_back(f.id);
    sm.forces.push_back(std::move(sf));
  }
  // Differential equations (DIFF): ẋ = f is evaluated with the forces, on (t, q, q̇) and the states:
  // no accelerations, no solved loads. An IMPLICIT one's F reads DIF1 of itself (the solver finds
  // the root in it) and of explicit DIFFs (their functions), not of another implicit one (coupled
  // derivatives are not solved).
  for (const DifferentialEquation& d : model.differentials) {
    std::string checked = d.function;
    if (d.implicit) {
      if (const std::string other = implicitRateRead(model, d); !other.empty()) {
        out.diagnostics.push_back({{},
                                   0,
                                   {},
                                   d.name,
                                   "differential equation '" + d.name + "': DIF1(" + other +
                                       ") reads the derivative of another implicit DIFF, which is not "
                                       "solved together with this one"});
        return out;
      }
      checked = withoutDirectRates(d.function);
    }
    if (refuseAccelerations(
            checked, "differential equation", d.name,
            ", which a DIFF's function (evaluated with the forces, without the accelerations) "
            "cannot read"))
      return out;
    ExpressionContext diffContext = ctx;
    diffContext.owner = "differential equation '" + d.name + "'";
    diffContext.allowLoads = false;
    auto r = Expression::compile(d.function, diffContext);
    if (r.ok() && r.expression->readsLoads())
      r = {nullptr, ExpressionError{0, "it reads solved loads (" + r.expression->firstLoadFunction() +
                                           "() through a VARIABLE), which a DIFF's function cannot read"}};
    if (!r.ok()) {
      out.diagnostics.push_back(
          {{}, 0, {}, d.name, "differential equation '" + d.name + "': " + r.error->message});
      return out;
    }
    sv::Differential sd;
    sd.name = d.name;
    sd.function = std::make_shared<ExpressionForce>(r.expression);
    sd.initialValue = d.initialValue;
    sd.staticHold = d.staticHold;
    sd.implicit = d.implicit;
    sd.initialRate = d.initialRate;
    sm.differentials.push_back(std::move(sd));
  }
  // Sensors (active ones; a command file's DEACTIVATE clears `active`).
  for (std::size_t k = 0; k < model.sensors.size(); ++k) {
    const Sensor& s = model.sensors[k];
    if (!s.active)
      continue;
    sv::Sensor ss;
    ss.name = s.name;
    ss.value = s.value;
    ss.error = s.error;
    ss.compare = s.compare == SensorCompare::GreaterEqual ? sv::SensorCompare::GreaterEqual
                 : s.compare == SensorCompare::LessEqual  ? sv::SensorCompare::LessEqual
                                                          : sv::SensorCompare::Equal;
    ss.halt = s.halt;
    ss.stop = s.stop;
    ss.print = s.print;
    ss.restart = s.restart;
    ss.stepSize = s.stepSize;
    // A sensor is evaluated on (t, q, q̇) after each step: no solved loads, no accelerations.
    ExpressionContext sensorContext = ctx;
    sensorContext.owner = "sensor '" + s.name + "'";
    sensorContext.allowLoads = false;
    for (const auto& [text, target] :
         {std::pair{&s.function, &ss.function}, std::pair{&s.evaluate, &ss.evaluate}}) {
      if (text->empty())
        continue;
      if (refuseAccelerations(*text, "sensor", s.name,
                              ", which a sensor (evaluated on positions and velocities after each "
                              "step) cannot read"))
        return out;
      auto r = Expression::compile(*text, sensorContext);
      if (!r.ok()) {
        out.diagnostics.push_back({{}, 0, {}, s.name, "'" + s.name + "': " + r.error->message});
        return out;
      }
      *target = std::make_shared<ExpressionForce>(r.expression);
    }
    ss.senval = ctx.data->senvals[k];  // the cell SENVAL(name) reads
    sm.sensors.push_back(std::move(ss));
  }
  // Plant inputs and outputs (Plant.hpp): refused for state matrices only when asked for.
  const auto variableIndex = [&](const std::string& name) {
    const VariableId id = model.findVariable(name);
    for (std::size_t k = 0; k < model.variables().size(); ++k)
      if (id && model.variables()[k].id == id)
        return int(k);
    return -1;
  };
  for (const bool inputs : {true, false}) {
    for (const PlantPort& port : inputs ? model.plantInputs : model.plantOutputs) {
      sv::PlantPort sp;
      sp.name = port.name;
      for (const std::string& name : port.variables) {
        const int k = variableIndex(name);
        if (k < 0) {  // validation names it
          sp.refusal = "'" + name + "' is not a VARIABLE of the model";
          continue;
        }
        const std::string& vname = model.variables()[std::size_t(k)].name;
        sp.variables.push_back(vname);
        if (inputs) {
          std::string upperName = vname;
          for (char& c : upperName)
            c = char(std::toupper(static_cast<unsigned char>(c)));
          for (const Motion& mo : model.motions())
            if (sp.refusal.empty() && readsVariable(model, mo.function, upperName))
              sp.refusal = "motion '" + mo.name + "' reads its VARIABLE '" + vname +
                           "' (a motion is a constraint: the plant's inputs act through forces)";
          sp.inputs.push_back(std::make_shared<HeldVariable>(table, k));
          continue;
        }
        if (const std::string acc = accelerationRead(model, model.variables()[std::size_t(k)].function);
            !acc.empty() && sp.refusal.empty())
          sp.refusal = "VARIABLE '" + vname + "' reads an acceleration (" + acc +
                       "); outputs are functions of the states and inputs";
        ExpressionContext outputContext = ctx;
        outputContext.owner = "VARIABLE '" + vname + "'";
        outputContext.allowLoads = false;
        auto r = Expression::compile("VARVAL(" + vname + ")", outputContext);
        if (!r.ok() || r.expression->readsLoads()) {
          if (sp.refusal.empty())
            sp.refusal = "VARIABLE '" + vname +
                         "' reads solved loads (JOINT(), FX() ...); outputs are functions of the states "
                         "and inputs";
          sp.outputs.push_back(nullptr);
          continue;
        }
        sp.outputs.push_back(std::make_shared<ExpressionForce>(r.expression));
      }
      (inputs ? out.plantInputs : out.plantOutputs).push_back(std::move(sp));
    }
  }
  sm.recordedSignals = *recorded;
  out.ok = true;
  out.diagnostics.insert(out.diagnostics.begin(), warnings.begin(), warnings.end());
  return out;
}

std::shared_ptr<const sv::TimeFunction> motionFunction(const Motion& motion, const Model& model,
                                                       Diagnostics& diagnostics)
{
  const ModelNames names(model, nullptr);
  auto table = std::make_shared<VariableTable>(model.variables().size());
  ExpressionContext ctx;
  names.bind(ctx);
  ctx.variables = table;
  bindParameters(ctx, model);
  ctx.storedInVariables = true;
  compileVariables(model.variables(), orderVariables(model.variables()), *table, [&](int k) {
    return Expression::compile(model.variables()[std::size_t(k)].function, ctx).expression;
  });
  ctx.storedInVariables = false;
  Motion withValues = motion;  // motion functions are functions of TIME only: parameters become numbers
  withValues.function = substituteParameters(model, motion.function);
  return motionFunction(withValues, diagnostics, ctx);
}

}  // namespace mbs::core
