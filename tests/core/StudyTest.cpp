// Design studies: the study file, its designs, responses and the work directory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "TestUtil.hpp"
#include "mbs/core/StudyFiles.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

std::string studyText(const std::string& design, const std::string& variables, const std::string& extra = "")
{
  return R"({"format": "mbstudio-study", "version": 1, "model": ")" + modelPath("pendulum") +
         R"(", "design": )" + design + R"(, "variables": )" + variables +
         R"(, "responses": [{"name": "peak", "column": "pivot_joint.fy", "statistic": "max_abs"}])" + extra +
         "}";
}

const char* kBindL =
    R"("bind": [{"entity": "bob", "field": "/position/0"}, {"entity": "bob_pivot", "field": "/position/0"}])";

bool mentions(const Diagnostics& d, const std::string& field, const std::string& text)
{
  for (const auto& e : d)
    if (e.field == field && e.reason.find(text) != std::string::npos)
      return true;
  return false;
}

}  // namespace

TEST(Study, FullFactorialVariesTheLastVariableFastest)
{
  auto s = studyFromString(studyText(R"("full_factorial")", R"([{"name": "a", "values": [1, 2]},
      {"name": "b", "range": {"from": 0, "to": 1, "count": 3}}])"),
                           "s.json");
  ASSERT_TRUE(s.ok()) << s.errors.front().toString();
  const auto runs = s.study->runs();
  ASSERT_EQ(runs.size(), 6u);
  EXPECT_EQ(runs[0], (std::vector<double>{1, 0}));
  EXPECT_EQ(runs[1], (std::vector<double>{1, 0.5}));
  EXPECT_EQ(runs[5], (std::vector<double>{2, 1}));
}

TEST(Study, ListDesignPairsValuesAndNeedsEqualLengths)
{
  auto s = studyFromString(
      studyText(R"("list")", R"([{"name": "a", "values": [1, 2]}, {"name": "b", "values": [3, 4]}])"),
      "s.json");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s.study->runs(), (std::vector<std::vector<double>>{{1, 3}, {2, 4}}));
  s = studyFromString(
      studyText(R"("list")", R"([{"name": "a", "values": [1, 2]}, {"name": "b", "values": [3]}])"), "s.json");
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(mentions(s.errors, "/variables/1", "a list design needs as many values"));
}

TEST(Study, LatinHypercubeUsesEveryStratumOnceAndRepeatsWithItsSeed)
{
  const auto text = studyText(R"({"type": "latin_hypercube", "samples": 10, "seed": 7})",
                              R"([{"name": "a", "min": 0, "max": 1}, {"name": "b", "min": -5, "max": 5}])");
  auto s = studyFromString(text, "s.json");
  ASSERT_TRUE(s.ok()) << s.errors.front().toString();
  const auto runs = s.study->runs();
  ASSERT_EQ(runs.size(), 10u);
  for (std::size_t k = 0; k < 2; ++k) {
    const double lo = k == 0 ? 0.0 : -5.0, width = k == 0 ? 0.1 : 1.0;
    std::vector<int> strata;
    for (const auto& run : runs)
      strata.push_back(int(std::floor((run[k] - lo) / width)));
    std::sort(strata.begin(), strata.end());
    for (int i = 0; i < 10; ++i)
      EXPECT_EQ(strata[std::size_t(i)], i) << "variable " << k;
  }
  EXPECT_EQ(studyFromString(text, "s.json").study->runs(), runs);  // same seed, same design
  auto other =
      studyFromString(studyText(R"({"type": "latin_hypercube", "samples": 10, "seed": 8})",
                                R"([{"name": "a", "min": 0, "max": 1}, {"name": "b", "min": -5, "max": 5}])"),
                      "s.json");
  EXPECT_NE(other.study->runs(), runs);
}

TEST(Study, BadStudyFilesNameTheField)
{
  auto s = studyFromString(R"({"format": "mbstudio-study", "version": 1})", "s.json");
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(mentions(s.errors, "/model", "missing field"));
  EXPECT_TRUE(mentions(s.errors, "/variables", "missing field"));
  s = studyFromString(studyText(R"("random")", R"([{"name": "a", "values": [1]}])"), "s.json");
  EXPECT_TRUE(mentions(s.errors, "/design", "unknown design 'random'"));
  s = studyFromString(studyText(R"("list")", R"([{"name": "a", "values": []}])"), "s.json");
  EXPECT_TRUE(mentions(s.errors, "/variables/0/values", "non-empty array"));
  s = studyFromString(
      studyText(R"({"type": "latin_hypercube", "samples": 4})", R"([{"name": "a", "min": 2, "max": 1}])"),
      "s.json");
  EXPECT_TRUE(mentions(s.errors, "/variables/0/max", "greater than min"));
  s = studyFromString(studyText(R"("list")", R"([{"name": "a", "values": [1], "valuez": 2}])"), "s.json");
  EXPECT_TRUE(mentions(s.errors, "/variables/0/valuez", "unknown field"));
  s = studyFromString(
      studyText(R"("list")", R"([{"name": "a", "values": [1]}])", R"(, "slurm": {"runs_per_task": 0})"),
      "s.json");
  EXPECT_TRUE(mentions(s.errors, "/slurm/runs_per_task", ">= 1"));
  s = studyFromString("{\"format\": \"mbstudio-study\",\n \"version\": 1,,}", "s.json");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.errors.front().line, 2);
}

TEST(Study, PlanChecksVariablesAndResponseColumnsAgainstTheModel)
{
  Diagnostics errors;
  auto s = studyFromString(studyText(R"("list")", R"([{"name": "L", "values": [1]}])"), "s.json");
  ASSERT_TRUE(s.ok());
  EXPECT_FALSE(StudyPlan::prepare(*s.study, errors));
  EXPECT_TRUE(mentions(errors, "/variables/0/name", "the model has no parameter of that name"));

  errors.clear();
  s = studyFromString(studyText(R"("list")", std::string(R"([{"name": "L", "values": [1], )") + kBindL + "}]",
                                R"(, "analysis": {"end_time": 0.5})"),
                      "s.json");
  ASSERT_TRUE(s.ok()) << s.errors.front().toString();
  s.study->responses[0].column = "pivot_joint.fq";
  EXPECT_FALSE(StudyPlan::prepare(*s.study, errors));
  EXPECT_TRUE(mentions(errors, "/responses/0/column", "pivot_joint.fx, pivot_joint.fy"));

  errors.clear();
  s.study->responses[0].column = "pivot_joint.fy";
  s.study->responses[0].statistic = ResponseStatistic::AtTime;
  s.study->responses[0].time = 2.0;
  EXPECT_FALSE(StudyPlan::prepare(*s.study, errors));
  EXPECT_TRUE(mentions(errors, "/responses/0/time", "outside the analysis"));
}

TEST(Study, ResponsesAreStatisticsOfTheColumnAsWritten)
{
  // A point mass on a 1 m pendulum released from the horizontal: at the bottom the joint carries
  // 3 m g (energy: v^2 = 2 g L, tension = m g + m v^2 / L).
  auto s = studyFromString(
      studyText(R"("list")", std::string(R"([{"name": "L", "values": [1, 0.25], )") + kBindL + "}]",
                R"(, "analysis": {"end_time": 1.2, "output_steps": 1200, "error_tolerance": 1e-7})"),
      "s.json");
  ASSERT_TRUE(s.ok());
  s.study->responses.push_back({"v_end", "bob.vy", ResponseStatistic::Final, 0.0});
  s.study->responses.push_back({"y_at", "bob.y", ResponseStatistic::AtTime, 0.0005});
  s.study->responses.push_back({"y_rms", "bob.y", ResponseStatistic::Rms, 0.0});
  Diagnostics errors;
  const auto plan = StudyPlan::prepare(*s.study, errors);
  ASSERT_TRUE(plan) << errors.front().toString();
  const auto tmp = std::filesystem::temp_directory_path() / "mbs_study_test.csv";
  const StudyRunOutcome run = plan->run(0, tmp.string());
  ASSERT_TRUE(run.ok) << run.message;
  EXPECT_NEAR(run.responses[0], 3 * 9.81, 3 * 9.81 * 2e-3);
  // at_time interpolates linearly between the written samples at 0 and 1 ms.
  std::ifstream csv(tmp);
  std::string header, row0, row1;
  std::getline(csv, header);
  std::getline(csv, row0);
  std::getline(csv, row1);
  auto cell = [&](const std::string& row, const std::string& column) {
    std::stringstream h(header), r(row);
    for (std::string name, value; std::getline(h, name, ',') && std::getline(r, value, ',');)
      if (name == column)
        return std::stod(value);
    return std::nan("");
  };
  EXPECT_DOUBLE_EQ(run.responses[2], 0.5 * (cell(row0, "bob.y") + cell(row1, "bob.y")));
  EXPECT_NEAR(run.responses[2], -0.5 * 9.81 * 0.0005 * 0.001, 1e-7);  // y = -g t^2 / 2 at the start
  std::ifstream all(tmp);
  std::string last;
  for (std::string line; std::getline(all, line);)
    last = line;
  EXPECT_DOUBLE_EQ(run.responses[1], cell(last, "bob.vy"));  // final: the last row
  const StudyRunOutcome shorter = plan->run(1, "");
  ASSERT_TRUE(shorter.ok);
  EXPECT_NEAR(shorter.responses[0], 3 * 9.81, 3 * 9.81 * 2e-3);  // independent of the length
  EXPECT_EQ(shorter.variables, std::vector<double>{0.25});
  std::filesystem::remove(tmp);
}

TEST(Study, WorkDirectoryKeepsOutcomesAndRefusesAnotherStudy)
{
  auto s = studyFromString(
      studyText(R"("list")",
                std::string(R"([{"name": "L", "values": [1, 2]}, )") +
                    R"({"name": "m0", "values": [1, 2], "bind": [{"entity": "bob", "field": "/mass"}]}])",
                R"(, "analysis": {"end_time": 0.1})"),
      "s.json");
  ASSERT_TRUE(s.ok());
  s.study->variables[0].bindings = {{"bob", "/position/0"}, {"bob_pivot", "/position/0"}};
  Diagnostics errors;
  const auto plan = StudyPlan::prepare(*s.study, errors);
  ASSERT_TRUE(plan);
  const auto dir = std::filesystem::temp_directory_path() / "mbs_study_workdir_test";
  std::filesystem::remove_all(dir);
  std::string error;
  auto wd = StudyWorkdir::open(dir.string(), *plan, error);
  ASSERT_TRUE(wd) << error;
  EXPECT_EQ(wd->pending(), (std::vector<std::size_t>{0, 1}));
  StudyRunOutcome failed;
  failed.index = 1;
  failed.variables = {2, 2};
  failed.responses = {std::nan("")};
  failed.message = "it broke, badly";
  ASSERT_TRUE(wd->writeOutcome(failed));
  EXPECT_EQ(wd->pending(), (std::vector<std::size_t>{0}));
  ASSERT_TRUE(wd->writeSummary(error));
  const auto summary = studySummaryCsv(plan->study(), plan->runs(), {std::nullopt, wd->readOutcome(1)});
  EXPECT_EQ(summary, "run,L,m0,peak,status,message\n1,1,1,,pending,\n2,2,2,,failed,\"it broke, badly\"\n");

  // The same directory for a study with other values is refused.
  Study other = *s.study;
  other.variables[1].values = {1, 3};
  const auto otherPlan = StudyPlan::prepare(other, errors);
  ASSERT_TRUE(otherPlan);
  EXPECT_FALSE(StudyWorkdir::open(dir.string(), *otherPlan, error));
  EXPECT_NE(error.find("different study"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Study, SlurmScriptCarriesTheResources)
{
  auto s = studyFromString(studyText(R"("list")", R"([{"name": "a", "values": [1]}])",
                                     R"(, "slurm": {"partition": "short", "time": "00:05:00", "mem": "1G",
                                        "cpus_per_task": 2, "runs_per_task": 3, "sbatch_options": ["--qos=low"]})"),
                           "/x/s.json");
  ASSERT_TRUE(s.ok()) << s.errors.front().toString();
  std::string error;
  const std::string script =
      slurmScript(*s.study, "/opt/mbs/bin/mbsolve", "/w/dir", "/w/dir/slurm/pending_1.txt", 4, error).value();
  for (const char* line :
       {"#SBATCH --array=0-3\n", "#SBATCH --cpus-per-task=2\n", "#SBATCH --time=00:05:00\n",
        "#SBATCH --mem=1G\n", "#SBATCH --partition=short\n", "#SBATCH --qos=low\n",
        "exec '/opt/mbs/bin/mbsolve' study '/x/s.json' --workdir '/w/dir' --slurm-list "
        "'/w/dir/slurm/pending_1.txt' --slurm-task \"$SLURM_ARRAY_TASK_ID\"\n"})
    EXPECT_NE(script.find(line), std::string::npos) << line << " in\n" << script;
}

TEST(Study, WrittenStudyReadsBackTheSame)
{
  const std::pair<const char*, const char*> designs[] = {
      {R"("full_factorial")",
       R"([{"name": "L", "values": [1, 2], "bind": [{"entity": "bob", "field": "/mass"}]}])"},
      {R"({"type": "latin_hypercube", "samples": 5, "seed": 3})", R"([{"name": "L", "min": 1, "max": 2}])"}};
  for (const auto& [design, variables] : designs) {
    auto s = studyFromString(studyText(design, variables,
                                       R"(, "analysis": {"end_time": 0.5, "derived": true},
                                          "slurm": {"mem": "1G", "runs_per_task": 2})"),
                             "s.json");
    ASSERT_TRUE(s.ok()) << s.errors.front().toString();
    s.study->responses.push_back({"y_at", "bob.y", ResponseStatistic::AtTime, 0.25});
    const std::string text = studyToString(*s.study, modelPath("pendulum"));
    auto back = studyFromString(text, "s.json");
    ASSERT_TRUE(back.ok()) << back.errors.front().toString() << "\n" << text;
    EXPECT_EQ(back.study->runs(), s.study->runs());
    EXPECT_EQ(back.study->modelPath, s.study->modelPath);
    EXPECT_EQ(back.study->variables[0].bindings.size(), s.study->variables[0].bindings.size());
    EXPECT_EQ(back.study->analysis.endTime, 0.5);
    EXPECT_TRUE(back.study->analysis.derived);
    EXPECT_EQ(back.study->slurm.memory, "1G");
    ASSERT_EQ(back.study->responses.size(), 2u);
    EXPECT_EQ(back.study->responses[1].time, 0.25);
    EXPECT_EQ(studyToString(*back.study, modelPath("pendulum")), text);
  }
}
