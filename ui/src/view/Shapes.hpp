#pragma once
// Polygonal shapes of the 3-D view, built in a local frame (VTK sources plus transforms).
#include <vtkSmartPointer.h>

#include <initializer_list>
#include <utility>
#include <vector>

#include "mbs/core/Geometry.hpp"
#include "mbs/core/Joint.hpp"

class vtkPolyData;
class vtkMatrix4x4;

namespace mbs::ui::shapes {

// How finely round shapes (cylinders, spheres, links' rounded ends) are tessellated. A software
// renderer's cost is its triangles: in a 1000-link chain each link covers a few pixels, and at full
// detail the chain has 1.6 million triangles (2 frames/s under Mesa). The scene draws large models
// coarse for as long as a ScopedDetail it makes lives.
enum class Detail { Full, Coarse, Minimal };
class ScopedDetail {
public:
  explicit ScopedDetail(Detail detail);
  ~ScopedDetail();
  ScopedDetail(const ScopedDetail&) = delete;
  ScopedDetail& operator=(const ScopedDetail&) = delete;

private:
  Detail m_previous;
};
Detail detail();

vtkSmartPointer<vtkMatrix4x4> toVtk(const core::Vec3& position, const core::Mat3& rotation);
// Applies a rigid transform to a copy of `input`.
vtkSmartPointer<vtkPolyData> transformed(vtkPolyData* input, const core::Vec3& position,
                                         const core::Mat3& rotation);

// A part's geometry item in the part frame; nullptr if a mesh file cannot be read.
vtkSmartPointer<vtkPolyData> geometry(const core::Geometry& geometry);
// A small sphere (parts without geometry are drawn as one at their CM).
vtkSmartPointer<vtkPolyData> sphere(double radius);
// Coloured axes x (red), y (green), z (blue) of the given length, with "point data" colours.
vtkSmartPointer<vtkPolyData> triad(double length);
// Many triads in one polydata (the markers of a part with many of them): frames[k] = (origin,
// axes as columns); built directly, without a filter per triad.
vtkSmartPointer<vtkPolyData> triads(const std::vector<std::pair<core::Vec3, core::Mat3>>& frames,
                                    double length);
// Building blocks: a cylinder along local z centred at the origin, a box of the given edges, the
// union of several pieces, and a rotation whose z axis is `direction` (any x perpendicular to it).
// The cylinder has `resolution` sides at full detail, fewer at coarser detail.
vtkSmartPointer<vtkPolyData> cylinder(double radius, double length, int resolution = 32);
vtkSmartPointer<vtkPolyData> box(const core::Vec3& size);
vtkSmartPointer<vtkPolyData> append(std::initializer_list<vtkSmartPointer<vtkPolyData>> parts);
core::Mat3 frameAlong(const core::Vec3& direction);
// A helical spring from a to b (ground frame) with the given coil radius.
vtkSmartPointer<vtkPolyData> spring(const core::Vec3& a, const core::Vec3& b, double radius);
// An arrow from `origin` along `direction` with the given length.
vtkSmartPointer<vtkPolyData> arrow(const core::Vec3& origin, const core::Vec3& direction, double length);
// Grid lines in the plane through the origin normal to `normal`, half extent `extent`.
vtkSmartPointer<vtkPolyData> grid(const core::Vec3& normal, double extent, int divisions);

}  // namespace mbs::ui::shapes
