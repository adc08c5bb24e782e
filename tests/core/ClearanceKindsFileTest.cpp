// Spherical and translational clearance joints in the model file (issue 14, docs/file-format.md):
// ball_radius / slider_length read in the file's units and written back equal, wrong settings
// refused naming the joint, and the compiled models run against closed forms: a ball resting in
// its socket at (m g / K)^(1/n), a slider under a side load resting on both ends by moment balance.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

// A 2 kg body in a joint to ground, lengths in mm; K = 1e9 N/m^1.5 = 1e9 · 1e-4.5 N/mm^1.5.
// The body's CM is 20 mm along z from its marker (the slider's centre).
std::string model(const std::string& type, const std::string& gravity, const std::string& clearance)
{
  return R"({"format": "mbstudio-model", "version": 1,
    "units": {"length": "mm", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
    "gravity": )" +
         gravity + R"(,
    "parts": [{"id": 1, "name": "ground", "ground": true},
              {"id": 2, "name": "body", "mass": 2, "position": [0, 0, 20],
               "inertia": {"ixx": 1700, "iyy": 1700, "izz": 100}}],
    "markers": [{"id": 3, "name": "inner", "part": "body", "position": [0, 0, -20]},
                {"id": 4, "name": "outer", "part": "ground", "position": [0, 0, 0]}],
    "joints": [{"id": 5, "name": "gap_joint", "type": ")" +
         type + R"(", "i_marker": "inner", "j_marker": "outer", "clearance": )" + clearance + "}]}";
}

const std::string kBall = R"({"clearance": 0.5, "ball_radius": 20, "stiffness": 31622.7766016838,
  "exponent": 1.5, "restitution": 0.3, "mu_static": 0.1, "mu_dynamic": 0.08, "transition_velocity": 1})";
const std::string kSlider = R"({"clearance": 0.5, "slider_length": 100, "stiffness": 31622.7766016838,
  "exponent": 1.5, "restitution": 0.3})";

std::string errorsOf(const LoadResult& r)
{
  std::string all;
  for (const auto& e : r.errors)
    all += e.toString() + "\n";
  return all;
}

TEST(ClearanceKindsFile, ReadInFileUnitsWrittenBackEqual)
{
  for (const auto& [type, text] : {std::pair{"spherical", kBall}, std::pair{"translational", kSlider}}) {
    auto r = modelFromString(model(type, "[0, -9810, 0]", text));
    ASSERT_TRUE(r.ok()) << errorsOf(r);
    const Joint& j = *r.model->joint(r.model->findJoint("gap_joint"));
    ASSERT_TRUE(j.clearance);
    EXPECT_NEAR(j.clearance->clearance, 5e-4, 1e-15);
    EXPECT_NEAR(j.clearance->stiffness, 1e9, 1e-3);
    if (std::string(type) == "spherical") {
      EXPECT_NEAR(j.clearance->journalRadius, 0.02, 1e-15);
      EXPECT_EQ(j.clearance->sliderLength, 0.0);
    } else {
      EXPECT_NEAR(j.clearance->sliderLength, 0.1, 1e-15);
      EXPECT_EQ(j.clearance->journalRadius, 0.0);
    }
    const std::string written = modelToString(*r.model);
    EXPECT_NE(written.find(std::string(type) == "spherical" ? "ball_radius" : "slider_length"),
              std::string::npos);
    EXPECT_EQ(written.find("journal_radius"), std::string::npos) << written;
    auto again = modelFromString(written);
    ASSERT_TRUE(again.ok()) << errorsOf(again);
    EXPECT_EQ(again.model->joint(again.model->findJoint("gap_joint"))->clearance, j.clearance);
  }
}

TEST(ClearanceKindsFile, BadSettingsNameTheJoint)
{
  auto r = modelFromString(model("translational", "[0, 0, 0]", R"({"clearance": 0.5, "slider_length": -3,
    "stiffness": 1e4})"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(errorsOf(r).find("gap_joint"), std::string::npos) << errorsOf(r);
  EXPECT_NE(errorsOf(r).find("the slider length must be positive"), std::string::npos) << errorsOf(r);
  // The revolute's size key on a translational joint is not one of its keys.
  r = modelFromString(model("translational", "[0, 0, 0]", R"({"clearance": 0.5, "journal_radius": 10,
    "stiffness": 1e4})"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(errorsOf(r).find("slider_length"), std::string::npos) << errorsOf(r);
  r = modelFromString(
      model("spherical", "[0, 0, 0]", R"({"clearance": 0, "ball_radius": 0, "stiffness": 1e4})"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(errorsOf(r).find("the clearance must be positive"), std::string::npos) << errorsOf(r);
  EXPECT_NE(errorsOf(r).find("the ball radius must be positive"), std::string::npos) << errorsOf(r);
}

// The Adams IMPACT law: c_max in N·s/mm (= 1e3 N·s/m) and d in mm in this file; only its keys are
// written back.
TEST(ClearanceKindsFile, ImpactLawInFileUnits)
{
  auto r = modelFromString(
      model("spherical", "[0, 0, 0]", R"({"clearance": 0.5, "ball_radius": 20, "law": "impact",
    "stiffness": 31622.7766016838, "exponent": 1.5, "max_damping": 2, "penetration_depth": 0.1})"));
  ASSERT_TRUE(r.ok()) << errorsOf(r);
  const Joint& j = *r.model->joint(r.model->findJoint("gap_joint"));
  EXPECT_EQ(j.clearance->law, ClearanceLaw::Impact);
  EXPECT_NEAR(j.clearance->maxDamping, 2e3, 1e-9);
  EXPECT_NEAR(j.clearance->penetrationDepth, 1e-4, 1e-15);
  const std::string written = modelToString(*r.model);
  EXPECT_NE(written.find("\"impact\""), std::string::npos);
  EXPECT_EQ(written.find("restitution"), std::string::npos);
  auto again = modelFromString(written);
  ASSERT_TRUE(again.ok()) << errorsOf(again);
  EXPECT_EQ(again.model->joint(again.model->findJoint("gap_joint"))->clearance, j.clearance);
  r = modelFromString(
      model("spherical", "[0, 0, 0]", R"({"clearance": 0.5, "ball_radius": 20, "law": "impact",
    "stiffness": 1e4, "max_damping": -1, "penetration_depth": 0})"));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(errorsOf(r).find("the maximum damping must not be negative"), std::string::npos) << errorsOf(r);
  EXPECT_NE(errorsOf(r).find("the penetration depth must be positive"), std::string::npos) << errorsOf(r);
  EXPECT_NE(errorsOf(r).find("gap_joint"), std::string::npos) << errorsOf(r);
}

solver::ClearanceOutput restingState(const std::string& text)
{
  auto r = modelFromString(text);
  EXPECT_TRUE(r.ok()) << errorsOf(r);
  const CompileResult c = compile(*r.model);
  EXPECT_TRUE(c.ok);
  solver::AnalysisSettings settings;
  settings.endTime = 0.5;
  settings.outputStep = 0.01;
  settings.maxStep = 1e-3;
  settings.tolerance = 1e-7;
  solver::ResultStore results;
  const solver::AnalysisOutcome outcome = solver::runAnalysis(c.model, settings, nullptr, results);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  if (results.size() == 0)
    return {};
  return results.frame(results.size() - 1).clearance.at(0);
}

TEST(ClearanceKindsFile, CompiledBallRestsAtTheClosedFormPenetration)
{
  const solver::ClearanceOutput out = restingState(model("spherical", "[0, 0, -9810]", kBall));
  const double expected = std::pow(2.0 * 9.81 / 1e9, 1.0 / 1.5);
  EXPECT_TRUE(out.contact);
  EXPECT_NEAR(out.penetration, expected, 1e-3 * expected);
  EXPECT_NEAR(out.eccentricityZ, -(5e-4 + expected), 1e-3 * expected);  // below the socket centre
  EXPECT_NEAR(out.normalForce, 2.0 * 9.81, 1e-3 * 2.0 * 9.81);
}

TEST(ClearanceKindsFile, CompiledSliderRestsOnBothEndsByMomentBalance)
{
  // Gravity across the guide (−x); the CM 20 mm towards the front end of the 100 mm slider.
  const solver::ClearanceOutput out = restingState(model("translational", "[-9810, 0, 0]", kSlider));
  const double mg = 2.0 * 9.81, front = mg * (0.5 + 0.2), back = mg * (0.5 - 0.2);
  const double dFront = std::pow(front / 1e9, 1.0 / 1.5), dBack = std::pow(back / 1e9, 1.0 / 1.5);
  EXPECT_TRUE(out.contact);
  EXPECT_NEAR(-(out.eccentricityX + out.eccentricityY) - 5e-4, dFront, 1e-3 * dFront);
  EXPECT_NEAR(-(out.eccentricityX - out.eccentricityY) - 5e-4, dBack, 1e-3 * dBack);
  EXPECT_NEAR(out.normalForce, mg, 1e-3 * mg);
}

}  // namespace
