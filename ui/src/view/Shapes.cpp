#include "Shapes.hpp"

#include <vtkAppendPolyData.h>
#include <vtkArrowSource.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkCubeSource.h>
#include <vtkCylinderSource.h>
#include <vtkDataArray.h>
#include <vtkMatrix4x4.h>
#include <vtkNew.h>
#include <vtkOBJReader.h>
#include <vtkPointData.h>
#include <vtkPolyData.h>
#include <vtkSTLReader.h>
#include <vtkSphereSource.h>
#include <vtkTransform.h>
#include <vtkTransformPolyDataFilter.h>
#include <vtkUnsignedCharArray.h>
#include <Eigen/LU>
#include <algorithm>
#include <cmath>

#include <filesystem>

namespace mbs::ui::shapes {
namespace {

using core::Mat3;
using core::Vec3;

// Rotation taking VTK's cylinder axis (y) onto z.
Mat3 yToZ()
{
  Mat3 r;
  r << 1, 0, 0, 0, 0, -1, 0, 1, 0;
  return r;
}

Detail g_detail = Detail::Full;  // the GUI thread's; set by ScopedDetail

template <class Source>
vtkSmartPointer<vtkPolyData> output(Source& source)
{
  source->Update();
  vtkSmartPointer<vtkPolyData> out = vtkSmartPointer<vtkPolyData>::New();
  out->DeepCopy(source->GetOutput());
  return out;
}

vtkSmartPointer<vtkPolyData> link(const Vec3& p1, const Vec3& p2, double halfWidth)
{
  const Vec3 axis = p2 - p1;
  const double length = axis.norm();
  if (length <= 0.0)
    return sphere(halfWidth);
  // A bar with rounded ends: a cylinder between the points and a sphere at each end (a plain bar
  // at minimal detail).
  auto bar = transformed(cylinder(halfWidth, length), 0.5 * (p1 + p2), frameAlong(axis));
  if (g_detail == Detail::Minimal)
    return bar;
  return append({bar, transformed(sphere(halfWidth), p1, Mat3::Identity()),
                 transformed(sphere(halfWidth), p2, Mat3::Identity())});
}

vtkSmartPointer<vtkPolyData> meshFile(const std::string& path)
{
  if (!std::filesystem::exists(path))
    return nullptr;
  const std::string ext = std::filesystem::path(path).extension().string();
  if (ext == ".stl" || ext == ".STL") {
    vtkNew<vtkSTLReader> reader;
    reader->SetFileName(path.c_str());
    return output(reader);
  }
  if (ext == ".obj" || ext == ".OBJ") {
    vtkNew<vtkOBJReader> reader;
    reader->SetFileName(path.c_str());
    return output(reader);
  }
  return nullptr;
}

}  // namespace

// Rotation whose z axis is `direction` (normalized; any x perpendicular to it).
Mat3 frameAlong(const Vec3& direction)
{
  const Vec3 z = direction.normalized();
  const Vec3 helper = std::abs(z.x()) < 0.9 ? Vec3::UnitX() : Vec3::UnitY();
  const Vec3 x = (helper - helper.dot(z) * z).normalized();
  Mat3 r;
  r.col(0) = x;
  r.col(1) = z.cross(x);
  r.col(2) = z;
  return r;
}

ScopedDetail::ScopedDetail(Detail detail) : m_previous(g_detail)
{
  g_detail = detail;
}

ScopedDetail::~ScopedDetail()
{
  g_detail = m_previous;
}

Detail detail()
{
  return g_detail;
}

vtkSmartPointer<vtkPolyData> cylinder(double radius, double length, int resolution)
{
  vtkNew<vtkCylinderSource> source;
  source->SetRadius(radius);
  source->SetHeight(length);
  source->SetResolution(std::min(resolution, g_detail == Detail::Full     ? 64
                                             : g_detail == Detail::Coarse ? 10
                                                                          : 6));
  return transformed(output(source), Vec3::Zero(), yToZ());
}

vtkSmartPointer<vtkPolyData> box(const Vec3& size)
{
  vtkNew<vtkCubeSource> source;
  source->SetXLength(size.x());
  source->SetYLength(size.y());
  source->SetZLength(size.z());
  return output(source);
}

vtkSmartPointer<vtkPolyData> append(std::initializer_list<vtkSmartPointer<vtkPolyData>> parts)
{
  vtkNew<vtkAppendPolyData> appender;
  for (const auto& part : parts)
    appender->AddInputData(part);
  return output(appender);
}

vtkSmartPointer<vtkMatrix4x4> toVtk(const Vec3& position, const Mat3& rotation)
{
  auto matrix = vtkSmartPointer<vtkMatrix4x4>::New();
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      matrix->SetElement(r, c, rotation(r, c));
    matrix->SetElement(r, 3, position[r]);
  }
  return matrix;
}

// What vtkTransformPolyDataFilter computes (points moved, the active normals turned by the inverse
// transpose and normalized, the active vectors turned), on a copy, without a VTK pipeline: opening a
// 10,000-link chain built 40,000 filters, a third of the open time.
vtkSmartPointer<vtkPolyData> transformed(vtkPolyData* input, const Vec3& position, const Mat3& rotation)
{
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->DeepCopy(input);
  if (vtkPoints* points = out->GetPoints())
    for (vtkIdType p = 0; p < points->GetNumberOfPoints(); ++p) {
      Vec3 x;
      points->GetPoint(p, x.data());
      x = rotation * x + position;
      points->SetPoint(p, x.data());
    }
  const Mat3 normalMap = rotation.inverse().transpose();
  auto turn = [](vtkDataArray* array, const Mat3& map, bool normalize) {
    if (!array || array->GetNumberOfComponents() != 3)
      return;
    for (vtkIdType t = 0; t < array->GetNumberOfTuples(); ++t) {
      Vec3 v;
      array->GetTuple(t, v.data());
      v = map * v;
      if (normalize && v.norm() > 0.0)
        v.normalize();
      array->SetTuple(t, v.data());
    }
  };
  for (vtkDataSetAttributes* data : {static_cast<vtkDataSetAttributes*>(out->GetPointData()),
                                     static_cast<vtkDataSetAttributes*>(out->GetCellData())}) {
    turn(data->GetNormals(), normalMap, true);
    turn(data->GetVectors(), rotation, false);
  }
  return out;
}

vtkSmartPointer<vtkPolyData> sphere(double radius)
{
  vtkNew<vtkSphereSource> source;
  source->SetRadius(radius);
  source->SetThetaResolution(g_detail == Detail::Full ? 24 : g_detail == Detail::Coarse ? 10 : 6);
  source->SetPhiResolution(g_detail == Detail::Full ? 16 : g_detail == Detail::Coarse ? 6 : 4);
  return output(source);
}

vtkSmartPointer<vtkPolyData> geometry(const core::Geometry& g)
{
  vtkSmartPointer<vtkPolyData> local;
  switch (g.kind) {
    case core::GeometryKind::Box:
      local = box(g.size);
      break;
    case core::GeometryKind::Cylinder:
      local = cylinder(g.radius, g.length);
      break;
    case core::GeometryKind::Sphere:
      local = sphere(g.radius);
      break;
    case core::GeometryKind::Link:
      return link(g.point1, g.point2, g.radius);  // already in part frame
    case core::GeometryKind::MeshFile:
      local = meshFile(g.path);
      break;
  }
  if (!local)
    return nullptr;
  return transformed(local, g.position, core::euler313ToMatrix(g.orientation));
}

vtkSmartPointer<vtkPolyData> triad(double length)
{
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetNumberOfComponents(3);
  const unsigned char rgb[3][3] = {{220, 40, 40}, {40, 170, 40}, {40, 80, 230}};
  for (int axis = 0; axis < 3; ++axis) {
    double tip[3] = {0, 0, 0};
    tip[axis] = length;
    const vtkIdType a = points->InsertNextPoint(0, 0, 0);
    const vtkIdType b = points->InsertNextPoint(tip);
    const vtkIdType ids[2] = {a, b};
    lines->InsertNextCell(2, ids);
    colors->InsertNextTypedTuple(rgb[axis]);
    colors->InsertNextTypedTuple(rgb[axis]);
  }
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetLines(lines);
  colors->SetName("colors");
  poly->GetPointData()->SetScalars(colors);
  return poly;
}

vtkSmartPointer<vtkPolyData> triads(const std::vector<std::pair<Vec3, Mat3>>& frames, double length)
{
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  vtkNew<vtkUnsignedCharArray> colors;
  colors->SetNumberOfComponents(3);
  points->Allocate(static_cast<vtkIdType>(6 * frames.size()));
  colors->Allocate(static_cast<vtkIdType>(18 * frames.size()));
  const unsigned char rgb[3][3] = {{220, 40, 40}, {40, 170, 40}, {40, 80, 230}};
  for (const auto& [origin, axes] : frames)
    for (int axis = 0; axis < 3; ++axis) {
      const Vec3 tip = origin + length * axes.col(axis);
      const vtkIdType ids[2] = {points->InsertNextPoint(origin.data()), points->InsertNextPoint(tip.data())};
      lines->InsertNextCell(2, ids);
      colors->InsertNextTypedTuple(rgb[axis]);
      colors->InsertNextTypedTuple(rgb[axis]);
    }
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetLines(lines);
  colors->SetName("colors");
  poly->GetPointData()->SetScalars(colors);
  return poly;
}

vtkSmartPointer<vtkPolyData> spring(const Vec3& a, const Vec3& b, double radius)
{
  const Vec3 axis = b - a;
  const double length = std::max(axis.norm(), 1e-9);
  const Mat3 frame = frameAlong(axis.norm() > 0 ? axis : Vec3::UnitZ());
  const int coils = 10, perCoil = 16, n = coils * perCoil;
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  std::vector<vtkIdType> ids;
  for (int k = 0; k <= n; ++k) {
    const double s = static_cast<double>(k) / n;
    const double angle = 2.0 * M_PI * coils * s;
    // Straight leads of 10% at each end, coils in between.
    const double coilRadius = (s < 0.1 || s > 0.9) ? 0.0 : radius;
    const Vec3 p = a + frame * Vec3(coilRadius * std::cos(angle), coilRadius * std::sin(angle), s * length);
    ids.push_back(points->InsertNextPoint(p.data()));
  }
  lines->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetLines(lines);
  return poly;
}

vtkSmartPointer<vtkPolyData> arrow(const Vec3& origin, const Vec3& direction, double length)
{
  vtkNew<vtkArrowSource> source;
  source->SetShaftRadius(0.02);
  source->SetTipRadius(0.07);
  source->SetTipLength(0.25);
  auto unit = output(source);  // along +x, length 1
  Mat3 rotation = frameAlong(direction);
  // frameAlong puts the direction on z; the arrow is along x: rotate x onto z first.
  Mat3 xToZ;
  xToZ << 0, 0, -1, 0, 1, 0, 1, 0, 0;
  vtkNew<vtkTransform> scale;
  scale->Scale(length, length, length);
  vtkNew<vtkTransformPolyDataFilter> scaled;
  scaled->SetInputData(unit);
  scaled->SetTransform(scale);
  return transformed(output(scaled), origin, rotation * xToZ);
}

vtkSmartPointer<vtkPolyData> grid(const Vec3& normal, double extent, int divisions)
{
  const Mat3 frame = frameAlong(normal);
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  for (int i = 0; i <= divisions; ++i) {
    const double c = -extent + 2.0 * extent * i / divisions;
    const Vec3 ends[4] = {frame * Vec3(c, -extent, 0), frame * Vec3(c, extent, 0),
                          frame * Vec3(-extent, c, 0), frame * Vec3(extent, c, 0)};
    for (int k = 0; k < 4; k += 2) {
      const vtkIdType ids[2] = {points->InsertNextPoint(ends[k].data()),
                                points->InsertNextPoint(ends[k + 1].data())};
      lines->InsertNextCell(2, ids);
    }
  }
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetLines(lines);
  return poly;
}

}  // namespace mbs::ui::shapes
