#pragma once
// Import of Adams/Solver datasets (.adm); what is read and what each statement maps to is in
// docs/adams-interop.md. Statements and arguments may be abbreviated to any unambiguous prefix of
// their documented spelling. Faithful or refused: a statement or argument that would change the
// physics and cannot be imported exactly (a force, constraint, motion or initial condition) is an
// error unless AdmImportOptions::allowUnsupported, and is listed in AdmImportResult::dropped
// either way; outputs, graphics detail and solver tuning the solver lacks give warnings.
// Malformed input (syntax, unknown references, duplicate ids, bad units, non-positive mass...)
// gives errors and no model. Values are converted to SI; Adams ids become names ("MARKER_204")
// unless the deck carries an adams_view_name comment; expressions are rewritten to use those names.
#include <map>
#include <optional>
#include <set>
#include <string>

#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/Units.hpp"

namespace mbs::core {

struct AdmImportOptions {
  bool allowUnsupported = false;  // drop what cannot be imported exactly, with a warning
};

struct AdmImportResult {
  std::optional<Model> model;
  Diagnostics warnings;
  Diagnostics errors;
  Diagnostics dropped;  // what was (or, refused, would be) left out although it changes the physics
  // The element each JOINT, JPRIM, GEAR, COUPLER, MOTION and force statement became, by its
  // label ("JOINT/3"): command files activate and deactivate elements by Adams id.
  std::map<std::string, EntityRef> elements;
  std::map<long, std::string> sensorNames;  // SENSOR id -> the model's sensor
  std::set<long> sensors;                   // the ids of the dataset's SENSOR statements (not simulated)
  // PINPUT / POUTPUT id -> the model's plant input / output (an .acf's LINEAR/STATEMAT names them by id).
  std::map<long, std::string> plantInputNames, plantOutputNames;
  UnitSystem units;  // the dataset's UNITS (state matrices are reported in them, as Adams does)
  bool ok() const { return model.has_value(); }
};

AdmImportResult importAdm(const std::string& path, AdmImportOptions options = {});
AdmImportResult importAdmFromString(const std::string& text, const std::string& fileName = {},
                                    AdmImportOptions options = {});

}  // namespace mbs::core
