#include "ClearanceOrbits.hpp"

#include <algorithm>
#include <cmath>

#include "mbs/core/Model.hpp"
#include "mbs/ui/SimulationResults.hpp"

namespace mbs::ui {

std::vector<OrbitSeries> orbitSeries(const SimulationResults& results)
{
  std::vector<OrbitSeries> out;
  if (!results.store())
    return out;
  const core::Model& model = results.model();
  const solver::ResultLayout layout = results.store()->layout();
  for (std::size_t k = 0; k < layout.clearanceJoints.size(); ++k) {
    const core::JointId id = model.findJoint(layout.clearanceJoints[k]);
    const core::Joint* joint = model.joint(id);
    // A pin's or a ball's centre (the ball's projected on the socket's xy plane). A slider's
    // (centre offset, end offset) is no path in space: its orbit is in the Plot panel only.
    if (!joint || !joint->clearance || joint->kind == core::JointKind::Translational)
      continue;
    OrbitSeries s{joint->name, id, joint->clearance->clearance, joint->clearance->journalRadius, {}};
    const auto xs = results.store()->series([k](const solver::ResultFrame& f) {
      return k < f.clearance.size() ? f.clearance[k].eccentricityX : 0.0;
    });
    const auto ys = results.store()->series([k](const solver::ResultFrame& f) {
      return k < f.clearance.size() ? f.clearance[k].eccentricityY : 0.0;
    });
    for (std::size_t f = 0; f < std::min(xs.size(), ys.size()); ++f)
      s.eccentricity.emplace_back(xs[f], ys[f]);
    out.push_back(std::move(s));
  }
  return out;
}

std::vector<ModelScene::Orbit> placeOrbits(const std::vector<OrbitSeries>& series, const core::Model& model,
                                           const std::map<core::PartId, PartPose>& poses, int lastFrame)
{
  std::vector<ModelScene::Orbit> out;
  for (const OrbitSeries& s : series) {
    const core::Joint* joint = model.joint(s.id);
    const core::Marker* bearing = joint ? model.marker(joint->jMarker) : nullptr;
    if (!bearing || !(s.clearance > 0.0))
      continue;
    const auto it = poses.find(bearing->part);
    const PartPose part = it != poses.end() ? it->second : PartPose{};
    const core::Vec3 origin = part.position + part.rotation * bearing->position;
    const core::Mat3 axes = part.rotation * bearing->localOrientation().value_or(core::Mat3::Identity());
    // The clearance circle drawn at twice the journal radius: outside the journal's own outline.
    const double magnification = 2.0 * std::max(s.journalRadius, s.clearance) / s.clearance;
    auto place = [&](double x, double y) -> core::Vec3 {
      return origin + axes * core::Vec3(magnification * x, magnification * y, 0.0);
    };
    ModelScene::Orbit orbit{s.joint, magnification, {}, {}};
    constexpr int kSegments = 96;
    for (int k = 0; k <= kSegments; ++k) {
      const double a = 2.0 * 3.14159265358979323846 * k / kSegments;
      orbit.circle.push_back(place(s.clearance * std::cos(a), s.clearance * std::sin(a)));
    }
    const int frames = std::min<int>(lastFrame + 1, static_cast<int>(s.eccentricity.size()));
    for (int f = 0; f < frames; ++f)
      orbit.path.push_back(place(s.eccentricity[f].first, s.eccentricity[f].second));
    out.push_back(std::move(orbit));
  }
  return out;
}

}  // namespace mbs::ui
