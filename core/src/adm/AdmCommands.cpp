// Adams command files (.acf): the dataset, the output name and the commands mbsolve runs.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "AdmImporter.hpp"
#include "mbs/core/AdamsCommandFile.hpp"

namespace mbs::core {
namespace {

using adm::Argument;
using adm::Statement;

std::string trim(const std::string& s)
{
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos)
    return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

AdamsCommand command(AdamsCommand::Kind kind, int line, std::string label)
{
  AdamsCommand c;
  c.kind = kind;
  c.line = line;
  c.label = std::move(label);
  return c;
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

class CommandReader {
public:
  CommandReader(AdamsCommandFile& out, const std::string& file, adm::Importer& importer,
                bool allowUnsupported)
      : m_out(out),
        m_file(file),
        m_importer(importer),
        m_allow(allowUnsupported),
        m_settings(out.dataset.model->analysis)
  {
  }

  // Returns false at STOP.
  bool read(const Statement& st);

private:
  std::string label(const Statement& st) const { return st.known ? st.name : st.given; }
  void error(const Statement& st, int line, const std::string& reason)
  {
    m_out.errors.push_back({m_file, line ? line : st.line, label(st), {}, reason});
  }
  void warn(const Statement& st, int line, const std::string& reason)
  {
    m_out.warnings.push_back({m_file, line ? line : st.line, label(st), {}, reason});
  }
  void refuse(const Statement& st, int line, const std::string& what)
  {
    const Diagnostic d{m_file, line ? line : st.line, label(st), {}, what};
    m_out.dropped.push_back(d);
    if (m_allow)
      m_out.warnings.push_back({d.file, d.line, d.field, {}, what + " (dropped: --allow-unsupported)"});
    else
      m_out.errors.push_back({d.file, d.line, d.field, {}, what + " (use --allow-unsupported to drop it)"});
  }
  const Argument* arg(const Statement& st, const char* key)
  {
    for (const Argument& a : st.args)
      if (a.known && !a.flag && a.key == key) {
        m_used.insert(&a);
        return &a;
      }
    return nullptr;
  }
  bool flag(const Statement& st, const char* key)
  {
    for (const Argument& a : st.args)
      if (a.known && a.flag && a.key == key) {
        m_used.insert(&a);
        return true;
      }
    return false;
  }
  std::optional<double> number(const Statement& st, const Argument& a, std::size_t k)
  {
    char* end = nullptr;
    const double v = k < a.values.size() ? std::strtod(a.values[k].c_str(), &end) : NAN;
    if (k >= a.values.size() || end == a.values[k].c_str() || *end != '\0' || !std::isfinite(v)) {
      error(st, a.line, a.key + ": expected a number");
      return std::nullopt;
    }
    return v;
  }
  void simulate(const Statement& st);
  void activation(const Statement& st, bool activate);
  void reportUnused(const Statement& st);

  AdamsCommandFile& m_out;
  std::string m_file;
  adm::Importer& m_importer;
  bool m_allow;
  AnalysisSettings m_settings;
  std::set<const Argument*> m_used;
};

bool CommandReader::read(const Statement& st)
{
  if (!st.known) {
    refuse(st, 0, "'" + st.given + "' is not an Adams command mbsolve knows of");
    return true;
  }
  const adm::StatementInfo& info = *adm::statementInfo(st.name, adm::commands());
  if (info.use == adm::Use::Ignored) {
    warn(st, 0, st.name + " is not run: " + info.why);
    return true;
  }
  if (info.use == adm::Use::Refused) {
    refuse(st, 0, st.name + " cannot be run: " + info.why);
    return true;
  }
  if (st.name == "STOP") {
    m_out.commands.push_back(command(AdamsCommand::Kind::Stop, st.line, "STOP"));
    return false;
  }
  if (st.name == "SIMULATE") {
    simulate(st);
  } else if (st.name == "ACTIVATE" || st.name == "DEACTIVATE") {
    activation(st, st.name == "ACTIVATE");
  } else if (st.name == "INTEGRATOR") {
    AdamsCommand c = command(AdamsCommand::Kind::Settings, st.line, "INTEGRATOR");
    m_settings = m_importer.integratorCommand(st, m_settings, m_out.warnings, m_out.errors, m_out.dropped);
    c.settings = m_settings;
    m_out.commands.push_back(c);
    return true;  // its arguments are reported by the importer
  }
  reportUnused(st);
  return true;
}

void CommandReader::simulate(const Statement& st)
{
  AdamsCommand c = command(AdamsCommand::Kind::Simulate, st.line, "SIMULATE");
  int kinds = 0;
  for (const auto& [word, type] :
       {std::pair{"STATIC", AnalysisType::Static}, std::pair{"KINEMATIC", AnalysisType::Kinematic},
        std::pair{"DYNAMIC", AnalysisType::Dynamic}, std::pair{"TRANSIENT", AnalysisType::Dynamic},
        std::pair{"INITIAL_CONDITIONS", AnalysisType::InitialConditions}}) {
    if (flag(st, word)) {
      c.analysis = type;
      ++kinds;
    }
  }
  if (kinds != 1) {
    error(st, 0, "SIMULATE needs one of STATIC, KINEMATIC, DYNAMIC, TRANSIENT or INITIAL_CONDITIONS");
    return;
  }
  const double time = m_importer.units().time;
  auto positive = [&](const char* key, std::optional<double>& out) {
    if (const Argument* a = arg(st, key)) {
      const auto v = number(st, *a, 0);
      if (v && !(*v > 0.0))
        error(st, a->line, std::string(key) + " must be positive");
      else if (v)
        out = *v * time;
    }
  };
  positive("END", c.end);
  positive("DURATION", c.duration);
  positive("DTOUT", c.outputStep);
  if (const Argument* a = arg(st, "STEPS")) {
    const auto v = number(st, *a, 0);
    if (v && (*v < 1 || *v != std::floor(*v) || *v > 1e9))
      error(st, a->line, "STEPS must be a whole number of at least 1");
    else if (v)
      c.steps = int(*v);
  }
  if (c.end && c.duration)
    error(st, 0, "give END or DURATION, not both");
  if (c.steps && c.outputStep)
    error(st, 0, "give STEPS or DTOUT, not both");
  const bool spans = c.analysis == AnalysisType::Dynamic || c.analysis == AnalysisType::Kinematic;
  if (spans && !c.end && !c.duration)
    error(st, 0, "SIMULATE/" + std::string(toString(c.analysis)) + " needs END= or DURATION=");
  m_out.commands.push_back(c);
}

void CommandReader::activation(const Statement& st, bool activate)
{
  AdamsCommand c =
      command(activate ? AdamsCommand::Kind::Activate : AdamsCommand::Kind::Deactivate, st.line, st.name);
  std::string type;
  for (const adm::Keyword& k : adm::statementInfo(st.name, adm::commands())->keywords)
    if (k.form == adm::Form::Flag && flag(st, k.name))
      type = type.empty() ? k.name : "*";
  if (type.empty() || type == "*") {
    error(st, 0, st.name + " needs one element type (JOINT, JPRIM, MOTION, SFORCE, ...)");
    return;
  }
  c.label = st.name + "/" + type;
  std::vector<long> ids;
  if (const Argument* a = arg(st, "ID")) {
    for (std::size_t k = 0; k < a->values.size(); ++k)
      if (const auto v = number(st, *a, k))
        ids.push_back(long(*v));
  }
  if (const Argument* a = arg(st, "RANGE")) {
    const auto first = number(st, *a, 0), last = number(st, *a, 1);
    if (first && last && *last - *first <= 100000)
      for (long id = long(*first); id <= long(*last); ++id)
        ids.push_back(id);
  }
  if (ids.empty()) {
    error(st, 0, st.name + " needs ID= or RANGE=");
    return;
  }
  for (const long id : ids) {
    const std::string element = type + "/" + std::to_string(id);
    const auto it = m_out.dataset.elements.find(element);
    if (it == m_out.dataset.elements.end()) {
      // A RANGE may span ids that do not exist; named ids must.
      if (!arg(st, "RANGE"))
        error(st, 0, element + " is not in the dataset");
      continue;
    }
    c.elements.push_back(it->second);
  }
  m_out.commands.push_back(c);
}

void CommandReader::reportUnused(const Statement& st)
{
  const adm::StatementInfo& info = *adm::statementInfo(st.name, adm::commands());
  for (const Argument& a : st.args) {
    if (m_used.count(&a))
      continue;
    const adm::Keyword* k = a.known ? adm::keyword(info, a.key) : nullptr;
    if (!k)
      refuse(st, a.line, "'" + a.given + "' is not a documented " + st.name + " argument");
    else if (k->use == adm::Use::Ignored)
      warn(st, a.line, a.key + " is not used: " + k->why);
    else
      refuse(st, a.line, a.key + " is not supported in this " + st.name + " command");
  }
}

}  // namespace

AdamsCommandFile readAdamsCommandFile(const std::string& path, AdmImportOptions options)
{
  AdamsCommandFile out;
  const auto text = readText(path);
  if (!text) {
    out.errors.push_back({path, 0, {}, {}, "cannot open file"});
    return out;
  }
  std::vector<std::string> lines;
  std::stringstream ss(*text);
  for (std::string line; std::getline(ss, line);)
    lines.push_back(line);
  if (lines.size() < 2 || trim(lines[0]).empty() || trim(lines[1]).empty()) {
    out.errors.push_back(
        {path,
         int(std::min<std::size_t>(lines.size() + 1, 2)),
         {},
         {},
         "a command file starts with the dataset name (line 1) and the output name (line 2)"});
    return out;
  }
  // The dataset, relative to the command file; Adams lets the .adm extension be left out.
  namespace fs = std::filesystem;
  fs::path dataset = trim(lines[0]);
  if (dataset.is_relative())
    dataset = fs::path(path).parent_path() / dataset;
  if (!fs::exists(dataset) && dataset.extension().empty() && fs::exists(fs::path(dataset).concat(".adm")))
    dataset.concat(".adm");
  out.datasetPath = dataset.string();
  out.outputName = trim(lines[1]);
  const auto datasetText = readText(out.datasetPath);
  if (!datasetText) {
    out.errors.push_back({path, 1, {}, {}, "cannot open the dataset '" + out.datasetPath + "'"});
    return out;
  }
  adm::Importer importer(out.datasetPath, options);
  out.dataset = importer.run(*datasetText);
  if (!out.dataset.ok())
    return out;

  // Line 2 becomes a comment so that the lexer's line numbers are the file's.
  std::string commands = lines[0] + "\n!\n";
  for (std::size_t k = 2; k < lines.size(); ++k)
    commands += lines[k] + "\n";
  const adm::Deck deck = adm::lex(commands, adm::commands());
  for (auto e : deck.errors) {
    e.file = path;
    out.errors.push_back(e);
  }
  CommandReader reader(out, path, importer, options.allowUnsupported);
  for (const Statement& st : deck.statements) {
    if (st.name == "END" || !reader.read(st))
      break;
  }
  return out;
}

}  // namespace mbs::core
