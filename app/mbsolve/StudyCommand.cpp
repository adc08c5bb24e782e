#include "StudyCommand.hpp"

#include "StopSignals.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <spawn.h>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "mbs/core/AtomicFile.hpp"
#include "mbs/core/ExternalProgram.hpp"
#include "mbs/core/StudyFiles.hpp"

extern char** environ;

namespace mbs::app {
namespace {

namespace fs = std::filesystem;
constexpr int kOk = 0, kRunsFailed = 1, kBadInput = 2, kUnfinished = 3;

struct StudyOptions {
  std::string studyFile;
  std::string workdir;
  int jobs = 0;  // 0: one per core
  bool slurm = false, collect = false, quiet = false, help = false;
  std::optional<long> run;        // internal: one run (1-based) in this process
  std::optional<long> slurmTask;  // internal: one Slurm array task
  std::string slurmList;          // internal: the run list of its submission
};

const char* studyUsage()
{
  return "Usage: mbsolve study STUDY.json [--jobs N] [--workdir DIR] [--quiet]\n"
         "       mbsolve study STUDY.json --slurm [--workdir DIR]\n"
         "       mbsolve study STUDY.json --collect [--workdir DIR]\n"
         "Runs a design study (docs/design-studies.md): the runs of the study file's design, N at a time\n"
         "(default: one per core), each in its own process, into a resumable work directory (default:\n"
         "STUDY_runs next to the study file): DIR/summary.csv (variables, responses, status, message per\n"
         "run) and DIR/runs/run_NNNN.csv. Runs finished earlier are not repeated.\n"
         "  --slurm    submit the unfinished runs as a Slurm job array (sbatch; resources from the study's\n"
         "             \"slurm\" block) and return\n"
         "  --collect  write DIR/summary.csv from the runs finished so far\n"
         "Exit status: 0 all runs ok, 1 some runs failed, 2 bad input, 3 runs not finished (--collect).\n";
}

bool parseCount(const char* text, long& value)
{
  char* end = nullptr;
  value = std::strtol(text, &end, 10);
  return end != text && *end == '\0' && value >= 1;
}

std::optional<StudyOptions> parse(int argc, char** argv, std::string& error)
{
  StudyOptions o;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) {
        error = arg + " needs a value";
        return nullptr;
      }
      return argv[++i];
    };
    long n = 0;
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--jobs") {
      const char* v = value();
      if (!v || !parseCount(v, n) || n > 4096) {
        error = error.empty() ? "--jobs needs a whole number from 1 to 4096" : error;
        return std::nullopt;
      }
      o.jobs = int(n);
    } else if (arg == "--workdir") {
      const char* v = value();
      if (!v)
        return std::nullopt;
      o.workdir = v;
    } else if (arg == "--run" || arg == "--slurm-task") {
      const char* v = value();
      if (!v || !parseCount(v, n) && !(arg == "--slurm-task" && std::strcmp(v, "0") == 0)) {
        error = error.empty() ? arg + " needs a run number" : error;
        return std::nullopt;
      }
      (arg == "--run" ? o.run : o.slurmTask) = n;
    } else if (arg == "--slurm-list") {
      const char* v = value();
      if (!v)
        return std::nullopt;
      o.slurmList = v;
    } else if (arg == "--slurm") {
      o.slurm = true;
    } else if (arg == "--collect") {
      o.collect = true;
    } else if (arg == "--quiet") {
      o.quiet = true;
    } else if (!arg.empty() && arg[0] == '-') {
      error = "unknown option '" + arg + "'";
      return std::nullopt;
    } else if (o.studyFile.empty()) {
      o.studyFile = arg;
    } else {
      error = "unexpected argument '" + arg + "'";
      return std::nullopt;
    }
  }
  if (!o.help && o.studyFile.empty()) {
    error = "no study file given";
    return std::nullopt;
  }
  if (o.slurm && o.collect) {
    error = "--slurm and --collect do not go together (submit, then collect when the job array is done)";
    return std::nullopt;
  }
  return o;
}

void printDiagnostics(const core::Diagnostics& diagnostics)
{
  for (const auto& d : diagnostics)
    std::cerr << "mbsolve study: error: " << d.toString() << '\n';
}

std::string selfPath()
{
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("mbsolve") : self.string();
}

std::string duration(double seconds)
{
  char buffer[32];
  const long s = long(seconds + 0.5);
  std::snprintf(buffer, sizeof buffer, "%02ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  return buffer;
}

// "[#########-----------] 12/40 runs, 1 failed, 00:00:12 elapsed, ~00:00:30 left"
class ProgressBar {
public:
  ProgressBar(std::size_t total, std::size_t done, bool quiet) : m_total(total), m_done(done), m_quiet(quiet)
  {
  }
  void finished(bool ok)
  {
    ++m_done;
    ++m_doneHere;
    m_failed += !ok;
    draw();
  }
  void draw() const
  {
    if (m_quiet)
      return;
    const int width = 30;
    const int filled = m_total ? int(width * m_done / m_total) : width;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_start).count();
    std::string bar(std::size_t(filled), '#');
    bar.append(std::size_t(width - filled), '-');
    std::string left;
    if (m_doneHere > 0 && m_done < m_total)
      left = ", ~" + duration(elapsed / double(m_doneHere) * double(m_total - m_done)) + " left";
    std::fprintf(stderr, "\rstudy: [%s] %zu/%zu runs, %zu failed, %s elapsed%s   ", bar.c_str(), m_done,
                 m_total, m_failed, duration(elapsed).c_str(), left.c_str());
    std::fflush(stderr);
  }
  void end() const
  {
    if (!m_quiet)
      std::fputc('\n', stderr);
  }

private:
  std::size_t m_total, m_done, m_doneHere = 0, m_failed = 0;
  bool m_quiet;
  std::chrono::steady_clock::time_point m_start = std::chrono::steady_clock::now();
};

// The frames and the last time in a run's CSV (the interrupted run's partial marker says them).
void csvExtent(const std::string& path, std::size_t& frames, std::string& lastTime)
{
  std::ifstream in(path);
  std::string line, last;
  frames = 0;
  if (!std::getline(in, line))
    return;
  while (std::getline(in, line))
    if (!line.empty()) {
      ++frames;
      last = line;
    }
  lastTime = last.substr(0, last.find(','));
}

pid_t spawnRun(const std::string& self, const StudyOptions& o, const std::string& workdir, std::size_t index)
{
  std::vector<std::string> args = {
      self, "study", o.studyFile, "--workdir", workdir, "--run", std::to_string(index + 1), "--quiet"};
  std::vector<char*> argv;
  for (auto& a : args)
    argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (posix_spawn(&pid, self.c_str(), nullptr, nullptr, argv.data(), environ) != 0)
    return -1;
  return pid;
}

// A run process that ended without writing its outcome (crash, kill) is recorded as failed.
void recordLostRun(const core::StudyWorkdir& dir, const core::StudyPlan& plan, std::size_t index, int status)
{
  if (dir.readOutcome(index))
    return;
  core::StudyRunOutcome o;
  o.index = index;
  o.variables = plan.runs()[index];
  o.responses.assign(plan.study().responses.size(), std::nan(""));
  o.message = WIFSIGNALED(status) ? "the run process ended by signal " + std::to_string(WTERMSIG(status))
                                  : "the run process exited with status " +
                                        std::to_string(WEXITSTATUS(status)) + " without a result";
  dir.writeOutcome(o);
}

int summarize(const core::StudyWorkdir& dir, const core::StudyPlan& plan, bool quiet)
{
  std::string error;
  const auto finished = dir.writeSummary(error);
  if (!finished) {
    std::cerr << "mbsolve study: error: " << error << '\n';
    return kBadInput;
  }
  std::size_t failed = 0;
  for (std::size_t k = 0; k < plan.runs().size(); ++k)
    if (const auto o = dir.readOutcome(k); o && !o->ok)
      ++failed;
  const std::size_t total = plan.runs().size();
  std::fprintf(stderr, "mbsolve study: %zu of %zu runs finished, %zu failed; summary: %s\n", *finished, total,
               failed, dir.summaryPath().c_str());
  if (*finished < total)
    return kUnfinished;
  return failed ? kRunsFailed : kOk;
}

int runLocally(const StudyOptions& o, const core::StudyWorkdir& dir, const core::StudyPlan& plan)
{
  const std::vector<std::size_t> pending = dir.pending();
  const std::size_t total = plan.runs().size();
  const int jobs = o.jobs > 0 ? o.jobs : int(std::max(1u, std::thread::hardware_concurrency()));
  if (!o.quiet)
    std::fprintf(stderr, "mbsolve study: %zu runs, %zu to do, %d at a time, work directory %s\n", total,
                 pending.size(), jobs, dir.directory().c_str());
  ProgressBar bar(total, total - pending.size(), o.quiet);
  bar.draw();
  catchStopSignals(false);
  const std::string self = selfPath();
  std::map<pid_t, std::size_t> running;
  std::size_t next = 0;
  while ((next < pending.size() || !running.empty())) {
    if (const int signal = stopSignal()) {
      // Stop the runs under way: each keeps its frames so far in its CSV, marked partial, and stays
      // pending (a restart does it again); the summary says which were interrupted.
      for (const auto& [pid, index] : running)
        kill(pid, signal);  // (Ctrl-C in a terminal reached them already)
      std::size_t interrupted = 0;
      for (const auto& [pid, index] : running) {
        int status = 0;
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
        if (!dir.readOutcome(index) &&
            fs::exists(core::StudyWorkdir::partialMarkerPath(dir.resultPath(index))))
          ++interrupted;
        else
          recordLostRun(dir, plan, index, status);
      }
      bar.end();
      std::string error;
      const auto finished = dir.writeSummary(error);
      if (!finished)
        std::cerr << "mbsolve study: error: " << error << '\n';
      std::fprintf(
          stderr,
          "mbsolve study: interrupted by %s: %zu of %zu runs finished, %zu interrupted (their frames so far "
          "in runs/run_NNNN.csv, marked by run_NNNN.csv.partial); summary: %s; run the same command "
          "again to continue\n",
          signalName(signal), finished.value_or(0), total, interrupted, dir.summaryPath().c_str());
      return 128 + signal;
    }
    while (next < pending.size() && int(running.size()) < jobs) {
      const pid_t pid = spawnRun(self, o, dir.directory(), pending[next]);
      if (pid < 0) {
        std::cerr << "\nmbsolve study: error: cannot start a run process (" << self << ")\n";
        return kBadInput;
      }
      running[pid] = pending[next++];
    }
    int status = 0;
    const pid_t done = waitpid(-1, &status, WNOHANG);
    if (done <= 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    const auto it = running.find(done);
    if (it == running.end())
      continue;
    recordLostRun(dir, plan, it->second, status);
    const auto outcome = dir.readOutcome(it->second);
    bar.finished(outcome && outcome->ok);
    running.erase(it);
  }
  bar.end();
  return summarize(dir, plan, o.quiet);
}

int runOne(const core::StudyWorkdir& dir, const core::StudyPlan& plan, std::size_t index)
{
  if (dir.readOutcome(index))
    return kOk;  // finished earlier
  catchStopSignals(false);
  const std::string csv = dir.resultPath(index);
  const std::string marker = core::StudyWorkdir::partialMarkerPath(csv);
  StopSignalMonitor monitor;
  const core::StudyRunOutcome outcome = plan.run(index, csv, &monitor);
  if (const int signal = stopSignal()) {
    // Interrupted: the frames so far are in the CSV, marked partial; no outcome is written, so
    // the run is pending and a restart does it again.
    std::size_t frames = 0;
    std::string lastTime;
    csvExtent(csv, frames, lastTime);
    const std::string text = std::string("partial: interrupted by ") + signalName(signal) +
                             (frames ? " at t = " + lastTime + " s; " : "; ") + std::to_string(frames) +
                             " frames in " + fs::path(csv).filename().string() + "\n";
    if (const auto failed = core::writeFileAtomically(marker, text))
      std::cerr << "mbsolve study: error: " << *failed << '\n';
    std::cerr << "mbsolve study: run " << index + 1 << " interrupted by " << signalName(signal) << "; "
              << frames << " frames in " << csv << " (partial: see " << marker << ")\n";
    return 128 + signal;
  }
  std::error_code ec;
  fs::remove(marker, ec);  // an earlier interrupted attempt's
  if (!dir.writeOutcome(outcome)) {
    std::cerr << "mbsolve study: error: cannot write '" << dir.outcomePath(index) << "'\n";
    return kBadInput;
  }
  return outcome.ok ? kOk : kRunsFailed;
}

// Slurm's default MaxArraySize is 1001: larger studies get more runs per task.
constexpr std::size_t kMaxArrayTasks = 1000;

int runSlurmTask(const core::StudyWorkdir& dir, const core::StudyPlan& plan, const std::string& list,
                 long task)
{
  std::ifstream in(list);
  std::string key;
  std::size_t per = 0;
  if (!in || !(in >> key >> per) || key != "runs_per_task" || per < 1) {
    std::cerr << "mbsolve study: error: cannot read the run list '" << list << "' (written by --slurm)\n";
    return kBadInput;
  }
  std::vector<std::size_t> pending;
  for (std::size_t k; in >> k;)
    pending.push_back(k - 1);
  int status = kOk;
  catchStopSignals(false);
  for (std::size_t k = std::size_t(task) * per; k < std::min(pending.size(), std::size_t(task + 1) * per);
       ++k) {
    if (pending[k] >= plan.runs().size())
      continue;
    if (stopSignal())  // (a time limit between runs: the rest stay pending)
      return 128 + stopSignal();
    std::fprintf(stderr, "mbsolve study: task %ld: run %zu\n", task, pending[k] + 1);
    const int ran = runOne(dir, plan, pending[k]);
    if (ran >= 128)
      return ran;
    status = std::max(status, ran);
  }
  return status == kRunsFailed ? kOk : status;  // a failed run is recorded, not a failed task
}

int submitToSlurm(const StudyOptions& o, const core::StudyWorkdir& dir, const core::StudyPlan& plan)
{
  const std::vector<std::size_t> pending = dir.pending();
  if (pending.empty()) {
    std::fprintf(stderr, "mbsolve study: every run is finished; nothing to submit\n");
    return summarize(dir, plan, o.quiet);
  }
  const fs::path slurmDir = fs::path(dir.directory()) / "slurm";
  std::error_code ec;
  fs::create_directories(slurmDir, ec);
  // Each submission has its own run list, so tasks of an earlier array still running are not
  // handed other runs.
  int submission = 1;
  while (fs::exists(slurmDir / ("pending_" + std::to_string(submission) + ".txt")))
    ++submission;
  const std::string list = (slurmDir / ("pending_" + std::to_string(submission) + ".txt")).string();
  std::size_t per = std::size_t(plan.study().slurm.runsPerTask);
  if ((pending.size() + per - 1) / per > kMaxArrayTasks) {
    per = (pending.size() + kMaxArrayTasks - 1) / kMaxArrayTasks;
    std::fprintf(stderr, "mbsolve study: note: %zu runs per task (at most %zu array tasks)\n", per,
                 kMaxArrayTasks);
  }
  const std::size_t tasks = (pending.size() + per - 1) / per;
  {
    std::ofstream out(list, std::ios::trunc);
    out << "runs_per_task " << per << '\n';
    for (std::size_t k : pending)
      out << k + 1 << '\n';
    if (!out.flush()) {
      std::cerr << "mbsolve study: error: cannot write " << list << '\n';
      return kBadInput;
    }
  }
  const std::string script = (slurmDir / "study.sbatch").string();
  std::string scriptError;
  const auto text = core::slurmScript(plan.study(), selfPath(), dir.directory(), list, tasks, scriptError);
  if (!text) {
    std::cerr << "mbsolve study: error: " << scriptError << '\n';
    return kBadInput;
  }
  if (const auto written = core::writeFileAtomically(script, *text)) {
    std::cerr << "mbsolve study: error: " << *written << '\n';
    return kBadInput;
  }
  // sbatch gets its arguments as they are: no shell, so no path can run a command.
  const core::ProgramRun sbatch = core::runProgram(core::slurmSubmitArguments(script, dir.directory()));
  std::string output = sbatch.output;
  while (!output.empty() && (output.back() == '\n' || output.back() == '\r'))
    output.pop_back();
  if (!sbatch.ok()) {
    std::cerr << "mbsolve study: error: sbatch failed"
              << (!sbatch.started ? " (is Slurm installed? " + sbatch.error + ")" : std::string())
              << (sbatch.signal ? " (ended by signal " + std::to_string(sbatch.signal) + ")" : std::string())
              << ": " << output << "\n  script: " << script << '\n';
    return kBadInput;
  }
  const std::string jobId = output.substr(0, output.find(';'));  // "id;cluster" on federated setups
  std::ofstream(slurmDir / "job_ids", std::ios::app)
      << jobId << ' ' << fs::path(list).filename().string() << '\n';
  // The command to copy is quoted for the shell (the paths may hold quotes, spaces or $).
  auto shellWord = [](const std::string& text) {
    std::string out = "'";
    for (char c : text)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  };
  std::fprintf(stderr,
               "mbsolve study: submitted job array %s: %zu runs in %zu tasks (script %s)\n"
               "  when it is done: mbsolve study %s --workdir %s --collect\n",
               jobId.c_str(), pending.size(), tasks, script.c_str(), shellWord(o.studyFile).c_str(),
               shellWord(dir.directory()).c_str());
  std::cout << jobId << '\n';
  return kOk;
}

}  // namespace

int runStudyCommand(int argc, char** argv)
{
  std::string error;
  const auto options = parse(argc, argv, error);
  if (!options) {
    std::cerr << "mbsolve study: " << error << "\n\n" << studyUsage();
    return kBadInput;
  }
  const StudyOptions& o = *options;
  if (o.help) {
    std::cout << studyUsage();
    return kOk;
  }
  const core::StudyLoad loaded = core::loadStudy(o.studyFile);
  if (!loaded.ok()) {
    printDiagnostics(loaded.errors);
    return kBadInput;
  }
  core::Diagnostics problems;
  const auto plan = core::StudyPlan::prepare(*loaded.study, problems);
  if (!plan) {
    printDiagnostics(problems);
    return kBadInput;
  }
  std::string workdir = o.workdir;
  if (workdir.empty()) {
    const fs::path study(loaded.study->file);
    workdir = (study.parent_path() / (study.stem().string() + "_runs")).string();
  }
  const auto dir = core::StudyWorkdir::open(workdir, *plan, error);
  if (!dir) {
    std::cerr << "mbsolve study: error: " << error << '\n';
    return kBadInput;
  }
  if (o.run) {
    if (std::size_t(*o.run) > plan->runs().size()) {
      std::cerr << "mbsolve study: error: --run " << *o.run << ": the study has " << plan->runs().size()
                << " runs\n";
      return kBadInput;
    }
    return runOne(*dir, *plan, std::size_t(*o.run - 1));
  }
  if (o.slurmTask)
    return runSlurmTask(*dir, *plan, o.slurmList, *o.slurmTask);
  if (o.slurm)
    return submitToSlurm(o, *dir, *plan);
  if (o.collect)
    return summarize(*dir, *plan, o.quiet);
  return runLocally(o, *dir, *plan);
}

}  // namespace mbs::app
