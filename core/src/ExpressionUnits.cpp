#include "ExpressionUnits.hpp"

#include <cctype>
#include <cstdio>
#include <vector>

#include "ExpressionScan.hpp"

namespace mbs::core {
namespace {

std::string number(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

// SI value of one file unit of a measure function's quantity (see the table in ExpressionScan.cpp).
double measureFactor(int kind, const UnitSystem& u)
{
  if (kind < 4)
    return u.length;  // DX DY DZ DM
  if (kind < 9)
    return u.velocity();  // VX VY VZ VM VR
  if (kind < 13)
    return 1.0 / u.time;  // WX WY WZ WM [rad/time]
  if (kind < 17)
    return u.acceleration();  // ACCX ACCY ACCZ ACCM
  if (kind < 21)
    return 1.0 / (u.time * u.time);  // WDTX WDTY WDTZ WDTM
  return 1.0;                        // angles: radians
}

// SI value of one file unit of a call's result: measures by their kind, loads by force or torque
// (an element load by its comp argument, 1-4 a force, 5-8 a torque); 1 when unknown.
double callFactor(const detail::FunctionInfo& fn, const std::vector<detail::Token>& tokens,
                  const detail::Parentheses& parens, std::size_t open, const UnitSystem& u)
{
  switch (fn.cls) {
    case detail::FunctionClass::Measure:
      return fn.measure < 30 ? measureFactor(fn.measure, u) : 1.0;  // INCANG, ORIENT: radians
    case detail::FunctionClass::MarkerLoad:
      return fn.measure < 4 ? u.force : u.torque();
    case detail::FunctionClass::ElementLoad: {
      const auto& commas = parens.commas[open];
      if (commas.size() < 2 || commas[1] + 2 >= tokens.size() ||
          (tokens[commas[1] + 2].text != "," && tokens[commas[1] + 2].text != ")"))
        return 1.0;  // not a literal comp: left for the compiler to report
      const std::string& comp = tokens[commas[1] + 1].text;
      return comp.size() == 1 && comp[0] >= '1' && comp[0] <= '4'   ? u.force
             : comp.size() == 1 && comp[0] >= '5' && comp[0] <= '8' ? u.torque()
                                                                    : 1.0;
    }
    case detail::FunctionClass::Differential:  // a state is in its own unit; DIF1 per time unit
      return fn.measure == 1 ? 1.0 / u.time : 1.0;
    default:
      return 1.0;
  }
}

}  // namespace

std::string expressionToSI(std::string_view text, const UnitSystem& units, double outputFactor)
{
  const bool inputsSI = units.length == 1.0 && units.time == 1.0 && units.force == 1.0;
  if (inputsSI && outputFactor == 1.0) {
    return std::string(text);
  }
  // Token positions of the upper-cased copy are those of the original text.
  std::string upper(text);
  for (auto& c : upper) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  const auto tokens = detail::tokenize(upper);
  const auto parens = detail::matchParentheses(tokens);
  std::string out;
  std::size_t copied = 0;  // characters of `text` already in `out`
  auto copyTo = [&](std::size_t position) {
    out.append(text.substr(copied, position - copied));
    copied = position;
  };
  for (std::size_t t = 0; t < tokens.size(); ++t) {
    const auto& tk = tokens[t];
    if (tk.kind != detail::Token::Identifier) {
      continue;
    }
    if (tk.text == "TIME" && units.time != 1.0) {
      copyTo(std::size_t(tk.position));
      out += "(TIME/" + number(units.time) + ")";
      copied += std::size_t(tk.length);
      continue;
    }
    const auto* fn = detail::findFunction(tk.text);
    if (!fn || fn->cls == detail::FunctionClass::Math || fn->cls == detail::FunctionClass::VarVal ||
        t + 1 >= tokens.size() || tokens[t + 1].text != "(") {
      continue;
    }
    const double factor = callFactor(*fn, tokens, parens, t + 1, units);
    const std::size_t close = parens.close[t + 1];
    if (factor == 1.0 || close == tokens.size()) {
      continue;  // unbalanced text: left for the parser to report
    }
    copyTo(std::size_t(tk.position));
    const std::size_t end = std::size_t(tokens[close].position) + 1;
    out += "(" + std::string(text.substr(copied, end - copied)) + "/" + number(factor) + ")";
    copied = end;
    t = close;
  }
  copyTo(text.size());
  if (outputFactor == 1.0) {
    return out;
  }
  return number(outputFactor) + "*(" + out + ")";
}

}  // namespace mbs::core
