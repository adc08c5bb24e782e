#include "ExpressionScan.hpp"

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
    FunctionInfo{"IMPACT", FunctionClass::Math, 7, 7, 0},
    FunctionInfo{"BISTOP", FunctionClass::Math, 8, 8, 0},
    FunctionInfo{"VARVAL", FunctionClass::VarVal, 1, 1, 0},
    // Measures: displacement, velocity, angular velocity, acceleration, angular acceleration.
    FunctionInfo{"DX", FunctionClass::Measure, 1, 3, 0},
    FunctionInfo{"DY", FunctionClass::Measure, 1, 3, 1},
    FunctionInfo{"DZ", FunctionClass::Measure, 1, 3, 2},
    FunctionInfo{"DM", FunctionClass::Measure, 1, 2, 3},
    FunctionInfo{"VX", FunctionClass::Measure, 1, 4, 4},
    FunctionInfo{"VY", FunctionClass::Measure, 1, 4, 5},
    FunctionInfo{"VZ", FunctionClass::Measure, 1, 4, 6},
    FunctionInfo{"VM", FunctionClass::Measure, 1, 3, 7},
    FunctionInfo{"VR", FunctionClass::Measure, 1, 3, 8},
    FunctionInfo{"WX", FunctionClass::Measure, 1, 3, 9},
    FunctionInfo{"WY", FunctionClass::Measure, 1, 3, 10},
    FunctionInfo{"WZ", FunctionClass::Measure, 1, 3, 11},
    FunctionInfo{"WM", FunctionClass::Measure, 1, 2, 12},
    FunctionInfo{"ACCX", FunctionClass::Measure, 1, 4, 13},
    FunctionInfo{"ACCY", FunctionClass::Measure, 1, 4, 14},
    FunctionInfo{"ACCZ", FunctionClass::Measure, 1, 4, 15},
    FunctionInfo{"ACCM", FunctionClass::Measure, 1, 3, 16},
    FunctionInfo{"WDTX", FunctionClass::Measure, 1, 4, 17},
    FunctionInfo{"WDTY", FunctionClass::Measure, 1, 4, 18},
    FunctionInfo{"WDTZ", FunctionClass::Measure, 1, 4, 19},
    FunctionInfo{"WDTM", FunctionClass::Measure, 1, 3, 20},
    FunctionInfo{"AX", FunctionClass::Measure, 1, 2, 21},
    FunctionInfo{"AY", FunctionClass::Measure, 1, 2, 22},
    FunctionInfo{"AZ", FunctionClass::Measure, 1, 2, 23},
    FunctionInfo{"PSI", FunctionClass::Measure, 1, 2, 24},
    FunctionInfo{"THETA", FunctionClass::Measure, 1, 2, 25},
    FunctionInfo{"PHI", FunctionClass::Measure, 1, 2, 26},
    FunctionInfo{"YAW", FunctionClass::Measure, 1, 2, 27},
    FunctionInfo{"PITCH", FunctionClass::Measure, 1, 2, 28},
    FunctionInfo{"ROLL", FunctionClass::Measure, 1, 2, 29},
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
  return n == "TIME" || n == "PI" || n == "DTOR" || n == "RTOD";
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
  // IF(cond: a, b, c): the first ':' at the call's own depth becomes an argument separator.
  const auto tokens = tokenize(s);
  for (std::size_t t = 0; t + 1 < tokens.size(); ++t) {
    if (tokens[t].kind != Token::Identifier || tokens[t].text != "IF" || tokens[t + 1].text != "(") {
      continue;
    }
    int depth = 0;
    for (std::size_t k = t + 1; k < tokens.size(); ++k) {
      const auto& tk = tokens[k];
      if (tk.text == "(") {
        ++depth;
      } else if (tk.text == ")") {
        if (--depth == 0) {
          break;
        }
      } else if (tk.text == ":" && depth == 1) {
        s[tk.position] = ',';
        break;
      }
    }
  }
  return s;
}

}  // namespace mbs::core::detail
