// ModelScene's state after it is built: the parts' poses (an animation frame, or back to the
// model's), and which entities are highlighted as selected or as problems, and picking.
#include <vtkActor.h>
#include <vtkProperty.h>
#include <vtkTransform.h>
#include <algorithm>

#include "MergedParts.hpp"
#include "Shapes.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {

void ModelScene::setPartPoses(const std::map<core::PartId, PartPose>& poses)
{
  for (const auto& [id, pose] : poses) {
    m_currentPoses[id] = pose;
    if (const auto transform = m_partTransforms.find(id); transform != m_partTransforms.end())
      transform->second->SetMatrix(shapes::toVtk(pose.position, pose.rotation));
  }
  if (m_merged)
    m_merged->setPoses(poses);
  updateSprings();
}

void ModelScene::resetPoses()
{
  setPartPoses(m_initialPoses);
  resetFeNodePoses();
  updateSprings();
}

std::optional<core::EntityRef> ModelScene::entityOf(vtkProp* prop, vtkIdType cell) const
{
  if (m_merged)
    if (auto entity = m_merged->entityOf(prop, cell))
      return entity;
  for (const auto& info : m_actors)
    if (info.actor.GetPointer() == prop)
      return info.entity;
  return std::nullopt;
}

void ModelScene::setSelection(const std::vector<core::EntityRef>& selection)
{
  m_selection = selection;
  highlightGroupedMarkers(selection);
  for (auto& info : m_actors) {
    const bool selected = std::find(selection.begin(), selection.end(), info.entity) != selection.end();
    if (selected) {
      info.actor->GetProperty()->SetColor(1.0, 0.85, 0.1);
      info.actor->GetProperty()->SetAmbient(0.4);
    } else if (isProblem(info.entity)) {
      info.actor->GetProperty()->SetColor(0.93, 0.45, 0.1);
      info.actor->GetProperty()->SetAmbient(0.3);
    } else {
      info.actor->GetProperty()->SetColor(info.baseColor);
      info.actor->GetProperty()->SetAmbient(0.0);
    }
  }
  if (m_merged) {
    std::vector<std::pair<core::EntityRef, MergedParts::Rgb>> highlights;
    for (const auto& entity : m_problems)
      highlights.push_back({entity, {237, 115, 26}});
    for (const auto& entity : selection)
      highlights.push_back({entity, {255, 217, 26}});  // after the problems: selection wins
    m_merged->setHighlights(highlights);
  }
}

void ModelScene::setProblems(const std::vector<core::EntityRef>& problems)
{
  m_problems = problems;
  setSelection(std::vector<core::EntityRef>(m_selection));
}

bool ModelScene::isProblem(const core::EntityRef& entity) const
{
  return std::find(m_problems.begin(), m_problems.end(), entity) != m_problems.end();
}

}  // namespace mbs::ui
