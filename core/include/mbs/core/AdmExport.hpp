#pragma once
// Export of a model as an Adams/Solver dataset (.adm) in documented Adams syntax, SI units, that
// importAdm reads back to the same model (names kept through adams_view_name comments). What the
// Adams statements cannot express (flexible parts, gears and rack-and-pinions given by a ratio,
// friction settings Adams lacks, mesh-file graphics...) is listed in errors, or for graphics in
// warnings; docs/adams-interop.md, "Export".
#include <string>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core {

struct AdmExportResult {
  std::string text;
  Diagnostics errors;    // not exportable: the text is incomplete
  Diagnostics warnings;  // graphics left out, initial velocities made exact
  bool ok() const { return errors.empty(); }
};

AdmExportResult exportAdm(const Model& model);

}  // namespace mbs::core
