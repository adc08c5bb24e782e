#pragma once
// A dynamic run in joint coordinates (DMBS) with GSTIFF — Dormand–Prince until the model proves
// stiff, then the BDF — as the clearance and contact tests run it beside the absolute formulation.
#include "System.hpp"
#include "dmbs/DmbsAnalysis.hpp"
#include "mbs/solver/AnalysisSettings.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver::test {

// maxStep 0: the formulation's own bound (the output step when the model has contacts).
inline Status runDmbsDynamics(const System& system, double endTime, double outputStep, double tolerance,
                              double maxStep, ResultStore& results)
{
  AnalysisSettings settings;
  settings.kind = AnalysisKind::Dynamic;
  settings.formulation = Formulation::DMBS;
  settings.integrator = IntegratorType::Gstiff;
  settings.endTime = endTime;
  settings.outputStep = outputStep;
  settings.tolerance = tolerance;
  settings.maxStep = maxStep;
  return dmbs::runDynamics(system, settings, nullptr, results);
}

}  // namespace mbs::solver::test
