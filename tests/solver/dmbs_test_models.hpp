#pragma once
// Models shared by the DMBS tests (dmbs_formulation_test, dmbs_bdf_test, dmbs_kinematics_test).
#include <numbers>

#include "system_test_models.hpp"

namespace mbs::solver::test {

// A uniform rod (length L, mass m) hanging from a revolute joint about ground's z at the origin,
// released at angle θ0 from the vertical.
inline Model rodPendulum(double theta0)
{
  const double l = 1.0, m = 2.0;
  Model model;
  model.name = "rod_pendulum";
  model.gravity = Vec3(0, -9.81, 0);
  const Quat tilt(Eigen::AngleAxisd(theta0, Vec3::UnitZ()));
  model.bodies.push_back(
      makeBody("rod", m, {m * l * l / 12, 1e-6, m * l * l / 12}, tilt * Vec3(0, -l / 2, 0), tilt));
  const int top = addMarker(model, "rod_top", 0, Vec3(0, l / 2, 0));
  const int pivot = addMarker(model, "ground_pivot", kGround, Vec3::Zero());
  addJoint(model, "pivot", JointType::Revolute, top, pivot);
  return model;
}

// Parallelogram four-bar in the xy plane: cranks of length 1 on ground pivots at x = 0 and 1,
// the coupler joining their tips; the first crank turns at ω from vertical, so the linkage lies
// flat (all four pins on the x axis, a singular position) at ωt = π/2 and 3π/2.
inline Model parallelogram(double omega)
{
  Model m;
  m.name = "parallelogram";
  m.gravity = Vec3(0, -9.81, 0);
  const Quat up(Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitZ()));  // crank x axis along +y
  m.bodies.push_back(makeBody("crank", 1.0, {1e-3, 0.084, 0.084}, Vec3(0, 0.5, 0), up));
  m.bodies.push_back(makeBody("coupler", 1.0, {1e-3, 0.084, 0.084}, Vec3(0.5, 1, 0)));
  m.bodies.push_back(makeBody("follower", 1.0, {1e-3, 0.084, 0.084}, Vec3(1, 0.5, 0), up));
  const int c0 = addMarker(m, "crank_base", 0, Vec3(-0.5, 0, 0));
  const int g0 = addMarker(m, "ground_0", kGround, Vec3::Zero());
  const int c1 = addMarker(m, "crank_tip", 0, Vec3(0.5, 0, 0));
  const int k0 = addMarker(m, "coupler_0", 1, Vec3(-0.5, 0, 0));
  const int k1 = addMarker(m, "coupler_1", 1, Vec3(0.5, 0, 0));
  const int f1 = addMarker(m, "follower_tip", 2, Vec3(0.5, 0, 0));
  const int f0 = addMarker(m, "follower_base", 2, Vec3(-0.5, 0, 0));
  const int g1 = addMarker(m, "ground_1", kGround, Vec3(1, 0, 0));
  addJoint(m, "crank_pivot", JointType::Revolute, c0, g0);
  addJoint(m, "follower_pivot", JointType::Revolute, f0, g1);
  addJoint(m, "crank_pin", JointType::Revolute, k0, c1);
  addJoint(m, "follower_pin", JointType::Revolute, k1, f1);
  Motion drive;
  drive.name = "crank_drive";
  drive.iMarker = c0;
  drive.jMarker = g0;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<Polynomial>(std::numbers::pi / 2, omega);
  m.motions.push_back(drive);
  for (Body& b : m.bodies)
    b.velocity = Vec3(-0.5 * omega, 0, 0);
  m.bodies[1].velocity = Vec3(-omega, 0, 0);
  m.bodies[0].angularVelocity = m.bodies[2].angularVelocity = Vec3(0, 0, omega);
  return m;
}

}  // namespace mbs::solver::test
