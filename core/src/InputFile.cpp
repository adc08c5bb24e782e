#include "mbs/core/InputFile.hpp"

#include <filesystem>
#include <fstream>

namespace mbs::core {

std::optional<std::string> readInputFile(const std::string& path, std::string& error)
{
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::file_status status = fs::status(path, ec);
  if (ec || !fs::exists(status)) {
    error = "cannot open file";
    return std::nullopt;
  }
  if (!fs::is_regular_file(status)) {
    error = fs::is_directory(status)
                ? "is a folder, not a file"
                : "not a regular file (a device, pipe or socket cannot be read as a model)";
    return std::nullopt;
  }
  const std::uintmax_t size = fs::file_size(path, ec);
  if (!ec && size > kMaxInputFileBytes) {
    error = "the file has " + std::to_string(size) + " bytes, more than the input limit of " +
            std::to_string(kMaxInputFileBytes) + " bytes";
    return std::nullopt;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open file";
    return std::nullopt;
  }
  // Read at most the limit (the file may grow while it is read).
  std::string text(ec ? 0 : std::size_t(size), '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  char buffer[65536];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, std::size_t(in.gcount()));
    if (text.size() > kMaxInputFileBytes) {
      error = "the file grew past the input limit of " + std::to_string(kMaxInputFileBytes) + " bytes";
      return std::nullopt;
    }
  }
  return text;
}

}  // namespace mbs::core
