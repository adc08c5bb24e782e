// Assembly-branch changes in kinematic analysis (issue 29): a parallelogram four-bar driven
// through its flat position may leave the parallelogram for the crossed assembly; the run must
// say so (time and joints). Mechanisms that do not pass a singular position must not warn.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <sstream>

#include "mbs/solver/Analysis.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

using test::Polynomial;

// Ground pivots at x = 0 and x = ground; crank and rocker of length `crank` / `rocker`, coupler
// of length `coupler`; all revolutes about z; crank driven θ = θ0 + ω t. Bodies start assembled
// on the branch whose rocker angle is `rockerAngle`.
Model fourBar(double ground, double crank, double coupler, double rocker, double theta0, double rockerAngle,
              double omega)
{
  Model m;
  m.name = "four_bar";
  const Vec3 a(crank * std::cos(theta0), crank * std::sin(theta0), 0.0);
  const Vec3 d(ground, 0.0, 0.0);
  const Vec3 b = d + rocker * Vec3(std::cos(rockerAngle), std::sin(rockerAngle), 0.0);
  const double couplerAngle = std::atan2(b.y() - a.y(), b.x() - a.x());
  auto rotZ = [](double angle) { return Quat(Eigen::AngleAxisd(angle, Vec3::UnitZ())); };
  m.bodies.push_back(test::makeBody("crank", 0.2, {1e-5, 2e-4, 2e-4}, 0.5 * a, rotZ(theta0)));
  m.bodies.push_back(test::makeBody("coupler", 0.6, {1e-5, 5e-3, 5e-3}, 0.5 * (a + b), rotZ(couplerAngle)));
  m.bodies.push_back(test::makeBody("rocker", 0.2, {1e-5, 2e-4, 2e-4}, 0.5 * (b + d), rotZ(rockerAngle)));
  const int crankO = test::addMarker(m, "crank_O", 0, Vec3(-crank / 2, 0, 0));
  const int groundA = test::addMarker(m, "ground_A", kGround, Vec3::Zero());
  const int crankA = test::addMarker(m, "crank_A", 0, Vec3(crank / 2, 0, 0));
  const int couplerA = test::addMarker(m, "coupler_A", 1, Vec3(-coupler / 2, 0, 0));
  const int couplerB = test::addMarker(m, "coupler_B", 1, Vec3(coupler / 2, 0, 0));
  const int rockerB = test::addMarker(m, "rocker_B", 2, Vec3(rocker / 2, 0, 0));
  const int rockerD = test::addMarker(m, "rocker_D", 2, Vec3(-rocker / 2, 0, 0));
  const int groundD = test::addMarker(m, "ground_D", kGround, d);
  test::addJoint(m, "pivot_a", JointType::Revolute, crankO, groundA);
  test::addJoint(m, "pin_b", JointType::Revolute, couplerA, crankA);
  test::addJoint(m, "pin_c", JointType::Revolute, rockerB, couplerB);
  test::addJoint(m, "pivot_d", JointType::Revolute, rockerD, groundD);
  Motion drive;
  drive.name = "crank_drive";
  drive.iMarker = crankO;
  drive.jMarker = groundA;
  drive.displacement = std::make_shared<Polynomial>(theta0, omega);
  m.motions.push_back(drive);
  return m;
}

struct KinematicRun {
  Status status;
  std::vector<ResultFrame> frames;
};

KinematicRun runKinematic(const Model& model, double endTime, double outputStep,
                          Formulation formulation = Formulation::SI2)
{
  AnalysisSettings s;
  s.kind = AnalysisKind::Kinematic;
  s.formulation = formulation;
  s.endTime = endTime;
  s.outputStep = outputStep;
  ResultStore results;
  KinematicRun run;
  run.status = runAnalysis(model, s, nullptr, results).status;
  for (size_t k = 0; k < results.size(); ++k)
    run.frames.push_back(results.frame(k));
  return run;
}

std::vector<std::string> branchWarnings(const Status& status)
{
  std::vector<std::string> out;
  for (const std::string& w : status.warnings)
    if (w.find("changed assembly branch") != std::string::npos)
      out.push_back(w);
  return out;
}

// Angle of body b's x axis in the plane.
double angleOf(const ResultFrame& frame, int body)
{
  const Vec4 p = frame.state.q.segment<4>(7 * body + 3);
  const Quat quat(p[0], p[1], p[2], p[3]);
  const Vec3 x = quat.normalized() * Vec3::UnitX();
  return std::atan2(x.y(), x.x());
}

double wrapped(double angle)
{
  return std::remainder(angle, 2 * std::numbers::pi);
}

// Times of the frames where the run goes over from the parallelogram (rocker parallel to the
// crank) to the crossed assembly or back; frames at the flat position belong to both and are
// skipped.
std::vector<double> assemblyChanges(const std::vector<ResultFrame>& frames)
{
  std::vector<double> changes;
  int last = -1;  // 0 parallelogram, 1 crossed
  for (const ResultFrame& frame : frames) {
    if (std::abs(std::sin(angleOf(frame, 0))) < 1e-6)
      continue;
    const int assembly = std::abs(wrapped(angleOf(frame, 2) - angleOf(frame, 0))) > 1e-3 ? 1 : 0;
    if (last >= 0 && assembly != last)
      changes.push_back(frame.state.t);
    last = assembly;
  }
  return changes;
}

// The end of a warning's interval ("... and t = 0.76 s ...").
double warningEnd(const std::string& warning)
{
  const auto at = warning.find(" and t = ");
  return at == std::string::npos ? -1.0 : std::stod(warning.substr(at + 9));
}

TEST(BranchChange, ParallelogramStayingOnItsBranchThroughTheFlatPositionDoesNotWarn)
{
  // Crank = rocker = 0.1 m, coupler = ground = 0.3 m, from 90° at 2π rad/s: flat at t = 0.25 s,
  // an output time. The velocities at that very frame are not defined (Φ_q is singular) but the
  // run stays on the parallelogram: no change of branch to report.
  const Model m =
      fourBar(0.3, 0.1, 0.3, 0.1, std::numbers::pi / 2, std::numbers::pi / 2, 2 * std::numbers::pi);
  const KinematicRun run = runKinematic(m, 0.5, 0.01);
  ASSERT_TRUE(run.status.ok()) << run.status.message;
  ASSERT_TRUE(assemblyChanges(run.frames).empty());
  EXPECT_TRUE(branchWarnings(run.status).empty()) << branchWarnings(run.status).front();
}

TEST(BranchChange, EachChangeOfAssemblyAtTheFlatPositionIsReportedOnce)
{
  // Two crank turns (flat at 0.25, 0.75, 1.25, 1.75 s) with several output steps: each time a run
  // goes over between the parallelogram and the crossed assembly it says so once, with the time
  // and the joints; where it does not, it says nothing.
  const Model m =
      fourBar(0.3, 0.1, 0.3, 0.1, std::numbers::pi / 2, std::numbers::pi / 2, 2 * std::numbers::pi);
  int left = 0;
  for (Formulation f : {Formulation::SI2, Formulation::DMBS})
    for (double step : {0.01, 0.02, 0.05, 0.1}) {
      SCOPED_TRACE(std::string(toString(f)) + ", output step " + std::to_string(step));
      const KinematicRun run = runKinematic(m, 2.0, step, f);
      if (!run.status.ok()) {
        // DMBS stops at a singular joint-space Jacobian instead: an error, not a wrong answer.
        EXPECT_NE(run.status.message.find("singular"), std::string::npos) << run.status.message;
        continue;
      }
      const std::vector<double> changes = assemblyChanges(run.frames);
      const std::vector<std::string> warnings = branchWarnings(run.status);
      left += !changes.empty();
      ASSERT_EQ(warnings.size(), changes.size()) << (warnings.empty() ? "no warning" : warnings.front());
      for (std::size_t k = 0; k < changes.size(); ++k) {
        EXPECT_NE(warnings[k].find("pin_c"), std::string::npos) << warnings[k];
        EXPECT_NE(warnings[k].find("'rocker'"), std::string::npos) << warnings[k];
        // Reported at the first frame of the other assembly, or the next one when the frame
        // before it sits on the singular position.
        EXPECT_GE(warningEnd(warnings[k]), changes[k] - 1e-9) << warnings[k];
        EXPECT_LE(warningEnd(warnings[k]), changes[k] + step + 1e-9) << warnings[k];
      }
    }
  EXPECT_GT(left, 0) << "no run left the parallelogram: the warning was not tested";
}

TEST(BranchChange, CrankRockerAndSliderCrankDoNotWarn)
{
  // Grashof crank-rocker (ground 0.3, crank 0.1, coupler 0.35, rocker 0.3), two crank turns.
  const Model crankRocker =
      fourBar(0.3, 0.1, 0.35, 0.3, std::numbers::pi / 2, 1.6127688890867264 + 0.0, 2 * std::numbers::pi);
  for (double step : {0.01, 0.05}) {
    const KinematicRun run = runKinematic(crankRocker, 2.0, step);
    ASSERT_TRUE(run.status.ok()) << run.status.message;
    EXPECT_TRUE(branchWarnings(run.status).empty()) << branchWarnings(run.status).front();
  }
  const Model sliderCrank = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  for (Formulation f : {Formulation::SI2, Formulation::DMBS}) {
    const KinematicRun run = runKinematic(sliderCrank, 1.5, 0.01, f);
    ASSERT_TRUE(run.status.ok()) << run.status.message;
    EXPECT_TRUE(branchWarnings(run.status).empty()) << branchWarnings(run.status).front();
  }
}

}  // namespace
}  // namespace mbs::solver
