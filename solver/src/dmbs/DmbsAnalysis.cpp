#include "dmbs/DmbsAnalysis.hpp"

#include <Eigen/SparseCholesky>
#include <algorithm>
#include <cmath>
#include <iomanip>
#include <memory>
#include <sstream>

#include "analysis/BranchChange.hpp"
#include "analysis/InitialConditions.hpp"
#include "analysis/Redundancy.hpp"
#include "dmbs/JointBdf.hpp"
#include "dmbs/JointKinematics.hpp"
#include "dmbs/JointRk45.hpp"
#include "dmbs/JointStiffSwitch.hpp"
#include "dmbs/JointWorkBound.hpp"
#include "dmbs/StepEvents.hpp"
#include "dmbs/Topology.hpp"
#include "dynamics/Plausibility.hpp"
#include "kinematics/EulerParameters.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver::dmbs {
namespace {

std::vector<double> outputTimes(const AnalysisSettings& settings)
{
  std::vector<double> times;
  const double span = settings.endTime - settings.startTime;
  const long count = static_cast<long>(std::floor(span / settings.outputStep + 1e-9));
  for (long k = 0; k <= count; ++k)
    times.push_back(settings.startTime + k * settings.outputStep);
  if (settings.endTime - times.back() > 1e-9 * std::max(1.0, std::abs(settings.endTime)))
    times.push_back(settings.endTime);
  return times;
}

// The frame at (t, q, v): body states from the tree, the multipliers of the absolute equations'
// independent rows from Φ_qᵀλ = Q − M q̈ (least squares, tiny Tikhonov term so that a singular
// position still gives bounded reactions), then the absolute formulation's output functions.
// A pure tree (no cut joints, no motions) takes a shortcut: each joint's reaction is the wrench its
// tree joint passes on, from one Newton–Euler sweep from the leaves (see treeFrame); λ is not formed.
class FrameBuilder {
public:
  // history: the run's history of the load elements (null: none, as in kinematics).
  FrameBuilder(const System& system, JointSpaceEquations& equations, std::vector<int> activeRows, Vec signs,
               const loads::History* history = nullptr)
      : m_system(system),
        m_eq(equations),
        m_active(std::move(activeRows)),
        m_signs(std::move(signs)),
        m_history(history)
  {
    const Topology& topology = equations.tree().topology();
    m_treeOnly =
        topology.cutJoints.empty() && system.model().motions.empty() && system.frictionJoints().empty();
    for (int mobilizer : topology.jointMobilizer)
      m_treeOnly = m_treeOnly && mobilizer >= 0;
    for (int b = 0; b < system.numBodies(); ++b)
      m_treeOnly = m_treeOnly && system.modalOffset(b) < 0;
  }

  ResultFrame frame(double t, const Vec& q, const Vec& v)
  {
    Vec qd, vd;
    m_eq.derivative(t, q, v, qd, vd);
    TreeDynamics& tree = m_eq.tree();
    tree.accelerations(vd);
    State s;
    s.t = t;
    m_eq.absoluteState(s.q, s.qd, &m_signs);
    m_signs = s.q;  // keep the Euler parameters' sign continuous from frame to frame
    const int nb = m_system.numBodies();
    s.qdd.resize(7 * nb);
    for (int b = 0; b < nb; ++b) {
      const TreeBody& body = tree.bodies()[b];
      const Vec3 w = body.v.head<3>(), alpha = body.a.head<3>();
      const Vec4 p = s.q.segment<4>(7 * b + 3);
      s.qdd.segment<3>(7 * b) = pointAcceleration(body.v, body.a, Vec3::Zero());  // (both about the CM)
      s.qdd.segment<4>(7 * b + 3) = 0.5 * detail::matE(p).transpose() * alpha - 0.25 * w.squaredNorm() * p;
    }
    if (m_treeOnly)
      return treeFrame(s);
    s.lambda = multipliers(t, s);
    return computeFrame(m_system, s, m_history);
  }

private:
  // The absolute formulation's outputs (computeFrame) with the joint reactions from the tree. The
  // wrench f_b that body b's tree joint exerts on b (about b's CM) follows from b's Newton–Euler
  // equation, f_b = I_b a_b + v_b ×* I_b v_b − applied_b + Σ_children f_c (each moved to b's CM), summed
  // from the leaves. A joint's reaction is, as System::jointReaction defines it, the constraint
  // force on its I marker's body about the I marker (minus the one on the J body if I is on
  // ground): f_child if the child carries I, −f_child otherwise, moved to the I marker.
  ResultFrame treeFrame(const State& s)
  {
    const Model& model = m_system.model();
    const TreeDynamics& tree = m_eq.tree();
    const std::vector<TreeBody>& bodies = tree.bodies();
    const std::vector<Vec6>& applied = m_eq.applied();
    const auto& mobs = tree.topology().mobilizers;
    m_transmitted.assign(bodies.size(), Vec6::Zero());
    for (std::size_t i = mobs.size(); i-- > 0;) {
      const Mobilizer& m = mobs[i];
      const TreeBody& b = bodies[m.child];
      const Vec3 w = b.v.head<3>();
      const Mat3 j = b.inertia.topLeftCorner<3, 3>();
      const double mass = b.inertia(3, 3);
      Vec6& f = m_transmitted[m.child];
      f.head<3>() += j * b.a.head<3>() + w.cross(j * w) - applied[m.child].head<3>();
      f.tail<3>() += mass * pointAcceleration(b.v, b.a, Vec3::Zero()) - applied[m.child].tail<3>();
      if (m.parent != kGround)
        m_transmitted[m.parent] += shiftForce(f, b.r - bodies[m.parent].r);
    }
    ResultFrame frame;
    frame.state = s;
    const int nb = m_system.numBodies();
    for (int b = 0; b < nb; ++b)
      frame.bodies.push_back(m_system.bodyOutput(b, s.q, s.qd, s.qdd));
    frame.joints.resize(model.joints.size());
    for (const Mobilizer& m : mobs) {
      if (m.joint < 0)  // (a free joint DMBS added: no model joint)
        continue;
      const Joint& joint = model.joints[m.joint];
      Mat3 rot;
      Vec3 point;
      tree.markerFrame(joint.iMarker, rot, point);
      const double sign = model.markers[joint.iMarker].body == m.child ? 1.0 : -1.0;
      const Vec6 f = sign * shiftForce(m_transmitted[m.child], bodies[m.child].r - point);
      frame.joints[m.joint].torque = f.head<3>();
      frame.joints[m.joint].force = f.tail<3>();
    }
    // The load elements' outputs (none depends on λ: a model with joint friction takes the
    // multiplier path).
    m_system.loadOutputs(s.t, s.q, s.qd, Vec::Zero(m_system.numConstraints()), m_history, frame);
    return frame;
  }

  Vec multipliers(double t, const State& s)
  {
    const int nc = m_system.numConstraints();
    Vec lambda = Vec::Zero(nc);
    if (nc == 0)
      return lambda;
    SparseMat mass, jacobian;
    Vec forces;
    m_system.mass(s.q, mass);
    m_system.forces(t, s.q, s.qd, forces, m_history);
    // Joint friction as the tree solved it with v̇ (the same loads, so the reactions from λ are the
    // ones the friction was computed from).
    if (const Vec friction = m_eq.frictionForces(s.q); friction.size() == forces.size())
      forces += friction;
    m_system.constraintJacobian(t, s.q, jacobian);
    const int na = static_cast<int>(m_active.size());
    SparseMat a;
    if (na == nc) {
      a = std::move(jacobian);
    } else {
      Triplets pick;
      for (int k = 0; k < na; ++k)
        pick.emplace_back(k, m_active[k], 1.0);
      SparseMat select(na, nc);
      select.setFromTriplets(pick.begin(), pick.end());
      a = select * jacobian;
    }
    const Vec rhs = a * (forces - mass * s.qdd);
    SparseMat normal = a * a.transpose();
    double scale = 0.0;
    for (int k = 0; k < na; ++k)
      scale = std::max(scale, normal.coeff(k, k));
    SparseMat ridge(na, na);
    ridge.setIdentity();
    normal += (1e-13 * std::max(scale, 1.0)) * ridge;
    // The ordering is computed once: the pattern of Φ_q Φ_qᵀ stays from frame to frame.
    const bool samePattern = m_normalNonZeros == normal.nonZeros() &&
                             std::equal(m_normalInner.begin(), m_normalInner.end(), normal.innerIndexPtr()) &&
                             std::equal(m_normalOuter.begin(), m_normalOuter.end(), normal.outerIndexPtr());
    if (!samePattern) {
      m_ldlt.analyzePattern(normal);
      m_normalNonZeros = normal.nonZeros();
      m_normalOuter.assign(normal.outerIndexPtr(), normal.outerIndexPtr() + normal.outerSize() + 1);
      m_normalInner.assign(normal.innerIndexPtr(), normal.innerIndexPtr() + normal.nonZeros());
    }
    m_ldlt.factorize(normal);
    const Vec active = m_ldlt.solve(rhs);
    for (int k = 0; k < na; ++k)
      lambda[m_active[k]] = active[k];
    return lambda;
  }

  const System& m_system;
  JointSpaceEquations& m_eq;
  std::vector<int> m_active;
  Vec m_signs;
  const loads::History* m_history;
  Eigen::SimplicialLDLT<SparseMat> m_ldlt;
  long m_normalNonZeros = -1;
  std::vector<int> m_normalOuter, m_normalInner;
  bool m_treeOnly = false;
  std::vector<Vec6> m_transmitted;  // per body: the wrench its tree joint exerts on it, about its CM
};

// Whether the model's initial body states already satisfy every joint and motion, positions and
// velocities (to 1e-10), with no joint initial values to impose: then they are the initial
// conditions (state.q, state.qd filled), and the Newton assembly can be skipped.
bool alreadyConsistent(const System& system, State& state)
{
  if (!system.model().jointInitialConditions.empty())
    return false;
  Vec q = system.initialPositions(), qd = system.initialVelocities(), phi, phiT;
  system.normalize(q);
  system.constraints(state.t, q, phi);
  if (phi.size() > 0 && phi.cwiseAbs().maxCoeff() > 1e-10)
    return false;
  SparseMat jacobian;
  system.constraintJacobian(state.t, q, jacobian);
  system.constraintTimeDerivative(state.t, q, phiT);
  const Vec residual = jacobian * qd + phiT;
  if (residual.size() > 0 && residual.cwiseAbs().maxCoeff() > 1e-10)
    return false;
  state.q = q;
  state.qd = qd;
  return true;
}

// The tree's cut joints and why (the user's constraint elements, loops DMBS closed, primitives).
std::string cutNote(const Model& model, const Topology& topology)
{
  std::vector<CutJoint> cuts;
  for (std::size_t k = 0; k < topology.cutJoints.size(); ++k)
    cuts.push_back({topology.cutJoints[k], topology.cutReasons[k]});
  return "DMBS spanning tree, " + describeCuts(model, cuts);
}

// What both analyses start from: the tree and its cut joints, the initial conditions as the
// absolute formulation solves them (assembly of every joint and motion, joint initial values,
// velocities; the tree's zero pose is that assembled state), the absolute equations' independent
// rows (for the output frames' multipliers) and the joint-space equations with theirs.
struct Start {
  Topology topology;
  State state;
  RedundancyReport redundancy;
  std::unique_ptr<JointSpaceEquations> equations;
  Vec q, v;
  std::vector<std::string> warnings;
};

Status prepareStart(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                    Start& start)
{
  const Model& model = system.model();
  Topology& topology = start.topology;
  if (Status st = buildTopology(model, topology); !st.ok())
    return st;
  std::vector<ConstraintRow> rows;
  if (Status st = buildConstraintRows(model, topology, settings.startTime, rows); !st.ok())
    return st;
  State& state = start.state;
  state.t = settings.startTime;
  std::vector<std::string>& warnings = start.warnings;
  const bool consistent = settings.solveInitialConditions && alreadyConsistent(system, state);
  if (consistent) {
    // The assembly would not move it (its minimum-distance solution is the start itself).
  } else if (settings.solveInitialConditions) {
    InitialConditionOptions options;
    options.computeAccelerations = false;
    options.monitor = monitor;
    Status st = solveInitialConditions(system, state, options);
    if (!st.ok())
      return st;
    warnings = st.warnings;
  } else {
    state.q = system.initialPositions();
    state.qd = system.initialVelocities();
  }
  // A tree without cut joints or motions has independent joint equations by construction (each
  // body's own joint constrains only it relative to its parent): no rank analysis needed.
  RedundancyReport& redundancy = start.redundancy;
  if (topology.cutJoints.empty() && model.motions.empty()) {
    for (int k = 0; k < system.numConstraints(); ++k)
      redundancy.activeRows.push_back(k);
  } else {
    redundancy = analyzeRedundancy(system, state.q, state.t);
    if (!redundancy.conflict.ok())
      return redundancy.conflict;
  }
  if (consistent)  // (the assembly reports them otherwise)
    for (const std::string& w : redundancy.warnings())
      warnings.push_back(w);
  const int nb = system.numBodies();
  std::vector<Mat3> rot(nb);
  std::vector<Vec3> r(nb);
  std::vector<Vec6> twist(nb);
  for (int b = 0; b < nb; ++b) {
    const Vec4 p = state.q.segment<4>(7 * b + 3);
    rot[b] = detail::rotationMatrix(p / p.norm());
    r[b] = state.q.segment<3>(7 * b);
    const Vec3 w = 2.0 * detail::matE(p) * state.qd.segment<4>(7 * b + 3);
    twist[b] << w, state.qd.segment<3>(7 * b) - w.cross(r[b]);
  }
  start.equations = std::make_unique<JointSpaceEquations>(system, topology, std::move(rows));
  start.equations->tree().initialize(rot, r, twist, start.q, start.v);
  for (const std::string& w : start.equations->removeRedundantRows(state.t, start.q, start.v))
    warnings.push_back(w);
  return Status::success();
}

// Where GSTIFF/WSTIFF went over to the BDF, for the run's log; empty if they did not.
std::string switchNote(const JointStiffSwitch* stiffSwitch)
{
  if (!stiffSwitch || !stiffSwitch->switchTime())
    return {};
  std::ostringstream note;
  note << "DMBS: the model is stiff (h·λ = " << std::setprecision(3) << stiffSwitch->stiffnessEstimate()
       << " on the explicit method's steps); BDF from t = " << std::setprecision(6)
       << *stiffSwitch->switchTime() << " s";
  return note.str();
}

// Contacts between solids or in clearance joints: their onset is a kink in the motion.
// The largest step when the settings give none. The output times come from the integrators' dense
// output, so they need not bound it: the run's span does. A model whose loads can change within a
// step without its state telling — motions (a STEP or pulse in time) and forces given by functions
// (IMPACT, BISTOP, STEP in time, …) — and a model with contacts (between solids, in clearance
// joints) keep the output step as the bound, as the absolute formulations do, so that a step
// cannot jump over such an event: a ball falling freely from rest is a polynomial the error
// estimate integrates exactly, so nothing else would stop one step from passing through the floor
// (the contacts' onset limit acts only once they approach).
double defaultMaxStep(const Model& model, const AnalysisSettings& settings)
{
  const bool events = !model.motions.empty() || hasContacts(model) || hasFunctionForces(model);
  return events ? settings.outputStep : settings.endTime - settings.startTime;
}

}  // namespace

Status checkModel(const Model& model)
{
  const Model substituted = withClearanceSubstituted(model);
  Topology topology;
  Status st = buildTopology(substituted, topology);
  if (!st.ok())
    return st;
  std::vector<ConstraintRow> rows;
  return buildConstraintRows(substituted, topology, 0.0, rows);
}

Status runDynamics(const System& system, const AnalysisSettings& settings, ProgressMonitor* monitor,
                   ResultStore& results, BdfStart bdfStart)
{
  const Model& model = system.model();
  results.reset(ResultLayout::fromModel(model));
  auto finish = [&](Status st) {
    results.finish(st);
    return st;
  };
  if (!(settings.endTime > settings.startTime) || !(settings.outputStep > 0.0))
    return finish(
        Status::failure(StatusCode::BadInput,
                        "dynamic analysis: end time must exceed start time and the output step be positive"));
  // 1. Initial conditions, tree, equations.
  Start start;
  if (Status st = prepareStart(system, settings, monitor, start); !st.ok())
    return finish(st);
  const Topology& topology = start.topology;
  const State& state = start.state;
  const RedundancyReport& redundancy = start.redundancy;
  JointSpaceEquations& equations = *start.equations;
  const Vec& q = start.q;
  const Vec& v = start.v;
  std::vector<std::string>& warnings = start.warnings;

  // 2. Integration from output time to output time. GSTIFF and WSTIFF: the explicit Dormand–Prince
  // 5(4) until its stiffness test fires, then the BDF (JointStiffSwitch: the BDF's dense Jacobian
  // would make a tree that is not stiff O(N³)); RKF45: Dormand–Prince throughout; HHT is an index-3
  // method of the absolute formulations, so it falls back to the explicit one with a warning.
  const double maxStep = settings.maxStep > 0.0 ? settings.maxStep : defaultMaxStep(model, settings);
  // The BDF's highest order without KMAX: 3 with contacts. A contact is a stiff, lightly damped
  // spring (eigenvalues about 70° off the negative real axis at the damping ratios of IMPACT and
  // the clearance laws), outside the stability wedges of orders 4 and 5 (A(73°), A(51°)): a block
  // resting on a floor kept ringing at order 5 (its normal force 1 % off m g after 0.6 s), while
  // order 3 (A(86°)) settles it as SI2 does.
  const int maxOrder = settings.maxOrder > 0 ? settings.maxOrder : hasContacts(model) ? 3 : 0;
  std::unique_ptr<JointIntegrator> integrator;
  JointStiffSwitch* stiffSwitch = nullptr;
  const JointRk45* explicitOnly = nullptr;  // RKF45 (and HHT's fallback): explicit all the run
  if (settings.integrator == IntegratorType::Gstiff || settings.integrator == IntegratorType::Wstiff) {
    const JointBdf::Variant variant = settings.integrator == IntegratorType::Gstiff
                                          ? JointBdf::Variant::FixedLeadingCoefficient
                                          : JointBdf::Variant::VariableCoefficient;
    // Stiction bristles (MAX_STICTION_DEFORMATION > 0) are stiff while they hold: the friction law's
    // slope below v_s is a damper 1.5 μ_s N / v_s (λ ≈ 7·10⁴ /s for a 1 kg block at Adams' v_s =
    // 0.1 mm/s). An explicit step from rest, longer than a few 1/λ, jumps from the sticking branch of
    // the law to its sliding one, where the slide is smooth and the error estimate content (the MMKS
    // deck's held block broke away in the first 0.1 ms step): so the BDF holds them from the start,
    // as the absolute formulations' GSTIFF does.
    if (bdfStart == BdfStart::Immediately || equations.holdsStiction()) {
      integrator = std::make_unique<JointBdf>(equations, settings.tolerance, maxStep, variant, maxOrder,
                                              settings.maxIterations);
    } else {
      auto switching = std::make_unique<JointStiffSwitch>(equations, settings.tolerance, maxStep, variant,
                                                          maxOrder, settings.maxIterations);
      stiffSwitch = switching.get();
      integrator = std::move(switching);
    }
  } else {
    auto rk = std::make_unique<JointRk45>(equations, settings.tolerance, maxStep);
    explicitOnly = rk.get();
    integrator = std::move(rk);
    if (settings.integrator != IntegratorType::Rkf45)
      warnings.push_back(std::string("DMBS formulation: ") + toString(settings.integrator) +
                         " applies to the absolute formulations; the joint coordinates are integrated with "
                         "Runge–Kutta 5(4)");
  }
  const std::string integratorNote = std::string("DMBS integrator: ") + integrator->name() + " (" +
                                     toString(settings.integrator) + ") on the joint coordinates";
  // The load elements' history (clearance and solid contacts' approach speeds), kept by the
  // integrators' steps through the equations.
  loads::History history = system.startLoadHistory(state.t, state.q);
  const loads::ScopedSignalRecord delays(&history.signals);  // DELAY reads it (SignalRecord.hpp)
  equations.useHistory(&history);
  FrameBuilder frames(system, equations, redundancy.activeRows, state.q, &history);
  integrator->initialize(state.t, q, v);
  const std::vector<double> times = outputTimes(settings);
  // The work bounds of the absolute formulations (JointWorkBound); an explicit method's stiffness
  // finding, or else its advice, goes with a stop.
  JointWorkBound bound(monitor, settings.maxSteps, settings.minStep, settings.endTime, [&]() -> std::string {
    if (explicitOnly) {
      const std::string note = explicitOnly->stiffnessNote();
      return note.empty() ? JointRk45::workLimitHint() : note;
    }
    if (stiffSwitch && !stiffSwitch->switchTime())
      return JointRk45::workLimitHint();
    return {};
  });
  // Output frames come from the integrators' continuous extensions, except with contacts: an
  // impact inside a step is a kink that the interpolating polynomial smooths over (positions off by
  // 3e-7 m at tolerance 1e-9 in a journal bearing), so there the steps land on the output times, as
  // the absolute formulations' do.
  const bool landOnOutputs = hasContacts(model);
  for (double t : times) {
    bound.setTarget(t);
    Status st = integrator->advanceTo(t, &bound, landOnOutputs ? t : settings.endTime);
    if (!bound.status().ok())
      st = Status::failure(bound.status().code, bound.status().message, {}, bound.status().time);
    if (!st.ok()) {
      std::string where;
      const double residual =
          equations.largestResidual(integrator->time(), integrator->q(), integrator->v(), &where);
      std::ostringstream msg;
      msg << "dynamic analysis (DMBS, " << integrator->name() << ") failed at t = " << st.time
          << " s: " << st.message;
      if (!equations.lastFailure().empty())
        msg << "; " << equations.lastFailure();
      if (!where.empty())
        msg << "; largest constraint residual " << residual << " in " << where;
      st.message = msg.str();
      st.warnings.insert(st.warnings.begin(), warnings.begin(), warnings.end());
      st.notes.push_back(cutNote(model, topology));
      st.notes.push_back(integratorNote);
      if (std::string note = switchNote(stiffSwitch); !note.empty())
        st.notes.push_back(note);
      return finish(st);
    }
    ResultFrame frame = frames.frame(t, integrator->q(), integrator->v());
    // The plausibility bound on the state and the rows removed as dependent, as the absolute
    // formulations check them (dynamics/Plausibility.hpp, RedundancyConflicts.cpp).
    PlausibilityBounds bounds;
    bounds.maxSpeed = settings.maxSpeed;
    st = checkPlausibleState(system, frame.state, bounds);
    if (st.ok())
      st = checkDependentRowsDuringRun(system, frame.state.q, t, settings.startTime, redundancy.activeRows,
                                       redundancy.redundant);
    if (!st.ok()) {
      std::ostringstream msg;
      msg << "dynamic analysis (DMBS, " << integrator->name() << ") failed at t = " << t
          << " s: " << st.message;
      st.message = msg.str();
      st.warnings.insert(st.warnings.begin(), warnings.begin(), warnings.end());
      return finish(st);
    }
    results.append(std::move(frame));
  }
  Status ok = Status::success();
  if (explicitOnly && !explicitOnly->stiffnessNote().empty())
    warnings.push_back(explicitOnly->stiffnessNote());  // finished, but the BDF would have been cheaper
  ok.warnings = warnings;
  ok.notes.push_back(cutNote(model, topology));
  ok.notes.push_back(integratorNote);
  if (std::string note = switchNote(stiffSwitch); !note.empty())
    ok.notes.push_back(note);
  return finish(ok);
}

Status runKinematics(const System& system, const AnalysisSettings& settings, const std::vector<double>& times,
                     ProgressMonitor* monitor, ResultStore& results)
{
  const Model& model = system.model();
  results.reset(ResultLayout::fromModel(model));
  auto finish = [&](Status st) {
    results.finish(st);
    return st;
  };
  Start start;
  AnalysisSettings initial = settings;
  initial.solveInitialConditions = true;  // (a kinematic run always assembles its start)
  if (Status st = prepareStart(system, initial, monitor, start); !st.ok())
    return finish(st);
  JointSpaceEquations& equations = *start.equations;
  auto withContext = [&](Status st) {
    st.warnings.insert(st.warnings.begin(), start.warnings.begin(), start.warnings.end());
    st.notes.push_back(cutNote(model, start.topology));
    return finish(st);
  };
  if (Status st = checkZeroDof(equations, model.name); !st.ok())
    return withContext(st);
  FrameBuilder frames(system, equations, start.redundancy.activeRows, start.state.q);
  Vec q = start.q, v = start.v, qd, vd, predictor(q.size());
  const Topology& topology = start.topology;
  BranchTracker branches(system);
  double t = start.state.t;
  StepInfo info;
  info.endTime = times.empty() ? t : times.back();
  for (std::size_t k = 0; k < times.size(); ++k) {
    if (monitor && monitor->cancelRequested())
      return withContext(Status::failure(StatusCode::Cancelled, "kinematics: cancelled", {}, t));
    // Newton starts from the last solution moved along its velocity and acceleration.
    const double dt = times[k] - t;
    if (dt != 0.0) {
      equations.derivative(t, q, v, qd, vd);
      const Vec rates = v + 0.5 * dt * vd;
      for (const Mobilizer& m : topology.mobilizers)
        coordinateRates(m, q.data() + m.qOffset, rates.data() + m.vOffset, predictor.data() + m.qOffset);
      q += dt * predictor;
      for (const Mobilizer& m : topology.mobilizers)
        normalizeCoordinates(m, q.data() + m.qOffset);
    }
    t = times[k];
    if (Status st = solveJointKinematics(equations, t, q, v); !st.ok())
      return withContext(st);
    ResultFrame frame = frames.frame(t, q, v);
    if (std::optional<std::string> change = branches.next(frame.state))
      start.warnings.push_back(std::move(*change));
    results.append(std::move(frame));
    info.time = t;
    info.stepSize = dt;
    info.steps = static_cast<long>(k + 1);
    if (monitor)
      monitor->onStep(info);
  }
  if (std::optional<std::string> change = branches.finish())
    start.warnings.push_back(std::move(*change));
  Status ok = Status::success();
  return withContext(ok);
}

}  // namespace mbs::solver::dmbs
