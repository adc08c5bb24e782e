#pragma once
// A StateFunction that reads solved loads (Adams' JOINT(), FX() ... through StateView::elementLoad
// and markerLoad) also derives from this interface: the solver then evaluates it with the
// constraint multipliers of each Newton iterate, the implicit loop Adams' corrector solves
// (solver/src/forces/LoadReadingForces.hpp). StateView's loads are those multipliers' there.
namespace mbs::solver {

class LoadReadingFunction {
public:
  virtual ~LoadReadingFunction() = default;
  virtual bool readsLoads() const = 0;
};

}  // namespace mbs::solver
