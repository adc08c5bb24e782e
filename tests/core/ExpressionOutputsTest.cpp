// Adams output functions in VARIABLEs and REQUESTs (issue 28): JOINT, FX, FM, TM, INCANG, ORIENT
// read from the solved frames of Adams/View-style decks and checked against closed forms; VARVAL
// of time-dependent VARIABLEs in a MOTION and an SFORCE, whatever the file order; load functions
// in force functions read, in motions refused with the reason; a NaN force blamed on the element.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

std::string deck(const std::string& name)
{
  return std::string(MBS_TEST_DATA_DIR) + "/adams_view/" + name;
}

struct Run {
  Model model;
  CompileResult compiled;
  solver::ResultStore results;
  solver::AnalysisOutcome outcome;
};

std::unique_ptr<Run> run(const std::string& path, double end, double step)
{
  auto out = std::make_unique<Run>();
  const auto imported = importAdm(path);
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  if (!imported.ok())
    return nullptr;
  out->model = *imported.model;
  out->compiled = compile(out->model);
  for (const auto& d : out->compiled.diagnostics)
    if (!out->compiled.ok)
      ADD_FAILURE() << d.reason;
  if (!out->compiled.ok)
    return nullptr;
  solver::AnalysisSettings settings;
  settings.kind = solver::AnalysisKind::Dynamic;
  settings.endTime = end;
  settings.outputStep = step;
  settings.tolerance = 1e-8;
  out->outcome = solver::runAnalysis(out->compiled.model, settings, nullptr, out->results);
  return out;
}

double column(const RequestOutputs& r, const std::vector<double>& values, const std::string& name)
{
  for (std::size_t k = 0; k < r.columns().size(); ++k)
    if (r.columns()[k] == name)
      return values[k];
  ADD_FAILURE() << "no column " << name;
  return NAN;
}

}  // namespace

// A 2 kg pendulum (CM 500 mm from the pin, released at 45 degrees): the pin's pull along the rod is
// m (g cos(theta) + L thetadot^2) at every frame, read through JOINT(1, 0|1, 2, rod marker) in a
// REQUEST and through a VARIABLE (defined after the VARIABLE reading it); FX of the pin marker is the
// same reaction; INCANG is the swing angle from the vertical, ORIENT(6, 1) the rod's yaw.
TEST(ExpressionOutputs, PendulumPinReactionThroughJointFunctionMatchesTheClosedForm)
{
  const auto r = run(deck("expr_pendulum_reaction.adm"), 1.0, 0.05);
  ASSERT_TRUE(r);
  ASSERT_TRUE(r->outcome.status.ok()) << r->outcome.status.message;
  const RequestOutputs requests(r->model, r->compiled.map, r->compiled.model);
  for (const auto& d : requests.diagnostics())
    ADD_FAILURE() << d.reason;
  ASSERT_GE(r->results.size(), 20u);
  const double m = 2.0, g = 9.80665, L = 0.5;
  double swing = 0.0;  // the largest |theta| seen, to make sure the pendulum swung through zero
  bool crossed = false;
  for (std::size_t f = 0; f < r->results.size(); ++f) {
    const auto frame = r->results.frame(f);
    const auto v = requests.evaluate(frame);
    const double w = column(requests, v, "REQUEST_1.f4"), yaw = column(requests, v, "REQUEST_1.f5");
    const double theta = yaw + std::numbers::pi / 2;  // from the downward vertical
    const double pull = m * (g * std::cos(theta) + L * w * w);
    const double t = frame.state.t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f2"), -pull, 1e-5 * pull) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f3"), 2.0 * pull, 2e-5 * pull) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f6"), -pull, 1e-5 * pull) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f7"), theta, 1e-9) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f8"), yaw, 1e-9) << t;
    // Magnitudes: on I and on J alike, FM the same; no torque about the pin's z (a revolute).
    const double magnitude = column(requests, v, "REQUEST_2.f1");
    EXPECT_GE(magnitude, pull * (1 - 1e-9));
    EXPECT_NEAR(column(requests, v, "REQUEST_2.f2"), magnitude, 1e-9 * magnitude);
    EXPECT_NEAR(column(requests, v, "REQUEST_2.f3"), magnitude, 1e-9 * magnitude);
    EXPECT_NEAR(column(requests, v, "REQUEST_2.f5"), 0.0, 1e-6);
    swing = std::max(swing, std::abs(theta));
    crossed = crossed || theta < -0.1;
  }
  EXPECT_NEAR(swing, std::numbers::pi / 4, 1e-3);
  EXPECT_TRUE(crossed);  // INCANG went negative past the vertical, as Adams' sign convention says
}

// VARIABLEs that read later VARIABLEs: a MOTION follows 2 * (- -10 sin t) mm, an action-only SFORCE
// pushes 1 kg with - - -(5 t) N; the slider is at 20 sin t mm, the pushed part at -(5/6) t^3 m.
TEST(ExpressionOutputs, MotionAndForceReadTimeDependentVariablesInAnyFileOrder)
{
  const auto r = run(deck("expr_variables_any_order.adm"), 1.0, 0.1);
  ASSERT_TRUE(r);
  ASSERT_TRUE(r->outcome.status.ok()) << r->outcome.status.message;
  const RequestOutputs requests(r->model, r->compiled.map, r->compiled.model);
  ASSERT_TRUE(requests.ok());
  ASSERT_EQ(r->results.size(), 11u);
  for (std::size_t f = 0; f < r->results.size(); ++f) {
    const auto frame = r->results.frame(f);
    const double t = frame.state.t;
    const auto v = requests.evaluate(frame);
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f2"), 20.0 * std::sin(t), 1e-6) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f3"), -1000.0 * 5.0 / 6.0 * t * t * t, 1e-3) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.f4"), -5.0 * t, 1e-9) << t;
  }
}

// Force functions read solved loads (the loop is solved with the equations of motion:
// ReactionForceDeckTest), directly or through a VARIABLE; a MOTION, a function of time only as
// Adams requires, may neither call a load function nor read a VARIABLE that depends on the state.
TEST(ExpressionOutputs, LoadFunctionsAreReadInForcesAndRefusedInMotionsWithTheReason)
{
  const std::string base = R"(loads in forces
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND
PART/1, GROUND
MARKER/1, PART = 1
PART/2, MASS = 1, CM = 2, IP = 1, 1, 1
MARKER/2, PART = 2
JOINT/1, REVOLUTE, I = 2, J = 1
VARIABLE/1, FUNCTION = JOINT(1, 0, 1, 0)
VARIABLE/2, FUNCTION = DX(2, 1)
)";
  auto errorsOf = [&](const std::string& extra) {
    const auto imported = importAdmFromString(base + extra + "END\n", "loads.adm");
    std::string all;
    for (const auto& e : imported.errors)
      all += e.toString() + "\n";
    if (imported.ok()) {
      for (const auto& d : compile(*imported.model).diagnostics)
        all += d.reason + "\n";
    }
    return all;
  };
  EXPECT_EQ(errorsOf("SFORCE/1, ROTATIONAL, ACTIONONLY, I = 2, J = 1, FUNCTION = -0.1*JOINT(1, 0, 8, 0)\n"),
            "");
  EXPECT_EQ(errorsOf("SFORCE/1, ROTATIONAL, ACTIONONLY, I = 2, J = 1, FUNCTION = VARVAL(1)\n"), "");
  const std::string motion = errorsOf("MOTION/1, JOINT = 1, FUNCTION = VARVAL(2)\n");
  EXPECT_NE(motion.find("VARIABLE 'VARIABLE_2' depends on the system's state"), std::string::npos) << motion;
  const std::string direct = errorsOf("MOTION/1, JOINT = 1, FUNCTION = 0.01*JOINT(1, 0, 1, 0)\n");
  EXPECT_NE(direct.find("load function 'JOINT' is not allowed here (function of TIME only)"),
            std::string::npos)
      << direct;
}

// A force whose function turns NaN (SQRT of a negative number once the part has moved) is named
// as the cause, with its function, not a joint or a body's normalization equation.
TEST(ExpressionOutputs, NanForceIsBlamedOnTheForce)
{
  const auto imported = importAdmFromString(R"(nan force
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND
PART/1, GROUND
MARKER/1, PART = 1
PART/2, MASS = 1, CM = 2, IP = 1, 1, 1
MARKER/2, PART = 2
JOINT/1, TRANSLATIONAL, I = 2, J = 1
VARIABLE/1, FUNCTION = SQRT(0.01 - TIME)
SFORCE/7, TRANSLATIONAL, ACTIONONLY, I = 2, J = 1, FUNCTION = 1 + VARVAL(1)
! adams_view_name='bad_push'
SFORCE/8, TRANSLATIONAL, ACTIONONLY, I = 2, J = 1, FUNCTION = SQRT(0.02 - DZ(2, 1))
END
)",
                                            "nan.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const auto compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  solver::AnalysisSettings settings;
  settings.kind = solver::AnalysisKind::Dynamic;
  settings.endTime = 1.0;
  settings.outputStep = 0.001;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  ASSERT_FALSE(outcome.status.ok());
  // VARIABLE_1 turns NaN at t = 0.01, before the part has moved 0.02 m.
  EXPECT_EQ(outcome.status.entity, "VARIABLE 'VARIABLE_1'") << outcome.status.message;
  EXPECT_NE(outcome.status.message.find("its function 'SQRT(0.01 - TIME)'"), std::string::npos)
      << outcome.status.message;
  EXPECT_EQ(results.finalStatus().message, outcome.status.message);
}
