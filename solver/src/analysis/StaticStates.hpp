#pragma once
// First-order states (Dae::firstOrderStates: Adams DIFF) in statics and quasi-statics. A state is
// the velocity of its own coordinate (System::differentialOffset), so statics, which holds every
// velocity at zero, solves for the states instead of for those coordinates: the generalized force
// on a state's coordinate is its derivative f, and equilibrium is f(x) = 0 together with the force
// balance. A state under STATIC_HOLD keeps its value: its row is x − x_held = 0. As Adams
// ("If you do not set static hold, Adams Solver sets the time derivatives of the user-defined
// variables to zero during a static simulation ... If you do set static hold, Adams Solver
// retains the user-specified initial conditions as the static equilibrium values").
#include <vector>

#include "System.hpp"

namespace mbs::solver::detail {

class StaticStates {
public:
  // The states start from state.qd (their current values) when it has every coordinate, else from
  // the model's initial values.
  StaticStates(const System& system, const State& state);

  bool empty() const { return m_count == 0; }
  int offset() const { return m_offset; }
  int count() const { return m_count; }
  bool isState(int coordinate) const { return coordinate >= m_offset && coordinate < m_offset + m_count; }

  // The velocities statics evaluates the forces with: 0 for every body coordinate, x for the
  // states.
  Vec velocities(int n, const Vec& x) const;
  const Vec& start() const { return m_start; }

  // The held states' rows of a residual are 0 (their value is not an unknown).
  void clearHeldRows(Vec& residual) const;
  // The Newton matrix K = ∂(Φ_qᵀλ − Q)/∂q over the coordinates becomes the one over (body
  // coordinates, states): a state's column is −∂Q/∂x = −∂Q/∂q̇ of its coordinate (nothing depends
  // on the coordinate itself); a held state's row and column are the identity's.
  void adaptTangent(const SparseMat& dQdqd, SparseMat& k) const;
  // Moves a Newton step's state entries from the coordinates (left unchanged) to the states.
  void applyStep(const Vec& q, const Vec& dq, double step, Vec& qNew, const Vec& x, Vec& xNew) const;

private:
  int m_offset = 0, m_count = 0;
  std::vector<bool> m_held;
  Vec m_start;
};

}  // namespace mbs::solver::detail
