// ModelScene's journal orbits of clearance joints. They are drawn as 2-D props whose points are
// world coordinates (vtkCoordinate "world"): VTK draws them after the 3-D geometry, so the path
// stays visible inside the journal and bearing that surround it.
#include <vtkActor2D.h>
#include <vtkCellArray.h>
#include <vtkCoordinate.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper2D.h>
#include <vtkProperty2D.h>
#include <vtkRenderer.h>
#include <vtkTextActor.h>
#include <vtkTextProperty.h>
#include <QColor>
#include <QString>

#include "ViewText.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {
namespace {

enum class Shape { Line, Points };

vtkSmartPointer<vtkActor2D> worldOverlay(const std::vector<core::Vec3>& points, Shape shape,
                                         const QColor& color, double width)
{
  vtkNew<vtkPoints> xyz;
  for (const core::Vec3& p : points)
    xyz->InsertNextPoint(p.data());
  vtkNew<vtkCellArray> cells;
  if (shape == Shape::Line) {
    std::vector<vtkIdType> ids(points.size());
    for (std::size_t k = 0; k < ids.size(); ++k)
      ids[k] = static_cast<vtkIdType>(k);
    cells->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
  } else {
    for (vtkIdType k = 0; k < static_cast<vtkIdType>(points.size()); ++k)
      cells->InsertNextCell(1, &k);
  }
  vtkNew<vtkPolyData> poly;
  poly->SetPoints(xyz);
  if (shape == Shape::Line)
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
  actor->GetProperty()->SetColor(color.redF(), color.greenF(), color.blueF());
  actor->GetProperty()->SetLineWidth(static_cast<float>(width));
  actor->GetProperty()->SetPointSize(static_cast<float>(width));
  actor->PickableOff();
  return actor;
}

}  // namespace

void ModelScene::setOrbits(const std::vector<Orbit>& orbits)
{
  for (auto& prop : m_orbitProps)
    m_renderer->RemoveViewProp(prop);
  m_orbitProps.clear();
  m_orbits = orbits;
  for (const Orbit& orbit : m_orbits) {
    if (orbit.circle.size() >= 2)
      m_orbitProps.push_back(worldOverlay(orbit.circle, Shape::Line, QColor("#4a5568"), 1.5));
    if (orbit.path.size() >= 2)
      m_orbitProps.push_back(worldOverlay(orbit.path, Shape::Line, QColor("#d53f8c"), 2.5));
    if (!orbit.path.empty())
      m_orbitProps.push_back(worldOverlay({orbit.path.back()}, Shape::Points, QColor("#1a202c"), 8.0));
    if (!orbit.circle.empty()) {
      // The label beside the circle's first point (its +x side in the bearing's axes).
      auto label = vtkSmartPointer<vtkTextActor>::New();
      vtkTextProperty* text = label->GetTextProperty();
      const QString pattern =
          QString::fromStdString(viewText(QT_TRANSLATE_NOOP("ViewText", "%1: journal orbit ×%2"), text));
      label->SetInput(pattern.arg(QString::fromStdString(orbit.joint))
                          .arg(orbit.magnification, 0, 'g', 3)
                          .toStdString()
                          .c_str());
      text->SetFontSize(14);
      text->SetColor(0.1, 0.12, 0.17);
      text->SetVerticalJustificationToCentered();
      label->GetPositionCoordinate()->SetCoordinateSystemToWorld();
      label->GetPositionCoordinate()->SetValue(orbit.circle.front().data());
      label->PickableOff();
      m_orbitProps.push_back(label);
    }
  }
  for (auto& prop : m_orbitProps)
    m_renderer->AddViewProp(prop);
}

}  // namespace mbs::ui
