// A free-free flexible beam (no gravity, no joints) spinning and vibrating: the FFR inertia terms
// (mass matrix with rigid-elastic coupling and quadratic-velocity vector) must conserve energy,
// linear momentum and angular momentum.
#include <gtest/gtest.h>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "flexible_BeamModel.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

struct Invariants {
  double energy = 0.0;  // kinetic + strain
  Vec3 linear, angular;
};

// From the generalized momenta M q̇: the r rows are the linear momentum L; the p rows are 2 Gᵀ h̄
// with h̄ the angular momentum about the frame origin in the body frame (G Gᵀ = I).
Invariants invariants(const System& sys, const Vec& q, const Vec& qd)
{
  SparseMat m;
  sys.mass(q, m);
  const Vec momenta = m * qd;
  const FlexibleBodyData& beam = *sys.model().bodies[0].flexible;
  const Vec eta = q.segment(sys.modalOffset(0), beam.modeCount());
  Invariants out;
  out.energy = 0.5 * qd.dot(momenta) + 0.5 * eta.dot(beam.modalStiffness * eta);
  out.linear = momenta.head<3>();
  const Vec4 p = q.segment<4>(3);
  Eigen::Matrix<double, 3, 4> g;
  g << -p[1], p[0], p[3], -p[2], -p[2], -p[3], p[0], p[1], -p[3], p[2], -p[1], p[0];
  const Quat rot(p[0], p[1], p[2], p[3]);
  out.angular = q.head<3>().cross(out.linear) + rot * (0.5 * g * momenta.segment<4>(3));
  return out;
}

TEST(FlexibleFreeBody, SpinningVibratingBeamConservesEnergyAndMomenta)
{
  test::BeamProperties p;
  p.modes = 4;
  Model model;
  model.bodies.push_back(test::flexibleBody("beam", test::makeBeam(p)));
  Body& beam = model.bodies[0];
  beam.velocity = Vec3(0.3, -0.2, 0.1);
  beam.angularVelocity = Vec3(0.0, 0.5, 20.0);  // spin in the bending plane: strong coupling
  beam.modalVelocities = Vec::Zero(4);
  beam.modalVelocities[0] = 0.05;
  const System sys(model);
  DynamicOptions options;
  options.endTime = 0.05;  // ~5 periods of the first free-free mode (106 Hz)
  options.outputStep = 0.005;
  options.integrator = IntegratorType::Hht;
  options.integratorOptions.tolerance = 1e-7;
  options.solveInitialConditions = false;
  ResultStore results;
  const Status s = runDynamics(sys, options, nullptr, results);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_GT(results.size(), 5u);
  const ResultFrame first = results.frame(0);
  const Invariants i0 = invariants(sys, first.state.q, first.state.qd);
  ASSERT_GT(i0.energy, 0.0);
  double maxEta = 0.0;
  for (size_t k = 1; k < results.size(); ++k) {
    const ResultFrame f = results.frame(k);
    const Invariants ik = invariants(sys, f.state.q, f.state.qd);
    EXPECT_NEAR(ik.energy / i0.energy, 1.0, 1e-3) << "t = " << f.state.t;
    EXPECT_LT((ik.linear - i0.linear).norm(), 1e-6 * i0.linear.norm()) << "t = " << f.state.t;
    EXPECT_LT((ik.angular - i0.angular).norm(), 1e-3 * i0.angular.norm()) << "t = " << f.state.t;
    maxEta = std::max(maxEta, std::abs(f.state.q[sys.modalOffset(0)]));
  }
  EXPECT_GT(maxEta, 1e-5);  // the beam really vibrates
}

TEST(FlexibleFreeBody, GravityOnlyAcceleratesTheFrame)
{
  // Free fall: a free flexible body falls at g without deforming (elastic modes are mass-orthogonal
  // to the rigid translation, so gravity has no modal component).
  test::BeamProperties p;
  p.modes = 4;
  Model model;
  model.gravity = Vec3(0, 0, -9.81);
  model.bodies.push_back(test::flexibleBody("beam", test::makeBeam(p)));
  const System sys(model);
  const Vec q = sys.initialPositions(), qd = Vec::Zero(q.size());
  SparseMat m;
  sys.mass(q, m);
  Vec f;
  sys.forces(0.0, q, qd, f);
  EXPECT_NEAR(f[2], -9.81 * p.mass(), 1e-9);
  EXPECT_LT(f.segment(sys.modalOffset(0), 4).norm(), 1e-9);
}

}  // namespace
}  // namespace mbs::solver
