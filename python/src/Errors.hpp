#pragma once
// Errors crossing into Python: a C++ exception carrying the core diagnostics, raised in Python as
// one of mbstudio.errors' classes (ModelError, LoadError, ExportError) with the diagnostics as
// dicts, so a script sees which entity, field, file and line and why.
#include <pybind11/pybind11.h>

#include <stdexcept>
#include <string>

#include "mbs/core/Diagnostics.hpp"

namespace mbs::python {

class DiagnosticsError : public std::runtime_error {
public:
  // kind: the mbstudio.errors class name.
  DiagnosticsError(std::string kind, std::string summary, core::Diagnostics diagnostics);
  const std::string& kind() const { return m_kind; }
  const core::Diagnostics& diagnostics() const { return m_diagnostics; }

private:
  std::string m_kind;
  core::Diagnostics m_diagnostics;
};

// Throws DiagnosticsError when `diagnostics` is not empty; `summary` starts its message.
void throwIfAny(const std::string& kind, const std::string& summary, const core::Diagnostics& diagnostics);

pybind11::dict toPython(const core::Diagnostic& d);
pybind11::list toPython(const core::Diagnostics& diagnostics);

// Registers the translation of DiagnosticsError into mbstudio.errors.
void registerErrors(pybind11::module_& m);

}  // namespace mbs::python
