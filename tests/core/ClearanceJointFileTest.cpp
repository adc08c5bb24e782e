// Clearance joints in the model file (issue 14, docs/file-format.md): read in the file's units,
// written back equal, compiled into the solver's revolute-with-clearance, refused with a message
// naming the joint when the settings are wrong, and run: a journal hanging in its bearing settles
// at the closed-form penetration (m g / K)^(1/n).
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Results.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

// A 2 kg journal in a bearing on ground, lengths in mm: c = 0.5 mm, R = 10 mm, K = 1e9 N/m^1.5
// (= 1e9 · 1e-4.5 N/mm^1.5), e = 0.3, μ = 0.1 / 0.08, v_s = 1 mm/s.
std::string journalModel(const std::string& clearance)
{
  return R"({"format": "mbstudio-model", "version": 1,
    "units": {"length": "mm", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
    "gravity": [0, -9810, 0],
    "parts": [{"id": 1, "name": "ground", "ground": true},
              {"id": 2, "name": "journal", "mass": 2, "inertia": {"ixx": 100, "iyy": 100, "izz": 100}}],
    "markers": [{"id": 3, "name": "pin", "part": "journal", "position": [0, 0, 0]},
                {"id": 4, "name": "hole", "part": "ground", "position": [0, 0, 0]}],
    "joints": [{"id": 5, "name": "bearing", "type": "revolute", "i_marker": "pin", "j_marker": "hole",
                "clearance": )" +
         clearance + "}]}";
}

const std::string kClearance = R"({"clearance": 0.5, "journal_radius": 10, "stiffness": 31622.7766016838,
  "exponent": 1.5, "restitution": 0.3, "mu_static": 0.1, "mu_dynamic": 0.08, "transition_velocity": 1})";

TEST(ClearanceJointFile, ReadInFileUnitsWrittenBackEqual)
{
  auto r = modelFromString(journalModel(kClearance));
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Joint& j = *r.model->joint(r.model->findJoint("bearing"));
  ASSERT_TRUE(j.clearance);
  EXPECT_NEAR(j.clearance->clearance, 5e-4, 1e-15);
  EXPECT_NEAR(j.clearance->journalRadius, 0.01, 1e-15);
  EXPECT_NEAR(j.clearance->stiffness, 1e9, 1e-3);
  EXPECT_DOUBLE_EQ(j.clearance->restitution, 0.3);
  EXPECT_DOUBLE_EQ(j.clearance->staticCoefficient, 0.1);
  EXPECT_NEAR(j.clearance->transitionVelocity, 1e-3, 1e-15);
  auto again = modelFromString(modelToString(*r.model));
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.model->joint(again.model->findJoint("bearing"))->clearance, j.clearance);
}

TEST(ClearanceJointFile, BadSettingsNameTheJoint)
{
  auto r = modelFromString(journalModel(R"({"clearance": 0, "journal_radius": 10, "stiffness": 1e4,
    "restitution": 1.2})"));
  ASSERT_FALSE(r.ok());
  std::string all;
  for (const auto& e : r.errors)
    all += e.toString() + "\n";
  EXPECT_NE(all.find("bearing"), std::string::npos) << all;
  EXPECT_NE(all.find("the radial clearance must be positive"), std::string::npos) << all;
  EXPECT_NE(all.find("restitution must be in (0, 1]"), std::string::npos) << all;

  std::string cylindrical = journalModel(kClearance);
  cylindrical.replace(cylindrical.find("\"revolute\""), 10, "\"cylindrical\"");
  r = modelFromString(cylindrical);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(
      r.errors[0].toString().find("only a revolute, spherical or translational joint can have a clearance"),
      std::string::npos)
      << r.errors[0].toString();
}

// The seed-003 law K δ^n + (d₁ δ + d₂ δ²) δ̇: d₁ in N·s/mm² (= 1e6 N·s/m²) and d₂ in N·s/mm³
// (= 1e9 N·s/m³) in this file; only the chosen law's coefficients are written back.
TEST(ClearanceJointFile, PolynomialDampingLawInFileUnits)
{
  const std::string law = R"({"clearance": 0.5, "journal_radius": 10, "law": "polynomial_damping",
    "stiffness": 31622.7766016838, "exponent": 1.5, "linear_damping": 2, "quadratic_damping": 3})";
  auto r = modelFromString(journalModel(law));
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Joint& j = *r.model->joint(r.model->findJoint("bearing"));
  ASSERT_TRUE(j.clearance);
  EXPECT_EQ(j.clearance->law, ClearanceLaw::PolynomialDamping);
  EXPECT_NEAR(j.clearance->linearDamping, 2e6, 1e-6);
  EXPECT_NEAR(j.clearance->quadraticDamping, 3e9, 1e-3);
  const std::string written = modelToString(*r.model);
  EXPECT_NE(written.find("\"polynomial_damping\""), std::string::npos);
  EXPECT_EQ(written.find("restitution"), std::string::npos) << "Lankarani–Nikravesh's e written";
  auto again = modelFromString(written);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.model->joint(again.model->findJoint("bearing"))->clearance, j.clearance);
  // The default law is Lankarani–Nikravesh, written by name.
  auto ln = modelFromString(journalModel(kClearance));
  ASSERT_TRUE(ln.ok());
  EXPECT_EQ(ln.model->joint(ln.model->findJoint("bearing"))->clearance->law,
            ClearanceLaw::LankaraniNikravesh);
  EXPECT_NE(modelToString(*ln.model).find("\"lankarani_nikravesh\""), std::string::npos);

  auto bad = modelFromString(journalModel(R"({"clearance": 0.5, "journal_radius": 10, "law": "hertz",
    "stiffness": 1e4})"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.errors[0].toString().find("unknown contact law 'hertz'"), std::string::npos)
      << bad.errors[0].toString();
  EXPECT_NE(bad.errors[0].toString().find("bearing"), std::string::npos) << bad.errors[0].toString();
  bad = modelFromString(journalModel(R"({"clearance": 0.5, "journal_radius": 10, "law": "polynomial_damping",
    "stiffness": 1e4, "linear_damping": -1})"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.errors[0].toString().find("the damping coefficients d1 and d2 must not be negative"),
            std::string::npos)
      << bad.errors[0].toString();
}

TEST(ClearanceJointFile, CompiledJournalRestsAtTheClosedFormPenetration)
{
  auto r = modelFromString(journalModel(kClearance));
  ASSERT_TRUE(r.ok());
  const CompileResult c = compile(*r.model);
  ASSERT_TRUE(c.ok);
  ASSERT_TRUE(c.model.joints[0].clearance);
  const solver::System system(c.model);
  EXPECT_EQ(system.model().joints[0].type, solver::JointType::Planar);
  solver::DynamicOptions options;
  options.endTime = 0.5;
  options.outputStep = 0.01;
  options.integratorOptions.hmax = 1e-3;
  solver::ResultStore results;
  const solver::Status s = solver::runDynamics(system, options, nullptr, results);
  ASSERT_TRUE(s.ok()) << s.message;
  ASSERT_EQ(results.layout().clearanceJoints.size(), 1u);
  const solver::ClearanceOutput out = results.frame(results.size() - 1).clearance[0];
  const double expected = std::pow(2.0 * 9.81 / 1e9, 1.0 / 1.5);
  EXPECT_TRUE(out.contact);
  EXPECT_NEAR(out.penetration, expected, 1e-3 * expected);
  EXPECT_NEAR(out.normalForce, 2.0 * 9.81, 1e-3 * 2.0 * 9.81);
  EXPECT_NEAR(out.frictionForce, 0.0, 1e-6);  // at rest
}

}  // namespace
