#include "CurveJson.hpp"

namespace mbs::core::detail {

void curveShapeToJson(const JointCurve& curve, json& j)
{
  json points = json::array();
  for (const auto& p : curve.points)
    points.push_back({p[0], p[1], p[2]});
  j["points"] = std::move(points);
  j["order"] = curve.order;
  j["closed"] = curve.closed;
  j["through_points"] = curve.throughPoints;
}

JointCurve curveShapeFromJson(JsonReader& rc, double scale)
{
  JointCurve curve;
  curve.order = rc.integer("order", 4);
  curve.closed = rc.boolean("closed", false);
  curve.throughPoints = rc.boolean("through_points", true);
  const auto* points = rc.child("points");
  if (points && !points->is_array()) {
    rc.error("points", "expected an array of [x, y, z] points");
  } else if (points) {
    for (std::size_t k = 0; k < points->size(); ++k) {
      const auto& p = (*points)[k];
      if (!p.is_array() || p.size() != 3 || !p[0].is_number() || !p[1].is_number() || !p[2].is_number()) {
        rc.error("points/" + std::to_string(k), "expected three numbers [x, y, z]");
        break;
      }
      curve.points.push_back(
          {p[0].get<double>() * scale, p[1].get<double>() * scale, p[2].get<double>() * scale});
    }
  }
  return curve;
}

void curveJointToJson(const Model& m, const Joint& jt, json& j)
{
  if (jt.kind != JointKind::PointCurve)
    return;
  if (jt.curve) {
    json c = json::object();
    curveShapeToJson(*jt.curve, c);
    j["curve"] = std::move(c);
  }
  if (jt.curveStart)
    j["curve_start"] = {(*jt.curveStart)[0], (*jt.curveStart)[1], (*jt.curveStart)[2]};
  if (jt.curveVelocity)
    j["curve_velocity"] = *jt.curveVelocity;
  if (jt.floatingMarker)
    j["floating_marker"] = nameOf(m, EntityRef(jt.floatingMarker));
}

void curveJointFromJson(JsonReader& rd, const std::string& at, const UnitSystem& u, const Resolver& r,
                        Joint& jt, Diagnostics& errors)
{
  if (jt.kind != JointKind::PointCurve) {
    for (const char* key : {"curve", "curve_start", "curve_velocity", "floating_marker"})
      if (rd.has(key)) {
        rd.child(key, false);
        rd.error(key, "only a point_curve joint has a curve");
      }
    return;
  }
  if (const auto* c = rd.child("curve")) {
    JsonReader rc(*c, at + "/curve", errors, jt.name);
    if (rc.isObject()) {
      jt.curve = curveShapeFromJson(rc, u.length);
      rc.finish();
    }
  }
  if (rd.has("curve_start")) {
    const Vec3 s = rd.vec3("curve_start", u.length);
    jt.curveStart = std::array<double, 3>{s.x(), s.y(), s.z()};
  }
  if (rd.has("curve_velocity"))
    jt.curveVelocity = rd.number("curve_velocity", u.velocity());
  if (rd.has("floating_marker"))
    jt.floatingMarker = MarkerId(rd.reference("floating_marker", EntityKind::Marker, r));
}

}  // namespace mbs::core::detail
