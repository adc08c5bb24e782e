#pragma once
// The fuzz targets: each runs one input through a public entry point of core/solver and returns
// the invariant it broke ("" when all held). Crashes, hangs and sanitizer findings are caught by
// libFuzzer (tests/fuzz, scripts/fuzz.sh); the same functions replay the found inputs kept in
// tests/data/fuzz/<target>/ as regression tests (tests/core/FuzzRegressionTest.cpp).
#include <string>
#include <string_view>
#include <vector>

namespace mbs::fuzz {

// .adm import: errors are located; an imported model saves to a native file that loads again.
std::string admImport(std::string_view input);
// Native loader: errors are located; load → save → load gives the same file again.
std::string modelFile(std::string_view input);
// Expression parser and evaluator (with and without measures), and the .adm id rewriting.
std::string expression(std::string_view input);
// Load (native if the input starts with '{', else .adm) → compile → validate → initial conditions;
// a failure names its reason.
std::string initialConditions(std::string_view input);

// Adams command file (.acf) next to a small pendulum dataset: errors are located; every SIMULATE
// read has a finite, positive span and output.
std::string commandFile(std::string_view input);
// Design-study file: errors are located; a study read writes back to text that reads the same.
std::string studyFile(std::string_view input);
// The input as the function of a force and of a VARIABLE of a model with parameters, variables
// and markers (measure functions with arguments of every kind): load → compile → forces at the
// assembled state; refusals name their field, evaluations do not crash.
std::string modelExpression(std::string_view input);

struct Target {
  const char* name;  // folder of its corpus and regression inputs
  std::string (*run)(std::string_view);
};
const std::vector<Target>& targets();

}  // namespace mbs::fuzz
