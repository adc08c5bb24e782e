// Command-file redefinitions of dataset elements: ACCGRAV, VARIABLE, MOTION, SFORCE, SPRINGDAMPER,
// GFORCE, VFORCE and VTORQUE commands respecify what their statement defined, from that point of
// the command sequence on (Adams/Solver (C++) command reference). Values are read in the dataset's
// units, as its statements were.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <iterator>
#include <set>

#include "AdmImporter.hpp"
#include "mbs/core/AdmKeywords.hpp"
#include "mbs/core/Parameters.hpp"

namespace mbs::core::adm {
namespace {

// "VARVAL(NAME)" -> "(NAME)" for each NAME in `parameters` (upper case): VARVAL of a VARIABLE the
// import made a parameter (a constant). One pass over the text.
std::string parameterReferences(const std::string& text, const std::set<std::string>& parameters)
{
  auto upper = [](char c) { return char(std::toupper(static_cast<unsigned char>(c))); };
  auto isName = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  std::string out;
  out.reserve(text.size());
  std::size_t k = 0;
  while (k < text.size()) {
    // "VARVAL" as a whole word?
    bool word = k + 6 <= text.size() && (k == 0 || !isName(text[k - 1]));
    for (std::size_t i = 0; word && i < 6; ++i)
      word = upper(text[k + i]) == "VARVAL"[i];
    if (word) {
      std::size_t p = k + 6;
      auto blanks = [&] {
        while (p < text.size() && (text[p] == ' ' || text[p] == '\t'))
          ++p;
      };
      blanks();
      if (p < text.size() && text[p] == '(') {
        ++p;
        blanks();
        const std::size_t nameAt = p;
        std::string name;
        while (p < text.size() && isName(text[p]))
          name += upper(text[p++]);
        const std::size_t nameEnd = p;
        blanks();
        if (p < text.size() && text[p] == ')' && parameters.count(name)) {
          out += "(" + text.substr(nameAt, nameEnd - nameAt) + ")";
          k = p + 1;
          continue;
        }
      }
    }
    out += text[k++];
  }
  return out;
}

}  // namespace

bool Importer::redefineCommand(const Statement& command, const std::string& file, Model& model,
                               Diagnostics& warnings, Diagnostics& errors, Diagnostics& dropped)
{
  m_warnings.clear();
  m_errors.clear();
  m_dropped.clear();
  std::string datasetFile = file;
  std::swap(m_file, datasetFile);
  std::swap(m_model, model);
  const bool constraints = redefine(command);
  // The arguments not read, by the command table (LIST: a warning; I=, J=, ...: refused).
  const StatementInfo& info = *statementInfo(command.name, commands());
  for (const Argument& a : command.args) {
    if (m_used.count(&a) || m_failed.count(&command))
      continue;
    const Keyword* k = a.known ? keyword(info, a.key) : nullptr;
    if (!k)
      refuse(command, a.line, "'" + a.given + "' is not a documented " + command.name + " command argument");
    else if (k->use == Use::Ignored)
      warn(command, a.line, a.key + " is not used: " + k->why);
    else if (k->use == Use::Refused)
      refuse(command, a.line, a.key + " cannot be run: " + k->why);
    else
      refuse(command, a.line, a.key + " does not apply to " + label(command));
  }
  std::swap(m_model, model);
  std::swap(m_file, datasetFile);
  warnings.insert(warnings.end(), m_warnings.begin(), m_warnings.end());
  errors.insert(errors.end(), m_errors.begin(), m_errors.end());
  dropped.insert(dropped.end(), m_dropped.begin(), m_dropped.end());
  return constraints && m_errors.empty();
}

bool Importer::redefine(const Statement& st)
{
  if (st.name == "ACCGRAV") {
    // Only the components given are respecified.
    for (int k = 0; k < 3; ++k) {
      static const char* keys[] = {"IGRAVITY", "JGRAVITY", "KGRAVITY"};
      if (auto g = scalar(st, keys[k], m_u.acceleration(), std::nullopt))
        m_model.gravity[k] = *g;
    }
    return false;
  }
  if (!st.id) {
    error(st, 0, st.name + " needs the id of the element it redefines (" + st.name + "/id, ...)");
    return false;
  }
  // An expression of the command, checked as the dataset's are; nullopt after an error.
  auto function = [&](const Argument& a, const std::string& text, double unit) -> std::optional<std::string> {
    auto si = expression(st, text, a.line, unit);
    if (!si || !supported(st, *si, a.line))
      return std::nullopt;
    std::set<std::string> parameters;  // the VARIABLEs the import made parameters
    for (const auto& [id, name] : m_variableNames)
      if (!m_model.findVariable(name)) {
        std::string key = name;
        for (char& c : key)
          c = char(std::toupper(static_cast<unsigned char>(c)));
        parameters.insert(key);
      }
    if (!parameters.empty())
      *si = parameterReferences(*si, parameters);
    return si;
  };
  // Validation of the changed entity, located at the command.
  auto validated = [&](const std::string& entity) {
    bool ok = true;
    for (const Diagnostic& d : m_model.validate())
      if (d.entity == entity) {
        error(st, 0, d.reason);
        ok = false;
      }
    return ok;
  };
  if (st.name == "VARIABLE") {
    const auto name = m_variableNames.find(*st.id);
    if (name == m_variableNames.end()) {
      error(st, 0, "the dataset has no such element to redefine");
      return false;
    }
    arg(st, "IC");  // reported as not used
    const Argument* fn = arg(st, "FUNCTION");
    if (!fn)
      return false;
    if (m_droppedVariables.count(*st.id)) {
      refuse(st, fn->line,
             label(st) +
                 " was not imported (its dataset function cannot be evaluated), nor were the "
                 "elements that use it: a new function for it cannot bring them back");
      return false;
    }
    auto text = function(*fn, fn->values[0], 1.0);  // a VARIABLE stays in the deck's units
    if (!text)
      return false;
    if (Variable* v = m_model.variable(m_model.findVariable(name->second))) {
      const std::string old = v->function;
      v->function = *text;
      if (!validated(v->name))
        v->function = old;
      return false;
    }
    // The dataset's FUNCTION was a constant, read as a parameter: a new constant is its new value.
    auto p = std::find_if(m_model.parameters.begin(), m_model.parameters.end(),
                          [&](const Parameter& q) { return q.name == name->second; });
    const ParameterValue value = evaluateParameterExpression(m_model, *text);
    if (p == m_model.parameters.end() || !value.value) {
      refuse(st, fn->line,
             label(st) + " was read as the constant parameter '" + name->second +
                 "' (its dataset FUNCTION is a constant); a command file cannot make it a function of the "
                 "state or of time here");
      return false;
    }
    p->value = *value.value;
    p->description = "VARIABLE, FUNCTION = " + *text + " (command file)";
    return false;
  }
  const auto element = m_elements.find(label(st));
  if (element == m_elements.end()) {
    error(st, 0, "the dataset has no such element to redefine");
    return false;
  }
  const EntityRef ref = element->second;
  if (st.name == "MOTION") {
    Motion* m = m_model.motion(MotionId(ref.id));
    if (flag(st, "DISPLACEMENT"))
      m->quantity = MotionQuantity::Displacement;
    if (flag(st, "VELOCITY"))
      m->quantity = MotionQuantity::Velocity;
    if (flag(st, "ACCELERATION"))
      m->quantity = MotionQuantity::Acceleration;
    const double scale = isRotation(m->axis) ? 1.0 : m_u.length;
    if (auto d = scalar(st, "ICDISP", scale, std::nullopt))
      m->initialDisplacement = *d;
    if (auto v = scalar(st, "ICVEL", scale / m_u.time, std::nullopt))
      m->initialVelocity = *v;
    if (const Argument* fn = arg(st, "FUNCTION")) {
      const int timePower = m->quantity == MotionQuantity::Displacement ? 0
                            : m->quantity == MotionQuantity::Velocity   ? 1
                                                                        : 2;
      auto text = function(*fn, fn->values[0], scale / std::pow(m_u.time, timePower));
      if (!text)
        return false;
      m->function = *text;
    }
    return validated(m->name);
  }
  Force* f = m_model.force(ForceId(ref.id));
  if (!f) {
    error(st, 0, "the dataset has no such force to redefine");
    return false;
  }
  if (st.name == "SFORCE") {
    if (const Argument* fn = arg(st, "FUNCTION")) {
      const double unit = f->kind == ForceKind::SingleTorque ? m_u.torque() : m_u.force;
      if (auto text = function(*fn, fn->values[0], unit)) {
        f->functions[0] = *text;
        validated(f->name);
      }
    }
    return false;
  }
  if (st.name == "SPRINGDAMPER") {
    const bool rotational = f->kind == ForceKind::RotationalSpringDamper;
    const char* const ours[] = {"K", "C", "LENGTH", "FORCE"};
    const char* const rotationalKeys[] = {"KT", "CT", "ANGLE", "TORQUE"};
    // The other kind's arguments do not apply: a translational spring has no KT.
    for (const char* key : rotational ? ours : rotationalKeys)
      if (const Argument* a = arg(st, key))
        error(st, a->line,
              std::string(key) + " does not apply to the " + (rotational ? "rotational" : "translational") +
                  " " + label(st));
    if (rotational) {
      f->stiffness = scalar(st, "KT", m_u.torque(), f->stiffness).value_or(f->stiffness);
      f->damping = scalar(st, "CT", m_u.torque() * m_u.time, f->damping).value_or(f->damping);
      f->freeLength = scalar(st, "ANGLE", 1.0, f->freeLength, true).value_or(f->freeLength);
      f->preload = scalar(st, "TORQUE", m_u.torque(), f->preload).value_or(f->preload);
    } else {
      f->stiffness = scalar(st, "K", m_u.stiffness(), f->stiffness).value_or(f->stiffness);
      f->damping = scalar(st, "C", m_u.damping(), f->damping).value_or(f->damping);
      f->freeLength = scalar(st, "LENGTH", m_u.length, f->freeLength).value_or(f->freeLength);
      f->preload = scalar(st, "FORCE", m_u.force, f->preload).value_or(f->preload);
    }
    validated(f->name);
    return false;
  }
  // GFORCE, VFORCE, VTORQUE: each component given is respecified.
  // The components are written "FX = e1\ FY = e2 ..." as in the statement.
  static const char* comps[] = {"FX", "FY", "FZ", "TX", "TY", "TZ"};
  const auto given = components(st, st.name == "GFORCE"   ? "FX FY FZ TX TY TZ"
                                    : st.name == "VFORCE" ? "FX FY FZ"
                                                          : "TX TY TZ");
  if (!given)
    return false;
  for (const auto& [key, text, line] : *given) {
    const int c = int(std::find(std::begin(comps), std::end(comps), key) - std::begin(comps));
    Argument at;
    at.line = line;
    if (auto si = function(at, text, c < 3 ? m_u.force : m_u.torque()))
      f->functions[c] = *si;
  }
  validated(f->name);
  return false;
}

}  // namespace mbs::core::adm
