#include "JsonLimits.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <string>

#include "NumberText.hpp"

namespace mbs::core::detail {

std::optional<Diagnostic> checkJsonLimits(std::string_view text)
{
  int line = 1, depth = 0;
  for (std::size_t k = 0; k < text.size(); ++k) {
    const char c = text[k];
    if (c == '\n') {
      ++line;
    } else if (c == '"') {  // skip the string (an unterminated one is the parser's to report)
      for (++k; k < text.size() && text[k] != '"'; ++k) {
        if (text[k] == '\\')
          ++k;
        else if (text[k] == '\n')
          ++line;
      }
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth)
        return Diagnostic{
            {}, line, {}, {}, "JSON nested deeper than " + std::to_string(kMaxJsonDepth) + " levels"};
    } else if (c == ']' || c == '}') {
      --depth;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      const std::size_t end = text.find_first_not_of("0123456789+-.eE", k);
      const std::string number(text.substr(k, end == std::string_view::npos ? text.size() - k : end - k));
      errno = 0;
      const double value = std::strtod(number.c_str(), nullptr);
      if (errno == ERANGE && std::isinf(value))
        return Diagnostic{{}, line, {}, {}, numberOutOfRange(number)};
      k += number.size() - 1;
    }
  }
  return std::nullopt;
}

}  // namespace mbs::core::detail
