#pragma once
// Adams' linear system elements (TFSISO, LSE) as the model holds them: each state a differential
// equation (DIFF), each output a VARIABLE (docs/adams-interop.md, "Linear system elements"). These
// write their functions, for the .adm import and for Build ▸ System Elements alike; the callers
// check the data (shapes, a proper transfer function) and name the states.
#include <string>
#include <vector>

#include "mbs/core/DataElements.hpp"

namespace mbs::core {

struct LinearSystemFunctions {
  std::vector<std::string> states;   // ẋ_k's function, one per state
  std::vector<std::string> outputs;  // y_i's function, one per output
};

// x' = A x + B u, y = C x + D u. states: the n states as expressions (DIF(name)); inputs: u's;
// B, C, D null when absent (zero); `outputs` rows of C or D.
LinearSystemFunctions stateEquationFunctions(const DataMatrix& a, const DataMatrix* b, const DataMatrix* c,
                                             const DataMatrix* d, std::size_t outputs,
                                             const std::vector<std::string>& states,
                                             const std::vector<std::string>& inputs);

// N(s)/D(s) in the controllable canonical form normalized by D's leading coefficient aₙ:
// ẋᵢ = xᵢ₊₁ (i < n), ẋₙ = −Σ αᵢ xᵢ₊₁ + u, y = Σ (βᵢ − αᵢ βₙ) xᵢ₊₁ + βₙ u, αᵢ = aᵢ/aₙ, βᵢ = bᵢ/aₙ.
// denominator: n + 1 coefficients in ascending powers of s (aₙ ≠ 0); numerator: at most n + 1.
LinearSystemFunctions transferFunctionFunctions(const std::vector<double>& denominator,
                                                std::vector<double> numerator,
                                                const std::vector<std::string>& states,
                                                const std::string& input);

}  // namespace mbs::core
