#include "MeshMass.hpp"

#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSmartPointer.h>
#include <vtkTriangleFilter.h>

#include <cmath>
#include <filesystem>

namespace mbs::ui {

std::optional<core::MassProperties> meshMassProperties(const std::string& path, double density,
                                                       std::string* error)
{
  auto fail = [error](const std::string& text) -> std::optional<core::MassProperties> {
    if (error)
      *error = text;
    return std::nullopt;
  };
  if (!std::filesystem::exists(path))
    return fail("file not found: " + path);
  std::string ext = std::filesystem::path(path).extension().string();
  for (char& c : ext)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  vtkSmartPointer<vtkPolyData> poly;
  if (ext == ".stl") {
    vtkNew<vtkSTLReader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    poly = reader->GetOutput();
  } else if (ext == ".obj") {
    vtkNew<vtkOBJReader> reader;
    reader->SetFileName(path.c_str());
    reader->Update();
    poly = reader->GetOutput();
  } else {
    return fail("only STL and OBJ meshes can be imported (" + path + ")");
  }
  vtkNew<vtkTriangleFilter> triangles;
  triangles->SetInputData(poly);
  triangles->Update();
  vtkPolyData* mesh = triangles->GetOutput();
  if (mesh->GetNumberOfPolys() == 0)
    return fail("no triangles in " + path);

  // Σ over tetrahedra (0, a, b, c): volume det/6, first moment det/24 (a+b+c), second moment
  // det/120 (aaᵀ + bbᵀ + ccᵀ + ssᵀ) with s = a+b+c.
  double volume = 0.0;
  core::Vec3 first = core::Vec3::Zero();
  core::Mat3 second = core::Mat3::Zero();
  vtkCellArray* polys = mesh->GetPolys();
  vtkIdType count;
  const vtkIdType* ids;
  for (polys->InitTraversal(); polys->GetNextCell(count, ids);) {
    if (count != 3)
      continue;
    core::Vec3 v[3];
    for (int k = 0; k < 3; ++k)
      mesh->GetPoint(ids[k], v[k].data());
    const double det = v[0].dot(v[1].cross(v[2]));
    const core::Vec3 s = v[0] + v[1] + v[2];
    volume += det / 6.0;
    first += det / 24.0 * s;
    second +=
        det / 120.0 *
        (v[0] * v[0].transpose() + v[1] * v[1].transpose() + v[2] * v[2].transpose() + s * s.transpose());
  }
  if (volume < 0.0) {  // inward-facing normals: the same solid
    volume = -volume;
    first = -first;
    second = -second;
  }
  if (volume <= 1e-15)
    return fail("the mesh in " + path + " encloses no volume (is it closed?)");
  core::MassProperties mp;
  mp.mass = density * volume;
  mp.centre = first / volume;
  const core::Mat3 centred = density * second - mp.mass * mp.centre * mp.centre.transpose();
  mp.inertia = centred.trace() * core::Mat3::Identity() - centred;
  return mp;
}

}  // namespace mbs::ui
