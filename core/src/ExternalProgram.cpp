#include "mbs/core/ExternalProgram.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <fcntl.h>
#include <spawn.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

extern char** environ;

namespace mbs::core {

ProgramRun runProgram(const std::vector<std::string>& arguments, std::size_t maxOutput)
{
  ProgramRun run;
  if (arguments.empty()) {
    run.error = "no program given";
    return run;
  }
  for (const std::string& a : arguments)
    if (a.find('\0') != std::string::npos) {
      run.error = "an argument contains a NUL character";
      return run;
    }
  std::vector<std::string> copies = arguments;
  std::vector<char*> argv;
  for (std::string& a : copies)
    argv.push_back(a.data());
  argv.push_back(nullptr);

  int pipeFds[2];
  if (pipe2(pipeFds, O_CLOEXEC) != 0) {
    run.error = std::string("cannot create a pipe: ") + std::strerror(errno);
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, pipeFds[1], STDERR_FILENO);
  posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(pipeFds[1]);
  if (spawned != 0) {
    close(pipeFds[0]);
    run.error = "cannot run '" + arguments[0] + "': " + std::strerror(spawned);
    return run;
  }
  run.started = true;
  char buffer[4096];
  for (;;) {
    const ssize_t n = read(pipeFds[0], buffer, sizeof buffer);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    if (run.output.size() < maxOutput)
      run.output.append(buffer, std::min<std::size_t>(std::size_t(n), maxOutput - run.output.size()));
  }
  close(pipeFds[0]);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      run.error = std::string("cannot wait for '") + arguments[0] + "': " + std::strerror(errno);
      return run;
    }
  }
  if (WIFEXITED(status))
    run.exitCode = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    run.signal = WTERMSIG(status);
  return run;
}

}  // namespace mbs::core
