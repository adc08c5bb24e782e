// FE beams (co-rotational BeamElement between node bodies; beams/CorotationalBeamElement.hpp,
// docs/solver-notes.md "FE beams") against closed forms: small-deflection tip PL³/3EI + PL·ASY/(GA)
// and twist TL/GJ; a cantilever under the end moment 2πEI/L closing into a circle; the elastica
// of a cantilever under a large end load (Mattiasson's table); the first bending frequency against
// Euler–Bernoulli's; the exact Jacobians against differences; rigid motions loading nothing.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "mbs/solver/BeamSections.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace test {

using namespace test;

struct Rod {
  double length = 1.0, radius = 0.01, e = 2.1e11, g = 8.0e10, rho = 7800.0, shearRatio = 0.0;
  double area() const { return std::numbers::pi * radius * radius; }
  double i() const { return std::numbers::pi * std::pow(radius, 4) / 4.0; }
};

// A cantilever of `n` elements along ground x, node 0 fixed to ground; node k is body k with the
// mass and rotary inertia of its share of the length (half at both ends). Returns the tip marker.
int cantilever(Model& m, const Rod& rod, int n)
{
  const double h = rod.length / n;
  for (int k = 0; k <= n; ++k) {
    const double share = (k == 0 || k == n) ? h / 2 : h;
    const double mass = rod.rho * rod.area() * share, rotary = rod.rho * share * rod.i();
    m.bodies.push_back(
        makeBody("node" + std::to_string(k), mass, {2 * rotary, rotary, rotary}, Vec3(k * h, 0, 0)));
  }
  for (int k = 0; k < n; ++k) {
    BeamElement e;
    e.name = "e" + std::to_string(k);
    e.bodyA = k;
    e.bodyB = k + 1;
    e.section.length = h;
    e.section.area = rod.area();
    e.section.iyy = e.section.izz = rod.i();
    e.section.ixx = 2 * rod.i();
    e.section.youngsModulus = rod.e;
    e.section.shearModulus = rod.g;
    e.section.shearAreaRatioY = e.section.shearAreaRatioZ = rod.shearRatio;
    m.beamElements.push_back(e);
  }
  addJoint(m, "root", JointType::Fixed, addMarker(m, "node0.root", 0, Vec3::Zero()),
           addMarker(m, "ground.root", kGround, Vec3::Zero()));
  return addMarker(m, "tip", n, Vec3::Zero());
}

// A constant load at a marker, scaled by *scale (load stepping).
Force tipLoad(int marker, const Vec3& force, const Vec3& torque, std::shared_ptr<double> scale)
{
  Force f;
  f.name = "tip_load";
  f.type = ForceType::General;
  f.iMarker = marker;
  f.jMarker = kGround;
  f.referenceMarker = kGround;
  f.actionOnly = true;
  for (int k = 0; k < 6; ++k) {
    const double v = k < 3 ? force[k] : torque[k - 3];
    f.functions[k] = std::make_shared<LambdaFunction>([v, scale](const StateView&) { return v * *scale; });
  }
  return f;
}

// A steel beam's stiffness (EA/h ~ 1e9 N/m) makes round-off of the forces ~1e-7 N: the residual
// is checked relative to that.
StaticOptions stiffStatics(double forceTolerance = 1e-5)
{
  StaticOptions options;
  options.forceTolerance = forceTolerance;
  options.maxIterations = 200;
  return options;
}

// Statics in `steps` equal load steps (Newton from the previous equilibrium each time).
Status solveInSteps(const System& sys, State& state, std::shared_ptr<double> scale, int steps)
{
  const StaticOptions options = stiffStatics(1e-3);
  for (int s = 1; s <= steps; ++s) {
    *scale = double(s) / steps;
    if (Status st = solveStatics(sys, state, options); !st.ok())
      return st;
  }
  return Status::success();
}

Vec3 rotationVector(const Vec& q, int body)
{
  const Quat p(q[7 * body + 3], q[7 * body + 4], q[7 * body + 5], q[7 * body + 6]);
  const Eigen::AngleAxisd aa(p);
  return aa.angle() * aa.axis();
}

TEST(FeBeam, SmallDeflectionTipIsBendingPlusShearAndTwistIsTLOverGJ)
{
  Rod rod;
  rod.shearRatio = 10.0 / 9.0;
  rod.length = 0.3;  // stubby: the shear term is visible
  for (int n : {1, 4}) {
    SCOPED_TRACE(n);
    Model m;
    const int tip = cantilever(m, rod, n);
    const double p = 50.0, t = 20.0;
    m.forces.push_back(tipLoad(tip, Vec3(0, -p, 0), Vec3(t, 0, 0), std::make_shared<double>(1.0)));
    const System sys(m);
    State state;
    const Status s = solveStatics(sys, state, stiffStatics());
    ASSERT_TRUE(s.ok()) << s.message;
    const double bending = p * std::pow(rod.length, 3) / (3 * rod.e * rod.i());
    const double shear = p * rod.length * rod.shearRatio / (rod.g * rod.area());
    const double deflection = -state.q[7 * n + 1];
    EXPECT_NEAR(deflection, bending + shear, 1e-4 * (bending + shear));
    const double twist = t * rod.length / (rod.g * 2 * rod.i());
    EXPECT_NEAR(rotationVector(state.q, n).x(), twist, 1e-4 * twist);
    std::printf("[fe beam] N = %d: tip %.6e m (PL^3/3EI + shear %.6e), twist %.6e rad (TL/GJ %.6e)\n", n,
                deflection, bending + shear, rotationVector(state.q, n).x(), twist);
  }
}

// The section loads a plot reads (mbs/solver/BeamSections.hpp) are the statics of the cantilever,
// one load at a time (together, the tension's moment over the deflection adds to the bending, as it
// should in a geometrically exact beam): under the tip force −P ŷ the cut at x carries V_y = −P and
// M_z = −P (L − x) (the tip load's moment about the cut); under a tension, N; under a twisting
// moment, T; at both ends of every element. P is small enough that the element axes are ground's
// to 1e-4.
TEST(FeBeam, SectionLoadsAreTheCantileversStatics)
{
  Rod rod;
  const int n = 4;
  const double p = 5.0, tension = 300.0, twist = 20.0;
  const struct {
    Vec3 force, torque;
    Vec6 atRoot;  // N, Vy, Vz, T, My, Mz at x = 0; Mz falls linearly to 0 at the tip
  } cases[] = {{Vec3(0, -p, 0), Vec3::Zero(), (Vec6() << 0, -p, 0, 0, 0, -p * rod.length).finished()},
               {Vec3(tension, 0, 0), Vec3::Zero(), (Vec6() << tension, 0, 0, 0, 0, 0).finished()},
               {Vec3::Zero(), Vec3(twist, 0, 0), (Vec6() << 0, 0, 0, twist, 0, 0).finished()}};
  for (const auto& load : cases) {
    Model m;
    const int tip = cantilever(m, rod, n);
    m.forces.push_back(tipLoad(tip, load.force, load.torque, std::make_shared<double>(1.0)));
    const System sys(m);
    State state;
    const Status s = solveStatics(sys, state, stiffStatics());
    ASSERT_TRUE(s.ok()) << s.message;
    auto node = [&](int k) {
      BodyOutput b{};
      b.position = state.q.segment<3>(7 * k);
      b.orientation = Quat(state.q[7 * k + 3], state.q[7 * k + 4], state.q[7 * k + 5], state.q[7 * k + 6]);
      b.velocity = b.angularVelocity = Vec3::Zero();
      return b;
    };
    const double h = rod.length / n;
    const double scale = load.atRoot.cwiseAbs().maxCoeff();
    for (int k = 0; k < n; ++k) {
      SCOPED_TRACE(k);
      const BeamSectionLoads loads = beamSectionLoads(m.beamElements[std::size_t(k)], node(k), node(k + 1));
      for (int end = 0; end < 2; ++end) {
        const double x = (k + end) * h;
        Vec6 expected = load.atRoot;
        expected[5] *= (rod.length - x) / rod.length;
        const Vec6& at = end == 0 ? loads.atA : loads.atB;
        EXPECT_LT((at - expected).cwiseAbs().maxCoeff(), 2e-3 * scale) << at.transpose();
      }
    }
  }
}

// M = 2πEI/L bends the cantilever into a full circle of radius L/2π: the tip returns to the root
// with a tip rotation of 2π, and the middle node sits at the top of the circle, 2R = L/π above
// the root. Each element is a chord of the circle, so the polygon closes exactly at any N; the
// middle node's height converges as O(1/N²). Statics in 32 load steps.
TEST(FeBeam, EndMomentTwoPiEIOverLClosesACircle)
{
  Rod rod;
  rod.radius = 0.05;  // see LargeDeflectionCantileverFollowsTheElastica on slenderness
  const double moment = 2 * std::numbers::pi * rod.e * rod.i() / rod.length;
  double previous = 1.0;
  for (int n : {8, 16, 32}) {
    Model m;
    const int tip = cantilever(m, rod, n);
    auto scale = std::make_shared<double>(0.0);
    m.forces.push_back(tipLoad(tip, Vec3::Zero(), Vec3(0, 0, moment), scale));
    const System sys(m);
    State state;
    const Status s = solveInSteps(sys, state, scale, 32);
    ASSERT_TRUE(s.ok()) << s.message;
    const double miss = state.q.segment<3>(7 * n).norm() / rod.length;
    const double turn = std::abs(state.q[7 * n + 3]);  // tip axes back to the root's: e0 = ±1
    const Vec3 mid = state.q.segment<3>(7 * (n / 2));
    const double error = std::abs(mid.y() - rod.length / std::numbers::pi) / rod.length;
    std::printf("[fe beam] circle N = %2d: tip miss %.3e L, |e0| %.10f, mid (%.6f, %.6f) (exact 0, %.6f)\n",
                n, miss, turn, mid.x(), mid.y(), rod.length / std::numbers::pi);
    EXPECT_LT(miss, 1e-9);
    EXPECT_NEAR(turn, 1.0, 1e-9);
    EXPECT_NEAR(mid.x(), 0.0, 1e-9);
    EXPECT_LT(error, previous / 3.5);
    previous = error;
  }
  EXPECT_LT(previous, 1e-3);
}

// The elastica of a cantilever under a vertical end load P: tip deflection/L for PL²/EI = 1, 2, 5,
// 10 from Mattiasson (1981, Int. J. Numer. Methods Eng. 17) — 0.30172, 0.49346, 0.71379, 0.81061,
// the numbers this repository's shooting solution of θ'' = −(PL²/EI) cos θ reproduces
// (docs/solver-notes.md) — and the horizontal shortening 0.05643, 0.16064, 0.38763, 0.55500.
//
// Statics takes the load in steps of 0.1 in PL²/EI: a Newton step in absolute coordinates turns the
// elements linearly, which stretches them to second order, and the axial stiffness EA/h against
// the bending stiffness EI/h³ (ratio 4 h²/r² for a rod) then holds the line search to short steps
// (docs/solver-notes.md, "FE beams"). The rod is 1 m long, 40 mm across: its axial strain at
// PL²/EI = 10 is 1e-3, which moves v/L by about that much from the inextensible elastica.
TEST(FeBeam, LargeDeflectionCantileverFollowsTheElastica)
{
  Rod rod;
  rod.radius = 0.02;
  const double ei = rod.e * rod.i(), l = rod.length;
  const double ratio[] = {1, 2, 5, 10}, vertical[] = {0.30172, 0.49346, 0.71379, 0.81061},
               shortening[] = {0.05643, 0.16064, 0.38763, 0.55500};
  const int n = 16;
  Model m;
  const int tip = cantilever(m, rod, n);
  auto scale = std::make_shared<double>(0.0);
  m.forces.push_back(tipLoad(tip, Vec3(0, -ei / (l * l), 0), Vec3::Zero(), scale));
  const System sys(m);
  State state;
  double from = 0.0;
  for (int c = 0; c < 4; ++c) {
    // Continue from the last equilibrium in steps of at most 1 in PL²/EI.
    const int steps = int(std::ceil(10 * (ratio[c] - from)));
    const StaticOptions options = stiffStatics(1e-4);
    for (int s = 1; s <= steps; ++s) {
      *scale = from + (ratio[c] - from) * s / steps;
      const Status st = solveStatics(sys, state, options);
      ASSERT_TRUE(st.ok()) << st.message;
    }
    from = ratio[c];
    const double v = -state.q[7 * n + 1] / l, u = 1.0 - state.q[7 * n] / l;
    std::printf("[fe beam] elastica PL^2/EI = %4.1f: v/L %.5f (%.5f), 1 - u/L %.5f (%.5f)\n", ratio[c], v,
                vertical[c], u, shortening[c]);
    EXPECT_NEAR(v, vertical[c], 3e-3);
    EXPECT_NEAR(u, shortening[c], 3e-3);
  }
}

TEST(FeBeam, FirstBendingFrequencyConvergesToEulerBernoulli)
{
  const Rod rod;
  const double beta = 1.87510407;
  const double exact = beta * beta *
                       std::sqrt(rod.e * rod.i() / (rod.rho * rod.area() * std::pow(rod.length, 4))) /
                       (2 * std::numbers::pi);
  double previous = 1.0;
  for (int n : {4, 8, 16, 32}) {
    Model m;
    cantilever(m, rod, n);
    const System sys(m);
    State state;
    ASSERT_TRUE(solveStatics(sys, state, stiffStatics()).ok());
    LinearSystem lin;
    const Status s = linearize(sys, state, lin);
    ASSERT_TRUE(s.ok()) << s.message;
    ASSERT_FALSE(lin.modes.empty());
    const double error = std::abs(lin.modes[0].naturalFrequency - exact) / exact;
    std::printf("[fe beam] N = %2d: first bending %.5f Hz, Euler-Bernoulli %.5f Hz, error %.2e\n", n,
                lin.modes[0].naturalFrequency, exact, error);
    EXPECT_LT(error, previous);
    previous = error;
  }
  EXPECT_LT(previous, 2e-3);
}

// A deformed, moving beam far from its reference pose: the exact Jacobians (jets with Hessians)
// against the System's central differences.
TEST(FeBeam, JacobiansMatchFiniteDifferences)
{
  Rod rod;
  rod.shearRatio = 1.2;
  Model m;
  cantilever(m, rod, 3);
  m.joints.clear();  // free: every node moves
  for (BeamElement& e : m.beamElements)
    e.damping = 2e-3;
  // Node axes tilted off the chord in the reference (a curved beam's nodes).
  m.beamElements[1].axesA = Eigen::AngleAxisd(0.2, Vec3(0, 0, 1)).toRotationMatrix();
  const System sys(m);
  std::mt19937 rng(7);
  const Quat big(Eigen::AngleAxisd(2.5, Vec3(1, 2, -1).normalized()));
  Vec q(7 * 4), qd(7 * 4);
  for (int b = 0; b < 4; ++b) {
    const Vec3 r = big * (Vec3(b / 3.0, 0, 0) + randomVec(rng, 0.03));
    const Quat p = big * Quat(Eigen::AngleAxisd(0.3, randomVec(rng).normalized()));
    q.segment<3>(7 * b) = r;
    q.segment<4>(7 * b + 3) = Vec4(p.w(), p.x(), p.y(), p.z());
    qd.segment<3>(7 * b) = randomVec(rng);
    Vec4 pd(randomVec(rng).x(), randomVec(rng).y(), randomVec(rng).z(), randomVec(rng).x());
    pd -= q.segment<4>(7 * b + 3) * q.segment<4>(7 * b + 3).dot(pd);
    qd.segment<4>(7 * b + 3) = pd;
  }
  SparseMat dq, dqd, fdq, fdqd;
  sys.forceJacobians(0.0, q, qd, dq, dqd);
  sys.Dae::forceJacobians(0.0, q, qd, fdq, fdqd);
  const double scale = Mat(fdq).cwiseAbs().maxCoeff();
  EXPECT_GT(scale, 1e3);
  EXPECT_LT(Mat(dq - fdq).cwiseAbs().maxCoeff(), 1e-6 * scale);
  EXPECT_LT(Mat(dqd - fdqd).cwiseAbs().maxCoeff(), 1e-6 * Mat(fdqd).cwiseAbs().maxCoeff());
}

// A rigid motion of the whole beam (any rotation, translation) loads nothing, and the forces of a
// deformed beam are equilibrated (zero resultant force and moment).
TEST(FeBeam, RigidMotionsAreFreeAndForcesAreEquilibrated)
{
  const Rod rod;
  Model m;
  cantilever(m, rod, 3);
  m.joints.clear();
  const System sys(m);
  const Quat big(Eigen::AngleAxisd(3.0, Vec3(0.3, -1, 2).normalized()));
  Vec q(28), qd = Vec::Zero(28);
  for (int b = 0; b < 4; ++b) {
    q.segment<3>(7 * b) = big * Vec3(b / 3.0, 0, 0) + Vec3(5, -2, 1);
    q.segment<4>(7 * b + 3) = Vec4(big.w(), big.x(), big.y(), big.z());
  }
  Vec Q = Vec::Zero(28);
  sys.forces(0.0, q, qd, Q);
  EXPECT_LT(Q.cwiseAbs().maxCoeff(), 1e-6);
  // Deform: move and turn the inner nodes.
  q.segment<3>(7) += Vec3(0.01, 0.02, -0.01);
  q.segment<4>(7 * 2 + 3) = Vec4(0.99, 0.1, 0.05, -0.02).normalized();
  Q.setZero();
  sys.forces(0.0, q, qd, Q);
  Vec3 force = Vec3::Zero(), moment = Vec3::Zero();
  for (int b = 0; b < 4; ++b) {
    const Vec3 f = Q.segment<3>(7 * b);
    const Vec4 p = q.segment<4>(7 * b + 3), qp = Q.segment<4>(7 * b + 3);
    // n from Q_p = 2 Eᵀ n: n = ½ E Q_p, E = [−e, e0 I + ẽ].
    const Vec3 e = p.tail<3>();
    Mat3 skew;
    skew << 0, -e.z(), e.y(), e.z(), 0, -e.x(), -e.y(), e.x(), 0;
    const Vec3 n = 0.5 * (-e * qp[0] + (p[0] * Mat3::Identity() + skew) * qp.tail<3>());
    force += f;
    moment += n + Vec3(q.segment<3>(7 * b)).cross(f);
  }
  EXPECT_GT(Q.cwiseAbs().maxCoeff(), 1e3);
  EXPECT_LT(force.norm(), 1e-6 * Q.cwiseAbs().maxCoeff());
  EXPECT_LT(moment.norm(), 1e-6 * Q.cwiseAbs().maxCoeff());
}

// A damped free vibration: the energy account balances the kinetic and strain energies against
// the elements' work.
TEST(FeBeam, EnergyAccountBalancesTheElementsWork)
{
  Rod rod;
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  cantilever(m, rod, 4);
  for (BeamElement& e : m.beamElements)
    e.damping = 1e-4;
  const System sys(m);
  DynamicOptions options;
  options.endTime = 0.05;
  options.outputStep = 1e-3;
  options.integrator = IntegratorType::Gstiff;
  options.integratorOptions.tolerance = 1e-7;
  EnergyAccount account(sys);
  ResultStore results;
  const Status s = runDynamics(sys, options, nullptr, results, &account);
  ASSERT_TRUE(s.ok()) << s.message;
  EXPECT_GT(account.scale(), 0.0);
  EXPECT_LT(std::abs(account.residual()), 1e-4 * account.scale());
  EXPECT_LT(account.work(WorkKind::BeamElement, 0), 0.0);
}

// A spinning cantilever stiffens (centrifugal tension): its first flapwise frequency at the speed
// parameter λ = Ω √(ρA L⁴/EI) = 2 is 4.1373 √(EI/ρA L⁴) against 3.5160 at rest (Euler–Bernoulli,
// zero hub radius; Wright, Smith, Thresher and Wang 1982, as tabulated by Hodges and Rutkowski).
// The beam turns about z on a revolute joint driven at Ω and flaps along z (no Coriolis coupling);
// the frequency is counted from the tip's zero crossings (HHT), and the ratio of the spinning to
// the resting run cancels the discretization error.
TEST(FeBeam, SpinningCantileverStiffensAsTheRotatingBeamTable)
{
  const Rod rod;  // 1 m of steel, radius 10 mm: slender
  const int n = 8;
  const double scale = std::sqrt(rod.e * rod.i() / (rod.rho * rod.area() * std::pow(rod.length, 4)));
  auto flapFrequency = [&](double lambda) {
    Model m;
    cantilever(m, rod, n);
    m.joints[0].type = JointType::Revolute;  // about z: the hub
    const double spin = lambda * scale;
    Motion drive;
    drive.name = "hub";
    drive.iMarker = m.joints[0].iMarker;
    drive.jMarker = m.joints[0].jMarker;
    drive.axis = MotionAxis::RotationZ;
    drive.displacement = std::make_shared<Polynomial>(0.0, spin);
    m.motions.push_back(drive);
    for (int k = 0; k <= n; ++k) {  // spinning rigidly, plus a small flap
      Body& b = m.bodies[std::size_t(k)];
      const double x = b.position.x();
      b.velocity = Vec3(0.0, spin * x, 1e-3 * x * x / (rod.length * rod.length));
      b.angularVelocity = Vec3(0.0, 0.0, spin);
    }
    const System sys(m);
    DynamicOptions options;
    options.endTime = 0.4;  // 5.7 resting periods
    options.outputStep = 5e-4;
    options.integrator = IntegratorType::Hht;
    options.integratorOptions.tolerance = 1e-6;
    ResultStore results;
    const Status s = runDynamics(sys, options, nullptr, results);
    EXPECT_TRUE(s.ok()) << s.message;
    // Upward zero crossings of the tip's flap, linearly interpolated.
    std::vector<double> crossings;
    for (std::size_t f = 1; f < results.size(); ++f) {
      const double z0 = results.frame(f - 1).bodies[std::size_t(n)].position.z();
      const double z1 = results.frame(f).bodies[std::size_t(n)].position.z();
      if (z0 < 0.0 && z1 >= 0.0) {
        const double t0 = results.frame(f - 1).state.t, t1 = results.frame(f).state.t;
        crossings.push_back(t0 + (t1 - t0) * z0 / (z0 - z1));
      }
    }
    EXPECT_GE(crossings.size(), 4u);
    return crossings.size() < 2
               ? 0.0
               : 2 * std::numbers::pi * double(crossings.size() - 1) / (crossings.back() - crossings.front());
  };
  const double resting = flapFrequency(0.0), spinning = flapFrequency(2.0);
  std::printf(
      "[fe beam] flap: resting %.4f (table 3.5160), spinning at lambda 2 %.4f (table 4.1373), ratio %.5f "
      "(%.5f)\n",
      resting / scale, spinning / scale, spinning / resting, 4.1373 / 3.5160);
  EXPECT_NEAR(resting / scale, 3.5160, 0.015 * 3.5160);  // 8 elements, lumped masses: −0.8 %
  EXPECT_NEAR(spinning / resting, 4.1373 / 3.5160, 5e-3 * 4.1373 / 3.5160);
}

}  // namespace test
}  // namespace mbs::solver
