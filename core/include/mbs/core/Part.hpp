#pragma once
// A rigid part (or the ground). The part frame (Adams BCS) is placed by position + 3-1-3 Euler
// angles in the ground frame; markers are given in the part frame; the centre of mass is a
// marker (cmMarker), or the part frame origin when none is set.
#include <array>
#include <memory>
#include <string>
#include <vector>

#include "mbs/core/FeBeam.hpp"
#include "mbs/core/Geometry.hpp"
#include "mbs/core/Ids.hpp"
#include "mbs/solver/FlexibleBody.hpp"

namespace mbs::core {

struct Inertia {
  double ixx = 1.0, iyy = 1.0, izz = 1.0;  // [kg m^2], about the CM, CM marker axes
  // Products of inertia as Adams defines them: ixy = +integral(x y dm), so the tensor is
  // [ixx -ixy -ixz; -ixy iyy -iyz; -ixz -iyz izz].
  double ixy = 0.0, ixz = 0.0, iyz = 0.0;
  Mat3 matrix() const;
  bool operator==(const Inertia&) const = default;
};

// The modal data of a flexible part (floating frame of reference, SI, frame = the part's CM frame),
// shared between copies (undo) and compared by value.
struct FlexibleRecord {
  std::shared_ptr<const solver::FlexibleBodyData> data;
  // Initial modal coordinates η and rates η̇ (m each, SI as the modes are normalized); empty = zero.
  // The dynamic analysis starts from them (the initial-condition analysis keeps η̇ near them).
  solver::Vec initialModal, initialModalVelocity;
  explicit operator bool() const { return data != nullptr; }
  bool operator==(const FlexibleRecord& o) const
  {
    auto same = [](const solver::Vec& a, const solver::Vec& b) { return a.size() == b.size() && a == b; };
    return (data == o.data || (data && o.data && *data == *o.data)) && same(initialModal, o.initialModal) &&
           same(initialModalVelocity, o.initialModalVelocity);
  }
};

struct Part {
  PartId id;
  std::string name;
  bool ground = false;
  double mass = 1.0;  // [kg]
  MarkerId cmMarker;  // invalid: CM at the part frame origin with the part frame's axes
  Inertia inertia;
  Vec3 position = Vec3::Zero();     // part frame origin in ground [m]
  Vec3 orientation = Vec3::Zero();  // part frame 3-1-3 Euler angles w.r.t. ground [rad]
  // Initial conditions: CM velocity and angular velocity, both in the ground frame.
  Vec3 velocity = Vec3::Zero();         // [m/s]
  Vec3 angularVelocity = Vec3::Zero();  // [rad/s]
  std::array<bool, 3> positionExact{false, false, false};
  bool orientationExact = false;
  std::array<bool, 3> velocityExact{false, false, false};
  std::array<bool, 3> angularVelocityExact{false, false, false};
  std::vector<Geometry> geometry;
  FlexibleRecord flexible;  // empty: rigid part
  // Adams POINT_MASS: a mass with translations only. Its orientation stays the initial one (the
  // solver holds it to ground's by an orientation constraint); it has no inertia, and torques on
  // it do nothing.
  bool pointMass = false;
  // A large-deformation FE beam (FeBeam.hpp, Adams FE_PART): nodes of its own instead of one body.
  std::optional<FeBeam> feBeam;

  bool operator==(const Part&) const = default;
};

}  // namespace mbs::core
