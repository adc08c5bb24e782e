#pragma once
// Runs an external program without a shell: the arguments go to the program as they are (a
// quote, `$(...)`, a backtick or a `;` in a path is just a character), so no input of ours can run
// a command. Every external program of the code base starts here (docs/design-studies.md).
#include <string>
#include <vector>

namespace mbs::core {

struct ProgramRun {
  bool started = false;  // false: the program could not be started (not found, not executable)
  int exitCode = -1;     // the exit status when it exited normally
  int signal = 0;        // the signal that ended it, 0 if none
  std::string output;    // stdout and stderr together
  std::string error;     // why it could not be started / waited for
  bool ok() const { return started && signal == 0 && exitCode == 0; }
};

// Starts arguments[0] (looked up in PATH when it has no '/') with `arguments` as its argv, collects
// its output and waits for it. Output past `maxOutput` bytes is read and dropped.
ProgramRun runProgram(const std::vector<std::string>& arguments, std::size_t maxOutput = 1 << 20);

}  // namespace mbs::core
