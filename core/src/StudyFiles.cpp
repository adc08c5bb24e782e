#include "mbs/core/StudyFiles.hpp"

#include "mbs/core/AtomicFile.hpp"

#include <unistd.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace mbs::core {
namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

std::string number(double v)
{
  if (!std::isfinite(v))
    return "";
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", v);
  return buffer;
}

std::string csvText(const std::string& s)
{
  if (s.find_first_of(",\"\n\r") == std::string::npos)
    return s;
  std::string out = "\"";
  for (char c : s) {
    if (c == '"')
      out += '"';
    out += (c == '\n' || c == '\r') ? ' ' : c;
  }
  return out + "\"";
}

std::optional<std::string> readText(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

bool writeAtomically(const std::string& path, const std::string& text)
{
  return !writeFileAtomically(path, text);
}

json designJson(const StudyPlan& plan)
{
  const Study& s = plan.study();
  json j = {{"model", s.modelPath}};
  j["variables"] = json::array();
  for (const auto& v : s.variables)
    j["variables"].push_back(v.name);
  j["runs"] = plan.runs();
  j["responses"] = json::array();
  for (const auto& r : s.responses)
    j["responses"].push_back({r.name, r.column, toString(r.statistic), r.time});
  const auto& a = plan.model().analysis;
  j["analysis"] = {toString(a.type),        a.endTime,        a.outputSteps,     toString(a.integrator),
                   toString(a.formulation), a.errorTolerance, s.analysis.derived};
  return j;
}

}  // namespace

std::optional<StudyWorkdir> StudyWorkdir::open(const std::string& dir, const StudyPlan& plan,
                                               std::string& error)
{
  std::error_code ec;
  fs::create_directories(fs::path(dir) / "runs", ec);
  if (ec) {
    error = "cannot create the work directory '" + dir + "': " + ec.message();
    return std::nullopt;
  }
  const std::string manifest = (fs::path(dir) / "design.json").string();
  const std::string design = designJson(plan).dump(1) + "\n";
  if (const auto existing = readText(manifest)) {
    if (*existing != design) {
      error =
          "the work directory '" + dir +
          "' holds the runs of a different study (model, variables, values, analysis or responses differ): "
          "use another --workdir or delete it";
      return std::nullopt;
    }
  } else if (!writeAtomically(manifest, design)) {
    error = "cannot write '" + manifest + "'";
    return std::nullopt;
  }
  return StudyWorkdir(fs::absolute(dir).lexically_normal().string(), plan);
}

std::string StudyWorkdir::resultPath(std::size_t index) const
{
  char name[32];
  std::snprintf(name, sizeof name, "run_%04zu.csv", index + 1);
  return (fs::path(m_dir) / "runs" / name).string();
}

std::string StudyWorkdir::outcomePath(std::size_t index) const
{
  char name[32];
  std::snprintf(name, sizeof name, "run_%04zu.json", index + 1);
  return (fs::path(m_dir) / "runs" / name).string();
}

std::string StudyWorkdir::summaryPath() const
{
  return (fs::path(m_dir) / "summary.csv").string();
}

std::optional<StudyRunOutcome> StudyWorkdir::readOutcome(std::size_t index) const
{
  const auto text = readText(outcomePath(index));
  if (!text)
    return std::nullopt;
  try {
    const json j = json::parse(*text);
    StudyRunOutcome o;
    o.index = index;
    o.ok = j.at("status").get<std::string>() == "ok";
    o.message = j.at("message").get<std::string>();
    for (const auto& v : j.at("variables"))
      o.variables.push_back(v.get<double>());
    for (const auto& v : j.at("responses"))
      o.responses.push_back(v.is_null() ? std::nan("") : v.get<double>());
    if (o.variables.size() != m_plan->study().variables.size() ||
        o.responses.size() != m_plan->study().responses.size())
      return std::nullopt;  // not this study's: run it again
    return o;
  } catch (const json::exception&) {
    return std::nullopt;  // a damaged file: the run is done again
  }
}

bool StudyWorkdir::writeOutcome(const StudyRunOutcome& o) const
{
  json j = {{"run", o.index + 1}, {"status", o.ok ? "ok" : "failed"}, {"message", o.message}};
  j["variables"] = o.variables;
  j["responses"] = json::array();
  for (double r : o.responses)
    j["responses"].push_back(std::isfinite(r) ? json(r) : json(nullptr));
  return writeAtomically(outcomePath(o.index), j.dump(1) + "\n");
}

std::vector<std::size_t> StudyWorkdir::pending() const
{
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < m_plan->runs().size(); ++k)
    if (!readOutcome(k))
      out.push_back(k);
  return out;
}

std::optional<std::size_t> StudyWorkdir::writeSummary(std::string& error) const
{
  std::vector<std::optional<StudyRunOutcome>> outcomes;
  std::vector<std::string> interrupted;
  std::size_t finished = 0;
  for (std::size_t k = 0; k < m_plan->runs().size(); ++k) {
    outcomes.push_back(readOutcome(k));
    finished += outcomes.back().has_value();
    std::string note;
    if (!outcomes.back())
      if (const auto text = readText(partialMarkerPath(resultPath(k))))
        note = text->substr(0, text->find('\n'));
    interrupted.push_back(std::move(note));
  }
  if (!writeAtomically(summaryPath(),
                       studySummaryCsv(m_plan->study(), m_plan->runs(), outcomes, interrupted))) {
    error = "cannot write '" + summaryPath() + "'";
    return std::nullopt;
  }
  return finished;
}

std::string studySummaryCsv(const Study& study, const std::vector<std::vector<double>>& runs,
                            const std::vector<std::optional<StudyRunOutcome>>& outcomes,
                            const std::vector<std::string>& interrupted)
{
  std::string out = "run";
  for (const auto& v : study.variables)
    out += "," + csvText(v.name);
  for (const auto& r : study.responses)
    out += "," + csvText(r.name);
  out += ",status,message\n";
  for (std::size_t k = 0; k < runs.size(); ++k) {
    out += std::to_string(k + 1);
    for (double v : runs[k])
      out += "," + number(v);
    const auto& o = k < outcomes.size() ? outcomes[k] : std::nullopt;
    for (std::size_t r = 0; r < study.responses.size(); ++r)
      out += "," + (o ? number(o->responses[r]) : std::string());
    const std::string note = !o && k < interrupted.size() ? interrupted[k] : std::string();
    out += std::string(",") +
           (!o && !note.empty() ? "interrupted"
            : !o                ? "pending"
            : o->ok             ? "ok"
                                : "failed") +
           "," + (o ? csvText(o->message) : csvText(note)) + "\n";
  }
  return out;
}

namespace {

// A line break would end the script line the value is on (the rest a command of its own).
std::optional<std::string> unsafeScriptValue(const std::string& what, const std::string& value)
{
  const std::size_t bad = value.find_first_of(std::string("\n\r\0", 3));
  if (bad == std::string::npos)
    return std::nullopt;
  return what + " '" + value.substr(0, bad) + "...' contains a " +
         (value[bad] == '\0' ? "NUL character" : "line break") +
         ": it cannot be written into a Slurm job script (rename it)";
}

}  // namespace

std::optional<std::string> slurmScript(const Study& study, const std::string& mbsolve,
                                       const std::string& workdir, const std::string& runList,
                                       std::size_t tasks, std::string& error)
{
  // Paths go between single quotes (a quote inside as '\''), so the shell takes each as one word
  // whatever it contains; a line break would end the #SBATCH or comment line it is on, so values
  // with one are refused rather than escaped.
  auto quoted = [](const std::string& s) {
    std::string out = "'";
    for (char c : s)
      out += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return out + "'";
  };
  const StudySlurm& s = study.slurm;
  const std::pair<const char*, const std::string*> values[] = {
      {"the study file", &study.file},       {"the mbsolve program", &mbsolve},
      {"the work directory", &workdir},      {"the run list", &runList},
      {"the Slurm partition", &s.partition}, {"the Slurm time limit", &s.timeLimit},
      {"the Slurm memory", &s.memory},       {"the Slurm account", &s.account}};
  for (const auto& [what, value] : values)
    if (auto problem = unsafeScriptValue(what, *value)) {
      error = *problem;
      return std::nullopt;
    }
  for (const auto& o : s.extraOptions)
    if (auto problem = unsafeScriptValue("the sbatch option", o)) {
      error = *problem;
      return std::nullopt;
    }
  std::string out = "#!/bin/bash\n# Design study " + study.file + " (written by mbsolve study --slurm)\n";
  out += "#SBATCH --job-name=mbs-study\n";
  out += "#SBATCH --array=0-" + std::to_string(tasks == 0 ? 0 : tasks - 1) + "\n";
  out += "#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=" + std::to_string(s.cpusPerTask) + "\n";
  out += "#SBATCH --time=" + s.timeLimit + "\n";
  if (!s.memory.empty())
    out += "#SBATCH --mem=" + s.memory + "\n";
  if (!s.partition.empty())
    out += "#SBATCH --partition=" + s.partition + "\n";
  if (!s.account.empty())
    out += "#SBATCH --account=" + s.account + "\n";
  // The log path (a path of the user's, spaces and quotes included) goes on sbatch's command line
  // as one argument (slurmSubmitArguments), not into an #SBATCH line that sbatch splits into words.
  for (const auto& o : s.extraOptions)
    out += "#SBATCH " + o + "\n";
  out += "exec " + quoted(mbsolve) + " study " + quoted(study.file) + " --workdir " + quoted(workdir) +
         " --slurm-list " + quoted(runList) + " --slurm-task \"$SLURM_ARRAY_TASK_ID\"\n";
  return out;
}

std::vector<std::string> slurmSubmitArguments(const std::string& script, const std::string& workdir)
{
  const std::string logs = (fs::path(workdir) / "slurm" / "task_%A_%a.out").string();
  return {"sbatch", "--parsable", "--output=" + logs, script};
}

}  // namespace mbs::core
