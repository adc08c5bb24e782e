// Clearance joints whose journal or bearing marker follows an interface node of a flexible body
// (solver/src/forces/ClearanceElement.cpp): the contact acts at the deformed node and loads the modal
// coordinates. Checked: the exact Jacobian, modal columns and rows included, against central
// differences (bearing on the flexible body, and journal on it); and a journal hanging in a hole at
// the tip of a flexible cantilever settles at the resting penetration (m g / K)^(1/n) while the tip
// sags by the Euler–Bernoulli closed form q L⁴/(8 EI) + m g L³/(3 EI).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "flexible_BeamModel.hpp"
#include "mbs/solver/Results.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

constexpr double kG = 9.81;

// Deformed frame of a marker on interface node `node` of body 0 (first-order rotation, as the
// solver's markers): origin and z axis, ground frame.
void deformedNodeFrame(const System& sys, const Vec& q, int node, Vec3& origin, Vec3& z)
{
  const FlexibleBodyData& beam = *sys.model().bodies[0].flexible;
  const Vec w = beam.interfaces[node].shapes * q.segment(sys.modalOffset(0), beam.modeCount());
  const Mat3 a = Quat(q[3], q[4], q[5], q[6]).toRotationMatrix();
  origin = q.head<3>() + a * (beam.interfaces[node].position + w.head<3>());
  z = a * (Vec3::UnitZ() + Vec3(w.tail<3>()).cross(Vec3::UnitZ()));
}

// A cantilever (clamped at node 0) with a rigid 1 kg block; a revolute clearance joint between the
// beam's tip node and the block: the block is the journal (pinOnBeam false) or the bearing.
Model beamWithBlock(const test::BeamProperties& p, const ClearanceParameters& c, bool pinOnBeam,
                    const Vec3& g)
{
  Model m = test::cantilever(p, g);
  m.bodies.push_back(test::makeBody("block", 1.0, {1e-4, 1e-4, 1e-4}, Vec3(0.5 * p.length, 0, 0)));
  const int tip = test::addNodeMarker(m, "beam_tip", 0, p.elements);
  const int block = test::addMarker(m, "block_centre", 1, Vec3::Zero());
  const int j =
      test::addJoint(m, "tip_bearing", JointType::Revolute, pinOnBeam ? tip : block, pinOnBeam ? block : tip);
  m.joints[j].clearance = c;
  return m;
}

void checkJacobian(bool pinOnBeam, const ClearanceParameters& c)
{
  test::BeamProperties p;
  p.modes = 5;
  Model m = beamWithBlock(p, c, pinOnBeam, Vec3::Zero());
  const System sys(m);
  Model bare = m;  // the same bodies without the contact: the difference is the contact's load
  bare.joints.back().clearance.reset();
  const System without(bare);
  Vec q = sys.initialPositions();
  q.segment<4>(3) = Vec4(0.95, 0.1, -0.2, 0.15).normalized();
  q.head<3>() = Vec3(0.1, -0.2, 0.3);
  for (int i = 0; i < p.modes; ++i)
    q[sys.modalOffset(0) + i] = 2e-3 * (i + 1) * (i % 2 ? -1.0 : 1.0);
  Vec3 tip, zTip;
  deformedNodeFrame(sys, q, p.elements, tip, zTip);
  const Mat3 blockAxes = Quat(Vec4(0.8, -0.3, 0.2, 0.4).normalized()).toRotationMatrix();
  const Quat qb(blockAxes);
  q.segment<4>(10) = Vec4(qb.w(), qb.x(), qb.y(), qb.z());
  // The pin 0.5 mm into the wall (c = 1 mm), 1 cm off the bearing plane.
  const Vec3 z = pinOnBeam ? Vec3(blockAxes.col(2)) : zTip;
  const Vec3 u = z.cross(Vec3(0.3, 1.0, -0.2)).normalized();
  const Vec3 offset = 1.5e-3 * u + 0.01 * z;
  q.segment<3>(7) = pinOnBeam ? Vec3(tip - offset) : Vec3(tip + offset);
  Vec qd(q.size());
  for (int k = 0; k < q.size(); ++k)
    qd[k] = 0.2 * std::sin(1.0 + 1.7 * k);
  const ClearanceOutput out = sys.clearanceOutput(static_cast<int>(m.joints.size()) - 1, q, qd);
  ASSERT_TRUE(out.contact);
  EXPECT_NEAR(out.penetration, 5e-4, 2e-6);  // the test's frame is the solver's to O(θ²)
  ASSERT_GT(out.normalForce, 0.0);
  SparseMat dq, dqd;
  sys.forceJacobians(0.0, q, qd, dq, dqd);
  Mat jq(dq), jqd(dqd);
  without.forceJacobians(0.0, q, qd, dq, dqd);
  jq -= Mat(dq);
  jqd -= Mat(dqd);
  const int modal = sys.modalOffset(0);
  EXPECT_GT(jq.block(modal, 0, p.modes, q.size()).cwiseAbs().maxCoeff(), 1e3);  // modal rows
  EXPECT_GT(jq.block(0, modal, q.size(), p.modes).cwiseAbs().maxCoeff(), 1e3);  // modal columns
  EXPECT_GT(jqd.block(0, modal, q.size(), p.modes).cwiseAbs().maxCoeff(), 0.0);
  for (int which = 0; which < 2; ++which) {
    Mat fd(q.size(), q.size());
    for (int k = 0; k < q.size(); ++k) {
      Vec xp = q, xm = q, vp = qd, vm = qd, fp, fm, bp, bm;
      const double h = 1e-7;  // h/δ = 2e-4: truncation ~(h/δ)² of the δ^1.5 spring
      (which == 0 ? xp : vp)[k] += h;
      (which == 0 ? xm : vm)[k] -= h;
      sys.forces(0.0, xp, vp, fp);
      sys.forces(0.0, xm, vm, fm);
      without.forces(0.0, xp, vp, bp);
      without.forces(0.0, xm, vm, bm);
      fd.col(k) = ((fp - bp) - (fm - bm)) / (2 * h);
    }
    const Mat& exact = which == 0 ? jq : jqd;
    const double scale = 1.0 + fd.cwiseAbs().maxCoeff();
    const double error = (exact - fd).cwiseAbs().maxCoeff();
    std::printf("%s on the beam, %s: largest entry %.3e, largest difference %.3e\n",
                pinOnBeam ? "journal" : "bearing", which == 0 ? "dQ/dq" : "dQ/dqd", scale, error);
    EXPECT_LT(error, 1e-5 * scale);
  }
}

TEST(FlexibleClearance, JacobianWithTheBearingOnTheBeamMatchesDifferences)
{
  ClearanceParameters c;
  c.clearance = 1e-3;
  c.journalRadius = 0.01;
  c.stiffness = 1e8;
  c.exponent = 1.5;
  c.restitution = 0.8;
  c.staticCoefficient = 0.2;
  c.dynamicCoefficient = 0.15;
  c.transitionVelocity = 0.05;
  checkJacobian(false, c);
}

TEST(FlexibleClearance, JacobianWithTheJournalOnTheBeamMatchesDifferences)
{
  ClearanceParameters c;
  c.clearance = 1e-3;
  c.journalRadius = 0.01;
  c.law = ClearanceLaw::PolynomialDamping;
  c.stiffness = 1e8;
  c.exponent = 1.5;
  c.linearDamping = 4e6;
  c.quadraticDamping = 5e9;
  c.staticCoefficient = 0.2;
  c.dynamicCoefficient = 0.15;
  c.transitionVelocity = 0.05;
  checkJacobian(true, c);
}

// A 2 kg journal in a hole at the tip of a steel cantilever (1 m, 20 × 20 mm, 10 Hermite elements,
// every mode, 30 % modal damping), under gravity from rest: it settles on the bottom of the hole.
TEST(FlexibleClearance, JournalHangingAtTheTipOfACantilever)
{
  test::BeamProperties p;
  p.dampingRatio = 0.3;
  const double mass = 2.0, k = 1e9, n = 1.5, c = 5e-4;
  ClearanceParameters law;
  law.clearance = c;
  law.journalRadius = 0.01;
  law.law = ClearanceLaw::PolynomialDamping;
  law.stiffness = k;
  law.exponent = n;
  law.linearDamping = 1e9;  // d₁ δ ≈ 7000 N s/m at rest: the contact is about critically damped
  const double resting = std::pow(mass * kG / k, 1.0 / n);
  Model m = beamWithBlock(p, law, false, Vec3(0, -kG, 0));
  m.bodies[1].mass = mass;
  m.bodies[1].position = Vec3(0.5 * p.length, -(c + resting), 0);  // on the wall of the straight beam
  // A dashpot from the journal to ground (no spring: no force at rest) about critically damps the
  // tip's swing (3 EI/L³ = 8400 N/m with ~2.8 kg) so that 1 s reaches rest.
  Force dashpot;
  dashpot.name = "dashpot";
  dashpot.type = ForceType::Bushing;
  dashpot.iMarker = m.joints.back().iMarker;  // the journal's marker
  dashpot.jMarker = test::addMarker(m, "ground_point", kGround, m.bodies[1].position);
  dashpot.translationalDamping = Vec3(300.0, 300.0, 0.0);
  m.forces.push_back(dashpot);
  const System sys(m);
  DynamicOptions options;
  options.endTime = 1.0;
  options.outputStep = 0.01;
  options.integratorOptions.tolerance = 1e-7;
  options.integratorOptions.hmax = 1e-3;
  ResultStore results;
  const Status status = runDynamics(sys, options, nullptr, results);
  ASSERT_TRUE(status.ok()) << status.message;
  const ResultFrame last = results.frame(results.size() - 1);
  ASSERT_EQ(last.clearance.size(), 1u);
  const ClearanceOutput& out = last.clearance[0];
  Vec3 tip, z;
  deformedNodeFrame(sys, last.state.q, p.elements, tip, z);
  const double ei = p.ei(), l = p.length;
  const double sag =
      p.massPerLength() * kG * std::pow(l, 4) / (8.0 * ei) + mass * kG * std::pow(l, 3) / (3.0 * ei);
  std::printf(
      "flexible bearing at rest: penetration %.6e m (closed form %.6e), normal force %.5f N (m g %.5f), tip "
      "sag %.6e m (Euler-Bernoulli %.6e)\n",
      out.penetration, resting, out.normalForce, mass * kG, -tip.y(), sag);
  EXPECT_TRUE(out.contact);
  EXPECT_NEAR(out.penetration, resting, 1e-3 * resting);
  EXPECT_NEAR(out.normalForce, mass * kG, 1e-3 * mass * kG);
  // With every mode the FFR statics are the Hermite FE solution, exact at the nodes for these
  // loads; what is left is the frame's finite rotation (~5e-3 rad) against first-order markers.
  EXPECT_NEAR(-tip.y(), sag, 1e-4 * sag);
  // The journal hangs straight below the deformed tip node, c + δ down.
  EXPECT_NEAR(last.bodies[1].position.y(), tip.y() - (c + out.penetration), 1e-3 * resting);
  EXPECT_NEAR(last.bodies[1].position.x(), tip.x(), 1e-3 * resting);
}

}  // namespace
}  // namespace mbs::solver
