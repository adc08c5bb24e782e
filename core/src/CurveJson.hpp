#pragma once
// The curve of a point-to-curve joint in the native file (docs/file-format.md, "curve"): its keys
// are written only for point-to-curve joints.
#include "EntityJsonCommon.hpp"

namespace mbs::core::detail {

void curveJointToJson(const Model& m, const Joint& jt, json& j);
void curveJointFromJson(JsonReader& rd, const std::string& at, const UnitSystem& u, const Resolver& r,
                        Joint& jt, Diagnostics& errors);

}  // namespace mbs::core::detail
