#pragma once
// The mbsolve CSV contract: header `time`, then for each body
// <body>.x,.y,.z,.e0,.e1,.e2,.e3,.vx,.vy,.vz,.wx,.wy,.wz,.ax,.ay,.az and for each joint
// <joint>.fx,.fy,.fz,.tx,.ty,.tz (CM of the body / reaction on the I body; ground frame, SI),
// one row per output time.
#include <ostream>
#include <string>

#include "mbs/solver/Results.hpp"

namespace mbs::solver {

std::string resultCsvHeader(const ResultLayout& layout);
// One row (with its line end) of a frame of a run with `layout`.
void writeResultCsvRow(const ResultLayout& layout, const ResultFrame& frame, std::ostream& out);
// The frames held (all, unless the store has a retention bound).
void writeResultCsv(const ResultStore& results, std::ostream& out);
// Fails with BadInput when the file cannot be written (the message names the path).
Status writeResultCsv(const ResultStore& results, const std::string& path);

}  // namespace mbs::solver
