// Adams' MODE function (issue 28): the number of what the analysis evaluating a function is doing
// (1 kinematics, 3 initial conditions, 4 dynamics, 5 statics, 6 quasi-statics, 7 linear analysis),
// as Adams/View models use it to switch a holding spring on outside dynamics.
#include <gtest/gtest.h>

#include <cmath>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

// A 2 kg block on a vertical slide under MMKS gravity, held by a 50 N/mm spring that is on only
// outside dynamics (Adams' own IF(MODE-4: 0, 0, ...) idiom), and a part welded to the ground that
// carries a torque of MODE N·mm (its output reads the mode).
std::string deck(bool driven)
{
  return std::string(R"(MODE
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND
PART/1, GROUND
MARKER/10, PART = 1
MARKER/12, PART = 1, FLOATING
PART/2, MASS = 2, IP = 1E3, 1E3, 1E3, CM = 20
MARKER/20, PART = 2
PART/3, MASS = 1, IP = 1E3, 1E3, 1E3, CM = 30
MARKER/30, PART = 3
JOINT/1, TRANSLATIONAL, I = 20, J = 10
JOINT/2, FIXED, I = 30, J = 10
VFORCE/1, I = 20, JFLOAT = 12, RM = 10, FX = 0\ FY = 0\
, FZ = IF(MODE - 4: 0, 0, -50*DZ(20, 10))
SFORCE/2, ROTATIONAL, I = 30, J = 10, FUNCTION = MODE
ACCGRAV/KGRAVITY = -9806.65
)") + (driven ? "MOTION/1, JOINT = 1, TRANSLATION, FUNCTION = -TIME\n" : "") +
         "END\n";
}

struct Run {
  solver::AnalysisOutcome outcome;
  solver::ResultStore results;
  double mode(std::size_t frame) const { return std::abs(results.frame(frame).forces[1].torque.z()) * 1e3; }
  double z(std::size_t frame) const { return results.frame(frame).state.q[2]; }  // body 0: the block
};

std::unique_ptr<Run> run(solver::AnalysisKind kind, bool driven = false)
{
  const auto imported = importAdmFromString(deck(driven), "mode.adm");
  EXPECT_TRUE(imported.ok()) << imported.errors[0].toString();
  const CompileResult c = compile(*imported.model);
  EXPECT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.kind = kind;
  s.endTime = 0.1;
  s.outputStep = 0.05;
  auto r = std::make_unique<Run>();
  r->outcome = solver::runAnalysis(c.model, s, nullptr, r->results);
  EXPECT_TRUE(r->outcome.status.ok()) << r->outcome.status.message;
  EXPECT_GT(r->results.size(), 0u);
  return r;
}

}  // namespace

TEST(AnalysisMode, EachAnalysisReadsItsOwnNumber)
{
  EXPECT_DOUBLE_EQ(run(solver::AnalysisKind::InitialConditions)->mode(0), 3.0);
  EXPECT_DOUBLE_EQ(run(solver::AnalysisKind::Kinematic, true)->mode(1), 1.0);
  EXPECT_DOUBLE_EQ(run(solver::AnalysisKind::Dynamic)->mode(1), 4.0);
  EXPECT_DOUBLE_EQ(run(solver::AnalysisKind::Static)->mode(0), 5.0);
  EXPECT_DOUBLE_EQ(run(solver::AnalysisKind::QuasiStatic)->mode(1), 6.0);
  // Outside an analysis (a function evaluated by the GUI or a test) MODE reads dynamics.
  EXPECT_EQ(solver::currentAnalysisMode(), solver::AnalysisMode::Dynamics);
}

// The spring holds the block in statics (z = −m g / k), is off in dynamics (free fall from where the
// block was placed) and on in the linearization (ω = √(k/m)).
TEST(AnalysisMode, ASpringOnOutsideDynamicsHoldsTheBlockOnlyThere)
{
  const double m = 2.0, g = 9806.65e-3, k = 50e3;  // SI: kg, m/s², N/m
  const auto statics = run(solver::AnalysisKind::Static);
  EXPECT_NEAR(statics->z(0), -m * g / k, 1e-12);
  const auto dynamics = run(solver::AnalysisKind::Dynamic);
  EXPECT_NEAR(dynamics->z(2), -0.5 * g * 0.1 * 0.1, 1e-9);
  const auto linear = run(solver::AnalysisKind::Linear);
  ASSERT_EQ(linear->outcome.modes.size(), 1u);
  EXPECT_NEAR(linear->outcome.modes[0].naturalFrequency, std::sqrt(k / m) / (2 * M_PI), 1e-6);
}
