// Conflicting versus redundant constraints from files (issue 29): two motions on one joint, or a
// motion on a joint a FIXED joint also locks, agree at t = 0 but not later; every analysis and
// formulation stops naming both. Identical motions and a planar four-bar of revolutes in 3-D are
// redundant: they run, with the redundancy warning.
#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::core {
namespace {

// An Adams/View-style deck: a link on a revolute to ground, driven by MOTION/1 and by `second`
// (statements after the joint), in IPS units with D angle suffixes.
std::string pendulumDeck(const std::string& second)
{
  return R"(ADAMS/View model name: two_drives
!
UNITS/
, FORCE = POUND_FORCE
, MASS = POUND_MASS
, LENGTH = INCH
, TIME = SECOND
!
PART/1, GROUND
MARKER/101, PART = 1
, QP = 0, 0, 0
, REULER = 0D, 0D, 0D
!
! adams_view_name='link'
PART/2, MASS = 2
, CM = 201, IP = 10, 10, 10
MARKER/201, PART = 2
, QP = 5, 0, 0
MARKER/202, PART = 2
, QP = 0, 0, 0
, REULER = 0D, 0D, 0D
!
! adams_view_name='hinge'
JOINT/1, REVOLUTE
, I = 202, J = 101
!
! adams_view_name='drive'
MOTION/1, JOINT = 1, ROTATION
, FUNCTION = 30D*TIME
)" + second +
         R"(
ACCGRAV/, JGRAV = -386.088
!
END
)";
}

solver::AnalysisOutcome runModel(const Model& model, solver::AnalysisKind kind,
                                 solver::Formulation formulation = solver::Formulation::SI2)
{
  const CompileResult compiled = compile(model);
  EXPECT_TRUE(compiled.ok);
  solver::AnalysisSettings settings = toSolverSettings(model.analysis);
  settings.kind = kind;
  settings.formulation = formulation;
  settings.endTime = 0.2;
  settings.outputStep = 0.02;
  solver::ResultStore results;
  return solver::runAnalysis(compiled.model, settings, nullptr, results);
}

Model importDeck(const std::string& text)
{
  const AdmImportResult imported = importAdmFromString(text, "two_drives.adm");
  EXPECT_TRUE(imported.ok()) << (imported.errors.empty() ? "" : imported.errors[0].toString());
  return imported.ok() ? *imported.model : Model();
}

void expectConflict(const solver::Status& status, const std::string& a, const std::string& b)
{
  ASSERT_FALSE(status.ok()) << "ran with warnings: "
                            << (status.warnings.empty() ? std::string("none") : status.warnings[0]);
  EXPECT_NE(status.message.find("conflicting constraints"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find(a), std::string::npos) << status.message;
  EXPECT_NE(status.message.find(b), std::string::npos) << status.message;
}

bool warnsRedundant(const solver::Status& status, const std::string& entity)
{
  for (const std::string& w : status.warnings)
    if (w.find(entity) != std::string::npos && w.find("redundant") != std::string::npos)
      return true;
  return false;
}

TEST(ConflictingConstraintsDeck, TwoMotionsOnOneJointConflictInEveryAnalysisAndFormulation)
{
  // 30°/s and 60°/s from the same 0 at t = 0.
  const Model model =
      importDeck(pendulumDeck("!\n! adams_view_name='drive_fast'\nMOTION/2, JOINT = 1, ROTATION\n"
                              ", FUNCTION = 60D*TIME\n"));
  using K = solver::AnalysisKind;
  for (K kind : {K::InitialConditions, K::Kinematic, K::Static, K::Dynamic, K::Linear}) {
    SCOPED_TRACE(solver::toString(kind));
    expectConflict(runModel(model, kind).status, "motion 'drive_fast'", "motion 'drive'");
  }
  for (solver::Formulation f : {solver::Formulation::I3, solver::Formulation::DMBS}) {
    SCOPED_TRACE(solver::toString(f));
    expectConflict(runModel(model, K::Dynamic, f).status, "motion 'drive_fast'", "motion 'drive'");
  }
}

TEST(ConflictingConstraintsDeck, MotionOnAJointAFixedJointLocksConflicts)
{
  const Model model =
      importDeck(pendulumDeck("!\n! adams_view_name='weld'\nJOINT/2, FIXED\n, I = 202, J = 101\n"));
  expectConflict(runModel(model, solver::AnalysisKind::Dynamic).status, "motion 'drive'",
                 "joint 'weld' (fixed)");
  expectConflict(runModel(model, solver::AnalysisKind::Kinematic, solver::Formulation::DMBS).status,
                 "motion 'drive'", "joint 'weld' (fixed)");
}

TEST(ConflictingConstraintsDeck, IdenticalMotionsAreRedundantAndRun)
{
  const Model model =
      importDeck(pendulumDeck("!\n! adams_view_name='drive_copy'\nMOTION/2, JOINT = 1, ROTATION\n"
                              ", FUNCTION = 30D*TIME\n"));
  for (solver::AnalysisKind kind : {solver::AnalysisKind::Kinematic, solver::AnalysisKind::Dynamic}) {
    const solver::AnalysisOutcome outcome = runModel(model, kind);
    ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
    EXPECT_TRUE(warnsRedundant(outcome.status, "drive_copy"));
  }
}

TEST(ConflictingConstraintsDeck, NativeFourBarWithASecondCrankMotion)
{
  // The bundled four-bar's crank turns at 2π rad/s (a velocity motion from 90°).
  auto loaded = loadModel(test::modelPath("four_bar"));
  ASSERT_TRUE(loaded.ok());
  Model base = *loaded.model;
  {
    // Planar four-bar of revolutes in 3-D: redundant out-of-plane equations, and it runs.
    const solver::AnalysisOutcome outcome = runModel(base, solver::AnalysisKind::Kinematic);
    ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
    EXPECT_TRUE(warnsRedundant(outcome.status, "joint_"));
  }
  for (const auto& [function, conflicting] : {std::pair{"2*PI", false}, std::pair{"3*PI", true}}) {
    SCOPED_TRACE(function);
    Model model = base;
    Motion second = model.motions().front();
    second.id = MotionId();
    second.name = "crank_drive_2";
    second.function = function;
    model.add(second);
    const solver::AnalysisOutcome outcome = runModel(model, solver::AnalysisKind::Kinematic);
    if (conflicting) {
      expectConflict(outcome.status, "motion 'crank_drive_2'", "motion 'crank_drive'");
    } else {
      ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
      EXPECT_TRUE(warnsRedundant(outcome.status, "crank_drive_2"));
    }
  }
}

}  // namespace
}  // namespace mbs::core
