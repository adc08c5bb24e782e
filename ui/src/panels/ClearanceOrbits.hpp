#pragma once
// The Animation panel's journal orbits: each clearance joint's eccentricity (journal centre relative
// to the bearing, in the J marker's axes) over the run, placed in the 3-D view at the bearing's
// present pose and magnified so that the clearance circle is twice the journal's radius.
#include <map>
#include <string>
#include <vector>

#include "mbs/core/Ids.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::core {
class Model;
}

namespace mbs::ui {

class SimulationResults;

struct OrbitSeries {
  std::string joint;
  core::JointId id;
  double clearance = 0.0;                               // c [m]
  double journalRadius = 0.0;                           // R_J [m]
  std::vector<std::pair<double, double>> eccentricity;  // (x, y) per result frame [m]
};

// Every clearance joint of the run, all frames.
std::vector<OrbitSeries> orbitSeries(const SimulationResults& results);

// The drawn orbits: frames 0..lastFrame, about the bearing marker at `poses` (as displayed).
std::vector<ModelScene::Orbit> placeOrbits(const std::vector<OrbitSeries>& series, const core::Model& model,
                                           const std::map<core::PartId, PartPose>& poses, int lastFrame);

}  // namespace mbs::ui
