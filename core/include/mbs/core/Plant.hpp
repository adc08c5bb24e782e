#pragma once
// A control plant's inputs and outputs (Adams' PINPUT and POUTPUT): named lists of VARIABLEs. The
// linear analysis's state matrices (mbsolve --state-matrices, an .acf's LINEAR/STATEMAT) take u
// from one plant input's VARIABLEs (each one's function replaced by its input value) and y from
// one plant output's (docs/file-format.md, "plant_inputs"; docs/solver-notes.md). Not entities:
// they refer to their VARIABLEs by name; their names are unique as the data's.
#include <string>
#include <vector>

namespace mbs::core {

struct PlantPort {
  std::string name;
  std::vector<std::string> variables;  // VARIABLE names, in the order of u (or y)
  std::string description;
  bool operator==(const PlantPort&) const = default;
};

}  // namespace mbs::core
