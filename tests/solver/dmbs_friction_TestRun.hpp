#pragma once
// Runs of the friction models through the public entry point with a given formulation, for the
// dmbs_friction_*_test.cpp files: the joint-coordinate (DMBS) runs against closed forms and against
// the absolute formulation (SI2) on the same models.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::solver::test {

struct FrictionRun {
  Status status;
  std::vector<ResultFrame> frames;
};

inline FrictionRun runFormulation(const Model& model, Formulation formulation, IntegratorType integrator,
                                  double end, double step, double tol = 1e-6, double maxStep = 0.0,
                                  AnalysisKind kind = AnalysisKind::Dynamic)
{
  AnalysisSettings settings;
  settings.kind = kind;
  settings.formulation = formulation;
  settings.integrator = integrator;
  settings.endTime = end;
  settings.outputStep = step;
  settings.tolerance = tol;
  settings.maxStep = maxStep;
  ResultStore results;
  FrictionRun run;
  run.status = runAnalysis(model, settings, nullptr, results).status;
  for (std::size_t k = 0; k < results.size(); ++k)
    run.frames.push_back(results.frame(k));
  return run;
}

// A DMBS run that must succeed (the message says why not).
inline std::vector<ResultFrame> dmbsFrames(const Model& model, IntegratorType integrator, double end,
                                           double step, double tol = 1e-6, double maxStep = 0.0)
{
  FrictionRun run = runFormulation(model, Formulation::DMBS, integrator, end, step, tol, maxStep);
  EXPECT_TRUE(run.status.ok()) << toString(integrator) << ": " << run.status.message;
  return run.frames;
}

}  // namespace mbs::solver::test
