#pragma once
// Why a model file, a study file or an Adams deck was refused, what its import left out, or why an
// edit was refused, in the interface language. core speaks English (mbsolve prints it as is); the
// known reasons are recognised here (the file table, then the solver's and model checks' table of
// SolverMessages) and translated with their names, numbers and Adams statements kept.
#include <QString>
#include <string>

#include "mbs/core/Diagnostics.hpp"

namespace mbs::ui {

QString translateReason(const std::string& reason);

// "file:line: field: reason" (core::Diagnostic::toString) with the reason translated.
QString describeDiagnostic(core::Diagnostic diagnostic);

}  // namespace mbs::ui
