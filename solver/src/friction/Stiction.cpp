#include "friction/Stiction.hpp"

#include <algorithm>
#include <array>
#include <cmath>

#include "friction/JointFriction.hpp"
#include "kinematics/FrameT.hpp"

namespace mbs::solver::detail {
namespace {

double plain(double v, int)
{
  return v;
}

bool holds(const Joint& joint)
{
  return joint.friction && joint.friction->active() && joint.friction->maxStictionDeformation > 0.0;
}

// Stiction in static equilibrium: not for a friction switched off in statics (Adams INACTIVE=STATIC).
bool holdsInStatics(const Joint& joint)
{
  return holds(joint) && !joint.friction->inactiveInStatics;
}

struct RelativePose {
  Vec3 position;  // of I's origin in J's axes
  Mat3 rotation;  // I's axes in J's axes
  Mat3 axesJ;     // J's axes in ground
};

RelativePose relativePose(const Model& model, const Joint& joint, const Vec& q)
{
  const Marker& mi = model.markers[joint.iMarker];
  const Marker& mj = model.markers[joint.jMarker];
  const FrameT<double> fi = markerFrame(mi, bodyVars<double>(q, nullptr, mi.body, plain, plain));
  const FrameT<double> fj = markerFrame(mj, bodyVars<double>(q, nullptr, mj.body, plain, plain));
  Mat3 ai, aj;
  ai << values(fi.x), values(fi.y), values(fi.z);
  aj << values(fj.x), values(fj.y), values(fj.z);
  return {aj.transpose() * (values(fi.o) - values(fj.o)), aj.transpose() * ai, aj};
}

// The joint's creep since q0 as the motion the friction law reads (ground frame).
JointMotion creepMotion(const Model& model, const Joint& joint, const Vec& q0, const Vec& q)
{
  JointMotion motion = jointMotion(model, joint, q, Vec::Zero(q.size()));
  const RelativePose now = relativePose(model, joint, q), start = relativePose(model, joint, q0);
  const Eigen::AngleAxisd turn(Mat3(now.rotation * start.rotation.transpose()));
  const double rate = joint.friction->stictionTransitionVelocity / joint.friction->maxStictionDeformation;
  motion.velocity = rate * (now.axesJ * (now.position - start.position));
  motion.angularVelocity = rate * (now.axesJ * (turn.angle() * turn.axis()));
  return motion;
}

FrictionForces14 jointStiction(const loads::Host& system, int index, const Vec& q0, const Vec& q,
                               const Vec& lambda)
{
  const Joint& joint = system.model().joints[index];
  return frictionLoadForces(system.model(), joint, q, creepMotion(system.model(), joint, q0, q),
                            system.jointReaction(index, q, lambda));
}

}  // namespace

bool hasStiction(const Model& model)
{
  return std::any_of(model.joints.begin(), model.joints.end(), holdsInStatics);
}

FrictionOutput stictionOutput(const loads::Host& system, int joint, const Vec& q0, const Vec& q,
                              const Vec& lambda)
{
  const Joint& j = system.model().joints[joint];
  if (!holdsInStatics(j))
    return jointFriction(j, jointMotion(system.model(), j, q, Vec::Zero(q.size())),
                         system.jointReaction(joint, q, lambda));
  FrictionOutput out =
      jointFriction(j, creepMotion(system.model(), j, q0, q), system.jointReaction(joint, q, lambda));
  out.power = 0.0;  // at rest nothing is dissipated
  return out;
}

void stictionForces(const loads::Host& system, const Vec& q0, const Vec& q, const Vec& lambda, Vec& Q)
{
  const Model& model = system.model();
  Q.setZero(system.numCoordinates());
  for (int index = 0; index < static_cast<int>(model.joints.size()); ++index) {
    if (!holdsInStatics(model.joints[index]))
      continue;
    const FrictionForces14 g = jointStiction(system, index, q0, q, lambda);
    const auto bodies = jointBodies(model, model.joints[index]);
    for (int s = 0; s < 2; ++s)
      if (bodies[s] != kGround)
        Q.segment<7>(7 * bodies[s]) += g.segment<7>(7 * s);
  }
}

void stictionJacobians(const loads::Host& system, const Vec& q0, const Vec& q, const Vec& lambda,
                       SparseMat& dQdq, SparseMat& dQdLambda)
{
  const Model& model = system.model();
  const int n = system.numCoordinates(), m = system.numConstraints();
  Triplets tq, tl;
  for (int index = 0; index < static_cast<int>(model.joints.size()); ++index) {
    const Joint& joint = model.joints[index];
    if (!holdsInStatics(joint))
      continue;
    const loads::RowRange block = system.jointRows(index);
    const auto bodies = jointBodies(model, joint);
    addJointLoadDifferences(
        bodies, q, [&](const Vec& x) { return jointStiction(system, index, q0, x, lambda); },
        [](double x0) { return 1e-7 * std::max(1.0, std::abs(x0)); }, tq);
    Vec l = lambda;
    for (int r = 0; r < block.count; ++r) {
      const int row = block.first + r;
      const double l0 = l[row], h = 1e-7 * std::max(1.0, std::abs(l0));
      l[row] = l0 + h;
      const FrictionForces14 gp = jointStiction(system, index, q0, q, l);
      l[row] = l0 - h;
      const FrictionForces14 gm = jointStiction(system, index, q0, q, l);
      l[row] = l0;
      addJointColumn(bodies, (gp - gm) / (2.0 * h), row, tl);
    }
  }
  dQdq.resize(n, n);
  dQdq.setFromTriplets(tq.begin(), tq.end());
  dQdLambda.resize(n, m);
  dQdLambda.setFromTriplets(tl.begin(), tl.end());
}

bool holdsDynamically(const Joint& joint)
{
  return holds(joint);
}

StictionAnchor anchorAt(const Model& model, const Joint& joint, const Vec& q)
{
  const RelativePose pose = relativePose(model, joint, q);
  return {pose.position, pose.rotation};
}

Bristle bristle(const Model& model, const Joint& joint, const Vec& q, const StictionAnchor& anchor)
{
  const FrictionParameters& p = *joint.friction;
  const RelativePose now = relativePose(model, joint, q);
  const Eigen::AngleAxisd turn(Mat3(now.rotation * anchor.rotation.transpose()));
  Bristle b;
  b.translation = now.position - anchor.position;
  b.rotation = turn.angle() * turn.axis();
  const double r = joint.type == JointType::Translational ? 0.0 : p.pinRadius;
  b.deflection = std::sqrt(b.translation.squaredNorm() + r * r * b.rotation.squaredNorm());
  // Saturated also when just held at δ_max (the anchor was moved there after the last step).
  b.saturated = b.deflection >= p.maxStictionDeformation * (1.0 - 1e-9);
  if (b.deflection > p.maxStictionDeformation) {
    const double scale = p.maxStictionDeformation / b.deflection;
    b.translation *= scale;
    b.rotation *= scale;
  }
  return b;
}

StictionAnchor slideAnchor(const Model& model, const Joint& joint, const Vec& q, const StictionAnchor& anchor)
{
  const Bristle b = bristle(model, joint, q, anchor);
  if (!b.saturated)
    return anchor;
  const RelativePose now = relativePose(model, joint, q);
  StictionAnchor moved;
  moved.position = now.position - b.translation;
  const double angle = b.rotation.norm();
  const Mat3 turn =
      angle > 0.0 ? Mat3(Eigen::AngleAxisd(angle, b.rotation / angle).toRotationMatrix()) : Mat3::Identity();
  moved.rotation = turn.transpose() * now.rotation;
  return moved;
}

JointMotion bristleMotion(const Model& model, const Joint& joint, const Vec& q, const Vec& qd,
                          const StictionAnchor& anchor)
{
  JointMotion motion = jointMotion(model, joint, q, qd);
  const Bristle b = bristle(model, joint, q, anchor);
  const double rate = joint.friction->stictionTransitionVelocity / joint.friction->maxStictionDeformation;
  motion.velocity += rate * (motion.axesJ * b.translation);
  motion.angularVelocity += rate * (motion.axesJ * b.rotation);
  return motion;
}

bool pastStaticPeak(const Model& model, const Joint& joint, const Vec& q, const Vec& qd,
                    const StictionAnchor& anchor)
{
  if (bristle(model, joint, q, anchor).saturated)
    return true;
  const FrictionParameters& p = *joint.friction;
  const JointMotion motion = bristleMotion(model, joint, q, qd, anchor);
  const double r = joint.type == JointType::Translational ? 0.0 : p.pinRadius;
  const double speed =
      std::sqrt(motion.velocity.squaredNorm() + r * r * motion.angularVelocity.squaredNorm());
  return speed > p.stictionTransitionVelocity;
}

FrictionOutput bristleOutput(const loads::Host& system, int joint, const Vec& q, const Vec& qd,
                             const Vec& lambda, const StictionAnchor& anchor)
{
  const Model& model = system.model();
  const Joint& j = model.joints[joint];
  const Reaction reaction = system.jointReaction(joint, q, lambda);
  FrictionOutput out = jointFriction(j, bristleMotion(model, j, q, qd, anchor), reaction);
  const JointMotion motion = jointMotion(model, j, q, qd);
  out.slidingSpeed = jointFriction(j, motion, reaction).slidingSpeed;
  out.stick = !bristle(model, j, q, anchor).saturated;
  out.power = -(out.force.dot(motion.velocity) + out.torque.dot(motion.angularVelocity));
  return out;
}

}  // namespace mbs::solver::detail
