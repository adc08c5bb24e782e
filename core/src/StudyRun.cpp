#include "mbs/core/StudyRun.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/SolverSettings.hpp"
#include "mbs/solver/Analysis.hpp"

namespace mbs::core {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::string number(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.10g", v);
  return buffer;
}

std::string firstError(const Diagnostics& d)
{
  return d.empty() ? std::string("failed") : d.front().toString();
}

// The study's analysis over the model's settings.
void applyAnalysis(const StudyAnalysis& a, AnalysisSettings& s)
{
  if (a.type)
    s.type = *a.type == "initial"        ? AnalysisType::InitialConditions
             : *a.type == "kinematic"    ? AnalysisType::Kinematic
             : *a.type == "static"       ? AnalysisType::Static
             : *a.type == "quasi-static" ? AnalysisType::QuasiStatic
                                         : AnalysisType::Dynamic;
  if (a.endTime)
    s.endTime = *a.endTime;
  if (a.outputSteps)
    s.outputSteps = *a.outputSteps;
  if (a.integrator)
    s.integrator = *integratorFromString(*a.integrator);
  if (a.formulation)
    s.formulation = *formulationFromString(*a.formulation);
  if (a.tolerance)
    s.errorTolerance = *a.tolerance;
}

// Columns that share the response column's entity ("crank_pin.fx" -> "crank_pin.*"), for the error.
std::string similarColumns(const std::string& column, const std::vector<std::string>& columns)
{
  const std::string entity = column.substr(0, column.find('.'));
  std::string out;
  int n = 0;
  for (const auto& c : columns)
    if (c.substr(0, c.find('.')) == entity && n++ < 12)
      out += (out.empty() ? "" : ", ") + c;
  return out.empty() ? "see docs/mbsolve.md, \"Results CSV\", for the column names"
                     : "columns of '" + entity + "': " + out;
}

}  // namespace

std::optional<double> responseValue(const StudyResponse& r, const ResultTable& table)
{
  const auto values = table.column(r.column);
  if (!values)
    return std::nullopt;
  const std::vector<double>& v = *values;
  if (v.empty())
    return kNaN;
  switch (r.statistic) {
    case ResponseStatistic::Max:
      return *std::max_element(v.begin(), v.end());
    case ResponseStatistic::Min:
      return *std::min_element(v.begin(), v.end());
    case ResponseStatistic::MaxAbs: {
      double m = 0.0;
      for (double x : v)
        m = std::max(m, std::abs(x));
      return m;
    }
    case ResponseStatistic::Rms:
    case ResponseStatistic::Mean: {
      double sum = 0.0;
      for (double x : v)
        sum += r.statistic == ResponseStatistic::Rms ? x * x : x;
      return r.statistic == ResponseStatistic::Rms ? std::sqrt(sum / double(v.size()))
                                                   : sum / double(v.size());
    }
    case ResponseStatistic::Final:
      return v.back();
    case ResponseStatistic::AtTime: {
      const auto t = *table.column("time");
      if (r.time < t.front() || r.time > t.back())
        return kNaN;  // the run did not reach it
      const std::size_t k = std::size_t(std::lower_bound(t.begin(), t.end(), r.time) - t.begin());
      if (k == 0 || t[k] == r.time)
        return v[k];
      const double w = (r.time - t[k - 1]) / (t[k] - t[k - 1]);
      return v[k - 1] + w * (v[k] - v[k - 1]);
    }
  }
  return kNaN;
}

std::vector<std::string> resultColumns(const Model& model, bool derived, Diagnostics& errors)
{
  CompileResult compiled = compile(model);
  if (!compiled.ok) {
    errors.insert(errors.end(), compiled.diagnostics.begin(), compiled.diagnostics.end());
    return {};
  }
  const RequestOutputs requests(model, compiled.map, compiled.model);
  std::optional<DerivedOutputs> derivedOutputs;
  if (derived)
    derivedOutputs.emplace(model, compiled.map);
  return ResultTable(solver::ResultLayout::fromModel(compiled.model), requests,
                     derivedOutputs ? &*derivedOutputs : nullptr)
      .columns();
}

std::optional<StudyPlan> StudyPlan::prepare(const Study& study, Diagnostics& errors)
{
  auto error = [&](const std::string& field, const std::string& reason) {
    errors.push_back({study.file, 0, field, {}, reason});
  };
  if (!std::filesystem::exists(study.modelPath)) {
    error("/model", "model file '" + study.modelPath + "' not found");
    return std::nullopt;
  }
  if (std::filesystem::path(study.modelPath).extension() == ".adm") {
    auto imported = importAdm(study.modelPath);
    if (!imported.model) {
      errors.insert(errors.end(), imported.errors.begin(), imported.errors.end());
      return std::nullopt;
    }
    return prepare(study, std::move(*imported.model), errors);
  }
  auto loaded = loadModel(study.modelPath);
  if (!loaded.ok()) {
    errors.insert(errors.end(), loaded.errors.begin(), loaded.errors.end());
    return std::nullopt;
  }
  return prepare(study, std::move(*loaded.model), errors);
}

std::optional<StudyPlan> StudyPlan::prepare(const Study& study, Model base, Diagnostics& errors)
{
  const std::size_t before = errors.size();
  StudyPlan plan;
  plan.m_study = study;
  plan.m_model = std::move(base);
  auto error = [&](const std::string& field, const std::string& reason) {
    errors.push_back({study.file, 0, field, {}, reason});
  };
  Model& model = plan.m_model;
  applyAnalysis(study.analysis, model.analysis);
  plan.m_runs = study.runs();

  // Variables: parameters of the model, or added by the study with their bindings.
  for (std::size_t k = 0; k < study.variables.size(); ++k) {
    const StudyVariable& v = study.variables[k];
    const std::string at = "/variables/" + std::to_string(k);
    if (!findParameter(model, v.name)) {
      if (v.bindings.empty()) {
        std::string known;
        for (const auto& p : model.parameters)
          known += (known.empty() ? "" : ", ") + p.name;
        error(at + "/name", "variable '" + v.name + "': the model has no parameter of that name (" +
                                (known.empty() ? "it has none" : "its parameters: " + known) +
                                "); add it to the model or give \"bind\"");
        continue;
      }
      if (!model.isNameFree(v.name)) {
        error(at + "/name", "variable '" + v.name + "': the model has an entity of that name");
        continue;
      }
      model.parameters.push_back(
          {v.name, plan.m_runs.empty() ? 0.0 : plan.m_runs[0][k], "design study variable"});
    }
    for (std::size_t b = 0; b < v.bindings.size(); ++b) {
      const auto& bind = v.bindings[b];
      EntityRef ref;
      if (!bind.entity.empty()) {
        const auto found = model.findEntity(bind.entity);
        if (!found) {
          error(at + "/bind/" + std::to_string(b) + "/entity",
                "no entity named '" + bind.entity + "' in the model");
          continue;
        }
        ref = *found;
      }
      if (findBinding(model, ref, bind.field)) {
        error(at + "/bind/" + std::to_string(b) + "/field",
              "'" + bind.entity + "' " + bind.field + " is already bound in the model");
        continue;
      }
      model.bindings.push_back({ref, bind.field, v.name});
    }
  }
  if (errors.size() != before)
    return std::nullopt;
  for (auto& d : applyBindings(model))
    error("/variables", "binding " + d.field + ": " + d.reason);
  if (errors.size() != before)
    return std::nullopt;

  // The result columns, from the base model (every variant has the same entities).
  plan.m_columns = resultColumns(model, study.analysis.derived, errors);
  if (errors.size() != before)
    return std::nullopt;
  for (std::size_t k = 0; k < study.responses.size(); ++k) {
    const StudyResponse& r = study.responses[k];
    if (std::find(plan.m_columns.begin(), plan.m_columns.end(), r.column) == plan.m_columns.end())
      error("/responses/" + std::to_string(k) + "/column",
            "response '" + r.name + "': no result column '" + r.column + "' (" +
                similarColumns(r.column, plan.m_columns) +
                (study.analysis.derived ? "" : "; derived columns need \"derived\": true in \"analysis\"") +
                ")");
    if (r.statistic == ResponseStatistic::AtTime && model.analysis.type != AnalysisType::Static &&
        model.analysis.type != AnalysisType::InitialConditions &&
        (r.time < 0.0 || r.time > model.analysis.endTime))
      error("/responses/" + std::to_string(k) + "/time", "response '" + r.name + "': time " + number(r.time) +
                                                             " is outside the analysis (0 to " +
                                                             number(model.analysis.endTime) + " s)");
  }
  if (errors.size() != before)
    return std::nullopt;
  return plan;
}

StudyRunOutcome StudyPlan::run(std::size_t index, const std::string& resultCsv,
                               solver::ProgressMonitor* monitor) const
{
  StudyRunOutcome out;
  out.index = index;
  out.variables = m_runs.at(index);
  out.responses.assign(m_study.responses.size(), kNaN);
  Model model = m_model;
  for (std::size_t k = 0; k < m_study.variables.size(); ++k)
    findParameter(model, m_study.variables[k].name)->value = out.variables[k];
  if (const Diagnostics bad = applyBindings(model); !bad.empty()) {
    out.message = firstError(bad);
    return out;
  }
  if (const Diagnostics bad = model.validate(); !bad.empty()) {
    out.message = firstError(bad);
    return out;
  }
  CompileResult compiled = compile(model);
  if (!compiled.ok) {
    out.message = firstError(compiled.diagnostics);
    return out;
  }
  if (const solver::Status valid = solver::validateModel(compiled.model); !valid.ok()) {
    out.message = valid.message;
    return out;
  }
  const solver::Model solverModel = std::move(compiled.model);
  const RequestOutputs requests(model, compiled.map, solverModel);
  if (!requests.ok()) {
    out.message = firstError(requests.diagnostics());
    return out;
  }
  std::optional<DerivedOutputs> derived;
  if (m_study.analysis.derived)
    derived.emplace(model, compiled.map);
  const solver::AnalysisSettings settings = toSolverSettings(model.analysis);
  solver::ResultStore results;
  const solver::AnalysisOutcome outcome = solver::runAnalysis(solverModel, settings, monitor, results);
  ResultTable table(results.layout(), requests, derived ? &*derived : nullptr);
  table.append(results, requests, derived ? &*derived : nullptr);
  if (!resultCsv.empty())
    if (const auto written = table.write(resultCsv); !written.ok()) {
      out.message = written.message;
      return out;
    }
  if (!outcome.status.ok()) {
    out.message = "analysis failed at t = " + number(outcome.status.time) + ": " + outcome.status.message;
    return out;
  }
  std::string missing;  // a column of the base model this variant lacks (friction turned off by mu = 0)
  for (std::size_t k = 0; k < m_study.responses.size(); ++k) {
    const auto value = responseValue(m_study.responses[k], table);
    out.responses[k] = value.value_or(kNaN);
    if (!value)
      missing += (missing.empty() ? "" : ", ") + m_study.responses[k].column;
  }
  out.ok = true;
  if (!missing.empty())
    out.message = "this variant has no column " + missing + " (its response is empty)";
  for (const auto& w : outcome.status.warnings)
    out.message += (out.message.empty() ? "warning: " : "; ") + w;
  return out;
}

}  // namespace mbs::core
