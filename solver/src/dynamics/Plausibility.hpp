#pragma once
// Plausibility bounds of a dynamic run (docs/mbsolve.md, "Limits"): a run whose state or energy
// account has become absurd stops with a located message instead of finishing with exit 0. Two
// tests, both far outside what a sound model reaches:
//   - the state: a coordinate that is not finite, or a part's centre of mass faster than light
//     (a velocity of 1e20 m/s from a unit or exponent error in the model);
//   - the energy balance: its error (ΔE_mech − W_motions − ΣW_elements, EnergyAccount) larger than
//     a fraction of the run's energy scale, i.e. the integration no longer follows the equations.
#include <string>

#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

class System;
class EnergyAccount;

struct PlausibilityBounds {
  double maxSpeed = 299'792'458.0;  // [m/s] of a part's centre of mass; 0 = no bound
  double maxEnergyError = 10.0;     // |energy balance error| / energy scale; 0 = no bound
};

// The energy scale the error is measured against: the account's own scale (largest work or change
// of energy) but at least 1 % of the mechanical energies reached, so that the round-off of a run in
// which little changes (a free body keeping its kinetic energy, a ball at rest on a floor) and the
// tolerance-level error of a small motion (a governor's drive work against its 21 J) are not
// mistaken for an absurd error.
double energyCheckScale(const EnergyAccount& account);

// Not ok (StatusCode::Implausible) when a coordinate or rate of `state` is not finite or a part
// moves faster than bounds.maxSpeed; the message names the part, the time and the bound.
Status checkPlausibleState(const System& system, const State& state, const PlausibilityBounds& bounds);

// Not ok when |account.residual()| exceeds bounds.maxEnergyError × energyCheckScale(account); the
// message gives the energies, the element that did the most work and what to change.
Status checkPlausibleEnergy(const EnergyAccount& account, const PlausibilityBounds& bounds);

}  // namespace mbs::solver
