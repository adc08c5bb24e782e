// A VARIABLE whose FUNCTION is a constant is how an Adams dataset names a design value (Adams/View
// design variables reach the solver deck only as numbers): it becomes a model parameter.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <optional>
#include <unordered_map>

#include "../ExpressionScan.hpp"
#include "../VariableOrder.hpp"
#include "AdmImporter.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/Parameters.hpp"

namespace mbs::core::adm {
namespace {

std::string upper(std::string s)
{
  for (auto& c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// VARVAL(name) -> (name) for the folded names, by tokens (one pass; no regex on user text).
void varvalToNames(std::string& text, const std::unordered_map<std::string, double>& folded)
{
  if (folded.empty())
    return;
  const auto tokens = detail::tokenize(detail::toMuparserText(text));  // same positions as text
  std::string out;
  std::size_t last = 0;
  for (std::size_t k = 0; k + 3 < tokens.size(); ++k) {
    const auto &call = tokens[k], &open = tokens[k + 1], &name = tokens[k + 2], &close = tokens[k + 3];
    if (call.kind != detail::Token::Identifier || call.text != "VARVAL" || open.text != "(" ||
        name.kind != detail::Token::Identifier || close.text != ")" || !folded.count(name.text))
      continue;
    out.append(text, last, std::size_t(call.position) - last);
    out.append("(").append(text, std::size_t(name.position), std::size_t(name.length)).append(")");
    last = std::size_t(close.position) + 1;
    k += 3;
  }
  if (last == 0)
    return;
  out.append(text, last);
  text = std::move(out);
}

}  // namespace

void Importer::constantVariablesToParameters()
{
  // A constant is a number, math of numbers, PI, DTOR, RTOD, or of parameters made so far (so
  // VARIABLE/2 = 2*VARVAL(1) follows VARIABLE/1, in any file order): no TIME, measures or other
  // variables. One pass in dependency order; a cycle is left for validation to report.
  std::unordered_map<std::string, double> folded;  // upper-case name -> value
  ExpressionContext ctx;
  ctx.allowMeasures = false;
  ctx.parameter = [&](std::string_view name) -> std::optional<double> {
    if (const auto it = folded.find(std::string(name)); it != folded.end())
      return it->second;
    const Parameter* p = findParameter(m_model, name);
    return p ? std::optional<double>(p->value) : std::nullopt;
  };
  std::vector<VariableId> constants;
  const std::vector<int> order = orderVariables(m_model.variables()).order;
  std::vector<VariableId> ids;
  for (const Variable& v : m_model.variables())
    ids.push_back(v.id);
  for (const int k : order) {
    Variable& v = *m_model.variable(ids[k]);
    varvalToNames(v.function, folded);
    if (m_plantVariables.count(v.name))
      continue;           // a plant's input or output: the linearization replaces or reads it
    bool varies = false;  // a function of TIME or of the analysis (MODE) is not a constant
    for (const auto& t : detail::tokenize(detail::toMuparserText(v.function)))
      varies = varies || (t.kind == detail::Token::Identifier && (t.text == "TIME" || t.text == "MODE"));
    if (varies)
      continue;
    const auto compiled = Expression::compile(v.function, ctx);
    if (!compiled.ok())
      continue;
    const double value = compiled.expression->evaluate(0.0);
    if (!std::isfinite(value))
      continue;
    // The value stays in the deck's units, as it was.
    folded.emplace(upper(v.name), value);
    m_model.parameters.push_back({v.name, value, "VARIABLE, FUNCTION = " + v.function});
    constants.push_back(v.id);
  }
  // Removed from the back, so that removing all of a long chain costs its length.
  std::sort(constants.begin(), constants.end(), [](VariableId a, VariableId b) { return a.value > b.value; });
  for (const VariableId id : constants)
    m_model.remove(EntityRef(id));
  for (const VariableId id : ids)
    if (Variable* v = m_model.variable(id))
      varvalToNames(v->function, folded);
  for (const Force& f : m_model.forces())
    for (std::string& text : m_model.force(f.id)->functions)
      varvalToNames(text, folded);
  for (const Motion& mo : m_model.motions())
    varvalToNames(m_model.motion(mo.id)->function, folded);
  for (Request& r : m_model.requests)
    for (std::string& text : r.functions)
      varvalToNames(text, folded);
  for (DifferentialEquation& d : m_model.differentials)
    varvalToNames(d.function, folded);
}

}  // namespace mbs::core::adm
