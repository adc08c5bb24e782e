#pragma once
// The model's own differential equations (Adams' system elements; docs/file-format.md,
// "differentials"): first-order states the dynamic analysis integrates with the bodies
// (solver::Differential). Not entities: expressions read them by name with DIF(name) (the state)
// and DIF1(name) (its derivative); names are unique among entities and data.
#include <string>

namespace mbs::core {

// Adams' DIFF (explicit form): ẋ = function, x(0) = initialValue.
struct DifferentialEquation {
  std::string name;
  std::string function;       // ẋ: an expression in SI (as force functions), per second
  double initialValue = 0.0;  // IC (Adams' default 0), in the state's own unit
  bool staticHold = false;    // STATIC_HOLD: statics keeps x at its value (statics refuses DIFFs today)
  std::string description;
  bool operator==(const DifferentialEquation&) const = default;
};

}  // namespace mbs::core
