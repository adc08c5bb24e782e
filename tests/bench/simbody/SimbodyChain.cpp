#include "SimbodyChain.hpp"

#include <SimTKsimbody.h>
#include <time.h>

namespace mbs::bench {
namespace {

// CPU time of the calling thread [s] (as bench::ThreadCpuClock, which needs mbstudio's headers).
double threadCpuSeconds()
{
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

// The same chain as bench::pendulumChain: unit rods along x, mass 1, inertia (0.001, 0.084, 0.084)
// about the centre, ball joints at the rod ends, first joint at the origin, gravity −z, at rest.
SimbodyRun simbodyChain(int n, double endTime, double accuracy)
{
  using namespace SimTK;
  MultibodySystem system;
  SimbodyMatterSubsystem matter(system);
  GeneralForceSubsystem forces(system);
  Force::UniformGravity gravity(forces, matter, Vec3(0, 0, -9.81));
  const Body::Rigid rod(MassProperties(1.0, Vec3(0), Inertia(0.001, 0.084, 0.084)));
  MobilizedBody parent = matter.Ground();
  for (int k = 0; k < n; ++k) {
    const Vec3 onParent = k == 0 ? Vec3(0) : Vec3(0.5, 0, 0);
    MobilizedBody::Ball link(parent, Transform(onParent), rod, Transform(Vec3(-0.5, 0, 0)));
    parent = link;
  }
  SimbodyRun run;
  const double t0 = threadCpuSeconds();
  State state = system.realizeTopology();
  RungeKuttaMersonIntegrator integrator(system);
  integrator.setAccuracy(accuracy);
  TimeStepper stepper(system, integrator);
  stepper.initialize(state);
  stepper.stepTo(endTime);
  const State& end = integrator.getState();
  system.realize(end, Stage::Position);
  const Vec3 tip = parent.findStationLocationInGround(end, Vec3(0.5, 0, 0));
  run.cpu = threadCpuSeconds() - t0;
  for (int k = 0; k < 3; ++k)
    run.tip[k] = tip[k];
  run.steps = integrator.getNumStepsTaken();
  run.rejected = integrator.getNumErrorTestFailures();
  return run;
}

}  // namespace mbs::bench
