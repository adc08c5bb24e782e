#pragma once
// `mbsolve study STUDY.json ...`: design studies on the local cores or a Slurm cluster
// (docs/design-studies.md).

namespace mbs::app {

// argv[0] is "study". Returns the exit status.
int runStudyCommand(int argc, char** argv);

}  // namespace mbs::app
