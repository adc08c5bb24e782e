// SPLINE, ARRAY and MATRIX: reference data read by expressions (DataElements.hpp). Their numbers
// stay in the deck's units, as the deck's functions read them (ExpressionUnits.hpp).
#include "../ExpressionScan.hpp"
#include "AdmImporter.hpp"
#include "mbs/core/Interpolation.hpp"

#include <algorithm>
#include <cstdlib>

namespace mbs::core::adm {

namespace {

// A data element's name: its Adams/View name if it is a free, valid name, else PREFIX_id.
std::string dataName(const Model& model, const Statement& st, const char* prefix)
{
  std::string n = st.viewName.empty() ? "" : sanitize(st.viewName);
  if (n.empty() || !Model::isValidName(n) || !model.isNameFree(n))
    n = std::string(prefix) + "_" + std::to_string(*st.id);
  if (!model.isNameFree(n))
    n = model.uniqueName(prefix);
  return n;
}

}  // namespace

std::optional<std::vector<double>> Importer::numbers(const Statement& st, const Argument& a, std::size_t from)
{
  std::vector<double> out;
  for (std::size_t k = from; k < a.values.size(); ++k) {
    const auto v = number(st, a, k, 1.0);
    if (!v)
      return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

void Importer::spline(const Statement& st)
{
  if (!st.id || m_splineNames.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "SPLINE needs an id");
    return;
  }
  Spline s;
  s.linearExtrapolate = flag(st, "LINEAR_EXTRAPOLATE");
  const Argument* x = arg(st, "X");
  if (!x) {
    error(st, 0, "SPLINE needs X= (data from files is not read)");
    return;
  }
  const auto xs = numbers(st, *x, 0);
  if (!xs)
    return;
  s.x = *xs;
  // Y=y1,...,yn: a curve; Y=z1,y11,...,y1n (one per z): a family of curves.
  std::vector<const Argument*> ys;
  for (const Argument& a : st.args) {
    if (!a.flag && a.known && a.key == "Y") {
      m_used.insert(&a);
      ys.push_back(&a);
    }
  }
  if (ys.empty()) {
    error(st, 0, "SPLINE needs Y=");
    return;
  }
  const bool family = ys.size() > 1 || ys.front()->values.size() == s.x.size() + 1;
  for (const Argument* y : ys) {
    if (y->values.size() != s.x.size() + (family ? 1 : 0)) {
      error(st, y->line,
            family
                ? "Y=z, y1 ... yn: each curve of a family has its z value and " + std::to_string(s.x.size()) +
                      " y values (one per X), not " + std::to_string(y->values.size()) + " values"
                : "Y has " + std::to_string(y->values.size()) + " values for " + std::to_string(s.x.size()) +
                      " X values");
      return;
    }
    const auto values = numbers(st, *y, family ? 1 : 0);
    if (!values)
      return;
    if (family) {
      const auto z = number(st, *y, 0, 1.0);
      if (!z)
        return;
      s.z.push_back(*z);
    }
    s.y.push_back(*values);
  }
  if (const std::string why = checkSpline(s); !why.empty()) {
    error(st, 0, label(st) + ": " + why);
    return;
  }
  s.name = dataName(m_model, st, "SPLINE");
  m_lineOf[s.name] = st.line;
  m_splineNames[*st.id] = s.name;
  m_model.splines.push_back(std::move(s));
}

void Importer::array(const Statement& st)
{
  if (!st.id || m_arrayNames.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "ARRAY needs an id");
    return;
  }
  if (m_stateArrays.count(*st.id)) {
    error(st, 0, "duplicate " + label(st));
    return;
  }
  for (const char* kind : {"U", "X", "Y"})
    if (flag(st, kind))
      return stateArray(st, kind[0]);  // the states, inputs or outputs of an LSE or TFSISO
  flag(st, "IC");                      // the default kind: numbers
  const Argument* numbersArg = arg(st, "NUMBERS");
  if (!numbersArg) {
    error(st, 0, "ARRAY needs NUMBERS= (an IC array of constants; X, U and Y arrays are not supported)");
    return;
  }
  DataArray a;
  const auto values = numbers(st, *numbersArg, 0);
  if (!values)
    return;
  a.values = *values;
  if (const Argument* size = arg(st, "SIZE")) {
    const auto n = integer(st, *size, 0);
    if (!n)
      return;
    if (*n != long(a.values.size())) {
      error(st, size->line,
            "SIZE=" + std::to_string(*n) + " but NUMBERS has " + std::to_string(a.values.size()) + " values");
      return;
    }
  }
  a.name = dataName(m_model, st, "ARRAY");
  m_lineOf[a.name] = st.line;
  m_arrayNames[*st.id] = a.name;
  m_model.arrays.push_back(std::move(a));
}

void Importer::matrix(const Statement& st)
{
  if (!st.id) {
    error(st, 0, "MATRIX needs an id");
    return;
  }
  const Argument* rows = arg(st, "ROWS");
  const Argument* columns = arg(st, "COLUMNS");
  const Argument* values = arg(st, "VALUES");
  if (!rows || !columns || !values) {
    error(st, 0, "MATRIX needs ROWS=, COLUMNS= and VALUES= (matrices from files are not read)");
    return;
  }
  const auto m = integer(st, *rows, 0), n = integer(st, *columns, 0);
  const auto v = numbers(st, *values, 0);
  if (!m || !n || !v)
    return;
  if (*m < 1 || *n < 1 || *m > 100000 || *n > 100000) {
    error(st, rows->line, "ROWS and COLUMNS must be 1 to 100000");
    return;
  }
  DataMatrix mx;
  mx.rows = int(*m);
  mx.columns = int(*n);
  mx.values.assign(std::size_t(*m) * std::size_t(*n), 0.0);
  if (flag(st, "SPARSE")) {
    // I=rows, J=columns, VALUES: one entry per triple; the others are zero.
    const Argument* i = arg(st, "I");
    const Argument* j = arg(st, "J");
    if (!i || !j || i->values.size() != v->size() || j->values.size() != v->size()) {
      error(st, 0, "a SPARSE matrix needs I=, J= and VALUES= with one row, column and value per entry");
      return;
    }
    for (std::size_t k = 0; k < v->size(); ++k) {
      const auto r = integer(st, *i, k), c = integer(st, *j, k);
      if (!r || !c)
        return;
      if (*r < 1 || *r > *m || *c < 1 || *c > *n) {
        error(st, i->line,
              "entry " + std::to_string(k + 1) + " at (" + std::to_string(*r) + ", " + std::to_string(*c) +
                  ") is outside the " + std::to_string(*m) + " x " + std::to_string(*n) + " matrix");
        return;
      }
      mx.values[std::size_t(*r - 1) * std::size_t(*n) + std::size_t(*c - 1)] = (*v)[k];
    }
  } else {
    // FULL=RORDER (VALUES by rows) or CORDER (by columns); the statement has no default order.
    const Argument* full = arg(st, "FULL");
    if (!full) {
      error(st, 0, "MATRIX needs FULL=RORDER, FULL=CORDER or SPARSE");
      return;
    }
    std::string order = full->values.empty() ? "" : full->values[0];
    for (auto& c : order)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    if (order != "RORDER" && order != "CORDER") {
      error(st, full->line, "FULL must be RORDER or CORDER, not '" + order + "'");
      return;
    }
    if (v->size() != mx.values.size()) {
      error(st, values->line,
            "a " + std::to_string(*m) + " x " + std::to_string(*n) + " FULL matrix needs " +
                std::to_string(mx.values.size()) + " VALUES, not " + std::to_string(v->size()));
      return;
    }
    for (std::size_t k = 0; k < v->size(); ++k) {
      const std::size_t r = order == "RORDER" ? k / std::size_t(*n) : k % std::size_t(*m);
      const std::size_t c = order == "RORDER" ? k % std::size_t(*n) : k / std::size_t(*m);
      mx.values[r * std::size_t(*n) + c] = (*v)[k];
    }
  }
  mx.name = dataName(m_model, st, "MATRIX");
  m_lineOf[mx.name] = st.line;
  m_matrixNames[*st.id] = mx.name;
  m_model.matrices.push_back(std::move(mx));
}

}  // namespace mbs::core::adm

namespace mbs::core::adm {

// SENSOR: FUNCTION and EVALUATE stay in the deck's units (as VARIABLEs), so VALUE and ERROR do too.
// The name first (SENVAL(id) in VARIABLEs read before the sensors), the sensor later.
void Importer::sensorName(const Statement& st)
{
  if (!st.id || m_sensorNames.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "SENSOR needs an id");
    return;
  }
  Sensor s;
  s.name = dataName(m_model, st, "SENSOR");
  m_lineOf[s.name] = st.line;
  m_sensorNames[*st.id] = s.name;
  m_model.sensors.push_back(std::move(s));
}

void Importer::sensor(const Statement& st)
{
  if (!st.id || !m_sensorNames.count(*st.id) || m_failed.count(&st))
    return;
  Sensor* target = nullptr;
  for (Sensor& candidate : m_model.sensors)
    if (candidate.name == m_sensorNames[*st.id])
      target = &candidate;
  if (!target)
    return;
  Sensor s;
  s.name = target->name;
  // FUNCTION and EVALUATE are expressions: the last arguments, "EVALUATE = e\ FUNCTION = f".
  const auto parts = components(st, "FUNCTION EVALUATE");
  if (!parts)
    return;
  const Component* fn = nullptr;
  const Component* ev = nullptr;
  for (const Component& c : *parts)
    (c.key == "FUNCTION" ? fn : ev) = &c;
  if (!fn) {
    error(st, 0, "SENSOR needs FUNCTION=");
    return;
  }
  const auto drop = [&] {  // refused (dropped with --allow-unsupported): no sensor is left behind
    std::erase_if(m_model.sensors, [&](const Sensor& x) { return x.name == s.name; });
    m_sensorNames.erase(*st.id);
  };
  if (!supported(st, fn->text, fn->line))
    return drop();
  const auto text = expression(st, fn->text, fn->line, 1.0);
  if (!text)
    return;
  s.function = *text;
  if (ev) {
    if (!supported(st, ev->text, ev->line))
      return drop();
    const auto e = expression(st, ev->text, ev->line, 1.0);
    if (!e)
      return;
    s.evaluate = *e;
  }
  const auto value = scalar(st, "VALUE", 1.0, std::nullopt);
  if (!value) {
    error(st, 0, "SENSOR needs VALUE=");
    return;
  }
  s.value = *value;
  const auto err = scalar(st, "ERROR", 1.0, 1e-3);
  if (!err)
    return;
  s.error = *err;
  const bool eq = flag(st, "EQ"), ge = flag(st, "GE"), le = flag(st, "LE");
  if (int(eq) + int(ge) + int(le) > 1) {
    error(st, 0, "SENSOR takes one of EQ, GE and LE");
    return;
  }
  s.compare = ge ? SensorCompare::GreaterEqual : le ? SensorCompare::LessEqual : SensorCompare::Equal;
  s.halt = flag(st, "HALT");
  s.stop = flag(st, "RETURN");
  s.print = flag(st, "PRINT");
  s.restart = flag(st, "RESTART");
  if (arg(st, "STEPSIZE")) {
    const auto h = scalar(st, "STEPSIZE", m_u.time, std::nullopt);
    if (!h)
      return;
    if (!(*h > 0.0)) {
      error(st, 0, "STEPSIZE must be positive");
      return;
    }
    s.stepSize = *h;
  }
  *target = std::move(s);
}

}  // namespace mbs::core::adm

namespace mbs::core::adm {

// PINPUT / POUTPUT: VARIABLES=id1[,id2,...], the VARIABLEs (by Adams id) that are the plant's
// inputs or outputs, in order. Read after the VARIABLEs (their names) and before constant ones
// become parameters (a plant's VARIABLE stays a VARIABLE, constant or not: Adams/Controls writes
// its inputs as FUNCTION = 0).
void Importer::plantPort(const Statement& st)
{
  const bool input = st.name == "PINPUT";
  auto& names = input ? m_plantInputNames : m_plantOutputNames;
  if (!st.id || names.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : st.name + " needs an id");
    return;
  }
  const Argument* list = arg(st, "VARIABLES");
  if (!list || list->values.empty()) {
    error(st, 0, st.name + " needs VARIABLES=id1[,id2,...]");
    return;
  }
  PlantPort p;
  for (std::size_t k = 0; k < list->values.size(); ++k) {
    const auto id = integer(st, *list, k);
    if (!id)
      return;
    if (m_droppedVariables.count(*id)) {
      refuse(st, list->line,
             label(st) + " cannot be imported: it lists VARIABLE/" + std::to_string(*id) +
                 ", whose function cannot be evaluated");
      return;
    }
    const auto it = m_variables.find(*id);
    if (it == m_variables.end() || !m_model.variable(it->second)) {
      error(st, list->line,
            "VARIABLES: VARIABLE/" + std::to_string(*id) + " does not exist (a " + st.name +
                " lists VARIABLE statements by id)");
      return;
    }
    const std::string& name = m_model.variable(it->second)->name;
    if (std::find(p.variables.begin(), p.variables.end(), name) != p.variables.end()) {
      error(st, list->line, "VARIABLES lists VARIABLE/" + std::to_string(*id) + " twice");
      return;
    }
    p.variables.push_back(name);
    m_plantVariables.insert(name);
  }
  p.name = dataName(m_model, st, input ? "PINPUT" : "POUTPUT");
  m_lineOf[p.name] = st.line;
  names[*st.id] = p.name;
  (input ? m_model.plantInputs : m_model.plantOutputs).push_back(std::move(p));
}

// PINVAL(id, k) / POUVAL(id, k): the k-th VARIABLE of PINPUT/id (POUTPUT/id), rewritten to
// VARVAL(that VARIABLE's id) in every argument before the passes read any function.
void Importer::plantValueFunctions(Deck& deck)
{
  std::map<std::pair<char, long>, std::vector<long>> lists;  // ('I' or 'O', id) -> VARIABLE ids
  for (const Statement& st : deck.statements) {
    if ((st.name != "PINPUT" && st.name != "POUTPUT") || !st.id)
      continue;
    for (const Argument& a : st.args) {
      if (!a.known || a.flag || a.key != "VARIABLES")
        continue;
      std::vector<long>& ids = lists[{st.name[1], *st.id}];
      for (const std::string& v : a.values) {
        char* end = nullptr;
        const long id = std::strtol(v.c_str(), &end, 10);
        ids.push_back(end != v.c_str() && *end == '\0' ? id : 0);  // a bad one: said by plantPort
      }
    }
  }
  for (Statement& st : deck.statements) {
    for (Argument& a : st.args) {
      for (std::string& text : a.values) {
        const std::string upper = detail::toMuparserText(text);
        if (upper.find("PINVAL") == std::string::npos && upper.find("POUVAL") == std::string::npos)
          continue;
        const auto tokens = detail::tokenize(upper);  // positions as in text
        std::string out;
        std::size_t last = 0;
        for (std::size_t k = 0; k + 5 < tokens.size(); ++k) {
          const auto &call = tokens[k], &open = tokens[k + 1], &port = tokens[k + 2], &comma = tokens[k + 3],
                     &index = tokens[k + 4], &close = tokens[k + 5];
          if (call.kind != detail::Token::Identifier || (call.text != "PINVAL" && call.text != "POUVAL") ||
              open.text != "(" || port.kind != detail::Token::Number || comma.text != "," ||
              index.kind != detail::Token::Number || close.text != ")")
            continue;
          const bool input = call.text == "PINVAL";
          const char* statement = input ? "PINPUT" : "POUTPUT";
          const long id = std::atol(port.text.c_str()), component = std::atol(index.text.c_str());
          const auto it = lists.find({input ? 'I' : 'O', id});
          const std::string call_ = call.text + "(" + port.text + ", " + index.text + ")";
          if (it == lists.end()) {
            error(st, a.line, call_ + ": the dataset has no " + statement + "/" + port.text);
            return;
          }
          if (component < 1 || component > long(it->second.size())) {
            error(st, a.line,
                  call_ + ": " + statement + "/" + port.text + " lists " + std::to_string(it->second.size()) +
                      " VARIABLEs (the second argument counts them from 1)");
            return;
          }
          out.append(text, last, std::size_t(call.position) - last);
          out += "VARVAL(" + std::to_string(it->second[std::size_t(component - 1)]) + ")";
          last = std::size_t(close.position) + 1;
          k += 5;
        }
        if (last == 0)
          continue;
        out.append(text, last);
        text = std::move(out);
      }
    }
  }
}

}  // namespace mbs::core::adm
