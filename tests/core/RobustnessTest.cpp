// Malformed and hostile input (issue 12): every input ends in a model or in errors that say where
// and why, with bounded work. The kept inputs in tests/data/fuzz/ (the reproducers and
// whatever libFuzzer finds, see tests/fuzz) are replayed through the fuzz targets themselves.
#include <gtest/gtest.h>

#include <cmath>

#include <filesystem>

#include "System.hpp"
#include "TestUtil.hpp"
#include "analysis/InitialConditions.hpp"
#include "fuzz/FuzzTargets.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/ModelFile.hpp"

namespace fs = std::filesystem;
using namespace mbs;
using core::test::readFile;

namespace {

std::string fuzzData(const std::string& target, const std::string& name)
{
  return readFile(std::string(MBS_TEST_DATA_DIR) + "/fuzz/" + target + "/" + name);
}

bool mentions(const core::Diagnostics& errors, const std::string& text)
{
  for (const auto& e : errors)
    if (e.toString().find(text) != std::string::npos)
      return true;
  return false;
}

std::string joined(const core::Diagnostics& errors)
{
  std::string all;
  for (const auto& e : errors)
    all += e.toString() + "\n";
  return all;
}

// Load → compile → validate → initial conditions, as mbsolve --analysis initial does.
solver::Status initialConditionsOf(const core::Model& model)
{
  core::CompileResult compiled = core::compile(model);
  EXPECT_TRUE(compiled.ok);
  if (const auto valid = solver::System::validate(compiled.model); !valid.ok())
    return valid;
  const solver::System system(std::move(compiled.model));
  solver::State state;
  return solver::solveInitialConditions(system, state);
}

}  // namespace

TEST(Robustness, EveryKeptFuzzInputKeepsTheInvariants)
{
  int replayed = 0;
  for (const auto& target : fuzz::targets()) {
    const fs::path dir = fs::path(MBS_TEST_DATA_DIR) / "fuzz" / target.name;
    ASSERT_TRUE(fs::is_directory(dir)) << dir;
    for (const auto& entry : fs::directory_iterator(dir)) {
      EXPECT_EQ(target.run(readFile(entry.path().string())), "") << entry.path();
      ++replayed;
    }
  }
  EXPECT_GE(replayed, 15);
}

TEST(Robustness, DeepNestingIsRefusedWithItsLineNotByTheStack)
{
  const std::string deep = "{\"a\":" + std::string(100000, '[') + std::string(100000, ']') + ",\"b\":0}";
  const auto r = core::modelFromString("\n" + deep, "deep.mbs.json");
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 2);
  EXPECT_NE(r.errors[0].reason.find("nested deeper than 64 levels"), std::string::npos) << joined(r.errors);
}

TEST(Robustness, NumberOverflowInTheModelFileNamesItsLine)
{
  const std::string text = fuzzData("model_file", "issue12-number-overflow.mbs.json");
  const auto r = core::modelFromString(text, "big.mbs.json");
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u);
  // The line of "mass": 1e400 in the file.
  const auto at = text.find("1e400");
  EXPECT_EQ(r.errors[0].line, 1 + std::count(text.begin(), text.begin() + at, '\n'));
  EXPECT_NE(r.errors[0].toString().find("big.mbs.json"), std::string::npos);
  EXPECT_NE(r.errors[0].reason.find("1e400 is out of range"), std::string::npos) << joined(r.errors);
}

TEST(Robustness, AModelWithOnlyTheGroundIsRefusedByName)
{
  for (const auto* name : {"issue12-ground-only.mbs.json", "issue12-ground-only.adm"}) {
    const std::string text = fuzzData("initial_conditions", name);
    const auto model = std::string(name).ends_with(".adm") ? core::importAdmFromString(text).model
                                                           : core::modelFromString(text).model;
    ASSERT_TRUE(model) << name;
    const solver::Status status = initialConditionsOf(*model);
    EXPECT_EQ(status.code, solver::StatusCode::BadInput) << name;
    EXPECT_NE(status.message.find("no moving parts"), std::string::npos) << status.message;
  }
}

TEST(Robustness, ANonFiniteVelocityMotionEndsTheAnalysisNamingTheMotion)
{
  for (const auto* name : {"issue12-velocity-motion-mod-by-zero.mbs.json",
                           "issue12-velocity-motion-time-power-minus-one.mbs.json"}) {
    const auto r = core::modelFromString(fuzzData("initial_conditions", name));
    ASSERT_TRUE(r.ok()) << joined(r.errors);
    const solver::Status status = initialConditionsOf(*r.model);
    ASSERT_FALSE(status.ok()) << name;
    EXPECT_EQ(status.entity, "crank_drive") << status.message;
    EXPECT_NE(status.message.find("not a finite number"), std::string::npos) << status.message;
  }
}

TEST(Robustness, AdmDefectsBecomeLocatedErrors)
{
  struct Case {
    const char* file;
    const char* message;
  };
  for (const Case& c :
       {Case{"issue12-duplicate-gcon.adm", "duplicate GCON/1"},
        Case{"issue12-statement-id-out-of-range.adm", "bad id '99999999999999999999'"},
        Case{"issue12-measure-id-out-of-range.adm", "'99999999999999999999' in DX() is not an id"},
        Case{"issue12-no-ground.adm", "the dataset has no GROUND part"}}) {
    const auto r = core::importAdmFromString(fuzzData("adm_import", c.file), c.file);
    ASSERT_FALSE(r.ok()) << c.file;
    EXPECT_TRUE(mentions(r.errors, c.message)) << c.file << ":\n" << joined(r.errors);
    for (const auto& e : r.errors)
      EXPECT_GT(e.line, 0) << c.file << ": " << e.toString();
  }
}

TEST(Robustness, AdmGconArgumentsOutOfRangeAreNotADistance)
{
  for (const auto* file : {"issue12-gcon-id-out-of-range.adm", "issue12-gcon-length-out-of-range.adm"}) {
    const auto r = core::importAdmFromString(fuzzData("adm_import", file), file);
    // Not a distance: refused (issue 16, faithful or refused) with its line.
    EXPECT_FALSE(r.ok()) << file;
    EXPECT_TRUE(mentions(r.dropped, "GCON is supported only as a distance")) << file << joined(r.errors);
  }
}

TEST(Robustness, LongNumberLiteralsAreReadWithoutRecursion)
{
  // 50,000 digits followed by Adams' degree suffix: a literal too large for a double.
  const auto r =
      core::importAdmFromString(fuzzData("adm_import", "issue12-long-number-degrees.adm"), "long.adm");
  ASSERT_FALSE(r.ok());
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 120);  // the FUNCTION of SFORCE/1, 'drive'
  EXPECT_NE(r.errors[0].reason.find("'drive': expression error at position 2: number 1111"),
            std::string::npos)
      << joined(r.errors);
  EXPECT_NE(r.errors[0].reason.find("is out of range"), std::string::npos) << joined(r.errors);
  EXPECT_LT(r.errors[0].reason.size(), 400u) << "the message quotes all 50,000 digits";
}

TEST(Robustness, DegreeLiteralsStillConvert)
{
  const std::string deck =
      "deg\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1, CM = 3\nMARKER/3, PART = 2\n"
      "MARKER/4, PART = 1\nSFORCE/1, ROTATION, I = 3, J = 4, FUNCTION = 30D + 1.5d*SIN(.5D)\n"
      "END\n";
  const auto r = core::importAdmFromString(deck, "deg.adm");
  ASSERT_TRUE(r.ok()) << joined(r.errors);
  ASSERT_EQ(r.model->forces().size(), 1u);
  const std::string& f = r.model->forces()[0].functions[0];
  for (const char* converted : {"(30*DTOR)", "(1.5*DTOR)", "SIN((.5*DTOR))"})
    EXPECT_NE(f.find(converted), std::string::npos) << f;
}

TEST(Robustness, VariablesReadingVariablesHaveABoundedCost)
{
  // VARIABLE/k reads VARIABLE/k+1 twice: 2^40 evaluations if each VARVAL evaluated its variable;
  // each VARIABLE is evaluated once per evaluation, so the force is 2^39 (TIME + 1) at once.
  std::string deck =
      "fan-out\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1, CM = 3\nMARKER/3, PART = 2\n"
      "MARKER/4, PART = 1\nSFORCE/1, ROTATION, I = 3, J = 4, FUNCTION = VARVAL(1)\n";
  for (int k = 1; k < 40; ++k)
    deck += "VARIABLE/" + std::to_string(k) + ", FUNCTION = VARVAL(" + std::to_string(k + 1) + ") + VARVAL(" +
            std::to_string(k + 1) + ")\n";
  deck += "VARIABLE/40, FUNCTION = TIME + 1\nEND\n";
  const auto r = core::importAdmFromString(deck, "fanout.adm");
  ASSERT_TRUE(r.ok()) << joined(r.errors);
  const auto compiled = core::compile(*r.model);
  ASSERT_TRUE(compiled.ok);
  struct Still : solver::StateView {
    double time() const override { return 0.0; }
    solver::Vec3 position(int) const override { return solver::Vec3::Zero(); }
    solver::Mat3 orientation(int) const override { return solver::Mat3::Identity(); }
    solver::Vec3 velocity(int) const override { return solver::Vec3::Zero(); }
    solver::Vec3 angularVelocity(int) const override { return solver::Vec3::Zero(); }
    solver::Vec3 acceleration(int) const override { return solver::Vec3::Zero(); }
    solver::Vec3 angularAcceleration(int) const override { return solver::Vec3::Zero(); }
  } still;
  EXPECT_EQ(compiled.model.forces[0].functions[0]->evaluate(still), std::ldexp(1.0, 39));
  EXPECT_TRUE(initialConditionsOf(*r.model).ok());
}
