#pragma once
// Limits a model file's JSON text must keep before it is parsed: nesting depth (the parser's
// value tree is copied and destroyed recursively, so a deep file would overflow the stack) and
// numbers a double can hold (the parser reports an overflow without its place in the file).
#include <optional>
#include <string_view>

#include "mbs/core/Diagnostics.hpp"

namespace mbs::core::detail {

// Model files nest about 6 levels; anything near this bound is not a model file.
inline constexpr int kMaxJsonDepth = 64;

// The first violation, with its line, or nothing. Syntax errors are left to the parser.
std::optional<Diagnostic> checkJsonLimits(std::string_view text);

}  // namespace mbs::core::detail
