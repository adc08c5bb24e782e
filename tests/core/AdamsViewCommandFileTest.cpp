// Command files as Adams/View writes them (issue 28): a blank first line and file/model=NAME,
// '&' continuations, abbreviations, redefinitions between simulations, ENVIRONMENT/PREFERENCES,
// ACTIVATE/DEACTIVATE of SENSOR and CONTACT. The runs are checked against closed forms in
// tests/app/mbsolve_cli_test.sh (the same files under tests/data/adams_view/).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <numbers>

#include "mbs/core/AdamsCommandFile.hpp"

using namespace mbs::core;

namespace {

std::string viewData(const std::string& name)
{
  return std::string(MBS_TEST_DATA_DIR) + "/adams_view/" + name;
}

std::filesystem::path scratch()
{
  // One folder per test: ctest runs the cases of this file in parallel processes.
  const auto* test = ::testing::UnitTest::GetInstance()->current_test_info();
  const auto dir =
      std::filesystem::temp_directory_path() / (std::string("mbs_acf_view_test_") + test->name());
  std::filesystem::create_directories(dir);
  return dir;
}

// A command file written beside a copy of acf_drop.adm.
AdamsCommandFile runWithDrop(const std::string& acf, AdmImportOptions options = {})
{
  const auto dir = scratch();
  std::filesystem::copy_file(viewData("acf_drop.adm"), dir / "acf_drop.adm",
                             std::filesystem::copy_options::overwrite_existing);
  std::ofstream(dir / "run.acf") << acf;
  return readAdamsCommandFile((dir / "run.acf").string(), options);
}

bool has(const Diagnostics& list, const std::string& text)
{
  return std::any_of(list.begin(), list.end(),
                     [&](const Diagnostic& d) { return d.toString().find(text) != std::string::npos; });
}

std::string all(const Diagnostics& list)
{
  std::string out;
  for (const auto& d : list)
    out += d.toString() + "\n";
  return out;
}

constexpr double kInch = 0.0254, kPoundForce = 4.4482216152605;

}  // namespace

TEST(AdamsViewCommandFile, BlankFirstLineAndFileModelLoadTheDatasetBesideIt)
{
  const auto acf = readAdamsCommandFile(viewData("acf_drop.acf"));
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  EXPECT_TRUE(acf.datasetPath.ends_with("adams_view/acf_drop.adm")) << acf.datasetPath;
  EXPECT_EQ(acf.outputName, "acf_drop");  // the outputs are NAME.*
  ASSERT_EQ(acf.commands.size(), 4u);
  EXPECT_EQ(acf.commands[0].kind, AdamsCommand::Kind::Simulate);
  EXPECT_EQ(acf.commands[0].line, 7);  // the file's own line numbers
  EXPECT_TRUE(acf.commands[0].file.ends_with("acf_drop.acf"));
  EXPECT_DOUBLE_EQ(*acf.commands[0].end, 0.5);
  EXPECT_EQ(*acf.commands[0].steps, 50);
  EXPECT_EQ(acf.commands[1].kind, AdamsCommand::Kind::Deactivate);
  ASSERT_EQ(acf.commands[1].elements.size(), 1u);
  EXPECT_EQ(acf.commands[1].elements[0], acf.dataset.elements.at("MOTION/1"));
  EXPECT_EQ(acf.commands[3].kind, AdamsCommand::Kind::Stop);
  // output/nosep: a warning located in the command file, not an error.
  EXPECT_TRUE(has(acf.warnings, "acf_drop.acf:6: OUTPUT")) << all(acf.warnings);
}

TEST(AdamsViewCommandFile, FileModelOnTheFirstLineAndOutputPrefix)
{
  const auto acf = runWithDrop("file/model=acf_drop, output_prefix=fall\nsim/dyn, end=1, steps=10\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  EXPECT_EQ(acf.outputName, "fall");
  ASSERT_EQ(acf.commands.size(), 1u);
  EXPECT_EQ(acf.commands[0].line, 2);
  // FILE/MODEL= with the extension, several blank lines and comments first.
  const auto spaced =
      runWithDrop("\n\n! written by Adams View\nFILE/MODEL = acf_drop.adm\nSIMULATE/STATIC\n");
  ASSERT_TRUE(spaced.ok()) << all(spaced.errors) << all(spaced.dataset.errors);
  EXPECT_EQ(spaced.outputName, "acf_drop");
  EXPECT_EQ(spaced.commands.at(0).line, 5);
}

TEST(AdamsViewCommandFile, MissingOrMisplacedFileModelIsALocatedError)
{
  const auto none = runWithDrop("\nsim/dyn, end=1, steps=10\n");
  EXPECT_FALSE(none.ok());
  EXPECT_TRUE(has(none.errors, "run.acf:2: SIMULATE: SIMULATE before any FILE/MODEL=")) << all(none.errors);
  const auto empty = runWithDrop("\n! nothing\n");
  EXPECT_TRUE(has(empty.errors, "run.acf:1: the command file names no dataset")) << all(empty.errors);
  const auto missing = runWithDrop("\nfile/model=nosuch\nsim/stat\n");
  EXPECT_TRUE(has(missing.errors, "run.acf:2: cannot open the dataset")) << all(missing.errors);
  const auto second = runWithDrop("\nfile/model=acf_drop\nsim/stat\nfile/model=acf_drop\n");
  EXPECT_TRUE(has(second.errors, "run.acf:4: FILE: a second FILE/MODEL=")) << all(second.errors);
}

TEST(AdamsViewCommandFile, AmpersandContinuationsAndRedefinitionsInTheDatasetsUnits)
{
  const auto acf = readAdamsCommandFile(viewData("acf_slider_ips.acf"));
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  using K = AdamsCommand::Kind;
  std::vector<K> kinds;
  for (const auto& c : acf.commands)
    kinds.push_back(c.kind);
  EXPECT_EQ(kinds, (std::vector<K>{K::Settings, K::Simulate, K::Redefine, K::Simulate, K::Redefine,
                                   K::Simulate, K::Stop}));
  // INTEGRATOR/ & , HHT & , ERROR=1.0E-05: ERROR is in inches.
  EXPECT_EQ(acf.commands[0].line, 6);
  EXPECT_EQ(acf.commands[0].settings.integrator, Integrator::HhtAlpha);
  EXPECT_NEAR(acf.commands[0].settings.errorTolerance, 1e-5 * kInch, 1e-15);
  // springdamper/1, k=8: lbf/in; the rest of the spring as it was.
  const AdamsCommand& spring = acf.commands[2];
  EXPECT_EQ(spring.label, "SPRINGDAMPER/1");
  EXPECT_FALSE(spring.constraintsChanged);
  ASSERT_TRUE(spring.model);
  const Force* f = spring.model->force(ForceId(acf.dataset.elements.at("SPRINGDAMPER/1").id));
  ASSERT_TRUE(f);
  EXPECT_NEAR(f->stiffness, 8 * kPoundForce / kInch, 1e-9);
  EXPECT_NEAR(f->freeLength, 8 * kInch, 1e-12);
  // The dataset's own model is unchanged: the redefinition applies from its command on.
  EXPECT_NEAR(acf.dataset.model->force(f->id)->stiffness, 2 * kPoundForce / kInch, 1e-9);
  // variable/1, function=2.0: VARIABLE/1 (constant 0) was imported as the parameter 'push'.
  const AdamsCommand& push = acf.commands[4];
  ASSERT_TRUE(push.model);
  const auto p = std::find_if(push.model->parameters.begin(), push.model->parameters.end(),
                              [](const Parameter& q) { return q.name == "push"; });
  ASSERT_NE(p, push.model->parameters.end());
  EXPECT_DOUBLE_EQ(p->value, 2.0);
  // ... and keeps the spring redefined before it.
  EXPECT_NEAR(push.model->force(f->id)->stiffness, 8 * kPoundForce / kInch, 1e-9);
  // sim/trans, end=1.2 & , dtout=0.01
  EXPECT_DOUBLE_EQ(*acf.commands[5].end, 1.2);
  EXPECT_DOUBLE_EQ(*acf.commands[5].outputStep, 0.01);
}

TEST(AdamsViewCommandFile, AccgravMotionAndForceRedefinitions)
{
  const auto acf = runWithDrop(
      "\nfile/model=acf_drop\nsim/dyn, end=0.5, steps=5\naccg/kgrav=-100\nmotion/1, func=10*time\n"
      "sim/dyn, dur=0.5, steps=5\naccgrav/jgravity=0\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  ASSERT_EQ(acf.commands.size(), 5u);
  // Only the component given is respecified, in mm/s^2.
  const Model& g = *acf.commands[1].model;
  EXPECT_NEAR(g.gravity[1], -9.80665, 1e-12);
  EXPECT_NEAR(g.gravity[2], -0.1, 1e-12);
  // A motion's new function (mm -> m) needs the constraints solved again.
  const AdamsCommand& motion = acf.commands[2];
  EXPECT_TRUE(motion.constraintsChanged);
  const Motion* m = motion.model->motion(MotionId(acf.dataset.elements.at("MOTION/1").id));
  ASSERT_TRUE(m);
  EXPECT_EQ(m->function, "0.001*(10*time)");
  EXPECT_NEAR(motion.model->gravity[2], -0.1, 1e-12);  // the ACCGRAV before it stays
  EXPECT_NEAR(acf.commands[4].model->gravity[1], 0.0, 0.0);
  EXPECT_NEAR(acf.commands[4].model->gravity[2], -0.1, 1e-12);
}

TEST(AdamsViewCommandFile, BadRedefinitionsNameTheCommandFileAndLine)
{
  struct Case {
    const char* commands;
    const char* message;
  };
  for (const Case& c : {
           Case{"motion/1, function=\n", "run.acf:3: MOTION/1"},
           Case{"motion/1, function=DX(999)\n",
                "run.acf:3: MOTION/1: FUNCTION: MARKER/999 in DX() does not exist"},
           Case{"motion/1, joint=1, function=0\n",
                "run.acf:3: MOTION/1: JOINT cannot be run: moving an element"},
           Case{"motion/7, function=0\n", "run.acf:3: MOTION/7: the dataset has no such element to redefine"},
           Case{"variable/3, function=1\n",
                "run.acf:3: VARIABLE/3: the dataset has no such element to redefine"},
           Case{"springdamper/1, k=3\n",
                "run.acf:3: SPRINGDAMPER/1: the dataset has no such element to redefine"},
           Case{"accgrav/kgravity=abc\n", "run.acf:3: ACCGRAV: KGRAVITY: 'abc' is not a number"},
           Case{"motion/1, &\n list, frob=1, &\n function = 2*time\n", "run.acf:4: MOTION/1: 'FROB' is not"},
       }) {
    const auto acf = runWithDrop(std::string("\nfile/model=acf_drop\n") + c.commands + "sim/stat\n");
    EXPECT_FALSE(acf.ok()) << c.commands;
    EXPECT_TRUE(has(acf.errors, c.message)) << c.commands << all(acf.errors);
    // Never blamed on the dataset.
    for (const auto& e : acf.errors)
      EXPECT_EQ(e.file.find(".adm"), std::string::npos) << e.toString();
  }
}

TEST(AdamsViewCommandFile, EnvironmentAndPreferencesWarnOnce)
{
  const auto acf = runWithDrop(
      "\nfile/model=acf_drop\nenvironment/name=MSC_ADAMS_SOLVER_BEAM_MODEL, value=LINEAR\n"
      "preferences/nthreads=4, status_message=on\nequil/\nsim/stat\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors);
  EXPECT_TRUE(has(acf.warnings,
                  "run.acf:3: ENVIRONMENT: ENVIRONMENT NAME=MSC_ADAMS_SOLVER_BEAM_MODEL is not applied"))
      << all(acf.warnings);
  EXPECT_TRUE(has(acf.warnings, "run.acf:4: PREFERENCES: PREFERENCES is not run")) << all(acf.warnings);
  EXPECT_TRUE(has(acf.warnings, "run.acf:5: EQUILIBRIUM: EQUILIBRIUM is not run")) << all(acf.warnings);
  const auto count = std::count_if(acf.warnings.begin(), acf.warnings.end(),
                                   [](const Diagnostic& d) { return d.line == 4; });
  EXPECT_EQ(count, 1);  // one warning for the command, not one per argument
}

TEST(AdamsViewCommandFile, SensorsAndContactsAreActivatedAndDeactivated)
{
  // SENSORs are read (issue 31); DEACTIVATE and ACTIVATE name them for the SIMULATEs that follow.
  // FUNCTION last, as Adams/View writes it (an expression runs to the end of its statement).
  const auto dir = scratch();
  std::ifstream in(viewData("acf_drop.adm"));
  std::string deck((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  deck.insert(deck.rfind("END"), "SENSOR/1\n, VALUE = 0.5\n, EQ\n, HALT\n, FUNCTION = TIME\n");
  std::ofstream(dir / "sensed.adm") << deck;
  std::ofstream(dir / "sensed.acf")
      << "\nfile/model=sensed\ndeactivate/sensor, id=1\nsim/dyn, end=1, steps=10\nactivate/sensor, id=1\n"
         "sim/dyn, end=2, steps=10\n";
  const auto acf = readAdamsCommandFile((dir / "sensed.acf").string());
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  ASSERT_EQ(acf.commands.size(), 4u);
  EXPECT_EQ(acf.commands[0].kind, AdamsCommand::Kind::Deactivate);
  ASSERT_EQ(acf.commands[0].sensors.size(), 1u);
  EXPECT_EQ(acf.commands[2].kind, AdamsCommand::Kind::Activate);
  EXPECT_EQ(acf.commands[2].sensors, acf.commands[0].sensors);
  // A SENSOR id the dataset lacks is an error.
  std::ofstream(dir / "other.acf") << "\nfile/model=sensed\ndeactivate/sensor, id=2\n";
  const auto other = readAdamsCommandFile((dir / "other.acf").string());
  EXPECT_TRUE(has(other.errors, "other.acf:3: DEACTIVATE: SENSOR/2 is not in the dataset"))
      << all(other.errors);

  // CONTACT, by the classic header naming a dataset elsewhere.
  const std::string ball = viewData("acf_ball_contact.adm");
  std::ofstream(dir / "contact.acf") << ball
                                     << "\nbounce\ndeactivate/contact, id=1\nsim/dyn, end=0.1, steps=10\n";
  const auto contact = readAdamsCommandFile((dir / "contact.acf").string());
  ASSERT_TRUE(contact.ok()) << all(contact.errors) << all(contact.dataset.errors);
  ASSERT_EQ(contact.commands.at(0).elements.size(), 1u);
  EXPECT_EQ(contact.commands[0].elements[0], contact.dataset.elements.at("CONTACT/1"));
}

TEST(AdamsViewCommandFile, FileCommandReadsCommandsFromAnotherFile)
{
  const auto dir = scratch();
  std::ofstream(dir / "steps.acf") << "sim/dyn, end=0.5, steps=5\ndeactivate/motion, id=1\n";
  const auto acf = runWithDrop("\nfile/model=acf_drop\nfile/command=steps\nsim/dyn, end=1, steps=5\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors);
  ASSERT_EQ(acf.commands.size(), 3u);
  EXPECT_TRUE(acf.commands[0].file.ends_with("steps.acf"));
  EXPECT_EQ(acf.commands[0].line, 1);
  EXPECT_EQ(acf.commands[1].kind, AdamsCommand::Kind::Deactivate);
  EXPECT_TRUE(acf.commands[2].file.ends_with("run.acf"));
  EXPECT_EQ(acf.commands[2].line, 4);
}

// A PART that cannot be imported is one error, not one per statement that refers to it.
TEST(AdamsViewDataset, AFailedPartIsOneErrorNotACascade)
{
  const std::string deck = R"(Adams View model name: cascade
PART/1
, GROUND
MARKER/10
, PART = 1
PART/2
, MASS = 1
, CM = 20
, IP = 1, 1
MARKER/20
, PART = 2
MARKER/21
, PART = 2
, QP = 0, 1, 0
JOINT/1
, REVOLUTE
, I = 21
, J = 10
MOTION/1
, JOINT = 1
, FUNCTION = 30D*TIME
SFORCE/1
, TRANSLATIONAL
, I = 20
, J = 10
, FUNCTION = -10*DX(20, 10)
REQUEST/1
, DISPLACEMENT
, I = 20
, J = 10
GRAPHICS/1
, OUTLINE = 20, 21
END
)";
  const auto r = importAdmFromString(deck, "cascade.adm");
  EXPECT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u) << all(r.errors);
  EXPECT_EQ(r.errors[0].toString(), "cascade.adm:9: PART/2: IP needs 3 or 6 values");
  // A reference to an element that never existed is still an error.
  std::string dangling = deck;
  dangling.replace(dangling.find(", IP = 1, 1"), 11, ", IP = 1, 1, 1");
  dangling.replace(dangling.find(", J = 10\nMOTION"), 8, ", J = 11");
  const auto d = importAdmFromString(dangling, "dangling.adm");
  EXPECT_TRUE(has(d.errors, "dangling.adm:18: JOINT/1: J: MARKER/11 does not exist")) << all(d.errors);
  EXPECT_EQ(d.errors.size(), 1u) << all(d.errors);  // the motion on JOINT/1 follows from it
}

// A dataset cut before END is refused naming the file and its last line (issue 29).
TEST(AdamsViewDataset, ADatasetCutBeforeEndIsRefused)
{
  std::ifstream in(viewData("acf_drop.adm"));
  std::string deck((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto whole = importAdmFromString(deck, "acf_drop.adm");
  ASSERT_TRUE(whole.ok()) << all(whole.errors);
  // Cut after line 58 (", J = 3" of the joint): everything read so far is valid.
  std::size_t at = 0;
  for (int line = 0; line < 58; ++line)
    at = deck.find('\n', at) + 1;
  const auto cut = importAdmFromString(deck.substr(0, at), "acf_drop.adm");
  EXPECT_FALSE(cut.ok());
  EXPECT_TRUE(has(cut.errors, "acf_drop.adm:58: the dataset has no END statement: the file stops at line 58"))
      << all(cut.errors);
  // Cut in the middle of a line, or a file with only its title.
  const std::string inLine = deck.substr(0, deck.find("MOTION/1") + 6);  // "...\nMOTION" (line 61)
  EXPECT_TRUE(has(importAdmFromString(inLine, "x.adm").errors, "x.adm:61: the dataset has no END"))
      << all(importAdmFromString(inLine, "x.adm").errors);
  EXPECT_TRUE(has(importAdmFromString("title only\n", "t.adm").errors, "t.adm:1: the dataset has no END"));
  // What follows END is not read.
  EXPECT_TRUE(importAdmFromString(deck + "PART/99, FROB\n", "after.adm").ok());
}

// Torques, rotational spring-dampers, GFORCE components and time-dependent VARIABLEs respecified in
// the dataset's units (MMKS: torques in N mm).
TEST(AdamsViewCommandFile, ForceComponentsAndVariablesAreRespecified)
{
  const auto dir = scratch();
  std::ifstream in(viewData("acf_drop.adm"));
  std::string deck((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  deck.insert(deck.rfind("END"),
              "MARKER/6\n, PART = 1\n, FLOATING\n"
              "SFORCE/2\n, ROTATIONAL\n, I = 5\n, J = 3\n, FUNCTION = 0.0\n"
              "SPRINGDAMPER/2\n, ROTATION\n, I = 5\n, J = 3\n, KT = 1\n, CT = 0\n, ANGLE = 0D\n"
              "GFORCE/1\n, I = 4\n, JFLOAT = 6\n, RM = 3\n, FX = 0\\\n, FY = 0\\\n, FZ = 0\\\n, TX = 0\\\n, "
              "TY = 0\\\n"
              ", TZ = 0\n"
              "VARIABLE/2\n, FUNCTION = 0.5*TIME\n");
  std::ofstream(dir / "forces.adm") << deck;
  std::ofstream(dir / "forces.acf") << "\nfile/model=forces\nsforce/2, func=5\n"
                                       "springdamper/2, kt=3, &\n angle=10D\n"
                                       "gforce/1, fy = 2\\ tz = 4*time\nvariable/2, function=2*TIME\n"
                                       "int/hht\nsim/dyn, end=1, steps=10\n";
  const auto acf = readAdamsCommandFile((dir / "forces.acf").string());
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  ASSERT_EQ(acf.commands.size(), 6u);
  const Model& m = *acf.commands[3].model;  // after the VARIABLE command: all four applied
  auto force = [&](const char* label) { return m.force(ForceId(acf.dataset.elements.at(label).id)); };
  EXPECT_EQ(force("SFORCE/2")->functions[0], "0.001*(5)");
  EXPECT_NEAR(force("SPRINGDAMPER/2")->stiffness, 0.003, 1e-15);
  EXPECT_NEAR(force("SPRINGDAMPER/2")->freeLength, 10 * std::numbers::pi / 180, 1e-15);
  const Force& g = *force("GFORCE/1");
  EXPECT_EQ(g.functions[0], "0");  // the components not given stay
  EXPECT_EQ(g.functions[1], "2");
  EXPECT_EQ(g.functions[5], "0.001*(4*time)");
  const Variable* v = m.variable(m.findVariable("VARIABLE_2"));
  ASSERT_TRUE(v);
  EXPECT_EQ(v->function, "2*TIME");
  EXPECT_EQ(acf.commands[4].settings.integrator, Integrator::HhtAlpha);  // int/hht
  // The other kind's coefficients do not apply.
  std::ofstream(dir / "wrong.acf") << "\nfile/model=forces\nspringdamper/2, k=3\n";
  const auto wrong = readAdamsCommandFile((dir / "wrong.acf").string());
  EXPECT_TRUE(
      has(wrong.errors, "wrong.acf:3: SPRINGDAMPER/2: K does not apply to the rotational SPRINGDAMPER/2"))
      << all(wrong.errors);
}

// What the GUI opens: the model of the first SIMULATE, with the commands before it applied.
TEST(AdamsViewCommandFile, TheFirstSimulatesModelHasTheCommandsBeforeIt)
{
  const auto acf = runWithDrop(
      "\nfile/model=acf_drop\nint/hht\naccg/jgrav=-1000\ndeactivate/motion, id=1\nsim/dyn, end=2, "
      "dtout=0.01\n"
      "accg/jgrav=0\nactivate/motion, id=1\nsim/dyn, end=3\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors);
  Diagnostics notes;
  const Model m = modelForFirstSimulate(acf, notes);
  EXPECT_NEAR(m.gravity[1], -1.0, 1e-12);  // mm/s^2
  EXPECT_TRUE(m.motions().empty());
  EXPECT_EQ(m.analysis.integrator, Integrator::HhtAlpha);
  EXPECT_EQ(m.analysis.type, AnalysisType::Dynamic);
  EXPECT_DOUBLE_EQ(m.analysis.endTime, 2.0);
  EXPECT_EQ(m.analysis.outputSteps, 200);
  ASSERT_EQ(notes.size(), 1u);
  EXPECT_NE(notes[0].reason.find("2 SIMULATE commands"), std::string::npos);
  // The dataset itself is unchanged.
  EXPECT_EQ(acf.dataset.model->motions().size(), 1u);
  EXPECT_NEAR(acf.dataset.model->gravity[1], -9.80665, 1e-12);
}

// Windows line ends, a quoted file name, '&' with a comment after it.
TEST(AdamsViewCommandFile, QuotedNamesAndWindowsLineEnds)
{
  const auto acf = runWithDrop(
      "\r\nfile/model=\"acf_drop\", output_prefix='fall'\r\n"
      "sim/dyn, end=0.5, & ! first half\r\n steps=5\r\nSTOP\r\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  EXPECT_TRUE(acf.datasetPath.ends_with("acf_drop.adm")) << acf.datasetPath;
  EXPECT_EQ(acf.outputName, "fall");
  ASSERT_EQ(acf.commands.size(), 2u);
  EXPECT_EQ(*acf.commands[0].steps, 5);
  EXPECT_EQ(acf.commands[0].line, 3);
}

// SIMULATE's documented spellings (DYNAMICS, KINEMATICS, STATICS) and their prefixes; STATICS with
// END= or DURATION= is Adams' quasi-static analysis (an equilibrium at each output time), without
// them one static equilibrium.
TEST(AdamsViewCommandFile, SimulateSpellingsAndQuasiStatics)
{
  const auto acf = runWithDrop(
      "\nfile/model=acf_drop\nsimulate/dynamics, end=0.1, steps=2\n"
      "SIMULATE/KINEMATICS, END=0.2, STEPS=2\nsimulate/statics, end=1, steps=4\n"
      "sim/stat\nsim/dynamic, dur=0.1\nsimulate/initial_conditions, displacement\n"
      "sim/sta, dur=0.5, dtout=0.1\nsim/sta, steps=10\n");
  ASSERT_TRUE(acf.ok()) << all(acf.errors);
  ASSERT_EQ(acf.commands.size(), 8u);
  EXPECT_EQ(acf.commands[0].analysis, AnalysisType::Dynamic);
  EXPECT_EQ(acf.commands[1].analysis, AnalysisType::Kinematic);
  EXPECT_EQ(acf.commands[2].analysis, AnalysisType::QuasiStatic);
  EXPECT_DOUBLE_EQ(*acf.commands[2].end, 1.0);
  EXPECT_EQ(acf.commands[3].analysis, AnalysisType::Static);
  EXPECT_FALSE(acf.commands[3].end);
  EXPECT_EQ(acf.commands[6].analysis, AnalysisType::QuasiStatic);
  EXPECT_DOUBLE_EQ(*acf.commands[6].duration, 0.5);
  EXPECT_EQ(acf.commands[7].analysis, AnalysisType::Static);  // STEPS alone: one equilibrium
  EXPECT_EQ(acf.commands[4].analysis, AnalysisType::Dynamic);
  EXPECT_EQ(acf.commands[5].analysis, AnalysisType::InitialConditions);
  EXPECT_TRUE(has(acf.warnings, "run.acf:8: SIMULATE: DISPLACEMENT is not used")) << all(acf.warnings);
  // One error for a SIMULATE without its kind, not one per argument on top.
  const auto bad = runWithDrop("\nfile/model=acf_drop\nsimulate/end=1, steps=4\n");
  EXPECT_EQ(bad.errors.size(), 1u) << all(bad.errors);
}

// A command file that reads itself (directly or through another) is an error at that line, not an
// endless read.
TEST(AdamsViewCommandFile, ACommandFileReadingItselfIsAnError)
{
  const auto self = runWithDrop("\nfile/model=acf_drop\nfile/command=run\nsim/stat\n");
  EXPECT_FALSE(self.ok());
  ASSERT_EQ(self.errors.size(), 1u) << all(self.errors);
  EXPECT_TRUE(has(self.errors, "run.acf:3: FILE: FILE/COMMAND=run reads a command file that is being read"))
      << all(self.errors);
  std::ofstream(scratch() / "other.acf") << "sim/stat\nfile/command=run.acf\n";
  const auto mutual = runWithDrop("\nfile/model=acf_drop\nfile/command=other\n");
  ASSERT_EQ(mutual.errors.size(), 1u) << all(mutual.errors);
  EXPECT_TRUE(
      has(mutual.errors, "other.acf:2: FILE: FILE/COMMAND=run.acf reads a command file that is being read"))
      << all(mutual.errors);
}

// A redefined function may read a VARIABLE the import made a parameter (a constant): VARVAL(1)
// becomes the parameter.
TEST(AdamsViewCommandFile, RedefinedFunctionsReadConstantVariables)
{
  const auto dir = scratch();
  std::filesystem::copy_file(viewData("acf_slider_ips.adm"), dir / "acf_slider_ips.adm",
                             std::filesystem::copy_options::overwrite_existing);
  std::ofstream(dir / "push.acf")
      << "\nfile/model=acf_slider_ips\nsforce/1, function=3*VARVAL( 1 ) + varval(1)\n";
  const auto acf = readAdamsCommandFile((dir / "push.acf").string());
  ASSERT_TRUE(acf.ok()) << all(acf.errors) << all(acf.dataset.errors);
  const Model& m = *acf.commands.at(0).model;
  const Force* f = m.force(ForceId(acf.dataset.elements.at("SFORCE/1").id));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->functions[0].find("VARVAL"), std::string::npos) << f->functions[0];
  EXPECT_NE(f->functions[0].find("3*(push) + (push)"), std::string::npos) << f->functions[0];
}
