#pragma once
// mbsolve FILE.acf: runs an Adams command file (docs/mbsolve.md, docs/adams-interop.md).
#include <string>

#include "Options.hpp"

namespace mbs::app {

// Reads the command file and its dataset, runs its commands in order (successive SIMULATEs
// continue from the state and time the previous one ended at) and writes <output name>.csv (or
// options.outPath). Returns mbsolve's exit status: 0, 1 (an analysis failed), 2 (bad input).
int runCommandFile(const SolveOptions& options);

}  // namespace mbs::app
