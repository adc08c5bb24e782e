#pragma once
// The collision side of a solid contact: its shapes as FCL objects, posed from the bodies' states,
// queried for contact points (FCL's narrow phase) and distances (for the step control), with an
// axis-aligned-box test in front so a pair far apart costs two box comparisons.
// docs/solver-notes.md, "Solid contact".
#include <memory>
#include <string>
#include <vector>

#include "mbs/solver/SolidContact.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver::contact {

// A rigid pose: x_ground = rotation · x_body + translation.
struct Pose {
  Mat3 rotation = Mat3::Identity();
  Vec3 translation = Vec3::Zero();
};

struct ContactPoint {
  Vec3 point = Vec3::Zero();   // ground frame
  Vec3 normal = Vec3::Zero();  // unit, from J into I (the direction the normal force pushes I)
  double depth = 0.0;          // penetration δ > 0
  int group = 0;               // the shape pair it came from (its points share the pair's law)
};

struct Separation {
  double distance = 0.0;
  Vec3 pointI = Vec3::Zero(), pointJ = Vec3::Zero();  // nearest points, ground frame
};

class CollisionShapes {
public:
  // Throws std::invalid_argument naming the shape when a shape cannot be built (empty mesh,
  // indices out of range, non-positive size).
  CollisionShapes(const std::vector<ContactShape>& iShapes, const std::vector<ContactShape>& jShapes);
  ~CollisionShapes();
  CollisionShapes(const CollisionShapes&) = delete;
  CollisionShapes& operator=(const CollisionShapes&) = delete;

  // Poses the shapes from their bodies' poses.
  void setPoses(const Pose& iBody, const Pose& jBody);
  // Whether the two sides' bounding boxes, widened by `margin`, overlap.
  bool boxesOverlap(double margin) const;
  // A lower bound of the distance between the two sides (their bounding boxes' gap, 0 if they overlap).
  double boxGap() const;
  // The contact points of every touching I/J shape pair (FCL, at most kMaxPointsPerPair each).
  void contacts(std::vector<ContactPoint>& out) const;
  // The smallest distance between any I and any J shape (only meaningful while apart).
  Separation separation() const;
  // Radius of a sphere about the body origin holding each side's shapes (for speed bounds).
  double iRadius() const { return m_radius[0]; }
  double jRadius() const { return m_radius[1]; }

  static constexpr int kMaxPointsPerPair = 8;
  // Absolute tolerance of FCL's GJK/EPA depth [m] for shape pairs without an analytic test
  // (e.g. cylinder on box). FCL's default, 1e-6 m, is the size of a stiff contact's whole
  // penetration (a 1 kg cam follower on 1e5 N/mm^1.5 sinks 2 µm): its depth noise made the
  // force chatter.
  static constexpr double kDepthTolerance = 1e-10;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
  double m_radius[2] = {0.0, 0.0};
};

// Checks a shape's data; empty string when it is usable, else the reason.
std::string shapeProblem(const ContactShape& shape);

}  // namespace mbs::solver::contact
