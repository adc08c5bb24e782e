#pragma once
// The Simbody side of compare_simbody, in its own translation unit: Simbody 3.7's headers need
// C++17 (they are ambiguous under C++20's reversed comparison operators), mbstudio's need C++20.
// This header includes neither.

namespace mbs::bench {

struct SimbodyRun {
  double tip[3] = {0.0, 0.0, 0.0};  // free tip of the chain at the end time [m]
  double cpu = 0.0;                 // CPU time of the calling thread [s]
  long steps = 0, rejected = 0;
};

// The N-link spatial pendulum chain of bench::pendulumChain integrated by Simbody's RK-Merson.
SimbodyRun simbodyChain(int n, double endTime, double accuracy);

}  // namespace mbs::bench
