// Model-wide statements: UNITS, ACCGRAV, INTEGRATOR.
#include "AdmImporter.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

namespace mbs::core::adm {

void Importer::units(const Statement& st)
{
  if (const Argument* a = arg(st, "SYSTEM")) {
    auto u = unitSystem(a->values[0]);
    if (!u) {
      error(st, a->line, "unknown unit system '" + a->values[0] + "'");
      return;
    }
    m_u = *u;
  }
  auto one = [&](const char* key, auto lookup, double& factor) {
    if (const Argument* a = arg(st, key)) {
      auto f = lookup(a->values[0]);
      if (!f) {
        error(st, a->line, std::string("unknown ") + key + " unit '" + a->values[0] + "'");
      } else {
        factor = *f;
      }
    }
  };
  one("FORCE", forceUnit, m_u.force);
  one("MASS", massUnit, m_u.mass);
  one("LENGTH", lengthUnit, m_u.length);
  one("TIME", timeUnit, m_u.time);
  // The deck's units become the model's display units, as Adams/View shows an imported deck in
  // them; angles in degrees, Adams/View's default (the deck's own angles are radians, or D).
  UnitSystem display = withShortNames(m_u);
  const UnitSystem degrees = defaultDisplayUnits();
  display.angle = degrees.angle;
  display.angleName = degrees.angleName;
  m_model.displayUnits = display;
  // UCF (force unit = mass unit * length unit / time unit^2 / UCF) must agree with the units: the
  // conversion to SI follows FORCE, MASS, LENGTH and TIME.
  if (const Argument* a = arg(st, "UCF")) {
    const double expected = m_u.force * m_u.time * m_u.time / (m_u.mass * m_u.length);
    if (auto ucf = number(st, *a, 0, 1.0); ucf && std::abs(*ucf - expected) > 1e-9 * expected) {
      refuse(st, a->line,
             "UCF = " + a->values[0] + " disagrees with FORCE, MASS, LENGTH and TIME (which give UCF = " +
                 std::to_string(expected) + ")");
    }
  }
}

void Importer::accgrav(const Statement& st)
{
  m_model.gravity = Vec3(scalar(st, "IGRAVITY", m_u.acceleration(), 0.0).value_or(0),
                         scalar(st, "JGRAVITY", m_u.acceleration(), 0.0).value_or(0),
                         scalar(st, "KGRAVITY", m_u.acceleration(), 0.0).value_or(0));
}

// INTEGRATOR/ GSTIFF|WSTIFF|HHT|..., I3|SI2 (or FORMULATION=), ERROR=, HMAX=, HINIT=, MAXIT=: the
// dynamic analysis settings. Integrators this solver lacks map to the nearest one with a warning.
void Importer::integrator(const Statement& st)
{
  AnalysisSettings& a = m_model.analysis;
  struct Choice {
    const char* adams;
    Integrator ours;
    const char* note;  // non-empty: mapped with a warning
  };
  static const Choice choices[] = {
      {"GSTIFF", Integrator::Gstiff, ""},
      {"WSTIFF", Integrator::Wstiff, ""},
      {"HHT", Integrator::HhtAlpha, ""},
      {"RKF45", Integrator::Rkf45, ""},
      {"CONSTANT_BDF", Integrator::ConstantBdf, ""},
      {"DSTIFF", Integrator::Dstiff, ""},
      {"HASTIFF", Integrator::Gstiff, "HASTIFF is integrated with GSTIFF"},
      {"NEWMARK", Integrator::HhtAlpha, "NEWMARK is integrated with HHT-alpha"},
      {"ABAM", Integrator::Abam, ""},
  };
  for (const Choice& c : choices) {
    if (flag(st, c.adams)) {
      a.integrator = c.ours;
      if (*c.note)
        warn(st, 0, c.note);
    }
  }
  auto formulation = [&](const std::string& word, int line) {
    if (word == "I3") {
      a.formulation = Formulation::I3;
    } else if (word == "SI2" || word == "SI1") {
      a.formulation = Formulation::SI2;
      if (word == "SI1")
        warn(st, line, "SI1 is integrated in the SI2 formulation");
    } else {
      error(st, line, "FORMULATION must be I3, SI2 or SI1, not '" + word + "'");
    }
  };
  for (const char* word : {"I3", "SI2", "SI1"}) {
    if (flag(st, word))
      formulation(word, st.line);
  }
  if (const Argument* f = arg(st, "FORMULATION"); f && !f->values.empty())
    formulation(f->values[0], f->line);
  // Adams runs DSTIFF in I3 only (seed 000 §4.5): SI2 or SI1 with it is not a run Adams makes.
  if (a.integrator == Integrator::Dstiff) {
    if (a.formulation == Formulation::SI2)
      error(st, st.line, "DSTIFF is an I3 integrator (Adams runs it in I3 only), not SI2 or SI1");
    else
      a.formulation = Formulation::I3;
  }
  // ERROR is absolute in the deck's length unit; the solver's tolerance is in SI.
  if (auto e = scalar(st, "ERROR", m_u.length, std::nullopt)) {
    if (*e > 0)
      a.errorTolerance = *e;
    else
      error(st, 0, "ERROR must be positive");
  }
  if (auto h = scalar(st, "HMAX", m_u.time, std::nullopt))
    a.maxStepSize = *h;
  if (auto h = scalar(st, "HINIT", m_u.time, std::nullopt))
    a.initialStepSize = *h;
  if (const Argument* m = arg(st, "MAXIT")) {
    if (auto n = integer(st, *m, 0); n && *n > 0)
      a.maxIterations = static_cast<int>(*n);
    else if (n)
      error(st, m->line, "MAXIT must be a positive number of iterations");
  }
  // KMAX: the highest order of the multistep integrators (seed 000 §4.5: the BDFs up to 6, ABAM up
  // to 12); HHT and RKF45 have no variable order.
  if (const Argument* k = arg(st, "KMAX")) {
    const bool abam = a.integrator == Integrator::Abam;
    const int highest = abam ? 12 : 6;
    std::string name = toString(a.integrator);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::toupper(c); });
    if (a.integrator == Integrator::HhtAlpha || a.integrator == Integrator::Rkf45)
      warn(st, k->line,
           "KMAX is the order of the BDF integrators and ABAM; " + name +
               " has no variable order, so it is not used");
    else if (auto n = integer(st, *k, 0); n && *n >= 1 && *n <= highest)
      a.maxOrder = static_cast<int>(*n);
    else if (n)
      error(st, k->line, "KMAX must be 1 to " + std::to_string(highest) + " for " + name);
  }
}

AnalysisSettings Importer::integratorCommand(const Statement& command, const std::string& file,
                                             const AnalysisSettings& settings, Diagnostics& warnings,
                                             Diagnostics& errors, Diagnostics& dropped)
{
  m_warnings.clear();
  m_errors.clear();
  m_dropped.clear();
  m_model.analysis = settings;
  std::string datasetFile = file;  // diagnostics name the command file
  std::swap(m_file, datasetFile);
  integrator(command);
  reportStatement(command);
  std::swap(m_file, datasetFile);
  warnings.insert(warnings.end(), m_warnings.begin(), m_warnings.end());
  errors.insert(errors.end(), m_errors.begin(), m_errors.end());
  dropped.insert(dropped.end(), m_dropped.begin(), m_dropped.end());
  return m_model.analysis;
}

}  // namespace mbs::core::adm
