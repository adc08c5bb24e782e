#pragma once
// Whole-text number conversions for file input: they return nothing for text that is not a
// number or does not fit, where std::stol/std::stod would throw and strtol would clamp silently.
#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mbs::core::detail {

// Adams and model-file ids: decimal digits only, 0 … 2³¹−1.
inline std::optional<long> parseId(std::string_view text)
{
  std::int32_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty() || text[0] == '-')
    return std::nullopt;
  return value;
}

// A finite double written as the whole text.
inline std::optional<double> parseFiniteDouble(std::string_view text)
{
  double value = 0.0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
    return std::nullopt;
  return value;
}

// "number 1e400 is out of range …" for a literal a double cannot hold (long ones shortened).
inline std::string numberOutOfRange(std::string_view literal)
{
  std::string shown(literal.substr(0, 40));
  if (literal.size() > 40)
    shown += "...";
  return "number " + shown + " is out of range (larger than 1.8e308)";
}

}  // namespace mbs::core::detail
