#pragma once
// Small models with joint friction for the friction_*_test.cpp files, and helpers to run them.
#include <cmath>
#include <string>
#include <vector>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/solver/Results.hpp"
#include "system_test_models.hpp"

namespace mbs::solver::test {

constexpr IntegratorType kAllIntegrators[] = {IntegratorType::Gstiff, IntegratorType::Wstiff,
                                              IntegratorType::Hht, IntegratorType::Rkf45};

inline FrictionParameters coulomb(double muStatic, double muDynamic, double stictionVelocity)
{
  FrictionParameters p;
  p.staticCoefficient = muStatic;
  p.dynamicCoefficient = muDynamic;
  p.stictionTransitionVelocity = stictionVelocity;
  return p;
}

// Bodies given exactly: the initial-condition analysis keeps them.
inline void exactInitialState(Body& b)
{
  b.positionExact = {true, true, true};
  b.orientationExact = true;
  b.velocityExact = {true, true, true};
  b.angularVelocityExact = {true, true, true};
}

// Marker frame of a slope at angle phi: x = outward normal, y = ground z, z = down the slope.
inline Mat3 slopeFrame(double phi)
{
  Mat3 a;
  a.col(0) = Vec3(std::sin(phi), std::cos(phi), 0.0);
  a.col(1) = Vec3::UnitZ();
  a.col(2) = Vec3(std::cos(phi), -std::sin(phi), 0.0);
  return a;
}

// A block of `mass` on a slope at angle phi, on a translational joint along it with `friction`;
// gravity g along −y.
inline Model blockOnIncline(double phi, double mass, double g, const FrictionParameters& friction)
{
  Model model;
  model.name = "incline";
  model.gravity = Vec3(0.0, -g, 0.0);
  Body b = makeBody("block", mass, Vec3(0.01, 0.01, 0.01), Vec3::Zero());
  exactInitialState(b);
  model.bodies.push_back(b);
  const int i = addMarker(model, "block.slide", 0, Vec3::Zero(), slopeFrame(phi));
  const int j = addMarker(model, "slope", kGround, Vec3::Zero(), slopeFrame(phi));
  addJoint(model, "slide", JointType::Translational, i, j);
  model.joints[0].friction = friction;
  return model;
}

// The seed paper's pendulum (seed 001, section 5): a bar L = 1 m, 0.1 × 0.1 m, ρ = 7800 kg/m³,
// hanging from a cylindrical joint whose axis is the ground z axis (horizontal; g = 9.8 in −y),
// pin radius R = 0.05 m, end faces a unit distance apart (c = 0.5), μ = 0.1, starting
// horizontal (along +x) at rest in rotation and sliding along the axis at 1 m/s.
struct SeedPendulum {
  static constexpr double L = 1.0, a = 0.1, rho = 7800.0, g = 9.8, R = 0.05, c = 0.5, mu = 0.1, s0 = 1.0;
  static double mass() { return rho * a * a * L; }
  // About the CM: bending axes (y, z) and the bar's own axis (x).
  static Vec3 inertia()
  {
    const double m = mass();
    return {m * (a * a + a * a) / 12.0, m * (L * L + a * a) / 12.0, m * (L * L + a * a) / 12.0};
  }
  // About the joint axis.
  static double pivotInertia() { return inertia().z() + mass() * 0.25 * L * L; }
};

// A rotor on a `type` joint (revolute or spherical) about the ground z axis, spinning at ω₀ under a
// radial load (gravity −y, CM on the axis): the friction torque is μ F R, the deceleration μ F R / J.
struct Rotor {
  static constexpr double kMass = 10.0, kJ = 0.5, kG = 9.81, kMu = 0.2, kR = 0.02, kOmega0 = 4.0;
};
inline Model rotorModel(JointType type)
{
  Model model;
  model.name = "rotor";
  model.gravity = Vec3(0.0, -Rotor::kG, 0.0);  // radial: the joint axis is the ground z axis
  Body b = makeBody("rotor", Rotor::kMass, Vec3(0.3, 0.3, Rotor::kJ), Vec3::Zero());
  b.angularVelocity = Vec3(0.0, 0.0, Rotor::kOmega0);
  exactInitialState(b);
  model.bodies.push_back(b);
  const int i = addMarker(model, "rotor.axis", 0, Vec3::Zero());
  const int j = addMarker(model, "ground.axis", kGround, Vec3::Zero());
  addJoint(model, "bearing", type, i, j);
  FrictionParameters p = coulomb(Rotor::kMu, Rotor::kMu, 1e-4);
  p.pinRadius = Rotor::kR;
  model.joints[0].friction = p;
  return model;
}

inline Model seedPendulum(bool friction = true)
{
  Model model;
  model.name = "seed_pendulum";
  model.gravity = Vec3(0.0, -SeedPendulum::g, 0.0);
  Body bar =
      makeBody("bar", SeedPendulum::mass(), SeedPendulum::inertia(), Vec3(0.5 * SeedPendulum::L, 0, 0));
  bar.velocity = Vec3(0.0, 0.0, SeedPendulum::s0);
  exactInitialState(bar);
  model.bodies.push_back(bar);
  const int i = addMarker(model, "bar.pin", 0, Vec3(-0.5 * SeedPendulum::L, 0, 0));
  const int j = addMarker(model, "ground.pin", kGround, Vec3::Zero());
  addJoint(model, "pin", JointType::Cylindrical, i, j);
  if (friction) {
    FrictionParameters p = coulomb(SeedPendulum::mu, SeedPendulum::mu, 1e-3);
    p.pinRadius = SeedPendulum::R;
    p.halfLength = SeedPendulum::c;
    model.joints[0].friction = p;
  }
  return model;
}

// The frames of a dynamic run; hmax > 0 bounds the step (mbsolve and mbstudio bound it by the
// output step unless the model sets a maximum step).
inline std::vector<ResultFrame> runFor(const System& system, IntegratorType type, double end, double step,
                                       double tol = 1e-6, Formulation formulation = Formulation::I3,
                                       double hmax = 0.0)
{
  DynamicOptions options;
  options.endTime = end;
  options.outputStep = step;
  options.integrator = type;
  options.integratorOptions.tolerance = tol;
  options.integratorOptions.formulation = formulation;
  options.integratorOptions.hmax = hmax;
  ResultStore results;
  const Status st = runDynamics(system, options, nullptr, results);
  EXPECT_TRUE(st.ok()) << toString(type) << ": " << st.message;
  std::vector<ResultFrame> frames;
  for (size_t k = 0; k < results.size(); ++k)
    frames.push_back(results.frame(k));
  return frames;
}

// Kinetic plus potential energy of all bodies in a frame.
inline double mechanicalEnergy(const Model& model, const ResultFrame& f)
{
  double e = 0.0;
  for (std::size_t b = 0; b < model.bodies.size(); ++b) {
    const Body& body = model.bodies[b];
    const BodyOutput& o = f.bodies[b];
    const Mat3 rot = o.orientation.toRotationMatrix();
    const Vec3 wLocal = rot.transpose() * o.angularVelocity;
    e += 0.5 * body.mass * o.velocity.squaredNorm() + 0.5 * wLocal.dot(body.inertia * wLocal) -
         body.mass * model.gravity.dot(o.position);
  }
  return e;
}

// ∫ y dt by the trapezoidal rule over the frames.
inline double trapezoid(const std::vector<double>& t, const std::vector<double>& y)
{
  double s = 0.0;
  for (std::size_t k = 1; k < t.size(); ++k)
    s += 0.5 * (t[k] - t[k - 1]) * (y[k] + y[k - 1]);
  return s;
}

}  // namespace mbs::solver::test
