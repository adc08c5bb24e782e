#include "ExpressionBindings.hpp"

#include <cctype>
#include <unordered_map>

#include "mbs/core/Interpolation.hpp"

namespace mbs::core {
namespace {

std::string upper(std::string s)
{
  for (auto& c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// The load function that reads an element of this kind ("JOINT", "SFORCE" ...) and what it is;
// `alias`: the Adams function of its own statement that reads it too (JPRIM, PTCV, CVCV), else null.
struct ElementEntry {
  const char* function;
  const char* what;
  int index;
  const char* alias = nullptr;
};

const char* forceFunction(ForceKind k)
{
  switch (k) {
    case ForceKind::SingleForce:
    case ForceKind::SingleTorque:
      return "SFORCE";
    case ForceKind::General:
      return "GFORCE";
    case ForceKind::VectorForce:
      return "VFORCE";
    case ForceKind::VectorTorque:
      return "VTORQUE";
    case ForceKind::Bushing:
      return "BUSH";
    case ForceKind::TranslationalSpringDamper:
    case ForceKind::RotationalSpringDamper:
      return "SPDP";
    case ForceKind::Beam:
      return "BEAM";
    case ForceKind::Field:
      return "FIELD";
    case ForceKind::MultiPoint:
      return "NFORCE";
    case ForceKind::Contact:
      return "CONTACT";
  }
  return "";
}

const char* forceNoun(ForceKind k)
{
  switch (k) {
    case ForceKind::SingleForce:
    case ForceKind::SingleTorque:
      return "a single-component force (read by SFORCE)";
    case ForceKind::General:
      return "a general force (read by GFORCE)";
    case ForceKind::VectorForce:
      return "a vector force (read by VFORCE)";
    case ForceKind::VectorTorque:
      return "a vector torque (read by VTORQUE)";
    case ForceKind::Bushing:
      return "a bushing (read by BUSH)";
    case ForceKind::TranslationalSpringDamper:
    case ForceKind::RotationalSpringDamper:
      return "a spring-damper (read by SPDP)";
    case ForceKind::Beam:
      return "a beam (read by BEAM)";
    case ForceKind::Field:
      return "a field (read by FIELD)";
    case ForceKind::Contact:
      return "a contact (read by CONTACT)";
    case ForceKind::MultiPoint:
      return "a multi-point force (read by NFORCE)";
  }
  return "";
}

}  // namespace

struct ModelNames::Tables {
  std::unordered_map<std::string, int> markers, variables, splines, arrays, curves, sensors, differentials;
  std::unordered_map<std::string, ElementEntry> elements;
  std::shared_ptr<const DataTables> data;
};

ModelNames::ModelNames(const Model& model, const IndexMap* map)
{
  auto t = std::make_shared<Tables>();
  int k = 0;
  for (const Marker& m : model.markers())
    t->markers[upper(m.name)] = map ? map->marker(m.id) : k++;
  k = 0;
  for (const Variable& v : model.variables())
    t->variables[upper(v.name)] = k++;
  k = 0;
  for (const Joint& j : model.joints()) {
    const bool primitive = j.kind == JointKind::Inline || j.kind == JointKind::Inplane ||
                           j.kind == JointKind::Orientation || j.kind == JointKind::ParallelAxes ||
                           j.kind == JointKind::Perpendicular || j.kind == JointKind::AtPoint;
    t->elements[upper(j.name)] = {"JOINT", "a joint (read by JOINT)", map ? map->joint(j.id) : k++,
                                  primitive                         ? "JPRIM"
                                  : j.kind == JointKind::PointCurve ? "PTCV"
                                  : j.kind == JointKind::CurveCurve ? "CVCV"
                                                                    : nullptr};
  }
  k = 0;
  for (const Motion& m : model.motions())
    t->elements[upper(m.name)] = {"MOTION", "a motion (read by MOTION)", k++};
  k = 0;
  int contact = 0;
  for (const Force& f : model.forces()) {
    // Its first entry in solver::Model::forces (compile(), in model order): a contact between
    // solids has none but its entry in solver::Model::contacts (also in model order), an NFORCE
    // one per I marker.
    const bool solids = f.kind == ForceKind::Contact && f.contact;
    const int index = solids ? contact++ : k;
    t->elements[upper(f.name)] = {forceFunction(f.kind), forceNoun(f.kind), index};
    k += solids                                            ? 0
         : f.kind == ForceKind::MultiPoint && f.multiPoint ? int(f.multiPoint->iMarkers.size())
                                                           : 1;
  }
  // Splines are interpolated once here; data validation reports the ones that cannot be (null).
  auto data = std::make_shared<DataTables>();
  for (const Spline& s : model.splines) {
    t->splines[upper(s.name)] = int(data->splines.size());
    data->splines.push_back(checkSpline(s).empty() ? std::make_shared<const SplineInterpolant>(s) : nullptr);
  }
  for (const DataArray& a : model.arrays) {
    t->arrays[upper(a.name)] = int(data->arrays.size());
    data->arrays.push_back(a.values);
  }
  for (const DataCurve& c : model.curves) {
    t->curves[upper(c.name)] = int(data->curves.size());
    auto curve = std::make_shared<const solver::Curve>(makeCurve(c.shape));
    data->curves.push_back(curve->valid() ? std::move(curve) : nullptr);
  }
  for (const Sensor& s : model.sensors) {
    t->sensors[upper(s.name)] = int(data->senvals.size());
    data->senvals.push_back(std::make_shared<double>(0.0));
  }
  k = 0;  // (compile keeps the model's order of the DIFFs)
  for (const DifferentialEquation& d : model.differentials)
    t->differentials[upper(d.name)] = k++;
  t->data = std::move(data);
  m_tables = std::move(t);
}

void ModelNames::bind(ExpressionContext& ctx) const
{
  auto t = m_tables;
  ctx.marker = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->markers.find(std::string(n));
    return it == t->markers.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.variable = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->variables.find(std::string(n));
    return it == t->variables.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.spline = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->splines.find(std::string(n));
    return it == t->splines.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.array = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->arrays.find(std::string(n));
    return it == t->arrays.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.curve = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->curves.find(std::string(n));
    return it == t->curves.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.sensor = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->sensors.find(std::string(n));
    return it == t->sensors.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.differential = [t](std::string_view n) -> std::optional<int> {
    const auto it = t->differentials.find(std::string(n));
    return it == t->differentials.end() ? std::nullopt : std::optional<int>(it->second);
  };
  ctx.data = t->data;
  ctx.element = [t](std::string_view function, std::string_view n, std::string& what) -> std::optional<int> {
    const auto it = t->elements.find(std::string(n));
    if (it == t->elements.end())
      return std::nullopt;
    const bool reads = function == it->second.function || (it->second.alias && function == it->second.alias);
    if (!reads || it->second.index < 0) {
      what = it->second.what;
      return std::nullopt;
    }
    return it->second.index;
  };
}

}  // namespace mbs::core
