// Adams BEAM and FIELD (beams/LinearFieldLoad.hpp, docs/solver-notes.md "Beams and fields") against
// closed forms: a cantilever's static tip deflection PL³/3EI + PL·ASY/(GA) and twist TL/(GJ), a
// discrete link's first bending frequency converging to Euler–Bernoulli's, and the energy account
// of a beam-supported mass. The Jacobians are in force_jacobian_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "dynamics/EnergyAccount.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

using namespace test;

// Steel bar, solid circle of radius 10 mm, 0.5 m long.
BeamProperties steelRod(double length, double shearRatio)
{
  const double r = 0.01, pi = std::numbers::pi;
  BeamProperties b;
  b.length = length;
  b.area = pi * r * r;
  b.iyy = b.izz = pi * std::pow(r, 4) / 4.0;
  b.ixx = pi * std::pow(r, 4) / 2.0;
  b.youngsModulus = 2.1e11;
  b.shearModulus = 8.0e10;
  b.shearAreaRatioY = b.shearAreaRatioZ = shearRatio;
  return b;
}

Force beamForce(const std::string& name, int i, int j, const BeamProperties& b, double cratio = 0.0)
{
  Force f;
  f.name = name;
  f.type = ForceType::Beam;
  f.iMarker = i;
  f.jMarker = j;
  f.field = beamField(b, cratio * beamStiffness(b));
  return f;
}

Force constantLoad(int marker, const Vec3& force, const Vec3& torque)
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
    f.functions[k] = std::make_shared<LambdaFunction>([v](const StateView&) { return v; });
  }
  return f;
}

// A tip body on a cantilever BEAM from a ground marker at the origin along x (J's x), loaded at
// the beam's I marker; returns the tip marker's displacement and its rotation vector.
void solveCantilever(const BeamProperties& beam, const Vec3& force, const Vec3& torque, Vec3& displacement,
                     Vec3& rotation)
{
  Model m;
  m.bodies.push_back(makeBody("tip", 1.0, {1e-3, 1e-3, 1e-3}, Vec3(beam.length, 0, 0)));
  const int i = addMarker(m, "tip.end", 0, Vec3::Zero());
  const int j = addMarker(m, "ground.root", kGround, Vec3::Zero());
  m.forces.push_back(beamForce("beam", i, j, beam));
  m.forces.push_back(constantLoad(i, force, torque));
  const System sys(m);
  State state;
  const Status s = solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  displacement = state.q.segment<3>(0) - Vec3(beam.length, 0, 0);
  const Quat p(state.q[3], state.q[4], state.q[5], state.q[6]);
  const Eigen::AngleAxisd aa(p);
  rotation = aa.angle() * aa.axis();
}

TEST(Beam, CantileverTipDeflectionIsBendingPlusShear)
{
  const double length = 0.5, load = 20.0;  // 0.4 mm tip deflection: small
  for (double shearRatio : {0.0, 10.0 / 9.0}) {
    SCOPED_TRACE(shearRatio);
    const BeamProperties b = steelRod(length, shearRatio);
    const double bending = load * std::pow(length, 3) / (3.0 * b.youngsModulus * b.izz);
    const double shear = load * length * shearRatio / (b.shearModulus * b.area);
    Vec3 d, rot;
    solveCantilever(b, Vec3(0, -load, 0), Vec3::Zero(), d, rot);
    // The field's equations are linear in the transverse displacement and the small-angle measure,
    // so the deflection is exact to the solver's tolerance.
    EXPECT_NEAR(d.y(), -(bending + shear), 1e-9 * bending);
    EXPECT_NEAR(d.z(), 0.0, 1e-12);
    // Tip slope PL²/2EI (shear does not tilt the section), about −z for a load along −y.
    const double slope = load * length * length / (2.0 * b.youngsModulus * b.izz);
    EXPECT_NEAR(rot.z(), -slope, 1e-6 * slope);
    // Load along +z: the same deflection in z, the slope about −y.
    solveCantilever(b, Vec3(0, 0, load), Vec3::Zero(), d, rot);
    EXPECT_NEAR(d.z(), bending + shear, 1e-9 * bending);
    EXPECT_NEAR(rot.y(), -slope, 1e-6 * slope);
    std::printf("[beam] ASY %.4f: tip %.9e m, closed form %.9e m\n", shearRatio, d.z(), bending + shear);
  }
}

TEST(Beam, CantileverTwistIsTorqueTimesLengthOverGJ)
{
  const BeamProperties b = steelRod(0.5, 10.0 / 9.0);
  const double torque = 5.0;
  const double twist = torque * b.length / (b.shearModulus * b.ixx);  // 2e-3 rad
  Vec3 d, rot;
  solveCantilever(b, Vec3::Zero(), Vec3(torque, 0, 0), d, rot);
  // The field reads sin θ (small-angle measure): θ = asin(TL/GJ), within θ²/6 of TL/GJ.
  EXPECT_NEAR(rot.x(), std::asin(twist), 1e-9 * twist);
  EXPECT_NEAR(rot.x(), twist, 1e-6 * twist);
  EXPECT_LT(d.norm(), 1e-12);
  // Axial: PL/EA.
  solveCantilever(b, Vec3(1000.0, 0, 0), Vec3::Zero(), d, rot);
  const double stretch = 1000.0 * b.length / (b.youngsModulus * b.area);
  EXPECT_NEAR(d.x(), stretch, 1e-9 * stretch);
}

// A cantilever of N rigid segments joined by N BEAMs (the first to ground): segment k's body sits
// at x = k L/N with the mass of its length lumped there (half at the tip). The first bending
// frequency converges to Euler–Bernoulli's 1.87510407² √(EI/(ρ A L⁴)) / 2π.
double discreteLinkFrequency(int segments, double& exact)
{
  const double length = 1.0, rho = 7800.0;
  const BeamProperties whole = steelRod(length, 0.0);
  BeamProperties piece = whole;
  piece.length = length / segments;
  const double segmentMass = rho * whole.area * piece.length;
  Model m;
  int previous = addMarker(m, "ground.root", kGround, Vec3::Zero());
  for (int k = 1; k <= segments; ++k) {
    const double mass = k == segments ? segmentMass / 2 : segmentMass;
    // Transverse rotary inertia of the lumped length; polar of the section.
    const double transverse = mass * piece.length * piece.length / 12.0;
    const double polar = mass * 0.01 * 0.01 / 2.0;
    m.bodies.push_back(makeBody("seg" + std::to_string(k), mass, {polar, transverse, transverse},
                                Vec3(k * piece.length, 0, 0)));
    const int i = addMarker(m, "seg" + std::to_string(k) + ".back", k - 1, Vec3::Zero());
    m.forces.push_back(beamForce("beam" + std::to_string(k), i, previous, piece));
    previous = addMarker(m, "seg" + std::to_string(k) + ".front", k - 1, Vec3::Zero());
  }
  const System sys(m);
  State state;
  EXPECT_TRUE(solveStatics(sys, state).ok());
  LinearSystem lin;
  const Status s = linearize(sys, state, lin);
  EXPECT_TRUE(s.ok()) << s.message;
  const double beta = 1.87510407;
  exact = beta * beta *
          std::sqrt(whole.youngsModulus * whole.izz / (rho * whole.area * std::pow(length, 4))) /
          (2 * std::numbers::pi);
  return lin.modes.empty() ? 0.0 : lin.modes[0].naturalFrequency;
}

TEST(Beam, DiscreteLinkFirstBendingFrequencyConvergesToEulerBernoulli)
{
  double previousError = 1.0, exact = 0.0;
  for (int n : {2, 4, 8, 16}) {
    const double f = discreteLinkFrequency(n, exact);
    const double error = std::abs(f - exact) / exact;
    std::printf("[beam] N = %2d: first bending %.5f Hz, Euler-Bernoulli %.5f Hz, error %.2e\n", n, f, exact,
                error);
    EXPECT_LT(error, previousError);
    previousError = error;
  }
  EXPECT_LT(previousError, 5e-3);
}

// A free body on a damped BEAM to ground under gravity, started at rest: the account balances
// ΔE_mech against the beam's and nothing else's work, and without damping the beam's work is
// minus its strain energy ½ (X − X₀)ᵀ K (X − X₀) at the end (small deflection).
TEST(Beam, EnergyAccountBalancesTheBeamsWork)
{
  for (double cratio : {0.0, 1e-3}) {
    SCOPED_TRACE(cratio);
    const BeamProperties b = steelRod(0.5, 10.0 / 9.0);
    Model m;
    m.gravity = Vec3(0, -9.81, 0);
    m.bodies.push_back(makeBody("tip", 2.0, {1e-3, 2e-3, 3e-3}, Vec3(b.length, 0, 0)));
    const int i = addMarker(m, "tip.end", 0, Vec3(-0.02, 0.01, 0));
    const int j = addMarker(m, "ground.root", kGround, Vec3(-0.02, 0.01, 0));
    m.forces.push_back(beamForce("beam", i, j, b, cratio));
    const System sys(m);
    DynamicOptions options;
    options.endTime = 0.05;
    options.outputStep = 1e-4;
    options.integrator = IntegratorType::Gstiff;
    options.integratorOptions.tolerance = 1e-7;
    options.integratorOptions.hmax = 1e-4;
    EnergyAccount account(sys);
    ResultStore results;
    const Status s = runDynamics(sys, options, nullptr, results, &account);
    ASSERT_TRUE(s.ok()) << s.message;
    const double scale = account.scale();
    EXPECT_GT(scale, 0.0);
    EXPECT_LT(std::abs(account.residual()), 1e-5 * scale);
    if (cratio == 0.0) {
      const ResultFrame last = results.frame(results.size() - 1);
      const Vec3 tip = last.state.q.segment<3>(0) - Vec3(b.length, 0, 0);
      const Quat p(last.state.q[3], last.state.q[4], last.state.q[5], last.state.q[6]);
      const Eigen::AngleAxisd aa(p);
      // The marker sits at (−0.02, 0.01, 0) from the CM: its displacement.
      const Vec3 rot = aa.angle() * aa.axis();
      const Vec3 markerShift = p * Vec3(-0.02, 0.01, 0) - Vec3(-0.02, 0.01, 0);
      Vec6 x;
      x << tip + markerShift, rot;
      const double strain = 0.5 * x.dot(beamStiffness(b) * x);
      EXPECT_NEAR(account.work(WorkKind::Force, 0), -strain, 1e-4 * scale);
      std::printf("[beam] beam work %.6e J, -strain energy %.6e J, residual %.2e J\n",
                  account.work(WorkKind::Force, 0), -strain, account.residual());
    }
  }
}

}  // namespace
}  // namespace mbs::solver
