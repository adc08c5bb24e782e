#pragma once
// A control plant's inputs and outputs (Adams' PINPUT and POUTPUT, core::PlantPort) and the linear
// analysis's state matrices x' = A x + B u, y = C x + D u about its static operating point (Adams'
// LINEAR/STATEMAT; docs/solver-notes.md, "State matrices"). core::compile builds the ports.
#include <complex>
#include <memory>
#include <string>
#include <vector>

#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/Functions.hpp"

namespace mbs::solver {

// A value the model's functions read (a VARIABLE) that the linearization may hold at a number in
// place of its own function. Holding changes what every function reading it sees, so it is done by
// one analysis at a time (the linear analysis, on its thread) and always released.
class HeldValue {
public:
  virtual ~HeldValue() = default;
  virtual double value(const StateView& state) const = 0;  // its own function
  virtual void hold(double value) const = 0;
  virtual void release() const = 0;
};

// One PINPUT (inputs) or POUTPUT (outputs).
struct PlantPort {
  std::string name;
  std::vector<std::string> variables;  // the VARIABLEs' names, in order (not `signals`: a Qt macro)
  std::vector<std::shared_ptr<const HeldValue>> inputs;       // PINPUT: one per signal
  std::vector<std::shared_ptr<const StateFunction>> outputs;  // POUTPUT: one per signal
  // Non-empty: why state matrices cannot use it (an input a motion reads, an output reading
  // accelerations or solved loads), said when a linear analysis asks for it.
  std::string refusal;
};

// What the state matrices take u and y from (null: none; then B, or C and D, have no columns or
// rows) and the units they are reported in: length and time units as factors to SI (translations
// in lengthUnit, velocities in lengthUnit per timeUnit, rates per timeUnit; angles in rad).
struct StateMatrixRequest {
  const PlantPort* input = nullptr;
  const PlantPort* output = nullptr;
  double lengthUnit = 1.0, timeUnit = 1.0;
};

// x: the independent coordinates the linearization keeps, as a subset of the parts' coordinates
// ("<part>.x" ... "<part>.rz": CM displacement and small rotation in ground axes; "<part>.mode<k>"),
// then their rates ("<part>.vx" ... "<part>.wz", "<part>.mode<k>_rate"); u and y: the plant's
// VARIABLEs, in their own units.
struct StateMatrices {
  Mat A, B, C, D;
  std::vector<std::string> states, inputs, outputs;
  std::vector<double> u0, y0;                     // inputs and outputs at the operating point
  std::vector<std::complex<double>> eigenvalues;  // of A, ascending by |s|, then imaginary part
};

// The linear analysis (settings.kind must be Linear) with its state matrices: `matrices` is set
// when the outcome's status is ok.
AnalysisOutcome runAnalysis(const Model& model, const AnalysisSettings& settings, ProgressMonitor* monitor,
                            ResultStore& results, const StateMatrixRequest& request, StateMatrices& matrices);

}  // namespace mbs::solver
