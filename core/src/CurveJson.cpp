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

namespace {

// One curve's keys ("curve", "curve_start", "curve_velocity", "floating_marker", with a prefix:
// "i_curve" … for a curve_curve joint's I curve).
void curveToJson(const Model& m, const std::string& prefix, const std::optional<JointCurve>& curve,
                 const std::optional<std::array<double, 3>>& start, const std::optional<double>& speed,
                 MarkerId floating, json& j)
{
  if (curve) {
    json c = json::object();
    curveShapeToJson(*curve, c);
    j[prefix + "curve"] = std::move(c);
  }
  if (start)
    j[prefix + "curve_start"] = {(*start)[0], (*start)[1], (*start)[2]};
  if (speed)
    j[prefix + "curve_velocity"] = *speed;
  if (floating)
    j[prefix + "floating_marker"] = nameOf(m, EntityRef(floating));
}

void curveFromJson(JsonReader& rd, const std::string& at, const UnitSystem& u, const Resolver& r,
                   const std::string& prefix, std::optional<JointCurve>& curve,
                   std::optional<std::array<double, 3>>& start, std::optional<double>& speed,
                   MarkerId& floating, const std::string& joint, Diagnostics& errors)
{
  const std::string curveKey = prefix + "curve", startKey = prefix + "curve_start",
                    speedKey = prefix + "curve_velocity", floatingKey = prefix + "floating_marker";
  if (const auto* c = rd.child(curveKey.c_str())) {
    JsonReader rc(*c, at + "/" + curveKey, errors, joint);
    if (rc.isObject()) {
      curve = curveShapeFromJson(rc, u.length);
      rc.finish();
    }
  }
  if (rd.has(startKey.c_str())) {
    const Vec3 s = rd.vec3(startKey.c_str(), u.length);
    start = std::array<double, 3>{s.x(), s.y(), s.z()};
  }
  if (rd.has(speedKey.c_str()))
    speed = rd.number(speedKey.c_str(), u.velocity());
  if (rd.has(floatingKey.c_str()))
    floating = MarkerId(rd.reference(floatingKey.c_str(), EntityKind::Marker, r));
}

}  // namespace

void curveJointToJson(const Model& m, const Joint& jt, json& j)
{
  if (jt.kind != JointKind::PointCurve && jt.kind != JointKind::CurveCurve)
    return;
  curveToJson(m, "", jt.curve, jt.curveStart, jt.curveVelocity, jt.floatingMarker, j);
  if (jt.kind == JointKind::CurveCurve)
    curveToJson(m, "i_", jt.iCurve, jt.iCurveStart, jt.iCurveVelocity, jt.iFloatingMarker, j);
}

void curveJointFromJson(JsonReader& rd, const std::string& at, const UnitSystem& u, const Resolver& r,
                        Joint& jt, Diagnostics& errors)
{
  const bool point = jt.kind == JointKind::PointCurve, pair = jt.kind == JointKind::CurveCurve;
  for (const char* key : {"curve", "curve_start", "curve_velocity", "floating_marker", "i_curve",
                          "i_curve_start", "i_curve_velocity", "i_floating_marker"}) {
    const bool iKey = key[0] == 'i';
    if (rd.has(key) && (iKey ? !pair : !(point || pair))) {
      rd.child(key, false);
      rd.error(key, iKey ? "only a curve_curve joint has an I curve"
                         : "only a point_curve or curve_curve joint has a curve");
    }
  }
  if (point || pair)
    curveFromJson(rd, at, u, r, "", jt.curve, jt.curveStart, jt.curveVelocity, jt.floatingMarker, jt.name,
                  errors);
  if (pair)
    curveFromJson(rd, at, u, r, "i_", jt.iCurve, jt.iCurveStart, jt.iCurveVelocity, jt.iFloatingMarker,
                  jt.name, errors);
}

}  // namespace mbs::core::detail
