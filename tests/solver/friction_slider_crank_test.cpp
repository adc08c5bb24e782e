// A driven slider-crank in kinematic analysis with friction in the crank pivot, the crank pin
// and the slide: the motion is prescribed, so kinetic and potential energy histories are the
// same with and without friction, and the drive must supply exactly the friction dissipation on
// top: P_drive(with) − P_drive(without) = Σ P_friction at every instant, hence also for the
// integrals over the run.
#include <gtest/gtest.h>

#include "analysis/KinematicAnalysis.hpp"
#include "friction_TestModels.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {
namespace {

using namespace test;

constexpr double kR = 0.1, kL = 0.3, kOmega = 2.0 * std::numbers::pi;

struct PowerHistory {
  std::vector<double> t, drive, friction;
};

PowerHistory run(bool friction)
{
  Model model = sliderCrank(kR, kL, 0.2, kOmega);
  model.gravity = Vec3(0.0, -9.81, 0.0);  // loads the slide and the pins
  if (friction) {
    FrictionParameters pin = coulomb(0.2, 0.15, 1e-3);
    pin.pinRadius = 0.01;
    pin.halfLength = 0.02;
    FrictionParameters slide = coulomb(0.3, 0.25, 1e-3);
    slide.frictionArm = 0.05;
    slide.halfLength = 0.03;
    model.joints[0].friction = pin;  // crank_pivot
    model.joints[1].friction = pin;  // crank_pin
    model.joints[3].friction = slide;
  }
  const System system(std::move(model));
  std::vector<double> times;
  for (int k = 0; k <= 200; ++k)
    times.push_back(k * 0.005);  // one turn
  PowerHistory h;
  State state;
  const Status s = runKinematics(system, state, times, [&](const State& st) {
    const ResultFrame f = computeFrame(system, st);
    h.t.push_back(st.t);
    h.drive.push_back(f.motions[0].torque.z() * kOmega);  // the drive's torque on the crank
    double p = 0.0;
    for (const FrictionOutput& fr : f.friction)
      p += fr.power;
    h.friction.push_back(p);
    return Status::success();
  });
  EXPECT_TRUE(s.ok()) << s.message;
  return h;
}

TEST(FrictionSliderCrank, DriveSuppliesTheFrictionWork)
{
  const PowerHistory with = run(true), without = run(false);
  ASSERT_EQ(with.t.size(), 201u);
  ASSERT_EQ(without.t.size(), 201u);
  for (std::size_t k = 0; k < with.t.size(); ++k) {
    SCOPED_TRACE("t=" + std::to_string(with.t[k]));
    EXPECT_NEAR(with.drive[k] - without.drive[k], with.friction[k], 1e-8 * (1.0 + std::abs(with.drive[k])));
    EXPECT_GE(with.friction[k], -1e-12);
  }
  const double extraWork = trapezoid(with.t, with.drive) - trapezoid(without.t, without.drive);
  const double frictionWork = trapezoid(with.t, with.friction);
  EXPECT_GT(frictionWork, 0.05);  // a real effect: ~ μ·weights·paths
  EXPECT_NEAR(extraWork, frictionWork, 1e-8);
}

}  // namespace
}  // namespace mbs::solver
