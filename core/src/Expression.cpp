#include "mbs/core/Expression.hpp"

#include <muParser.h>

#include <cmath>
#include <cstdlib>
#include <mutex>
#include <numbers>
#include <regex>
#include <set>

#include "AdamsMath.hpp"
#include "ExpressionScan.hpp"
#include "NumberText.hpp"
#include "mbs/core/ContactFunctions.hpp"
#include "mbs/core/Rotation.hpp"

namespace mbs::core {

using detail::FunctionClass;
using detail::Token;
using mbs::solver::StateView;

struct Expression::Impl {
  mu::Parser parser;
  std::string text;
  double time = 0.0;
  const StateView* state = nullptr;
  std::shared_ptr<const VariableTable> variables;     // owned (expressions outside the table)
  std::weak_ptr<const VariableTable> ownerVariables;  // the table holding this expression
  bool dependsOnState = false;
  mutable std::mutex mutex;
};

namespace {

thread_local int t_variableDepth = 0;  // guards VARVAL recursion (cycles are rejected by validate)
// VARVAL calls within one evaluation: variables that each read the next one twice would cost
// 2^depth evaluations; past the bound the value is NaN, which the analysis reports.
thread_local long t_variableCalls = 0;
constexpr long kMaxVariableCalls = 100000;

// Marker arguments are passed to muparser as index + 1; 0 is the ground origin frame.
int markerOf(const double* a, int n, int k)
{
  if (k >= n) {
    return mbs::solver::kGround;
  }
  const long code = std::lround(a[k]);
  return code <= 0 ? mbs::solver::kGround : int(code - 1);
}

double measureValue(int kind, const StateView& s, const double* a, int n)
{
  const int i = markerOf(a, n, 0);
  const int j = markerOf(a, n, 1);
  const int k = markerOf(a, n, 2);
  auto inK = [&](const Vec3& v) -> Vec3 { return s.orientation(k).transpose() * v; };
  const int group = kind < 4 ? 0 : kind < 9 ? 1 : kind < 13 ? 2 : kind < 17 ? 3 : kind < 21 ? 4 : 5;
  if (group == 0) {  // DX DY DZ DM
    const Vec3 d = s.position(i) - s.position(j);
    return kind == 3 ? d.norm() : inK(d)[kind];
  }
  if (group == 1) {  // VX VY VZ VM VR
    const Vec3 v = s.velocity(i) - s.velocity(j);
    if (kind == 7) {
      return v.norm();
    }
    if (kind == 8) {
      const Vec3 d = s.position(i) - s.position(j);
      const double len = d.norm();
      return len > 0.0 ? v.dot(d) / len : 0.0;
    }
    return inK(v)[kind - 4];
  }
  if (group == 2) {  // WX WY WZ WM
    const Vec3 w = s.angularVelocity(i) - s.angularVelocity(j);
    return kind == 12 ? w.norm() : inK(w)[kind - 9];
  }
  if (group == 3) {  // ACCX ACCY ACCZ ACCM
    const Vec3 acc = s.acceleration(i) - s.acceleration(j);
    return kind == 16 ? acc.norm() : inK(acc)[kind - 13];
  }
  if (group == 4) {  // WDTX WDTY WDTZ WDTM
    const Vec3 wd = s.angularAcceleration(i) - s.angularAcceleration(j);
    return kind == 20 ? wd.norm() : inK(wd)[kind - 17];
  }
  const Mat3 ri = s.orientation(i);
  const Mat3 rj = s.orientation(j);
  switch (kind) {
    case 21:
      return std::atan2(-ri.col(2).dot(rj.col(1)), ri.col(2).dot(rj.col(2)));  // AX
    case 22:
      return std::atan2(ri.col(2).dot(rj.col(0)), ri.col(2).dot(rj.col(2)));  // AY
    case 23:
      return std::atan2(ri.col(0).dot(rj.col(1)), ri.col(0).dot(rj.col(0)));  // AZ
    default:
      break;
  }
  const Mat3 rel = rj.transpose() * ri;
  if (kind <= 26) {
    return matrixToEuler313(rel)[kind - 24];  // PSI THETA PHI
  }
  switch (kind) {
    case 27:
      return std::atan2(rel(1, 0), rel(0, 0));  // YAW (3-2-1)
    case 28:
      return -std::asin(std::clamp(rel(2, 0), -1.0, 1.0));  // PITCH
    default:
      return std::atan2(rel(2, 1), rel(2, 2));  // ROLL
  }
}

template <int Kind>
double measure(void* data, const double* a, int n)
{
  const auto* impl = static_cast<const Expression::Impl*>(data);
  return impl->state ? measureValue(Kind, *impl->state, a, n) : 0.0;
}

double varval(void* data, double index)
{
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(index);
  const auto variables = impl->variables ? impl->variables : impl->ownerVariables.lock();
  if (t_variableDepth == 0)
    t_variableCalls = 0;
  if (!variables || k < 0 || k >= long(variables->size()) || !(*variables)[k] || t_variableDepth > 64 ||
      ++t_variableCalls > kMaxVariableCalls) {
    return std::numeric_limits<double>::quiet_NaN();
  }
  ++t_variableDepth;
  const double v = (*variables)[k]->evaluate(impl->time, impl->state);
  --t_variableDepth;
  return v;
}

template <int... K>
void defineMeasures(mu::Parser& p, Expression::Impl* impl, std::integer_sequence<int, K...>)
{
  static const char* const names[] = {"DX",   "DY",    "DZ",   "DM",   "VX",    "VY",   "VZ",   "VM",
                                      "VR",   "WX",    "WY",   "WZ",   "WM",    "ACCX", "ACCY", "ACCZ",
                                      "ACCM", "WDTX",  "WDTY", "WDTZ", "WDTM",  "AX",   "AY",   "AZ",
                                      "PSI",  "THETA", "PHI",  "YAW",  "PITCH", "ROLL"};
  (p.DefineFunUserData(names[K], static_cast<mu::multfun_userdata_type>(&measure<K>), impl, false), ...);
}

double fsin(double x)
{
  return std::sin(x);
}
double fcos(double x)
{
  return std::cos(x);
}
double ftan(double x)
{
  return std::tan(x);
}
double fasin(double x)
{
  return std::asin(x);
}
double facos(double x)
{
  return std::acos(x);
}
double fatan(double x)
{
  return std::atan(x);
}
double fatan2(double y, double x)
{
  return std::atan2(y, x);
}
double fsinh(double x)
{
  return std::sinh(x);
}
double fcosh(double x)
{
  return std::cosh(x);
}
double ftanh(double x)
{
  return std::tanh(x);
}
double fsqrt(double x)
{
  return std::sqrt(x);
}
double fexp(double x)
{
  return std::exp(x);
}
double flog(double x)
{
  return std::log(x);
}
double flog10(double x)
{
  return std::log10(x);
}
double fabs_(double x)
{
  return std::abs(x);
}

// Contact functions called during Expression::evaluateContacts (VARVAL's nested evaluations
// included) are recorded here; null otherwise.
thread_local std::vector<mbs::solver::ContactSample>* t_contacts = nullptr;

double fimpact(double x, double xd, double x1, double k, double e, double cmax, double d)
{
  if (t_contacts)
    t_contacts->push_back({x1 - x, -xd, d});
  return impactFunction(x, xd, x1, k, e, cmax, d).value;
}
double fbistop(double x, double xd, double x1, double x2, double k, double e, double cmax, double d)
{
  if (t_contacts) {  // the nearer stop: below x1 the lower one, else the upper one
    const bool lower = x - x1 < x2 - x;
    t_contacts->push_back(lower ? mbs::solver::ContactSample{x1 - x, -xd, d}
                                : mbs::solver::ContactSample{x - x2, xd, d});
  }
  return bistopFunction(x, xd, x1, x2, k, e, cmax, d).value;
}

// muparser ends its messages with its own position, 0-based in its rewritten text; the caller
// reports ours (1-based, in the user's text), so a second, different number would only confuse.
std::string withoutParserPosition(const std::string& message)
{
  static const std::regex position(R"((( found)? at (expression )?position \d+\.?| ?\(position: \d+\))$)");
  return std::regex_replace(message, position, "");
}

void defineMath(mu::Parser& p)
{
  p.DefineFun("SIN", fsin);
  p.DefineFun("COS", fcos);
  p.DefineFun("TAN", ftan);
  p.DefineFun("ASIN", fasin);
  p.DefineFun("ACOS", facos);
  p.DefineFun("ATAN", fatan);
  p.DefineFun("ATAN2", fatan2);
  p.DefineFun("SINH", fsinh);
  p.DefineFun("COSH", fcosh);
  p.DefineFun("TANH", ftanh);
  p.DefineFun("SQRT", fsqrt);
  p.DefineFun("EXP", fexp);
  p.DefineFun("LOG", flog);
  p.DefineFun("LOG10", flog10);
  p.DefineFun("ABS", fabs_);
  p.DefineFun("SIGN", adams::sign);
  p.DefineFun("MIN", adams::min);
  p.DefineFun("MAX", adams::max);
  p.DefineFun("MOD", adams::mod);
  p.DefineFun("DIM", adams::dim);
  p.DefineFun("AINT", adams::aint);
  p.DefineFun("ANINT", adams::anint);
  p.DefineFun("STEP", adams::step);
  p.DefineFun("STEP5", adams::step5);
  p.DefineFun("HAVSIN", adams::havsin);
  p.DefineFun("IF", adams::ifFunction);
  p.DefineFun("POLY", adams::poly);
  p.DefineFun("SHF", adams::shf);
  p.DefineFun("IMPACT", fimpact, false);  // not folded: every call is recorded
  p.DefineFun("BISTOP", fbistop, false);
  p.DefineConst("PI", std::numbers::pi);
  p.DefineConst("DTOR", std::numbers::pi / 180.0);
  p.DefineConst("RTOD", 180.0 / std::numbers::pi);
}

// Splits the argument tokens of the call whose '(' is tokens[open]; returns the index of ')'.
std::size_t callArguments(const std::vector<Token>& t, std::size_t open,
                          std::vector<std::vector<const Token*>>& args)
{
  int depth = 0;
  args.assign(1, {});
  for (std::size_t k = open; k < t.size(); ++k) {
    const std::string& s = t[k].text;
    if (s == "(") {
      if (depth++ == 0) {
        continue;
      }
    } else if (s == ")") {
      if (--depth == 0) {
        if (args.size() == 1 && args[0].empty()) {
          args.clear();
        }
        return k;
      }
    } else if (s == "," && depth == 1) {
      args.emplace_back();
      continue;
    }
    args.back().push_back(&t[k]);
  }
  return t.size();
}

// Checks names and calls, binding marker/variable names as muparser constants.
std::optional<ExpressionError> bindNames(const std::string& text, const ExpressionContext& ctx,
                                         mu::Parser& parser, bool& dependsOnState)
{
  const auto tokens = detail::tokenize(text);
  std::set<std::string> bound;
  std::set<int> argumentPositions;  // identifiers already checked as marker/variable arguments
  std::vector<std::vector<const Token*>> args;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const Token& tk = tokens[k];
    if (tk.kind != Token::Identifier || argumentPositions.count(tk.position)) {
      continue;
    }
    const bool isCall = k + 1 < tokens.size() && tokens[k + 1].text == "(";
    if (!isCall) {
      if (detail::isConstantName(tk.text)) {
        continue;
      }
      if (const auto value = ctx.parameter ? ctx.parameter(tk.text) : std::nullopt) {
        if (!bound.count(tk.text)) {
          parser.DefineConst(tk.text, *value);
          bound.insert(tk.text);
        }
        continue;
      }
      const bool known = (ctx.marker && ctx.marker(tk.text)) || (ctx.variable && ctx.variable(tk.text));
      if (detail::findFunction(tk.text)) {
        return ExpressionError{tk.position, "function '" + tk.text + "' needs arguments in parentheses"};
      }
      return ExpressionError{
          tk.position, known ? "'" + tk.text + "' may only be an argument of a measure function or VARVAL"
                             : "unknown name '" + tk.text + "'"};
    }
    const auto* fn = detail::findFunction(tk.text);
    if (!fn) {
      return ExpressionError{tk.position, "unknown function '" + tk.text + "'"};
    }
    const std::size_t close = callArguments(tokens, k + 1, args);
    if (close >= tokens.size()) {
      return ExpressionError{tokens[k + 1].position, "unbalanced parenthesis after '" + tk.text + "'"};
    }
    const int n = int(args.size());
    if (n < fn->minArgs || (fn->maxArgs >= 0 && n > fn->maxArgs)) {
      return ExpressionError{tk.position, "function '" + tk.text + "' takes " + std::to_string(fn->minArgs) +
                                              (fn->maxArgs == fn->minArgs ? ""
                                               : fn->maxArgs < 0          ? " or more"
                                                                 : " to " + std::to_string(fn->maxArgs)) +
                                              " arguments, not " + std::to_string(n)};
    }
    if (fn->cls == FunctionClass::Math) {
      continue;
    }
    if (fn->cls == FunctionClass::Measure && !ctx.allowMeasures) {
      return ExpressionError{
          tk.position, "measure function '" + tk.text + "' is not allowed here (function of TIME only)"};
    }
    dependsOnState = true;
    for (const auto& arg : args) {
      if (arg.size() != 1 || (arg[0]->kind != Token::Identifier && arg[0]->text != "0")) {
        const int pos = arg.empty() ? tk.position : arg[0]->position;
        return ExpressionError{pos,
                               std::string("argument of '") + tk.text + "' must be a " +
                                   (fn->cls == FunctionClass::VarVal ? "variable name" : "marker name or 0")};
      }
      const Token& a = *arg[0];
      argumentPositions.insert(a.position);
      if (a.kind != Token::Identifier || bound.count(a.text)) {
        continue;
      }
      std::optional<int> index;
      if (fn->cls == FunctionClass::VarVal) {
        index = ctx.variable ? ctx.variable(a.text) : std::nullopt;
        if (!index) {
          return ExpressionError{a.position, "unknown variable '" + a.text + "'"};
        }
        parser.DefineConst(a.text, double(*index));
      } else {
        index = ctx.marker ? ctx.marker(a.text) : std::nullopt;
        if (!index) {
          return ExpressionError{a.position, "unknown marker '" + a.text + "'"};
        }
        parser.DefineConst(a.text, double(*index + 1));
      }
      bound.insert(a.text);
    }
    k = k + 1;  // continue scanning inside the call (nested calls are checked too)
  }
  return std::nullopt;
}

}  // namespace

Expression::Expression(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Expression::~Expression() = default;

Expression::Result Expression::compile(std::string_view text, const ExpressionContext& context)
{
  auto impl = std::make_unique<Impl>();
  impl->text = std::string(text);
  if (context.storedInVariables)
    impl->ownerVariables = context.variables;
  else
    impl->variables = context.variables;
  const std::string mu = detail::toMuparserText(text);
  if (mu.find_first_not_of(' ') == std::string::npos) {
    return {nullptr, ExpressionError{0, "empty expression"}};
  }
  for (const auto& t : detail::tokenize(mu)) {  // muparser would read an overflowing literal as inf
    if (t.kind == Token::Number && !std::isfinite(std::strtod(t.text.c_str(), nullptr)))
      return {nullptr, ExpressionError{t.position, detail::numberOutOfRange(t.text)}};
  }
  try {
    mu::Parser& p = impl->parser;
    defineMath(p);
    p.DefineVar("TIME", &impl->time);
    defineMeasures(p, impl.get(), std::make_integer_sequence<int, 30>{});
    p.DefineFunUserData("VARVAL", static_cast<mu::fun_userdata_type1>(&varval), impl.get(), false);
    if (auto err = bindNames(mu, context, p, impl->dependsOnState)) {
      return {nullptr, err};
    }
    p.SetExpr(mu);
    impl->parser.Eval();  // forces the parse; values of measures are 0 here
  } catch (const mu::Parser::exception_type& e) {
    const int pos = std::clamp(e.GetPos(), 0, int(text.size()));
    return {nullptr, ExpressionError{pos, withoutParserPosition(e.GetMsg())}};
  }
  return {std::shared_ptr<Expression>(new Expression(std::move(impl))), std::nullopt};
}

double Expression::evaluate(double time, const StateView* state) const
{
  std::lock_guard lock(m_impl->mutex);
  m_impl->time = time;
  m_impl->state = state;
  try {
    const double v = m_impl->parser.Eval();
    m_impl->state = nullptr;
    return v;
  } catch (const mu::Parser::exception_type&) {
    m_impl->state = nullptr;
    return std::numeric_limits<double>::quiet_NaN();
  }
}

void Expression::evaluateContacts(double time, const StateView* state,
                                  std::vector<mbs::solver::ContactSample>& out) const
{
  out.clear();
  auto* outer = t_contacts;
  t_contacts = &out;
  evaluate(time, state);
  t_contacts = outer;
}

bool Expression::mayCallContacts() const
{
  for (const std::string& name : expressionIdentifiers(m_impl->text))
    if (name == "IMPACT" || name == "BISTOP" || name == "VARVAL")
      return true;
  return false;
}

const std::string& Expression::text() const
{
  return m_impl->text;
}
bool Expression::dependsOnState() const
{
  return m_impl->dependsOnState;
}

std::vector<std::string> expressionIdentifiers(std::string_view text)
{
  std::vector<std::string> out;
  for (const auto& t : detail::tokenize(detail::toMuparserText(text))) {
    if (t.kind == Token::Identifier && std::find(out.begin(), out.end(), t.text) == out.end()) {
      out.push_back(t.text);
    }
  }
  return out;
}

std::string renameIdentifier(std::string_view text, std::string_view from, std::string_view to)
{
  const std::string upperFrom = detail::toMuparserText(from);
  const auto tokens = detail::tokenize(detail::toMuparserText(text));
  std::string out;
  std::size_t last = 0;
  for (const auto& t : tokens) {
    if (t.kind == Token::Identifier && t.text == upperFrom) {
      out.append(text.substr(last, t.position - last));
      out.append(to);
      last = t.position + t.length;
    }
  }
  out.append(text.substr(last));
  return out;
}

IdRewrite rewriteIdArguments(std::string_view text,
                             const std::function<std::optional<std::string>(long)>& markerName,
                             const std::function<std::optional<std::string>(long)>& variableName)
{
  const auto tokens = detail::tokenize(detail::toMuparserText(text));
  std::vector<std::vector<const Token*>> args;
  std::string out;
  std::size_t last = 0;
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const auto* fn = tokens[k].kind == Token::Identifier ? detail::findFunction(tokens[k].text) : nullptr;
    if (!fn || fn->cls == FunctionClass::Math || tokens[k + 1].text != "(") {
      continue;
    }
    callArguments(tokens, k + 1, args);
    for (const auto& arg : args) {
      if (arg.size() != 1 || arg[0]->kind != Token::Number ||
          arg[0]->text.find_first_not_of("0123456789") != std::string::npos) {
        continue;  // names stay; anything else is reported when the expression is compiled
      }
      const auto parsed = detail::parseId(arg[0]->text);
      if (!parsed) {
        std::string message = "'";
        message.append(arg[0]->text, 0, 40)
            .append("' in ")
            .append(fn->name)
            .append("() is not an id (0 to 2147483647)");
        return {{}, ExpressionError{arg[0]->position, message}};
      }
      const long id = *parsed;
      if (id == 0 && fn->cls == FunctionClass::Measure) {
        continue;
      }
      const auto name = fn->cls == FunctionClass::VarVal ? variableName(id) : markerName(id);
      if (!name) {
        return {{},
                ExpressionError{arg[0]->position,
                                std::string(fn->cls == FunctionClass::VarVal ? "VARIABLE/" : "MARKER/") +
                                    std::to_string(id) + " in " + fn->name + "() does not exist"}};
      }
      out.append(text.substr(last, arg[0]->position - last));
      out.append(*name);
      last = arg[0]->position + arg[0]->length;
    }
  }
  out.append(text.substr(last));
  return {out, std::nullopt};
}

bool isReservedExpressionName(std::string_view name)
{
  const std::string upper = detail::toMuparserText(name);
  return detail::findFunction(upper) || detail::isConstantName(upper);
}

}  // namespace mbs::core
