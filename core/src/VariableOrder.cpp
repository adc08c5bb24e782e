#include "VariableOrder.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace mbs::core {

std::string VariableOrder::names(const std::vector<Variable>& variables, const std::vector<int>& loop)
{
  std::string out;
  for (const int k : loop)
    out += (out.empty() ? "'" : ", '") + variables[std::size_t(k)].name + "'";
  return out;
}

VariableOrder orderVariables(const std::vector<Variable>& variables)
{
  const int n = int(variables.size());
  std::unordered_map<std::string, int> index;
  index.reserve(std::size_t(n));
  for (int k = 0; k < n; ++k) {
    std::string upper = variables[std::size_t(k)].name;
    for (auto& c : upper)
      c = char(std::toupper(static_cast<unsigned char>(c)));
    index.emplace(std::move(upper), k);
  }
  std::vector<std::vector<int>> reads(static_cast<std::size_t>(n));
  for (int k = 0; k < n; ++k)
    for (const auto& id : expressionIdentifiers(variables[std::size_t(k)].function))
      if (const auto it = index.find(id); it != index.end())
        reads[std::size_t(k)].push_back(it->second);
  // Tarjan: components are completed in reverse topological order of the reads graph, i.e. each
  // after every component it reads, which is the evaluation order wanted.
  VariableOrder out;
  out.order.reserve(std::size_t(n));
  std::vector<int> number(std::size_t(n), -1), low(std::size_t(n), 0), component;
  std::vector<bool> onStack(std::size_t(n), false);
  std::vector<std::pair<int, std::size_t>> call;  // (node, next read)
  int counter = 0;
  for (int root = 0; root < n; ++root) {
    if (number[std::size_t(root)] >= 0)
      continue;
    call.emplace_back(root, 0);
    while (!call.empty()) {
      auto& [v, next] = call.back();
      const auto u = std::size_t(v);
      if (next == 0 && number[u] < 0) {
        number[u] = low[u] = counter++;
        component.push_back(v);
        onStack[u] = true;
      }
      if (next < reads[u].size()) {
        const int w = reads[u][next++];
        if (number[std::size_t(w)] < 0)
          call.emplace_back(w, 0);
        else if (onStack[std::size_t(w)])
          low[u] = std::min(low[u], number[std::size_t(w)]);
        continue;
      }
      if (low[u] == number[u]) {
        std::vector<int> members;
        int w = -1;
        do {
          w = component.back();
          component.pop_back();
          onStack[std::size_t(w)] = false;
          members.push_back(w);
        } while (w != v);
        std::sort(members.begin(), members.end());
        out.order.insert(out.order.end(), members.begin(), members.end());
        const bool selfRead = std::find(reads[u].begin(), reads[u].end(), v) != reads[u].end();
        if (members.size() > 1 || selfRead)
          out.loops.push_back(std::move(members));
      }
      const int finished = v;
      call.pop_back();
      if (!call.empty()) {
        const auto parent = std::size_t(call.back().first);
        low[parent] = std::min(low[parent], low[std::size_t(finished)]);
      }
    }
  }
  return out;
}

void compileVariables(const std::vector<Variable>& variables, const VariableOrder& order,
                      VariableTable& table,
                      const std::function<std::shared_ptr<const Expression>(int)>& compileOne)
{
  std::vector<int> loopOf(variables.size(), -1);
  for (std::size_t l = 0; l < order.loops.size(); ++l)
    for (const int k : order.loops[l])
      loopOf[std::size_t(k)] = int(l);
  const auto placeholder = Expression::compile("0", ExpressionContext{}).expression;
  for (std::size_t at = 0; at < order.order.size();) {
    const int k = order.order[at];
    if (loopOf[std::size_t(k)] < 0) {
      table[std::size_t(k)] = compileOne(k);
      ++at;
      continue;
    }
    const std::vector<int>& loop = order.loops[std::size_t(loopOf[std::size_t(k)])];
    for (const int m : loop)
      table[std::size_t(m)] = placeholder;
    // Until the properties (what each member depends on) stop changing.
    for (std::size_t pass = 0; pass <= loop.size(); ++pass) {
      std::vector<std::shared_ptr<const Expression>> compiled;
      for (const int m : loop)
        compiled.push_back(compileOne(m));
      bool changed = false;
      for (std::size_t i = 0; i < loop.size(); ++i) {
        const auto& before = table[std::size_t(loop[i])];
        const auto& after = compiled[i];
        changed = changed || !after || !before || before == placeholder ||
                  before->dependsOnState() != after->dependsOnState() ||
                  before->readsLoads() != after->readsLoads() ||
                  before->readsContactLoads() != after->readsContactLoads();
      }
      for (std::size_t i = 0; i < loop.size(); ++i)
        table[std::size_t(loop[i])] = compiled[i];
      if (!changed || std::any_of(compiled.begin(), compiled.end(), [](const auto& e) { return !e; }))
        break;
    }
    at += loop.size();
  }
}

}  // namespace mbs::core
