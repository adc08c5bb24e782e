#pragma once
// Import of Adams/Solver datasets (.adm). Supported statements: UNITS, PART, MARKER, JOINT, JPRIM,
// GEAR, COUPLER, MOTION, SFORCE, SPRINGDAMPER, BUSHING, GFORCE, VFORCE, VTORQUE, ACCGRAV,
// FRICTION, VARIABLE, GRAPHICS (cylinder, box, ellipsoid), END; comments ('!') and continuation
// lines (','). Anything else gives a warning with its line number; malformed input (syntax,
// unknown references, duplicate ids, bad units, non-positive mass...) gives errors and no model.
// Values are converted to SI; Adams ids become names ("MARKER_204") unless the deck carries an
// adams_view_name comment; expressions are rewritten to use those names.
#include <optional>
#include <string>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core {

struct AdmImportResult {
  std::optional<Model> model;
  Diagnostics warnings;
  Diagnostics errors;
  bool ok() const { return model.has_value(); }
};

AdmImportResult importAdm(const std::string& path);
AdmImportResult importAdmFromString(const std::string& text, const std::string& fileName = {});

}  // namespace mbs::core
