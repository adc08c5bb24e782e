#pragma once
// A part's solid (core::Geometry) as the dialogs name it ("sphere 1, r 0.05 m") and as a contact
// uses it (core::ContactSolid; issue 30).
#include <QString>
#include <optional>

#include "mbs/core/Contact.hpp"
#include "mbs/core/Part.hpp"

namespace mbs::ui {

// "box 2 (0.1 × 0.2 × 0.05 m)": the kind, the 1-based number k + 1 and its dimensions.
QString solidText(const core::Geometry& geometry, int k);

// The part's solid k as a contact solid named "<part>.<kind><k + 1>", or nullopt with `why`
// (translated) when it cannot touch: a link (a bar between two points, not a closed solid) or a
// file other than STL or OBJ.
std::optional<core::ContactSolid> contactSolidOf(const core::Part& part, int k, QString& why);

}  // namespace mbs::ui
