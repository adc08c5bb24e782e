#pragma once
// VARIABLEs in dependency order: each after the VARIABLEs its function reads with VARVAL, whatever
// their order in the file. VARIABLEs that read each other in a loop (Adams' implicit loops, an
// algebraic loop) are kept together, after what the loop reads from outside; each loop's values
// are solved together at every evaluation (Expression.cpp, "Algebraic loops"). Strongly connected
// components by Tarjan's algorithm, without recursion (a chain of any length).
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mbs/core/Expression.hpp"
#include "mbs/core/Force.hpp"

namespace mbs::core {

struct VariableOrder {
  std::vector<int> order;               // every index into the variables, a loop's members together
  std::vector<std::vector<int>> loops;  // the loops (two or more members, or one reading itself)
  // "'A', 'B'": the names of a loop's members, for messages.
  static std::string names(const std::vector<Variable>& variables, const std::vector<int>& loop);
};

VariableOrder orderVariables(const std::vector<Variable>& variables);

// Fills `table` in dependency order with compileOne(k) (nullptr: not compiled, left empty). A
// loop's members read each other before all are compiled, so what each depends on (measures,
// loads) is found by compiling the loop again until nothing changes: first against placeholders
// that depend on nothing, then against the previous pass (|loop| + 1 passes at most).
void compileVariables(const std::vector<Variable>& variables, const VariableOrder& order,
                      VariableTable& table,
                      const std::function<std::shared_ptr<const Expression>(int)>& compileOne);

}  // namespace mbs::core
