#include "mbs/core/LinearSystems.hpp"

#include <cstdio>
#include <utility>

namespace mbs::core {
namespace {

std::string number(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

// Σ coefficient·term, zero coefficients left out; "0" when empty.
std::string linearCombination(const std::vector<std::pair<double, std::string>>& terms)
{
  std::string out;
  for (const auto& [c, term] : terms) {
    if (c == 0.0)
      continue;
    out += (out.empty() ? "" : " + ") + std::string("(") + number(c) + ")*" + term;
  }
  return out.empty() ? "0" : out;
}

// Row i of M x + N u (M or N null: absent).
std::string affineRow(const DataMatrix* m, const DataMatrix* n, int i, const std::vector<std::string>& x,
                      const std::vector<std::string>& u)
{
  std::vector<std::pair<double, std::string>> terms;
  for (std::size_t j = 0; m && j < x.size(); ++j)
    terms.emplace_back(m->at(i, int(j)), x[j]);
  for (std::size_t k = 0; n && k < u.size(); ++k)
    terms.emplace_back(n->at(i, int(k)), u[k]);
  return linearCombination(terms);
}

}  // namespace

LinearSystemFunctions stateEquationFunctions(const DataMatrix& a, const DataMatrix* b, const DataMatrix* c,
                                             const DataMatrix* d, std::size_t outputs,
                                             const std::vector<std::string>& states,
                                             const std::vector<std::string>& inputs)
{
  LinearSystemFunctions f;
  for (std::size_t i = 0; i < states.size(); ++i)
    f.states.push_back(affineRow(&a, b, int(i), states, inputs));
  for (std::size_t i = 0; i < outputs; ++i)
    f.outputs.push_back(affineRow(c, d, int(i), states, inputs));
  return f;
}

LinearSystemFunctions transferFunctionFunctions(const std::vector<double>& denominator,
                                                std::vector<double> numerator,
                                                const std::vector<std::string>& states,
                                                const std::string& input)
{
  const std::size_t n = states.size();
  const double an = denominator[n];
  numerator.resize(n + 1, 0.0);
  LinearSystemFunctions f;
  std::vector<std::pair<double, std::string>> last, out;
  for (std::size_t k = 0; k < n; ++k) {
    if (k + 1 < n)
      f.states.push_back(states[k + 1]);
    last.emplace_back(-denominator[k] / an, states[k]);
    out.emplace_back(numerator[k] / an - denominator[k] / an * (numerator[n] / an), states[k]);
  }
  last.emplace_back(1.0, input);
  out.emplace_back(numerator[n] / an, input);
  f.states.push_back(linearCombination(last));
  f.outputs.push_back(linearCombination(out));
  return f;
}

}  // namespace mbs::core
