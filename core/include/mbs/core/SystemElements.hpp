#pragma once
// The model's own differential equations (Adams' system elements; docs/file-format.md,
// "differentials"): first-order states the dynamic analysis integrates with the bodies
// (solver::Differential). Not entities: expressions read them by name with DIF(name) (the state)
// and DIF1(name) (its derivative); names are unique among entities and data.
#include <string>

namespace mbs::core {

// Adams' DIFF: ẋ = function (explicit), or 0 = function reading ẋ as DIF1 of itself (IMPLICIT);
// x(0) = initialValue.
struct DifferentialEquation {
  std::string name;
  std::string function;       // ẋ: an expression in SI (as force functions), per second; IMPLICIT: F
  double initialValue = 0.0;  // IC (Adams' default 0), in the state's own unit
  bool staticHold = false;    // STATIC_HOLD: statics keeps x at its value (else solves ẋ = 0)
  bool implicit = false;      // IMPLICIT: 0 = function(…, DIF(self), DIF1(self))
  double initialRate = 0.0;   // IMPLICIT: IC's second value, where the search for ẋ starts
  std::string description;
  bool operator==(const DifferentialEquation&) const = default;
};

}  // namespace mbs::core
