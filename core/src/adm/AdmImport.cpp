#include "mbs/core/AdmImport.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <numbers>
#include <set>
#include <span>
#include <sstream>
#include <utility>

#include "../ExpressionBindings.hpp"
#include "../ExpressionScan.hpp"
#include "../ExpressionUnits.hpp"
#include "../NumberText.hpp"
#include "../TextEncoding.hpp"
#include "AdmImporter.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/InputFile.hpp"

namespace mbs::core::adm {

std::string sanitize(const std::string& s)
{
  std::string out;
  for (char c : s)
    out += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
  if (out.empty() || std::isdigit(static_cast<unsigned char>(out[0])))
    out = "_" + out;
  return out;
}

// "30D" -> (30*DTOR) in expressions (Adams' degree suffix): a number token followed at once by the
// name D. Tokens, not a regex: std::regex recursed per character and overflowed on long literals.
std::string degreeLiterals(const std::string& text)
{
  const auto tokens = detail::tokenize(detail::toMuparserText(text));  // same positions as text
  std::string out;
  std::size_t last = 0;
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const auto &number = tokens[k], &suffix = tokens[k + 1];
    if (number.kind != detail::Token::Number || suffix.kind != detail::Token::Symbol ||
        suffix.text != std::string(1, detail::kDegreeSuffix) ||
        suffix.position != number.position + number.length)
      continue;
    out.append(text, last, number.position - last);
    out.append("(").append(text, number.position, number.length).append("*DTOR)");
    last = suffix.position + suffix.length;
  }
  out.append(text, last);
  return out;
}

bool Importer::refersToFailed(const std::string& reason) const
{
  if (reason.find("does not exist") == std::string::npos)
    return false;
  // Each "NAME/id" in the reason.
  for (std::size_t k = 0; k < reason.size(); ++k) {
    if (reason[k] != '/' || k == 0 || k + 1 >= reason.size() ||
        !std::isdigit(static_cast<unsigned char>(reason[k + 1])))
      continue;
    std::size_t b = k;
    while (b > 0 && (std::isupper(static_cast<unsigned char>(reason[b - 1])) || reason[b - 1] == '_'))
      --b;
    std::size_t e = k + 1;
    while (e < reason.size() && std::isdigit(static_cast<unsigned char>(reason[e])))
      ++e;
    if (b < k && m_failedLabels.count(reason.substr(b, e - b)))
      return true;
  }
  return false;
}

std::optional<double> Importer::number(const Statement& st, const Argument& a, std::size_t k, double scale,
                                       bool angle)
{
  if (k >= a.values.size()) {
    error(st, a.line, a.key + ": expected " + std::to_string(k + 1) + " value(s)");
    return std::nullopt;
  }
  const std::string& s = a.values[k];
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  if (end == s.c_str()) {
    error(st, a.line, a.key + ": '" + s + "' is not a number");
    return std::nullopt;
  }
  if (*end == 'D' || *end == 'd') {
    v *= std::numbers::pi / 180.0;
    ++end;
  } else if (angle) {
    v *= m_u.angle;
  }
  if (*end != '\0' || !std::isfinite(v)) {
    error(st, a.line, a.key + ": '" + s + "' is not a number");
    return std::nullopt;
  }
  return angle ? v : v * scale;
}

std::optional<double> Importer::scalar(const Statement& st, const char* key, double scale,
                                       std::optional<double> fallback, bool angle)
{
  const Argument* a = arg(st, key);
  return a ? number(st, *a, 0, scale, angle) : fallback;
}

std::optional<Vec3> Importer::vector(const Statement& st, const char* key, double scale, bool angle)
{
  const Argument* a = arg(st, key);
  if (!a) {
    return std::nullopt;
  }
  Vec3 v;
  for (int k = 0; k < 3; ++k) {
    auto x = number(st, *a, k, scale, angle);
    if (!x)
      return std::nullopt;
    v[k] = *x;
  }
  return v;
}

std::optional<long> Importer::integer(const Statement& st, const Argument& a, std::size_t k)
{
  if (k >= a.values.size()) {
    error(st, a.line, a.key + ": missing id");
    return std::nullopt;
  }
  char* end = nullptr;
  const long v = std::strtol(a.values[k].c_str(), &end, 10);
  if (end == a.values[k].c_str() || *end != '\0') {
    error(st, a.line, a.key + ": '" + a.values[k] + "' is not an id");
    return std::nullopt;
  }
  return v;
}

std::optional<MarkerId> Importer::markerRef(const Statement& st, const char* key, bool required)
{
  const Argument* a = arg(st, key);
  if (!a) {
    if (required)
      error(st, 0, std::string("missing ") + key + "=marker");
    return std::nullopt;
  }
  auto id = integer(st, *a, 0);
  if (!id)
    return std::nullopt;
  auto it = m_markers.find(*id);
  if (it == m_markers.end()) {
    error(st, a->line, std::string(key) + ": MARKER/" + std::to_string(*id) + " does not exist");
    return std::nullopt;
  }
  return it->second;
}

std::string Importer::nameFor(const Statement& st, const char* prefix)
{
  std::string n = st.viewName.empty() ? "" : sanitize(st.viewName);
  if (n.empty() || !Model::isValidName(n) || !m_model.isNameFree(n)) {
    n = std::string(prefix) + "_" + (st.id ? std::to_string(*st.id) : "");
  }
  if (!Model::isValidName(n) || !m_model.isNameFree(n)) {
    n = m_model.uniqueName(prefix);
  }
  m_lineOf[n] = st.line;
  return n;
}

std::optional<std::string> Importer::expression(const Statement& st, const std::string& raw, int line,
                                                double outputFactor)
{
  auto markerName = [this](long id) -> std::optional<std::string> {
    auto it = m_markers.find(id);
    return it == m_markers.end() ? std::nullopt
                                 : std::optional(std::as_const(m_model).marker(it->second)->name);
  };
  std::optional<long> dropped;  // a VARIABLE left out (its function cannot be evaluated)
  auto variableName = [&](long id) -> std::optional<std::string> {
    if (m_droppedVariables.count(id)) {
      dropped = id;
      return "0";
    }
    auto it = m_variables.find(id);
    if (it == m_variables.end())
      return std::nullopt;
    // A command file's expression may name a VARIABLE the import made a parameter.
    const Variable* v = m_model.variable(it->second);
    return v ? v->name : m_variableNames[id];
  };
  // Load functions name elements by statement id: JOINT(3, ...) reads JOINT/3, BUSH(3, ...) BUSHING/3.
  std::optional<long> contactRead;  // CONTACT(id) read before the contacts are imported
  auto elementName = [&](std::string_view function, long id) -> std::optional<std::string> {
    const std::string statement = function == "BUSH"   ? "BUSHING"
                                  : function == "SPDP" ? "SPRINGDAMPER"
                                                       : std::string(function);
    const auto it = m_elements.find(statement + "/" + std::to_string(id));
    if (it == m_elements.end()) {
      if (function == "CONTACT" && !m_contactsImported)
        contactRead = id;
      return std::nullopt;
    }
    std::string name = std::as_const(m_model).entityName(it->second);
    return name.empty() ? std::nullopt : std::optional(name);
  };
  auto dataName = [this](char kind, long id) -> std::optional<std::string> {
    if (kind == 'c')
      return dataCurve(id);
    const auto& names = kind == 's'   ? m_splineNames
                        : kind == 'a' ? m_arrayNames
                        : kind == 'f' ? m_differentialNames
                                      : m_sensorNames;
    const auto it = names.find(id);
    return it == names.end() ? std::nullopt : std::optional(it->second);
  };
  const auto arrays = stateArrayReads(st, raw, line);  // ARYVAL of X, U and Y arrays
  if (!arrays)
    return std::nullopt;
  auto r = rewriteIdArguments(degreeLiterals(*arrays), markerName, variableName, elementName, dataName);
  if (dropped) {
    refuse(st, line,
           label(st) + " cannot be imported: it uses VARIABLE/" + std::to_string(*dropped) +
               ", whose function cannot be evaluated");
    return std::nullopt;
  }
  if (r.error && contactRead) {  // a force or motion function: imported before the contacts
    refuse(st, line,
           label(st) + " reads CONTACT(" + std::to_string(*contactRead) +
               ", ...): a contact's load is read from the solved frame, in VARIABLEs and REQUESTs, not "
               "in force or motion functions");
    return std::nullopt;
  }
  if (r.error) {
    error(st, line, "FUNCTION: " + r.error->message);
    return std::nullopt;
  }
  return expressionToSI(r.text, m_u, outputFactor);
}

std::optional<std::vector<Importer::Component>> Importer::components(const Statement& st,
                                                                     const std::string& allowed)
{
  const StatementInfo& info = *statementInfo(st.name);
  const auto isAllowed = [&](const std::string& key) {
    return (" " + allowed + " ").find(" " + key + " ") != std::string::npos;
  };
  std::vector<Component> out;
  for (const Argument& a : st.args) {
    if (a.flag || !a.known || !isAllowed(a.key))
      continue;
    m_used.insert(&a);
    std::stringstream all(a.key + "=" + a.values[0]);
    std::string part;
    while (std::getline(all, part, '\\')) {
      const auto eq = part.find('=');
      if (eq == std::string::npos) {
        if (part.find_first_not_of(" \t") != std::string::npos) {
          error(st, a.line, "expected COMPONENT = expression in '" + part + "'");
          return std::nullopt;
        }
        continue;
      }
      std::string key = part.substr(0, eq);
      key.erase(0, key.find_first_not_of(" \t"));
      key.erase(key.find_last_not_of(" \t") + 1);
      for (auto& c : key)
        c = char(std::toupper(static_cast<unsigned char>(c)));
      const Resolution r = resolveArgument(info, key);
      if (r.candidates.size() > 1 && !r.name) {
        error(st, a.line, "component '" + key + "' is ambiguous: " + candidateList(r.candidates));
        return std::nullopt;
      }
      if (!r.name || keyword(info, *r.name)->form != Form::Expression || !isAllowed(*r.name)) {
        error(st, a.line, "component '" + key + "' is not valid for " + st.name);
        return std::nullopt;
      }
      std::string text = part.substr(eq + 1);  // trimmed: exporting and reading back keeps it
      text.erase(0, text.find_first_not_of(" \t"));
      text.erase(text.find_last_not_of(" \t") + 1);
      out.push_back({*r.name, text, a.line});
    }
  }
  return out;
}

void Importer::variable(const Statement& st)
{
  if (!st.id || m_variables.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "VARIABLE needs an id");
    return;
  }
  Variable v;
  v.name = nameFor(st, "VARIABLE");
  v.function = "0";
  v.id = add(v);  // registered first so VARVAL references resolve in any order
  m_variables[*st.id] = v.id;
  m_variableNames[*st.id] = m_model.variable(v.id)->name;
}

// An element whose function calls something the expression language lacks (USER subroutines,
// IMPACT, FX(), ...) is refused; other expression errors are reported by validation as errors.
bool Importer::supported(const Statement& st, const std::string& text, int line)
{
  ExpressionContext ctx;
  ctx.marker = [](std::string_view) -> std::optional<int> { return 0; };
  ctx.variable = [](std::string_view) -> std::optional<int> { return 0; };
  auto r = Expression::compile(text, ctx);
  if (!r.ok() && r.error->message.rfind("unknown function", 0) == 0) {
    refuse(st, line, label(st) + " cannot be imported: its function uses an " + r.error->message);
    return false;
  }
  return true;
}

// Adams/View writes VARIABLEs for its own plots, often with functions we do not have (FX, SFORCE
// ...). Such a variable is dropped with a warning; an expression that uses it fails later.
void Importer::dropUnsupportedVariables(const Deck& deck)
{
  ExpressionContext ctx;
  ModelNames(m_model, nullptr).bind(ctx);
  for (const Statement& st : deck.statements) {
    if (st.name != "VARIABLE" || !st.id || !m_variables.count(*st.id))
      continue;
    const Variable& v = *m_model.variable(m_variables[*st.id]);
    auto r = Expression::compile(v.function, ctx);
    if (!r.ok()) {
      warn(st, 0, "VARIABLE/" + std::to_string(*st.id) + " was not imported: " + r.error->message);
      m_model.remove(EntityRef(v.id));
      m_variables.erase(*st.id);
      m_droppedVariables.insert(*st.id);
    }
  }
}

// The statements and arguments the passes did not read, by what the keyword table says of them.
void Importer::reportStatement(const Statement& st)
{
  if (!st.known) {
    refuse(st, 0, "'" + st.given + "' is not an Adams/Solver statement mbstudio knows of");
    return;
  }
  const StatementInfo& info = *statementInfo(st.name);
  if (st.name == "SENSOR" && st.id)
    m_sensors.insert(*st.id);
  if (info.use == Use::Refused) {
    refuse(st, 0, st.name + " cannot be imported: " + info.why);
    return;
  }
  if (info.use == Use::Ignored) {
    warn(st, 0, st.name + " is not imported: " + info.why);
    return;
  }
  for (const Argument& a : st.args) {
    if (m_used.count(&a) || m_failed.count(&st))
      continue;
    if (!a.known) {
      const std::string what = "'" + a.given + "' is not a documented " + st.name + " argument";
      if (st.name == "GRAPHICS" || st.name == "REQUEST")
        warn(st, a.line, what + "; ignored (graphics and outputs do not change the physics)");
      else
        refuse(st, a.line, what);
      continue;
    }
    const Keyword* found = keyword(info, a.key);
    if (!found) {  // known to the statement's parser but not in its keyword table
      refuse(st, a.line, a.key + " is not supported in this " + st.name + " statement");
      continue;
    }
    const Keyword& k = *found;
    if (k.use == Use::Ignored)
      warn(st, a.line, a.key + " is not used: " + k.why);
    else if (k.use == Use::Refused)
      refuse(st, a.line, a.key + " cannot be imported: " + k.why);
    else
      refuse(st, a.line, a.key + " is not supported in this " + st.name + " statement");
  }
}

// RACKPIN joints, read after all other joints: a coupler of the pinion's revolute (or cylindrical)
// joint on the I marker's part and the rack's translational (or cylindrical) joint on J's.
void Importer::rackPins()
{
  for (auto& [st, j] : m_pendingRackPins) {
    const PartId pinion = m_model.partOf(j.iMarker), rack = m_model.partOf(j.jMarker);
    JointId rev, trans;
    for (const Joint& o : m_model.joints()) {
      const bool onPinion = m_model.partOf(o.iMarker) == pinion || m_model.partOf(o.jMarker) == pinion;
      const bool onRack = m_model.partOf(o.iMarker) == rack || m_model.partOf(o.jMarker) == rack;
      if (!rev && onPinion && (o.kind == JointKind::Revolute || o.kind == JointKind::Cylindrical))
        rev = o.id;
      if (!trans && onRack && (o.kind == JointKind::Translational || o.kind == JointKind::Cylindrical))
        trans = o.id;
    }
    if (!rev || !trans) {
      error(*st, 0, "RACKPIN needs a revolute joint on the pinion and a translational joint on the rack");
      continue;
    }
    j.joints = {rev, trans};
    j.iMarker = j.jMarker = MarkerId{};
    j.id = add(j);
    m_joints[*st->id] = j.id;
    m_elements[label(*st)] = EntityRef(j.id);
  }
}

AdmImportResult Importer::run(const std::string& text)
{
  AdmImportResult out;
  Deck deck = lex(text);
  for (auto& e : deck.errors)
    e.file = m_file;
  m_errors = deck.errors;
  if (!deck.ended) {
    // Adams reads a dataset up to its END statement; a file that stops before it is a truncated
    // copy or an interrupted export, and solving what is there would solve another model.
    const int last = std::max(deck.lastLine, 1);
    m_errors.push_back({m_file,
                        last,
                        {},
                        {},
                        "the dataset has no END statement: the file stops at line " + std::to_string(last) +
                            " (a truncated copy or an interrupted export?); refused"});
  }
  {
    const auto colon = deck.title.rfind(':');
    std::string title = colon == std::string::npos ? deck.title : deck.title.substr(colon + 1);
    title.erase(0, title.find_first_not_of(' '));
    m_model.name = title.empty() ? "imported" : sanitize(title);
    m_model.description = detail::toValidUtf8(deck.title);  // a Latin-1 title, say
  }
  m_model.gravity = Vec3::Zero();  // Adams: no gravity unless ACCGRAV
  auto each = [&](std::initializer_list<const char*> names, auto fn) {
    for (const Statement& st : deck.statements) {
      for (const char* n : names) {
        if (st.name == n)
          fn(st);
      }
    }
  };
  plantValueFunctions(deck);
  // Pass order follows the references: units, parts, markers, then what refers to markers.
  each({"UNITS"}, [&](const Statement& st) { units(st); });
  each({"PART"}, [&](const Statement& st) { part(st); });
  each({"POINT_MASS"}, [&](const Statement& st) { pointMass(st); });
  each({"MARKER"}, [&](const Statement& st) { marker(st); });
  each({"PART"}, [&](const Statement& st) { partCm(st); });
  each({"POINT_MASS"}, [&](const Statement& st) { pointMassCm(st); });
  each({"GRAPHICS"}, [&](const Statement& st) { graphics(st); });
  each({"JOINT"}, [&](const Statement& st) { joint(st, false); });
  each({"JPRIM"}, [&](const Statement& st) { joint(st, true); });
  rackPins();
  each({"GEAR", "COUPLER"}, [&](const Statement& st) { coupler(st); });
  each({"GCON"}, [&](const Statement& st) { gcon(st); });
  each({"SPLINE"}, [&](const Statement& st) { spline(st); });
  each({"ARRAY"}, [&](const Statement& st) { array(st); });
  each({"MATRIX"}, [&](const Statement& st) { matrix(st); });
  each({"CURVE"}, [&](const Statement& st) { curve(st); });
  each({"PTCV"}, [&](const Statement& st) { pointCurve(st); });
  each({"CVCV"}, [&](const Statement& st) { curveCurve(st); });
  each({"SENSOR"}, [&](const Statement& st) { sensorName(st); });
  each({"DIFF"}, [&](const Statement& st) { differentialName(st); });
  each({"TFSISO", "LSE"}, [&](const Statement& st) { linearSystemNames(st); });
  each({"VARIABLE"}, [&](const Statement& st) { variable(st); });
  // VARIABLE functions: those reading element loads (JOINT(id, ...), SFORCE(id, ...) ...) after
  // every element exists, so that the ids name them; the others now, before the elements that
  // read them.
  auto variableFunction = [&](const Statement& st) {
    if (!st.id || !m_variables.count(*st.id))
      return;
    const Argument* fn = arg(st, "FUNCTION");
    if (!fn) {
      error(st, 0, "VARIABLE needs FUNCTION=");
      return;
    }
    if (auto text = expression(st, fn->values[0], fn->line, 1.0))  // stays in the deck's units
      m_model.variable(m_variables[*st.id])->function = *text;
    arg(st, "IC");
  };
  auto readsElementLoads = [&](const Statement& st) {
    const Argument* fn = st.name == "VARIABLE" ? arg(st, "FUNCTION") : nullptr;
    if (!fn)
      return false;
    const auto tokens = detail::tokenize(detail::toMuparserText(fn->values[0]));
    for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
      const auto* f =
          tokens[k].kind == detail::Token::Identifier ? detail::findFunction(tokens[k].text) : nullptr;
      if (f && f->cls == detail::FunctionClass::ElementLoad && tokens[k + 1].text == "(")
        return true;
    }
    return false;
  };
  each({"VARIABLE"}, [&](const Statement& st) {
    if (!readsElementLoads(st))
      variableFunction(st);
  });
  dropUnsupportedVariables(deck);
  each({"MOTION"}, [&](const Statement& st) { motion(st); });
  each({"SFORCE", "GFORCE", "VFORCE", "VTORQUE"}, [&](const Statement& st) { force(st); });
  each({"SPRINGDAMPER"}, [&](const Statement& st) { springDamper(st); });
  each({"BUSHING"}, [&](const Statement& st) { bushing(st); });
  each({"BEAM"}, [&](const Statement& st) { beam(st); });
  each({"FIELD"}, [&](const Statement& st) { field(st); });
  each({"NFORCE"}, [&](const Statement& st) { nforce(st); });
  // An NFORCE's matrices are part of it (written again with it), not reference data.
  std::erase_if(m_model.matrices, [&](const DataMatrix& m) { return m_nforceMatrices.count(m.name) > 0; });
  each({"CONTACT"}, [&](const Statement& st) { contact(st); });
  m_contactsImported = true;
  each({"ACCGRAV"}, [&](const Statement& st) { accgrav(st); });
  each({"INTEGRATOR"}, [&](const Statement& st) { integrator(st); });
  each({"FRICTION"}, [&](const Statement& st) { friction(st); });
  each({"VARIABLE"}, [&](const Statement& st) {
    if (readsElementLoads(st))
      variableFunction(st);
  });
  dropUnsupportedVariables(deck);
  refuseLoadsOnPointMasses(deck);
  each({"REQUEST"}, [&](const Statement& st) { request(st); });
  each({"SENSOR"}, [&](const Statement& st) { sensor(st); });
  each({"DIFF"}, [&](const Statement& st) { differential(st); });
  each({"TFSISO", "LSE"}, [&](const Statement& st) { linearSystem(st); });
  each({"PINPUT", "POUTPUT"}, [&](const Statement& st) { plantPort(st); });
  constantVariablesToParameters();
  unusedCurves();  // (after every function: they make the data curves they read)
  for (const Statement& st : deck.statements)
    reportStatement(st);
  if (m_errors.empty() && !m_parts.count(-1)) {
    // Located at the first PART statement (where GROUND is missing), or at the title line.
    const auto part = std::find_if(deck.statements.begin(), deck.statements.end(),
                                   [](const Statement& st) { return st.name == "PART"; });
    if (part != deck.statements.end())
      error(*part, 0, "the dataset has no GROUND part (no PART statement has the GROUND flag)");
    else
      m_errors.push_back({m_file, 1, {}, {}, "the dataset has no GROUND part (it has no PART statement)"});
  }
  if (m_errors.empty()) {
    // Validation problems (inertia, expressions, ...) are located at the entity's statement.
    for (auto d : m_model.validate()) {
      d.file = m_file;
      if (m_lineOf.count(d.entity))
        d.line = m_lineOf[d.entity];
      d.field.clear();
      m_errors.push_back(d);
    }
  }
  std::sort(m_warnings.begin(), m_warnings.end(),
            [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  out.warnings = std::move(m_warnings);
  out.dropped = std::move(m_dropped);
  out.elements = m_elements;
  out.sensors = m_sensors;
  out.sensorNames = m_sensorNames;
  out.plantInputNames = m_plantInputNames;
  out.plantOutputNames = m_plantOutputNames;
  out.units = m_u;
  if (!m_errors.empty()) {
    out.errors = std::move(m_errors);
    return out;
  }
  out.model = std::move(m_model);
  return out;
}

}  // namespace mbs::core::adm

namespace mbs::core {

AdmImportResult importAdmFromString(const std::string& text, const std::string& fileName,
                                    AdmImportOptions options)
{
  return adm::Importer(fileName, options).run(text);
}

AdmImportResult importAdm(const std::string& path, AdmImportOptions options)
{
  std::string error;
  const auto text = readInputFile(path, error);
  if (!text) {
    AdmImportResult r;
    r.errors.push_back({path, 0, {}, {}, error});
    return r;
  }
  return importAdmFromString(*text, path, options);
}

}  // namespace mbs::core
