#pragma once
// What the Properties panel knows about each field of an entity's file form (the JSON of
// docs/file-format.md): numeric fields' labels, SI units, display scale and lower bounds; the labels
// of text, choice and switch fields; the choices of enumerations; which fields name other entities.
#include <QString>
#include <QStringList>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/Model.hpp"
#include "mbs/core/Units.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui::property_fields {

using json = nlohmann::ordered_json;

inline constexpr double kDeg = 180.0 / 3.14159265358979323846;

struct NumberSpec {
  const char* label;
  const char* unit;    // in SI (angles: deg); quantityOf() gives the quantity shown in display units
  double scale = 1.0;  // display = SI * scale, for a unit quantityOf() does not know
  double min = -1e12;  // SI
};

// The quantity of a property with the SI unit `unit`; nullopt for a unit no core::Quantity names
// (powersOf() may know it; else the field stays in the unit its label names).
std::optional<core::Quantity> quantityOf(const char* unit);

// The unit, in base-unit powers, of a property whose SI unit `unit` no core::Quantity names: a
// contact stiffness "N/mⁿ" (with `exponent` n) and the polynomial dampings "N·s/m²", "N·s/m³".
std::optional<UnitPowers> powersOf(const char* unit, double exponent);

// Labels, units and display scale of the numeric properties of the file form.
const std::map<std::string, NumberSpec>& numberSpecs();

// Labels of the text, choice and switch properties (numbers: numberSpecs); other keys are shown
// as written in the file, capitalised ("free_text" -> "Free text").
QString keyLabel(const std::string& key);

// The properties whose presence adds or removes rows of their own (other switches restore
// themselves): a rebuild follows when one comes or goes.
std::vector<std::string> sectionsOf(const json& object, const core::Model& model);

// The names a choice field offers (empty: not a choice).
QStringList enumNames(const std::string& key, const std::string& context);

// The kind of entity a reference field names (joint, or marker), and the names it offers.
core::EntityKind referenceKind(const std::string& key);
QStringList namesOf(const core::Model& model, core::EntityKind kind);

// The file form's context name of an entity kind ("part", "joint", ..., "model").
QString contextOf(core::EntityKind kind);

}  // namespace mbs::ui::property_fields
