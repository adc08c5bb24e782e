// TFSISO and LSE, Adams' linear system elements, as the model's own first-order states
// (SystemElements.hpp): each state a DIFF, each output a VARIABLE; the X, U and Y arrays they name
// are read through them (ARYVAL(X, k) the state, ARYVAL(U, k) the input VARIABLE, ARYVAL(Y, k) the
// output). Everything stays in the deck's units; a state's derivative is per the deck's time unit.
//
// TFSISO's realization is the controllable canonical form of N(s)/D(s) (coefficients in ascending
// powers of s, as Adams lists them) normalized by D's leading coefficient aₙ: ẋᵢ = xᵢ₊₁ (i < n),
// ẋₙ = −Σ αᵢ xᵢ₊₁ + u, y = Σ (βᵢ − αᵢ βₙ) xᵢ₊₁ + βₙ u, αᵢ = aᵢ/aₙ, βᵢ = bᵢ/aₙ. Its input-output
// behaviour is the transfer function's whatever the realization; Adams does not document which
// realization its X array holds, so ARYVAL of a TFSISO's X array is refused (faithful or refused).
#include <cmath>
#include <cstdlib>

#include "../ExpressionScan.hpp"
#include "AdmImporter.hpp"
#include "mbs/core/LinearSystems.hpp"

namespace mbs::core::adm {
namespace {

}  // namespace

std::string Importer::uniqueDataName(const std::string& wanted)
{
  std::string n = wanted;
  if (!Model::isValidName(n) || !m_model.isNameFree(n))
    n = m_model.uniqueName(wanted);
  return n;
}

// ARRAY/id, X | U | Y [, SIZE = n] [, VARIABLES = ids] (U): recorded for the element that names it.
void Importer::stateArray(const Statement& st, char kind)
{
  if (m_stateArrays.count(*st.id) || m_arrayNames.count(*st.id))
    return error(st, 0, "duplicate " + label(st));
  StateArray a;
  a.kind = kind;
  a.line = st.line;
  if (const Argument* size = arg(st, "SIZE")) {
    const auto n = integer(st, *size, 0);
    if (!n)
      return;
    a.size = *n;
  }
  if (const Argument* vars = arg(st, "VARIABLES")) {
    if (kind != 'U') {
      error(st, vars->line,
            "VARIABLES belongs to a U array (the inputs); this ARRAY is of type " + std::string(1, kind));
      return;
    }
    for (std::size_t k = 0; k < vars->values.size(); ++k) {
      const auto id = integer(st, *vars, k);
      if (!id)
        return;
      a.variables.push_back(*id);
    }
  }
  if (kind == 'U' && a.variables.empty()) {
    error(st, 0, "a U array needs VARIABLES=id1[, id2 ...] (its inputs)");
    return;
  }
  if (kind == 'U' && a.size >= 0 && a.size != long(a.variables.size())) {
    error(st, 0,
          "SIZE=" + std::to_string(a.size) + " but VARIABLES lists " + std::to_string(a.variables.size()));
    return;
  }
  m_stateArrays[*st.id] = std::move(a);
}

// The array `key` = id of a TFSISO or LSE, of the given type; null (after an error) when it is not one.
Importer::StateArray* Importer::elementArray(const Statement& st, const char* key, char kind, bool required)
{
  const Argument* a = arg(st, key);
  if (!a) {
    if (required)
      error(st, 0, st.name + " needs " + key + "=id (an ARRAY of type " + std::string(1, kind) + ")");
    return nullptr;
  }
  const auto id = integer(st, *a, 0);
  if (!id)
    return nullptr;
  const auto it = m_stateArrays.find(*id);
  if (it == m_stateArrays.end() || it->second.kind != kind) {
    error(st, a->line,
          std::string(key) + "=" + std::to_string(*id) + ": no ARRAY/" + std::to_string(*id) + " of type " +
              std::string(1, kind));
    return nullptr;
  }
  if (kind != 'U' && !it->second.owner.empty()) {
    error(st, a->line,
          std::string(key) + "=" + std::to_string(*id) + ": ARRAY/" + std::to_string(*id) +
              " is already used by " + it->second.owner + " (an X or Y array belongs to one element)");
    return nullptr;
  }
  it->second.id = *id;
  return &it->second;
}

const DataMatrix* Importer::elementMatrix(const Statement& st, const char* key)
{
  const Argument* a = arg(st, key);
  if (!a)
    return nullptr;
  const auto id = integer(st, *a, 0);
  if (!id)
    return nullptr;
  const auto it = m_matrixNames.find(*id);
  if (it != m_matrixNames.end())
    for (const DataMatrix& m : m_model.matrices)
      if (m.name == it->second)
        return &m;
  error(st, a->line, std::string(key) + "=" + std::to_string(*id) + ": no MATRIX/" + std::to_string(*id));
  return nullptr;
}

// The states and outputs of a TFSISO or LSE, named before any function reads them (ARYVAL in
// VARIABLEs and forces); their functions come later (linearSystem).
void Importer::linearSystemNames(const Statement& st)
{
  if (!st.id)
    return error(st, 0, st.name + " needs an id");
  const bool tf = st.name == "TFSISO";
  LinearSystem sys;
  sys.label = label(st);
  std::string base = st.viewName.empty() ? "" : sanitize(st.viewName);
  if (base.empty() || !Model::isValidName(base))
    base = st.name + "_" + std::to_string(*st.id);
  std::size_t states = 0, outputs = 0;
  StateArray* x = elementArray(st, "X", 'X', true);
  StateArray* y = elementArray(st, "Y", 'Y', tf);
  StateArray* u = elementArray(st, "U", 'U', tf);
  if (!x || (tf && (!y || !u)))
    return;
  if (tf) {
    const Argument* den = arg(st, "DENOMINATOR");
    const Argument* num = arg(st, "NUMERATOR");
    if (!den || !num)
      return error(st, 0, "TFSISO needs NUMERATOR= and DENOMINATOR=");
    if (den->values.size() < 2)
      return error(st, den->line, "DENOMINATOR needs at least 2 coefficients (a first-order system or more)");
    if (num->values.size() > den->values.size())
      return error(st, num->line,
                   "NUMERATOR has more coefficients than DENOMINATOR (Adams requires at most as many)");
    if (u->variables.size() != 1)
      return error(st, 0, "U=" + std::to_string(u->id) + ": a TFSISO's U array has one VARIABLE");
    if (y->size >= 0 && y->size != 1)
      return error(st, 0, "Y=" + std::to_string(y->id) + ": a TFSISO's Y array has SIZE 1");
    states = den->values.size() - 1;
    outputs = 1;
  } else {
    const DataMatrix* a = elementMatrix(st, "A");
    if (!a)
      return arg(st, "A") ? void() : error(st, 0, "LSE needs A=id (a MATRIX)");
    if (a->rows != a->columns)
      return error(st, 0,
                   "A: the state matrix must be square, not " + std::to_string(a->rows) + " x " +
                       std::to_string(a->columns));
    states = std::size_t(a->rows);
    const DataMatrix* c = arg(st, "C") ? elementMatrix(st, "C") : nullptr;
    const DataMatrix* d = arg(st, "D") ? elementMatrix(st, "D") : nullptr;
    outputs = c ? std::size_t(c->rows) : d ? std::size_t(d->rows) : 0;
    if (y && !c && !d)
      return error(st, 0, "Y= needs C= or D= (the outputs' matrices)");
    if (!y && (c || d))
      return error(st, 0, "C= and D= need Y= (the outputs' ARRAY)");
  }
  if (x->size >= 0 && std::size_t(x->size) != states)
    return error(st, 0,
                 "X=" + std::to_string(x->id) + ": SIZE=" + std::to_string(x->size) +
                     " but the element has " + std::to_string(states) + " states");
  if (y && y->size >= 0 && std::size_t(y->size) != outputs)
    return error(st, 0,
                 "Y=" + std::to_string(y->id) + ": SIZE=" + std::to_string(y->size) +
                     " but the element has " + std::to_string(outputs) + " outputs");
  for (std::size_t k = 0; k < states; ++k) {
    DifferentialEquation d;
    d.name = uniqueDataName(base + "_x" + std::to_string(k + 1));
    d.function = "0";
    d.description = sys.label + " state " + std::to_string(k + 1);
    m_lineOf[d.name] = st.line;
    sys.states.push_back(d.name);
    x->reads.push_back(tf ? std::string() : "DIF(" + d.name + ")");  // (a TFSISO's states: refused)
    m_model.differentials.push_back(std::move(d));
  }
  x->owner = sys.label;
  for (std::size_t k = 0; k < outputs; ++k) {
    Variable v;
    v.name = uniqueDataName(base + "_y" + std::to_string(k + 1));
    v.function = "0";
    v.id = add(v);
    const std::string name = m_model.variable(v.id)->name;
    m_lineOf[name] = st.line;
    sys.outputs.push_back(name);
    y->reads.push_back("VARVAL(" + name + ")");
  }
  if (y)
    y->owner = sys.label;
  m_linearSystems[*st.id * 2 + (tf ? 1 : 0)] = std::move(sys);
}

// The functions of a TFSISO's or LSE's states and outputs (in the deck's units).
void Importer::linearSystem(const Statement& st)
{
  if (!st.id || m_failed.count(&st))
    return;
  const bool tf = st.name == "TFSISO";
  const auto found = m_linearSystems.find(*st.id * 2 + (tf ? 1 : 0));
  if (found == m_linearSystems.end())
    return;
  const LinearSystem& sys = found->second;
  const std::size_t n = sys.states.size();
  const StateArray* u = nullptr;
  if (const Argument* a = arg(st, "U"))
    if (const auto id = integer(st, *a, 0); id && m_stateArrays.count(*id))
      u = &m_stateArrays[*id];
  std::vector<std::string> inputs;  // VARVAL(<id>) of each input, rewritten to names by expression()
  if (u)
    for (long id : u->variables)
      inputs.push_back("VARVAL(" + std::to_string(id) + ")");
  std::vector<std::string> stateFunctions(n), outputFunctions(sys.outputs.size());
  std::vector<double> initial(n, 0.0);
  const auto state = [&](std::size_t k) { return "DIF(" + sys.states[k] + ")"; };
  if (tf) {
    std::vector<double> a, b;
    for (const char* key : {"DENOMINATOR", "NUMERATOR"}) {
      const Argument* arg_ = arg(st, key);
      const auto values = numbers(st, *arg_, 0);
      if (!values)
        return;
      (std::string(key) == "DENOMINATOR" ? a : b) = *values;
    }
    const double an = a[n];
    if (an == 0.0 || !std::isfinite(an))
      return error(st, 0, "DENOMINATOR's last coefficient (of s^" + std::to_string(n) + ") must not be 0");
    std::vector<std::string> x;
    for (std::size_t k = 0; k < n; ++k)
      x.push_back(state(k));
    const LinearSystemFunctions f = transferFunctionFunctions(a, b, x, inputs[0]);
    stateFunctions = f.states;
    outputFunctions[0] = f.outputs[0];
  } else {
    const DataMatrix* A = elementMatrix(st, "A");
    const DataMatrix* B = arg(st, "B") ? elementMatrix(st, "B") : nullptr;
    const DataMatrix* C = arg(st, "C") ? elementMatrix(st, "C") : nullptr;
    const DataMatrix* D = arg(st, "D") ? elementMatrix(st, "D") : nullptr;
    const std::size_t nu = inputs.size(), ny = sys.outputs.size();
    const auto shape = [&](const DataMatrix* m, const char* key, std::size_t rows, std::size_t columns) {
      if (!m || (std::size_t(m->rows) == rows && std::size_t(m->columns) == columns))
        return true;
      error(st, 0,
            std::string(key) + ": the matrix is " + std::to_string(m->rows) + " x " +
                std::to_string(m->columns) + ", the element needs " + std::to_string(rows) + " x " +
                std::to_string(columns));
      return false;
    };
    if ((B || D) && !u)
      return error(st, 0, "B= and D= need U= (the inputs' ARRAY)");
    if (!A || !shape(B, "B", n, nu) || !shape(C, "C", ny, n) || !shape(D, "D", ny, nu))
      return;
    std::vector<std::string> x;
    for (std::size_t k = 0; k < n; ++k)
      x.push_back(state(k));
    const LinearSystemFunctions f = stateEquationFunctions(*A, B, C, D, ny, x, inputs);
    stateFunctions = f.states;
    outputFunctions = f.outputs;
    if (const Argument* ic = arg(st, "IC")) {  // an IC array of n numbers (else all 0, as Adams)
      const auto id = integer(st, *ic, 0);
      if (!id)
        return;
      const auto name = m_arrayNames.find(*id);
      const DataArray* values = nullptr;
      for (const DataArray& a : m_model.arrays)
        if (name != m_arrayNames.end() && a.name == name->second)
          values = &a;
      if (!values)
        return error(st, ic->line,
                     "IC=" + std::to_string(*id) + ": no ARRAY/" + std::to_string(*id) + " of numbers");
      if (values->values.size() != n)
        return error(st, ic->line,
                     "IC=" + std::to_string(*id) + ": ARRAY/" + std::to_string(*id) + " has " +
                         std::to_string(values->values.size()) + " numbers, the element " +
                         std::to_string(n) + " states");
      initial = values->values;
    }
  }
  const bool hold = flag(st, "STATIC_HOLD");
  for (std::size_t k = 0; k < n; ++k) {
    const auto text = expression(st, stateFunctions[k], st.line, 1.0 / m_u.time);
    if (!text)
      return;
    for (DifferentialEquation& d : m_model.differentials)
      if (d.name == sys.states[k]) {
        d.function = *text;
        d.initialValue = initial[k];
        d.staticHold = hold;
      }
  }
  for (std::size_t k = 0; k < sys.outputs.size(); ++k) {
    const auto text = expression(st, outputFunctions[k], st.line, 1.0);
    if (!text)
      return;
    m_model.variable(m_model.findVariable(sys.outputs[k]))->function = *text;
  }
}

// ARYVAL(id, k) of an X, U or Y array: what it reads (DIF, VARVAL); other text as it is.
std::optional<std::string> Importer::stateArrayReads(const Statement& st, const std::string& text, int line)
{
  if (m_stateArrays.empty())
    return text;
  const auto tokens = detail::tokenize(detail::toMuparserText(text));
  std::string out;
  std::size_t copied = 0;
  for (std::size_t k = 0; k + 5 < tokens.size(); ++k) {
    if (tokens[k].kind != detail::Token::Identifier || tokens[k].text != "ARYVAL" ||
        tokens[k + 1].text != "(" || tokens[k + 2].kind != detail::Token::Number ||
        tokens[k + 3].text != "," || tokens[k + 4].kind != detail::Token::Number || tokens[k + 5].text != ")")
      continue;
    const long id = std::strtol(tokens[k + 2].text.c_str(), nullptr, 10);
    const auto it = m_stateArrays.find(id);
    if (it == m_stateArrays.end())
      continue;  // an array of numbers
    const StateArray& a = it->second;
    const long index = std::strtol(tokens[k + 4].text.c_str(), nullptr, 10);
    std::string target;
    if (a.kind == 'U') {
      if (index >= 1 && index <= long(a.variables.size()))
        target = "VARVAL(" + std::to_string(a.variables[std::size_t(index - 1)]) + ")";
    } else if (a.owner.empty()) {
      error(st, line,
            "ARYVAL(" + std::to_string(id) + ", ...) reads ARRAY/" + std::to_string(id) + " (type " +
                std::string(1, a.kind) + "), which no LSE or TFSISO uses");
      return std::nullopt;
    } else if (index >= 1 && index <= long(a.reads.size())) {
      target = a.reads[std::size_t(index - 1)];
      if (target.empty()) {
        refuse(st, line,
               label(st) + " cannot be imported: ARYVAL(" + std::to_string(id) + ", " +
                   std::to_string(index) + ") reads a state of " + a.owner +
                   ", whose realization Adams does not document (its output, the Y array, is read exactly)");
        return std::nullopt;
      }
    }
    if (target.empty()) {
      error(st, line,
            "ARYVAL(" + std::to_string(id) + ", " + tokens[k + 4].text + "): ARRAY/" + std::to_string(id) +
                " has positions 1 to " + std::to_string(a.kind == 'U' ? a.variables.size() : a.reads.size()));
      return std::nullopt;
    }
    out.append(text, copied, std::size_t(tokens[k].position) - copied);
    out += target;
    copied = std::size_t(tokens[k + 5].position) + 1;
    k += 5;
  }
  out.append(text, copied, std::string::npos);
  return out;
}

}  // namespace mbs::core::adm
