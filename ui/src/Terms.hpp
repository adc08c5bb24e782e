#pragma once
// Display names of the model file's keywords (joint, force and motion kinds: "revolute",
// "single_force", "velocity"): the keyword itself in English, its engineering term in a translation.
#include <QString>

namespace mbs::ui {

QString term(const char* keyword);

}  // namespace mbs::ui
