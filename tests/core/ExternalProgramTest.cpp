// External programs run without a shell, and files are replaced whole (issue 29).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "mbs/core/AtomicFile.hpp"
#include "mbs/core/ExternalProgram.hpp"

using namespace mbs::core;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name)
{
  const fs::path dir =
      fs::temp_directory_path() / ("mbs_external_" + std::to_string(::getpid()) + "_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

std::string readAll(const fs::path& path)
{
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST(ExternalProgram, ArgumentsReachTheProgramVerbatimAndRunNothing)
{
  const fs::path dir = scratch("argv");
  const std::string marker = (dir / "pwned").string();
  const std::vector<std::string> hostile = {"'; touch " + marker + "; '", "$(touch " + marker + ")",
                                            "`touch " + marker + "`", "a; touch " + marker,
                                            "line\ntouch " + marker};
  for (const std::string& arg : hostile) {
    const ProgramRun run = runProgram({"printf", "%s|", arg});
    ASSERT_TRUE(run.ok()) << run.error << run.output;
    EXPECT_EQ(run.output, arg + "|");
  }
  EXPECT_FALSE(fs::exists(marker));
  fs::remove_all(dir);
}

TEST(ExternalProgram, ReportsExitStatusOutputAndMissingPrograms)
{
  const ProgramRun failed = runProgram({"sh", "-c", "echo out; echo err >&2; exit 3"});
  EXPECT_TRUE(failed.started);
  EXPECT_EQ(failed.exitCode, 3);
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.output, "out\nerr\n");
  const ProgramRun missing = runProgram({"mbs-no-such-program-29"});
  EXPECT_FALSE(missing.started);
  EXPECT_NE(missing.error.find("cannot run 'mbs-no-such-program-29'"), std::string::npos) << missing.error;
  EXPECT_FALSE(runProgram({"printf", std::string("a\0b", 3)}).started);
}

TEST(AtomicFile, ReplacesWholeAndKeepsTheOldFileWhenNotCommitted)
{
  const fs::path dir = scratch("atomic");
  const std::string path = (dir / "out.csv").string();
  ASSERT_FALSE(writeFileAtomically(path, "old\n"));
  {
    AtomicFileWriter writer(path);
    writer.stream() << "new, half written";
    EXPECT_EQ(readAll(path), "old\n");  // the old file is whole while the new one is written
  }                                     // not committed: dropped
  EXPECT_EQ(readAll(path), "old\n");
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);
  {
    AtomicFileWriter writer(path, path + ".partial");
    writer.stream() << "new\n";
    EXPECT_TRUE(fs::exists(path + ".partial"));
    EXPECT_FALSE(writer.commit());
  }
  EXPECT_EQ(readAll(path), "new\n");
  EXPECT_FALSE(fs::exists(path + ".partial"));
  const auto error = writeFileAtomically((dir / "missing" / "x.csv").string(), "x");
  ASSERT_TRUE(error);
  EXPECT_NE(error->find("missing/x.csv"), std::string::npos) << *error;
  fs::remove_all(dir);
}
