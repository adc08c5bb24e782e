// ModelScene's contact glyphs (issue 30): where each pair touches, its normal and its force, as
// Adams/View draws contact forces in an animation. They are 2-D props at world coordinates, as the
// journal orbits are: the contact point lies on both solids' surfaces and the arrows run inside one
// of them, so 3-D glyphs would be hidden. Rebuilt per frame; no touching pair draws nothing.
#include <vtkActor2D.h>
#include <vtkCellArray.h>
#include <vtkCoordinate.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper2D.h>
#include <vtkProperty2D.h>
#include <vtkRenderer.h>

#include <cmath>

#include "Shapes.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {
namespace {

// Line segments (pairs of points) or points, world coordinates, drawn on top.
vtkSmartPointer<vtkActor2D> overlay(const std::vector<core::Vec3>& points, bool segments, double r, double g,
                                    double b, double width)
{
  vtkNew<vtkPoints> xyz;
  for (const core::Vec3& p : points)
    xyz->InsertNextPoint(p.data());
  vtkNew<vtkCellArray> cells;
  for (vtkIdType k = 0; k < static_cast<vtkIdType>(points.size()); k += segments ? 2 : 1) {
    const vtkIdType ids[2] = {k, k + 1};
    cells->InsertNextCell(segments ? 2 : 1, ids);
  }
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(xyz);
  if (segments)
    poly->SetLines(cells);
  else
    poly->SetVerts(cells);
  vtkNew<vtkCoordinate> world;
  world->SetCoordinateSystemToWorld();
  vtkNew<vtkPolyDataMapper2D> mapper;
  mapper->SetInputData(poly);
  mapper->SetTransformCoordinate(world);
  mapper->ScalarVisibilityOff();
  auto actor = vtkSmartPointer<vtkActor2D>::New();
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(r, g, b);
  actor->GetProperty()->SetLineWidth(static_cast<float>(width));
  actor->GetProperty()->SetPointSize(static_cast<float>(width));
  actor->PickableOff();
  return actor;
}

// An arrow from `from` to `to` as segments: the shaft and a four-barbed head, so that it reads as an
// arrow from any side.
void arrow(std::vector<core::Vec3>& segments, const core::Vec3& from, const core::Vec3& to)
{
  const core::Vec3 along = to - from;
  const double length = along.norm();
  if (!(length > 0.0))
    return;
  segments.push_back(from);
  segments.push_back(to);
  const core::Mat3 frame = shapes::frameAlong(along);
  const double head = 0.2 * length;
  const core::Vec3 x = frame.col(0), y = frame.col(1);
  for (const core::Vec3& side : {x, core::Vec3(-x), y, core::Vec3(-y)}) {
    segments.push_back(to);
    segments.push_back(to - head * along / length + 0.4 * head * side);
  }
}

}  // namespace

void ModelScene::setContactGlyphs(const std::vector<ContactGlyph>& glyphs, double forceScale)
{
  for (const auto& prop : m_contactProps)
    m_renderer->RemoveViewProp(prop);
  m_contactProps.clear();
  m_contactGlyphCount = 0;
  std::vector<core::Vec3> points, normals, forces;
  for (const ContactGlyph& g : glyphs) {
    if (!g.point.allFinite() || !g.force.allFinite())
      continue;
    points.push_back(g.point);
    if (g.normal.norm() > 0.5)
      arrow(normals, g.point, g.point + 0.08 * m_size * g.normal.normalized());
    const double length = forceScale * g.force.norm();
    if (length > 1e-4 * m_size && std::isfinite(length))
      arrow(forces, g.point, g.point + length * g.force.normalized());
    ++m_contactGlyphCount;
  }
  if (!normals.empty())
    m_contactProps.push_back(overlay(normals, true, 0.17, 0.42, 0.69, 2.0));
  if (!forces.empty())
    m_contactProps.push_back(overlay(forces, true, 0.85, 0.16, 0.12, 3.0));
  if (!points.empty())
    m_contactProps.push_back(overlay(points, false, 0.1, 0.1, 0.1, 9.0));
  for (const auto& prop : m_contactProps)
    m_renderer->AddViewProp(prop);
}

}  // namespace mbs::ui
