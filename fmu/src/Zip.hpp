#pragma once
// Writing and reading zip archives (minizip): an FMU is a zip file.
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mbs::fmu::detail {

// Writes `entries` (path inside the archive, content) to `path`, deflated; the error, if any.
std::optional<std::string> writeZip(const std::string& path,
                                    const std::vector<std::pair<std::string, std::string>>& entries);

}  // namespace mbs::fmu::detail
