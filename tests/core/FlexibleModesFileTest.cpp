// The flexible record's mode list (per-mode damping ratios) and node outputs in the native file:
// exact round trip, the damping matrix diag(2 ζ_i ω_i) rebuilt from the ratios, old files
// unchanged, located errors for bad entries.
#include <gtest/gtest.h>

#include <cmath>

#include "mbs/core/ModelFile.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

std::shared_ptr<solver::FlexibleBodyData> twoModes()
{
  auto f = std::make_shared<solver::FlexibleBodyData>();
  const int m = 2;
  f->mass = 3.14159265358979;
  f->secondMoment.diagonal() << 0.2617993877991494, 1.0 / 3.0e4, 1.0 / 7.0e4;
  f->modalMass = solver::Mat::Identity(m, m);
  f->modalStiffness = Eigen::Vector2d(446446.1234567891, 3395470.987654321).asDiagonal();
  f->modalFirstMoment = solver::Mat::Zero(3, m);
  for (int i = 0; i < 9; ++i) {
    f->Ibar[i] = solver::Mat::Zero(1, m);
    f->Sbar[i] = solver::Mat::Zero(m, m);
  }
  f->Sbar[4] = solver::Mat::Identity(m, m);
  f->nodes = solver::Mat::Zero(3, 3);
  f->nodes.row(0) << -0.5, 0.0, 0.5;
  f->nodalShapes = solver::Mat::Random(9, m);
  f->modeInfo = {{7, "bending", 0.25, 0.02}, {12, "boundary", 0.125, 0.05}};
  f->modalDamping = solver::modalDampingFromRatios(f->modalMass, f->modalStiffness, f->dampingRatios());
  f->nodeOutputs = {{"mid", 1, 0, 2}, {"tip", 2, -1, -1}};
  return f;
}

Model modelWith(std::shared_ptr<solver::FlexibleBodyData> data)
{
  Model model;
  Part beam;
  beam.name = "beam";
  beam.mass = data->mass;
  beam.flexible.data = std::move(data);
  model.add(beam);
  return model;
}

std::string firstError(const std::string& text)
{
  const auto loaded = modelFromString(text);
  return loaded.errors.empty() ? std::string() : loaded.errors.front().toString();
}

}  // namespace

TEST(FlexibleModesFile, ModeListAndNodeOutputsRoundTripExactly)
{
  const auto data = twoModes();
  // C = diag(2 ζ ω): 2 · 0.02 · √446446.12 = 26.727 and 2 · 0.05 · √3395470.99 = 184.27.
  EXPECT_NEAR(data->modalDamping(0, 0), 2 * 0.02 * std::sqrt(446446.1234567891), 1e-12);
  EXPECT_NEAR(data->modalDamping(1, 1), 2 * 0.05 * std::sqrt(3395470.987654321), 1e-12);
  const std::string saved = modelToString(modelWith(data));
  EXPECT_NE(saved.find("\"damping_ratio\": 0.05"), std::string::npos);
  EXPECT_NE(saved.find("\"chord\""), std::string::npos);
  EXPECT_EQ(saved.find("\"modal_damping\""), std::string::npos) << "the ratios define it";
  const auto loaded = modelFromString(saved);
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(*loaded.model->parts().back().flexible.data == *data);  // damping matrix included
  EXPECT_EQ(modelToString(*loaded.model), saved);
}

TEST(FlexibleModesFile, FilesWithoutModesLoadAsBefore)
{
  auto data = twoModes();
  data->modeInfo.clear();
  data->nodeOutputs.clear();
  data->modalDamping = Eigen::Vector2d(13.36, 36.85).asDiagonal();
  const std::string saved = modelToString(modelWith(data));
  EXPECT_NE(saved.find("\"modal_damping\""), std::string::npos);
  EXPECT_EQ(saved.find("\"modes\""), std::string::npos);
  const auto loaded = modelFromString(saved);
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(*loaded.model->parts().back().flexible.data == *data);
}

TEST(FlexibleModesFile, BadEntriesAreLocatedErrorsWithTheReason)
{
  const std::string saved = modelToString(modelWith(twoModes()));
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string text = saved;
    const auto at = text.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return text.replace(at, from.size(), to);
  };
  EXPECT_NE(firstError(replaced("\"damping_ratio\": 0.05", "\"damping_ratio\": -0.05"))
                .find("mode 12: the damping ratio must be >= 0"),
            std::string::npos);
  EXPECT_NE(firstError(replaced("\"boundary\"", "\"twist\"")).find("'twist' is not a mode type"),
            std::string::npos);
  EXPECT_NE(firstError(replaced("\"number\": 12", "\"number\": 3"))
                .find("mode numbers must be positive and ascending"),
            std::string::npos);
  const std::string badNode = firstError(replaced("\"node\": 2", "\"node\": 9"));
  EXPECT_NE(badNode.find("node output 'tip': node 9 is not one of the 3 nodes"), std::string::npos)
      << badNode;
  EXPECT_NE(badNode.find("/flexible"), std::string::npos) << badNode;
  const std::string both =
      firstError(replaced("\"modes\":", "\"modal_damping\": [[1, 0], [0, 1]], \"modes\":"));
  EXPECT_NE(both.find("give either 'modal_damping' or a 'damping_ratio'"), std::string::npos) << both;
  EXPECT_NE(firstError(replaced("\"chord\": [", "\"chord\": [7, ")).find("expected [a, b]"),
            std::string::npos);
}
