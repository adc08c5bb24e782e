// Force elements on interface-node markers of flexible bodies (modal loads Φᵀ F): static tip load
// on a cantilever against F L³ / 3 EI, virtual work of the generalized force, and the force
// Jacobians against finite differences.
#include <gtest/gtest.h>

#include "System.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "flexible_BeamModel.hpp"
#include "mbs/solver/Functions.hpp"

namespace mbs::solver {
namespace {

class Constant final : public StateFunction {
public:
  explicit Constant(double v) : m_v(v) {}
  double evaluate(const StateView&) const override { return m_v; }

private:
  double m_v;
};

// Ground-frame position of the beam's tip node (deformed).
Vec3 tipPosition(const System& sys, const Vec& q, int node)
{
  const FlexibleBodyData& beam = *sys.model().bodies[0].flexible;
  const Vec3 local = beam.interfaces[node].position + beam.interfaces[node].shapes.topRows<3>() *
                                                          q.segment(sys.modalOffset(0), beam.modeCount());
  const Quat rot(q[3], q[4], q[5], q[6]);
  return q.head<3>() + rot.normalized() * local;
}

// The cantilever with a marker on its tip node and a ground marker at the undeformed tip.
Model cantileverWithTipMarkers(const test::BeamProperties& p, int& tip, int& ground)
{
  Model m = test::cantilever(p, Vec3::Zero());
  tip = test::addNodeMarker(m, "beam_tip", 0, p.elements);
  Marker g;
  g.name = "ground_tip";
  g.body = kGround;
  g.position = Vec3(0.5 * p.length, 0, 0);
  m.markers.push_back(g);
  ground = static_cast<int>(m.markers.size()) - 1;
  return m;
}

double tipLoadDeflection(const Force& force, const test::BeamProperties& p, int tip)
{
  (void)tip;
  int t = 0, g = 0;
  Model m = cantileverWithTipMarkers(p, t, g);
  Force f = force;
  f.iMarker = t;
  if (f.jMarker == -2)
    f.jMarker = g;
  m.forces.push_back(f);
  const System sys(m);
  State state;
  const Status s = solveStatics(sys, state);
  EXPECT_TRUE(s.ok()) << s.message;
  return tipPosition(sys, state.q, p.elements).y();
}

TEST(FlexibleForces, TipLoadThroughForceElementsIsEulerBernoulli)
{
  test::BeamProperties p;  // steel 1 m × 20 mm × 20 mm, 10 Hermite elements, all 20 modes
  const double load = 20.0, k3 = 3.0 * p.ei() / std::pow(p.length, 3);
  const double exact = load / k3;  // F L³ / 3 EI = 2.857 mm
  // A bushing to ground with only a preload: a constant downward tip force. With every mode the FFR
  // statics are the Hermite FE solution, whose nodal values are exact for a point load; the −1.25e-5
  // left is geometric (the frame rotates by a finite ~4e-3 rad while marker rotations are first
  // order), as under gravity (−4e-6 there, smaller rotation).
  Force bushing;
  bushing.name = "tip_load";
  bushing.type = ForceType::Bushing;
  bushing.jMarker = -2;
  bushing.preloadForce = Vec3(0, -load, 0);
  EXPECT_NEAR(-tipLoadDeflection(bushing, p, 0), exact, 3e-5 * exact);
  // The same bushing with a translational spring k = 3EI/L³ along y: the tip moves half as far.
  bushing.translationalStiffness = Vec3(0, k3, 0);
  EXPECT_NEAR(-tipLoadDeflection(bushing, p, 0), 0.5 * exact, 1e-5 * exact);
  // A single-component force (action-only, along the ground marker's z turned to −y).
  Force sforce;
  sforce.name = "tip_sforce";
  sforce.type = ForceType::SingleComponent;
  sforce.actionOnly = true;
  sforce.jMarker = -2;
  sforce.functions[0] = std::make_shared<Constant>(load);
  {
    int t = 0, g = 0;
    Model m = cantileverWithTipMarkers(p, t, g);
    m.markers[g].orientation = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitX()).matrix();  // z → −y
    sforce.iMarker = t;
    sforce.jMarker = g;
    m.forces.push_back(sforce);
    const System sys(m);
    State state;
    const Status s = solveStatics(sys, state);
    ASSERT_TRUE(s.ok()) << s.message;
    EXPECT_NEAR(-tipPosition(sys, state.q, p.elements).y(), exact, 3e-5 * exact);
  }
  // A translational spring-damper from the tip to a ground point 0.5 m below, free length 0.5 m +
  // s: pulls the tip down with k (s − δ) ⇒ δ = k s / (k + 3EI/L³) (to first order in δ/0.5 m).
  {
    int t = 0, g = 0;
    Model m = cantileverWithTipMarkers(p, t, g);
    m.markers[g].position.y() = -0.5;
    Force spring;
    spring.name = "tip_spring";
    spring.type = ForceType::TranslationalSpringDamper;
    spring.iMarker = t;
    spring.jMarker = g;
    spring.stiffness = k3;
    spring.freeLength = 0.5 - 2 * exact;  // stretched by 2 F/k3 ⇒ δ = exact
    spring.damping = 10.0;
    m.forces.push_back(spring);
    const System sys(m);
    State state;
    const Status s = solveStatics(sys, state);
    ASSERT_TRUE(s.ok()) << s.message;
    // The spring's line tilts by δ_x / 0.5 (axial shortening of the tip is second order): 1e-4.
    EXPECT_NEAR(-tipPosition(sys, state.q, p.elements).y(), exact, 1e-4 * exact);
  }
}

TEST(FlexibleForces, ModalLoadIsTheVirtualWorkOfTheNodeForce)
{
  // A constant force at the tip node: Q · δq = F · δx_tip for any δq (rigid and modal parts).
  test::BeamProperties p;
  p.modes = 6;
  int t = 0, g = 0;
  Model m = cantileverWithTipMarkers(p, t, g);
  Force f;
  f.name = "tip_load";
  f.type = ForceType::Bushing;
  f.iMarker = t;
  f.jMarker = g;
  const Vec3 force(3.0, -7.0, 2.0);
  f.preloadForce = force;
  const System bare(m);  // the same without the force (elastic and inertia forces)
  m.forces.push_back(f);
  const System sys(m);
  Vec q = sys.initialPositions(), qd = Vec::Zero(q.size());
  q.segment<4>(3) = Vec4(0.9, 0.1, -0.3, 0.2).normalized();
  for (int i = 0; i < p.modes; ++i)
    q[sys.modalOffset(0) + i] = 0.01 * (i + 1);
  Vec Q, Q0;
  sys.forces(0.0, q, qd, Q);
  bare.forces(0.0, q, qd, Q0);
  Q -= Q0;
  const double h = 1e-6;
  for (int k = 0; k < q.size(); ++k) {
    if (k >= 3 && k < 7)
      continue;  // Euler parameters: checked along a unit-preserving direction below
    Vec qp = q, qm = q;
    qp[k] += h;
    qm[k] -= h;
    const double work =
        force.dot(tipPosition(sys, qp, p.elements) - tipPosition(sys, qm, p.elements)) / (2 * h);
    EXPECT_NEAR(Q[k], work, 1e-6 * force.norm()) << "coordinate " << k;
  }
}

TEST(FlexibleForces, JacobiansMatchFiniteDifferences)
{
  test::BeamProperties p;
  p.modes = 5;
  int t = 0, g = 0;
  Model m = cantileverWithTipMarkers(p, t, g);
  m.markers[g].position += Vec3(0.1, -0.3, 0.05);
  Force spring;
  spring.name = "spring";
  spring.iMarker = t;
  spring.jMarker = g;
  spring.stiffness = 500.0;
  spring.damping = 3.0;
  spring.freeLength = 0.2;
  const System bare(m);  // without the force elements: their own contribution is compared
  m.forces.push_back(spring);
  Force bushing;
  bushing.name = "bushing";
  bushing.type = ForceType::Bushing;
  bushing.iMarker = test::addNodeMarker(m, "beam_mid", 0, 5);
  bushing.jMarker = g;
  bushing.translationalStiffness = Vec3(100, 200, 300);
  bushing.translationalDamping = Vec3(1, 2, 3);
  bushing.rotationalStiffness = Vec3(10, 20, 30);
  bushing.rotationalDamping = Vec3(0.1, 0.2, 0.3);
  m.forces.push_back(bushing);
  const System sys(m);
  Vec q = sys.initialPositions();
  q.segment<4>(3) = Vec4(0.9, 0.1, -0.3, 0.2).normalized();
  q.head<3>() = Vec3(0.1, -0.2, 0.3);
  Vec qd = Vec::Zero(q.size());
  for (int k = 0; k < q.size(); ++k)
    qd[k] = 0.3 * std::sin(1.0 + k);
  for (int i = 0; i < p.modes; ++i)
    q[sys.modalOffset(0) + i] = 0.01 * (i + 1);
  SparseMat dq, dqd;
  sys.forceJacobians(0.0, q, qd, dq, dqd);
  Mat jq(dq), jqd(dqd);
  bare.forceJacobians(0.0, q, qd, dq, dqd);
  jq -= Mat(dq);
  jqd -= Mat(dqd);
  for (int which = 0; which < 2; ++which)
    for (int k = 0; k < q.size(); ++k) {
      Vec xp = q, xm = q, vp = qd, vm = qd, fp, fm, bp, bm;
      // The full forces include elastic terms K η ~ 1e5: their round-off limits these differences to
      // ~1e-5, hence the 1e-4 tolerance.
      const double h = 1e-5;
      (which == 0 ? xp : vp)[k] += h;
      (which == 0 ? xm : vm)[k] -= h;
      sys.forces(0.0, xp, vp, fp);
      sys.forces(0.0, xm, vm, fm);
      bare.forces(0.0, xp, vp, bp);
      bare.forces(0.0, xm, vm, bm);
      const Vec fd = ((fp - bp) - (fm - bm)) / (2 * h);
      const Mat& j = which == 0 ? jq : jqd;
      for (int r = 0; r < fd.size(); ++r)
        EXPECT_NEAR(j(r, k), fd[r], 1e-4 * (1.0 + std::abs(fd[r])))
            << (which == 0 ? "dQ/dq" : "dQ/dqd") << " row " << r << " column " << k;
    }
  // The damping sees the deformation rate: with only η̇ nonzero the spring-damper's rate is the
  // tip node's velocity along the line, A Φ_t η̇ · u.
  Vec rates = Vec::Zero(q.size());
  rates.segment(sys.modalOffset(0), p.modes) = qd.segment(sys.modalOffset(0), p.modes);
  const ForceOutput out = sys.forceOutput(0, 0.0, q, rates);
  const Vec3 tip = tipPosition(sys, q, p.elements);
  const Vec3 u = (tip - m.markers[g].position).normalized();
  const double e = 1e-7;
  const Vec3 tipRate =
      (tipPosition(sys, q + e * rates, p.elements) - tipPosition(sys, q - e * rates, p.elements)) / (2 * e);
  EXPECT_NEAR(out.rate, tipRate.dot(u), 1e-6);
}

}  // namespace
}  // namespace mbs::solver
