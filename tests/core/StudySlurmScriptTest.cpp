// Issue 29: the Slurm job script and the sbatch command of `mbsolve study --slurm` run nothing a
// path says: a quote, $(...), a backtick or a ; stays inside its single quotes; a line break (which
// would start a command line of the script) or a NUL is refused, naming the value.
#include <gtest/gtest.h>

#include <sstream>

#include "TestUtil.hpp"
#include "mbs/core/StudyFiles.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

namespace {

StudyLoad hostileStudy(const std::string& file)
{
  return studyFromString(R"({"format": "mbstudio-study", "version": 1, "model": ")" + modelPath("pendulum") +
                             R"(", "design": "list", "variables": [{"name": "a", "values": [1]}],
                             "responses": [{"name": "peak", "column": "pivot_joint.fy", "statistic": "max_abs"}]})",
                         file);
}

}  // namespace

TEST(StudySlurmScript, QuotesHostilePaths)
{
  auto s = hostileStudy("/x/it's $(touch pwned) `id`; s.json");
  ASSERT_TRUE(s.ok()) << s.errors.front().toString();
  std::string error;
  const auto script =
      slurmScript(*s.study, "/opt/mbs/bin/mbsolve", "/w/a'; touch /tmp/pwned; '", "/w/list.txt", 1, error);
  ASSERT_TRUE(script) << error;
  const std::string exec = R"(exec '/opt/mbs/bin/mbsolve' study '/x/it'\''s $(touch pwned) `id`; s.json' )"
                           R"(--workdir '/w/a'\''; touch /tmp/pwned; '\''' --slurm-list '/w/list.txt' )"
                           R"(--slurm-task "$SLURM_ARRAY_TASK_ID")";
  EXPECT_NE(script->find(exec + "\n"), std::string::npos) << *script;
  // Every line but the exec line is a comment or a directive: nothing else runs.
  std::istringstream lines(*script);
  int commands = 0;
  for (std::string line; std::getline(lines, line);)
    commands += !line.empty() && line[0] != '#';
  EXPECT_EQ(commands, 1) << *script;
}

TEST(StudySlurmScript, RefusesLineBreaksAndNul)
{
  auto s = hostileStudy("/x/s.json");
  ASSERT_TRUE(s.ok()) << s.errors.front().toString();
  std::string error;
  for (const std::string& bad :
       {std::string("/w/dir\ntouch /tmp/pwned"), std::string("/w/dir\rx"), std::string("/w/dir\0x", 8)}) {
    error.clear();
    EXPECT_FALSE(slurmScript(*s.study, "/opt/mbs/bin/mbsolve", bad, "/w/list.txt", 1, error));
    EXPECT_NE(error.find("the work directory '/w/dir...' contains a"), std::string::npos) << error;
  }
  auto newlineFile = hostileStudy("/x/s\necho pwned.json");
  ASSERT_TRUE(newlineFile.ok());
  EXPECT_FALSE(slurmScript(*newlineFile.study, "/opt/mbs/bin/mbsolve", "/w", "/w/list.txt", 1, error));
  EXPECT_NE(error.find("the study file '/x/s...' contains a line break"), std::string::npos) << error;
  s.study->slurm.account = "acct\r#SBATCH --wrap=id";
  EXPECT_FALSE(slurmScript(*s.study, "/opt/mbs/bin/mbsolve", "/w", "/w/list.txt", 1, error));
  EXPECT_NE(error.find("the Slurm account"), std::string::npos) << error;
}

TEST(StudySlurmScript, SubmitArgumentsAreOneWordEach)
{
  const std::string dir = "/w/a b'; touch x; '";
  const std::vector<std::string> expected = {
      "sbatch", "--parsable", "--output=" + dir + "/slurm/task_%A_%a.out", dir + "/slurm/study.sbatch"};
  EXPECT_EQ(slurmSubmitArguments(dir + "/slurm/study.sbatch", dir), expected);
}
