#pragma once
// The results CSV with the model's output requests appended as columns (docs/mbsolve.md).
#include <string>

#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::app {

// Fails with BadInput when the file cannot be written (the message names the path).
solver::Status writeCsvWithRequests(const solver::ResultStore& results, const core::RequestOutputs& requests,
                                    const std::string& path);

}  // namespace mbs::app
