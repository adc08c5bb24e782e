// ModelScene built from the model: its actors and their part transforms, the ground grid, the
// ground's and the rigid parts' geometry. The other drawing is split by idea: FlexibleParts.cpp
// (flexible bodies, their deformation and contours), FeBeamParts.cpp (FE beams), EntityGlyphs.cpp (markers,
// joints, forces and the building aids), ScenePoses.cpp (poses, selection and problems), JointGlyphs.cpp,
// ContactOverlay.cpp, OrbitOverlay.cpp and MergedParts.cpp.
#include "mbs/ui/view/ModelScene.hpp"

#include <vtkActor.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTransform.h>
#include <QColor>
#include <algorithm>
#include <map>

#include "MergedParts.hpp"
#include "SceneActors.hpp"
#include "Shapes.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::ui {
namespace {

using core::Mat3;
using core::Vec3;
using scene::makeActor;
using scene::setColor;

// Parts with more markers than this draw their triads as one actor (drawMarkerGroup).
constexpr std::size_t kMarkersDrawnSingly = 64;

// Part colours: distinguishable, not too saturated (engineering-drawing look).
const char* const kPalette[] = {"#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#76b7b2",
                                "#edc948", "#e15759", "#9c755f", "#bab0ac", "#ff9da7"};

}  // namespace

ModelScene::ModelScene(vtkRenderer* renderer) : m_renderer(renderer) {}

ModelScene::~ModelScene()
{
  for (auto& actor : m_preview)
    m_renderer->RemoveActor(actor);
  if (m_traces)
    m_renderer->RemoveActor(m_traces);
  setOrbits({});
  if (m_overlay)
    m_renderer->RemoveActor(m_overlay);
  if (m_scalarBar)
    m_renderer->RemoveActor2D(m_scalarBar);
  for (auto& info : m_actors)
    m_renderer->RemoveActor(info.actor);
  for (auto& actor : m_markerHighlights)
    m_renderer->RemoveActor(actor);
}

// Only parts with actors of their own (not merged) have a transform: a merged part's pose moves its
// points, and a vtkTransform per part cost a third of a frame's pose update at N = 10,000.
vtkTransform* ModelScene::partTransform(core::PartId part)
{
  auto& transform = m_partTransforms[part];
  if (!transform) {
    transform = vtkSmartPointer<vtkTransform>::New();
    if (const auto pose = m_currentPoses.find(part); pose != m_currentPoses.end())
      transform->SetMatrix(shapes::toVtk(pose->second.position, pose->second.rotation));
  }
  return transform;
}

void ModelScene::addActor(vtkSmartPointer<vtkActor> actor, const core::EntityRef& entity, core::PartId part,
                          bool mergeable)
{
  auto* mapper = vtkPolyDataMapper::SafeDownCast(actor->GetMapper());
  if (m_merged && mergeable && part.valid() && mapper && mapper->GetInput()) {
    double color[3];
    actor->GetProperty()->GetColor(color);
    m_merged->add(part, entity, mapper->GetInput(), color);
    return;
  }
  addOwnActor(actor, entity, part.valid() ? partTransform(part) : nullptr);
}

void ModelScene::addOwnActor(vtkSmartPointer<vtkActor> actor, const core::EntityRef& entity,
                             vtkTransform* transform)
{
  if (transform)
    actor->SetUserTransform(transform);
  m_renderer->AddActor(actor);
  ActorInfo info{actor, entity, {0, 0, 0}};
  actor->GetProperty()->GetColor(info.baseColor);
  m_actors.push_back(info);
}

void ModelScene::addPartShape(vtkSmartPointer<vtkPolyData> poly, const QColor& color,
                              const core::EntityRef& entity, core::PartId part, double lineWidth,
                              double specular, vtkSmartPointer<vtkPolyData> light)
{
  if (m_merged && part.valid()) {
    const double rgb[3] = {color.redF(), color.greenF(), color.blueF()};
    m_merged->add(part, entity, poly, rgb, light);
    return;
  }
  auto actor = makeActor(poly);
  setColor(actor, color);
  if (lineWidth > 0.0)
    actor->GetProperty()->SetLineWidth(lineWidth);
  if (specular > 0.0)
    actor->GetProperty()->SetSpecular(specular);
  addActor(actor, entity, part);
}

Vec3 ModelScene::pointInGround(core::PartId part, const Vec3& local, int feNode) const
{
  if (const auto beam = m_feBeams.find(part); feNode >= 0 && beam != m_feBeams.end()) {
    const PartPose& node = beam->second.nodes[std::size_t(feNode)];
    return node.position + node.rotation * (local - beam->second.beam.nodePosition(feNode));
  }
  const auto it = m_currentPoses.find(part);
  if (it == m_currentPoses.end())
    return local;
  return it->second.position + it->second.rotation * local;
}

void ModelScene::rebuild(const core::Model& model)
{
  m_grid = nullptr;
  for (auto& info : m_actors)
    m_renderer->RemoveActor(info.actor);
  m_actors.clear();
  for (auto& actor : m_markerHighlights)
    m_renderer->RemoveActor(actor);
  m_markerHighlights.clear();
  m_groupedMarkers.clear();
  m_springs.clear();
  m_jointCurves.clear();
  m_flexible.clear();
  m_feBeams.clear();
  std::erase_if(m_surfaces, [&model](const auto& entry) {
    for (const auto& part : model.parts())
      if (part.flexible.data.get() == entry.first)
        return false;
    return true;
  });
  if (m_scalarBar)
    m_scalarBar->SetVisibility(false);
  m_partTransforms.clear();
  m_initialPoses.clear();
  m_merged.reset();
  int movingRigidParts = 0;
  for (const auto& part : model.parts())
    movingRigidParts += !part.ground && !part.flexible && !part.feBeam;
  if (movingRigidParts >= kMergedFromParts)
    m_merged = std::make_unique<MergedParts>();
  // Large models are tessellated coarser (Shapes.hpp, Detail): their parts cover few pixels each.
  const shapes::ScopedDetail detail(movingRigidParts >= kMinimalDetailFromParts ? shapes::Detail::Minimal
                                    : m_merged                                  ? shapes::Detail::Coarse
                                                                                : shapes::Detail::Full);

  // Model size from the marker cloud and part origins: glyphs and the grid scale with it.
  Eigen::AlignedBox3d bounds;
  for (const auto& part : model.parts())
    bounds.extend(part.position);
  for (const auto& marker : model.markers())
    bounds.extend(model.markerGlobalPosition(marker.id));
  m_size = std::max(bounds.isEmpty() ? 1.0 : bounds.diagonal().norm(), 0.05);
  // Glyphs (joints, marker triads, force arrows) scale with the model, but not past ten times its
  // typical part (the median extent of the parts' markers): in a chain of 1000 links 0.1 m long,
  // glyphs a tenth of the whole chain would bury the links under one slab of glyphs.
  std::map<core::PartId, Eigen::AlignedBox3d> partExtents;
  for (const auto& marker : model.markers())
    partExtents[marker.part].extend(marker.position);
  std::vector<double> extents;
  for (const auto& [part, box] : partExtents)
    if (const double d = box.diagonal().norm(); d > 0.0)
      extents.push_back(d);
  m_glyphSize = m_size;
  if (!extents.empty()) {
    std::nth_element(extents.begin(), extents.begin() + extents.size() / 2, extents.end());
    m_glyphSize = std::min(m_size, std::max(10.0 * extents[extents.size() / 2], 0.05));
  }

  for (const auto& part : model.parts())
    m_initialPoses[part.id] = PartPose{part.position, model.partRotation(part.id)};
  m_currentPoses = m_initialPoses;

  drawGround(model);
  int colorIndex = 0;
  for (const auto& part : model.parts())
    if (part.ground)
      drawGroundGeometry(model, part.id);
    else
      drawPart(model, part.id, colorIndex++);
  std::map<core::PartId, std::vector<const core::Marker*>> markersByPart;
  for (const auto& marker : model.markers())
    markersByPart[marker.part].push_back(&marker);
  for (const auto& [part, markers] : markersByPart)
    if (markers.size() <= kMarkersDrawnSingly || m_feBeams.count(part))  // an FE beam's follow nodes
      for (const core::Marker* marker : markers)
        drawMarker(model, marker->id);
    else
      drawMarkerGroup(part, markers);
  for (const auto& joint : model.joints())
    drawJoint(model, joint.id);
  for (const auto& force : model.forces())
    drawForce(model, force.id);
  if (m_merged) {
    for (auto& actor : m_merged->build(m_currentPoses))
      addActor(actor, core::EntityRef(), {}, false);
    m_merged->setPlayback(m_playbackDetail);  // a model edited while the animation plays
  }
}

bool ModelScene::wantsPlaybackShapes() const
{
  return m_merged && shapes::detail() == shapes::Detail::Coarse;
}

void ModelScene::setPlaybackDetail(bool playing)
{
  m_playbackDetail = playing;
  if (m_merged)
    m_merged->setPlayback(playing);
}

bool ModelScene::drawsPlaybackDetail() const
{
  return m_merged && m_merged->playback();
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
  m_grid = actor.Get();
  addActor(actor, core::EntityRef(), {});  // the grid belongs to no entity: never highlighted
}

// Geometry on ground (an imported deck's guides, floors and contact planes) in one muted grey,
// so that it reads as the fixed world beside the coloured moving parts.
void ModelScene::drawGroundGeometry(const core::Model& model, core::PartId id)
{
  for (const auto& geometry : model.part(id)->geometry) {
    auto poly = shapes::geometry(geometry);
    if (!poly)
      continue;
    auto actor = makeActor(poly);
    setColor(actor,
             geometry.color.empty() ? QColor("#d5dbe1") : QColor(QString::fromStdString(geometry.color)));
    addActor(actor, core::EntityRef(id), id);
  }
}

void ModelScene::drawPart(const core::Model& model, core::PartId id, int colorIndex)
{
  const core::Part& part = *model.part(id);
  const QColor defaultColor(kPalette[colorIndex % std::size(kPalette)]);
  if (drawFlexiblePart(model, id, defaultColor) || drawFeBeamPart(model, id, defaultColor))
    return;
  bool drewSomething = false;
  for (const auto& geometry : part.geometry) {
    auto poly = shapes::geometry(geometry);
    if (!poly)
      continue;
    vtkSmartPointer<vtkPolyData> light;
    if (wantsPlaybackShapes()) {
      const shapes::ScopedDetail minimal(shapes::Detail::Minimal);
      light = shapes::geometry(geometry);
    }
    addPartShape(poly, geometry.color.empty() ? defaultColor : QColor(QString::fromStdString(geometry.color)),
                 core::EntityRef(id), id, 0.0, 0.3, light);
    drewSomething = true;
  }
  if (!drewSomething) {
    // No geometry: a sphere at the centre of mass so the part can be seen and picked.
    Vec3 cm = Vec3::Zero();
    if (part.cmMarker.valid() && model.marker(part.cmMarker))
      cm = model.marker(part.cmMarker)->position;
    addPartShape(shapes::transformed(shapes::sphere(0.03 * m_glyphSize), cm, Mat3::Identity()), defaultColor,
                 core::EntityRef(id), id);
  }
}

}  // namespace mbs::ui
