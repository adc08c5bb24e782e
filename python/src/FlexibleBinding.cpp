#include "FlexibleBinding.hpp"

#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <set>

#include "Document.hpp"
#include "Errors.hpp"
#include "mbs/core/FlexibleCommand.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Rotation.hpp"
#include "mbs/mesh/FlexibleBodyBuild.hpp"
#include "mbs/mesh/FlexibleBodyConversion.hpp"

namespace py = pybind11;

namespace mbs::python {
namespace {

using core::Mat3;
using core::Vec3;

[[noreturn]] void refuse(const std::string& part, const std::string& reason)
{
  throw DiagnosticsError("ModelError", "cannot make part '" + part + "' flexible",
                         {{{}, 0, {}, part, reason}});
}

// The part's first solid geometry as a Gmsh solid and its pose in the part frame (as the GUI takes it).
bool solidOf(const core::Part& part, mesh::Solid& solid, Mat3& rotation, Vec3& position, double& size)
{
  for (const core::Geometry& g : part.geometry) {
    rotation = core::euler313ToMatrix(g.orientation);
    position = g.position;
    switch (g.kind) {
      case core::GeometryKind::Box:
        solid = mesh::Solid::box(part.name, g.size.x(), g.size.y(), g.size.z());
        size = g.size.minCoeff();
        return true;
      case core::GeometryKind::Cylinder:
        solid = mesh::Solid::cylinder(part.name, g.radius, g.length);
        size = 2.0 * g.radius;
        return true;
      case core::GeometryKind::Sphere:
        solid = mesh::Solid::sphere(part.name, g.radius);
        size = 2.0 * g.radius;
        return true;
      case core::GeometryKind::Link: {
        const Vec3 axis = g.point2 - g.point1;
        const auto frame = core::frameFromAxes(axis, std::nullopt);
        if (!frame)
          continue;
        rotation = *frame;
        position = 0.5 * (g.point1 + g.point2);
        solid = mesh::Solid::cylinder(part.name, g.radius, axis.norm());
        size = 2.0 * g.radius;
        return true;
      }
      case core::GeometryKind::MeshFile: {
        const std::string& path = g.path;
        const bool stl = path.size() > 4 && (path.ends_with(".stl") || path.ends_with(".STL"));
        solid = stl ? mesh::Solid::stlFile(part.name, path) : mesh::Solid::stepFile(part.name, path);
        size = 0.02;
        return true;
      }
    }
  }
  return false;
}

py::dict makeFlexible(Document& doc, const std::string& partName, double elementSize, int order,
                      double youngsModulus, double poissonRatio, double density,
                      std::optional<std::vector<std::string>> interfaceNames, double spiderRadius,
                      int fixedModes, int keep, double damping)
{
  const core::Model& model = doc.model();
  const core::PartId id = model.findPart(partName);
  if (!id || id == core::kGroundId)
    refuse(partName, "no moving part of that name");
  const core::Part& part = *model.part(id);
  mesh::FlexibleBodyRequest request;
  request.partName = part.name;
  double size = 0.02;
  if (!solidOf(part, request.solid, request.solidRotation, request.solidPosition, size))
    refuse(part.name, "the part has no solid geometry to mesh (a box, cylinder, sphere, link or mesh file)");
  // The flexible body's frame is the part's CM frame.
  if (part.cmMarker.valid() && model.marker(part.cmMarker)) {
    request.cmPosition = model.marker(part.cmMarker)->position;
    request.cmRotation = model.marker(part.cmMarker)->localOrientation().value_or(Mat3::Identity());
  }
  // Interface nodes: the markers given, or (as the GUI's default) those joints and forces use.
  std::vector<core::MarkerId> interfaceMarkers;
  if (interfaceNames) {
    for (const std::string& name : *interfaceNames) {
      const core::MarkerId m = model.findMarker(name);
      if (!m || model.partOf(m) != id)
        refuse(part.name, "'" + name + "' is not a marker of this part");
      interfaceMarkers.push_back(m);
    }
  } else {
    std::set<core::MarkerId> used;
    for (const auto& j : model.joints())
      used.insert({j.iMarker, j.jMarker});
    for (const auto& f : model.forces())
      used.insert({f.iMarker, f.jMarker});
    for (core::MarkerId m : model.markersOf(id))
      if (used.count(m))
        interfaceMarkers.push_back(m);
  }
  if (spiderRadius <= 0.0)
    spiderRadius = 0.6 * size;
  for (core::MarkerId m : interfaceMarkers) {
    mesh::InterfacePoint point;
    point.name = model.marker(m)->name;
    point.position = request.cmRotation.transpose() * (model.marker(m)->position - request.cmPosition);
    point.radius = spiderRadius;
    request.interfacePoints.push_back(point);
  }
  request.options.elementSize = elementSize > 0.0 ? elementSize : size / 2.0;
  request.options.order = order;
  request.reduce = true;
  request.material = mesh::Material{"material", youngsModulus, poissonRatio, density};
  request.fixedModes = fixedModes;
  request.keep = keep;
  request.damping = damping;
  const mesh::FlexibleBodyBuild built = mesh::buildFlexibleBody(request);
  if (!built.status.ok())
    refuse(part.name, (built.fe.nodeCount() == 0 ? "meshing failed: " : "Craig-Bampton reduction failed: ") +
                          built.status.message);
  const mesh::FeMesh& fe = built.fe;
  const mesh::ReducedBody& body = built.body;
  const std::vector<mesh::ModeRow>& rows = built.rows;
  const std::vector<int>& kept = built.kept;
  if (kept.empty())
    refuse(part.name, "no elastic mode to keep");
  auto data = std::make_shared<solver::FlexibleBodyData>(mesh::toFlexibleBodyData(body, kept, fe));
  for (int k : kept) {
    const mesh::ModeRow& row = rows[std::size_t(k)];
    data->modeInfo.push_back({k + 1, mesh::toString(row.type), row.energyShare, damping});
  }
  data->modalDamping =
      solver::modalDampingFromRatios(data->modalMass, data->modalStiffness, data->dampingRatios());
  if (const std::string problem = data->problem(); !problem.empty())
    refuse(part.name, problem);

  // The same command as the GUI's: the flexible record, the mass, the interface markers' nodes.
  auto macro = core::makeFlexibleCommand(model, id, data, interfaceMarkers);
  const std::string name = part.name;
  doc.push(std::move(macro), "cannot make part '" + name + "' flexible");

  py::dict out;
  out["nodes"] = fe.nodeCount();
  out["mass"] = data->mass;
  std::vector<double> all, keptHz;
  for (int k : body.elasticModes())
    all.push_back(body.frequenciesHz[k]);
  for (int k : kept)
    keptHz.push_back(body.frequenciesHz[k]);
  out["frequencies_hz"] = all;
  out["kept_frequencies_hz"] = keptHz;
  std::vector<std::string> names;
  for (const auto& p : request.interfacePoints)
    names.push_back(p.name);
  out["interfaces"] = names;
  return out;
}

}  // namespace

void registerFlexible(py::module_& m)
{
  m.def("_make_flexible", &makeFlexible, py::arg("doc"), py::arg("part"), py::arg("element_size"),
        py::arg("order"), py::arg("youngs_modulus"), py::arg("poisson_ratio"), py::arg("density"),
        py::arg("interfaces"), py::arg("spider_radius"), py::arg("fixed_modes"), py::arg("keep"),
        py::arg("damping"));
}

}  // namespace mbs::python
