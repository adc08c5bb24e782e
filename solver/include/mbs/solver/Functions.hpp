#pragma once
// User functions reach the solver through these small interfaces, so the solver does not
// depend on the expression parser that core uses (muparser with the Adams functions).
#include <vector>

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

// One contact function (Adams IMPACT or BISTOP) as a StateFunction evaluated it: its penetration
// (> 0 in contact, minus the distance to the stop when free), the penetration's rate (> 0 when
// approaching or going deeper) and the penetration d over which its damping ramps up. Integrators
// use them to step onto a contact (Dae::contactStepLimit).
struct ContactSample {
  double penetration = 0.0;
  double rate = 0.0;
  double rampDepth = 0.0;
};

// A scalar that may depend on time and on the state (force magnitudes, GFORCE components).
class StateFunction {
public:
  virtual ~StateFunction() = default;
  virtual double evaluate(const StateView& state) const = 0;
  // Whether the function may call contact functions (then `contacts` reports them).
  virtual bool hasContacts() const { return false; }
  // The contact functions called by one evaluation at `state`, in call order (empty: none).
  virtual void contacts(const StateView& state, std::vector<ContactSample>& out) const
  {
    (void)state;
    out.clear();
  }
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
