#pragma once
// Errors and warnings about model input: where (file, line or JSON-pointer field, entity) and why.
#include <string>
#include <vector>

namespace mbs::core {

struct Diagnostic {
  std::string file;    // empty for in-memory input
  int line = 0;        // 1-based; 0 if not known
  std::string field;   // JSON pointer ("/parts/2/mass") or statement ("PART/3, MASS")
  std::string entity;  // name of the model entity involved, if any
  std::string reason;

  // "file:line: field: reason" with the empty parts left out.
  std::string toString() const;
};

using Diagnostics = std::vector<Diagnostic>;

}  // namespace mbs::core
