// mbsolve: the batch solver (contract in docs/mbsolve.md).
#include <iostream>

#include "Options.hpp"

int main(int argc, char** argv)
{
  const auto parsed = mbs::app::parseCommandLine(argc, argv);
  if (parsed.options.help) {
    std::cout << mbs::app::usageText();
    return 0;
  }
  if (!parsed.error.empty()) {
    std::cerr << "mbsolve: " << parsed.error << "\n" << mbs::app::usageText();
    return 2;
  }
  return 2;
}
