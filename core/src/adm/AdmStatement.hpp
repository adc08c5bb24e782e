#pragma once
// Adams dataset lexing: lines -> statements (NAME/id, arguments), comments and continuations.
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Diagnostics.hpp"

namespace mbs::core::adm {

struct Argument {
  std::string key;                  // upper case; empty for a flag
  std::vector<std::string> values;  // raw value texts (a flag keeps its word in `key`... see isFlag)
  bool flag = false;                // a bare word: REVOLUTE, GROUND, ...
  int line = 0;
};

struct Statement {
  std::string name;  // upper case: PART, MARKER, ...
  std::optional<long> id;
  std::vector<Argument> args;
  int line = 0;
  std::string viewName;  // from a preceding "adams_view_name='...'" comment
};

struct Deck {
  std::string title;
  std::vector<Statement> statements;
  Diagnostics errors;
};

// Keys whose value is an expression running to the end of the statement ('\' separates several).
bool isFunctionKey(const std::string& key);
Deck lex(const std::string& text);

}  // namespace mbs::core::adm
