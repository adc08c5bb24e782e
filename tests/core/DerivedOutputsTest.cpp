// Derived output columns (mbsolve --derived, the Plot panel's derived quantities) against the
// closed form of a crank driven at constant speed in gravity: θ = ωt, the joint angle and rate,
// the motion's torque m g r cos θ and power τ ω, the energies, the tip marker's circle and the
// part's Bryant angle.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/DerivedQuantities.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

// A 2 kg crank, CM 0.5 m from its pivot (Izz about the CM 0.1 kg m²), turned at 3 rad/s about
// ground z in gravity along -y; marker 22 at 1 m from the pivot.
const char* kCrank = R"(driven crank
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND
PART/1, GROUND
MARKER/1, PART = 1
PART/2, MASS = 2, CM = 20, IP = 0.1, 0.1, 0.1
MARKER/20, PART = 2, QP = 0.5, 0, 0
MARKER/21, PART = 2
MARKER/22, PART = 2, QP = 1, 0, 0
JOINT/1, REVOLUTE, I = 21, J = 1
MOTION/1, JOINT = 1, ROTATION, FUNCTION = 3*TIME
ACCGRAV/JGRAVITY = -9.81
END
)";

double wrap(double angle)
{
  return std::remainder(angle, 2.0 * std::numbers::pi);
}

}  // namespace

TEST(DerivedOutputs, DrivenCrankFollowsItsClosedForm)
{
  const auto imported = importAdmFromString(kCrank, "crank.adm");
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(imported.ok());
  const CompileResult compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  solver::AnalysisSettings settings;
  settings.endTime = 2.0;
  settings.outputStep = 0.05;
  settings.tolerance = 1e-8;
  solver::ResultStore results;
  const solver::AnalysisOutcome outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;

  const DerivedOutputs derived(*imported.model, compiled.map);
  const auto& columns = derived.columns();
  auto at = [&columns](const std::string& name) {
    const auto it = std::find(columns.begin(), columns.end(), name);
    EXPECT_NE(it, columns.end()) << name;
    return static_cast<std::size_t>(it - columns.begin());
  };
  EXPECT_EQ(columns.size(), 8u + 3 * 9 + 10 + 2 + 3);  // part, its 3 markers, joint, motion, model
  const double w = 3.0, m = 2.0, r = 0.5, g = 9.81, izz = 0.1;
  ASSERT_EQ(results.size(), 41u);
  for (std::size_t f = 0; f < results.size(); ++f) {
    const solver::ResultFrame frame = results.frame(f);
    const std::vector<double> v = derived.evaluate(frame);
    ASSERT_EQ(v.size(), columns.size());
    const double t = frame.state.t, theta = w * t;
    SCOPED_TRACE("t = " + std::to_string(t));
    EXPECT_NEAR(wrap(v[at("JOINT_1.angle_z")] - theta), 0.0, 1e-6);
    EXPECT_NEAR(v[at("JOINT_1.wz")], w, 1e-6);
    EXPECT_NEAR(v[at("JOINT_1.dx")], 0.0, 1e-9);
    EXPECT_NEAR(wrap(v[at("PART_2.gamma")] - theta), 0.0, 1e-6);
    const double torque = m * g * r * std::cos(theta);  // holds the crank against gravity
    EXPECT_NEAR(v[at("MOTION_1.effort")], torque, 1e-5);
    EXPECT_NEAR(v[at("MOTION_1.power")], torque * w, 1e-4);
    const double kinetic = 0.5 * (izz + m * r * r) * w * w, potential = m * g * r * std::sin(theta);
    EXPECT_NEAR(v[at("PART_2.kinetic_energy")], kinetic, 1e-6);
    EXPECT_NEAR(v[at("PART_2.potential_energy")], potential, 1e-6);
    EXPECT_NEAR(v[at("model.total_energy")], kinetic + potential, 1e-6);
    EXPECT_NEAR(v[at("MARKER_22.x")], std::cos(theta), 1e-6);
    EXPECT_NEAR(v[at("MARKER_22.vx")], -w * std::sin(theta), 1e-6);
    EXPECT_NEAR(v[at("MARKER_22.ay")], -w * w * std::sin(theta), 1e-5);
  }
}
