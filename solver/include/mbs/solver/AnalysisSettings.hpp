#pragma once
#include <cstddef>

// What one run of the solver entry point (Analysis.hpp) computes and how: the analysis, the
// formulation of the equations, the integrator and the output times.

namespace mbs::solver {

// QuasiStatic: Adams' quasi-static equilibrium analysis (SIMULATE/STATICS with END=): a static
// equilibrium at each output time under the loads and motions of that time, each solved from the
// one before.
enum class AnalysisKind { InitialConditions, Kinematic, Static, Dynamic, Linear, QuasiStatic };

// How the equations of motion are posed (a choice of the run; a later formulation plugs in here).
enum class Formulation {
  I3,    // absolute coordinates, index 3: Φ(q) = 0, error control on positions
  SI2,   // absolute coordinates, stabilized index 2 (Gear–Gupta–Leimkuhler): Φ = 0 and
         // Φ_q q̇ + Φ_t = 0 with an extra multiplier μ; error control on positions and velocities
  DMBS,  // joint coordinates (seed 001): spanning tree with cut joints, O(N) recursive dynamics,
         // stabilized cut-joint equations; dynamic analysis by BDF (GSTIFF/WSTIFF) or Runge–Kutta 5(4)
         // (RKF45) on the joint coordinates, kinematic analysis by Newton on them (the other analyses
         // are the same in every formulation). Refuses what it does not cover.
  Auto,  // chosen per model and analysis when the run starts (analysis/AutoFormulation.hpp): DMBS
         // where it covers the model, SI2 (I3 with HHT) otherwise; the run's log says which and why
};

enum class IntegratorType {
  Gstiff,       // variable-order BDF, fixed leading coefficient (BdfVariant::FixedLeadingCoefficient)
  Wstiff,       // variable-order BDF, variable coefficients (BdfVariant::VariableCoefficient)
  Hht,          // HHT-α, index 3
  Rkf45,        // non-stiff RKF45 with coordinate partitioning
  ConstantBdf,  // variable-order BDF at one fixed step (maxStep, else initialStep, else outputStep)
  Dstiff,       // DASSL's variable-step BDF: predictor on the true past points, fixed leading
                // coefficient (BdfVariant::DasslFixedLeadingCoefficient); I3 only, as Adams' DSTIFF
  Abam,         // non-stiff Adams–Bashforth–Moulton, orders 1..12, with coordinate partitioning
};

const char* toString(AnalysisKind kind);
const char* toString(Formulation formulation);
const char* toString(IntegratorType type);

struct AnalysisSettings {
  AnalysisKind kind = AnalysisKind::Dynamic;
  Formulation formulation = Formulation::Auto;  // dynamic and kinematic: how the equations are posed
  IntegratorType integrator = IntegratorType::Gstiff;
  // Kinematic, quasi-static and dynamic: frames at startTime + k·outputStep and at endTime. The
  // single-frame analyses (initial conditions, static, linear) run at startTime.
  double startTime = 0.0;
  double endTime = 1.0;
  double outputStep = 0.01;
  double tolerance = 1e-6;   // integrator error tolerance
  double maxStep = 0.0;      // largest integrator step; 0 = outputStep
  double initialStep = 0.0;  // first integrator step (Adams HINIT); 0 = chosen by the integrator
  // Highest integrator order (Adams KMAX): the BDFs 1..6, ABAM 1..12; 0 = the integrator's own
  // (BDF 5, ABAM 12).
  int maxOrder = 0;
  int maxIterations = 6;  // corrector (Newton) iterations per step (Adams MAXIT)
  // false: the run continues from the Model's body states as they are (consistent, e.g. where a
  // previous run ended, see continueFrom) instead of solving the initial conditions. Dynamic only.
  bool solveInitialConditions = true;

  // Work bounds (docs/mbsolve.md, "Limits"); a run that would pass one is refused or stopped with a
  // message saying where and which bound.
  std::size_t maxOutputFrames = 10'000'000;  // kinematic and dynamic: frames of the output grid
  long maxSteps = 10'000'000;  // integrator steps (accepted + rejected); also stops a run whose recent
                               // step size projects past it; 0 = no limit
  double minStep = 1e-12;      // smallest integrator step [s] before the run stops
  // Plausibility bounds of a dynamic run (docs/mbsolve.md, "Limits"): it stops when a part's centre
  // of mass moves faster than maxSpeed [m/s] or, in the absolute formulations, when its energy
  // balance error passes maxEnergyError × its energy scale; 0 = no bound.
  double maxSpeed = 299'792'458.0;
  double maxEnergyError = 10.0;
};

}  // namespace mbs::solver
