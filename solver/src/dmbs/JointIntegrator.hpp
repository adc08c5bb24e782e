#pragma once
// What the DMBS dynamic analysis needs of an integrator on the joint coordinates and rates
// y = [q; v]: start at a point, deliver (q, v) at each output time, count its work.
#include "mbs/solver/Progress.hpp"
#include "mbs/solver/Status.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver::dmbs {

class JointIntegrator {
public:
  virtual ~JointIntegrator() = default;
  virtual const char* name() const = 0;
  // Starts at (t, q, v).
  virtual void initialize(double t, const Vec& q, const Vec& v) = 0;
  // Integrates to the output time tOut (never past endTime) and makes q(), v() its values there;
  // reports each accepted step.
  virtual Status advanceTo(double tOut, ProgressMonitor* monitor, double endTime) = 0;
  // After advanceTo: the output time and the coordinates and rates there.
  virtual double time() const = 0;
  virtual const Vec& q() const = 0;
  virtual const Vec& v() const = 0;
  virtual long steps() const = 0;
  virtual long rejected() const = 0;
  virtual long evaluations() const = 0;
};

}  // namespace mbs::solver::dmbs
