// Adams command files (.acf): the dataset, the output name and the commands mbsolve runs.
#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "../NumberText.hpp"
#include "AdmImporter.hpp"
#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/InputFile.hpp"

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
  c.line = line;  // the file is set by CommandReader::read
  c.label = std::move(label);
  return c;
}

// "dir/pendulum.adm" -> "pendulum": Adams names the outputs after the model file's base name.
std::string fs_stem(const std::string& name)
{
  const std::filesystem::path p(name);
  return p.extension() == ".adm" || p.extension() == ".ADM" ? p.stem().string() : p.filename().string();
}

// A file name as a command gives it: quotes around it are not part of it.
std::string unquoted(std::string name)
{
  if (name.size() >= 2 && (name.front() == '"' || name.front() == '\'') && name.back() == name.front())
    name = name.substr(1, name.size() - 2);
  return name;
}

// Regular files up to the input limit only (InputFile.hpp): /dev/zero as a dataset never ends.
std::optional<std::string> readText(const std::string& path)
{
  std::string error;
  return readInputFile(path, error);
}

// A command and the file it was read from.
struct Located {
  Statement statement;
  std::string file;
};

class CommandReader {
public:
  CommandReader(AdamsCommandFile& out, adm::Importer& importer, bool allowUnsupported)
      : m_out(out),
        m_importer(importer),
        m_allow(allowUnsupported),
        m_settings(out.dataset.model->analysis),
        m_model(std::make_shared<Model>(*out.dataset.model))
  {
  }

  // Returns false at STOP.
  bool read(const Located& located);

private:
  std::string label(const Statement& st) const
  {
    const std::string name = st.known ? st.name : st.given;
    return st.id ? name + "/" + std::to_string(*st.id) : name;
  }
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
  void push(AdamsCommand c)
  {
    c.file = m_file;
    m_out.commands.push_back(std::move(c));
  }
  void simulate(const Statement& st);
  void activation(const Statement& st, bool activate);
  void redefinition(const Statement& st);
  void file(const Statement& st);
  void environment(const Statement& st);
  void linear(const Statement& st);
  void reportUnused(const Statement& st);

  AdamsCommandFile& m_out;
  std::string m_file;
  adm::Importer& m_importer;
  bool m_allow;
  AnalysisSettings m_settings;
  std::shared_ptr<const Model> m_model;  // the dataset as the commands so far left it
  bool m_simulated = false;              // a SIMULATE came before
  bool m_environmentWarned = false;
  std::set<const Argument*> m_used;

public:
  const Statement* loadedBy = nullptr;  // the FILE/MODEL= that loaded the dataset, if any
};

bool CommandReader::read(const Located& located)
{
  const Statement& st = located.statement;
  m_file = located.file;
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
    push(command(AdamsCommand::Kind::Stop, st.line, "STOP"));
    return false;
  }
  const std::size_t errors = m_out.errors.size();
  if (st.name == "SIMULATE") {
    simulate(st);
  } else if (st.name == "ACTIVATE" || st.name == "DEACTIVATE") {
    activation(st, st.name == "ACTIVATE");
  } else if (st.name == "FILE") {
    file(st);
  } else if (st.name == "ENVIRONMENT") {
    environment(st);
  } else if (st.name == "LINEAR") {
    linear(st);
  } else if (st.name == "INTEGRATOR") {
    AdamsCommand c = command(AdamsCommand::Kind::Settings, st.line, "INTEGRATOR");
    m_settings =
        m_importer.integratorCommand(st, m_file, m_settings, m_out.warnings, m_out.errors, m_out.dropped);
    c.settings = m_settings;
    push(c);
    return true;  // its arguments are reported by the importer
  } else {
    redefinition(st);
    return true;  // its arguments are reported by the importer
  }
  if (m_out.errors.size() == errors)  // after an error its arguments are not reported on top
    reportUnused(st);
  return true;
}

// ACCGRAV, VARIABLE, MOTION, SFORCE, SPRINGDAMPER, GFORCE, VFORCE, VTORQUE: the dataset element
// respecified from here on.
void CommandReader::redefinition(const Statement& st)
{
  auto model = std::make_shared<Model>(*m_model);
  const std::size_t errors = m_out.errors.size();
  const bool constraints =
      m_importer.redefineCommand(st, m_file, *model, m_out.warnings, m_out.errors, m_out.dropped);
  if (m_out.errors.size() != errors)
    return;
  AdamsCommand c = command(AdamsCommand::Kind::Redefine, st.line, label(st));
  c.model = model;
  c.constraintsChanged = constraints;
  m_model = model;
  push(c);
}

// FILE/MODEL= loaded the dataset before the commands were read (readAdamsCommandFile); another
// model, or new output files after a simulation, would start a second run.
void CommandReader::file(const Statement& st)
{
  const Argument* model = arg(st, "MODEL");
  const Argument* prefix = arg(st, "OUTPUT_PREFIX");
  arg(st, "COMMAND");  // its commands were read in its place
  if (model && &st != loadedBy)
    refuse(st, 0,
           "a second FILE/MODEL= (another model in the same command file) is not supported: run each "
           "model's command file on its own");
  else if (prefix && !model && m_simulated)
    refuse(st, prefix->line,
           "OUTPUT_PREFIX after a simulation (results split over several files) is not supported: mbsolve "
           "writes one result table");
  else if (prefix && !model)
    m_out.outputName = unquoted(prefix->values[0]);
}

void CommandReader::environment(const Statement& st)
{
  std::string name = "?";
  if (const Argument* a = arg(st, "NAME"))
    name = a->values[0];
  arg(st, "VALUE");
  flag(st, "UNSET");
  warn(st, 0,
       "ENVIRONMENT NAME=" + name +
           " is not applied: Adams Solver (C++) runtime environment variables have no counterpart "
           "in this solver" +
           (m_environmentWarned ? "" : " (they select Adams' internal methods, not the model)"));
  m_environmentWarned = true;
}

// LINEAR/EIGENSOL or LINEAR/STATEMAT[, PINPUT=id][, POUTPUT=id], FILE=name[, FORMAT=MATLAB].
void CommandReader::linear(const Statement& st)
{
  AdamsCommand c = command(AdamsCommand::Kind::Linear, st.line, "LINEAR");
  c.eigenSolution = flag(st, "EIGENSOL");
  c.stateMatrices = flag(st, "STATEMAT");
  if (c.eigenSolution == c.stateMatrices) {
    error(st, 0, "LINEAR needs one of EIGENSOL and STATEMAT");
    return;
  }
  c.label = c.stateMatrices ? "LINEAR/STATEMAT" : "LINEAR/EIGENSOL";
  const auto port = [&](const char* key, const std::map<long, std::string>& names, std::string& out) {
    const Argument* a = arg(st, key);
    if (!a)
      return;
    if (!c.stateMatrices) {
      error(st, a->line, std::string(key) + " belongs to LINEAR/STATEMAT");
      return;
    }
    const auto id = number(st, *a, 0);
    if (!id)
      return;
    const auto it = names.find(long(*id));
    if (*id != std::floor(*id) || it == names.end()) {
      error(st, a->line,
            std::string(key) + "=" + a->values[0] + ": the dataset has no " + key + "/" + a->values[0]);
      return;
    }
    out = it->second;
  };
  port("PINPUT", m_out.dataset.plantInputNames, c.plantInput);
  port("POUTPUT", m_out.dataset.plantOutputNames, c.plantOutput);
  const Argument* file = arg(st, "FILE");
  if (const Argument* format = arg(st, "FORMAT")) {
    std::string f = format->values.empty() ? "" : format->values[0];
    for (auto& ch : f)
      ch = char(std::toupper(static_cast<unsigned char>(ch)));
    if (f != "MATLAB" && f != "MATRIXX")
      error(st, format->line, "FORMAT must be MATLAB or MATRIXX, not '" + f + "'");
    else if (f == "MATRIXX")
      warn(st, format->line,
           "FORMAT=MATRIXX: the matrices are written as MATLAB files (.m, .mat) and CSV files; mbsolve "
           "writes no "
           "MATRIXx (FSAVE) files");
  }
  if (c.stateMatrices && !file) {
    error(st, 0, "LINEAR/STATEMAT needs FILE= (the name its matrices are written under)");
    return;
  }
  if (file) {
    if (!c.stateMatrices)
      error(st, file->line, "FILE belongs to LINEAR/STATEMAT (LINEAR/EIGENSOL prints its modes)");
    else
      c.matrixFile = unquoted(file->values[0]);
  }
  push(c);
}

void CommandReader::simulate(const Statement& st)
{
  AdamsCommand c = command(AdamsCommand::Kind::Simulate, st.line, "SIMULATE");
  int kinds = 0;
  for (const auto& [word, type] :
       {std::pair{"STATICS", AnalysisType::Static}, std::pair{"KINEMATICS", AnalysisType::Kinematic},
        std::pair{"DYNAMICS", AnalysisType::Dynamic}, std::pair{"TRANSIENT", AnalysisType::Dynamic},
        std::pair{"INITIAL_CONDITIONS", AnalysisType::InitialConditions}}) {
    if (flag(st, word)) {
      c.analysis = type;
      ++kinds;
    }
  }
  if (kinds != 1) {
    error(st, 0, "SIMULATE needs one of STATICS, KINEMATICS, DYNAMICS, TRANSIENT or INITIAL_CONDITIONS");
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
  // Adams: END (or DURATION) is the end time "for a dynamic, a kinematic, or a quasi-static
  // equilibrium analysis": STATICS with it is the quasi-static series, without it one equilibrium.
  if (c.analysis == AnalysisType::Static && (c.end || c.duration))
    c.analysis = AnalysisType::QuasiStatic;
  m_simulated = true;
  push(c);
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
    if (type == "SENSOR") {
      const auto sensor = m_out.dataset.sensorNames.find(id);
      if (sensor == m_out.dataset.sensorNames.end()) {
        if (!arg(st, "RANGE"))
          error(st, 0, element + " is not in the dataset");
      } else {
        c.sensors.push_back(sensor->second);
      }
      continue;
    }
    const auto it = m_out.dataset.elements.find(element);
    if (it == m_out.dataset.elements.end()) {
      // A RANGE may span ids that do not exist; named ids must.
      if (!arg(st, "RANGE"))
        error(st, 0, element + " is not in the dataset");
      continue;
    }
    c.elements.push_back(it->second);
  }
  push(c);
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

namespace {

std::string stripComment(const std::string& line)
{
  return trim(line.substr(0, line.find('!')));
}

std::string upper(std::string s)
{
  for (char& c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// Whether a line is a FILE command (Adams/View's "file/model=NAME"), not a dataset name.
bool isFileCommand(const std::string& line)
{
  const std::string text = stripComment(line);
  const auto slash = text.find('/');
  if (slash == std::string::npos || text.find('=') == std::string::npos)
    return false;
  const adm::Resolution r = adm::resolveStatement(upper(trim(text.substr(0, slash))), adm::commands());
  return r.name && *r.name == "FILE";
}

// The commands of `text` (the first line is not a command: the dataset name, or blank), with the
// commands of the files FILE/COMMAND= names read in their place.
// `shift`: lines the text has before the file's first line (a blank title line put in front).
// `stack`: the files being read (canonical paths), to refuse a file that reads itself.
void collect(const std::string& path, const std::string& text, int shift, int depth,
             std::vector<Located>& out, Diagnostics& errors, std::vector<std::string>& stack)
{
  const adm::Deck deck = adm::lex(text, adm::commands());
  for (auto e : deck.errors) {
    e.file = path;
    e.line = e.line > shift ? e.line - shift : e.line;
    errors.push_back(e);
  }
  for (Statement st : deck.statements) {
    st.line -= shift;
    for (Argument& a : st.args)
      a.line -= shift;
    out.push_back({st, path});
    if (st.name != "FILE")
      continue;
    for (const Argument& a : st.args) {
      if (!a.known || a.key != "COMMAND" || a.values.empty())
        continue;
      namespace fs = std::filesystem;
      fs::path included = unquoted(a.values[0]);
      if (included.is_relative())
        included = fs::path(path).parent_path() / included;
      if (!fs::exists(included) && included.extension().empty())
        included.concat(".acf");  // Adams assumes .acf
      // A file that reads itself, directly or through others, would never end.
      std::error_code ec;
      const std::string key = fs::weakly_canonical(included, ec).string();
      if (std::find(stack.begin(), stack.end(), key) != stack.end()) {
        errors.push_back({path,
                          a.line,
                          "FILE",
                          {},
                          "FILE/COMMAND=" + a.values[0] +
                              " reads a command file that is being read (it would "
                              "never end)"});
        continue;
      }
      // Bounded: a file that reads others over and over must not multiply the work.
      constexpr int kMaxDepth = 8;
      constexpr std::size_t kMaxCommands = 100000;
      if (depth >= kMaxDepth || out.size() > kMaxCommands) {
        const std::string why = "FILE/COMMAND= nested more than 8 deep or over 100000 commands";
        if (std::none_of(errors.begin(), errors.end(), [&](const Diagnostic& d) { return d.reason == why; }))
          errors.push_back({path, a.line, "FILE", {}, why});
        return;
      }
      const auto includedText = readText(included.string());
      if (!includedText)
        errors.push_back(
            {path, a.line, "FILE", {}, "cannot open the command file '" + included.string() + "'"});
      else  // a file of commands: no dataset line, so a blank title line goes first
      {
        stack.push_back(key);
        collect(included.string(), "\n" + *includedText, 1, depth + 1, out, errors, stack);
        stack.pop_back();
      }
    }
  }
}

// The dataset FILE/MODEL= names: NAME or NAME.adm beside the command file.
// The dataset FILE/MODEL= names, `.adm` assumed when left out: beside the command file, else (as
// Adams, which reads it from the working directory) in the current directory.
std::string datasetBeside(const std::string& commandFile, const std::string& given)
{
  namespace fs = std::filesystem;
  const fs::path name = unquoted(given);
  auto withExtension = [](fs::path p) {
    if (!fs::exists(p) && p.extension() != ".adm" && p.extension() != ".ADM")
      p.concat(".adm");  // Adams assumes .adm
    return p;
  };
  if (name.is_absolute())
    return withExtension(name).string();
  const fs::path beside = withExtension(fs::path(commandFile).parent_path() / name);
  const fs::path here = withExtension(name);
  return !fs::exists(beside) && fs::exists(here) ? here.string() : beside.string();
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
  // Adams/View's form: line 1 is blank (no dataset yet) and FILE/MODEL= loads it; a first line
  // that is itself "file/model=NAME" is read the same way. Otherwise the classic two-line header.
  const bool classic = !lines.empty() && !stripComment(lines[0]).empty() && !isFileCommand(lines[0]);
  std::error_code ignored;  // a path that cannot be made canonical is compared as it is
  std::vector<Located> located;
  if (classic) {
    if (lines.size() < 2 || stripComment(lines[1]).empty()) {
      out.errors.push_back({path,
                            2,
                            {},
                            {},
                            "a command file starts with the dataset name (line 1) and the output name (line "
                            "2), or with a blank line and FILE/MODEL=NAME"});
      return out;
    }
    // Line 2 becomes a comment so that the lexer's line numbers are the file's.
    std::string commands = lines[0] + "\n!\n";
    for (std::size_t k = 2; k < lines.size(); ++k)
      commands += lines[k] + "\n";
    std::vector<std::string> stack{std::filesystem::weakly_canonical(path, ignored).string()};
    collect(path, commands, 0, 0, located, out.errors, stack);
    namespace fs = std::filesystem;
    fs::path dataset = stripComment(lines[0]);
    if (dataset.is_relative())
      dataset = fs::path(path).parent_path() / dataset;
    if (!fs::exists(dataset) && dataset.extension().empty() && fs::exists(fs::path(dataset).concat(".adm")))
      dataset.concat(".adm");
    out.datasetPath = dataset.string();
    out.outputName = stripComment(lines[1]);
  } else {
    const bool blankFirst = lines.empty() || stripComment(lines[0]).empty();
    // The lexer takes the first line for a title: a blank one, or one put in front.
    std::vector<std::string> stack{std::filesystem::weakly_canonical(path, ignored).string()};
    collect(path, blankFirst ? *text : "\n" + *text, blankFirst ? 0 : 1, 0, located, out.errors, stack);
  }
  if (!out.errors.empty())
    return out;

  // FILE/MODEL=: the first one loads the dataset; no command that needs the model may precede it.
  const Statement* loadedBy = nullptr;
  std::string loadedIn = path;  // the file of that FILE/MODEL=
  if (!classic) {
    for (const Located& l : located) {
      const Statement& st = l.statement;
      if (st.name == "FILE") {
        const auto model = std::find_if(st.args.begin(), st.args.end(),
                                        [](const Argument& a) { return a.known && a.key == "MODEL"; });
        if (model == st.args.end() || model->values.empty())
          continue;
        loadedBy = &st;
        loadedIn = l.file;
        out.datasetPath = datasetBeside(l.file, model->values[0]);
        out.outputName = fs_stem(unquoted(model->values[0]));
        for (const Argument& a : st.args)
          if (a.known && a.key == "OUTPUT_PREFIX" && !a.values.empty())
            out.outputName = unquoted(a.values[0]);
        break;
      }
      const adm::StatementInfo* info = st.known ? adm::statementInfo(st.name, adm::commands()) : nullptr;
      if (info && info->use == adm::Use::Read && st.name != "ENVIRONMENT") {
        out.errors.push_back({l.file,
                              st.line,
                              st.name,
                              {},
                              st.name + " before any FILE/MODEL=: the command file's first line is blank, so "
                                        "no dataset is loaded yet"});
        return out;
      }
    }
    if (!loadedBy) {
      out.errors.push_back({path,
                            1,
                            {},
                            {},
                            "the command file names no dataset: its first line is blank and no FILE/MODEL= "
                            "command follows (Adams/View writes 'file/model=NAME')"});
      return out;
    }
  }
  const auto datasetText = readText(out.datasetPath);
  if (!datasetText) {
    out.errors.push_back({loadedIn,
                          loadedBy ? loadedBy->line : 1,
                          {},
                          {},
                          "cannot open the dataset '" + out.datasetPath + "'"});
    return out;
  }
  adm::Importer importer(out.datasetPath, options);
  out.dataset = importer.run(*datasetText);
  if (!out.dataset.ok())
    return out;

  CommandReader reader(out, importer, options.allowUnsupported);
  reader.loadedBy = loadedBy;
  for (const Located& l : located) {
    if (l.statement.name == "END" || !reader.read(l))
      break;
  }
  return out;
}

Model withoutInactive(const Model& full, const std::set<EntityRef>& inactive,
                      const std::set<std::string>& inactiveSensors)
{
  Model model = full;
  for (Sensor& s : model.sensors)
    if (inactiveSensors.count(s.name))
      s.active = false;
  for (const EntityRef& ref : inactive) {
    if (!model.contains(ref))
      continue;
    auto dependents = model.dependentsOf(ref);
    for (auto it = dependents.rbegin(); it != dependents.rend(); ++it)
      model.remove(*it);
    model.remove(ref);
  }
  return model;
}

Model modelForFirstSimulate(const AdamsCommandFile& acf, Diagnostics& notes)
{
  std::shared_ptr<const Model> current;
  std::set<EntityRef> inactive;
  std::set<std::string> inactiveSensors;
  AnalysisSettings settings = acf.dataset.model->analysis;
  const AdamsCommand* first = nullptr;
  int simulations = 0, linears = 0;
  for (const AdamsCommand& c : acf.commands) {
    if (c.kind == AdamsCommand::Kind::Stop)
      break;
    if (c.kind == AdamsCommand::Kind::Linear) {
      ++linears;
      continue;
    }
    if (c.kind == AdamsCommand::Kind::Simulate) {
      first = first ? first : &c;
      ++simulations;
      continue;
    }
    if (first)
      continue;
    if (c.kind == AdamsCommand::Kind::Settings)
      settings = c.settings;
    else if (c.kind == AdamsCommand::Kind::Redefine)
      current = c.model;
    else {
      for (const EntityRef& ref : c.elements)
        c.kind == AdamsCommand::Kind::Deactivate ? void(inactive.insert(ref)) : void(inactive.erase(ref));
      for (const std::string& s : c.sensors)
        c.kind == AdamsCommand::Kind::Deactivate ? void(inactiveSensors.insert(s))
                                                 : void(inactiveSensors.erase(s));
    }
  }
  Model model = withoutInactive(current ? *current : *acf.dataset.model, inactive, inactiveSensors);
  model.analysis = settings;
  if (first) {
    model.analysis.type = first->analysis;
    model.analysis.endTime = first->end ? *first->end : first->duration.value_or(model.analysis.endTime);
    if (first->steps)
      model.analysis.outputSteps = *first->steps;
    else if (first->outputStep)
      model.analysis.outputSteps = std::max(1, int(std::lround(model.analysis.endTime / *first->outputStep)));
  }
  if (simulations > 1)
    notes.push_back({acf.datasetPath,
                     0,
                     {},
                     {},
                     "the command file has " + std::to_string(simulations) +
                         " SIMULATE commands: the GUI takes the first as its analysis settings; mbsolve runs "
                         "them all"});  // the GUI's phrase table translates this text as it is
  if (linears > 0)
    notes.push_back({acf.datasetPath,
                     0,
                     {},
                     {},
                     "the command file has " + std::to_string(linears) +
                         " LINEAR commands (eigen solution, state matrices): mbsolve runs them, the GUI "
                         "does not"});
  return model;
}

}  // namespace mbs::core
