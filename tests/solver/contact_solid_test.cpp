// Contacts between solids (solver/src/contact; docs/solver-notes.md, "Solid contact") against
// closed forms: a sphere resting on a box face, a ball dropped on a box with POISSON restitution,
// a box sliding to rest on a box floor, a box on an incline held below tan θ = μ_s and sliding
// above, a cylinder rolling down an incline; the force Jacobians against differences of the
// forces; the step control onto an impact; the energy account of a damped impact.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "System.hpp"
#include "contact/ContactLaw.hpp"
#include "dmbs_TestRun.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "friction_TestModels.hpp"
#include "kinematics/EulerParameters.hpp"

namespace mbs::solver {
namespace {

using test::exactInitialState;

constexpr double kG = 9.81;

ContactShape sphere(double r, const std::string& name = "ball")
{
  ContactShape s;
  s.name = name;
  s.kind = ContactShapeKind::Sphere;
  s.size = Vec3(r, r, r);
  return s;
}

ContactShape box(const Vec3& edges, const Vec3& centre, const std::string& name)
{
  ContactShape s;
  s.name = name;
  s.kind = ContactShapeKind::Box;
  s.size = edges;
  s.position = centre;
  return s;
}

// A ground box 4 m x 4 m x 0.5 m whose top face is z = 0.
ContactShape floorBox()
{
  return box(Vec3(4.0, 4.0, 0.5), Vec3(0.0, 0.0, -0.25), "floor");
}

Body freeBody(const std::string& name, double mass, const Mat3& inertia, const Vec3& position)
{
  Body b;
  b.name = name;
  b.mass = mass;
  b.inertia = inertia;
  b.position = position;
  exactInitialState(b);
  return b;
}

Mat3 boxInertia(double m, const Vec3& e)
{
  return Vec3(m / 12 * (e.y() * e.y() + e.z() * e.z()), m / 12 * (e.x() * e.x() + e.z() * e.z()),
              m / 12 * (e.x() * e.x() + e.y() * e.y()))
      .asDiagonal();
}

SolidContact impact(double k, double e, double c, double dmax)
{
  SolidContact contact;
  contact.name = "contact";
  contact.iBody = 0;
  contact.jBody = kGround;
  contact.law = ContactNormalLaw::Impact;
  contact.stiffness = k;
  contact.exponent = e;
  contact.damping = c;
  contact.dmax = dmax;
  return contact;
}

// A ball (mass m, radius r) released from rest h above a box floor, a POISSON contact with
// restitution e between them.
Model poissonBallOverFloor(double m, double r, double h, double e)
{
  Model model;
  model.gravity = Vec3(0, 0, -kG);
  model.bodies.push_back(freeBody("ball", m, Mat3::Identity() * 0.4 * m * r * r, Vec3(0, 0, r + h)));
  SolidContact c;
  c.name = "drop";
  c.iBody = 0;
  c.law = ContactNormalLaw::Poisson;
  c.penalty = 1e7;
  c.restitution = e;
  c.normalTransitionVelocity = 1e-3;
  c.iShapes = {sphere(r)};
  c.jShapes = {floorBox()};
  model.contacts.push_back(c);
  return model;
}

// In the absolute formulation (SI2, GSTIFF; with the energy account if given) or in joint
// coordinates (DMBS: Dormand–Prince until the contact makes it stiff, then the BDF; no account).
std::vector<ResultFrame> run(const Model& model, double end, double step, double tol, double hmax = 0.0,
                             EnergyAccount* account = nullptr, const System* given = nullptr,
                             Formulation formulation = Formulation::SI2)
{
  const System local(model);
  const System& system = given ? *given : local;
  if (formulation == Formulation::DMBS) {
    ResultStore results;
    const Status st = test::runDmbsDynamics(system, end, step, tol, hmax, results);
    EXPECT_TRUE(st.ok()) << st.message;
    std::vector<ResultFrame> frames;
    for (std::size_t k = 0; k < results.size(); ++k)
      frames.push_back(results.frame(k));
    return frames;
  }
  DynamicOptions options;
  options.endTime = end;
  options.outputStep = step;
  options.integrator = IntegratorType::Gstiff;
  options.integratorOptions.tolerance = tol;
  options.integratorOptions.formulation = Formulation::SI2;
  options.integratorOptions.hmax = hmax > 0.0 ? hmax : step;
  ResultStore results;
  const Status st = runDynamics(system, options, nullptr, results, account);
  EXPECT_TRUE(st.ok()) << st.message;
  std::vector<ResultFrame> frames;
  for (std::size_t k = 0; k < results.size(); ++k)
    frames.push_back(results.frame(k));
  return frames;
}

TEST(SolidContactLaw, AdamsFrictionCoefficientAndImpactForce)
{
  SolidContact c = impact(1e5, 1.5, 100.0, 1e-3);
  c.friction = ContactFrictionMode::On;
  c.muStatic = 0.5, c.muDynamic = 0.3, c.stictionVelocity = 0.1, c.frictionVelocity = 0.3;
  EXPECT_DOUBLE_EQ(contact::frictionCoefficient(c, 0.0), 0.0);
  EXPECT_DOUBLE_EQ(contact::frictionCoefficient(c, 0.1), 0.5);
  EXPECT_DOUBLE_EQ(contact::frictionCoefficient(c, 0.2), 0.4);  // half way: the cubic's midpoint
  EXPECT_DOUBLE_EQ(contact::frictionCoefficient(c, 0.3), 0.3);
  EXPECT_DOUBLE_EQ(contact::frictionCoefficient(c, 5.0), 0.3);
  // -STEP(w, -vs, mus, vs, -mus) at w = vs/2: s = 3/4, mus (2 s²(3 - 2s) - 1) = 0.5 * 0.6875.
  EXPECT_NEAR(contact::frictionCoefficient(c, 0.05), 0.5 * 0.6875, 1e-15);
  // IMPACT: k δ^e + STEP(δ, 0, 0, dmax, c) δ̇; full damping beyond DMAX, half at DMAX/2.
  EXPECT_NEAR(contact::normalForce(c, 2e-3, 0.1), 1e5 * std::pow(2e-3, 1.5) + 100 * 0.1, 1e-12);
  EXPECT_NEAR(contact::normalForce(c, 5e-4, 0.1), 1e5 * std::pow(5e-4, 1.5) + 50 * 0.1, 1e-12);
  EXPECT_EQ(contact::normalForce(c, 1e-3, -100.0), 0.0);  // never pulls
  EXPECT_EQ(contact::normalForce(c, -1e-3, 1.0), 0.0);
  // POISSON: P δ approaching, e² P δ separating.
  SolidContact p = c;
  p.law = ContactNormalLaw::Poisson;
  p.penalty = 1e6, p.restitution = 0.5, p.normalTransitionVelocity = 1e-3;
  EXPECT_DOUBLE_EQ(contact::normalForce(p, 1e-3, 1.0), 1e3);
  EXPECT_DOUBLE_EQ(contact::normalForce(p, 1e-3, -1.0), 0.25e3);
  EXPECT_DOUBLE_EQ(contact::normalForce(p, 1e-3, 0.0), 0.625e3);
}

// A 1 kg sphere (r = 0.1 m) on the top face of a box, IMPACT k = 1e5 N/m^1.5, e = 1.5: at rest
// it sinks δ = (m g / k)^(1/e) = 2.1277 mm.
TEST(SolidContact, SphereRestsOnBoxFaceAtTheImpactPenetration)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double m = 1.0, r = 0.1, k = 1e5, e = 1.5;
    Model model;
    model.gravity = Vec3(0, 0, -kG);
    model.bodies.push_back(freeBody("ball", m, Mat3::Identity() * 0.4 * m * r * r, Vec3(0.3, -0.2, r)));
    SolidContact c = impact(k, e, 200.0, 1e-4);
    c.iShapes = {sphere(r)};
    c.jShapes = {floorBox()};
    model.contacts.push_back(c);
    const auto frames = run(model, 1.0, 0.01, 1e-7, 0.0, nullptr, nullptr, formulation);
    ASSERT_FALSE(frames.empty());
    const double delta = std::pow(m * kG / k, 1.0 / e);
    const ResultFrame& last = frames.back();
    EXPECT_NEAR(r - last.bodies[0].position.z(), delta, 1e-4 * delta);
    ASSERT_EQ(last.contacts.size(), 1u);
    EXPECT_NEAR(last.contacts[0].penetration, delta, 1e-4 * delta);
    EXPECT_NEAR(last.contacts[0].normalForce, m * kG, 1e-4 * m * kG);
    EXPECT_NEAR(last.contacts[0].force.z(), m * kG, 1e-4 * m * kG);
    EXPECT_EQ(last.contacts[0].points, 1);
    EXPECT_NEAR(last.contacts[0].point.x(), 0.3, 1e-9);
    EXPECT_NEAR(last.contacts[0].point.y(), -0.2, 1e-9);
  }
}

// A ball dropped from h = 0.2 m (gap under it) on a box, POISSON with e = 0.6: it rebounds to
// e² h = 0.072 m (less (1 − e²) δ_max/e² h = 0.2 % for the penalty's give); the contact's work is
// the kinetic energy lost, −(1 − e²) m g h.
TEST(SolidContact, BallDroppedOnBoxReboundsToRestitutionSquaredTimesHeight)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double m = 0.1, r = 0.05, h = 0.2, e = 0.6;
    const Model model = poissonBallOverFloor(m, r, h, e);
    const System system(model);
    EnergyAccount account(system);
    // The first impact is at √(2h/g) = 0.2019 s, the apex after it at 0.2019 + e √(2h/g) = 0.323 s,
    // the second impact at 0.444 s: the run stops before it.
    const auto frames = run(model, 0.4, 1e-3, 1e-7, 0.0, formulation == Formulation::SI2 ? &account : nullptr,
                            &system, formulation);
    ASSERT_FALSE(frames.empty());
    double apex = 0.0;
    for (const ResultFrame& f : frames)
      if (f.state.t > 0.25)
        apex = std::max(apex, f.bodies[0].position.z() - r);
    EXPECT_NEAR(apex, e * e * h, 0.01 * e * e * h);
    if (formulation == Formulation::SI2)  // (DMBS keeps no energy account)
      EXPECT_NEAR(account.work(WorkKind::SolidContact, 0), -(1 - e * e) * m * kG * h, 0.01 * m * kG * h);
    if (formulation == Formulation::SI2)
      EXPECT_LT(std::abs(account.residual()), 1e-3 * m * kG * h);
  }
}

// A 0.2 m cube on a box floor pushed at v0 = 1 m/s with μ_s = μ_d = 0.3 slides
// v0²/(2 μ_d g) = 0.16989 m and stops; the face contact carries it on 4 points.
TEST(SolidContact, BoxSlidesToRestAfterTheCoulombDistance)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double m = 1.0, mu = 0.3, v0 = 1.0;
    const Vec3 edges(0.2, 0.2, 0.2);
    Model model;
    model.gravity = Vec3(0, 0, -kG);
    Body b = freeBody("block", m, boxInertia(m, edges), Vec3(0, 0, 0.1 - m * kG / 1e7));  // at rest depth
    b.velocity = Vec3(v0, 0, 0);
    model.bodies.push_back(b);
    SolidContact c = impact(1e7, 1.0, 2e3, 1e-5);
    c.friction = ContactFrictionMode::On;
    c.muStatic = mu, c.muDynamic = mu, c.stictionVelocity = 1e-3, c.frictionVelocity = 2e-3;
    c.iShapes = {box(edges, Vec3::Zero(), "block")};
    c.jShapes = {floorBox()};
    model.contacts.push_back(c);
    const System system(model);
    EnergyAccount account(system);
    const auto frames = run(model, 0.6, 0.01, 1e-6, 0.0, formulation == Formulation::SI2 ? &account : nullptr,
                            &system, formulation);
    ASSERT_FALSE(frames.empty());
    const double distance = v0 * v0 / (2 * mu * kG);
    EXPECT_NEAR(frames.back().bodies[0].position.x(), distance, 2e-3);
    EXPECT_LT(frames.back().bodies[0].velocity.norm(), 2e-3);
    EXPECT_EQ(frames[5].contacts[0].points, 4);
    // Decelerated by μ g while sliding: v(0.1 s) = v0 − μ g 0.1 s = 0.7057 m/s.
    EXPECT_NEAR(frames[10].bodies[0].velocity.x(), v0 - mu * kG * 0.1, 0.01 * v0);
    if (formulation == Formulation::SI2)  // (DMBS keeps no energy account)
      EXPECT_NEAR(account.work(WorkKind::SolidContactFriction, 0), -0.5 * m * v0 * v0,
                  0.01 * 0.5 * m * v0 * v0);
  }
}

// A cube on a box floor under gravity tilted by θ (an incline of angle θ): μ_s = 0.5, μ_d = 0.4.
// Below tan θ = μ_s it is held: Adams' law has no true stiction, so it creeps at the steady speed
// below the stiction transition velocity v_s where μ(w) = tan θ; above it slides with
// a = g (sin θ − μ_d cos θ). (With μ_d < tan θ < μ_s the law also allows sliding at μ_d once
// faster than 2 v_s: a v_s much below the first step's velocity change lets the integrator land
// there, so v_s is 10 mm/s here, a tenth of Adams' default.)
TEST(SolidContact, BoxOnInclineHeldBelowStaticFrictionAndSlidingAbove)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double m = 1.0, muS = 0.5, muD = 0.4, vs = 1e-2;
    const Vec3 edges(0.2, 0.2, 0.2);
    for (const double theta : {std::atan(0.45), std::atan(0.7)}) {
      Model model;
      model.gravity = kG * Vec3(std::sin(theta), 0, -std::cos(theta));
      // Started at its resting penetration: a block dropped onto the slope would pass v_s while the
      // normal force builds up, and then slide on at μ_d < tan θ.
      const double depth = m * kG * std::cos(theta) / 1e7;
      model.bodies.push_back(freeBody("block", m, boxInertia(m, edges), Vec3(0, 0, 0.1 - depth)));
      SolidContact c = impact(1e7, 1.0, 2e3, 1e-5);
      c.friction = ContactFrictionMode::On;
      c.muStatic = muS, c.muDynamic = muD, c.stictionVelocity = vs, c.frictionVelocity = 2 * vs;
      c.iShapes = {box(edges, Vec3::Zero(), "block")};
      c.jShapes = {floorBox()};
      model.contacts.push_back(c);
      const auto frames = run(model, 0.5, 0.01, 1e-6, 0.0, nullptr, nullptr, formulation);
      ASSERT_FALSE(frames.empty());
      const ResultFrame& last = frames.back();
      if (std::tan(theta) < muS) {
        const double creep = last.bodies[0].velocity.x();
        EXPECT_GT(creep, 0.0);
        EXPECT_LT(creep, vs) << "held at tan θ = " << std::tan(theta);
        EXPECT_NEAR(frames[frames.size() / 2].bodies[0].velocity.x(), creep, 1e-3 * vs);  // steady
        EXPECT_LT(last.bodies[0].position.x(), vs * last.state.t);
      } else {
        const double a = kG * (std::sin(theta) - muD * std::cos(theta));
        const ResultFrame& mid = frames[frames.size() / 2];
        const double measured =
            (last.bodies[0].velocity.x() - mid.bodies[0].velocity.x()) / (last.state.t - mid.state.t);
        EXPECT_NEAR(measured, a, 2e-3 * a) << "sliding at tan θ = " << std::tan(theta);
      }
    }
  }
}

// A solid cylinder (r = 0.1 m) rolling without slip down an incline of θ = 0.3 rad:
// a = (2/3) g sin θ; μ = 0.5 > tan θ / 3 holds it from slipping.
TEST(SolidContact, CylinderRollsDownInclineAtTwoThirdsGSinTheta)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double m = 2.0, r = 0.1, len = 0.2, theta = 0.3;
    Model model;
    model.gravity = kG * Vec3(std::sin(theta), 0, -std::cos(theta));
    const double ia = 0.5 * m * r * r, it = m * (3 * r * r + len * len) / 12;
    Body b = freeBody("roller", m, Vec3(it, it, ia).asDiagonal(), Vec3(0, 0, r));
    b.orientation = Quat(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()));  // axis along ground y
    model.bodies.push_back(b);
    SolidContact c = impact(1e7, 1.0, 2e3, 1e-5);
    c.friction = ContactFrictionMode::On;
    c.muStatic = 0.5, c.muDynamic = 0.5, c.stictionVelocity = 1e-3, c.frictionVelocity = 2e-3;
    ContactShape cyl;
    cyl.name = "roller";
    cyl.kind = ContactShapeKind::Cylinder;
    cyl.size = Vec3(r, 0, len);
    c.iShapes = {cyl};
    ContactShape plane;
    plane.name = "ground plane";
    plane.kind = ContactShapeKind::Plane;
    c.jShapes = {plane};
    model.contacts.push_back(c);
    const auto frames = run(model, 0.5, 0.01, 1e-6, 0.0, nullptr, nullptr, formulation);
    ASSERT_FALSE(frames.empty());
    const ResultFrame& last = frames.back();
    const ResultFrame& mid = frames[frames.size() / 2];
    const double a =
        (last.bodies[0].velocity.x() - mid.bodies[0].velocity.x()) / (last.state.t - mid.state.t);
    EXPECT_NEAR(a, 2.0 / 3.0 * kG * std::sin(theta), 5e-3 * kG * std::sin(theta));
    // Rolling: v = ω r about ground y.
    EXPECT_NEAR(last.bodies[0].angularVelocity.y() * r, last.bodies[0].velocity.x(),
                1e-2 * last.bodies[0].velocity.x());
  }
}

// ∂Q/∂q and ∂Q/∂q̇ of a spinning, sliding box pressed into a box floor against differences of
// System::forces with another step.
TEST(SolidContact, ForceJacobiansMatchDifferencesOfTheForces)
{
  Model model;
  model.gravity = Vec3(0, 0, -kG);
  const Vec3 edges(0.2, 0.3, 0.1);
  Body b = freeBody("block", 1.0, boxInertia(1.0, edges), Vec3(0.1, 0.0, 0.05 - 2e-4));
  b.orientation = Quat(Eigen::AngleAxisd(0.3, Vec3::UnitZ()));
  model.bodies.push_back(b);
  model.bodies.push_back(freeBody("ball", 0.5, Mat3::Identity() * 1e-3, Vec3(0.1, 0.0, 0.1 + 0.05 - 1e-4)));
  SolidContact c = impact(1e6, 1.5, 100.0, 1e-3);
  c.friction = ContactFrictionMode::On;
  c.muStatic = 0.5, c.muDynamic = 0.3, c.stictionVelocity = 0.1, c.frictionVelocity = 0.2;
  c.iShapes = {box(edges, Vec3::Zero(), "block")};
  c.jShapes = {floorBox()};
  model.contacts.push_back(c);
  SolidContact top = c;  // a ball on the block: both sides move
  top.name = "top";
  top.iBody = 1;
  top.jBody = 0;
  top.iShapes = {sphere(0.05)};
  top.jShapes = {box(edges, Vec3::Zero(), "block")};
  model.contacts.push_back(top);
  const System system(model);
  Vec q = system.initialPositions(), qd = system.initialVelocities();
  qd.segment<3>(0) = Vec3(0.05, 0.03, -0.01);
  qd.segment<4>(3) = detail::pdotFromOmega(q.segment<4>(3), Vec3(0.0, 0.0, 0.5));
  qd.segment<3>(7) = Vec3(-0.02, 0.01, -0.02);
  SparseMat dQdq, dQdqd;
  system.forceJacobians(0.0, q, qd, dQdq, dQdqd);
  const Mat jq = Mat(dQdq), jqd = Mat(dQdqd);
  double worst = 0.0;
  for (int which = 0; which < 2; ++which)
    for (int col = 0; col < 14; ++col) {
      Vec qp = q, qm = q, vp = qd, vm = qd;
      const double h = which == 0 ? 3e-8 : 3e-7;
      (which == 0 ? qp : vp)[col] += h;
      (which == 0 ? qm : vm)[col] -= h;
      Vec fp, fm;
      system.forces(0.0, qp, vp, fp);
      system.forces(0.0, qm, vm, fm);
      const Vec diff = (fp - fm) / (2 * h);
      const Vec exact = (which == 0 ? jq : jqd).col(col);
      worst = std::max(worst, (diff - exact).norm() / std::max(1.0, diff.norm()));
      EXPECT_LT((diff - exact).norm(), 1e-4 * std::max(1.0, diff.norm())) << (which ? "q̇ " : "q ") << col;
    }
  std::printf("[contact] Jacobian: largest relative difference %.2e\n", worst);
  EXPECT_GT(jq.norm(), 1e3);  // the contact stiffness is in it
}

// The step control onto a contact: a ball falling onto a stiff box face (IMPACT DMAX = 0.1 mm) is
// never let in deeper than the contact can hold on the first step; the dropped ball keeps its
// energy to 1e-4 of m g h with a stiff undamped contact.
TEST(SolidContact, StepControlDoesNotStepOverTheImpact)
{
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const double m = 0.1, r = 0.05, h = 0.5;
    Model model;
    model.gravity = Vec3(0, 0, -kG);
    model.bodies.push_back(freeBody("ball", m, Mat3::Identity() * 0.4 * m * r * r, Vec3(0, 0, r + h)));
    SolidContact c = impact(1e8, 1.5, 0.0, 1e-4);
    c.iShapes = {sphere(r)};
    c.jShapes = {
        box(Vec3(0.2, 0.2, 0.01), Vec3(0, 0, -0.005), "thin plate")};  // thinner than one coarse step
    model.contacts.push_back(c);
    const auto frames =
        run(model, 0.5, 0.05, 1e-6, 0.0, nullptr, nullptr, formulation);  // output step 0.05 s: hmax 0.05 s
    ASSERT_FALSE(frames.empty());
    double lowest = 1.0;
    for (const ResultFrame& f : frames)
      lowest = std::min(lowest, f.bodies[0].position.z());
    EXPECT_GT(lowest, 0.0);  // it bounced off the plate, it did not pass through it
    const double top = frames.back().bodies[0].position.z();
    EXPECT_GT(top, r);
  }
}

// Bounces from rest: at each apex the ball is not approaching, so no onset limit holds the next
// step, and free fall is a polynomial the error estimate integrates exactly. The largest step (the
// output step when the model has contacts) must keep it from passing through the floor: POISSON,
// e = 0.8, h = 0.5 m: the apexes are e^(2k) h.
TEST(SolidContact, BouncingBallNeverStepsThroughTheFloorFromAnApex)
{
  const double m = 1.0, r = 0.05, h = 0.5, e = 0.8;
  for (const Formulation formulation : {Formulation::SI2, Formulation::DMBS}) {
    SCOPED_TRACE(toString(formulation));
    const Model model = poissonBallOverFloor(m, r, h, e);
    const auto frames = run(model, 1.5, 0.0025, 1e-6, 0.0, nullptr, nullptr, formulation);
    ASSERT_FALSE(frames.empty());
    double lowest = 1.0, secondApex = 0.0;
    for (const ResultFrame& f : frames) {
      lowest = std::min(lowest, f.bodies[0].position.z() - r);
      if (f.state.t > 0.4 && f.state.t < 0.8)
        secondApex = std::max(secondApex, f.bodies[0].position.z() - r);
    }
    EXPECT_GT(lowest, -1e-3);  // the penalty's give, never the floor's thickness
    EXPECT_NEAR(secondApex, e * e * h, 0.01 * e * e * h);
  }
}

TEST(SolidContact, BadContactsAreNamed)
{
  Model model;
  model.bodies.push_back(freeBody("ball", 1.0, Mat3::Identity(), Vec3::Zero()));
  SolidContact c = impact(1e5, 1.5, 10.0, 0.0);  // DMAX 0
  c.name = "bad";
  c.iShapes = {sphere(0.1)};
  c.jShapes = {floorBox()};
  model.contacts.push_back(c);
  Status st = System::validate(model);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message.find("contact 'bad'"), std::string::npos) << st.message;
  EXPECT_NE(st.message.find("DMAX"), std::string::npos) << st.message;
  model.contacts[0].dmax = 1e-3;
  model.contacts[0].iShapes[0].size.x() = -1.0;
  st = System::validate(model);
  EXPECT_NE(st.message.find("solid 'ball'"), std::string::npos) << st.message;
  model.contacts[0].iShapes[0].size.x() = 0.1;
  ContactShape mesh;
  mesh.name = "broken mesh";
  mesh.kind = ContactShapeKind::TriangleMesh;
  mesh.vertices = {Vec3(0, 0, 0), Vec3(1, 0, 0), Vec3(0, 1, 0), Vec3(0, 0, 1)};
  mesh.triangles = {{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 7}};
  model.contacts[0].jShapes = {mesh};
  st = System::validate(model);
  EXPECT_NE(st.message.find("vertex index 7"), std::string::npos) << st.message;
}

}  // namespace
}  // namespace mbs::solver
