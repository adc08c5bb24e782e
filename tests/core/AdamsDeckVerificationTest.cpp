// Chrono's Adams reference cases that ship as decks (tests/data/core/adm): imported with
// core::importAdm, compiled, run for 5 s and compared with the MSC Adams histories
// (/work/shared/refs/data/chrono_joints_adams) with Chrono's RMS acceptance tolerances (CASES.md).
// These go through the whole chain (deck parsing, units, markers, force elements, solver).
// Not yet here (open, 2026-11-22): Universal_Case03 does not assemble (the imported HOOKE joint's
// perpendicularity equation has residual 1: I/J axis convention of the import), and the
// TransSpring_Case01 / RotSpring_Case01 decks do not match their tables (the TransSpring deck is
// titled test_Distance_Case01, its body starts at (0, 2, 0) where the table starts at the origin).
#include <gtest/gtest.h>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/solver/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/System.hpp"
#include "solver/verification_AdamsReference.hpp"

using namespace mbs::core;
using namespace mbs::core::test;
namespace solver = mbs::solver;

namespace {

struct DeckCase {
  const char* name;    // e.g. "Revolute_Case02": deck test_<name>.adm
  const char* folder;  // reference folder
  const char* tables;  // tables <tables>_ADAMS_*.txt (Chrono spells TransSpring "TranSpring")
};

class AdamsDeckCases : public ::testing::TestWithParam<DeckCase> {};

TEST_P(AdamsDeckCases, MatchAdamsHistories)
{
  const DeckCase& c = GetParam();
  auto imported = importAdm(admPath(std::string("test_") + c.name + ".adm"));
  ASSERT_TRUE(imported.ok()) << c.name;
  CompileResult compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok) << c.name;
  ASSERT_EQ(compiled.model.bodies.size(), 1u) << c.name;  // one pendulum body
  const solver::System system(compiled.model);

  solver::DynamicOptions options;
  options.endTime = 5.0;
  options.outputStep = 0.01;
  options.integrator = solver::IntegratorType::Gstiff;
  options.integratorOptions.formulation = solver::Formulation::SI2;  // follows its tolerance
  options.integratorOptions.tolerance = 1e-7;
  solver::ResultStore results;
  const solver::Status st = solver::runDynamics(system, options, nullptr, results);
  ASSERT_TRUE(st.ok()) << st.message;
  ASSERT_EQ(results.size(), 501u);

  const std::string prefix = std::string(c.tables) + "_ADAMS_";
  const auto quatRef = solver::verification::loadAdamsTable(c.folder, prefix + "Quat.txt");
  ASSERT_EQ(quatRef.size(), 501u);
  std::vector<std::vector<double>> ours(3 * 4 + 4);
  for (size_t k = 0; k < results.size(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    const solver::BodyOutput& b = f.bodies[0];
    const solver::Vec3 values[] = {b.position, b.velocity, b.acceleration, b.angularVelocity};
    for (int v = 0; v < 4; ++v)
      for (int a = 0; a < 3; ++a)
        ours[3 * v + a].push_back(values[v][a]);
    solver::Quat q = b.orientation;
    const solver::Quat ref(quatRef[k][1], quatRef[k][2], quatRef[k][3], quatRef[k][4]);
    if (q.coeffs().dot(ref.coeffs()) < 0)
      q.coeffs() *= -1.0;
    for (int a = 0; a < 4; ++a)
      ours[12 + a].push_back(a == 0 ? q.w() : q.vec()[a - 1]);
  }
  // Chrono's utest tolerances: pos 1e-3, vel 1e-4, acc 2e-2, avel 1e-2, quat 1e-3.
  const struct {
    const char* what;
    int first, columns;
    double tol;
  } checks[] = {{"Pos", 0, 3, 1e-3},
                {"Vel", 3, 3, 1e-4},
                {"Acc", 6, 3, 2e-2},
                {"Avel", 9, 3, 1e-2},
                {"Quat", 12, 4, 1e-3}};
  for (const auto& check : checks) {
    const auto ref = solver::verification::loadAdamsTable(c.folder, prefix + check.what + ".txt");
    ASSERT_EQ(ref.size(), 501u) << check.what;
    for (int a = 0; a < check.columns; ++a) {
      const double rms = solver::verification::rmsError(ref, a + 1, ours[check.first + a]);
      EXPECT_LT(rms, check.tol) << c.name << " " << check.what << " column " << a + 1;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Chrono, AdamsDeckCases,
                         ::testing::Values(DeckCase{"Revolute_Case02", "revolute_joint", "Revolute_Case02"}),
                         [](const ::testing::TestParamInfo<DeckCase>& info) {
                           return std::string(info.param.name);
                         });

}  // namespace
