// libFuzzer entry of one target, named at build time (MBS_FUZZ_TARGET, see CMakeLists.txt).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "FuzzTargets.hpp"

namespace {

const mbs::fuzz::Target& chosenTarget()
{
  static const mbs::fuzz::Target& target =
      *std::find_if(mbs::fuzz::targets().begin(), mbs::fuzz::targets().end(),
                    [](const mbs::fuzz::Target& t) { return std::string_view(t.name) == MBS_FUZZ_TARGET; });
  return target;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
  const std::string broken = chosenTarget().run(std::string_view(reinterpret_cast<const char*>(data), size));
  if (!broken.empty()) {
    std::fprintf(stderr, "invariant broken in %s: %s\n", MBS_FUZZ_TARGET, broken.c_str());
    std::abort();  // reported by libFuzzer as a crash, with the input saved
  }
  return 0;
}
