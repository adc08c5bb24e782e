// Forces in the native file: spring-dampers, bushings, function forces, beams, fields, NFORCEs and
// contacts (their parameters in ContactJson.cpp).
#include <algorithm>
#include <cmath>

#include "EntityJsonCommon.hpp"
#include "ExpressionUnits.hpp"

namespace mbs::core::detail {
namespace {

// SI factor of entry (r, c) of a field's 6×6 matrix: rows force/torque, columns length/angle
// (damping: per time as well).
std::vector<double> matrix6Scales(const UnitSystem& u, bool damping)
{
  std::vector<double> s(36);
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c)
      s[6 * r + c] = (r < 3 ? u.force : u.torque()) / (c < 3 ? u.length : u.angle) * (damping ? u.time : 1.0);
  return s;
}

std::vector<double> sixScales(double first, double second)
{
  return {first, first, first, second, second, second};
}

// SI factors of an NFORCE's 6n × 6n matrix (row-major) or, with columns = false, of its 6n vectors
// of displacements (row: length/angle) or loads (force/torque).
std::vector<double> multiPointScales(const UnitSystem& u, int n, bool damping)
{
  const std::size_t size = 6 * std::size_t(n);
  std::vector<double> s(size * size);
  for (std::size_t r = 0; r < size; ++r)
    for (std::size_t c = 0; c < size; ++c)
      s[size * r + c] =
          (r % 6 < 3 ? u.force : u.torque()) / (c % 6 < 3 ? u.length : u.angle) * (damping ? u.time : 1.0);
  return s;
}

std::vector<double> repeatedSix(int n, double first, double second)
{
  std::vector<double> s;
  for (int k = 0; k < n; ++k)
    for (double v : sixScales(first, second))
      s.push_back(v);
  return s;
}

template <std::size_t N>
json numberArray(const std::array<double, N>& a)
{
  return json(std::vector<double>(a.begin(), a.end()));
}

template <std::size_t N>
void assign(std::array<double, N>& out, const std::vector<double>& v)
{
  std::copy(v.begin(), v.end(), out.begin());
}

}  // namespace

json forceToJson(const Model& m, const Force& f)
{
  static const char* comp[] = {"fx", "fy", "fz", "tx", "ty", "tz"};
  json j = {{"id", f.id.value}, {"name", f.name}, {"type", toString(f.kind)}};
  j["i_marker"] = nameOf(m, EntityRef(f.iMarker));
  j["j_marker"] = nameOrNull(m, EntityRef(f.jMarker));
  switch (f.kind) {
    case ForceKind::SingleForce:
    case ForceKind::SingleTorque:
      j["action_only"] = f.actionOnly;
      j["function"] = f.functions[0];
      break;
    case ForceKind::General:
    case ForceKind::VectorForce:
    case ForceKind::VectorTorque: {
      j["reference_marker"] = nameOrNull(m, EntityRef(f.referenceMarker));
      json fn = json::object();
      const int first = f.kind == ForceKind::VectorTorque ? 3 : 0;
      const int last = f.kind == ForceKind::VectorForce ? 3 : 6;
      for (int c = first; c < last; ++c) {
        fn[comp[c]] = f.functions[c];
      }
      j["functions"] = fn;
      break;
    }
    case ForceKind::TranslationalSpringDamper:
    case ForceKind::RotationalSpringDamper:
      j["stiffness"] = f.stiffness;
      j["damping"] = f.damping;
      j["free_length"] = f.freeLength;
      j["preload"] = f.preload;
      break;
    case ForceKind::Bushing:
      j["translational_stiffness"] = vec(f.translationalStiffness);
      j["translational_damping"] = vec(f.translationalDamping);
      j["rotational_stiffness"] = vec(f.rotationalStiffness);
      j["rotational_damping"] = vec(f.rotationalDamping);
      j["preload_force"] = vec(f.preloadForce);
      j["preload_torque"] = vec(f.preloadTorque);
      break;
    case ForceKind::Beam:
      j["length"] = f.beam.length;
      j["area"] = f.beam.area;
      j["ixx"] = f.beam.ixx;
      j["iyy"] = f.beam.iyy;
      j["izz"] = f.beam.izz;
      j["youngs_modulus"] = f.beam.youngsModulus;
      j["shear_modulus"] = f.beam.shearModulus;
      j["shear_area_ratio_y"] = f.beam.shearAreaRatioY;
      j["shear_area_ratio_z"] = f.beam.shearAreaRatioZ;
      j["damping_ratio"] = f.dampingRatio;
      j["damping_matrix"] = numberArray(f.dampingMatrix);
      break;
    case ForceKind::Field:
      j["stiffness_matrix"] = numberArray(f.stiffnessMatrix);
      j["damping_matrix"] = numberArray(f.dampingMatrix);
      j["damping_ratio"] = f.dampingRatio;
      j["reference"] = numberArray(f.reference);
      j["preload"] = numberArray(f.preload6);
      break;
    case ForceKind::Contact:
      if (f.contact)
        j["contact"] = contactToJson(*f.contact);
      break;
    case ForceKind::MultiPoint:
      if (f.multiPoint) {
        json markers = json::array();
        for (MarkerId id : f.multiPoint->iMarkers)
          markers.push_back(nameOf(m, EntityRef(id)));
        j["i_markers"] = markers;
        j["stiffness_matrix"] = f.multiPoint->stiffness;
        if (!f.multiPoint->damping.empty())
          j["damping_matrix"] = f.multiPoint->damping;
        j["damping_ratio"] = f.dampingRatio;
        if (!f.multiPoint->reference.empty())
          j["reference"] = f.multiPoint->reference;
        if (!f.multiPoint->preload.empty())
          j["preload"] = f.multiPoint->preload;
      }
      break;
  }
  return j;
}

void forceFromJson(const json& j, const std::string& at, const UnitSystem& u, const Resolver& r, Force& f,
                   Diagnostics& errors)
{
  static const char* comp[] = {"fx", "fy", "fz", "tx", "ty", "tz"};
  JsonReader rd(j, at, errors);
  if (!rd.isObject()) {
    return;
  }
  header(rd, f);
  const auto kind = forceKindFromString(rd.string("type"));
  if (!kind) {
    rd.error("type", "unknown force type");
    return;
  }
  f.kind = *kind;
  f.iMarker = MarkerId(rd.reference("i_marker", EntityKind::Marker, r));
  f.jMarker = MarkerId(rd.reference("j_marker", EntityKind::Marker, r, true));
  const bool rotational = f.kind == ForceKind::RotationalSpringDamper;
  // Component c of a force: N for forces, N·m for torques.
  auto toSI = [&](const std::string& text, bool torque) {
    return expressionToSI(text, u, torque ? u.torque() : u.force);
  };
  switch (f.kind) {
    case ForceKind::SingleForce:
    case ForceKind::SingleTorque:
      f.actionOnly = rd.boolean("action_only", false);
      f.functions[0] = toSI(rd.string("function"), f.kind == ForceKind::SingleTorque);
      break;
    case ForceKind::General:
    case ForceKind::VectorForce:
    case ForceKind::VectorTorque: {
      f.referenceMarker = MarkerId(rd.reference("reference_marker", EntityKind::Marker, r, true));
      const auto* fn = rd.child("functions");
      if (fn) {
        JsonReader rf(*fn, at + "/functions", errors, f.name);
        const int first = f.kind == ForceKind::VectorTorque ? 3 : 0;
        const int last = f.kind == ForceKind::VectorForce ? 3 : 6;
        for (int c = first; rf.isObject() && c < last; ++c) {
          f.functions[c] = toSI(rf.string(comp[c], std::string()), c >= 3);
        }
        rf.finish();
      }
      break;
    }
    case ForceKind::TranslationalSpringDamper:
    case ForceKind::RotationalSpringDamper:
      f.stiffness = rd.number("stiffness", rotational ? u.rotationalStiffness() : u.stiffness());
      f.damping = rd.number("damping", rotational ? u.rotationalDamping() : u.damping(), 0.0);
      f.freeLength = rd.number("free_length", rotational ? u.angle : u.length, 0.0);
      f.preload = rd.number("preload", rotational ? u.torque() : u.force, 0.0);
      break;
    case ForceKind::Bushing:
      f.translationalStiffness = rd.vec3("translational_stiffness", u.stiffness(), Vec3::Zero());
      f.translationalDamping = rd.vec3("translational_damping", u.damping(), Vec3::Zero());
      f.rotationalStiffness = rd.vec3("rotational_stiffness", u.rotationalStiffness(), Vec3::Zero());
      f.rotationalDamping = rd.vec3("rotational_damping", u.rotationalDamping(), Vec3::Zero());
      f.preloadForce = rd.vec3("preload_force", u.force, Vec3::Zero());
      f.preloadTorque = rd.vec3("preload_torque", u.torque(), Vec3::Zero());
      break;
    case ForceKind::Beam: {
      const double l = u.length, pressure = u.force / (l * l);
      f.beam.length = rd.number("length", l);
      f.beam.area = rd.number("area", l * l);
      f.beam.ixx = rd.number("ixx", l * l * l * l);
      f.beam.iyy = rd.number("iyy", l * l * l * l);
      f.beam.izz = rd.number("izz", l * l * l * l);
      f.beam.youngsModulus = rd.number("youngs_modulus", pressure);
      f.beam.shearModulus = rd.number("shear_modulus", pressure);
      f.beam.shearAreaRatioY = rd.number("shear_area_ratio_y", 1.0, 0.0);
      f.beam.shearAreaRatioZ = rd.number("shear_area_ratio_z", 1.0, 0.0);
      f.dampingRatio = rd.number("damping_ratio", u.time, 0.0);
      assign(f.dampingMatrix, rd.numbers("damping_matrix", matrix6Scales(u, true), false));
      break;
    }
    case ForceKind::Field:
      assign(f.stiffnessMatrix, rd.numbers("stiffness_matrix", matrix6Scales(u, false), true));
      assign(f.dampingMatrix, rd.numbers("damping_matrix", matrix6Scales(u, true), false));
      f.dampingRatio = rd.number("damping_ratio", u.time, 0.0);
      assign(f.reference, rd.numbers("reference", sixScales(u.length, u.angle), false));
      assign(f.preload6, rd.numbers("preload", sixScales(u.force, u.torque()), false));
      break;
    case ForceKind::Contact:
      if (const json* c = rd.child("contact"))
        f.contact = contactFromJson(*c, at + "/contact", u, errors);
      break;
    case ForceKind::MultiPoint: {
      // "i_markers": all I markers in order (the first is "i_marker" too); matrices row-major.
      MultiPointData d;
      const json* markers = rd.child("i_markers");
      if (!markers || !markers->is_array() || markers->empty()) {
        rd.error("i_markers", "expected a list of at least one marker name");
        break;
      }
      for (const json& name : *markers) {
        const auto ref = name.is_string() ? r(name.get<std::string>()) : std::nullopt;
        if (!ref || ref->kind != EntityKind::Marker) {
          rd.error("i_markers", "unknown marker " + name.dump());
          break;
        }
        d.iMarkers.push_back(MarkerId(ref->id));
      }
      if (d.iMarkers.size() != markers->size())
        break;
      const int n = int(d.iMarkers.size());
      d.stiffness = rd.numbers("stiffness_matrix", multiPointScales(u, n, false), true);
      if (rd.child("damping_matrix", false))
        d.damping = rd.numbers("damping_matrix", multiPointScales(u, n, true), true);
      f.dampingRatio = rd.number("damping_ratio", u.time, 0.0);
      if (rd.child("reference", false))
        d.reference = rd.numbers("reference", repeatedSix(n, u.length, u.angle), true);
      if (rd.child("preload", false))
        d.preload = rd.numbers("preload", repeatedSix(n, u.force, u.torque()), true);
      f.multiPoint = std::move(d);
      break;
    }
  }
  rd.finish();
}

}  // namespace mbs::core::detail
