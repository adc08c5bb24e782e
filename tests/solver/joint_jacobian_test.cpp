// Every joint type's Φ_q, γ, ∂(Φ_qᵀλ)/∂q and ∂(Φ_q v)/∂q against finite differences at random
// configurations.
#include <gtest/gtest.h>

#include "constraints/ConstraintRows.hpp"
#include "kinematics/RangeJet.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

using test::numericJacobian;

Model twoBodyModel(JointType type, bool jOnGround, std::mt19937& rng)
{
  Model m;
  m.bodies.push_back(test::makeBody("a", 2.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
  m.bodies.push_back(test::makeBody("b", 1.5, {0.3, 0.2, 0.25}, Vec3::Zero()));
  const int i = test::addMarker(m, "i", 0, test::randomVec(rng), test::randomRotation(rng));
  const int j =
      test::addMarker(m, "j", jOnGround ? kGround : 1, test::randomVec(rng), test::randomRotation(rng));
  const int k = test::addJoint(m, std::string("joint_") + toString(type), type, i, j);
  m.joints[k].pitch = 0.37;
  return m;
}

// Checks Φ_q, γ (time-independent rows) and the constraint force Jacobian of a system.
void checkDerivatives(const System& sys, const Vec& q, const Vec& qd, double t)
{
  const int m = sys.numConstraints();
  SparseMat phiQ;
  sys.constraintJacobian(t, q, phiQ);
  const Mat numeric = numericJacobian(
      [&](const Vec& x) {
        Vec phi;
        sys.constraints(t, x, phi);
        return phi;
      },
      q);
  EXPECT_LT((Mat(phiQ) - numeric).cwiseAbs().maxCoeff(), 1e-7);

  // γ = −(Φ_q q̇)_q q̇ − 2 Φ_qt q̇ − Φ_tt equals −d²Φ/ds² along (q + s q̇, t + s).
  const double h = 1e-4;
  auto phiAt = [&](double s) {
    Vec phi;
    sys.constraints(t + s, q + s * qd, phi);
    return phi;
  };
  const Vec second = (phiAt(h) - 2.0 * phiAt(0.0) + phiAt(-h)) / (h * h);
  Vec gamma;
  sys.accelerationRhs(t, q, qd, gamma);
  EXPECT_LT((gamma + second).cwiseAbs().maxCoeff(), 2e-5 * (1.0 + gamma.cwiseAbs().maxCoeff()));

  // Φ_t against the time derivative at fixed q.
  Vec phiT, pp, pm;
  sys.constraintTimeDerivative(t, q, phiT);
  sys.constraints(t + 1e-6, q, pp);
  sys.constraints(t - 1e-6, q, pm);
  EXPECT_LT((phiT - (pp - pm) / 2e-6).cwiseAbs().maxCoeff(), 1e-6);

  std::mt19937 rng(7);
  const Vec lambda = Vec::NullaryExpr(m, [&]() { return std::normal_distribution<double>()(rng); });
  SparseMat analytic, generic;
  sys.constraintForceJacobian(t, q, lambda, analytic);
  sys.Dae::constraintForceJacobian(t, q, lambda, generic);
  EXPECT_LT(Mat(analytic - generic).cwiseAbs().maxCoeff(), 1e-6);

  // ∂(Φ_q v)/∂q from the second-order jets against central differences of Φ_q v (any v: here q̇,
  // which need not satisfy the velocity constraints), and its Φ_qᵀλ part against the above.
  SparseMat forceJacobian, velocityJacobian;
  sys.constraintSecondDerivatives(t, q, lambda, qd, forceJacobian, velocityJacobian);
  const Mat numericVelocity = numericJacobian(
      [&](const Vec& x) {
        SparseMat jac;
        sys.constraintJacobian(t, x, jac);
        return Vec(jac * qd);
      },
      q);
  ASSERT_EQ(velocityJacobian.rows(), m);
  EXPECT_LT((Mat(velocityJacobian) - numericVelocity).cwiseAbs().maxCoeff(),
            1e-6 * (1.0 + numericVelocity.cwiseAbs().maxCoeff()));
  EXPECT_GT(numericVelocity.cwiseAbs().maxCoeff(), 1e-3);  // the check is not of zeros
  EXPECT_LT(Mat(forceJacobian - analytic).cwiseAbs().maxCoeff(), 1e-12);
  // The Dae default (coloured differences) agrees as well.
  SparseMat genericForce, genericVelocity;
  sys.Dae::constraintSecondDerivatives(t, q, lambda, qd, genericForce, genericVelocity);
  EXPECT_LT(Mat(genericVelocity - velocityJacobian).cwiseAbs().maxCoeff(),
            1e-6 * (1.0 + numericVelocity.cwiseAbs().maxCoeff()));
}

class JointDerivatives : public ::testing::TestWithParam<JointType> {};

TEST_P(JointDerivatives, MatchFiniteDifferencesAtRandomConfigurations)
{
  std::mt19937 rng(42 + static_cast<int>(GetParam()));
  for (int trial = 0; trial < 3; ++trial) {
    for (bool ground : {false, true}) {
      SCOPED_TRACE(::testing::Message()
                   << toString(GetParam()) << " trial " << trial << " ground " << ground);
      const System sys(twoBodyModel(GetParam(), ground, rng));
      EXPECT_EQ(sys.numConstraints(), 2 + equationCount(GetParam()));
      Vec q, qd;
      test::randomState(sys, rng, q, qd);
      checkDerivatives(sys, q, qd, 0.3);
    }
  }
}

// The rows the System evaluates (second-order RangeJet, only the marker axes of jointAxes())
// against dense Jets with every axis: the same values, gradients and Hessians.
TEST_P(JointDerivatives, RangeJetsOnTheUsedAxesEqualDenseJetsOnAllAxes)
{
  std::mt19937 rng(17 + static_cast<int>(GetParam()));
  for (bool ground : {false, true}) {
    SCOPED_TRACE(::testing::Message() << toString(GetParam()) << " ground " << ground);
    const Model model = twoBodyModel(GetParam(), ground, rng);
    const System sys(model);
    Vec q, qd;
    test::randomState(sys, rng, q, qd);
    using Dense = detail::Jet<14, true>;
    using Ranged = detail::RangeJet<14, true>;
    std::array<detail::BodyVars<Dense>, 2> dense;
    std::array<detail::BodyVars<Ranged>, 2> ranged;
    const int bodies[2] = {0, ground ? kGround : 1};
    for (int s = 0; s < 2; ++s) {
      dense[s] = detail::positionVars<Dense>(q, bodies[s], s);
      ranged[s] = detail::positionVars<Ranged>(q, bodies[s], s);
    }
    std::array<Dense, 6> expected;
    std::array<Ranged, 6> actual;
    detail::jointRows(model, model.joints[0], dense.data(), expected.data(), true);
    detail::jointRows(model, model.joints[0], ranged.data(), actual.data());
    for (int r = 0; r < equationCount(GetParam()); ++r) {
      SCOPED_TRACE(r);
      EXPECT_NEAR(actual[r].v, expected[r].v, 1e-14);
      EXPECT_GT(expected[r].g.cwiseAbs().maxCoeff(), 1e-3);  // a row that depends on q
      for (int i = 0; i < 14; ++i) {
        EXPECT_NEAR(actual[r].grad(i), expected[r].g[i], 1e-13);
        for (int j = 0; j < 14; ++j)
          EXPECT_NEAR(actual[r].hess(i, j), expected[r].H(i, j), 1e-13);
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(AllJointTypes, JointDerivatives,
                         ::testing::Values(JointType::Fixed, JointType::Revolute, JointType::Translational,
                                           JointType::Cylindrical, JointType::Spherical, JointType::Universal,
                                           JointType::ConstantVelocity, JointType::Planar, JointType::Screw,
                                           JointType::Inline, JointType::Inplane, JointType::Orientation,
                                           JointType::ParallelAxes, JointType::Perpendicular,
                                           JointType::AtPoint),
                         [](const auto& info) { return std::string(toString(info.param)); });

TEST(JointDerivatives, MotionsOnEveryAxis)
{
  std::mt19937 rng(5);
  for (int axis = 0; axis < 6; ++axis) {
    SCOPED_TRACE(axis);
    Model m = twoBodyModel(JointType::Perpendicular, axis % 2 == 0, rng);
    Motion motion;
    motion.name = "drive";
    motion.iMarker = 0;
    motion.jMarker = 1;
    motion.axis = static_cast<MotionAxis>(axis);
    motion.displacement = std::make_shared<test::Polynomial>(0.2, 1.5, -0.7);
    m.motions.push_back(motion);
    const System sys(m);
    Vec q, qd;
    test::randomState(sys, rng, q, qd);
    checkDerivatives(sys, q, qd, 0.8);
  }
}

TEST(JointDerivatives, CouplersOfRevoluteTranslationalAndCylindricalJoints)
{
  std::mt19937 rng(11);
  Model m;
  for (const char* name : {"gear", "rack", "sleeve"})
    m.bodies.push_back(test::makeBody(name, 1.0, {0.1, 0.2, 0.3}, Vec3::Zero()));
  const JointType types[] = {JointType::Revolute, JointType::Translational, JointType::Cylindrical};
  for (int b = 0; b < 3; ++b) {
    const int i = test::addMarker(m, "i", b, test::randomVec(rng), test::randomRotation(rng));
    const int j =
        test::addMarker(m, "j", b == 2 ? 0 : kGround, test::randomVec(rng), test::randomRotation(rng));
    test::addJoint(m, "j" + std::to_string(b), types[b], i, j);
  }
  auto addCoupler = [&](int a, int b, double s0, double s1, CouplerCoordinate c1) {
    Joint c;
    c.name = "coupler";
    c.type = JointType::Coupler;
    c.coupledJoints = {a, b};
    c.couplerScales = {s0, s1};
    c.couplerCoordinates = {CouplerCoordinate::Auto, c1};
    m.joints.push_back(c);
  };
  addCoupler(0, 1, 0.05, -1.0, CouplerCoordinate::Auto);
  addCoupler(0, 2, 1.0, 2.0, CouplerCoordinate::Translation);
  addCoupler(2, 0, 1.0, -3.0, CouplerCoordinate::Auto);
  const System sys(m);
  Vec q, qd;
  test::randomState(sys, rng, q, qd);
  checkDerivatives(sys, q, qd, 0.0);
}

TEST(JointDerivatives, DescribeRowNamesTheEntity)
{
  std::mt19937 rng(1);
  const System sys(twoBodyModel(JointType::Revolute, false, rng));
  EXPECT_EQ(sys.describeRow(0), "Euler-parameter normalization of body 'a'");
  EXPECT_EQ(sys.describeRow(5), "joint 'joint_revolute' (revolute), equation 4 of 5");
}

TEST(JointDerivatives, ValidateNamesTheOffendingEntity)
{
  std::mt19937 rng(1);
  Model m = twoBodyModel(JointType::Revolute, false, rng);
  m.joints[0].jMarker = 17;
  const Status s = System::validate(m);
  EXPECT_EQ(s.code, StatusCode::BadInput);
  EXPECT_NE(s.message.find("joint 'joint_revolute'"), std::string::npos);
  EXPECT_THROW(System{m}, std::invalid_argument);
}

}  // namespace
}  // namespace mbs::solver
