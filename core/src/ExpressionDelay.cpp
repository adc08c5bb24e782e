// Adams' DELAY(e_delayed, e_delay, e_history [, id]) in expressions (docs/adams-interop.md,
// "DELAY"): the value of e_delayed at TIME − e_delay (a negative delay taken as zero), e_history at
// that time before the start (TIME < 0). e_delayed and e_history are compiled as expressions of their
// own; e_delay stays in the text, which becomes DELAY(index, e_delay).
#include <algorithm>
#include <cctype>

#include "ExpressionImpl.hpp"

namespace mbs::core::detail {
namespace {

// The past of a delayed expression of the state, recorded by the dynamic run.
class DelaySignal final : public solver::RecordedSignal {
public:
  DelaySignal(std::shared_ptr<const Expression> e, std::string owner)
      : m_e(std::move(e)), m_owner(std::move(owner))
  {
  }
  double value(const solver::StateView& state) const override { return m_e->evaluate(state.time(), &state); }
  std::string describe() const override
  {
    const std::string call = "DELAY(" + m_e->text() + ", …)";
    return m_owner.empty() ? call : call + " in " + m_owner;
  }

private:
  std::shared_ptr<const Expression> m_e;
  std::string m_owner;
};

std::string trimmed(std::string_view s)
{
  std::size_t a = 0, b = s.size();
  while (a < b && std::isspace(static_cast<unsigned char>(s[a])))
    ++a;
  while (b > a && std::isspace(static_cast<unsigned char>(s[b - 1])))
    --b;
  return std::string(s.substr(a, b - a));
}

}  // namespace

std::optional<ExpressionError> compileDelays(std::string_view text, std::string& mu,
                                             const ExpressionContext& context, Expression::Impl& impl)
{
  const auto tokens = tokenize(mu);
  const Parentheses parens = matchParentheses(tokens);
  std::vector<std::pair<std::size_t, std::size_t>> skip;  // character ranges compiled on their own
  const auto skipped = [&](std::size_t c) {
    for (const auto& [a, b] : skip)
      if (c >= a && c < b)
        return true;
    return false;
  };
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const Token& tk = tokens[k];
    if (skipped(std::size_t(tk.position)) || tk.kind != Token::Identifier || tk.text != "DELAY" ||
        tokens[k + 1].text != "(" || parens.close[k + 1] >= tokens.size())
      continue;
    const auto args = callArguments(parens, k + 1);
    const int n = int(args.size());
    if (n < 3 || n > 4)
      return ExpressionError{tk.position,
                             "function 'DELAY' takes 3 to 4 arguments (e_delayed, e_delay, "
                             "e_history [, id]), not " +
                                 std::to_string(n)};
    for (const auto& [first, last] : args)
      if (first == last)
        return ExpressionError{tk.position, "DELAY has an empty argument"};
    const auto begin = [&](int a) { return std::size_t(tokens[args[a].first].position); };
    const auto end = [&](int a) {
      const Token& t = tokens[args[a].second - 1];
      return std::size_t(t.position + t.length);
    };
    const auto sub = [&](int a) { return text.substr(begin(a), end(a) - begin(a)); };
    if (n == 4 && trimmed(sub(3)) != "0")
      return ExpressionError{int(begin(3)),
                             "DELAY's fourth argument (the id of an ARRAY with the interpolation order, jump "
                             "and corner thresholds) is not read: pass 0 for Adams' defaults (order 6, jump "
                             "0.5, corner π/8)"};
    const auto shifted = [&](const ExpressionError& e, int a, const char* what) {
      return ExpressionError{int(begin(a)) + e.position, std::string("DELAY's ") + what + ": " + e.message};
    };
    ExpressionContext inner = context;
    auto delayed = Expression::compile(sub(0), inner);
    if (!delayed.ok())
      return shifted(*delayed.error, 0, "delayed expression");
    if (delayed.expression->readsLoads())
      return ExpressionError{int(begin(0)), "DELAY's delayed expression reads solved loads (" +
                                                delayed.expression->firstLoadFunction() +
                                                "()), whose past is not recorded"};
    // e_history: "a function of TIME or a constant" (Adams), read at the delayed time.
    ExpressionContext timeOnly = context;
    timeOnly.allowMeasures = false;
    timeOnly.allowLoads = false;
    timeOnly.variable = nullptr;
    timeOnly.differential = nullptr;
    timeOnly.sensor = nullptr;
    timeOnly.storedInVariables = false;
    timeOnly.variables = nullptr;
    auto history = Expression::compile(sub(2), timeOnly);
    if (!history.ok())
      return shifted(*history.error, 2, "history (a function of TIME or a constant)");
    Expression::Impl::DelayCall call{delayed.expression, history.expression, nullptr};
    const bool timeFunction = !delayed.expression->dependsOnState() &&
                              delayed.expression->variableReads().empty() && !delayed.expression->readsPast();
    if (!timeFunction) {
      if (!context.delayRecorded)
        return ExpressionError{tk.position,
                               "DELAY of an expression of the state or of VARIABLEs is not "
                               "supported in a REQUEST: its past is recorded by the dynamic "
                               "run's steps, and requests are computed from the saved frames"};
      call.signal = std::make_shared<DelaySignal>(delayed.expression, context.owner);
      if (context.recordedSignals)
        context.recordedSignals->push_back(call.signal);
    }
    impl.dependsOnState = impl.dependsOnState || delayed.expression->dependsOnState();
    for (int v : delayed.expression->variableReads())
      if (std::find(impl.variableReads.begin(), impl.variableReads.end(), v) == impl.variableReads.end())
        impl.variableReads.push_back(v);
    // DELAY(index, e_delay) in the same characters: e_delayed becomes the index, the rest blanks.
    const std::string index = std::to_string(impl.delays.size());
    impl.delays.push_back(std::move(call));
    const std::size_t a0 = begin(0), e0 = end(0);
    if (index.size() > e0 - a0)
      return ExpressionError{int(a0), "too many DELAY calls"};
    for (std::size_t c = a0; c < e0; ++c)
      mu[c] = c - a0 < index.size() ? index[c - a0] : ' ';
    const std::size_t blankFrom = end(1), close = std::size_t(tokens[parens.close[k + 1]].position);
    for (std::size_t c = blankFrom; c < close; ++c)
      mu[c] = ' ';
    // e_delayed and e_history (compiled above, with their own DELAY calls) are skipped; e_delay may
    // hold DELAY calls of its own, met next.
    skip.push_back({a0, e0});
    skip.push_back({blankFrom, close});
  }
  return std::nullopt;
}

}  // namespace mbs::core::detail
