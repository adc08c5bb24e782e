// Joint initial conditions: read from .adm (IC, ICTRAN, ICROT) and the native file, validated,
// compiled, and held by the solver's initial-condition analysis.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "analysis/InitialConditions.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs::core;

namespace {

// A 2 m arm pinned to ground (revolute about z) and a slider on a cylindrical joint along x.
const char* kDeck = R"(joint initial conditions
UNITS/LENGTH = MILLIMETER, TIME = SECOND, FORCE = NEWTON, MASS = KILOGRAM
PART/1, GROUND
MARKER/10, PART = 1
MARKER/11, PART = 1, QP = 0, 0, 1000, REULER = 90D, 90D, 0
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20, QG = 2000, 0, 0
MARKER/20, PART = 2
MARKER/21, PART = 2, QP = -2000, 0, 0
PART/3, MASS = 1, IP = 1, 1, 1, CM = 30, QG = 0, 0, 1000
MARKER/30, PART = 3
MARKER/31, PART = 3, REULER = 90D, 90D, 0
JOINT/1, REVOLUTE, I = 21, J = 10, IC = 30D, 3
JOINT/2, CYLINDRICAL, I = 31, J = 11, ICTRAN = 250, -500
END
)";

AdmImportResult imported()
{
  auto r = importAdmFromString(kDeck, "ic.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  return r;
}

}  // namespace

TEST(JointInitialConditions, AdmIcAndIctranAreReadInTheDeckUnits)
{
  auto r = imported();
  ASSERT_TRUE(r.ok());
  const Joint& pin = *r.model->joint(r.model->findJoint("JOINT_1"));
  EXPECT_NEAR(*pin.initial.rotation, std::numbers::pi / 6, 1e-15);
  EXPECT_DOUBLE_EQ(*pin.initial.angularVelocity, 3.0);
  EXPECT_FALSE(pin.initial.translation);
  const Joint& slide = *r.model->joint(r.model->findJoint("JOINT_2"));
  EXPECT_DOUBLE_EQ(*slide.initial.translation, 0.25);
  EXPECT_DOUBLE_EQ(*slide.initial.velocity, -0.5);
  EXPECT_FALSE(slide.initial.rotation);
}

TEST(JointInitialConditions, RoundTripThroughTheNativeFile)
{
  auto r = imported();
  ASSERT_TRUE(r.ok());
  const std::string text = modelToString(*r.model);
  EXPECT_NE(text.find("\"initial_conditions\""), std::string::npos);
  auto again = modelFromString(text, "ic.mbs.json");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(modelToString(*again.model), text);
  EXPECT_EQ(again.model->joint(again.model->findJoint("JOINT_2"))->initial,
            r.model->joint(r.model->findJoint("JOINT_2"))->initial);
}

TEST(JointInitialConditions, ACoordinateTheJointDoesNotHaveIsAnErrorOnTheField)
{
  auto r = imported();
  ASSERT_TRUE(r.ok());
  Model m = *r.model;
  m.joint(m.findJoint("JOINT_1"))->initial.translation = 0.1;  // a revolute joint does not slide
  const Diagnostics d = m.validate();
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].field, "/joints/0/initial_conditions/translation");
  EXPECT_NE(d[0].reason.find("JOINT_1"), std::string::npos) << d[0].toString();
}

TEST(JointInitialConditions, TheAssembledStateHasTheGivenJointCoordinates)
{
  auto r = imported();
  ASSERT_TRUE(r.ok());
  auto c = compile(*r.model);
  ASSERT_TRUE(c.ok);
  ASSERT_EQ(c.model.jointInitialConditions.size(), 2u);
  const mbs::solver::System system(c.model);
  mbs::solver::State state;
  const auto status = mbs::solver::solveInitialConditions(system, state);
  ASSERT_TRUE(status.ok()) << status.message;
  const int arm = c.map.body(r.model->findPart("PART_2"));
  const int slider = c.map.body(r.model->findPart("PART_3"));
  const auto a = system.bodyOutput(arm, state.q, state.qd, state.qdd);
  EXPECT_NEAR(a.position.x(), 2.0 * std::cos(std::numbers::pi / 6), 1e-9);
  EXPECT_NEAR(a.position.y(), 2.0 * std::sin(std::numbers::pi / 6), 1e-9);
  EXPECT_NEAR(a.angularVelocity.z(), 3.0, 1e-9);
  // The cylindrical joint's z is ground x (REULER 90, 90, 0): the slider starts 0.25 m along it.
  const auto s = system.bodyOutput(slider, state.q, state.qd, state.qdd);
  EXPECT_NEAR(s.position.x(), 0.25, 1e-9);
  EXPECT_NEAR(s.velocity.x(), -0.5, 1e-9);
}
