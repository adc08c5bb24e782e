#pragma once
// Adams dataset lexing: lines -> statements (NAME/id, arguments), comments and continuations.
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mbs/core/AdmKeywords.hpp"
#include "mbs/core/Diagnostics.hpp"

namespace mbs::core::adm {

struct Argument {
  std::string key;                  // the documented keyword the given one abbreviates (upper case)
  std::vector<std::string> values;  // raw value texts
  bool flag = false;                // a bare word: REVOLUTE, GROUND, ...
  int line = 0;
  std::string given;  // as written (upper case), for diagnostics
  bool known = true;  // false: not a documented argument of the statement
};

struct Statement {
  std::string name;   // the documented statement name the given one abbreviates: PART, MARKER, ...
  std::string given;  // as written (upper case)
  bool known = true;  // false: not an Adams/Solver statement this importer knows of
  std::optional<long> id;
  std::vector<Argument> args;
  int line = 0;
  std::string viewName;  // from a preceding "adams_view_name='...'" comment
};

struct Deck {
  std::string title;
  std::vector<Statement> statements;
  Diagnostics errors;
  bool ended = false;  // an END statement closed the text (what follows it is not read)
  int lastLine = 0;    // the last line that is not blank (a comment counts)
};

// Splits the text into statements and resolves abbreviated statement names and arguments to the
// documented keywords (AdmKeywords.hpp). An ambiguous abbreviation, or a flag/value mismatch, is an
// error in Deck::errors naming the candidates; an undocumented name is kept with known = false.
// `table`: statements() for a dataset, commands() for a command file.
Deck lex(const std::string& text, std::span<const StatementInfo> table = statements());

}  // namespace mbs::core::adm
