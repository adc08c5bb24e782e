// Issue 29: a ResultStore with a spill directory keeps every frame readable (frame, series, times)
// while only the newest stay in memory, the rest in an unlinked temporary file — the GUI's store,
// so that a long run's memory does not grow with it.
#include <gtest/gtest.h>

#include <atomic>
#include <filesystem>
#include <thread>

#include "mbs/solver/Analysis.hpp"
#include "results/FrameSpill.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

namespace fs = std::filesystem;

// A frame whose every field depends on k (so a mixed-up frame or field shows).
ResultFrame syntheticFrame(std::size_t k)
{
  const double x = double(k);
  ResultFrame f;
  f.state.t = 1e-3 * x;
  f.state.q = Vec::LinSpaced(7, x, x + 6);
  f.state.qd = Vec::Constant(7, -x);
  f.state.qdd = Vec::Constant(7, 0.5 * x);
  f.state.lambda = Vec::Constant(3, x + 0.25);
  BodyOutput b;
  b.position = Vec3(x, 1, 2), b.velocity = Vec3(3, x, 4), b.acceleration = Vec3(5, 6, x);
  b.orientation = Quat(Eigen::AngleAxisd(1e-4 * x, Vec3::UnitZ()));
  b.angularVelocity = Vec3(x, -x, 7), b.angularAcceleration = Vec3(8, 9, -x);
  f.bodies = {b, b};
  f.joints = {{Vec3(x, 0, 0), Vec3(0, x, 0)}};
  f.motions = {{Vec3(0, 0, x), Vec3(x, x, x)}};
  f.forces = {{Vec3(1, 2, x), Vec3(x, 3, 4), 0.1 * x, -0.1 * x}};
  FrictionOutput fr;
  fr.force = Vec3(x, 1, 1), fr.contactNormals = {x, 1, 2, 3}, fr.normalForce = x, fr.stick = k % 2 == 0;
  fr.power = 2 * x;
  f.friction = {fr};
  ClearanceOutput c;
  c.force = Vec3(1, x, 1), c.penetration = -x, c.eccentricityY = x, c.contact = k % 3 == 0;
  f.clearance = {c};
  SolidContactOutput contact;
  contact.force = Vec3(x, 2, 3);
  contact.penetration = -1e-6 * x;
  contact.normal = Vec3::UnitZ();
  contact.points = int(k % 4);
  f.contacts = {contact};
  f.modal = {Vec::Constant(4, x)};
  return f;
}

void expectSameFrame(const ResultFrame& a, const ResultFrame& b)
{
  EXPECT_EQ(detail::serializeFrame(a), detail::serializeFrame(b));  // every field, bit for bit
  EXPECT_EQ(a.state.t, b.state.t);
  EXPECT_EQ(a.bodies.at(1).orientation.coeffs(), b.bodies.at(1).orientation.coeffs());
  EXPECT_EQ(a.friction.at(0).stick, b.friction.at(0).stick);
  EXPECT_EQ(a.clearance.at(0).contact, b.clearance.at(0).contact);
  EXPECT_EQ(a.contacts.at(0).points, b.contacts.at(0).points);
  EXPECT_EQ(a.contacts.at(0).penetration, b.contacts.at(0).penetration);
}

fs::path freshFolder(const std::string& name)
{
  const fs::path dir = fs::temp_directory_path() / ("mbs_spill_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

TEST(ResultSpill, EveryFrameStaysReadableWhileMemoryHoldsOnlyTheNewest)
{
  const fs::path dir = freshFolder("frames");
  ResultStore store;
  store.setSpill(dir.string(), 100);
  store.reset(ResultLayout{});
  const std::size_t n = 5000;
  for (std::size_t k = 0; k < n; ++k) {
    store.append(syntheticFrame(k));
    EXPECT_LE(store.residentFrames(), 100u + 1024u);
  }
  store.finish(Status::success());
  EXPECT_TRUE(store.spillError().empty()) << store.spillError();
  EXPECT_EQ(store.size(), n);
  EXPECT_EQ(store.firstIndex(), 0u);
  EXPECT_EQ(store.spilledFrames(), 4096u);  // four chunks of 1024
  for (std::size_t k : {std::size_t(0), std::size_t(1), std::size_t(1023), std::size_t(1024),
                        std::size_t(4095), std::size_t(4096), n - 1})
    expectSameFrame(store.frame(k), syntheticFrame(k));
  const std::vector<double> t = store.times();
  ASSERT_EQ(t.size(), n);
  for (std::size_t k = 0; k < n; ++k)
    ASSERT_EQ(t[k], 1e-3 * double(k));
  const std::vector<double> x = store.series([](const ResultFrame& f) { return f.friction[0].power; }, 2000);
  ASSERT_EQ(x.size(), n - 2000);
  EXPECT_EQ(x.front(), 4000.0);
  EXPECT_EQ(x.back(), 2.0 * double(n - 1));
  EXPECT_THROW(store.frame(n), std::out_of_range);
  // The file is unlinked at once: nothing is left in the folder, during the run or after.
  EXPECT_TRUE(fs::is_empty(dir));
  store.reset(ResultLayout{});  // a new run starts a new file
  EXPECT_EQ(store.spilledFrames(), 0u);
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST(ResultSpill, ReadersOnAnotherThreadSeeWholeFramesWhileTheRunSpills)
{
  const fs::path dir = freshFolder("threads");
  ResultStore store;
  store.setSpill(dir.string(), 64);
  store.reset(ResultLayout{});
  std::atomic<bool> done{false};
  std::atomic<long> checked{0};
  std::thread reader([&] {
    while (!done.load()) {
      const std::size_t size = store.size();
      for (std::size_t k = 0; k < size; k += 97) {
        const ResultFrame f = store.frame(k);
        ASSERT_EQ(f.state.t, 1e-3 * double(k));
        ASSERT_EQ(f.bodies[0].position.x(), double(k));
        ++checked;
      }
      ASSERT_EQ(store.times().size() >= size, true);
    }
  });
  for (std::size_t k = 0; k < 6000; ++k)
    store.append(syntheticFrame(k));
  done = true;
  reader.join();
  EXPECT_GT(checked.load(), 0);
  EXPECT_GT(store.spilledFrames(), 0u);
}

TEST(ResultSpill, AFolderThatCannotTakeTheFileKeepsTheFramesInMemory)
{
  ResultStore store;
  store.setSpill("/nonexistent/mbs_spill_folder", 10);
  store.reset(ResultLayout{});
  for (std::size_t k = 0; k < 2000; ++k)
    store.append(syntheticFrame(k));
  EXPECT_NE(store.spillError().find("/nonexistent/mbs_spill_folder"), std::string::npos)
      << store.spillError();
  EXPECT_EQ(store.spilledFrames(), 0u);
  EXPECT_EQ(store.residentFrames(), 2000u);
  expectSameFrame(store.frame(0), syntheticFrame(0));
}

TEST(ResultSpill, ASpilledRunGivesTheSameResultsAsOneKeptInMemory)
{
  Model m = test::sliderCrank(0.1, 0.3, 0.7, 10.0, false);
  AnalysisSettings s;
  s.kind = AnalysisKind::Dynamic;
  s.endTime = 3.0;
  s.outputStep = 5e-4;  // 6001 frames
  ResultStore inMemory;
  ASSERT_TRUE(runAnalysis(m, s, nullptr, inMemory).status.ok());
  const fs::path dir = freshFolder("run");
  ResultStore spilled;
  spilled.setSpill(dir.string(), 500);
  ASSERT_TRUE(runAnalysis(m, s, nullptr, spilled).status.ok());
  EXPECT_GT(spilled.spilledFrames(), 4000u);
  EXPECT_LE(spilled.residentFrames(), 500u + 1024u);
  ASSERT_EQ(spilled.size(), inMemory.size());
  for (std::size_t k = 0; k < inMemory.size(); k += 250)
    EXPECT_EQ(detail::serializeFrame(spilled.frame(k)), detail::serializeFrame(inMemory.frame(k))) << k;
  const auto slider = [](const ResultFrame& f) { return f.bodies[2].position.x(); };
  EXPECT_EQ(spilled.series(slider), inMemory.series(slider));
}

}  // namespace
}  // namespace mbs::solver
