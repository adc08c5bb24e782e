// runDynamics on System models: the IFToMM A01 pendulum against the exact solution, frames and
// CSV, cancel, and a failure naming the model entity.
#include <gtest/gtest.h>

#include <sstream>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "integrator_TestDaes.hpp"
#include "mbs/solver/ResultCsv.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

// A01: m = 1 at L = 1 from a revolute about global z, start at (−1, 0) at rest, g = 9.81 in −y.
// A rigid body needs rotational inertia; I_zz about the CM is compensated by scaling gravity so
// that θ̈ = −(g/L) sin θ exactly: g' = g (I + m L²)/(m L²).
Model a01Pendulum()
{
  const double Izz = 0.01;
  Model model;
  model.name = "A01";
  model.gravity = Vec3(0.0, -9.81 * (Izz + 1.0), 0.0);
  Body body;
  body.name = "P1";
  body.mass = 1.0;
  body.inertia = Vec3(Izz, Izz, Izz).asDiagonal();
  body.position = Vec3(-1.0, 0.0, 0.0);
  body.positionExact = {true, true, true};
  body.orientationExact = true;
  body.velocityExact = {true, true, true};
  body.angularVelocityExact = {true, true, true};
  model.bodies.push_back(body);
  Marker i;
  i.name = "P1.pin";
  i.body = 0;
  i.position = Vec3(1.0, 0.0, 0.0);
  Marker j;
  j.name = "ground.pin";
  j.body = kGround;
  model.markers = {i, j};
  Joint pin;
  pin.name = "pin";
  pin.type = JointType::Revolute;
  pin.iMarker = 0;
  pin.jMarker = 1;
  model.joints.push_back(pin);
  return model;
}

TEST(DynamicAnalysis, A01PendulumMatchesTheExactSolution)
{
  const auto exact = testing::loadExactPendulum();
  System system(a01Pendulum());
  for (IntegratorType type : {IntegratorType::Gstiff, IntegratorType::Wstiff, IntegratorType::Rkf45}) {
    DynamicOptions options;
    options.endTime = 10.0;
    options.outputStep = 0.01;
    options.integrator = type;
    options.integratorOptions.tolerance = 1e-7;
    ResultStore results;
    const Status st = runDynamics(system, options, nullptr, results);
    ASSERT_TRUE(st.ok()) << st.message;
    ASSERT_EQ(results.size(), exact.size());
    EXPECT_TRUE(results.finished());
    double maxError = 0.0, maxPinError = 0.0;
    for (size_t k = 0; k < exact.size(); ++k) {
      const ResultFrame f = results.frame(k);
      EXPECT_NEAR(f.state.t, exact[k].t, 1e-12);
      const Vec3 p = f.bodies[0].position;
      maxError =
          std::max({maxError, std::abs(p.x() - exact[k].x), std::abs(p.y() - exact[k].y), std::abs(p.z())});
      // Pin reaction on the link: m a − m g' along the link balances (radial direction).
      const Vec3 expected = f.bodies[0].acceleration - system.model().gravity;
      const Vec3 radial = p.normalized();
      maxPinError = std::max(maxPinError, std::abs(f.joints[0].force.dot(radial) - expected.dot(radial)));
    }
    EXPECT_LT(maxError, 1e-4) << toString(type);
    EXPECT_LT(maxPinError, 1e-6) << toString(type);
  }
}

TEST(DynamicAnalysis, WritesOneCsvRowPerOutputTime)
{
  System system(a01Pendulum());
  DynamicOptions options;
  options.endTime = 0.25;
  options.outputStep = 0.1;  // 0, 0.1, 0.2 and the end time
  ResultStore results;
  ASSERT_TRUE(runDynamics(system, options, nullptr, results).ok());
  ASSERT_EQ(results.size(), 4u);
  EXPECT_DOUBLE_EQ(results.frame(3).state.t, 0.25);
  std::ostringstream csv;
  writeResultCsv(results, csv);
  std::istringstream in(csv.str());
  std::string header, line;
  std::getline(in, header);
  EXPECT_EQ(header.substr(0, 19), "time,P1.x,P1.y,P1.z");
  EXPECT_NE(header.find("pin.tz"), std::string::npos);
  int rows = 0;
  while (std::getline(in, line)) {
    ++rows;
    EXPECT_EQ(std::count(line.begin(), line.end(), ','), 1 + 16 + 6 - 1);
  }
  EXPECT_EQ(rows, 4);
}

class CancelAfterSteps : public CancelFlag {
public:
  void onStep(const StepInfo& info) override
  {
    if (info.steps >= 3)
      requestCancel();
  }
};

TEST(DynamicAnalysis, CancelEndsTheRunAndKeepsTheFrames)
{
  System system(a01Pendulum());
  DynamicOptions options;
  options.endTime = 10.0;
  options.outputStep = 1e-4;
  CancelAfterSteps monitor;
  ResultStore results;
  const Status st = runDynamics(system, options, &monitor, results);
  EXPECT_EQ(st.code, StatusCode::Cancelled);
  EXPECT_TRUE(results.finished());
  EXPECT_EQ(results.finalStatus().code, StatusCode::Cancelled);
  EXPECT_GT(results.size(), 0u);
  EXPECT_LT(results.frame(results.size() - 1).state.t, 0.1);
}

TEST(DynamicAnalysis, StepSizeFailureNamesTimeAndStep)
{
  System system(a01Pendulum());
  DynamicOptions options;
  options.endTime = 1.0;
  options.integratorOptions.hmin = 0.5;  // impossible: the first step must be smaller
  ResultStore results;
  const Status st = runDynamics(system, options, nullptr, results);
  EXPECT_EQ(st.code, StatusCode::StepSizeTooSmall);
  EXPECT_NE(st.message.find("t = "), std::string::npos) << st.message;
  EXPECT_NE(st.message.find("step"), std::string::npos) << st.message;
}

TEST(DynamicAnalysis, RejectsBadTimes)
{
  System system(a01Pendulum());
  DynamicOptions options;
  options.endTime = 0.0;
  ResultStore results;
  EXPECT_EQ(runDynamics(system, options, nullptr, results).code, StatusCode::BadInput);
}

}  // namespace
}  // namespace mbs::solver
