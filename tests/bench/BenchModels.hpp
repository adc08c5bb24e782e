// Benchmark mechanisms shared by the bench programs: an N-link spatial pendulum chain and a chain
// of N four-bar loops (UDC A02 layout).
#pragma once

#include <chrono>
#include <ctime>
#include <string>
#include <vector>

#include "mbs/solver/Model.hpp"

namespace mbs::solver::bench {

// CPU time of the calling thread, as a std::chrono clock. The benchmarks time with it rather than
// with wall time: on the shared build machine (load 4–10 on 2 cores) a run's wall time measured
// how often the other jobs took its core, by up to 2× from run to run, not its own cost.
struct ThreadCpuClock {
  using duration = std::chrono::nanoseconds;
  using rep = duration::rep;
  using period = duration::period;
  using time_point = std::chrono::time_point<ThreadCpuClock>;
  static constexpr bool is_steady = true;
  static time_point now()
  {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return time_point(duration(static_cast<rep>(ts.tv_sec) * 1000000000 + ts.tv_nsec));
  }
};

inline Body rod(const std::string& name, const Vec3& centre, const Vec3& inertia)
{
  Body b;
  b.name = name;
  b.mass = 1.0;
  b.inertia = inertia.asDiagonal();
  b.position = centre;
  return b;
}

inline int marker(Model& m, int body, const Vec3& local)
{
  Marker mk;
  mk.name = "m" + std::to_string(m.markers.size());
  mk.body = body;
  mk.position = local;
  m.markers.push_back(mk);
  return static_cast<int>(m.markers.size()) - 1;
}

inline void joint(Model& m, JointType type, int i, int j)
{
  Joint jt;
  jt.name = "j" + std::to_string(m.joints.size());
  jt.type = type;
  jt.iMarker = i;
  jt.jMarker = j;
  m.joints.push_back(jt);
}

// Rods of length 1 along x, horizontal at rest, spherical joints, gravity −z.
inline Model pendulumChain(int n)
{
  Model m;
  m.gravity = Vec3(0, 0, -9.81);
  for (int k = 0; k < n; ++k) {
    m.bodies.push_back(rod("link" + std::to_string(k), Vec3(k + 0.5, 0, 0), Vec3(0.001, 0.084, 0.084)));
    const int i = marker(m, k, Vec3(-0.5, 0, 0));
    const int j = k == 0 ? marker(m, kGround, Vec3::Zero()) : marker(m, k - 1, Vec3(0.5, 0, 0));
    joint(m, JointType::Spherical, i, j);
  }
  return m;
}

// Cranks (length 1, vertical) on ground revolutes at x = 0..N, couplers (length 1) joining their tops.
inline Model fourBarChain(int n)
{
  Model m;
  m.gravity = Vec3(0, -9.81, 0);
  const double omega = 1.0;
  std::vector<int> tops;
  for (int k = 0; k <= n; ++k) {
    Body b = rod("crank" + std::to_string(k), Vec3(k, 0.5, 0), Vec3(0.084, 0.001, 0.084));
    b.velocity = Vec3(-0.5 * omega, 0, 0);
    b.angularVelocity = Vec3(0, 0, omega);
    m.bodies.push_back(b);
    const int body = static_cast<int>(m.bodies.size()) - 1;
    joint(m, JointType::Revolute, marker(m, body, Vec3(0, -0.5, 0)), marker(m, kGround, Vec3(k, 0, 0)));
    tops.push_back(body);
  }
  for (int k = 0; k < n; ++k) {
    Body b = rod("coupler" + std::to_string(k), Vec3(k + 0.5, 1, 0), Vec3(0.001, 0.084, 0.084));
    b.velocity = Vec3(-omega, 0, 0);
    m.bodies.push_back(b);
    const int body = static_cast<int>(m.bodies.size()) - 1;
    joint(m, JointType::Spherical, marker(m, body, Vec3(-0.5, 0, 0)), marker(m, tops[k], Vec3(0, 0.5, 0)));
    joint(m, JointType::Spherical, marker(m, body, Vec3(0.5, 0, 0)), marker(m, tops[k + 1], Vec3(0, 0.5, 0)));
  }
  return m;
}

}  // namespace mbs::solver::bench
