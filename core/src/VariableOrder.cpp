#include "VariableOrder.hpp"

#include <cctype>
#include <unordered_map>

#include "mbs/core/Expression.hpp"

namespace mbs::core {

std::string VariableOrder::cycleMessage() const
{
  if (cycle.empty())
    return {};
  std::string chain;
  for (const auto& name : cycle)
    chain += "'" + name + "' -> ";
  chain += "'" + cycle.front() + "'";
  return (cycle.size() == 1 ? "VARIABLE '" + cycle.front() + "' reads itself through VARVAL"
                            : "VARIABLEs " + chain + " read each other through VARVAL") +
         " (a cycle: Adams' implicit loops between VARIABLEs are not supported)";
}

VariableOrder orderVariables(const std::vector<Variable>& variables)
{
  const std::size_t n = variables.size();
  std::unordered_map<std::string, int> index;
  index.reserve(n);
  for (std::size_t k = 0; k < n; ++k) {
    std::string upper = variables[k].name;
    for (auto& c : upper)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    index.emplace(std::move(upper), int(k));
  }
  std::vector<std::vector<int>> reads(n), readers(n);
  std::vector<int> pending(n, 0);  // reads not ordered yet
  for (std::size_t k = 0; k < n; ++k) {
    for (const auto& id : expressionIdentifiers(variables[k].function)) {
      const auto it = index.find(id);
      if (it == index.end())
        continue;
      reads[k].push_back(it->second);
      readers[it->second].push_back(int(k));
      ++pending[k];
    }
  }
  VariableOrder out;
  out.order.reserve(n);
  for (std::size_t k = 0; k < n; ++k)
    if (pending[k] == 0)
      out.order.push_back(int(k));
  for (std::size_t next = 0; next < out.order.size(); ++next)
    for (const int r : readers[out.order[next]])
      if (--pending[r] == 0)
        out.order.push_back(r);
  if (out.order.size() == n)
    return out;
  // A cycle: from a variable left over, follow reads among those left until one repeats.
  int start = 0;
  while (pending[start] == 0)
    ++start;
  std::vector<int> seenAt(n, -1), path;
  int v = start;
  while (seenAt[v] < 0) {
    seenAt[v] = int(path.size());
    path.push_back(v);
    for (const int r : reads[v])
      if (pending[r] > 0) {
        v = r;
        break;
      }
  }
  for (std::size_t k = std::size_t(seenAt[v]); k < path.size(); ++k)
    out.cycle.push_back(variables[path[k]].name);
  return out;
}

}  // namespace mbs::core
