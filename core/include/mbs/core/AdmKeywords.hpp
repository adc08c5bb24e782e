#pragma once
// The documented Adams/Solver statements and their arguments, and Adams' abbreviation rule: a
// statement or argument may be written in full or as any prefix that matches only one documented
// keyword (an exact match wins over longer keywords it is a prefix of). Where the reference gives
// a keyword's minimum abbreviation (REQUEST's D, V, A, F, C), a prefix at least that long means
// that keyword even if others start the same way, and a shorter one never does.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mbs::core::adm {

// What the importer does with a statement or argument.
enum class Use {
  Read,     // imported (see docs/adams-interop.md)
  Ignored,  // no effect on the physics (output, graphics detail, solver tuning): a warning
  Refused,  // would change the physics and cannot be imported exactly: an error unless allowed
};

enum class Form { Flag, Value, Expression };  // Expression: runs to the end of the statement

struct Keyword {
  const char* name;
  Form form;
  Use use;
  const char* why = "";  // for Ignored / Refused: the reason given in the diagnostic
  int minimum = 0;       // documented minimum abbreviation length; 0: any unambiguous prefix
};

struct StatementInfo {
  const char* name;
  Use use;
  const char* why;
  std::span<const Keyword> keywords;
};

// Every statement of the Adams/Solver (C++) reference the importer knows of, and the commands of
// an Adams command file (.acf) mbsolve knows of.
std::span<const StatementInfo> statements();
std::span<const StatementInfo> commands();
const StatementInfo* statementInfo(std::string_view canonicalName,
                                   std::span<const StatementInfo> table = statements());

// Prefix resolution among `names`: the one match, or the candidates (several when ambiguous,
// none when unknown).
struct Resolution {
  std::optional<std::string> name;
  std::vector<std::string> candidates;
};
Resolution resolve(std::string_view given, std::span<const Keyword> keywords);
Resolution resolveStatement(std::string_view given, std::span<const StatementInfo> table = statements());
Resolution resolveArgument(const StatementInfo& statement, std::string_view given);
const Keyword* keyword(const StatementInfo& statement, std::string_view canonicalName);

// "A, B or C" for diagnostics.
std::string candidateList(const std::vector<std::string>& names);

}  // namespace mbs::core::adm
