#pragma once
// Curves in the native file (docs/file-format.md, "curve" and "curves"): a point-to-curve joint's
// keys are written only for point-to-curve joints; a data curve's shape has the same keys.
#include "EntityJsonCommon.hpp"

namespace mbs::core::detail {

// The shape's keys ("points", "order", "closed", "through_points") into / from an object; the
// points are multiplied by `scale` when read (a joint's in the file's length unit, data as written).
void curveShapeToJson(const JointCurve& curve, json& j);
JointCurve curveShapeFromJson(JsonReader& rc, double scale);

void curveJointToJson(const Model& m, const Joint& jt, json& j);
void curveJointFromJson(JsonReader& rd, const std::string& at, const UnitSystem& u, const Resolver& r,
                        Joint& jt, Diagnostics& errors);

}  // namespace mbs::core::detail
