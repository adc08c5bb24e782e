#include "mbs/ui/view/JointGlyphs.hpp"

#include <vtkAppendPolyData.h>
#include <vtkCellArray.h>
#include <vtkNew.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkTubeFilter.h>
#include <cmath>
#include <vector>

#include "Shapes.hpp"

namespace mbs::ui {
namespace {

using core::Mat3;
using core::Vec3;
using shapes::append;
using shapes::box;
using shapes::cylinder;
using shapes::sphere;
using shapes::transformed;

constexpr double kPi = 3.14159265358979323846;

// A rod of the given radius and length along `direction`, centred at `centre`.
vtkSmartPointer<vtkPolyData> rod(double radius, double length, const Vec3& direction,
                                 const Vec3& centre = Vec3::Zero())
{
  return transformed(cylinder(radius, length, 16), centre, shapes::frameAlong(direction));
}

vtkSmartPointer<vtkPolyData> at(vtkSmartPointer<vtkPolyData> poly, const Vec3& centre)
{
  return transformed(poly, centre, Mat3::Identity());
}

// A helix of `turns` turns about z (a screw thread) as a tube.
vtkSmartPointer<vtkPolyData> helix(double radius, double length, int turns, double tube)
{
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> line;
  const int n = turns * 24;
  std::vector<vtkIdType> ids;
  for (int k = 0; k <= n; ++k) {
    const double s = static_cast<double>(k) / n, angle = 2.0 * kPi * turns * s;
    ids.push_back(
        points->InsertNextPoint(radius * std::cos(angle), radius * std::sin(angle), (s - 0.5) * length));
  }
  line->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(points);
  poly->SetLines(line);
  vtkNew<vtkTubeFilter> tubes;
  tubes->SetInputData(poly);
  tubes->SetRadius(tube);
  tubes->SetNumberOfSides(8);
  tubes->Update();
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->DeepCopy(tubes->GetOutput());
  return out;
}

// A spur gear about z: a disc with `teeth` teeth on its rim.
vtkSmartPointer<vtkPolyData> gearWheel(double radius, double width, int teeth)
{
  vtkNew<vtkAppendPolyData> pieces;
  pieces->AddInputData(cylinder(radius, width, 48));
  const double tooth = 2.0 * kPi * radius / teeth * 0.5;
  for (int k = 0; k < teeth; ++k) {
    const double angle = 2.0 * kPi * k / teeth;
    Mat3 r;
    r << std::cos(angle), -std::sin(angle), 0, std::sin(angle), std::cos(angle), 0, 0, 0, 1;
    pieces->AddInputData(
        transformed(box(Vec3(0.3 * radius, tooth, width)), r * Vec3(radius + 0.1 * radius, 0, 0), r));
  }
  pieces->Update();
  auto out = vtkSmartPointer<vtkPolyData>::New();
  out->DeepCopy(pieces->GetOutput());
  return out;
}

}  // namespace

vtkSmartPointer<vtkPolyData> jointGlyph(core::JointKind kind, double size)
{
  using K = core::JointKind;
  const double r = 0.12 * size;
  switch (kind) {
    case K::Revolute:
      return cylinder(r, 0.9 * size);
    case K::Cylindrical:
      return append({cylinder(0.7 * r, 1.4 * size), cylinder(1.3 * r, 0.3 * size)});
    case K::Translational:
      return box(Vec3(1.4 * r, 1.4 * r, 1.4 * size));
    case K::Spherical:
      return sphere(1.6 * r);
    case K::Fixed:
      return box(Vec3(2.4 * r, 2.4 * r, 2.4 * r));
    case K::Universal:  // the spider: two crossed pins
      return append({rod(0.6 * r, 0.8 * size, Vec3::UnitX()), rod(0.6 * r, 0.8 * size, Vec3::UnitY())});
    case K::ConstantVelocity:  // the spider in a ball (Rzeppa joint)
      return append({rod(0.45 * r, 0.8 * size, Vec3::UnitX()), rod(0.45 * r, 0.8 * size, Vec3::UnitY()),
                     sphere(1.2 * r)});
    case K::Planar:
      return box(Vec3(1.2 * size, 1.2 * size, 0.2 * r));
    case K::Screw:  // a thread round a shaft
      return append({cylinder(0.5 * r, 1.3 * size, 16), helix(1.3 * r, 1.0 * size, 5, 0.25 * r)});
    case K::Inline:  // a point on a line
      return append({rod(0.2 * r, 1.6 * size, Vec3::UnitZ()), sphere(r)});
    case K::Inplane:  // a point on a disc (a plane)
      return append({cylinder(0.6 * size, 0.1 * r, 48), at(sphere(r), Vec3(0, 0, 0.9 * r))});
    case K::Orientation:  // three fixed directions
      return append({rod(0.3 * r, 0.9 * size, Vec3::UnitX()), rod(0.3 * r, 0.9 * size, Vec3::UnitY()),
                     rod(0.3 * r, 0.9 * size, Vec3::UnitZ()), box(Vec3(r, r, r))});
    case K::ParallelAxes:  // two parallel lines
      return append({rod(0.3 * r, 1.2 * size, Vec3::UnitZ(), Vec3(-1.5 * r, 0, 0)),
                     rod(0.3 * r, 1.2 * size, Vec3::UnitZ(), Vec3(1.5 * r, 0, 0))});
    case K::Perpendicular:  // a right angle
      return append({rod(0.3 * r, 1.2 * size, Vec3::UnitZ(), Vec3(0, 0, 0.6 * size)),
                     rod(0.3 * r, 1.2 * size, Vec3::UnitX(), Vec3(0.6 * size, 0, 0)), sphere(0.5 * r)});
    case K::AtPoint:  // a point: a small diamond
      return transformed(box(Vec3(1.6 * r, 1.6 * r, 1.6 * r)), Vec3::Zero(),
                         core::euler313ToMatrix(Vec3(0.785398, 0.615480, 0.0)));
    case K::PointCurve:  // a point on an arc (ModelScene draws the joint's curve itself besides)
      return append({helix(1.2 * size, 0.05 * r, 1, 0.2 * r), at(sphere(r), Vec3(1.2 * size, 0, 0))});
    case K::CurveCurve:  // two arcs touching (ModelScene draws the two curves besides)
      return append({helix(1.2 * size, 0.05 * r, 1, 0.2 * r),
                     at(helix(0.6 * size, 0.05 * r, 1, 0.2 * r), Vec3(1.2 * size, 0.3 * size, 0))});
    case K::Gear:  // two meshing wheels
      return append({gearWheel(0.4 * size, 0.15 * size, 12),
                     at(gearWheel(0.2 * size, 0.15 * size, 6), Vec3(0.7 * size, 0, 0))});
    case K::RackPinion:  // a wheel on a toothed bar
      return append({gearWheel(0.35 * size, 0.15 * size, 10),
                     at(box(Vec3(1.6 * size, 0.12 * size, 0.15 * size)), Vec3(0, -0.5 * size, 0))});
    case K::Coupler:  // two discs joined by a bar
      return append({cylinder(0.25 * size, 0.1 * size, 32),
                     at(cylinder(0.25 * size, 0.1 * size, 32), Vec3(0.9 * size, 0, 0)),
                     rod(0.08 * size, 0.9 * size, Vec3::UnitX(), Vec3(0.45 * size, 0, 0))});
  }
  return sphere(r);
}

QColor jointColor(core::JointKind kind)
{
  using K = core::JointKind;
  switch (kind) {
    case K::Revolute:
      return QColor("#d62728");
    case K::Translational:
      return QColor("#1f77b4");
    case K::Cylindrical:
      return QColor("#9467bd");
    case K::Spherical:
      return QColor("#2ca02c");
    case K::Fixed:
      return QColor("#555555");
    case K::Universal:
    case K::ConstantVelocity:
      return QColor("#ff7f0e");
    case K::Planar:
    case K::Screw:
      return QColor("#17becf");
    case K::Gear:
    case K::RackPinion:
    case K::Coupler:
      return QColor("#e377c2");
    default:  // joint primitives
      return QColor("#8c564b");
  }
}

}  // namespace mbs::ui
