// Adams SFORCE directions: action-reaction along the line of sight J→I, action-only along J's z.
#include <gtest/gtest.h>

#include "System.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

Model twoBodies(bool actionOnly)
{
  Model m;
  m.bodies.push_back(test::makeBody("a", 1.0, {0.1, 0.1, 0.1}, Vec3(1.0, 1.0, 0.0)));
  m.bodies.push_back(test::makeBody("b", 1.0, {0.1, 0.1, 0.1}, Vec3::Zero()));
  test::addMarker(m, "i", 0, Vec3::Zero(), Mat3::Identity());
  test::addMarker(m, "j", 1, Vec3::Zero(), Mat3::Identity());  // z axis along global z
  Force f;
  f.name = "sforce";
  f.type = ForceType::SingleComponent;
  f.iMarker = 0;
  f.jMarker = 1;
  f.actionOnly = actionOnly;
  f.functions[0] = std::make_shared<test::LambdaFunction>([](const StateView&) { return 10.0; });
  m.forces.push_back(f);
  return m;
}

TEST(SingleForce, ActionReactionActsAlongTheLineOfSight)
{
  const System system(twoBodies(false));
  const ForceOutput out = system.forceOutput(0, 0.0, system.initialPositions(), system.initialVelocities());
  const Vec3 expected = 10.0 * Vec3(1.0, 1.0, 0.0).normalized();  // pushes I away from J
  EXPECT_NEAR((out.force - expected).norm(), 0.0, 1e-12);
  Vec Q;
  system.forces(0.0, system.initialPositions(), system.initialVelocities(), Q);
  EXPECT_NEAR((Q.segment<3>(0) - expected).norm(), 0.0, 1e-12);
  EXPECT_NEAR((Q.segment<3>(7) + expected).norm(), 0.0, 1e-12);  // reaction on J's body
}

TEST(SingleForce, ActionOnlyActsAlongJsZAxis)
{
  const System system(twoBodies(true));
  Vec Q;
  system.forces(0.0, system.initialPositions(), system.initialVelocities(), Q);
  EXPECT_NEAR((Q.segment<3>(0) - Vec3(0.0, 0.0, 10.0)).norm(), 0.0, 1e-12);
  EXPECT_NEAR(Q.segment<3>(7).norm(), 0.0, 1e-12);
}

}  // namespace
}  // namespace mbs::solver
