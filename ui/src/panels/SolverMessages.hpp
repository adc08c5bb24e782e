#pragma once
// The solver's diagnostics and core's model checks (why an edit, a file or a compile was refused)
// shown in the GUI, in the interface language. Solver, core and mbsolve speak English; the known sentence
// patterns are recognised here, at the ui boundary, and rewritten through the translator with their numbers
// and names kept. Unknown text passes as is.
#include <QString>

namespace mbs::ui {

QString translateSolverMessage(const QString& message);

}  // namespace mbs::ui
