#include "ExpressionScan.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace mbs::core::detail {
namespace {

// Measure kinds are indices into this table's Measure rows (see Expression.cpp).
constexpr std::array kFunctions{
    FunctionInfo{"SIN", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"COS", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"TAN", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"ASIN", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"ACOS", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"ATAN", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"ATAN2", FunctionClass::Math, 2, 2, 0},
    FunctionInfo{"SINH", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"COSH", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"TANH", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"SQRT", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"EXP", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"LOG", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"LOG10", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"ABS", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"SIGN", FunctionClass::Math, 2, 2, 0},
    FunctionInfo{"MIN", FunctionClass::Math, 1, -1, 0},
    FunctionInfo{"MAX", FunctionClass::Math, 1, -1, 0},
    FunctionInfo{"MOD", FunctionClass::Math, 2, 2, 0},
    FunctionInfo{"DIM", FunctionClass::Math, 2, 2, 0},
    FunctionInfo{"AINT", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"ANINT", FunctionClass::Math, 1, 1, 0},
    FunctionInfo{"STEP", FunctionClass::Math, 5, 5, 0},
    FunctionInfo{"STEP5", FunctionClass::Math, 5, 5, 0},
    FunctionInfo{"HAVSIN", FunctionClass::Math, 5, 5, 0},
    FunctionInfo{"IF", FunctionClass::Math, 4, 4, 0},
    FunctionInfo{"POLY", FunctionClass::Math, 3, -1, 0},
    FunctionInfo{"SHF", FunctionClass::Math, 6, 6, 0},
    FunctionInfo{"CHEBY", FunctionClass::Math, 3, 33, 0},
    FunctionInfo{"FORCOS", FunctionClass::Math, 4, 34, 0},
    FunctionInfo{"FORSIN", FunctionClass::Math, 4, 34, 0},
    FunctionInfo{"SWEEP", FunctionClass::Math, 7, 7, 0},
    FunctionInfo{"IMPACT", FunctionClass::Math, 7, 7, 0},
    FunctionInfo{"BISTOP", FunctionClass::Math, 8, 8, 0},
    FunctionInfo{"VARVAL", FunctionClass::VarVal, 1, 1, 0, "v"},
    // DELAY(e_delayed, e_delay, e_history [, id]); compiled as DELAY(index, e_delay) (ExpressionDelay.cpp).
    FunctionInfo{"DELAY", FunctionClass::Math, 2, 4, 0},
    // Spline data: (x, z, spline [, iord]); INTERP (x, method, spline [, iord]). ARYVAL (array, k).
    FunctionInfo{"CUBSPL", FunctionClass::Spline, 3, 4, 0, "xxsi"},
    FunctionInfo{"AKISPL", FunctionClass::Spline, 3, 4, 1, "xxsi"},
    FunctionInfo{"INTERP", FunctionClass::Spline, 3, 4, -1, "xisi"},
    FunctionInfo{"ARYVAL", FunctionClass::ArrayValue, 2, 2, 0, "ai"},
    FunctionInfo{"SENVAL", FunctionClass::SensorValue, 1, 1, 0, "n"},
    // A signal regenerated from a power spectral density spline: (x, spline, f0, f1, nf, linlog, seed).
    FunctionInfo{"INVPSD", FunctionClass::PowerSpectrum, 7, 7, 0, "xsxxiix"},
    // A data curve: (alpha, iord, comp, curve).
    FunctionInfo{"CURVE", FunctionClass::Curve, 4, 4, 0, "xiic"},
    // First-order states (DIFF): the value and its time derivative.
    FunctionInfo{"DIF", FunctionClass::Differential, 1, 1, 0, "f"},
    FunctionInfo{"DIF1", FunctionClass::Differential, 1, 1, 1, "f"},
    // Measures: displacement, velocity, angular velocity, acceleration, angular acceleration.
    FunctionInfo{"DX", FunctionClass::Measure, 1, 3, 0, "m"},
    FunctionInfo{"DY", FunctionClass::Measure, 1, 3, 1, "m"},
    FunctionInfo{"DZ", FunctionClass::Measure, 1, 3, 2, "m"},
    FunctionInfo{"DM", FunctionClass::Measure, 1, 2, 3, "m"},
    FunctionInfo{"VX", FunctionClass::Measure, 1, 4, 4, "m"},
    FunctionInfo{"VY", FunctionClass::Measure, 1, 4, 5, "m"},
    FunctionInfo{"VZ", FunctionClass::Measure, 1, 4, 6, "m"},
    FunctionInfo{"VM", FunctionClass::Measure, 1, 3, 7, "m"},
    FunctionInfo{"VR", FunctionClass::Measure, 1, 3, 8, "m"},
    FunctionInfo{"WX", FunctionClass::Measure, 1, 3, 9, "m"},
    FunctionInfo{"WY", FunctionClass::Measure, 1, 3, 10, "m"},
    FunctionInfo{"WZ", FunctionClass::Measure, 1, 3, 11, "m"},
    FunctionInfo{"WM", FunctionClass::Measure, 1, 2, 12, "m"},
    FunctionInfo{"ACCX", FunctionClass::Measure, 1, 4, 13, "m"},
    FunctionInfo{"ACCY", FunctionClass::Measure, 1, 4, 14, "m"},
    FunctionInfo{"ACCZ", FunctionClass::Measure, 1, 4, 15, "m"},
    FunctionInfo{"ACCM", FunctionClass::Measure, 1, 3, 16, "m"},
    FunctionInfo{"WDTX", FunctionClass::Measure, 1, 4, 17, "m"},
    FunctionInfo{"WDTY", FunctionClass::Measure, 1, 4, 18, "m"},
    FunctionInfo{"WDTZ", FunctionClass::Measure, 1, 4, 19, "m"},
    FunctionInfo{"WDTM", FunctionClass::Measure, 1, 3, 20, "m"},
    FunctionInfo{"AX", FunctionClass::Measure, 1, 2, 21, "m"},
    FunctionInfo{"AY", FunctionClass::Measure, 1, 2, 22, "m"},
    FunctionInfo{"AZ", FunctionClass::Measure, 1, 2, 23, "m"},
    FunctionInfo{"PSI", FunctionClass::Measure, 1, 2, 24, "m"},
    FunctionInfo{"THETA", FunctionClass::Measure, 1, 2, 25, "m"},
    FunctionInfo{"PHI", FunctionClass::Measure, 1, 2, 26, "m"},
    FunctionInfo{"YAW", FunctionClass::Measure, 1, 2, 27, "m"},
    FunctionInfo{"PITCH", FunctionClass::Measure, 1, 2, 28, "m"},
    FunctionInfo{"ROLL", FunctionClass::Measure, 1, 2, 29, "m"},
    FunctionInfo{"INCANG", FunctionClass::Measure, 3, 3, kMeasureIncang, "m"},
    FunctionInfo{"ORIENT", FunctionClass::Measure, 3, 4, kMeasureOrient, "iimm"},
    // Net loads at a marker: FX(i[,j][,k]) ... TM(i[,j]); kinds 0-3 forces, 4-7 torques.
    FunctionInfo{"FX", FunctionClass::MarkerLoad, 1, 3, 1, "m"},
    FunctionInfo{"FY", FunctionClass::MarkerLoad, 1, 3, 2, "m"},
    FunctionInfo{"FZ", FunctionClass::MarkerLoad, 1, 3, 3, "m"},
    FunctionInfo{"FM", FunctionClass::MarkerLoad, 1, 2, 0, "m"},
    FunctionInfo{"TX", FunctionClass::MarkerLoad, 1, 3, 5, "m"},
    FunctionInfo{"TY", FunctionClass::MarkerLoad, 1, 3, 6, "m"},
    FunctionInfo{"TZ", FunctionClass::MarkerLoad, 1, 3, 7, "m"},
    FunctionInfo{"TM", FunctionClass::MarkerLoad, 1, 2, 4, "m"},
    // Element loads: (id, jflag, comp, rm) with comp 1 force magnitude, 2-4 force x y z,
    // 5 torque magnitude, 6-8 torque x y z.
    FunctionInfo{"JOINT", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Joint), "eiim"},
    // A joint primitive's, a point-to-curve and a curve-to-curve joint's load by their own statements
    // (JPRIM/id, PTCV/id, CVCV/id).
    FunctionInfo{"JPRIM", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Joint), "eiim"},
    FunctionInfo{"PTCV", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Joint), "eiim"},
    FunctionInfo{"CVCV", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Joint), "eiim"},
    FunctionInfo{"MOTION", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Motion), "eiim"},
    FunctionInfo{"SFORCE", FunctionClass::ElementLoad, 3, 4, int(ElementKind::SingleForce), "eiim"},
    FunctionInfo{"GFORCE", FunctionClass::ElementLoad, 3, 4, int(ElementKind::GeneralForce), "eiim"},
    FunctionInfo{"VFORCE", FunctionClass::ElementLoad, 3, 4, int(ElementKind::VectorForce), "eiim"},
    FunctionInfo{"VTORQUE", FunctionClass::ElementLoad, 3, 4, int(ElementKind::VectorTorque), "eiim"},
    FunctionInfo{"BUSH", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Bushing), "eiim"},
    FunctionInfo{"SPDP", FunctionClass::ElementLoad, 3, 4, int(ElementKind::SpringDamper), "eiim"},
    FunctionInfo{"BEAM", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Beam), "eiim"},
    FunctionInfo{"FIELD", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Field), "eiim"},
    FunctionInfo{"CONTACT", FunctionClass::ElementLoad, 3, 4, int(ElementKind::Contact), "eiim"},
    // NFORCE(id, at_marker, comp, rm): at one of its I markers or at its J marker.
    FunctionInfo{"NFORCE", FunctionClass::ElementLoad, 3, 4, int(ElementKind::MultiPoint), "emim"},
};

bool isIdentStart(char c)
{
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
}
bool isIdentChar(char c)
{
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

}  // namespace

const FunctionInfo* findFunction(std::string_view upperName)
{
  for (const auto& f : kFunctions) {
    if (upperName == f.name) {
      return &f;
    }
  }
  return nullptr;
}

bool isConstantName(std::string_view n)
{
  return n == "TIME" || n == "MODE" || n == "PI" || n == "DTOR" || n == "RTOD";
}

std::vector<Token> tokenize(std::string_view s)
{
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (isIdentStart(c)) {
      std::size_t j = i;
      while (j < s.size() && isIdentChar(s[j])) {
        ++j;
      }
      out.push_back({Token::Identifier, int(i), int(j - i), std::string(s.substr(i, j - i))});
      i = j;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i + 1 < s.size() && std::isdigit(static_cast<unsigned char>(s[i + 1])))) {
      std::size_t j = i;
      while (j < s.size() && (std::isdigit(static_cast<unsigned char>(s[j])) || s[j] == '.')) {
        ++j;
      }
      if (j < s.size() && (s[j] == 'E' || s[j] == 'e')) {
        std::size_t k = j + 1;
        if (k < s.size() && (s[k] == '+' || s[k] == '-')) {
          ++k;
        }
        if (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) {
          j = k;
          while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) {
            ++j;
          }
        }
      }
      out.push_back({Token::Number, int(i), int(j - i), std::string(s.substr(i, j - i))});
      i = j;
    } else {
      out.push_back({Token::Symbol, int(i), 1, std::string(1, c)});
      ++i;
    }
  }
  return out;
}

Parentheses matchParentheses(const std::vector<Token>& tokens)
{
  Parentheses out;
  out.close.assign(tokens.size(), tokens.size());
  out.commas.resize(tokens.size());
  std::vector<std::size_t> open;  // indices of the '(' not closed yet
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const std::string& s = tokens[k].text;
    if (tokens[k].kind != Token::Symbol)
      continue;
    if (s == "(") {
      open.push_back(k);
      if (int(open.size()) > out.maxDepth) {
        out.maxDepth = int(open.size());
        out.deepest = k;
      }
    } else if (s == ")") {
      if (open.empty()) {
        if (!out.unmatchedClose)
          out.unmatchedClose = k;
        continue;
      }
      out.close[open.back()] = k;
      open.pop_back();
    } else if (s == "," && !open.empty()) {
      out.commas[open.back()].push_back(k);
    }
  }
  return out;
}

namespace {

// A '+' or '-' is a sign (not an operator between two operands) at the start and after '(', ',',
// ':' or another operator.
bool startsOperand(const Token* previous)
{
  if (!previous)
    return true;
  if (previous->kind != Token::Symbol)
    return false;
  static const std::string_view openers = "(,:+-*/^<>=!&|?";
  return openers.find(previous->text[0]) != std::string_view::npos;
}

// Adams writes chains of signs ("- -8.3E-03*x", "+-x"); muparser takes one sign only. A chain of
// two or more becomes blanks and, when it has an odd number of '-', a single '-' at its end.
void collapseSignChains(std::string& s, const std::vector<Token>& tokens)
{
  for (std::size_t k = 0; k < tokens.size();) {
    const bool sign = tokens[k].kind == Token::Symbol && (tokens[k].text == "+" || tokens[k].text == "-");
    if (!sign || !startsOperand(k ? &tokens[k - 1] : nullptr)) {
      ++k;
      continue;
    }
    std::size_t end = k;
    int minus = 0;
    while (end < tokens.size() && tokens[end].kind == Token::Symbol &&
           (tokens[end].text == "+" || tokens[end].text == "-")) {
      minus += tokens[end].text == "-";
      ++end;
    }
    if (end - k >= 2) {
      for (std::size_t t = k; t < end; ++t)
        s[tokens[t].position] = ' ';
      if (minus % 2 == 1)
        s[tokens[end - 1].position] = '-';
    }
    k = end;
  }
}

}  // namespace

std::string toMuparserText(std::string_view text)
{
  std::string s(text);
  for (auto& c : s) {
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (c == '\t' || c == '\n' || c == '\r') {
      c = ' ';
    }
  }
  for (std::size_t i = 0; i + 1 < s.size(); ++i) {
    if (s[i] == '*' && s[i + 1] == '*') {
      s[i] = '^';
      s[i + 1] = ' ';
    }
  }
  // IF(cond: a, b, c): the first ':' at the call's own depth becomes an argument separator. One
  // pass with a stack of the open parentheses (true: an IF call whose ':' is still to come).
  auto tokens = tokenize(s);
  std::vector<bool> open;
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const auto& tk = tokens[k];
    if (tk.kind != Token::Symbol)
      continue;
    if (tk.text == "(") {
      open.push_back(k > 0 && tokens[k - 1].kind == Token::Identifier && tokens[k - 1].text == "IF");
    } else if (tk.text == ")") {
      if (!open.empty())
        open.pop_back();
    } else if (tk.text == ":" && !open.empty() && open.back()) {
      s[tk.position] = ',';
      tokens[k].text = ",";
      open.back() = false;
    }
  }
  collapseSignChains(s, tokens);
  // Adams' degree suffix: "60D" is 60 degrees. The D right after a number becomes the postfix
  // operator kDegreeSuffix (Expression.cpp), so positions stay those of the text.
  for (std::size_t k = 0; k + 1 < tokens.size(); ++k) {
    const auto &number = tokens[k], &suffix = tokens[k + 1];
    if (number.kind == Token::Number && suffix.kind == Token::Identifier && suffix.text == "D" &&
        suffix.position == number.position + number.length)
      s[suffix.position] = kDegreeSuffix;
  }
  return s;
}

// The argument tokens of the call whose '(' is tokens[open]: [first, last) token ranges.
std::vector<std::pair<std::size_t, std::size_t>> callArguments(const Parentheses& parens, std::size_t open)
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

}  // namespace mbs::core::detail
