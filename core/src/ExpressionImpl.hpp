#pragma once
// What a compiled expression holds (Expression.cpp) and the binding of its names
// (ExpressionBinder.cpp): shared by those two files only.
#include <muParser.h>

#include <map>
#include <mutex>
#include <optional>
#include <tuple>

#include "ExpressionMeasures.hpp"
#include "ExpressionScan.hpp"
#include "mbs/core/Expression.hpp"

namespace mbs::core {

struct Expression::Impl {
  mu::Parser parser;
  std::string text;
  double time = 0.0;
  double mode = 0.0;  // Adams' MODE: solver::currentAnalysisMode() at the evaluation
  const solver::StateView* state = nullptr;
  std::shared_ptr<const VariableTable> variables;     // owned (expressions outside the table)
  std::shared_ptr<const DataTables> data;             // splines and arrays
  std::weak_ptr<const VariableTable> ownerVariables;  // the table holding this expression
  bool dependsOnState = false;
  bool readsLoads = false;
  bool readsContacts = false;  // CONTACT(), directly or through a VARIABLE
  std::string firstLoad;
  std::string owner;
  std::vector<int> variableReads;
  std::map<std::tuple<int, int, int>, detail::IncludedAngle> includedAngles;
  // DELAY calls, by the index the rewritten text passes (ExpressionDelay.cpp).
  struct DelayCall {
    std::shared_ptr<const Expression> delayed;             // e_delayed
    std::shared_ptr<const Expression> history;             // e_history, a function of TIME
    std::shared_ptr<const solver::RecordedSignal> signal;  // null: e_delayed is a function of TIME
  };
  std::vector<DelayCall> delays;
  mutable std::mutex mutex;
};

namespace detail {

// Checks every name and call of `tokens` against the model (`context`) and binds marker,
// variable and element names to their indices as constants of `parser`; the first problem found.
std::optional<ExpressionError> bindNames(const ExpressionContext& context, mu::Parser& parser,
                                         Expression::Impl& impl, const std::vector<Token>& tokens,
                                         const Parentheses& parens);

// Compiles the DELAY calls of `text` (its muparser form `mu`, same length) into impl.delays and
// rewrites each in `mu` as DELAY(index, e_delay) padded to the same length; the first problem found.
std::optional<ExpressionError> compileDelays(std::string_view text, std::string& mu,
                                             const ExpressionContext& context, Expression::Impl& impl);
// The muparser function DELAY(index, e_delay) of impl (user data).
double delayValue(void* impl, double index, double delay);

}  // namespace detail
}  // namespace mbs::core
