// Seed 000 §4.5.4's numerically stiff two-mass system (issue 34), bundled as
// resources/models/stiff_two_mass.mbs.json and written here as an Adams/View MMKS deck:
//   ground —k1, c1— mass1 —k2, c2— mass2 along z, m1 = m2 = 1 kg, k1 = 10 N/mm, c1 = 0.1 N·s/mm,
//   k2 = 1e6 N/mm, c2 = 1e5 N·s/mm, released at rest with spring 1 compressed 10 mm.
// Every stiff integrator against the modal solution x(t) = x_eq + V e^{Λt} V⁻¹ (x0 − x_eq) of the
// linear equations; RKF45 and ABAM must report the stiffness; the deck's INTEGRATOR/DSTIFF,
// CONSTANT_BDF and ABAM arguments as Adams/View writes them.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <cstdio>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kM = 1.0, kK1 = 1e4, kC1 = 100.0, kK2 = 1e9, kC2 = 1e8, kPreload = 0.01;  // SI

// Displacements (u1, u2) of the two masses from their start, by the modal solution.
Eigen::Vector2d modalDisplacement(double t)
{
  Eigen::Matrix4d A = Eigen::Matrix4d::Zero();
  A.block<2, 2>(0, 2).setIdentity();
  Eigen::Matrix2d K, C;
  K << kK1 + kK2, -kK2, -kK2, kK2;
  C << kC1 + kC2, -kC2, -kC2, kC2;
  A.block<2, 2>(2, 0) = -K / kM;
  A.block<2, 2>(2, 2) = -C / kM;
  // Equilibrium: both masses kPreload further out (spring 1 relaxed, spring 2 unchanged).
  const Eigen::Vector4d xEq(kPreload, kPreload, 0.0, 0.0);
  const Eigen::Vector4d x0 = Eigen::Vector4d::Zero();
  Eigen::EigenSolver<Eigen::Matrix4d> modes(A);
  const Eigen::Matrix4cd V = modes.eigenvectors();
  const Eigen::Vector4cd a = V.partialPivLu().solve((x0 - xEq).cast<std::complex<double>>());
  Eigen::Vector4cd x = Eigen::Vector4cd::Zero();
  for (int i = 0; i < 4; ++i)
    x += a[i] * std::exp(modes.eigenvalues()[i] * t) * V.col(i);
  return (xEq + x.real()).head<2>();
}

struct Counting : solver::ProgressMonitor {
  solver::StepInfo last;
  void onStep(const solver::StepInfo& info) override
  {
    if (info.phase == solver::Phase::Steps)
      last = info;
  }
};

struct TwoMassRun {
  solver::AnalysisOutcome outcome;
  solver::ResultStore results;
  Counting counts;
  double maxError = 0.0;  // largest |u − u_modal| of either mass over the output frames [m]
};

void runAndCompare(const Model& model, const solver::AnalysisSettings& settings, TwoMassRun& run)
{
  const CompileResult compiled = compile(model);
  ASSERT_TRUE(compiled.ok);
  run.outcome = solver::runAnalysis(compiled.model, settings, &run.counts, run.results);
  if (!run.outcome.status.ok())
    return;
  ASSERT_GT(run.results.size(), 2u);
  const double z10 = run.results.frame(0).bodies[0].position.z();
  const double z20 = run.results.frame(0).bodies[1].position.z();
  for (std::size_t i = 0; i < run.results.size(); ++i) {
    const auto& frame = run.results.frame(i);
    const Eigen::Vector2d u = modalDisplacement(frame.state.t);
    run.maxError = std::max({run.maxError, std::abs(frame.bodies[0].position.z() - z10 - u[0]),
                             std::abs(frame.bodies[1].position.z() - z20 - u[1])});
  }
}

Model bundledModel()
{
  const LoadResult loaded = loadModel(std::string(MBS_RESOURCES_DIR) + "/models/stiff_two_mass.mbs.json");
  EXPECT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors[0].toString());
  return loaded.ok() ? *loaded.model : Model{};
}

// The same system as Adams/View exports it (MMKS: stiffness in N/mm, damping in N·s/mm).
std::string adamsViewDeck(const std::string& integrator)
{
  return "\n"
         "!-------------------------------- SYSTEM UNITS ---------------------------------\n"
         "!\n"
         "UNITS/\n"
         ", FORCE = NEWTON\n"
         ", MASS = KILOGRAM\n"
         ", LENGTH = MILLIMETER\n"
         ", TIME = SECOND\n"
         "!\n"
         "!----------------------------------- PARTS -------------------------------------\n"
         "!\n"
         "! adams_view_name='ground'\n"
         "PART/1\n"
         ", GROUND\n"
         "!\n"
         "! adams_view_name='anchor'\n"
         "MARKER/101\n"
         ", PART = 1\n"
         "!\n"
         "! adams_view_name='mass1'\n"
         "PART/2\n"
         ", MASS = 1\n"
         ", CM = 201\n"
         ", IP = 100, 100, 100\n"
         "!\n"
         "! adams_view_name='mass1.cm'\n"
         "MARKER/201\n"
         ", PART = 2\n"
         ", QP = 0, 0, 100\n"
         ", REULER = 0D, 0D, 0D\n"
         "!\n"
         "! adams_view_name='mass2'\n"
         "PART/3\n"
         ", MASS = 1\n"
         ", CM = 301\n"
         ", IP = 100, 100, 100\n"
         "!\n"
         "! adams_view_name='mass2.cm'\n"
         "MARKER/301\n"
         ", PART = 3\n"
         ", QP = 0, 0, 200\n"
         "!\n"
         "!----------------------------------- JOINTS ------------------------------------\n"
         "!\n"
         "! adams_view_name='slide1'\n"
         "JOINT/1\n"
         ", TRANSLATIONAL\n"
         ", I = 201\n"
         ", J = 101\n"
         "!\n"
         "! adams_view_name='slide2'\n"
         "JOINT/2\n"
         ", TRANSLATIONAL\n"
         ", I = 301\n"
         ", J = 101\n"
         "!\n"
         "!----------------------------------- FORCES ------------------------------------\n"
         "!\n"
         "! adams_view_name='spring1'\n"
         "SPRINGDAMPER/1\n"
         ", TRANSLATION\n"
         ", I = 201\n"
         ", J = 101\n"
         ", K = 10\n"
         ", C = 0.1\n"
         ", LENGTH = 110\n"
         "!\n"
         "! adams_view_name='spring2'\n"
         "SPRINGDAMPER/2\n"
         ", TRANSLATION\n"
         ", I = 301\n"
         ", J = 201\n"
         ", K = 1.0E+06\n"
         ", C = 1.0E+05\n"
         ", LENGTH = 100\n"
         "!\n"
         "ACCGRAV/\n"
         ", IGRAVITY = 0.0\n"
         ", JGRAVITY = 0.0\n"
         ", KGRAVITY = 0.0\n"
         "!\n"
         "INTEGRATOR/\n"
         ", " +
         integrator +
         "\n"
         ", ERROR = 1.0E-03\n"
         "!\n"
         "END\n";
}

solver::AnalysisSettings stiffRun(const Model& model, solver::IntegratorType integrator,
                                  solver::Formulation formulation)
{
  solver::AnalysisSettings s = toSolverSettings(model.analysis);
  s.endTime = 0.3;  // three periods of the 11.25 Hz mode, damped to a few per cent
  s.outputStep = 0.001;
  s.tolerance = 1e-6;
  s.integrator = integrator;
  s.formulation = formulation;
  return s;
}

TEST(StiffTwoMass, ModalSolutionHasTheSeedsFrequencies)
{
  // Seed 000 §4.5.4: 11.25 Hz and 7117.6 Hz without damping (a check of the layout read from it).
  Eigen::Matrix2d K;
  K << kK1 + kK2, -kK2, -kK2, kK2;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> undamped(K / kM);
  EXPECT_NEAR(std::sqrt(undamped.eigenvalues()[0]) / (2 * M_PI), 11.25, 0.01);
  EXPECT_NEAR(std::sqrt(undamped.eigenvalues()[1]) / (2 * M_PI), 7117.6, 0.1);
  // Released from rest and settling at +10 mm.
  EXPECT_NEAR(modalDisplacement(0.0).norm(), 0.0, 1e-12);
  EXPECT_NEAR(modalDisplacement(5.0)[0], kPreload, 1e-9);
}

TEST(StiffTwoMass, EveryStiffIntegratorFollowsTheModalSolution)
{
  const Model model = bundledModel();
  using I = solver::IntegratorType;
  using F = solver::Formulation;
  struct Case {
    I integrator;
    F formulation;
    double maxStep;  // 0 = the output step
    double bound;    // [m] of 10 mm
  };
  for (const Case& c : {Case{I::Gstiff, F::SI2, 0.0, 2e-5}, Case{I::Wstiff, F::SI2, 0.0, 2e-5},
                        Case{I::Dstiff, F::I3, 0.0, 2e-5}, Case{I::Gstiff, F::I3, 0.0, 2e-5},
                        Case{I::ConstantBdf, F::SI2, 2.5e-4, 5e-5}, Case{I::ConstantBdf, F::I3, 2.5e-4, 5e-5},
                        Case{I::Hht, F::I3, 0.0, 2e-4}}) {
    solver::AnalysisSettings s = stiffRun(model, c.integrator, c.formulation);
    s.maxStep = c.maxStep;
    TwoMassRun run;
    runAndCompare(model, s, run);
    ASSERT_TRUE(run.outcome.status.ok()) << toString(c.integrator) << ": " << run.outcome.status.message;
    std::printf(
        "[two-mass] %-12s %-3s steps %5ld rejected %4ld Jacobians %4ld factorizations %5ld "
        "max error %.3e m\n",
        toString(c.integrator), toString(c.formulation), run.counts.last.steps, run.counts.last.rejectedSteps,
        run.counts.last.jacobianEvaluations, run.counts.last.factorizations, run.maxError);
    EXPECT_LT(run.maxError, c.bound) << toString(c.integrator) << " " << toString(c.formulation);
    if (c.integrator == I::ConstantBdf)  // one step of HMAX all the run, none rejected
      EXPECT_EQ(run.counts.last.steps, std::lround(s.endTime / c.maxStep)) << toString(c.formulation);
    else  // a stiff integrator is not held at the 5e-9 s stability limit of the fast mode
      EXPECT_LT(run.counts.last.steps, 5000) << toString(c.integrator);
  }
}

TEST(StiffTwoMass, ExplicitIntegratorsReportTheStiffness)
{
  const Model model = bundledModel();
  for (solver::IntegratorType type : {solver::IntegratorType::Rkf45, solver::IntegratorType::Abam}) {
    solver::AnalysisSettings s = stiffRun(model, type, solver::Formulation::SI2);
    s.maxSteps = 20000;
    TwoMassRun run;
    runAndCompare(model, s, run);
    ASSERT_FALSE(run.outcome.status.ok()) << toString(type);
    EXPECT_EQ(run.outcome.status.code, solver::StatusCode::ResourceLimit) << toString(type);
    EXPECT_NE(run.outcome.status.message.find("stiffness detected"), std::string::npos)
        << run.outcome.status.message;
    EXPECT_NE(run.outcome.status.message.find("GSTIFF"), std::string::npos) << run.outcome.status.message;
    // Held near the stability limit of the damped fast mode (eigenvalue −2e8 1/s).
    std::printf("[two-mass] %s stopped at t = %.3e s, step %.3e s\n", toString(type), run.outcome.status.time,
                run.counts.last.stepSize);
    EXPECT_LT(run.counts.last.stepSize, 1e-7) << toString(type);
  }
}

TEST(StiffTwoMass, AdamsViewDeckSelectsDstiffConstantBdfAndAbam)
{
  {
    const auto r = importAdmFromString(adamsViewDeck("DSTIFF"), "two_mass.adm");
    ASSERT_TRUE(r.ok()) << r.errors[0].toString();
    EXPECT_EQ(r.model->analysis.integrator, Integrator::Dstiff);
    EXPECT_EQ(r.model->analysis.formulation, Formulation::I3);
    EXPECT_TRUE(r.warnings.empty()) << r.warnings[0].toString();
    EXPECT_NEAR(r.model->analysis.errorTolerance, 1e-6, 1e-18);  // ERROR in mm
    // The deck's own run, in its MMKS units, against the modal solution.
    TwoMassRun run;
    runAndCompare(*r.model, stiffRun(*r.model, solver::IntegratorType::Dstiff, solver::Formulation::I3), run);
    ASSERT_TRUE(run.outcome.status.ok()) << run.outcome.status.message;
    EXPECT_LT(run.maxError, 2e-5);
  }
  {
    const auto r =
        importAdmFromString(adamsViewDeck("CONSTANT_BDF\n, SI2\n, HMAX = 2.5E-04"), "two_mass.adm");
    ASSERT_TRUE(r.ok()) << r.errors[0].toString();
    EXPECT_EQ(r.model->analysis.integrator, Integrator::ConstantBdf);
    EXPECT_EQ(r.model->analysis.formulation, Formulation::SI2);
    EXPECT_TRUE(r.warnings.empty()) << r.warnings[0].toString();
    EXPECT_DOUBLE_EQ(r.model->analysis.maxStepSize, 2.5e-4);
  }
  {
    const auto r = importAdmFromString(adamsViewDeck("ABAM"), "two_mass.adm");
    ASSERT_TRUE(r.ok()) << r.errors[0].toString();
    EXPECT_EQ(r.model->analysis.integrator, Integrator::Abam);
    EXPECT_TRUE(r.warnings.empty()) << r.warnings[0].toString();
  }
  {
    // DSTIFF is I3 only in Adams: with SI2 the statement is refused, naming the reason.
    const auto r = importAdmFromString(adamsViewDeck("DSTIFF\n, SI2"), "two_mass.adm");
    ASSERT_FALSE(r.ok());
    EXPECT_NE(r.errors.front().toString().find("DSTIFF is an I3 integrator"), std::string::npos)
        << r.errors.front().toString();
  }
}

}  // namespace
