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
#include "ExpressionImpl.hpp"
#include "NumberText.hpp"
#include "VariableLoop.hpp"
#include "mbs/core/ContactFunctions.hpp"
#include "mbs/core/Interpolation.hpp"
#include "mbs/solver/DelaySteps.hpp"

namespace mbs::core {

using detail::ElementKind;
using detail::FunctionClass;
using detail::Token;
using mbs::solver::StateView;

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
// loop. A VARIABLE met again while its dependencies are being evaluated closes an algebraic loop,
// solved as a whole there (VariableLoop.hpp).
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
    if (next < reads.size() && v.done[node] != epoch) {
      ++stack.back().second;
      const int d = reads[next];
      if (d < 0 || d >= int(table.size()) || !table[d])
        return kNaN;
      if (v.done[d] == epoch)
        continue;
      if (v.visiting[d] == epoch) {  // an algebraic loop through d (and node)
        const auto outside = [&](int r) { return variableValue(table, r, time, state); };
        if (!detail::solveVariableLoop(table, v.done, v.value, epoch, d, time, state, outside))
          return kNaN;
        continue;
      }
      v.visiting[d] = epoch;
      stack.emplace_back(d, 0);
      continue;
    }
    if (v.done[node] != epoch) {  // (a loop's members are evaluated by solveVariableLoop)
      v.value[node] = table[node]->evaluate(time, state);
      v.done[node] = epoch;
    }
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

// CURVE(alpha, iord, comp, curve): component comp (1 x, 2 y, 3 z) of the curve point (iord 0) or
// of its derivative in alpha (1, 2). Adams defines an open curve on -1 <= alpha <= 1; its end
// pieces continue beyond, as a spline's do, since an integrator reads a function just past the
// times it is asked for (alpha = 0.4 TIME - 1, Adams' own example, is -1 at the start).
double curveFunction(void* data, const double* a, int)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(a[3]);
  if (!impl->data || k < 0 || k >= long(impl->data->curves.size()) || !impl->data->curves[k])
    return kNaN;
  const solver::Curve& curve = *impl->data->curves[k];
  const solver::CurvePoint c = curve.evaluate(a[0]);
  const int comp = int(std::lround(a[2])) - 1;
  switch (std::lround(a[1])) {
    case 0:
      return c.position[comp];
    case 1:
      return c.first[comp];
    default:
      return c.second[comp];
  }
}

// INVPSD(x, spline, f0, f1, nf, linlog, seed): nf sines at frequencies spaced evenly from f0 to f1
// (Hz), of amplitudes A_i = sqrt(2 S(f_i) w_i) with w_i the trapezoid weights of the spacing, so
// that the signal's mean square, sum A_i^2 / 2, is the spectrum's integral from f0 to f1 (Adams'
// "the effective value of the PSD and the time signal are the same"); S from the spline by linear
// interpolation, or in log-log (linlog = 1). The phases come from a generator seeded by int(seed):
// the same seed gives the same signal. Adams' own generator is not published, so the phases, and
// with them the signal (not its spectrum or mean square), differ from Adams' (docs/adams-interop.md).
double invpsd(void* data, const double* a, int)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(a[1]);
  if (!impl->data || k < 0 || k >= long(impl->data->splines.size()) || !impl->data->splines[k])
    return kNaN;
  const SplineInterpolant& psd = *impl->data->splines[k];
  const double x = a[0], f0 = a[2], f1 = a[3];
  const long nf = std::lround(a[4]);
  const bool logarithmic = std::lround(a[5]) == 1;
  if (!(f0 >= 0.0 && f1 > f0) || nf < 2)
    return kNaN;
  std::uint64_t state = std::uint64_t(std::int64_t(a[6]));  // int(seed), as Adams casts it
  auto uniform = [&state] {                                 // splitmix64: a fixed, portable sequence per seed
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return double((z ^ (z >> 31)) >> 11) * 0x1.0p-53;
  };
  const double df = (f1 - f0) / double(nf - 1);
  double sum = 0.0;
  for (long i = 0; i < nf; ++i) {
    const double f = f0 + double(i) * df, phase = 2.0 * std::numbers::pi * uniform();
    const double s =
        logarithmic ? psd.evaluateLogLog(f) : psd.evaluate(InterpolationMethod::Linear, f, 0.0, 0);
    const double weight = i == 0 || i == nf - 1 ? 0.5 * df : df;
    sum += std::sqrt(2.0 * std::max(s, 0.0) * weight) * std::sin(2.0 * std::numbers::pi * f * x + phase);
  }
  return sum;
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

}  // namespace

// DELAY(index, e_delay): ExpressionDelay.cpp compiled the call's e_delayed and e_history.
double detail::delayValue(void* data, double index, double delay)
{
  if (t_compiling)
    return 0.0;
  const auto* impl = static_cast<const Expression::Impl*>(data);
  const long k = std::lround(index);
  if (k < 0 || k >= long(impl->delays.size()) || std::isnan(delay))
    return kNaN;
  const auto& call = impl->delays[std::size_t(k)];
  const double t = impl->time;
  const double s = t - std::max(0.0, delay);  // Adams: a negative delay is taken as zero
  if (call.signal)
    mbs::solver::noteDelay(t - s);  // the run's steps stay within the delay (method of steps)
  if (s < 0.0)
    return call.history->evaluate(s, nullptr);  // before the start: e_history at TIME = s
  if (!call.signal)
    return call.delayed->evaluate(s, nullptr);  // a function of TIME: exactly its value then
  const double now = call.delayed->evaluate(t, impl->state);
  if (s >= t)
    return now;
  if (const auto v = mbs::solver::recordedValue(*call.signal, s, t, now))
    return *v;
  // No run records here: a static equilibrium (at rest, its past is its present) or the initial
  // conditions; analyses that move without a record refuse DELAY (solver runAnalysis).
  return now;
}

namespace {

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
  loads("JPRIM", &elementLoad<ElementKind::Joint>);
  loads("PTCV", &elementLoad<ElementKind::Joint>);
  loads("CVCV", &elementLoad<ElementKind::Joint>);
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
  loads("CONTACT", &elementLoad<ElementKind::Contact>);
  p.DefineFunUserData("CUBSPL", static_cast<mu::multfun_userdata_type>(&splineFunction<0>), impl, false);
  p.DefineFunUserData("AKISPL", static_cast<mu::multfun_userdata_type>(&splineFunction<1>), impl, false);
  p.DefineFunUserData("INTERP", static_cast<mu::multfun_userdata_type>(&splineFunction<-1>), impl, false);
  p.DefineFunUserData("ARYVAL", static_cast<mu::fun_userdata_type2>(&aryval), impl, false);
  p.DefineFunUserData("INVPSD", static_cast<mu::multfun_userdata_type>(&invpsd), impl, false);
  p.DefineFunUserData("CURVE", static_cast<mu::multfun_userdata_type>(&curveFunction), impl, false);
  p.DefineFunUserData("SENVAL", static_cast<mu::fun_userdata_type1>(&senval), impl, false);
  p.DefineFunUserData("DIF", static_cast<mu::fun_userdata_type1>(&differential<0>), impl, false);
  p.DefineFunUserData("DIF1", static_cast<mu::fun_userdata_type1>(&differential<1>), impl, false);
  p.DefineFunUserData("DELAY", static_cast<mu::fun_userdata_type2>(&detail::delayValue), impl, false);
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
  p.DefineFun("CHEBY", adams::cheby);
  p.DefineFun("FORCOS", adams::forcos);
  p.DefineFun("FORSIN", adams::forsin);
  p.DefineFun("SWEEP", adams::sweep);
  p.DefineFun("IMPACT", fimpact, false);  // not folded: every call is recorded
  p.DefineFun("BISTOP", fbistop, false);
  p.DefineConst("PI", std::numbers::pi);
  p.DefineConst("DTOR", std::numbers::pi / 180.0);
  p.DefineConst("RTOD", 180.0 / std::numbers::pi);
  p.DefinePostfixOprt(std::string(1, detail::kDegreeSuffix), fdegrees);  // "60D" (toMuparserText)
}

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
  std::string mu = detail::toMuparserText(text);
  if (mu.find_first_not_of(' ') == std::string::npos) {
    return {nullptr, ExpressionError{0, "empty expression"}};
  }
  auto tokens = detail::tokenize(mu);
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
  if (mu.find("DELAY") != std::string::npos) {
    if (auto err = detail::compileDelays(text, mu, context, *impl))
      return {nullptr, err};
    tokens = detail::tokenize(mu);
  }
  const detail::Parentheses callParens = detail::matchParentheses(tokens);
  try {
    mu::Parser& p = impl->parser;
    defineMath(p);
    p.DefineVar("TIME", &impl->time);
    p.DefineVar("MODE", &impl->mode);
    defineMeasures(p, impl.get(), std::make_integer_sequence<int, 30>{});
    p.DefineFunUserData("VARVAL", static_cast<mu::fun_userdata_type1>(&varval), impl.get(), false);
    if (auto err = detail::bindNames(context, p, *impl, tokens, callParens))
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
  m_impl->mode = double(mbs::solver::currentAnalysisMode());
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
bool Expression::readsPast() const
{
  return std::any_of(m_impl->delays.begin(), m_impl->delays.end(),
                     [](const auto& d) { return d.signal != nullptr; });
}
bool Expression::readsLoads() const
{
  return m_impl->readsLoads;
}
const std::string& Expression::firstLoadFunction() const
{
  return m_impl->firstLoad;
}
bool Expression::readsContactLoads() const
{
  return m_impl->readsContacts;
}
const std::vector<int>& Expression::variableReads() const
{
  return m_impl->variableReads;
}
const std::string& Expression::owner() const
{
  return m_impl->owner;
}

double evaluateVariable(const VariableTable& table, int k, double time, const StateView* state)
{
  if (t_depth == 0)
    ++t_epoch;  // a new time and state, as Expression::evaluate
  ++t_depth;
  const double value = variableValue(table, k, time, state);
  --t_depth;
  return value;
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
    const auto args = detail::callArguments(parens, k + 1);
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
      const bool data = kind == 's' || kind == 'a' || kind == 'n' || kind == 'f' || kind == 'c';
      if ((kind == 'e' && !elementName) || (data && !dataName))
        continue;
      const auto name = kind == 'v'   ? variableName(id)
                        : kind == 'e' ? elementName(fn->name, id)
                        : data        ? dataName(kind, id)
                                      : markerName(id);
      if (!name) {
        const std::string statement = kind == 'c'                            ? "CURVE"
                                      : kind == 'f'                          ? "DIFF"
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

std::string rewriteElementNames(
    std::string_view text,
    const std::function<std::optional<ElementStatement>(std::string_view function, std::string_view name)>&
        statement)
{
  const auto tokens = detail::tokenize(detail::toMuparserText(text));
  const auto parens = detail::matchParentheses(tokens);
  struct Edit {
    std::size_t position, length;
    std::string text;
  };
  std::vector<Edit> edits;
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const auto* fn = tokens[k].kind == Token::Identifier ? detail::findFunction(tokens[k].text) : nullptr;
    if (!fn || fn->cls != FunctionClass::ElementLoad || tokens[k + 1].text != "(" ||
        parens.close[k + 1] >= tokens.size())
      continue;
    const auto args = detail::callArguments(parens, k + 1);
    if (args.empty() || args[0].second - args[0].first != 1 ||
        tokens[args[0].first].kind != Token::Identifier)
      continue;
    const Token& arg = tokens[args[0].first];
    const auto s = statement(fn->name, text.substr(arg.position, arg.length));
    if (!s)
      continue;
    edits.push_back({std::size_t(tokens[k].position), std::size_t(tokens[k].length), s->function});
    edits.push_back({std::size_t(arg.position), std::size_t(arg.length), std::to_string(s->id)});
  }
  // Positions ascend within a call but not across nested calls: apply them in text order.
  std::sort(edits.begin(), edits.end(), [](const Edit& a, const Edit& b) { return a.position < b.position; });
  std::string out;
  std::size_t last = 0;
  for (const Edit& e : edits) {
    out.append(text.substr(last, e.position - last));
    out.append(e.text);
    last = e.position + e.length;
  }
  out.append(text.substr(last));
  return out;
}

bool isReservedExpressionName(std::string_view name)
{
  const std::string upper = detail::toMuparserText(name);
  // BEAM(), FIELD(), NFORCE(), CURVE(), JPRIM(), PTCV(), CVCV() and CONTACT() came after models named parts
  // and forces 'beam', 'field' and 'contact': they are functions only where called (followed by
  // '('), so those names stay valid.
  if (upper == "BEAM" || upper == "FIELD" || upper == "NFORCE" || upper == "CURVE" || upper == "JPRIM" ||
      upper == "PTCV" || upper == "CVCV" || upper == "CONTACT")
    return false;
  return detail::findFunction(upper) || detail::isConstantName(upper);
}

}  // namespace mbs::core
