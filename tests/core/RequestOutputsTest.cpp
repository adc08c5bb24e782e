// Output requests (issue 16): Adams REQUEST statements and the native "requests" array give columns
// named after the request and component, checked against closed forms.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "analysis/InitialConditions.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "results/ComputeFrame.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

// A free body spinning at w about ground z with its CM at the origin; marker 21 at (r, 0, 0) on it.
// No gravity, no forces: the marker runs on a circle, x = r cos wt, y = r sin wt.
const char* kSpinner = R"(spinning body with requests
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND
PART/1, GROUND
MARKER/10, PART = 1
MARKER/11, PART = 1, REULER = 90D, 0, 0
PART/2, MASS = 2, CM = 20, IP = 1E6, 1E6, 2E6, WZ = 3
MARKER/20, PART = 2
MARKER/21, PART = 2, QP = 500, 0, 0
REQUEST/1, DISPLACEMENT, I = 21, J = 10, COMMENT = tip position
REQUEST/2, VELOCITY, I = 21, J = 10
REQUEST/3, ACCELERATION, I = 21, J = 10, RM = 11
REQUEST/4, F2 = DX(21, 10)\ F3 = VX(21, 10)\ F5 = DELAY(DX(21, 10), 0.01, 0)
END
)";

struct Run {
  Model model;
  CompileResult compiled;
  std::unique_ptr<solver::System> system;
  solver::ResultStore results;
};

std::unique_ptr<Run> runDynamics(const Model& model, double end)
{
  auto run = std::make_unique<Run>();
  run->model = model;
  run->compiled = compile(run->model);
  EXPECT_TRUE(run->compiled.ok);
  run->system = std::make_unique<solver::System>(run->compiled.model);
  solver::DynamicOptions options;
  options.endTime = end;
  options.outputStep = end / 4;
  options.integrator = solver::IntegratorType::Gstiff;
  options.integratorOptions.formulation = solver::Formulation::SI2;
  options.integratorOptions.tolerance = 1e-9;
  const auto status = solver::runDynamics(*run->system, options, nullptr, run->results);
  EXPECT_TRUE(status.ok()) << status.message;
  return run;
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

TEST(RequestOutputs, AdmRequestsOfASpinningBodyFollowTheCircle)
{
  const auto imported = importAdmFromString(kSpinner, "spin.adm");
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(imported.ok());
  ASSERT_EQ(imported.model->requests.size(), 4u);
  EXPECT_EQ(imported.model->requests[0].comment, "tip position");
  // F5 = DELAY(...) of the state cannot be computed from saved frames (the run's record of the past
  // is not kept with them): a warning, the other components are kept.
  bool warned = false;
  for (const auto& w : imported.warnings)
    warned |= w.line == 12 &&
              w.reason.find("F5 not written: DELAY of an expression of the state") != std::string::npos;
  EXPECT_TRUE(warned);

  const auto run = runDynamics(*imported.model, 1.0);
  const RequestOutputs requests(run->model, run->compiled.map, run->system->model());
  ASSERT_TRUE(requests.ok());
  EXPECT_EQ(requests.columns(),
            (std::vector<std::string>{
                "REQUEST_1.mag",   "REQUEST_1.x",    "REQUEST_1.y",   "REQUEST_1.z",  "REQUEST_1.psi",
                "REQUEST_1.theta", "REQUEST_1.phi",  "REQUEST_2.mag", "REQUEST_2.vx", "REQUEST_2.vy",
                "REQUEST_2.vz",    "REQUEST_2.wmag", "REQUEST_2.wx",  "REQUEST_2.wy", "REQUEST_2.wz",
                "REQUEST_3.mag",   "REQUEST_3.ax",   "REQUEST_3.ay",  "REQUEST_3.az", "REQUEST_3.wdmag",
                "REQUEST_3.wdx",   "REQUEST_3.wdy",  "REQUEST_3.wdz", "REQUEST_4.f2", "REQUEST_4.f3"}));
  const double r = 0.5, w = 3.0;
  ASSERT_EQ(run->results.size(), 5u);
  for (std::size_t f = 0; f < run->results.size(); ++f) {
    const auto frame = run->results.frame(f);
    const double t = frame.state.t, c = std::cos(w * t), s = std::sin(w * t);
    const auto v = requests.evaluate(frame);
    ASSERT_EQ(v.size(), requests.columns().size());
    const double tol = 1e-6;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.mag"), r, tol);
    EXPECT_NEAR(column(requests, v, "REQUEST_1.x"), r * c, tol) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.y"), r * s, tol) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_1.z"), 0.0, tol);
    // The rotation about z by wt: 3-1-3 angles (psi + phi = wt mod 2 pi, theta = 0).
    const double turn = column(requests, v, "REQUEST_1.psi") + column(requests, v, "REQUEST_1.phi");
    EXPECT_NEAR(std::remainder(turn - w * t, 2 * std::numbers::pi), 0.0, tol) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_2.vx"), -r * w * s, tol);
    EXPECT_NEAR(column(requests, v, "REQUEST_2.vy"), r * w * c, tol);
    EXPECT_NEAR(column(requests, v, "REQUEST_2.wz"), w, tol);
    // Centripetal acceleration -w^2 r (c, s), resolved in RM = marker 11 (ground axes turned 90 deg
    // about z): components (a.y, -a.x).
    EXPECT_NEAR(column(requests, v, "REQUEST_3.mag"), w * w * r, 1e-5);
    EXPECT_NEAR(column(requests, v, "REQUEST_3.ax"), -w * w * r * s, 1e-5) << t;
    EXPECT_NEAR(column(requests, v, "REQUEST_3.ay"), w * w * r * c, 1e-5) << t;
    // F2 = DX in the deck's unit (mm), F3 = VX in mm/s.
    EXPECT_NEAR(column(requests, v, "REQUEST_4.f2"), 1000 * r * c, 1e-3);
    EXPECT_NEAR(column(requests, v, "REQUEST_4.f3"), -1000 * r * w * s, 1e-3);
  }
}

// FORCE requests sum the loads on I's part of the elements between I and J: a constant 5 N
// SFORCE pushing the part along +x and the fixed joint holding it (static: the reaction is -5 N).
TEST(RequestOutputs, ForceRequestsReadTheElementsBetweenTheirMarkers)
{
  const auto imported = importAdmFromString(R"(held part
PART/1, GROUND
MARKER/4, PART = 1
MARKER/6, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1, CM = 3
MARKER/3, PART = 2
MARKER/5, PART = 2, QP = 1, 0, 0
JOINT/1, FIXED, I = 3, J = 4
SFORCE/1, TRANSLATIONAL, I = 5, J = 6, FUNCTION = 5
REQUEST/1, FORCE, I = 5, J = 6
REQUEST/2, F, I = 3, J = 4
REQUEST/3, FORCE, I = 3
END
)",
                                            "held.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const CompileResult compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  const solver::System system(compiled.model);
  solver::State state;
  ASSERT_TRUE(solver::solveInitialConditions(system, state).ok());
  const auto frame = solver::computeFrame(system, state);
  const RequestOutputs requests(*imported.model, compiled.map, system.model());
  const auto v = requests.evaluate(frame);
  EXPECT_NEAR(column(requests, v, "REQUEST_1.fmag"), 5.0, 1e-9);
  EXPECT_NEAR(column(requests, v, "REQUEST_1.fx"), 5.0, 1e-9);
  EXPECT_NEAR(column(requests, v, "REQUEST_1.tmag"), 0.0, 1e-9);
  EXPECT_NEAR(column(requests, v, "REQUEST_2.fx"), -5.0, 1e-9);
  EXPECT_NEAR(column(requests, v, "REQUEST_2.fy"), 0.0, 1e-9);
  // The force at (1, 0, 0) along x has no moment about the joint at the origin.
  EXPECT_NEAR(column(requests, v, "REQUEST_2.tmag"), 0.0, 1e-9);
  // No J: every element acting at marker 3 (only the joint).
  EXPECT_NEAR(column(requests, v, "REQUEST_3.fx"), -5.0, 1e-9);
}

// The native file keeps requests: saved and read back unchanged, bad ones are located errors.
TEST(RequestOutputs, NativeFileRequestsRoundTripAndAreChecked)
{
  const auto imported = importAdmFromString(kSpinner, "spin.adm");
  ASSERT_TRUE(imported.ok());
  const std::string text = modelToString(*imported.model);
  const auto loaded = modelFromString(text, "spin.mbs.json");
  ASSERT_TRUE(loaded.model) << loaded.errors[0].toString();
  EXPECT_EQ(loaded.model->requests, imported.model->requests);
  EXPECT_EQ(modelToString(*loaded.model), text);

  std::string bad = text;
  bad.replace(bad.find("\"type\": \"velocity\""), 18, "\"type\": \"speed\"");
  const auto refused = modelFromString(bad, "bad.mbs.json");
  ASSERT_FALSE(refused.model);
  EXPECT_NE(refused.errors[0].toString().find("/requests/1/type"), std::string::npos)
      << refused.errors[0].toString();
}
