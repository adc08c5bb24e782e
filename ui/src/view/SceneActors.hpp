#pragma once
// The small VTK helpers every part of ModelScene's drawing shares (ModelScene.cpp, FlexibleParts.cpp,
// EntityGlyphs.cpp, ScenePoses.cpp): an actor of a polygon set, and its colour.
#include <vtkActor.h>
#include <vtkNew.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkSmartPointer.h>

#include <QColor>

namespace mbs::ui::scene {

inline void setColor(vtkActor* actor, const QColor& color)
{
  actor->GetProperty()->SetColor(color.redF(), color.greenF(), color.blueF());
}

inline vtkSmartPointer<vtkActor> makeActor(vtkPolyData* poly)
{
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(poly);
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  return actor;
}

}  // namespace mbs::ui::scene
