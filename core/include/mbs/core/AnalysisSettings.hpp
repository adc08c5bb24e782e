#pragma once
// What the user asks the solver to run; the GUI and mbsolve map it onto the solver's analyses.
#include <optional>
#include <string>

namespace mbs::core {

// QuasiStatic: a static equilibrium at each output time (Adams SIMULATE/STATICS with END=).
enum class AnalysisType { InitialConditions, Kinematic, Static, Dynamic, QuasiStatic };
// ConstantBdf: Adams CONSTANT_BDF (one step, HMAX); Dstiff: Adams DSTIFF (DASSL's BDF, I3 only);
// Abam: Adams ABAM (Adams–Bashforth–Moulton with coordinate partitioning).
enum class Integrator { Gstiff, Wstiff, HhtAlpha, Rkf45, ConstantBdf, Dstiff, Abam };
enum class Formulation {
  I3,
  SI2,
  Dmbs,
  Auto
};  // Dmbs: joint coordinates; Auto: chosen per model (solver notes)
const char* toString(AnalysisType v);
const char* toString(Integrator v);
const char* toString(Formulation v);
std::optional<AnalysisType> analysisTypeFromString(std::string_view s);
std::optional<Integrator> integratorFromString(std::string_view s);
std::optional<Formulation> formulationFromString(std::string_view s);

struct AnalysisSettings {
  AnalysisType type = AnalysisType::Dynamic;
  double endTime = 1.0;   // [s]
  int outputSteps = 100;  // number of output intervals
  Integrator integrator = Integrator::Gstiff;
  Formulation formulation = Formulation::Auto;  // I3 error control sees positions only (solver notes)
  double errorTolerance = 1e-4;
  double maxStepSize = 0.0;      // [s]; 0 = output interval
  double initialStepSize = 0.0;  // [s]; 0 = automatic
  int maxIterations = 10;        // corrector / Newton iterations per step (Adams MAXIT)
  int maxOrder = 0;              // highest integrator order (Adams KMAX); 0 = the integrator's own
  bool operator==(const AnalysisSettings&) const = default;
};

}  // namespace mbs::core
