#include "mbs/ui/view/ModelScene.hpp"

#include <vtkActor.h>
#include <vtkAssembly.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTransform.h>
#include <QColor>
#include <algorithm>

#include "Shapes.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::ui {
namespace {

using core::Mat3;
using core::Vec3;

// Part colours: distinguishable, not too saturated (engineering-drawing look).
const char* const kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2",
                                "#edc948", "#e15759", "#9c755f", "#bab0ac", "#ff9da7"};

void setColor(vtkActor* actor, const QColor& color)
{
  actor->GetProperty()->SetColor(color.redF(), color.greenF(), color.blueF());
}

vtkSmartPointer<vtkActor> makeActor(vtkPolyData* poly)
{
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputData(poly);
  auto actor = vtkSmartPointer<vtkActor>::New();
  actor->SetMapper(mapper);
  return actor;
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
    default:
      return QColor("#8c564b");
  }
}

}  // namespace

ModelScene::ModelScene(vtkRenderer* renderer) : m_renderer(renderer) {}

ModelScene::~ModelScene()
{
  for (auto& actor : m_preview)
    m_renderer->RemoveActor(actor);
  if (m_traces)
    m_renderer->RemoveActor(m_traces);
  for (auto& info : m_actors)
    m_renderer->RemoveActor(info.actor);
}

vtkTransform* ModelScene::partTransform(core::PartId part)
{
  auto& transform = m_partTransforms[part];
  if (!transform)
    transform = vtkSmartPointer<vtkTransform>::New();
  return transform;
}

void ModelScene::addActor(vtkSmartPointer<vtkActor> actor, const core::EntityRef& entity, core::PartId part)
{
  if (part.valid())
    actor->SetUserTransform(partTransform(part));
  m_renderer->AddActor(actor);
  ActorInfo info{actor, entity, {0, 0, 0}};
  actor->GetProperty()->GetColor(info.baseColor);
  m_actors.push_back(info);
}

Vec3 ModelScene::pointInGround(core::PartId part, const Vec3& local) const
{
  const auto it = m_currentPoses.find(part);
  if (it == m_currentPoses.end())
    return local;
  return it->second.position + it->second.rotation * local;
}

void ModelScene::rebuild(const core::Model& model)
{
  for (auto& info : m_actors)
    m_renderer->RemoveActor(info.actor);
  m_actors.clear();
  m_springs.clear();
  m_partTransforms.clear();
  m_initialPoses.clear();

  // Model size from the marker cloud and part origins: glyphs and the grid scale with it.
  Eigen::AlignedBox3d bounds;
  for (const auto& part : model.parts())
    bounds.extend(part.position);
  for (const auto& marker : model.markers())
    bounds.extend(model.markerGlobalPosition(marker.id));
  m_size = std::max(bounds.isEmpty() ? 1.0 : bounds.diagonal().norm(), 0.05);

  for (const auto& part : model.parts())
    m_initialPoses[part.id] = PartPose{part.position, model.partRotation(part.id)};
  m_currentPoses = m_initialPoses;
  for (const auto& [id, pose] : m_initialPoses)
    partTransform(id)->SetMatrix(shapes::toVtk(pose.position, pose.rotation));

  drawGround(model);
  int colorIndex = 0;
  for (const auto& part : model.parts())
    if (!part.ground)
      drawPart(model, part.id, colorIndex++);
  for (const auto& marker : model.markers())
    drawMarker(model, marker.id);
  for (const auto& joint : model.joints())
    drawJoint(model, joint.id);
  for (const auto& force : model.forces())
    drawForce(model, force.id);
}

void ModelScene::drawGround(const core::Model& model)
{
  // Grid normal to gravity (the floor), through the origin.
  const Vec3 normal = model.gravity.norm() > 0 ? Vec3(-model.gravity.normalized()) : Vec3::UnitZ();
  auto actor = makeActor(shapes::grid(normal, 0.75 * m_size, 16));
  // Opaque, unlit, light grey: translucent lines render with wrong colours under Mesa's llvmpipe.
  setColor(actor, QColor("#a3adb8"));
  actor->GetProperty()->SetLighting(false);
  actor->PickableOff();
  addActor(actor, core::EntityRef(), {});  // the grid belongs to no entity: never highlighted
}

void ModelScene::drawPart(const core::Model& model, core::PartId id, int colorIndex)
{
  const core::Part& part = *model.part(id);
  const QColor defaultColor(kPalette[colorIndex % std::size(kPalette)]);
  bool drewSomething = false;
  for (const auto& geometry : part.geometry) {
    auto poly = shapes::geometry(geometry);
    if (!poly)
      continue;
    auto actor = makeActor(poly);
    setColor(actor, geometry.color.empty() ? defaultColor : QColor(QString::fromStdString(geometry.color)));
    actor->GetProperty()->SetSpecular(0.3);
    addActor(actor, core::EntityRef(id), id);
    drewSomething = true;
  }
  if (!drewSomething) {
    // No geometry: a sphere at the centre of mass so the part can be seen and picked.
    Vec3 cm = Vec3::Zero();
    if (part.cmMarker.valid() && model.marker(part.cmMarker))
      cm = model.marker(part.cmMarker)->position;
    auto actor = makeActor(shapes::transformed(shapes::sphere(0.03 * m_size), cm, Mat3::Identity()));
    setColor(actor, defaultColor);
    addActor(actor, core::EntityRef(id), id);
  }
}

void ModelScene::drawMarker(const core::Model& model, core::MarkerId id)
{
  const core::Marker& marker = *model.marker(id);
  const Mat3 orientation = marker.localOrientation().value_or(Mat3::Identity());
  auto actor = makeActor(shapes::transformed(shapes::triad(0.06 * m_size), marker.position, orientation));
  actor->GetProperty()->SetLineWidth(2.0);
  addActor(actor, core::EntityRef(id), marker.part);
}

void ModelScene::drawJoint(const core::Model& model, core::JointId id)
{
  const core::Joint& joint = *model.joint(id);
  if (core::isCoupler(joint.kind))
    return;  // couplers have no location of their own
  const core::Marker* marker = model.marker(joint.iMarker);
  if (!marker)
    marker = model.marker(joint.jMarker);
  if (!marker)
    return;  // reported by the topology check
  const Mat3 orientation = marker->localOrientation().value_or(Mat3::Identity());
  auto actor = makeActor(
      shapes::transformed(shapes::jointGlyph(joint.kind, 0.12 * m_size), marker->position, orientation));
  setColor(actor, jointColor(joint.kind));
  addActor(actor, core::EntityRef(id), marker->part);
}

void ModelScene::drawForce(const core::Model& model, core::ForceId id)
{
  const core::Force& force = *model.force(id);
  const core::Marker* i = model.marker(force.iMarker);
  if (!i)
    return;
  const core::Marker* j = model.marker(force.jMarker);
  using FK = core::ForceKind;
  if (force.kind == FK::TranslationalSpringDamper && j) {
    SpringInfo info{id, i->part, j->part, i->position, j->position, nullptr};
    info.actor = makeActor(shapes::spring(pointInGround(i->part, i->position),
                                          pointInGround(j->part, j->position), 0.025 * m_size));
    setColor(info.actor, QColor("#2b6cb0"));
    info.actor->GetProperty()->SetLineWidth(2.0);
    addActor(info.actor, core::EntityRef(id), {});
    m_springs.push_back(info);
    return;
  }
  // Other forces: an arrow along the I marker's z axis (the action direction of SFORCE/bushing).
  const Mat3 orientation = i->localOrientation().value_or(Mat3::Identity());
  auto actor = makeActor(shapes::arrow(i->position, orientation.col(2), 0.15 * m_size));
  setColor(actor,
           QColor(force.kind == FK::RotationalSpringDamper || force.kind == FK::SingleTorque ? "#805ad5"
                                                                                             : "#dd6b20"));
  addActor(actor, core::EntityRef(id), i->part);
}

void ModelScene::updateSprings()
{
  for (auto& spring : m_springs) {
    auto poly = shapes::spring(pointInGround(spring.iPart, spring.iLocal),
                               pointInGround(spring.jPart, spring.jLocal), 0.025 * m_size);
    vtkPolyDataMapper::SafeDownCast(spring.actor->GetMapper())->SetInputData(poly);
  }
}

void ModelScene::setPartPoses(const std::map<core::PartId, PartPose>& poses)
{
  for (const auto& [id, pose] : poses) {
    m_currentPoses[id] = pose;
    partTransform(id)->SetMatrix(shapes::toVtk(pose.position, pose.rotation));
  }
  updateSprings();
}

void ModelScene::setPreview(std::optional<PartPose> frame, core::JointKind kind)
{
  for (auto& actor : m_preview)
    m_renderer->RemoveActor(actor);
  m_preview.clear();
  if (!frame)
    return;
  // Larger than the joint's own glyph so it shows outside the parts it sits in.
  auto glyph = makeActor(
      shapes::transformed(shapes::jointGlyph(kind, 0.2 * m_size), frame->position, frame->rotation));
  setColor(glyph, jointColor(kind));
  glyph->GetProperty()->SetAmbient(0.3);
  auto axes = makeActor(shapes::transformed(shapes::triad(0.45 * m_size), frame->position, frame->rotation));
  axes->GetProperty()->SetLineWidth(4.0);
  for (auto& actor : {glyph, axes}) {
    actor->PickableOff();
    m_renderer->AddActor(actor);
    m_preview.push_back(actor);
  }
}

void ModelScene::setTraces(const std::vector<std::vector<Vec3>>& polylines)
{
  if (m_traces)
    m_renderer->RemoveActor(m_traces);
  m_traces = nullptr;
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> lines;
  for (const auto& line : polylines) {
    if (line.size() < 2)
      continue;
    std::vector<vtkIdType> ids;
    for (const Vec3& p : line)
      ids.push_back(points->InsertNextPoint(p.data()));
    lines->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
  }
  if (lines->GetNumberOfCells() == 0)
    return;
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetLines(lines);
  m_traces = makeActor(poly);
  setColor(m_traces, QColor("#d53f8c"));
  m_traces->GetProperty()->SetLineWidth(2.5);
  m_traces->PickableOff();
  m_renderer->AddActor(m_traces);
}

void ModelScene::resetPoses()
{
  setPartPoses(m_initialPoses);
}

std::optional<core::EntityRef> ModelScene::entityOf(vtkProp* prop) const
{
  for (const auto& info : m_actors)
    if (info.actor.GetPointer() == prop)
      return info.entity;
  return std::nullopt;
}

void ModelScene::setSelection(const std::vector<core::EntityRef>& selection)
{
  m_selection = selection;
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
