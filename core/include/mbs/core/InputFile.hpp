#pragma once
// Reading a model, dataset or command file whole: only regular files (a FIFO or a device such as
// /dev/zero would never end, or fill the memory) of at most kMaxInputFileBytes (docs/mbsolve.md,
// "Limits"; a 200,000-marker dataset is about 40 MB).
#include <cstdint>
#include <optional>
#include <string>

namespace mbs::core {

inline constexpr std::uintmax_t kMaxInputFileBytes = std::uintmax_t(1) << 30;  // 1 GiB

// The file's text, or nullopt with `error` saying why ("cannot open file", "not a regular file
// ...", "... larger than the limit of ...").
std::optional<std::string> readInputFile(const std::string& path, std::string& error);

}  // namespace mbs::core
