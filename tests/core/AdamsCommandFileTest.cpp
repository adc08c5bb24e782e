// Adams command files (issue 16): what readAdamsCommandFile makes of the commands. The runs
// themselves are checked against closed forms in tests/app/mbsolve_cli_test.sh.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "mbs/core/AdamsCommandFile.hpp"

using namespace mbs::core;

namespace {

const char* kDataset = R"(two elements
UNITS/TIME = MILLISECOND
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2
JOINT/3, REVOLUTE, I = 20, J = 10
SFORCE/4, ROTATIONAL, I = 20, J = 10, FUNCTION = 1
END
)";

AdamsCommandFile read(const std::string& commands)
{
  // One folder per test: ctest runs the cases of this file in parallel processes.
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const auto dir = std::filesystem::temp_directory_path() / (std::string("mbs_acf_test_") + test->name());
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "deck.adm") << kDataset;
  std::ofstream(dir / "run.acf") << "deck\nresults\n" << commands;
  return readAdamsCommandFile((dir / "run.acf").string());
}

}  // namespace

TEST(AdamsCommandFile, CommandsAbbreviatedAsAdamsAllowsInTheDatasetsUnits)
{
  const auto acf = read(
      "SIM/DYN, END = 500, STEPS = 10\nDEAC/SF, ID = 4\nINTEG/WSTIFF, ERR = 1E-6\n"
      "SIM/TRANS, DUR = 250, DT = 5\nACTIVATE/SFORCE, RANGE = 1, 9\nSIM/STAT\nSTOP\n"
      "SIMULATE/DYNAMIC, END = 9\n");
  for (const auto& e : acf.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(acf.ok());
  EXPECT_EQ(acf.outputName, "results");
  EXPECT_TRUE(acf.datasetPath.ends_with("deck.adm"));
  ASSERT_EQ(acf.commands.size(), 7u);  // nothing after STOP
  const AdamsCommand& first = acf.commands[0];
  EXPECT_EQ(first.kind, AdamsCommand::Kind::Simulate);
  EXPECT_EQ(first.analysis, AnalysisType::Dynamic);
  EXPECT_DOUBLE_EQ(*first.end, 0.5);  // milliseconds
  EXPECT_EQ(*first.steps, 10);
  EXPECT_EQ(acf.commands[1].kind, AdamsCommand::Kind::Deactivate);
  ASSERT_EQ(acf.commands[1].elements.size(), 1u);
  EXPECT_EQ(acf.commands[1].elements[0], acf.dataset.elements.at("SFORCE/4"));
  EXPECT_EQ(acf.commands[2].settings.integrator, Integrator::Wstiff);
  EXPECT_DOUBLE_EQ(acf.commands[2].settings.errorTolerance, 1e-6);
  EXPECT_DOUBLE_EQ(*acf.commands[3].duration, 0.25);
  EXPECT_DOUBLE_EQ(*acf.commands[3].outputStep, 0.005);
  EXPECT_EQ(acf.commands[4].elements.size(), 1u);  // RANGE: the ids that exist
  EXPECT_EQ(acf.commands[5].analysis, AnalysisType::Static);
  EXPECT_EQ(acf.commands[6].kind, AdamsCommand::Kind::Stop);
}

TEST(AdamsCommandFile, BadCommandsAreLocatedErrors)
{
  struct Case {
    const char* commands;
    const char* message;
  };
  for (const Case& c :
       {Case{"SIMULATE/DYNAMIC, STEPS = 10\n",
             "run.acf:3: SIMULATE: SIMULATE/dynamic needs END= or DURATION="},
        Case{"DEACTIVATE/JOINT, ID = 7\n", "run.acf:3: DEACTIVATE: JOINT/7 is not in the dataset"},
        Case{"SIMULATE/DYNAMIC, STATIC, END = 1\n", "needs one of STATICS, KINEMATICS"},
        Case{"S/DYNAMIC, END = 1\n",
             "statement name 'S' is ambiguous: SAVE, SENSOR, SFORCE, SHOW, SIMULATE, SPLINE, SPRINGDAMPER, "
             "STOP or STRING"},
        Case{"PART/2, MASS = 2\n", "run.acf:3: PART/2: PART cannot be run: redefining elements"},
        Case{"SFORCE/9, FUNCTION = 2\n", "run.acf:3: SFORCE/9: the dataset has no such element to redefine"},
        Case{"SFORCE/4, I = 20, FUNCTION = 2\n", "run.acf:3: SFORCE/4: I cannot be run: moving an element"},
        Case{"DEACTIVATE/SENSOR, ID = 1\n", "run.acf:3: DEACTIVATE: SENSOR/1 is not in the dataset"},
        Case{"INTEGRATOR/ GSTIFF, &\n FORMULATION = I4\n", "run.acf:4: INTEGRATOR: FORMULATION must be"},
        Case{"FROB/1\n", "'FROB' is not an Adams command"}}) {
    const auto acf = read(c.commands);
    EXPECT_FALSE(acf.ok()) << c.commands;
    bool found = false;
    for (const auto& e : acf.errors)
      found |= e.toString().find(c.message) != std::string::npos;
    EXPECT_TRUE(found) << c.commands << (acf.errors.empty() ? "no error" : acf.errors[0].toString());
  }
  // Outputs are warnings only.
  const auto output = read("OUTPUT/NOSEPARATOR\nSIMULATE/STATIC\n");
  EXPECT_TRUE(output.ok());
  ASSERT_EQ(output.warnings.size(), 1u);
  EXPECT_EQ(output.warnings[0].line, 3);
}
