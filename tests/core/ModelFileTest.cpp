#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "TestUtil.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs::core;
using namespace mbs::core::test;

TEST(ModelFile, BundledExamplesRoundTripByteForByte)
{
  for (const auto& name : bundledModels()) {
    SCOPED_TRACE(name);
    const std::string original = readFile(modelPath(name));
    auto first = loadModel(modelPath(name));
    for (const auto& e : first.errors)
      ADD_FAILURE() << e.toString();
    ASSERT_TRUE(first.ok());
    const std::string saved = modelToString(*first.model);
    auto second = modelFromString(saved);
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(modelToString(*second.model), saved);
    EXPECT_EQ(saved, original) << "the bundled file is not in canonical form";
  }
}

TEST(ModelFile, BundledExamplesAreAssembled)
{
  // Joint markers coincide and joint axes agree at the initial configuration; parts have mass
  // and geometry for drawing.
  for (const auto& name : bundledModels()) {
    SCOPED_TRACE(name);
    auto r = loadModel(modelPath(name));
    ASSERT_TRUE(r.ok());
    const Model& m = *r.model;
    for (const Joint& j : m.joints()) {
      SCOPED_TRACE(j.name);
      const Vec3 d = m.markerGlobalPosition(j.iMarker) - m.markerGlobalPosition(j.jMarker);
      const Vec3 zi = m.markerGlobalOrientation(j.iMarker).col(2),
                 zj = m.markerGlobalOrientation(j.jMarker).col(2);
      // Translational joints only need I on J's z line; the others need coincident origins.
      EXPECT_LT(j.kind == JointKind::Translational ? d.cross(zj).norm() : d.norm(), 1e-12);
      if (j.kind == JointKind::Revolute || j.kind == JointKind::Translational) {
        EXPECT_LT(zi.cross(zj).norm(), 1e-12);
      }
      if (j.kind == JointKind::Universal) {
        EXPECT_LT(std::abs(zi.dot(zj)), 1e-12);
      }
    }
    for (const Part& p : m.parts()) {
      if (!p.ground) {
        EXPECT_GT(p.mass, 0.0);
        EXPECT_FALSE(p.geometry.empty());
      }
    }
  }
  // The slider-crank starts at CASES.md closed form 1: theta = 60 deg, x = 0.337228132326901.
  auto sc = loadModel(modelPath("slider_crank"));
  ASSERT_TRUE(sc.ok());
  const Part& slider = *sc.model->part(sc.model->findPart("slider"));
  EXPECT_NEAR(slider.position.x(), 0.337228132326901, 1e-14);
  const Part& rod = *sc.model->part(sc.model->findPart("rod"));
  EXPECT_NEAR(rod.orientation[0], -0.292842771728575, 1e-14);
  // The pendulum of IFToMM A01 starts at (-1, 0) with g = 9.81 along -y.
  auto pend = loadModel(modelPath("pendulum"));
  ASSERT_TRUE(pend.ok());
  EXPECT_TRUE(pend.model->parts()[1].position.isApprox(Vec3(-1, 0, 0)));
  EXPECT_TRUE(pend.model->gravity.isApprox(Vec3(0, -9.81, 0)));
}

TEST(ModelFile, UnitsOfTheFileAreConvertedOnInput)
{
  const std::string text = R"json({
  "format": "mbstudio-model", "version": 1,
  "units": {"length": "mm", "mass": "g", "time": "s", "force": "N", "angle": "deg"},
  "gravity": [0, -9810, 0],
  "parts": [
    {"id": 1, "name": "ground", "ground": true},
    {"id": 2, "name": "link", "mass": 500, "inertia": {"ixx": 1000, "iyy": 2000, "izz": 2000},
     "position": [100, 0, 0], "orientation": [90, 0, 0], "velocity": [10, 0, 0], "angular_velocity": [180, 0, 0]}
  ],
  "markers": [{"id": 3, "name": "m", "part": "link", "position": [0, 50, 0], "orientation": {"euler313": [0, 90, 0]}},
              {"id": 5, "name": "anchor", "part": "ground", "position": [0, 0, 0]}],
  "forces": [{"id": 4, "name": "k", "type": "translational_spring_damper", "i_marker": "m", "j_marker": "anchor",
              "stiffness": 2, "damping": 0.5, "free_length": 10},
             {"id": 6, "name": "push", "type": "single_force", "i_marker": "m", "j_marker": "anchor",
              "function": "-2*DM(m, anchor)"}]
})json";
  auto r = modelFromString(text, "mm.mbs.json");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  const Part& p = m.parts()[1];
  EXPECT_DOUBLE_EQ(p.mass, 0.5);
  EXPECT_DOUBLE_EQ(p.inertia.ixx, 1000 * 1e-3 * 1e-6);
  EXPECT_DOUBLE_EQ(p.position.x(), 0.1);
  EXPECT_NEAR(p.orientation[0], M_PI / 2, 1e-15);
  EXPECT_DOUBLE_EQ(p.velocity.x(), 0.01);
  EXPECT_NEAR(p.angularVelocity.x(), M_PI, 1e-15);
  EXPECT_NEAR(m.gravity.y(), -9.81, 1e-12);
  EXPECT_DOUBLE_EQ(m.markers()[0].position.y(), 0.05);
  EXPECT_DOUBLE_EQ(m.forces()[0].stiffness, 2000.0);
  EXPECT_DOUBLE_EQ(m.forces()[0].freeLength, 0.01);
  // Expressions read measures in the file's units (2 N per mm of DM): rewritten to SI.
  EXPECT_EQ(m.forces()[1].functions[0], "-2*(DM(m, anchor)/0.001)");
  // Saved back in SI, and that file loads to the same model.
  const std::string saved = modelToString(m);
  EXPECT_NE(saved.find("\"length\": \"m\""), std::string::npos);
  auto again = modelFromString(saved, "si.mbs.json");
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(modelToString(*again.model), saved);
}

namespace {

// The pendulum file with one textual replacement.
std::string pendulumWith(const std::string& from, const std::string& to)
{
  std::string s = readFile(modelPath("pendulum"));
  const auto at = s.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  return at == std::string::npos ? s : s.replace(at, from.size(), to);
}

void expectError(const std::string& text, int line, const std::string& field, const std::string& reason)
{
  auto r = modelFromString(text, "bad.mbs.json");
  ASSERT_FALSE(r.ok()) << reason;
  ASSERT_FALSE(r.errors.empty());
  bool found = false;
  for (const auto& e : r.errors) {
    EXPECT_EQ(e.file, "bad.mbs.json");
    found |= (line == 0 || e.line == line) && (field.empty() || e.field == field) &&
             e.reason.find(reason) != std::string::npos;
  }
  EXPECT_TRUE(found) << "expected " << field << ": " << reason << "\n got " << r.errors[0].toString();
}

}  // namespace

TEST(ModelFile, MalformedFilesAreRejectedWholeWithLocatedErrors)
{
  expectError(pendulumWith("\"mass\": 1.0,", "\"mass\": 1.0"), 36, "", "syntax error");
  expectError(pendulumWith("\"mass\": 1.0", "\"mass\": \"heavy\""), 0, "/parts/1/mass",
              "expected a finite number");
  expectError(pendulumWith("\"mass\": 1.0", "\"mass\": 0.0"), 0, "/parts/1/mass", "mass must be positive");
  expectError(pendulumWith("\"mass\": 1.0", "\"mass\": -2.0"), 0, "/parts/1/mass", "mass must be positive");
  expectError(pendulumWith("\"ixx\": 1e-06", "\"ixx\": -1e-06"), 0, "/parts/1/inertia",
              "not positive definite");
  expectError(pendulumWith("\"cm_marker\": \"bob_cm\"", "\"cm_marker\": \"nowhere\""), 0,
              "/parts/1/cm_marker", "unknown marker 'nowhere'");
  expectError(pendulumWith("\"i_marker\": \"bob_pivot\"", "\"i_marker\": \"bob\""), 0, "/joints/0/i_marker",
              "unknown marker 'bob'");
  expectError(pendulumWith("\"name\": \"bob_cm\"", "\"name\": \"BOB\""), 0, "", "duplicate name 'BOB'");
  expectError(pendulumWith("\"length\": \"m\"", "\"length\": \"parsec\""), 0, "/units/length",
              "unknown unit 'parsec'");
  expectError(pendulumWith("\"type\": \"revolute\"", "\"type\": \"hinge\""), 0, "/joints/0/type",
              "unknown joint type");
  expectError(pendulumWith("\"mass\": 1.0", "\"mass\": 1.0, \"colour\": 3"), 0, "/parts/1/colour",
              "unknown field");
  expectError(pendulumWith("\"version\": 1", "\"version\": 7"), 0, "/version", "unsupported version");
  expectError(pendulumWith("\"position\": [-1.0, 0.0, 0.0]", "\"position\": [-1.0, 0.0]"), 0,
              "/parts/1/position", "3 numbers");
  expectError(pendulumWith("\"id\": 6", "\"id\": 5"), 0, "/joints/0/id", "duplicate id 5");
  expectError(pendulumWith("\"ground\": true", "\"ground\": false"), 0, "", "");
  expectError("[1, 2]", 0, "/", "expected a JSON object");
  expectError("", 1, "", "syntax error");
}

TEST(ModelFile, ExpressionErrorsNameEntityAndPosition)
{
  std::string text = readFile(modelPath("slider_crank"));
  text.replace(text.find("PI/3 + 10*TIME"), 14, "PI/3 + 10*TIMEX");
  auto r = modelFromString(text);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.errors[0].field, "/motions/0/function");
  EXPECT_NE(r.errors[0].reason.find("crank_drive"), std::string::npos);
  EXPECT_NE(r.errors[0].reason.find("position 11"), std::string::npos) << r.errors[0].reason;
}

TEST(ModelFile, RandomByteMutationsNeverCrash)
{
  std::mt19937 rng(12345);
  std::vector<std::string> bases;
  for (const auto& n : bundledModels())
    bases.push_back(readFile(modelPath(n)));
  const std::string alphabet = "{}[]\":,.-0123456789eE \ntruefalsnul";
  int loaded = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::string s = bases[iter % bases.size()];
    const int edits = 1 + int(rng() % 3);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % s.size();
      switch (rng() % 4) {
        case 0:
          s[at] = char(rng() % 256);
          break;
        case 1:
          s[at] = alphabet[rng() % alphabet.size()];
          break;
        case 2:
          s.erase(at, 1 + rng() % 4);
          break;
        default:
          s.insert(at, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
    }
    auto r = modelFromString(s);
    EXPECT_NE(r.ok(), !r.errors.empty());
    if (r.ok()) {
      ++loaded;
      EXPECT_TRUE(r.model->validate().empty());
    }
  }
  EXPECT_GT(loaded, 0);
}

TEST(ModelFile, SaveAndLoadFromDisk)
{
  auto r = loadModel(modelPath("four_bar"));
  ASSERT_TRUE(r.ok());
  const std::string path = ::testing::TempDir() + "four_bar_copy.mbs.json";
  EXPECT_FALSE(saveModel(*r.model, path));
  auto back = loadModel(path);
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(modelToString(*back.model), modelToString(*r.model));
  auto missing = loadModel(path + ".does_not_exist");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.errors[0].reason.find("cannot open"), std::string::npos);
}
