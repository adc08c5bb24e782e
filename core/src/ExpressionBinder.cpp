// Name binding of expressions: each identifier's role (parameter, marker, variable, element,
// spline, array, sensor, state) and each call's arguments checked against the model.
#include <optional>
#include <unordered_map>

#include "ExpressionImpl.hpp"
#include "NumberText.hpp"
#include "mbs/core/Interpolation.hpp"

namespace mbs::core {

using detail::ElementKind;
using detail::FunctionClass;
using detail::Token;

namespace {

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
  if (ctx.curve && ctx.curve(name))
    return "a CURVE";
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
    case 'c':
      return "a CURVE name";
    case 'e':
      return function == "JOINT"     ? "a joint name"
             : function == "JPRIM"   ? "a joint primitive name"
             : function == "PTCV"    ? "a point-to-curve joint name"
             : function == "CVCV"    ? "a curve-to-curve joint name"
             : function == "MOTION"  ? "a motion name"
             : function == "SFORCE"  ? "a single-component force name"
             : function == "GFORCE"  ? "a general force name"
             : function == "VFORCE"  ? "a vector force name"
             : function == "VTORQUE" ? "a vector torque name"
             : function == "BUSH"    ? "a bushing name"
             : function == "BEAM"    ? "a beam name"
             : function == "FIELD"   ? "a field name"
             : function == "NFORCE"  ? "a multi-point force name"
             : function == "CONTACT" ? "a contact name"
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
  if (fn.cls == FunctionClass::PowerSpectrum)
    return argument == 4
               ? IntegerRange{2, 100000, "nf (the number of frequencies, 2 or more)"}
               : IntegerRange{0, 1, "linlog (0: the spectrum interpolated linearly, 1: in log-log)"};
  if (fn.cls == FunctionClass::Curve)
    return argument == 1 ? IntegerRange{0, 2, "iord (0 the point, 1 or 2 a derivative in alpha)"}
                         : IntegerRange{1, 3, "comp (1 x, 2 y, 3 z)"};
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
      const auto args = detail::callArguments(parens, k + 1);
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
  enum class Role { Parameter, Marker, Variable, Element, Spline, Array, Sensor, Differential, Curve };

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
      case Role::Curve:
        return "a CURVE argument";
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
    if ((m_ctx.spline && m_ctx.spline(tk.text)) || (m_ctx.array && m_ctx.array(tk.text)) ||
        (m_ctx.curve && m_ctx.curve(tk.text)))
      return ExpressionError{tk.position,
                             quote(tk.text) +
                                 " is reference data: it may only be an argument of CUBSPL, AKISPL, "
                                 "INTERP (a SPLINE), ARYVAL (an ARRAY) or CURVE (a CURVE)"};
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
    if (tk.text == "CONTACT" && !m_ctx.allowContactLoads)
      return ExpressionError{tk.position, contactRefusal("CONTACT()")};
    m_impl.readsContacts = m_impl.readsContacts || tk.text == "CONTACT";
    if (fn.cls != FunctionClass::VarVal && fn.cls != FunctionClass::Spline &&
        fn.cls != FunctionClass::ArrayValue && fn.cls != FunctionClass::SensorValue &&
        fn.cls != FunctionClass::Curve && fn.cls != FunctionClass::PowerSpectrum)
      m_impl.dependsOnState = true;  // the spline functions depend on what their arguments do
    if (load) {
      m_impl.readsLoads = true;
      if (m_impl.firstLoad.empty())
        m_impl.firstLoad = tk.text;
    }
    return std::nullopt;
  }

  static std::string contactRefusal(const std::string& what)
  {
    return what +
           ", which reads a contact's load from the solved frame: in VARIABLEs and REQUESTs, not in force "
           "functions";
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
    if (kind == 's' || kind == 'a' || kind == 'n' || kind == 'f' || kind == 'c') {
      const auto& lookup = kind == 's'   ? m_ctx.spline
                           : kind == 'a' ? m_ctx.array
                           : kind == 'n' ? m_ctx.sensor
                           : kind == 'c' ? m_ctx.curve
                                         : m_ctx.differential;
      const char* statement = kind == 's'   ? "SPLINE"
                              : kind == 'a' ? "ARRAY"
                              : kind == 'n' ? "SENSOR"
                              : kind == 'c' ? "CURVE"
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
                   : kind == 'c' ? Role::Curve
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
    if (read->readsContactLoads() && !m_ctx.allowContactLoads)
      return ExpressionError{arg.position,
                             "VARIABLE " + quote(arg.text) + " calls " + contactRefusal("CONTACT()")};
    m_impl.readsContacts = m_impl.readsContacts || read->readsContactLoads();
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

std::optional<ExpressionError> detail::bindNames(const ExpressionContext& context, mu::Parser& parser,
                                                 Expression::Impl& impl, const std::vector<Token>& tokens,
                                                 const Parentheses& parens)
{
  return Binder(context, parser, impl).run(tokens, parens);
}

}  // namespace mbs::core
