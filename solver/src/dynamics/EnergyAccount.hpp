#pragma once
// Energy account of a dynamic run (docs/solver-notes.md, "Energy balance"): the work of every
// force element and motion, accumulated over the integrator's accepted steps, and the mechanical
// energy at the start and the end. Their balance
//     ΔE_mech − W_motions − Σ W_elements
// is zero for the exact motion; what is left measures the integration error. Each step's work is
// the integral of the cubic through the powers at the last four accepted points (the trapezoidal
// rule on the step's end points alone left 1e-4 of the work on smooth runs at the largest step).
#include <string>
#include <vector>

#include "loads/LoadElement.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

class System;

struct MechanicalEnergy {
  double kinetic = 0.0;  // ½ q̇ᵀ M q̇: rigid and flexible bodies, modal rates included
  double gravity = 0.0;  // −g·∫ρx of every body (−m g·r_cm for a rigid one)
  double strain = 0.0;   // ½ ηᵀ K η of the flexible bodies
  double total() const { return kinetic + gravity + strain; }
};

MechanicalEnergy mechanicalEnergy(const System& system, const Vec& q, const Vec& qd);

// The kinds of work terms are those of the load elements' power channels (loads/LoadElement.hpp).
using loads::WorkKind;

struct WorkTerm {
  WorkKind kind = WorkKind::Force;
  int entity = -1;   // index into Model::motions, forces, joints, contacts or bodies
  std::string name;  // the entity's name
  double work = 0.0;
  double largest = 0.0;  // the largest |work| it reached during the run (the account's scale)
};

class EnergyAccount {
public:
  explicit EnergyAccount(const System& system);

  // The run's initial state; λ is the full multiplier vector (every row of the System); history:
  // the run's history of the load elements (null: none).
  void start(double t, const Vec& q, const Vec& qd, const Vec& lambda,
             const loads::History* history = nullptr);
  // The end of an accepted step: adds each term's work over the step.
  void accept(double t, const Vec& q, const Vec& qd, const Vec& lambda,
              const loads::History* history = nullptr);

  double startTime() const { return m_startTime; }
  double endTime() const { return m_time; }
  const MechanicalEnergy& initialEnergy() const { return m_initial; }
  const MechanicalEnergy& finalEnergy() const { return m_energy; }
  const std::vector<WorkTerm>& terms() const { return m_terms; }
  // Total work of the terms of one kind, and of the terms of entity `entity` of that kind.
  double work(WorkKind kind) const;
  double work(WorkKind kind, int entity) const;
  double motionWork() const { return work(WorkKind::Motion); }
  double elementWork() const;  // every term but the motions
  // ΔE_mech − W_motions − Σ W_elements, and the scale it is measured against: the largest |work|
  // any term reached and the largest change of kinetic, gravity or strain energy during the run.
  double residual() const;
  double scale() const;

  // The account as a few lines for Status::notes (mbsolve's "note:" lines, the GUI's run log):
  // energies, motions, the elements with the largest works (the rest summed), the error.
  std::vector<std::string> report() const;

private:
  void powers(double t, const Vec& q, const Vec& qd, const Vec& lambda, const loads::History* history,
              Vec& out) const;

  const System& m_system;
  std::vector<WorkTerm> m_terms;
  double m_startTime = 0.0, m_time = 0.0;
  MechanicalEnergy m_initial, m_energy;
  MechanicalEnergy m_largestChange;  // per component, the largest |E(t) − E(t0)|
  // Powers per term at the last (up to) four accepted states, newest last, and their times.
  std::vector<Vec> m_powers;
  std::vector<double> m_times;
  bool m_started = false;
};

}  // namespace mbs::solver
