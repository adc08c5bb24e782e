// ResultStore (single writer, concurrent readers) and the mbsolve CSV contract.
#include <gtest/gtest.h>

#include <sstream>
#include <thread>

#include "mbs/solver/ResultCsv.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver {
namespace {

ResultFrame frameAt(double t)
{
  ResultFrame f;
  f.state.t = t;
  f.state.q = Vec::Constant(7, t);
  BodyOutput b;
  b.position = Vec3(t, 2 * t, 3 * t);
  b.velocity = Vec3(1, 2, 3);
  b.acceleration = Vec3(0, 0, -9.81);
  b.orientation = Quat::Identity();
  b.angularVelocity = Vec3(0, 0, t);
  b.angularAcceleration = Vec3::Zero();
  f.bodies.push_back(b);
  Reaction r;
  r.force = Vec3(0, 0, 9.81);
  r.torque = Vec3(0.5, 0, 0);
  f.joints.push_back(r);
  return f;
}

TEST(ResultStore, ReadersSeeWholeFramesWhileTheWriterAppends)
{
  ResultStore store;
  ResultLayout layout;
  layout.bodies = {"link"};
  layout.joints = {"pin"};
  store.reset(layout);
  constexpr int kFrames = 3000;
  std::thread writer([&] {
    for (int i = 0; i < kFrames; ++i)
      store.append(frameAt(0.001 * i));
    store.finish(Status::success());
  });
  long checks = 0;
  while (!store.finished() || checks == 0) {
    const size_t n = store.size();
    if (n == 0)
      continue;
    const ResultFrame last = store.frame(n - 1);  // published frames are always complete
    ASSERT_EQ(last.bodies.size(), 1u);
    ASSERT_EQ(last.state.q.size(), 7);
    EXPECT_DOUBLE_EQ(last.state.t, 0.001 * (n - 1));
    EXPECT_DOUBLE_EQ(last.bodies[0].position.y(), 2 * last.state.t);
    const auto times = store.times();
    EXPECT_GE(times.size(), n);
    ++checks;
  }
  writer.join();
  EXPECT_EQ(store.size(), static_cast<size_t>(kFrames));
  EXPECT_TRUE(store.finalStatus().ok());
  const auto z = store.series([](const ResultFrame& f) { return f.bodies[0].position.z(); }, kFrames - 2);
  ASSERT_EQ(z.size(), 2u);
  EXPECT_DOUBLE_EQ(z[1], 3 * 0.001 * (kFrames - 1));
  EXPECT_THROW(store.frame(kFrames), std::out_of_range);
  store.reset(layout);
  EXPECT_EQ(store.size(), 0u);
  EXPECT_FALSE(store.finished());
}

TEST(ResultCsv, WritesTheMbsolveContract)
{
  ResultStore store;
  ResultLayout layout;
  layout.bodies = {"link"};
  layout.joints = {"pin"};
  store.reset(layout);
  store.append(frameAt(0.0));
  store.append(frameAt(0.5));
  std::ostringstream out;
  writeResultCsv(store, out);
  std::istringstream in(out.str());
  std::string header, row0, row1, extra;
  std::getline(in, header);
  std::getline(in, row0);
  std::getline(in, row1);
  EXPECT_FALSE(std::getline(in, extra));
  EXPECT_EQ(
      header,
      "time,link.x,link.y,link.z,link.e0,link.e1,link.e2,link.e3,link.vx,link.vy,link.vz,link.wx,link.wy,"
      "link.wz,link.ax,link.ay,link.az,pin.fx,pin.fy,pin.fz,pin.tx,pin.ty,pin.tz");
  EXPECT_EQ(row1, "0.5,0.5,1,1.5,1,0,0,0,1,2,3,0,0,0.5,0,0,-9.81,0,0,9.81,0.5,0,0");
  const Status bad = writeResultCsv(store, std::string("/nonexistent-dir/out.csv"));
  EXPECT_EQ(bad.code, StatusCode::BadInput);
  EXPECT_NE(bad.message.find("/nonexistent-dir/out.csv"), std::string::npos);
}

}  // namespace
}  // namespace mbs::solver
