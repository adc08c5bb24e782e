#pragma once
// Lexical helpers shared by Expression.cpp: Adams text -> muparser text of the same length, and
// the table of function names with their argument counts.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mbs::core::detail {

enum class FunctionClass { Math, Measure, VarVal };

struct FunctionInfo {
  const char* name;
  FunctionClass cls;
  int minArgs;
  int maxArgs;  // -1: any
  int measure;  // index of the measure kind (Measure only)
};

const FunctionInfo* findFunction(std::string_view upperName);
bool isConstantName(std::string_view upperName);  // TIME, PI, DTOR, RTOD

struct Token {
  enum Kind { Identifier, Number, Symbol } kind;
  int position;
  int length;
  std::string text;
};

// Upper-cases, turns "**" into "^ " and the ':' of IF(a: b, c, d) into ',' — same length, so
// error positions map one to one.
std::string toMuparserText(std::string_view text);
std::vector<Token> tokenize(std::string_view upperText);

}  // namespace mbs::core::detail
