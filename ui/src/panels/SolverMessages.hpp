#pragma once
// The solver's diagnostics shown in the GUI, in the interface language. The solver (and mbsolve)
// speak English; the known sentence patterns are recognised here, at the ui boundary, and
// rewritten through the translator with their numbers and names kept. Unknown text passes as is.
#include <QString>

namespace mbs::ui {

QString translateSolverMessage(const QString& message);

}  // namespace mbs::ui
