#pragma once
// The FMI variables of a control plant (docs/solver-notes.md, "Co-simulation FMU"): the VARIABLEs
// of the model's PINPUTs (causality input), of its POUTPUTs (output) and the model's parameters
// (parameter, variability fixed). Value references are 1, 2, ... in that order: the inputs port
// by port, then the outputs, then the parameters. The exporter writes them into
// modelDescription.xml and the FMU binary rebuilds the same list from the model it reads, so the two
// agree by construction.
#include <cstddef>
#include <string>
#include <vector>

#include "mbs/core/Model.hpp"

namespace mbs::fmu {

enum class Causality { Input, Output, Parameter };

struct PlantVariable {
  std::string name;  // the VARIABLE's or the parameter's name
  Causality causality = Causality::Input;
  unsigned valueReference = 0;
  double start = 0.0;  // inputs and parameters (outputs are calculated)
  std::string description;
  std::size_t port = 0, signal = 0;  // inputs and outputs: index of the port and of the VARIABLE in it
  std::size_t parameter = 0;         // parameters: index into Model::parameters
};

struct PlantVariables {
  std::vector<PlantVariable> variables;
  std::string error;  // non-empty: the model cannot be a co-simulation plant, and why
  bool ok() const { return error.empty(); }
};

// The list for `model`. Refused (error) when the model has no PINPUT or no POUTPUT, or a VARIABLE
// is both an input and an output. An input's start is its VARIABLE's function when that is a
// number (Adams' FUNCTION = 0.0 of a PINPUT VARIABLE), else 0.
PlantVariables plantVariables(const core::Model& model);

}  // namespace mbs::fmu
