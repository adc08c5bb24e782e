#pragma once
// User functions reach the solver through these small interfaces, so the solver does not
// depend on the expression parser that core uses (muparser with the Adams functions).
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

// Kinematic state as seen by a user force function (the Adams measure functions DX, VX, WZ, AX...
// are written on top of these). Marker indices are indices into Model::markers; kGround (-1)
// stands for the ground origin frame.
class StateView {
public:
  virtual ~StateView() = default;
  virtual double time() const = 0;
  virtual Vec3 position(int marker) const = 0;         // origin, ground frame
  virtual Mat3 orientation(int marker) const = 0;      // columns = marker axes in ground frame
  virtual Vec3 velocity(int marker) const = 0;         // origin velocity, ground frame
  virtual Vec3 angularVelocity(int marker) const = 0;  // ground frame
  // Accelerations are only available where the analysis has them (else zero).
  virtual Vec3 acceleration(int marker) const = 0;
  virtual Vec3 angularAcceleration(int marker) const = 0;
};

// A scalar that may depend on time and on the state (force magnitudes, GFORCE components).
class StateFunction {
public:
  virtual ~StateFunction() = default;
  virtual double evaluate(const StateView& state) const = 0;
};

// A function of time only (motions). Derivatives default to finite differences; override
// where they are known analytically.
class TimeFunction {
public:
  virtual ~TimeFunction() = default;
  virtual double value(double t) const = 0;
  virtual double derivative(double t, int order) const;  // order 1 or 2
};

}  // namespace mbs::solver
