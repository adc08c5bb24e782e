#pragma once
// Model text (names, descriptions) is UTF-8: the model file is JSON, which cannot hold other bytes.
// Text from other sources (an .adm title written in Latin-1, say) is made valid on input.
#include <string>
#include <string_view>

namespace mbs::core::detail {

// `text` with every byte that does not start a valid UTF-8 sequence replaced by U+FFFD.
inline std::string toValidUtf8(std::string_view text)
{
  std::string out;
  out.reserve(text.size());
  std::size_t k = 0;
  while (k < text.size()) {
    const auto byte = static_cast<unsigned char>(text[k]);
    // Length of the sequence this byte starts, and the smallest code point it may encode.
    const int length = byte < 0x80           ? 1
                       : (byte >> 5) == 0x6  ? 2
                       : (byte >> 4) == 0xE  ? 3
                       : (byte >> 3) == 0x1E ? 4
                                             : 0;
    bool valid = length > 0 && k + length <= text.size();
    char32_t code = length == 1   ? byte
                    : length == 2 ? (byte & 0x1F)
                    : length == 3 ? (byte & 0x0F)
                                  : (byte & 0x07);
    for (int c = 1; valid && c < length; ++c) {
      const auto next = static_cast<unsigned char>(text[k + c]);
      valid = (next & 0xC0) == 0x80;
      code = (code << 6) | (next & 0x3F);
    }
    const char32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    valid = valid && code >= smallest[length] && code <= 0x10FFFF && !(code >= 0xD800 && code <= 0xDFFF);
    if (valid) {
      out.append(text, k, length);
      k += length;
    } else {
      out += "\xEF\xBF\xBD";
      ++k;
    }
  }
  return out;
}

}  // namespace mbs::core::detail
