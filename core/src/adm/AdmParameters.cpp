// A VARIABLE whose FUNCTION is a constant is how an Adams dataset names a design value (Adams/View
// design variables reach the solver deck only as numbers): it becomes a model parameter.
#include <optional>
#include <regex>

#include "AdmImporter.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core::adm {

void Importer::constantVariablesToParameters()
{
  // A constant is a number, math of numbers, PI, DTOR, RTOD, or of parameters made so far (so
  // VARIABLE/2 = 2*VARVAL(1) follows VARIABLE/1): no TIME, measures or other variables.
  while (true) {
    std::optional<Variable> constant;
    double value = 0.0;
    for (const Variable& v : m_model.variables())
      if (const ParameterValue p = evaluateParameterExpression(m_model, v.function); p.value) {
        constant = v;
        value = *p.value;
        break;
      }
    if (!constant)
      break;
    const Variable& v = *constant;
    // VARVAL(name) -> (name) in every expression; the value stays in the deck's units, as it was.
    const std::regex varval("VARVAL\\s*\\(\\s*" + v.name + "\\s*\\)", std::regex::icase);
    auto rewrite = [&](std::string& text) { text = std::regex_replace(text, varval, "(" + v.name + ")"); };
    m_model.remove(EntityRef(v.id));
    m_model.parameters.push_back({v.name, value, "VARIABLE, FUNCTION = " + v.function});
    for (const Variable& other : m_model.variables())
      rewrite(m_model.variable(other.id)->function);
    for (const Force& f : m_model.forces())
      for (std::string& text : m_model.force(f.id)->functions)
        rewrite(text);
    for (const Motion& mo : m_model.motions())
      rewrite(m_model.motion(mo.id)->function);
    for (Request& r : m_model.requests)
      for (std::string& text : r.functions)
        rewrite(text);
  }
}

}  // namespace mbs::core::adm
