// Benchmark mechanisms from the multibody literature, read from Adams decks and run by the solver,
// compared with their published reference solutions.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/solver/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

struct PointHistory {
  std::vector<double> t, x, y;
};

// "t, x, y" rows after '#' comments.
PointHistory readHistory(const std::string& path)
{
  PointHistory h;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::istringstream row(line);
    double t, x, y;
    char comma;
    if (row >> t >> comma >> x >> comma >> y) {
      h.t.push_back(t);
      h.x.push_back(x);
      h.y.push_back(y);
    }
  }
  return h;
}

}  // namespace

// IFToMM A02, N-four-bar with N = 40: 81 bars, 121 revolute joints (3 redundant equations per loop
// in 3-D), passing through singular configurations every time the vertical bars lie on the ground.
// The position of B0 (top of the first vertical bar, twice its CM since the bar is uniform and
// pinned at the origin) follows ADAMS/Solver's over 10 s.
TEST(BenchmarkDeck, IftommA02NFourBarFollowsAdams)
{
  auto imported = importAdm(admPath("iftomm_A02_n_four_bar.adm"));
  for (const auto& e : imported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(imported.ok());
  auto compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  EXPECT_EQ(compiled.model.bodies.size(), 81u);
  EXPECT_EQ(compiled.model.joints.size(), 121u);
  const mbs::solver::System system(compiled.model);

  mbs::solver::DynamicOptions options;
  options.endTime = 10.0;
  options.outputStep = 0.05;
  options.integratorOptions.tolerance = 1e-6;
  options.integratorOptions.formulation = mbs::solver::Formulation::SI2;
  mbs::solver::ResultStore results;
  const auto status = mbs::solver::runDynamics(system, options, nullptr, results);
  ASSERT_TRUE(status.ok()) << status.message;

  const PointHistory adams =
      readHistory(std::string(MBS_SHARED_DIR) + "/refs/data/mbsbenchmark_udc/A02_B0_position.csv");
  const int bar = compiled.map.body(imported.model->findPart("vertical_0"));
  const auto times = results.times();
  ASSERT_EQ(times.size(), 201u);
  double worst = 0.0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    ASSERT_NEAR(adams.t[k], times[k], 1e-9);
    const auto p = results.frame(k).bodies[bar].position;
    worst = std::max({worst, std::abs(2.0 * p.x() - adams.x[k]), std::abs(2.0 * p.y() - adams.y[k])});
  }
  // The reference is printed to 6 digits; at tolerance 1e-6 the two solvers agree to ~3e-4 m.
  EXPECT_LT(worst, 1e-3);
}
