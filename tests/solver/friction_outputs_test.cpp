// Friction outputs outside the dynamic run: static equilibrium (no sliding, so no friction force,
// only the normal forces), the CSV columns after the mandatory mbsolve columns, and diagnostics
// for unusable friction parameters.
#include <gtest/gtest.h>

#include <sstream>

#include "analysis/StaticAnalysis.hpp"
#include "friction_TestModels.hpp"
#include "mbs/solver/ResultCsv.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {
namespace {

using namespace test;

TEST(FrictionOutputs, StaticEquilibriumReportsTheNormalForceAndStick)
{
  // The seed pendulum at rest hangs straight down; the pin carries its weight.
  Model model = seedPendulum();
  model.bodies[0].velocity = Vec3::Zero();
  model.bodies[0].velocityExact = {false, false, false};
  model.bodies[0].positionExact = {false, false, false};
  model.bodies[0].orientationExact = false;
  const System system(std::move(model));
  State state;
  state.q = system.initialPositions();
  state.qd = Vec::Zero(system.numCoordinates());
  const Status st = solveStatics(system, state);
  ASSERT_TRUE(st.ok()) << st.message;
  const ResultFrame f = computeFrame(system, state);
  ASSERT_EQ(f.friction.size(), 1u);
  const double weight = SeedPendulum::mass() * SeedPendulum::g;
  EXPECT_NEAR(f.bodies[0].position.y(), -0.5, 1e-8);
  EXPECT_NEAR(f.friction[0].normalForce, weight, 1e-6 * weight);
  EXPECT_TRUE(f.friction[0].stick);
  EXPECT_NEAR(f.friction[0].force.norm() + f.friction[0].torque.norm(), 0.0, 1e-12);
  EXPECT_NEAR(f.friction[0].power, 0.0, 1e-12);
}

TEST(FrictionOutputs, CsvAddsFrictionColumnsAfterTheMandatoryOnes)
{
  Model model = seedPendulum();
  const int i = addMarker(model, "bar.tip", 0, Vec3(0.5, 0, 0));
  const int j = addMarker(model, "ground.tip", kGround, Vec3(1.0, 0, 0));
  addJoint(model, "tip", JointType::Inplane, i, j);  // a joint without friction: no extra columns
  const System system(model);
  const ResultLayout layout = ResultLayout::fromModel(system.model());
  ASSERT_EQ(layout.frictionJoints, std::vector<std::string>{"pin"});
  const std::string header = resultCsvHeader(layout);
  const std::string mandatory =
      ",pin.fx,pin.fy,pin.fz,pin.tx,pin.ty,pin.tz,tip.fx,tip.fy,tip.fz,tip.tx,tip.ty,tip.tz";
  const std::string friction = ",pin.ffx,pin.ffy,pin.ffz,pin.ftx,pin.fty,pin.ftz,pin.stick,pin.fn,pin.power";
  EXPECT_NE(header.find(mandatory + friction), std::string::npos) << header;
  EXPECT_EQ(header.size() - header.rfind(friction), friction.size());  // friction columns come last
  EXPECT_EQ(header.find("tip.ff"), std::string::npos);

  ResultStore store;
  store.reset(layout);
  State state;
  state.t = 0.0;
  state.q = system.initialPositions();
  state.qd = system.initialVelocities();
  state.qdd = Vec::Zero(system.numCoordinates());
  state.lambda = Vec::Zero(system.numConstraints());
  store.append(computeFrame(system, state));
  std::ostringstream out;
  writeResultCsv(store, out);
  std::istringstream lines(out.str());
  std::string head, row;
  std::getline(lines, head);
  std::getline(lines, row);
  const auto count = [](const std::string& s, char c) { return std::count(s.begin(), s.end(), c); };
  EXPECT_EQ(count(head, ','), count(row, ','));
  // With λ = 0 there is no normal force: the sliding bar has zero friction but slides (no stick).
  std::vector<double> values;
  std::istringstream fields(row);
  for (std::string v; std::getline(fields, v, ',');)
    values.push_back(std::stod(v));
  ASSERT_GE(values.size(), 9u);
  for (std::size_t k = values.size() - 9; k < values.size(); ++k)
    EXPECT_EQ(values[k], 0.0) << row;
}

TEST(FrictionOutputs, UnusableParametersNameTheJoint)
{
  Model model = seedPendulum();
  model.joints[0].friction->pinRadius = 0.0;
  Status st = System::validate(model);
  EXPECT_FALSE(st.ok());
  EXPECT_EQ(st.entity, "pin");
  EXPECT_NE(st.message.find("PIN_RADIUS"), std::string::npos) << st.message;
  model = seedPendulum();
  model.joints[0].type = JointType::Fixed;
  st = System::validate(model);
  EXPECT_FALSE(st.ok());
  EXPECT_NE(st.message.find("not available for a"), std::string::npos) << st.message;
  model = seedPendulum();
  model.joints[0].friction->stictionTransitionVelocity = 0.0;
  EXPECT_FALSE(System::validate(model).ok());
  // μ = 0 means no friction: nothing to check, no friction outputs or columns.
  model = seedPendulum();
  *model.joints[0].friction = FrictionParameters{};
  ASSERT_TRUE(System::validate(model).ok());
  EXPECT_TRUE(System(model).frictionJoints().empty());
  EXPECT_TRUE(ResultLayout::fromModel(model).frictionJoints.empty());
}

TEST(FrictionOutputs, ReactionForceJacobiansMatchDifferences)
{
  // ∂Q_λ/∂λ and ∂Q_λ/∂q̇ of the System against central differences of reactionForces, on the seed
  // pendulum while it slides and swings (cylindrical joint, bending moment present).
  const System system(seedPendulum());
  const auto frames = runFor(system, IntegratorType::Gstiff, 0.3, 0.3);
  const State& s = frames.back().state;
  SparseMat dl, dv;
  system.reactionForceJacobians(s.t, s.q, s.qd, s.lambda, dl, dv);
  const Mat numL = numericJacobian(
      [&](const Vec& l) {
        Vec q;
        system.reactionForces(s.t, s.q, s.qd, l, q);
        return q;
      },
      s.lambda, 1e-4);
  const Mat numV = numericJacobian(
      [&](const Vec& v) {
        Vec q;
        system.reactionForces(s.t, s.q, v, s.lambda, q);
        return q;
      },
      s.qd, 1e-7);
  EXPECT_GT(numL.norm(), 1e-3);
  EXPECT_LT((Mat(dl) - numL).norm(), 1e-5 * numL.norm());
  EXPECT_LT((Mat(dv) - numV).norm(), 1e-5 * numV.norm());
}

}  // namespace
}  // namespace mbs::solver
