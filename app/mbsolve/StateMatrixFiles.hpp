#pragma once
// The state matrices of a linear analysis as files (docs/mbsolve.md, "State matrices"):
// PREFIX_A.csv, PREFIX_B.csv, PREFIX_C.csv, PREFIX_D.csv (a header of column names, one row per
// state or output with its name first), PREFIX_eigenvalues.csv and PREFIX.m (MATLAB/Octave text:
// A = [ ... ]; ... the names as cell arrays and the eigenvalues of A) and PREFIX.mat (MATLAB
// Level 4 binary: A, B, C, D, the complex eigenvalues, the names as blank-padded text matrices).
#include <optional>
#include <string>

#include "mbs/solver/Plant.hpp"

namespace mbs::app {

// "model.mat" -> "model", "dir/plant" -> "dir/plant": the prefix of the files.
std::string stateMatrixPrefix(const std::string& file);

// "states in mm, rad, mm/s and rad/s; rates per s": the units of the states for the length and time
// units given as factors to SI.
std::string stateUnitsText(double lengthUnit, double timeUnit);

// Writes the files; `title` heads the .m file, `units` says the states' units. An error message
// (naming the file) if one could not be written.
std::optional<std::string> writeStateMatrices(const solver::StateMatrices& m, const std::string& prefix,
                                              const std::string& title, const std::string& units);

}  // namespace mbs::app
