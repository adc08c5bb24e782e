#include "mbs/core/Expression.hpp"

#include <muParser.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <map>
#include <mutex>
#include <numbers>
#include <unordered_map>
#include <unordered_set>

#include "AdamsMath.hpp"
#include "ExpressionMeasures.hpp"
#include "ExpressionScan.hpp"
#include "NumberText.hpp"
#include "mbs/core/ContactFunctions.hpp"
#include "mbs/core/Interpolation.hpp"

namespace mbs::core {

using detail::ElementKind;
using detail::FunctionClass;
using detail::Token;
using mbs::solver::StateView;

struct Expression::Impl {
  mu::Parser parser;
  std::string text;
  double time = 0.0;
  const StateView* state = nullptr;
  std::shared_ptr<const VariableTable> variables;     // owned (expressions outside the table)
  std::shared_ptr<const DataTables> data;             // splines and arrays
  std::weak_ptr<const VariableTable> ownerVariables;  // the table holding this expression
  bool dependsOnState = false;
  bool readsLoads = false;
  std::string firstLoad;
  std::string owner;
  std::vector<int> variableReads;
  std::map<std::tuple<int, int, int>, detail::IncludedAngle> includedAngles;
  mutable std::mutex mutex;
};

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// VARIABLE values within one top-level evaluation (one time and state) on this thread: each
// VARIABLE is evaluated once, its dependencies first in a loop (no recursion), so a chain of any
// depth costs its length and never deepens the stack.
thread_local std::uint64_t t_epoch = 0;  // advanced by every top-level evaluation
thread_local int t_depth = 0;            // evaluations in progress on this thread
thread_local bool t_compiling = false;   // compile()'s trial evaluation: VARVAL reads 0
struct VariableValues {
  std::vector<std::uint64_t> done, visiting;  // the epoch they were evaluated / entered in
  std::vector<double> value;
};
// Per table (a run evaluates the compiled model's and the requests' tables in turn). Stamps of an
// earlier epoch are stale by construction, so a table's address reused later is harmless.
thread_local std::unordered_map<const VariableTable*, VariableValues> t_values;

template <int Kind>
double measure(void* data, const double* a, int n)
{
  const auto* impl = static_cast<const Expression::Impl*>(data);
  return impl->state ? detail::measureValue(Kind, *impl->state, a, n) : 0.0;
}

double incang(void* data, const double* a, int n)
{
  auto* impl = static_cast<Expression::Impl*>(data);
  return impl->state ? detail::includedAngle(*impl->state, a, n, impl->includedAngles) : 0.0;
}

double orient(void* data, const double* a, int n)
{
  const auto* impl = static_cast<const Expression::Impl*>(data);
  return impl->state ? detail::orientValue(*impl->state, a, n) : 0.0;
}

template <int Kind>
double markerLoad(void* data, const double* a, int n)
{
  const auto* impl = static_cast<const Expression::Impl*>(data);
  return impl->state ? detail::markerLoadValue(Kind, *impl->state, a, n) : 0.0;
}

template <ElementKind Kind>
double elementLoad(void* data, const double* a, int n)
{
  const auto* impl = static_cast<const Expression::Impl*>(data);
  return impl->state ? detail::elementLoadValue(Kind, *impl->state, a, n) : 0.0;
}

// The value of variable k at (time, state): its unevaluated dependencies first, depth-first in a
// loop. A cycle (refused by validation) gives NaN.
double variableValue(const VariableTable& table, long k, double time, const StateView* state)
{
  if (k < 0 || k >= long(table.size()) || !table[k])
    return kNaN;
  if (t_values.size() > 16 && !t_values.count(&table))
    t_values.clear();  // tables of finished runs
  VariableValues& v = t_values[&table];
  if (v.done.size() != table.size()) {
    v.done.assign(table.size(), 0);
    v.visiting.assign(table.size(), 0);
    v.value.assign(table.size(), 0.0);
  }
  const std::uint64_t epoch = t_epoch;
  if (v.done[k] == epoch)
    return v.value[k];
  std::vector<std::pair<int, std::size_t>> stack{{int(k), 0}};
  v.visiting[k] = epoch;
  while (!stack.empty()) {
    const int node = stack.back().first;
    const std::size_t next = stack.back().second;
    const auto& reads = table[node]->variableReads();
    if (next < reads.size()) {
      ++stack.back().second;
      const int d = reads[next];
      if (d < 0 || d >= int(table.size()) || !table[d])
        return kNaN;
      if (v.done[d] == epoch)
        continue;
      if (v.visiting[d] == epoch)
        return kNaN;  // a cycle
      v.visiting[d] = epoch;
      stack.emplace_back(d, 0);
      continue;
    }
    v.value[node] = table[node]->evaluate(time, state);
    v.done[node] = epoch;
    stack.pop_back();
  }
  return v.value[k];
}

double varval(void* data, double index)
{
  if (t_compiling)
    return 0.0;  // the variables need not be evaluated to parse (nor be compiled yet)
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const auto variables = impl->variables ? impl->variables : impl->ownerVariables.lock();
  if (!variables)
    return kNaN;
  return variableValue(*variables, std::lround(index), impl->time, impl->state);
}

// CUBSPL, AKISPL (x, z, spline [, iord]) and INTERP (x, method, spline [, iord]); the spline is
// bound as its index, method and iord were checked when compiling.
template <int Method>
double splineFunction(void* data, const double* a, int n)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(a[2]);
  if (!impl->data || k < 0 || k >= long(impl->data->splines.size()) || !impl->data->splines[k])
    return kNaN;
  const int order = n > 3 ? int(std::lround(a[3])) : 0;
  InterpolationMethod method = InterpolationMethod(Method);
  double z = a[1];
  if (Method < 0) {  // INTERP: 1 linear, 3 cubic; a curve
    method = std::lround(a[1]) == 1 ? InterpolationMethod::Linear : InterpolationMethod::Cubic;
    z = 0.0;
  }
  return impl->data->splines[k]->evaluate(method, a[0], z, order);
}

double aryval(void* data, double array, double index)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(array), i = std::lround(index) - 1;
  if (!impl->data || k < 0 || k >= long(impl->data->arrays.size()) || i < 0 ||
      i >= long(impl->data->arrays[k].size()))
    return kNaN;
  return impl->data->arrays[k][i];
}

double senval(void* data, double sensor)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(sensor);
  if (!impl->data || k < 0 || k >= long(impl->data->senvals.size()) || !impl->data->senvals[k])
    return kNaN;
  return *impl->data->senvals[k];
}

// DIF (Rate 0) and DIF1 (Rate 1) of DIFF k (bound as its index).
template <int Rate>
double differential(void* data, double k)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  if (!impl->state)
    return 0.0;  // (as the measures without a state)
  const int index = int(std::lround(k));
  return Rate == 0 ? impl->state->differential(index) : impl->state->differentialRate(index);
}

template <int... K>
void defineMeasures(mu::Parser& p, Expression::Impl* impl, std::integer_sequence<int, K...>)
{
  static const char* const names[] = {"DX",   "DY",    "DZ",   "DM",   "VX",    "VY",   "VZ",   "VM",
                                      "VR",   "WX",    "WY",   "WZ",   "WM",    "ACCX", "ACCY", "ACCZ",
                                      "ACCM", "WDTX",  "WDTY", "WDTZ", "WDTM",  "AX",   "AY",   "AZ",
                                      "PSI",  "THETA", "PHI",  "YAW",  "PITCH", "ROLL"};
  (p.DefineFunUserData(names[K], static_cast<mu::multfun_userdata_type>(&measure<K>), impl, false), ...);
  p.DefineFunUserData("INCANG", static_cast<mu::multfun_userdata_type>(&incang), impl, false);
  p.DefineFunUserData("ORIENT", static_cast<mu::multfun_userdata_type>(&orient), impl, false);
  const auto loads = [&](const char* name, mu::multfun_userdata_type f) {
    p.DefineFunUserData(name, f, impl, false);
  };
  loads("FM", &markerLoad<0>);
  loads("FX", &markerLoad<1>);
  loads("FY", &markerLoad<2>);
  loads("FZ", &markerLoad<3>);
  loads("TM", &markerLoad<4>);
  loads("TX", &markerLoad<5>);
  loads("TY", &markerLoad<6>);
  loads("TZ", &markerLoad<7>);
  loads("JOINT", &elementLoad<ElementKind::Joint>);
  loads("MOTION", &elementLoad<ElementKind::Motion>);
  loads("SFORCE", &elementLoad<ElementKind::SingleForce>);
  loads("GFORCE", &elementLoad<ElementKind::GeneralForce>);
  loads("VFORCE", &elementLoad<ElementKind::VectorForce>);
  loads("VTORQUE", &elementLoad<ElementKind::VectorTorque>);
  loads("BUSH", &elementLoad<ElementKind::Bushing>);
  loads("SPDP", &elementLoad<ElementKind::SpringDamper>);
  loads("BEAM", &elementLoad<ElementKind::Beam>);
  loads("FIELD", &elementLoad<ElementKind::Field>);
  loads("NFORCE", &elementLoad<ElementKind::MultiPoint>);
  p.DefineFunUserData("CUBSPL", static_cast<mu::multfun_userdata_type>(&splineFunction<0>), impl, false);
  p.DefineFunUserData("AKISPL", static_cast<mu::multfun_userdata_type>(&splineFunction<1>), impl, false);
  p.DefineFunUserData("INTERP", static_cast<mu::multfun_userdata_type>(&splineFunction<-1>), impl, false);
  p.DefineFunUserData("ARYVAL", static_cast<mu::fun_userdata_type2>(&aryval), impl, false);
  p.DefineFunUserData("SENVAL", static_cast<mu::fun_userdata_type1>(&senval), impl, false);
  p.DefineFunUserData("DIF", static_cast<mu::fun_userdata_type1>(&differential<0>), impl, false);
  p.DefineFunUserData("DIF1", static_cast<mu::fun_userdata_type1>(&differential<1>), impl, false);
}

double fdegrees(double x)
{
  return x * (std::numbers::pi / 180.0);
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
  auto digits = [&](std::size_t from, std::size_t to) {
    if (from >= to)
      return false;
    for (std::size_t k = from; k < to; ++k)
      if (!std::isdigit(static_cast<unsigned char>(message[k])))
        return false;
    return true;
  };
  // "... (position: N)"
  if (!message.empty() && message.back() == ')') {
    std::size_t p = message.rfind("(position: ");
    if (p != std::string::npos && digits(p + 11, message.size() - 1))
      return message.substr(0, p > 0 && message[p - 1] == ' ' ? p - 1 : p);
  }
  // "... [found] at [expression] position N[.]"
  const std::size_t end = !message.empty() && message.back() == '.' ? message.size() - 1 : message.size();
  for (const std::string_view lead : {" at expression position ", " at position "}) {
    std::size_t p = message.rfind(lead);
    if (p == std::string::npos || !digits(p + lead.size(), end))
      continue;
    if (p >= 6 && message.compare(p - 6, 6, " found") == 0)
      p -= 6;
    return message.substr(0, p);
  }
  return message;
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
  p.DefinePostfixOprt(std::string(1, detail::kDegreeSuffix), fdegrees);  // "60D" (toMuparserText)
}

// The argument tokens of the call whose '(' is tokens[open]: [first, last) token ranges.
std::vector<std::pair<std::size_t, std::size_t>> callArguments(const detail::Parentheses& parens,
                                                               std::size_t open)
{
  std::vector<std::pair<std::size_t, std::size_t>> out;
  const std::size_t close = parens.close[open];
  if (close == open + 1)
    return out;  // no arguments
  std::size_t first = open + 1;
  for (const std::size_t comma : parens.commas[open]) {
    out.emplace_back(first, comma);
    first = comma + 1;
  }
  out.emplace_back(first, close);
  return out;
}

std::string quote(std::string_view name)
{
  return "'" + std::string(name) + "'";
}

// What a name is in the model, for messages ("a parameter", "a marker", "a joint" ...).
std::string whatIs(const ExpressionContext& ctx, std::string_view name)
{
  if (detail::isConstantName(name))
    return "a reserved name";
  if (ctx.parameter && ctx.parameter(name))
    return "a parameter";
  if (ctx.marker && ctx.marker(name))
    return "a marker";
  if (ctx.variable && ctx.variable(name))
    return "a VARIABLE";
  if (ctx.spline && ctx.spline(name))
    return "a SPLINE";
  if (ctx.array && ctx.array(name))
    return "an ARRAY";
  if (ctx.sensor && ctx.sensor(name))
    return "a SENSOR";
  if (ctx.differential && ctx.differential(name))
    return "a DIFF";
  std::string what;
  if (ctx.element && !ctx.element("", name, what) && !what.empty())
    return what;
  return "not a name the model has";
}

const char* argumentNoun(char kind, std::string_view function)
{
  switch (kind) {
    case 'v':
      return "a VARIABLE name";
    case 'i':
      return "an integer";
    case 's':
      return "a SPLINE name";
    case 'a':
      return "an ARRAY name";
    case 'n':
      return "a SENSOR name";
    case 'f':
      return "a DIFF name";
    case 'e':
      return function == "JOINT"     ? "a joint name"
             : function == "MOTION"  ? "a motion name"
             : function == "SFORCE"  ? "a single-component force name"
             : function == "GFORCE"  ? "a general force name"
             : function == "VFORCE"  ? "a vector force name"
             : function == "VTORQUE" ? "a vector torque name"
             : function == "BUSH"    ? "a bushing name"
             : function == "BEAM"    ? "a beam name"
             : function == "FIELD"   ? "a field name"
             : function == "NFORCE"  ? "a multi-point force name"
                                     : "a spring-damper name";
    default:
      return "a marker name or 0";
  }
}

// Integer arguments with a fixed range (ORIENT's system and component, the element functions'
// jflag and comp): {min, max, what}.
struct IntegerRange {
  int min, max;
  const char* what;
};
std::optional<IntegerRange> integerRange(const detail::FunctionInfo& fn, int argument)
{
  if (fn.cls == FunctionClass::Spline)
    return argument == 1 ? IntegerRange{1, 3, "INTERP's method (1 linear, 3 cubic)"}
                         : IntegerRange{0, 2, "iord (0 the value, 1 or 2 a derivative)"};
  if (fn.cls == FunctionClass::ArrayValue)
    return IntegerRange{1, 1 << 30, "a position in the array (1, 2, ...)"};
  if (fn.cls == FunctionClass::Measure)  // ORIENT
    return argument == 0 ? IntegerRange{1, 24, "the orientation system (1 to 24)"}
                         : IntegerRange{1, 3, "the component (1 to 3)"};
  if (argument == 1)
    return IntegerRange{0, 1, "jflag (0: the load at I, 1: at J)"};
  return IntegerRange{1, 8, "comp (1 to 8)"};
}

// Checks names and calls (one pass over the tokens, after the nesting was bounded), binding each
// marker, variable and element name to its index as a muparser constant. A name has one role in
// an expression: a parameter read as a number is never taken for a marker index, and the reverse.
class Binder {
public:
  Binder(const ExpressionContext& ctx, mu::Parser& parser, Expression::Impl& impl)
      : m_ctx(ctx), m_parser(parser), m_impl(impl)
  {
  }

  std::optional<ExpressionError> run(const std::vector<Token>& tokens, const detail::Parentheses& parens)
  {
    std::vector<char> isArgument(tokens.size(), 0);
    for (std::size_t k = 0; k < tokens.size(); ++k) {
      const Token& tk = tokens[k];
      if (tk.kind != Token::Identifier || isArgument[k])
        continue;
      const bool isCall = k + 1 < tokens.size() && tokens[k + 1].text == "(";
      if (!isCall) {
        if (auto err = bare(tk))
          return err;
        continue;
      }
      const auto* fn = detail::findFunction(tk.text);
      if (!fn)
        return ExpressionError{tk.position, "unknown function '" + tk.text + "'"};
      if (parens.close[k + 1] >= tokens.size())
        return ExpressionError{tokens[k + 1].position, "unbalanced parenthesis after '" + tk.text + "'"};
      const auto args = callArguments(parens, k + 1);
      const int n = int(args.size());
      if (n < fn->minArgs || (fn->maxArgs >= 0 && n > fn->maxArgs)) {
        return ExpressionError{tk.position, "function '" + tk.text + "' takes " +
                                                std::to_string(fn->minArgs) +
                                                (fn->maxArgs == fn->minArgs ? ""
                                                 : fn->maxArgs < 0          ? " or more"
                                                                   : " to " + std::to_string(fn->maxArgs)) +
                                                " arguments, not " + std::to_string(n)};
      }
      if (fn->cls == FunctionClass::Math)
        continue;
      if (auto err = allowed(*fn, tk))
        return err;
      m_dataIndex = -1;
      for (int a = 0; a < n; ++a) {
        const auto [first, last] = args[a];
        if (kindOf(*fn, a) == 'x')
          continue;  // an expression: its names are checked as the rest of the text
        if (auto err = argument(*fn, tk, a, tokens, first, last))
          return err;
        for (std::size_t t = first; t < last; ++t)
          isArgument[t] = 1;
      }
      if (auto err = dataCall(*fn, tk, args, tokens))
        return err;
    }
    return std::nullopt;
  }

private:
  enum class Role { Parameter, Marker, Variable, Element, Spline, Array, Sensor, Differential };

  static char kindOf(const detail::FunctionInfo& fn, int argument)
  {
    const std::string_view spec = fn.arguments;
    return spec.empty() ? 'm' : spec[std::min<std::size_t>(std::size_t(argument), spec.size() - 1)];
  }

  // The spline functions and ARYVAL, once their arguments are bound: INTERP's method, iord (a
  // surface takes none, as in Adams) and ARYVAL's position within the array.
  std::optional<ExpressionError> dataCall(const detail::FunctionInfo& fn, const Token& call,
                                          const std::vector<std::pair<std::size_t, std::size_t>>& args,
                                          const std::vector<Token>& tokens)
  {
    if (fn.cls != FunctionClass::Spline && fn.cls != FunctionClass::ArrayValue)
      return std::nullopt;
    const auto literal = [&](int a) { return std::strtod(tokens[args[a].first].text.c_str(), nullptr); };
    const auto* data = m_ctx.data.get();
    if (fn.cls == FunctionClass::ArrayValue) {
      if (!data || m_dataIndex < 0 || m_dataIndex >= int(data->arrays.size()))
        return std::nullopt;
      const double k = literal(1);
      const auto size = data->arrays[m_dataIndex].size();
      if (k < 1 || k > double(size))
        return ExpressionError{tokens[args[1].first].position,
                               "ARYVAL reads position " + tokens[args[1].first].text.substr(0, 20) + " of '" +
                                   tokens[args[0].first].text + "', which has " + std::to_string(size) +
                                   " values (positions 1 to " + std::to_string(size) + ")"};
      return std::nullopt;
    }
    if (fn.measure < 0 && literal(1) != 1.0 && literal(1) != 3.0)
      return ExpressionError{tokens[args[1].first].position,
                             "INTERP's method must be 1 (linear) or 3 (cubic), not '" +
                                 tokens[args[1].first].text.substr(0, 20) + "'"};
    const bool surface = data && m_dataIndex >= 0 && m_dataIndex < int(data->splines.size()) &&
                         data->splines[m_dataIndex] && data->splines[m_dataIndex]->isSurface();
    if (surface && fn.measure < 0)
      return ExpressionError{call.position, "INTERP reads a curve; '" + tokens[args[2].first].text +
                                                "' is a family of curves (SPLINE with z values)"};
    if (surface && args.size() > 3 && literal(3) != 0.0)
      return ExpressionError{tokens[args[3].first].position,
                             "iord may not be given when interpolating a family of curves ('" +
                                 tokens[args[2].first].text + "' has z values), as in Adams"};
    return std::nullopt;
  }

  static const char* roleName(Role r)
  {
    switch (r) {
      case Role::Parameter:
        return "a parameter (a number)";
      case Role::Marker:
        return "a marker argument";
      case Role::Variable:
        return "a VARVAL argument";
      case Role::Element:
        return "an element argument";
      case Role::Spline:
        return "a SPLINE argument";
      case Role::Array:
        return "an ARRAY argument";
      case Role::Sensor:
        return "a SENSOR argument";
      case Role::Differential:
        return "a DIF or DIF1 argument";
    }
    return "";
  }

  // Records the role of a name; a second, different role is an error.
  std::optional<ExpressionError> claim(const Token& tk, Role role, double value)
  {
    const auto [it, inserted] = m_roles.emplace(tk.text, role);
    if (!inserted) {
      if (it->second == role)
        return std::nullopt;
      return ExpressionError{tk.position, quote(tk.text) + " is used both as " + roleName(it->second) +
                                              " and as " + roleName(role) + " in one expression"};
    }
    m_parser.DefineConst(tk.text, value);
    return std::nullopt;
  }

  std::optional<ExpressionError> bare(const Token& tk)
  {
    if (detail::isConstantName(tk.text))
      return std::nullopt;
    if (const auto value = m_ctx.parameter ? m_ctx.parameter(tk.text) : std::nullopt)
      return claim(tk, Role::Parameter, *value);
    if (detail::findFunction(tk.text))
      return ExpressionError{tk.position, "function '" + tk.text + "' needs arguments in parentheses"};
    const bool known = (m_ctx.marker && m_ctx.marker(tk.text)) || (m_ctx.variable && m_ctx.variable(tk.text));
    if ((m_ctx.spline && m_ctx.spline(tk.text)) || (m_ctx.array && m_ctx.array(tk.text)))
      return ExpressionError{tk.position,
                             quote(tk.text) +
                                 " is reference data: it may only be an argument of CUBSPL, AKISPL, "
                                 "INTERP (a SPLINE) or ARYVAL (an ARRAY)"};
    return ExpressionError{tk.position,
                           known ? quote(tk.text) + " may only be an argument of a measure function or VARVAL"
                                 : "unknown name '" + tk.text + "'"};
  }

  std::optional<ExpressionError> allowed(const detail::FunctionInfo& fn, const Token& tk)
  {
    const bool load = fn.cls == FunctionClass::MarkerLoad || fn.cls == FunctionClass::ElementLoad;
    if (fn.cls == FunctionClass::Differential && !m_ctx.allowMeasures)
      return ExpressionError{tk.position,
                             "'" + tk.text +
                                 "' reads a DIFF's state, which is not allowed here (function of "
                                 "TIME only)"};
    if ((fn.cls == FunctionClass::Measure || load) && !m_ctx.allowMeasures)
      return ExpressionError{tk.position, std::string(load ? "load" : "measure") + " function '" + tk.text +
                                              "' is not allowed here (function of TIME only)"};
    if (load && !m_ctx.allowLoads)
      return ExpressionError{tk.position, loadRefusal(tk.text + "()")};
    if (fn.cls != FunctionClass::VarVal && fn.cls != FunctionClass::Spline &&
        fn.cls != FunctionClass::ArrayValue && fn.cls != FunctionClass::SensorValue)
      m_impl.dependsOnState = true;  // the spline functions depend on what their arguments do
    if (load) {
      m_impl.readsLoads = true;
      if (m_impl.firstLoad.empty())
        m_impl.firstLoad = tk.text;
    }
    return std::nullopt;
  }

  static std::string loadRefusal(const std::string& what)
  {
    return what +
           " reads a solved load (a constraint reaction or an element's force), which this function cannot "
           "read: load functions are evaluated in force functions, VARIABLEs and REQUESTs";
  }

  std::optional<ExpressionError> argument(const detail::FunctionInfo& fn, const Token& call, int a,
                                          const std::vector<Token>& tokens, std::size_t first,
                                          std::size_t last)
  {
    const std::string_view spec = fn.arguments;
    const char kind = spec.empty() ? 'm' : spec[std::min<std::size_t>(std::size_t(a), spec.size() - 1)];
    const std::string which = "argument " + std::to_string(a + 1) + " of " + call.text + "()";
    const int position = first < last ? tokens[first].position : call.position;
    const std::string must = which + " must be " + argumentNoun(kind, call.text);
    if (last - first != 1)
      return ExpressionError{position, must};
    const Token& arg = tokens[first];
    if (kind == 'i') {
      const auto range = integerRange(fn, a);
      char* end = nullptr;
      const double v = std::strtod(arg.text.c_str(), &end);
      if (fn.cls == FunctionClass::Measure && a == 0 && arg.kind == Token::Number && v == std::floor(v) &&
          (v < 1 || v > 24))
        return ExpressionError{position,
                               "ORIENT orientation system " + arg.text.substr(0, 20) +
                                   " is not supported (1 to 12: the body-fixed Euler sequences, 13 to "
                                   "24: the space-fixed ones)"};
      if (arg.kind != Token::Number || v != std::floor(v) || !range || v < range->min || v > range->max)
        return ExpressionError{position, which + " must be " + (range ? range->what : "an integer") +
                                             ", not '" + arg.text.substr(0, 40) + "'"};
      return std::nullopt;
    }
    if (arg.kind == Token::Number) {
      if (kind == 'm' && arg.text == "0")
        return std::nullopt;  // the ground origin frame
      return ExpressionError{position, must + ", not '" + arg.text.substr(0, 40) + "'"};
    }
    if (arg.kind != Token::Identifier)
      return ExpressionError{position, must};
    auto notA = [&](std::string_view what) {
      return ExpressionError{position, must + ": " + quote(arg.text) + " is " + std::string(what)};
    };
    if (detail::isConstantName(arg.text) || (m_ctx.parameter && m_ctx.parameter(arg.text)))
      return notA(whatIs(m_ctx, arg.text));
    if (kind == 'v') {
      const auto index = m_ctx.variable ? m_ctx.variable(arg.text) : std::nullopt;
      if (!index)
        return ExpressionError{position, "unknown variable '" + arg.text + "'"};
      if (auto err = claim(arg, Role::Variable, double(*index)))
        return err;
      return readVariable(arg, *index);
    }
    if (kind == 's' || kind == 'a' || kind == 'n' || kind == 'f') {
      const auto& lookup = kind == 's'   ? m_ctx.spline
                           : kind == 'a' ? m_ctx.array
                           : kind == 'n' ? m_ctx.sensor
                                         : m_ctx.differential;
      const char* statement = kind == 's'   ? "SPLINE"
                              : kind == 'a' ? "ARRAY"
                              : kind == 'n' ? "SENSOR"
                                            : "DIFF";
      const auto index = lookup ? lookup(arg.text) : std::nullopt;
      if (!index) {
        const std::string what = whatIs(m_ctx, arg.text);
        if (what == "not a name the model has")
          return ExpressionError{position, std::string("unknown ") + statement + " '" + arg.text + "'"};
        return notA(what);
      }
      m_dataIndex = *index;
      return claim(arg,
                   kind == 's'   ? Role::Spline
                   : kind == 'a' ? Role::Array
                   : kind == 'n' ? Role::Sensor
                                 : Role::Differential,
                   double(*index));
    }
    if (kind == 'e') {
      std::string what;
      const auto index = m_ctx.element ? m_ctx.element(call.text, arg.text, what) : std::nullopt;
      if (!index)
        return notA(what.empty() ? whatIs(m_ctx, arg.text) : what);
      return claim(arg, Role::Element, double(*index + 1));
    }
    const auto index = m_ctx.marker ? m_ctx.marker(arg.text) : std::nullopt;
    if (!index) {
      const std::string what = whatIs(m_ctx, arg.text);
      if (what == "not a name the model has")
        return ExpressionError{position, "unknown marker '" + arg.text + "'"};
      return notA(what);
    }
    return claim(arg, Role::Marker, double(*index + 1));
  }

  // VARVAL(name): the variable's properties become the expression's (when it is compiled already,
  // as compile() arranges by compiling VARIABLEs in dependency order).
  std::optional<ExpressionError> readVariable(const Token& arg, int index)
  {
    auto& reads = m_impl.variableReads;
    if (std::find(reads.begin(), reads.end(), index) == reads.end())
      reads.push_back(index);
    const auto table = m_ctx.variables;
    const Expression* read =
        table && index >= 0 && index < int(table->size()) ? (*table)[index].get() : nullptr;
    if (!read) {
      m_impl.dependsOnState = true;  // not known yet: the safe assumption
      return std::nullopt;
    }
    if (read->dependsOnState() && !m_ctx.allowMeasures)
      return ExpressionError{arg.position, "VARIABLE " + quote(arg.text) +
                                               " depends on the system's state (measure or load functions); "
                                               "this function may depend on TIME only"};
    if (read->readsLoads() && !m_ctx.allowLoads)
      return ExpressionError{arg.position, "VARIABLE " + quote(arg.text) + " calls " +
                                               loadRefusal(read->firstLoadFunction() + "()")};
    m_impl.dependsOnState = m_impl.dependsOnState || read->dependsOnState();
    if (read->readsLoads()) {
      m_impl.readsLoads = true;
      if (m_impl.firstLoad.empty())
        m_impl.firstLoad = read->firstLoadFunction();
    }
    return std::nullopt;
  }

  const ExpressionContext& m_ctx;
  mu::Parser& m_parser;
  Expression::Impl& m_impl;
  std::unordered_map<std::string, Role> m_roles;
  int m_dataIndex = -1;  // the SPLINE or ARRAY of the call being bound
};

}  // namespace

Expression::Expression(std::unique_ptr<Impl> impl) : m_impl(std::move(impl)) {}
Expression::~Expression() = default;

Expression::Result Expression::compile(std::string_view text, const ExpressionContext& context)
{
  auto impl = std::make_unique<Impl>();
  impl->text = std::string(text);
  impl->owner = context.owner;
  impl->data = context.data;
  if (context.storedInVariables)
    impl->ownerVariables = context.variables;
  else
    impl->variables = context.variables;
  const std::string mu = detail::toMuparserText(text);
  if (mu.find_first_not_of(' ') == std::string::npos) {
    return {nullptr, ExpressionError{0, "empty expression"}};
  }
  const auto tokens = detail::tokenize(mu);
  for (const auto& t : tokens) {  // muparser would read an overflowing literal as inf
    if (t.kind == Token::Number && !std::isfinite(std::strtod(t.text.c_str(), nullptr)))
      return {nullptr, ExpressionError{t.position, detail::numberOutOfRange(t.text)}};
  }
  if (text.size() > detail::kMaxExpressionLength)
    return {nullptr,
            ExpressionError{int(detail::kMaxExpressionLength),
                            "the expression has " + std::to_string(text.size()) + " characters; at most " +
                                std::to_string(detail::kMaxExpressionLength) + " are allowed"}};
  const detail::Parentheses parens = detail::matchParentheses(tokens);
  if (parens.maxDepth > detail::kMaxExpressionNesting)
    return {nullptr,
            ExpressionError{tokens[parens.deepest].position,
                            "parentheses are nested " + std::to_string(parens.maxDepth) + " deep; at most " +
                                std::to_string(detail::kMaxExpressionNesting) + " levels are allowed"}};
  try {
    mu::Parser& p = impl->parser;
    defineMath(p);
    p.DefineVar("TIME", &impl->time);
    defineMeasures(p, impl.get(), std::make_integer_sequence<int, 30>{});
    p.DefineFunUserData("VARVAL", static_cast<mu::fun_userdata_type1>(&varval), impl.get(), false);
    Binder binder(context, p, *impl);
    if (auto err = binder.run(tokens, parens))
      return {nullptr, err};
    p.SetExpr(mu);
    struct Compiling {
      Compiling() { t_compiling = true; }
      ~Compiling() { t_compiling = false; }
    } compiling;
    impl->parser.Eval();  // forces the parse; values of measures and variables are 0 here
  } catch (const mu::Parser::exception_type& e) {
    const int pos = std::clamp(e.GetPos(), 0, int(text.size()));
    return {nullptr, ExpressionError{pos, withoutParserPosition(e.GetMsg())}};
  }
  return {std::shared_ptr<Expression>(new Expression(std::move(impl))), std::nullopt};
}

double Expression::evaluate(double time, const StateView* state) const
{
  std::lock_guard lock(m_impl->mutex);
  if (t_depth == 0)
    ++t_epoch;  // a new time and state: VARIABLE values are evaluated afresh
  struct Depth {
    Depth() { ++t_depth; }
    ~Depth() { --t_depth; }
  } depth;
  m_impl->time = time;
  m_impl->state = state;
  double v = kNaN;
  try {
    v = m_impl->parser.Eval();
  } catch (const mu::Parser::exception_type&) {
  }
  m_impl->state = nullptr;
  if (!std::isfinite(v) && !m_impl->owner.empty()) {
    const std::string& t = m_impl->text;
    mbs::solver::reportNonFiniteFunction(
        m_impl->owner, "its function '" + (t.size() > 120 ? t.substr(0, 120) + "..." : t) + "'", time);
  }
  return v;
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
bool Expression::readsLoads() const
{
  return m_impl->readsLoads;
}
const std::string& Expression::firstLoadFunction() const
{
  return m_impl->firstLoad;
}
const std::vector<int>& Expression::variableReads() const
{
  return m_impl->variableReads;
}

std::vector<std::string> expressionIdentifiers(std::string_view text)
{
  std::vector<std::string> out;
  std::unordered_set<std::string> seen;
  for (auto& t : detail::tokenize(detail::toMuparserText(text))) {
    if (t.kind == Token::Identifier && seen.insert(t.text).second)
      out.push_back(std::move(t.text));
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

IdRewrite rewriteIdArguments(
    std::string_view text, const std::function<std::optional<std::string>(long)>& markerName,
    const std::function<std::optional<std::string>(long)>& variableName,
    const std::function<std::optional<std::string>(std::string_view, long)>& elementName,
    const std::function<std::optional<std::string>(char, long)>& dataName)
{
  const auto tokens = detail::tokenize(detail::toMuparserText(text));
  const auto parens = detail::matchParentheses(tokens);
  std::string out;
  std::size_t last = 0;
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const auto* fn = tokens[k].kind == Token::Identifier ? detail::findFunction(tokens[k].text) : nullptr;
    if (!fn || fn->cls == FunctionClass::Math || tokens[k + 1].text != "(" ||
        parens.close[k + 1] >= tokens.size())
      continue;
    const auto args = callArguments(parens, k + 1);
    const std::string_view spec = fn->arguments;
    for (std::size_t a = 0; a < args.size(); ++a) {
      const auto [first, end] = args[a];
      const char kind = spec.empty() ? 'm' : spec[std::min(a, spec.size() - 1)];
      if (kind == 'i' || kind == 'x' || end - first != 1)
        continue;  // integers and expressions stay; anything else is reported when compiled
      const Token& arg = tokens[first];
      if (arg.kind != Token::Number || arg.text.find_first_not_of("0123456789") != std::string::npos)
        continue;  // names stay
      const auto parsed = detail::parseId(arg.text);
      if (!parsed) {
        std::string message = "'";
        message.append(arg.text, 0, 40)
            .append("' in ")
            .append(fn->name)
            .append("() is not an id (0 to 2147483647)");
        return {{}, ExpressionError{arg.position, message}};
      }
      const long id = *parsed;
      if (id == 0 && kind == 'm')
        continue;  // the ground origin frame
      const bool data = kind == 's' || kind == 'a' || kind == 'n' || kind == 'f';
      if ((kind == 'e' && !elementName) || (data && !dataName))
        continue;
      const auto name = kind == 'v'   ? variableName(id)
                        : kind == 'e' ? elementName(fn->name, id)
                        : data        ? dataName(kind, id)
                                      : markerName(id);
      if (!name) {
        const std::string statement = kind == 'f'                            ? "DIFF"
                                      : kind == 'n'                          ? "SENSOR"
                                      : kind == 's'                          ? "SPLINE"
                                      : kind == 'a'                          ? "ARRAY"
                                      : kind == 'v'                          ? "VARIABLE"
                                      : kind == 'm'                          ? "MARKER"
                                      : std::string_view(fn->name) == "BUSH" ? "BUSHING"
                                      : std::string_view(fn->name) == "SPDP" ? "SPRINGDAMPER"
                                                                             : fn->name;
        return {{},
                ExpressionError{arg.position, statement + "/" + std::to_string(id) + " in " + fn->name +
                                                  "() does not exist"}};
      }
      out.append(text.substr(last, arg.position - last));
      out.append(*name);
      last = arg.position + arg.length;
    }
  }
  out.append(text.substr(last));
  return {out, std::nullopt};
}

bool isReservedExpressionName(std::string_view name)
{
  const std::string upper = detail::toMuparserText(name);
  // BEAM(), FIELD() and NFORCE() came after models named parts and forces 'beam' and 'field': they
  // are functions only where called (followed by '('), so those names stay valid.
  if (upper == "BEAM" || upper == "FIELD" || upper == "NFORCE")
    return false;
  return detail::findFunction(upper) || detail::isConstantName(upper);
}

}  // namespace mbs::core
