#pragma once
// Adams' linear system elements built in Build ▸ System Elements (issue 31): a transfer function
// (TFSISO) and linear state equations (LSE), realized as the model holds them after an .adm import
// (core/src/adm/AdmStateEquations.cpp): each state a differential equation (DIFF) named
// <name>_x<k>, each output a VARIABLE (<name> for a TFSISO, <name>_y<k> for an LSE). The element's
// own numbers are kept with its states (a tag in the first state's description; an LSE's matrices
// as the model's matrices <name>_A, _B, _C, _D), so the dialog reads it back to edit it.
//
// TFSISO N(s)/D(s), coefficients in ascending powers of s (as Adams lists them), in the controllable
// canonical form normalized by D's leading coefficient aₙ: ẋᵢ = xᵢ₊₁ (i < n), ẋₙ = −Σ αᵢ xᵢ₊₁ + u,
// y = Σ (βᵢ − αᵢ βₙ) xᵢ₊₁ + βₙ u, αᵢ = aᵢ/aₙ, βᵢ = bᵢ/aₙ. LSE: ẋ = A x + B u, y = C x + D u.
#include <QString>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "mbs/core/Model.hpp"

namespace mbs::ui::linear_systems {

struct TransferFunction {
  std::string name;
  std::vector<double> numerator, denominator;  // ascending powers of s
  std::string input;                           // u: an expression (VARVAL(command), STEP(...), 1)
  bool staticHold = false;
};

struct StateEquations {
  std::string name;
  core::DataMatrix a, b, c, d;      // b, c, d may be empty (0 x 0): left out
  std::vector<std::string> inputs;  // u: one expression each
  std::vector<double> initial;      // x(0), n values (empty: all 0)
  bool staticHold = false;
};

// What an element becomes in the model: its states and its outputs (VARIABLE name, function).
struct Realization {
  std::vector<core::DifferentialEquation> states;
  std::vector<std::pair<std::string, std::string>> outputs;
  std::vector<core::DataMatrix> matrices;  // an LSE's, named <name>_A ...
};

// nullopt with `error` saying why (a denominator of degree 0, an improper N/D, a matrix of the
// wrong shape).
std::optional<Realization> realize(const TransferFunction& tf, QString& error);
std::optional<Realization> realize(const StateEquations& lse, QString& error);

// The transfer functions and state equations the model holds (by their states' tags).
std::vector<TransferFunction> transferFunctions(const core::Model& model);
std::vector<StateEquations> stateEquations(const core::Model& model);
// Names of an element's states and outputs in the model (to replace or remove them).
std::vector<std::string> stateNames(const core::Model& model, const std::string& element);
bool isState(const core::DifferentialEquation& d, const std::string& element);

// "1, 0.1" (commas or spaces) -> numbers; "0 1; -4 -0.2" (rows by ';') -> a matrix, "" -> 0 x 0.
std::optional<std::vector<double>> parseNumbers(const QString& text, QString& error);
std::optional<core::DataMatrix> parseMatrix(const QString& text, QString& error);
QString numbersText(const std::vector<double>& values);
QString matrixText(const core::DataMatrix& m);

}  // namespace mbs::ui::linear_systems
