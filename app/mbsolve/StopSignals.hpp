#pragma once
// SIGINT (Ctrl-C) and SIGTERM (a Slurm time limit, a study stopping its runs) end mbsolve's work
// cleanly: the handler only records the signal, and the analysis polls it as its cancel request, so
// the frames so far are written and marked as partial before mbsolve exits with 128 + the signal.
#include "mbs/solver/Progress.hpp"

namespace mbs::app {

// Installed first thing in main, so that a signal arriving while the model is read is not lost to
// the default action (which would end mbsolve with nothing said and nothing written).
// secondInterruptEndsAtOnce: a second Ctrl-C kills mbsolve at once (a single run); a study keeps
// catching. A second SIGTERM is the same request again and never kills.
void catchStopSignals(bool secondInterruptEndsAtOnce);
int stopSignal();  // the signal received, 0 if none
const char* signalName(int signal);

class StopSignalMonitor : public solver::ProgressMonitor {
public:
  bool cancelRequested() const override { return stopSignal() != 0; }
};

}  // namespace mbs::app
