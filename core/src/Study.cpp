#include "mbs/core/Study.hpp"

#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "JsonLimits.hpp"
#include "JsonReader.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core {
namespace {

using json = nlohmann::ordered_json;
using detail::JsonReader;

constexpr const char* kFormat = "mbstudio-study";
constexpr std::size_t kMaxRuns = 1000000;  // a typo in a range count should not fill the disk

int lineOf(const std::string& text, std::size_t byte)
{
  int line = 1;
  for (std::size_t k = 0; k < byte && k < text.size(); ++k)
    line += text[k] == '\n';
  return line;
}

std::optional<ResponseStatistic> statisticFromString(const std::string& s)
{
  for (auto r :
       {ResponseStatistic::Max, ResponseStatistic::Min, ResponseStatistic::MaxAbs, ResponseStatistic::Rms,
        ResponseStatistic::Mean, ResponseStatistic::Final, ResponseStatistic::AtTime})
    if (s == toString(r))
      return r;
  return std::nullopt;
}

std::vector<double> numberList(JsonReader& rd, const char* key)
{
  std::vector<double> out;
  const json* v = rd.child(key);
  if (!v)
    return out;
  if (!v->is_array() || v->empty()) {
    rd.error(key, "expected a non-empty array of numbers");
    return out;
  }
  for (const auto& x : *v) {
    if (!x.is_number() || !std::isfinite(x.get<double>())) {
      rd.error(key, "expected finite numbers");
      return {};
    }
    out.push_back(x.get<double>());
  }
  return out;
}

void readVariable(const json& j, const std::string& at, StudyDesign design, StudyVariable& v,
                  Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject())
    return;
  v.name = rd.string("name");
  if (!v.name.empty() && !Model::isValidName(v.name))
    rd.error("name", "'" + v.name + "' is not a valid parameter name");
  const bool lhs = design == StudyDesign::LatinHypercube;
  if (lhs) {
    v.minimum = rd.number("min");
    v.maximum = rd.number("max");
    if (rd.has("min") && rd.has("max") && !(v.maximum > v.minimum))
      rd.error("max", "variable '" + v.name + "': max must be greater than min");
  } else if (rd.has("range")) {
    const json* r = rd.child("range");
    JsonReader range(*r, at + "/range", errors);
    if (range.isObject()) {
      const double from = range.number("from"), to = range.number("to");
      const int count = range.integer("count");
      range.finish();
      if (count < 1 || std::size_t(count) > kMaxRuns)
        range.error("count",
                    "variable '" + v.name + "': count must be between 1 and " + std::to_string(kMaxRuns));
      else
        for (int k = 0; k < count; ++k)
          v.values.push_back(count == 1 ? from : from + (to - from) * k / (count - 1));
    }
  } else {
    v.values = numberList(rd, "values");
  }
  if (const json* b = rd.child("bind", false)) {
    if (!b->is_array()) {
      rd.error("bind", "expected an array of {\"entity\", \"field\"}");
    } else {
      for (std::size_t k = 0; k < b->size(); ++k) {
        JsonReader br((*b)[k], at + "/bind/" + std::to_string(k), errors);
        if (!br.isObject())
          continue;
        StudyVariable::Bind bind;
        const json* e = br.child("entity");
        if (e && e->is_string())
          bind.entity = e->get<std::string>();
        else if (e && !e->is_null())
          br.error("entity", "expected an entity name, \"\" or null (the model)");
        bind.field = br.string("field");
        br.finish();
        v.bindings.push_back(bind);
      }
    }
  }
  rd.finish();
}

void readResponse(const json& j, const std::string& at, StudyResponse& r, Diagnostics& errors)
{
  JsonReader rd(j, at, errors);
  if (!rd.isObject())
    return;
  r.column = rd.string("column");
  r.name = rd.string("name", r.column);
  const std::string stat = rd.string("statistic", std::string("max"));
  if (const auto s = statisticFromString(stat))
    r.statistic = *s;
  else
    rd.error("statistic", "unknown statistic '" + stat + "' (max, min, max_abs, rms, mean, final, at_time)");
  if (r.statistic == ResponseStatistic::AtTime)
    r.time = rd.number("time");
  rd.finish();
}

void readAnalysis(const json& j, StudyAnalysis& a, Diagnostics& errors)
{
  JsonReader rd(j, "/analysis", errors);
  if (!rd.isObject())
    return;
  auto oneOf = [&](const char* key,
                   std::initializer_list<const char*> allowed) -> std::optional<std::string> {
    if (!rd.has(key))
      return std::nullopt;
    const std::string s = rd.string(key);
    std::string list;
    for (const char* x : allowed) {
      if (s == x)
        return s;
      list += std::string(list.empty() ? "" : ", ") + x;
    }
    rd.error(key, "unknown value '" + s + "' (" + list + ")");
    return std::nullopt;
  };
  a.type = oneOf("type", {"initial", "kinematic", "static", "quasi-static", "dynamic"});
  if (rd.has("end_time")) {
    a.endTime = rd.number("end_time");
    if (!(*a.endTime > 0))
      rd.error("end_time", "must be > 0");
  }
  if (rd.has("output_steps")) {
    a.outputSteps = rd.integer("output_steps");
    if (*a.outputSteps < 1)
      rd.error("output_steps", "must be >= 1");
  }
  a.integrator = oneOf("integrator", {"gstiff", "wstiff", "hht", "rkf45", "constant_bdf", "dstiff", "abam"});
  a.formulation = oneOf("formulation", {"i3", "si2", "dmbs", "auto"});
  if (rd.has("error_tolerance")) {
    a.tolerance = rd.number("error_tolerance");
    if (!(*a.tolerance > 0))
      rd.error("error_tolerance", "must be > 0");
  }
  a.derived = rd.boolean("derived", false);
  rd.finish();
}

void readSlurm(const json& j, StudySlurm& s, Diagnostics& errors)
{
  JsonReader rd(j, "/slurm", errors);
  if (!rd.isObject())
    return;
  s.partition = rd.string("partition", std::string());
  s.timeLimit = rd.string("time", s.timeLimit);
  s.memory = rd.string("mem", std::string());
  s.cpusPerTask = rd.integer("cpus_per_task", 1);
  s.runsPerTask = rd.integer("runs_per_task", 1);
  s.account = rd.string("account", std::string());
  if (const json* o = rd.child("sbatch_options", false)) {
    if (!o->is_array())
      rd.error("sbatch_options", "expected an array of strings such as \"--qos=short\"");
    else
      for (const auto& x : *o) {
        if (!x.is_string() || x.get<std::string>().rfind("--", 0) != 0 ||
            x.get<std::string>().find('\n') != std::string::npos) {
          rd.error("sbatch_options", "expected strings that start with -- (one sbatch option each)");
          break;
        }
        s.extraOptions.push_back(x.get<std::string>());
      }
  }
  rd.finish();
  if (s.cpusPerTask < 1)
    rd.error("cpus_per_task", "must be >= 1");
  if (s.runsPerTask < 1)
    rd.error("runs_per_task", "must be >= 1");
  for (const std::string* text : {&s.partition, &s.timeLimit, &s.memory, &s.account})
    if (text->find_first_of("\n\r") != std::string::npos)
      rd.error("", "slurm settings must be one line each");
}

// Uniform in [0, 1) from 53 bits of a standard engine: the same numbers with every compiler
// (std::uniform_real_distribution is not specified bit for bit).
double unit(std::mt19937_64& engine)
{
  return double(engine() >> 11) * 0x1.0p-53;
}

}  // namespace

const char* toString(ResponseStatistic statistic)
{
  switch (statistic) {
    case ResponseStatistic::Max:
      return "max";
    case ResponseStatistic::Min:
      return "min";
    case ResponseStatistic::MaxAbs:
      return "max_abs";
    case ResponseStatistic::Rms:
      return "rms";
    case ResponseStatistic::Mean:
      return "mean";
    case ResponseStatistic::Final:
      return "final";
    case ResponseStatistic::AtTime:
      return "at_time";
  }
  return "max";
}

std::vector<std::vector<double>> Study::runs() const
{
  std::vector<std::vector<double>> out;
  if (variables.empty())
    return out;
  switch (design) {
    case StudyDesign::List:
      for (std::size_t k = 0; k < variables.front().values.size(); ++k) {
        std::vector<double> run;
        for (const auto& v : variables)
          run.push_back(v.values.at(k));
        out.push_back(std::move(run));
      }
      break;
    case StudyDesign::FullFactorial: {
      std::size_t total = 1;
      for (const auto& v : variables)
        total *= v.values.size();
      for (std::size_t r = 0; r < total; ++r) {
        std::vector<double> run(variables.size());
        std::size_t rest = r;
        for (std::size_t k = variables.size(); k-- > 0;) {  // the last variable changes fastest
          run[k] = variables[k].values[rest % variables[k].values.size()];
          rest /= variables[k].values.size();
        }
        out.push_back(std::move(run));
      }
      break;
    }
    case StudyDesign::LatinHypercube: {
      std::mt19937_64 engine(seed);
      const std::size_t n = std::size_t(samples);
      out.assign(n, std::vector<double>(variables.size()));
      for (std::size_t k = 0; k < variables.size(); ++k) {
        std::vector<std::size_t> strata(n);
        for (std::size_t s = 0; s < n; ++s)
          strata[s] = s;
        for (std::size_t s = n; s-- > 1;)  // Fisher-Yates
          std::swap(strata[s], strata[std::size_t(engine() % (s + 1))]);
        const auto& v = variables[k];
        for (std::size_t r = 0; r < n; ++r)
          out[r][k] = v.minimum + (v.maximum - v.minimum) * (double(strata[r]) + unit(engine)) / double(n);
      }
      break;
    }
  }
  return out;
}

StudyLoad studyFromString(const std::string& text, const std::string& file)
{
  StudyLoad result;
  auto fail = [&](Diagnostics errors) {
    for (auto& e : errors)
      e.file = file;
    result.errors = std::move(errors);
    return result;
  };
  if (auto limit = detail::checkJsonLimits(text))
    return fail({*limit});
  json root;
  try {
    root = json::parse(text);
  } catch (const json::parse_error& e) {
    return fail({{{}, lineOf(text, e.byte), {}, {}, std::string("JSON syntax error: ") + e.what()}});
  } catch (const json::exception& e) {
    return fail({{{}, 0, {}, {}, std::string("invalid JSON: ") + e.what()}});
  }
  if (!root.is_object())
    return fail({{{}, 0, "/", {}, "expected a JSON object"}});
  if (!root.contains("format") || root["format"] != kFormat)
    return fail(
        {{{}, 0, "/format", {}, std::string("not a design study (format must be \"") + kFormat + "\")"}});
  Diagnostics errors;
  Study study;
  study.file = std::filesystem::absolute(file).lexically_normal().string();
  JsonReader top(root, "", errors);
  top.string("format");
  if (top.integer("version") != 1)
    top.error("version", "unsupported version (this mbsolve reads version 1)");
  const std::string model = top.string("model");
  if (!model.empty()) {
    std::filesystem::path p(model);
    if (p.is_relative())
      p = std::filesystem::path(study.file).parent_path() / p;
    study.modelPath = p.lexically_normal().string();
  }
  // The design: "full_factorial" or {"type": ..., "samples": n, "seed": s}.
  if (const json* d = top.child("design")) {
    const bool object = d->is_object();
    std::string type = d->is_string() ? d->get<std::string>() : std::string();
    std::optional<JsonReader> dr;
    if (object) {
      dr.emplace(*d, "/design", errors);
      type = dr->string("type");
    } else if (!d->is_string()) {
      top.error("design", "expected \"list\", \"full_factorial\" or {\"type\": \"latin_hypercube\", ...}");
    }
    if (type == "list")
      study.design = StudyDesign::List;
    else if (type == "full_factorial")
      study.design = StudyDesign::FullFactorial;
    else if (type == "latin_hypercube")
      study.design = StudyDesign::LatinHypercube;
    else if (!type.empty())
      errors.push_back({{},
                        0,
                        object ? "/design/type" : "/design",
                        {},
                        "unknown design '" + type + "' (list, full_factorial, latin_hypercube)"});
    if (study.design == StudyDesign::LatinHypercube && !object)
      top.error("design", "a latin_hypercube design is an object with \"samples\" (and \"seed\")");
    if (dr) {
      if (study.design == StudyDesign::LatinHypercube) {
        study.samples = dr->integer("samples");
        study.seed = std::uint64_t(dr->integer("seed", 1));
        if (study.samples < 1 || std::size_t(study.samples) > kMaxRuns)
          dr->error("samples", "must be between 1 and " + std::to_string(kMaxRuns));
      }
      dr->finish();
    }
  }
  if (const json* vs = top.child("variables")) {
    if (!vs->is_array() || vs->empty()) {
      top.error("variables", "expected a non-empty array of variables");
    } else {
      for (std::size_t k = 0; k < vs->size(); ++k) {
        StudyVariable v;
        readVariable((*vs)[k], "/variables/" + std::to_string(k), study.design, v, errors);
        for (const auto& other : study.variables)
          if (!v.name.empty() && other.name == v.name)
            errors.push_back({{},
                              0,
                              "/variables/" + std::to_string(k) + "/name",
                              {},
                              "variable '" + v.name + "' is listed twice"});
        study.variables.push_back(std::move(v));
      }
    }
  }
  if (const json* a = top.child("analysis", false))
    readAnalysis(*a, study.analysis, errors);
  if (const json* rs = top.child("responses")) {
    if (!rs->is_array() || rs->empty()) {
      top.error("responses", "expected a non-empty array of responses");
    } else {
      for (std::size_t k = 0; k < rs->size(); ++k) {
        StudyResponse r;
        readResponse((*rs)[k], "/responses/" + std::to_string(k), r, errors);
        for (const auto& other : study.responses)
          if (other.name == r.name)
            errors.push_back({{},
                              0,
                              "/responses/" + std::to_string(k) + "/name",
                              {},
                              "response name '" + r.name + "' is used twice"});
        study.responses.push_back(std::move(r));
      }
    }
  }
  if (const json* s = top.child("slurm", false))
    readSlurm(*s, study.slurm, errors);
  top.finish();
  if (errors.empty()) {
    // The sizes of the design.
    if (study.design == StudyDesign::List) {
      for (std::size_t k = 1; k < study.variables.size(); ++k)
        if (study.variables[k].values.size() != study.variables[0].values.size())
          errors.push_back({{},
                            0,
                            "/variables/" + std::to_string(k),
                            {},
                            "variable '" + study.variables[k].name + "' has " +
                                std::to_string(study.variables[k].values.size()) + " values and '" +
                                study.variables[0].name + "' " +
                                std::to_string(study.variables[0].values.size()) +
                                ": a list design needs as many values for every variable"});
    } else if (study.design == StudyDesign::FullFactorial) {
      double total = 1;
      for (const auto& v : study.variables)
        total *= double(v.values.size());
      if (total > double(kMaxRuns))
        errors.push_back({{},
                          0,
                          "/variables",
                          {},
                          "the full factorial has " + std::to_string(total) + " runs (at most " +
                              std::to_string(kMaxRuns) + ")"});
    }
    for (std::size_t k = 0; k < study.responses.size(); ++k)
      for (const auto& v : study.variables)
        if (v.name == study.responses[k].name)
          errors.push_back({{},
                            0,
                            "/responses/" + std::to_string(k) + "/name",
                            {},
                            "response name '" + v.name + "' is also a variable"});
  }
  if (!errors.empty())
    return fail(std::move(errors));
  result.study = std::move(study);
  return result;
}

std::string studyToString(const Study& s, const std::string& model)
{
  json j = {{"format", kFormat}, {"version", 1}, {"model", model}};
  if (s.design == StudyDesign::LatinHypercube)
    j["design"] = {{"type", "latin_hypercube"}, {"samples", s.samples}, {"seed", s.seed}};
  else
    j["design"] = s.design == StudyDesign::List ? "list" : "full_factorial";
  j["variables"] = json::array();
  for (const auto& v : s.variables) {
    json jv = {{"name", v.name}};
    if (s.design == StudyDesign::LatinHypercube) {
      jv["min"] = v.minimum;
      jv["max"] = v.maximum;
    } else {
      jv["values"] = v.values;
    }
    if (!v.bindings.empty()) {
      jv["bind"] = json::array();
      for (const auto& b : v.bindings)
        jv["bind"].push_back({{"entity", b.entity}, {"field", b.field}});
    }
    j["variables"].push_back(std::move(jv));
  }
  json a = json::object();
  const StudyAnalysis& an = s.analysis;
  if (an.type)
    a["type"] = *an.type;
  if (an.endTime)
    a["end_time"] = *an.endTime;
  if (an.outputSteps)
    a["output_steps"] = *an.outputSteps;
  if (an.integrator)
    a["integrator"] = *an.integrator;
  if (an.formulation)
    a["formulation"] = *an.formulation;
  if (an.tolerance)
    a["error_tolerance"] = *an.tolerance;
  if (an.derived)
    a["derived"] = true;
  j["analysis"] = a;
  j["responses"] = json::array();
  for (const auto& r : s.responses) {
    json jr = {{"name", r.name}, {"column", r.column}, {"statistic", toString(r.statistic)}};
    if (r.statistic == ResponseStatistic::AtTime)
      jr["time"] = r.time;
    j["responses"].push_back(std::move(jr));
  }
  const StudySlurm& sl = s.slurm;
  json js = {{"time", sl.timeLimit}, {"cpus_per_task", sl.cpusPerTask}, {"runs_per_task", sl.runsPerTask}};
  if (!sl.partition.empty())
    js["partition"] = sl.partition;
  if (!sl.memory.empty())
    js["mem"] = sl.memory;
  if (!sl.account.empty())
    js["account"] = sl.account;
  if (!sl.extraOptions.empty())
    js["sbatch_options"] = sl.extraOptions;
  j["slurm"] = js;
  return j.dump(2) + "\n";
}

StudyLoad loadStudy(const std::string& path)
{
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    StudyLoad r;
    r.errors.push_back({path, 0, {}, {}, "cannot open the study file"});
    return r;
  }
  std::stringstream ss;
  ss << in.rdbuf();
  return studyFromString(ss.str(), path);
}

}  // namespace mbs::core
