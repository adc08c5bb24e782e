#include "mbs/core/ModelNotes.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Mobility.hpp"

namespace mbs::core {
namespace {

std::string plural(int n, const char* one, const char* many)
{
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

std::string number(double v)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.4g", v);
  return text;
}

}  // namespace

std::optional<std::string> degreesOfFreedomNote(const Model& model)
{
  CompileResult compiled = compile(model);
  if (!compiled.ok || !solver::validateModel(compiled.model).ok())
    return std::nullopt;
  // With the motions (what the analysis solves) and without them (the mechanism's mobility); the
  // temporary motions of joint initial conditions are not constraints of the mechanism.
  compiled.model.jointInitialConditions.clear();
  const solver::MobilityReport driven = solver::analyzeMobility(compiled.model);
  compiled.model.motions.clear();
  const solver::MobilityReport free = solver::analyzeMobility(compiled.model);
  const int byMotions = free.dof - driven.dof;
  std::string note;
  if (free.dof == 0)
    note = "the model has no degrees of freedom: its constraints fix every part";
  else if (driven.dof == 0)
    note = "the model is kinematically determinate: " +
           std::string(free.dof == 1
                           ? "its 1 degree of freedom is driven by a motion"
                           : "its " + std::to_string(free.dof) + " degrees of freedom are driven by motions");
  else if (byMotions > 0)
    note = "the model has " + plural(free.dof, "degree", "degrees") + " of freedom (" +
           std::to_string(byMotions) + " driven by motions, " + std::to_string(driven.dof) + " free)";
  else
    note = "the model has " + plural(free.dof, "degree", "degrees") + " of freedom";
  if (!driven.redundant.empty()) {
    note += "; " +
            plural(int(driven.redundant.size()), "redundant constraint equation",
                   "redundant constraint equations") +
            ": ";
    const std::size_t shown = std::min<std::size_t>(driven.redundant.size(), 6);
    for (std::size_t k = 0; k < shown; ++k)
      note += (k ? ", " : "") + driven.redundant[k].description;
    if (shown < driven.redundant.size())
      note += " and " + std::to_string(driven.redundant.size() - shown) + " more";
  }
  if (!driven.assembly.ok())
    note += " (counted at the initial positions: the model does not assemble)";
  return note;
}

std::vector<std::string> assemblyMoveNotes(const solver::Model& model, const solver::ResultFrame& assembled,
                                           const std::string& by)
{
  // Below these the assembly only polished the positions the model gave.
  constexpr double kLength = 1e-8, kAngle = 1e-8;
  std::vector<std::string> notes;
  const std::size_t n = std::min(model.bodies.size(), assembled.bodies.size());
  for (std::size_t k = 0; k < n; ++k) {
    const solver::Body& body = model.bodies[k];
    const solver::BodyOutput& now = assembled.bodies[k];
    const double distance = (now.position - body.position).norm();
    const double angle = body.orientation.angularDistance(now.orientation);
    if (distance <= kLength && angle <= kAngle)
      continue;
    notes.push_back("part '" + body.name + "' moved " + number(distance) + " m and " +
                    number(angle * 180.0 / std::numbers::pi) + " deg " + by);
  }
  return notes;
}

}  // namespace mbs::core
