#pragma once
// VARIABLEs in dependency order: each after the VARIABLEs its function reads with VARVAL, whatever
// their order in the file (Kahn's algorithm, linear in the size of the functions). A cycle is
// reported with its members, in the order they read each other.
#include <string>
#include <vector>

#include "mbs/core/Force.hpp"

namespace mbs::core {

struct VariableOrder {
  std::vector<int> order;          // indices into the variables; all of them when there is no cycle
  std::vector<std::string> cycle;  // names: cycle[0] reads cycle[1] ... reads cycle[0]; empty if none
  // "variables A -> B -> A read each other through VARVAL (a cycle)"
  std::string cycleMessage() const;
};

VariableOrder orderVariables(const std::vector<Variable>& variables);

}  // namespace mbs::core
