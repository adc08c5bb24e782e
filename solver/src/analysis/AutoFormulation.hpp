#pragma once
// The automatic formulation (Formulation::Auto, the default): which equations a dynamic or kinematic
// run poses for this model, and why, for the run's log (docs/solver-notes.md, "Automatic
// formulation"). The joint-coordinate (DMBS) tree wherever it covers the model — it was the faster
// one on every model measured, open chains and closed loops alike (docs/performance.md) —, the
// absolute SI2 where DMBS refuses an element (friction, flexible bodies, clearance, screw, coupler
// and CV joints, …), and I3 when the HHT integrator (an index-3 method of the absolute coordinates)
// was asked for.
#include <string>

#include "mbs/solver/AnalysisSettings.hpp"
#include "mbs/solver/Model.hpp"

namespace mbs::solver {

struct FormulationChoice {
  Formulation formulation = Formulation::SI2;  // never Auto
  std::string note;  // "formulation (automatic): …", empty when settings.formulation was not Auto
};

// settings.formulation when it is not Auto; otherwise the choice for this model and analysis kind.
FormulationChoice chooseFormulation(const Model& model, const AnalysisSettings& settings);

}  // namespace mbs::solver
