#include "mbs/ui/view/ModelScene.hpp"

#include <vtkActor.h>
#include <vtkAssembly.h>
#include <vtkCell.h>
#include <vtkCellArray.h>
#include <vtkCellData.h>
#include <vtkDecimatePro.h>
#include <vtkDelaunay3D.h>
#include <vtkDoubleArray.h>
#include <vtkIdList.h>
#include <vtkIdTypeArray.h>
#include <vtkLookupTable.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkScalarBarActor.h>
#include <vtkTextProperty.h>
#include <vtkTransform.h>
#include <vtkUnstructuredGrid.h>
#include <Eigen/SVD>
#include <QColor>
#include <algorithm>
#include <array>
#include <cmath>
#include <map>

#include "MergedParts.hpp"
#include "Shapes.hpp"
#include "ViewText.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/view/JointGlyphs.hpp"

namespace mbs::ui {
namespace {

using core::Mat3;
using core::Vec3;

// Parts with more markers than this draw their triads as one actor (drawMarkerGroup).
constexpr std::size_t kMarkersDrawnSingly = 64;

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

// Blue (0) to red (max) rainbow, as FE post-processors colour displacement contours.
vtkSmartPointer<vtkLookupTable> contourTable(double max)
{
  auto table = vtkSmartPointer<vtkLookupTable>::New();
  table->SetHueRange(0.667, 0.0);
  table->SetTableRange(0.0, max > 0 ? max : 1.0);
  table->Build();
  return table;
}

// Surface triangles of the convex hull of `nodes` (the faces used by one tetrahedron only of their
// Delaunay tetrahedralization), as indices into `nodes`.
std::vector<std::array<vtkIdType, 3>> hullTriangles(const Eigen::Matrix3Xd& nodes)
{
  vtkNew<vtkPoints> points;
  for (Eigen::Index k = 0; k < nodes.cols(); ++k)
    points->InsertNextPoint(nodes(0, k), nodes(1, k), nodes(2, k));
  vtkNew<vtkPolyData> cloud;
  cloud->SetPoints(points);
  vtkNew<vtkDelaunay3D> delaunay;
  delaunay->SetInputData(cloud);
  delaunay->Update();
  vtkUnstructuredGrid* grid = delaunay->GetOutput();
  std::map<std::array<vtkIdType, 3>, std::pair<int, std::array<vtkIdType, 3>>> faces;
  static const int kFaces[4][3] = {{0, 2, 1}, {0, 1, 3}, {1, 2, 3}, {0, 3, 2}};
  for (vtkIdType c = 0; c < grid->GetNumberOfCells(); ++c) {
    vtkCell* cell = grid->GetCell(c);
    if (cell->GetNumberOfPoints() != 4)
      continue;
    for (const auto& f : kFaces) {
      std::array<vtkIdType, 3> face{cell->GetPointId(f[0]), cell->GetPointId(f[1]), cell->GetPointId(f[2])};
      std::array<vtkIdType, 3> key = face;
      std::sort(key.begin(), key.end());
      auto& entry = faces[key];
      ++entry.first;
      entry.second = face;
    }
  }
  std::vector<std::array<vtkIdType, 3>> out;
  for (const auto& [key, entry] : faces)
    if (entry.first == 1)
      out.push_back(entry.second);
  return out;
}

// `triangles` (indices into `nodes`) reduced to about `maxTriangles` for drawing: vertex removal
// (vtkDecimatePro) keeps a subset of the original nodes at their places, so each drawn point is still
// one FE node and deforms and colours exactly as that node; topology and sharp edges are kept.
std::vector<std::array<long long, 3>> decimated(const Eigen::Matrix3Xd& nodes,
                                                const std::vector<std::array<long long, 3>>& triangles,
                                                std::size_t maxTriangles)
{
  vtkNew<vtkPoints> points;
  vtkNew<vtkIdTypeArray> feNode;
  feNode->SetName("fe_node");
  std::map<long long, vtkIdType> local;
  vtkNew<vtkCellArray> polys;
  for (const auto& t : triangles) {
    vtkIdType ids[3];
    for (int k = 0; k < 3; ++k) {
      auto [it, added] = local.emplace(t[k], points->GetNumberOfPoints());
      if (added) {
        points->InsertNextPoint(nodes(0, t[k]), nodes(1, t[k]), nodes(2, t[k]));
        feNode->InsertNextValue(t[k]);
      }
      ids[k] = it->second;
    }
    polys->InsertNextCell(3, ids);
  }
  vtkNew<vtkPolyData> surface;
  surface->SetPoints(points);
  surface->SetPolys(polys);
  surface->GetPointData()->AddArray(feNode);
  vtkNew<vtkDecimatePro> decimate;
  decimate->SetInputData(surface);
  decimate->SetTargetReduction(1.0 -
                               static_cast<double>(maxTriangles) / static_cast<double>(triangles.size()));
  decimate->PreserveTopologyOn();
  decimate->SetFeatureAngle(30.0);
  decimate->SplittingOff();
  decimate->BoundaryVertexDeletionOff();
  decimate->Update();
  vtkPolyData* out = decimate->GetOutput();
  auto* kept = vtkIdTypeArray::SafeDownCast(out->GetPointData()->GetArray("fe_node"));
  if (!kept || out->GetNumberOfPolys() == 0)
    return triangles;
  std::vector<std::array<long long, 3>> result;
  vtkNew<vtkIdList> cell;
  for (vtkIdType c = 0; c < out->GetNumberOfCells(); ++c) {
    out->GetCellPoints(c, cell);
    if (cell->GetNumberOfIds() == 3)
      result.push_back(
          {kept->GetValue(cell->GetId(0)), kept->GetValue(cell->GetId(1)), kept->GetValue(cell->GetId(2))});
  }
  return result;
}

// A plane body (mesh::CraigBampton on a plane-stress mesh) has all its nodes in one plane and its
// thickness only in its inertia: the mid-plane's second moment along the normal is m t^2 / 12.
// Returns the unit normal (oriented so the surface triangles turn counter-clockwise about it) and
// t, or t = 0 for a solid.
double planeThickness(const solver::FlexibleBodyData& data, Vec3& normal)
{
  const Eigen::Matrix3Xd& x = data.nodes;
  if (data.surfaceTriangles.empty() || !(data.mass > 0.0))
    return 0.0;
  const Eigen::Matrix3Xd centred = x.colwise() - x.rowwise().mean();
  const Eigen::JacobiSVD<Eigen::Matrix3Xd> svd(centred, Eigen::ComputeThinU);
  const Vec3 sv = svd.singularValues();
  if (!(sv[2] <= 1e-9 * sv[0]))
    return 0.0;
  normal = svd.matrixU().col(2);
  const auto& t = data.surfaceTriangles.front();
  if ((x.col(t[1]) - x.col(t[0])).cross(x.col(t[2]) - x.col(t[0])).dot(normal) < 0.0)
    normal = -normal;
  const double thickness =
      std::sqrt(std::max(0.0, 12.0 * normal.dot(data.secondMoment * normal) / data.mass));
  return thickness;
}

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
  if (part.valid())
    actor->SetUserTransform(partTransform(part));
  m_renderer->AddActor(actor);
  ActorInfo info{actor, entity, {0, 0, 0}};
  actor->GetProperty()->GetColor(info.baseColor);
  m_actors.push_back(info);
}

void ModelScene::addPartShape(vtkSmartPointer<vtkPolyData> poly, const QColor& color,
                              const core::EntityRef& entity, core::PartId part, double lineWidth,
                              double specular)
{
  if (m_merged && part.valid()) {
    const double rgb[3] = {color.redF(), color.greenF(), color.blueF()};
    m_merged->add(part, entity, poly, rgb);
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

Vec3 ModelScene::pointInGround(core::PartId part, const Vec3& local) const
{
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
  m_flexible.clear();
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
    movingRigidParts += !part.ground && !part.flexible;
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
    if (markers.size() <= kMarkersDrawnSingly)
      for (const core::Marker* marker : markers)
        drawMarker(model, marker->id);
    else
      drawMarkerGroup(part, markers);
  for (const auto& joint : model.joints())
    drawJoint(model, joint.id);
  for (const auto& force : model.forces())
    drawForce(model, force.id);
  if (m_merged)
    for (auto& actor : m_merged->build(m_currentPoses))
      addActor(actor, core::EntityRef(), {}, false);
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
  if (drawFlexiblePart(model, id, defaultColor))
    return;
  bool drewSomething = false;
  for (const auto& geometry : part.geometry) {
    auto poly = shapes::geometry(geometry);
    if (!poly)
      continue;
    addPartShape(poly, geometry.color.empty() ? defaultColor : QColor(QString::fromStdString(geometry.color)),
                 core::EntityRef(id), id, 0.0, 0.3);
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

bool ModelScene::drawFlexiblePart(const core::Model& model, core::PartId id, const QColor& color)
{
  const core::Part& part = *model.part(id);
  if (!part.flexible || part.flexible.data->nodes.cols() < 4)
    return false;
  FlexibleInfo info;
  info.part = id;
  info.data = part.flexible.data;
  info.cmRotation = Mat3::Identity();
  info.cmPosition = Vec3::Zero();
  if (part.cmMarker.valid() && model.marker(part.cmMarker)) {
    const core::Marker& cm = *model.marker(part.cmMarker);
    info.cmPosition = cm.position;
    info.cmRotation = cm.localOrientation().value_or(Mat3::Identity());
  }
  const Eigen::Matrix3Xd nodes = info.data->nodes;
  auto& surface = m_surfaces[info.data.get()];
  if (surface.data != info.data || surface.limit != m_maxDrawnTriangles) {
    surface.data = info.data;
    surface.limit = m_maxDrawnTriangles;
    surface.triangles.clear();
    // The mesh's own surface when the record has it; the nodes' convex hull otherwise (files
    // written before surface triangles were stored, hand-made or imported modal data).
    if (!info.data->surfaceTriangles.empty())
      for (const auto& t : info.data->surfaceTriangles)
        surface.triangles.push_back({t[0], t[1], t[2]});
    else
      for (const auto& t : hullTriangles(nodes))
        surface.triangles.push_back({t[0], t[1], t[2]});
    if (surface.triangles.size() > m_maxDrawnTriangles)
      surface.triangles = decimated(nodes, surface.triangles, m_maxDrawnTriangles);
  }
  const auto& triangles = surface.triangles;
  if (triangles.empty())
    return false;
  std::map<int, int> stressOf;  // FE node -> index into stressNodes
  for (std::size_t k = 0; k < info.data->stressNodes.size(); ++k)
    stressOf[info.data->stressNodes[k]] = static_cast<int>(k);
  // A plane body is drawn with its thickness: its faces at +-t/2 along the normal and walls along the
  // boundary edges. Plane stress moves a node's whole fibre through the thickness with it, so each
  // drawn point is an FE node plus a fixed offset (point data "offset", part frame).
  Vec3 normal = Vec3::UnitZ();
  const double thickness = planeThickness(*info.data, normal);
  const Vec3 halfDepth = 0.5 * thickness * (info.cmRotation * normal);
  std::vector<std::array<std::pair<long long, int>, 3>> drawn;  // (FE node, side -1/0/+1)
  if (thickness > 0.0) {
    std::map<std::pair<long long, long long>, int> edgeUse;
    for (const auto& t : triangles) {
      drawn.push_back({{{t[0], 1}, {t[1], 1}, {t[2], 1}}});
      drawn.push_back({{{t[0], -1}, {t[2], -1}, {t[1], -1}}});
      for (int k = 0; k < 3; ++k)
        ++edgeUse[{std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])}];
    }
    for (const auto& t : triangles)
      for (int k = 0; k < 3; ++k) {
        const long long a = t[k], b = t[(k + 1) % 3];
        if (edgeUse[{std::min(a, b), std::max(a, b)}] != 1)
          continue;
        // Outward wall of the boundary edge a -> b (the interior is on its left about the normal).
        drawn.push_back({{{a, -1}, {b, -1}, {b, 1}}});
        drawn.push_back({{{a, -1}, {b, 1}, {a, 1}}});
      }
  } else {
    for (const auto& t : triangles)
      drawn.push_back({{{t[0], 0}, {t[1], 0}, {t[2], 0}}});
  }
  // Surface points: the (node, side) pairs used by the drawn triangles, renumbered.
  std::map<std::pair<long long, int>, vtkIdType> renumber;
  vtkNew<vtkPoints> points;
  vtkNew<vtkCellArray> polys;
  vtkNew<vtkDoubleArray> offsets;
  offsets->SetName("offset");
  offsets->SetNumberOfComponents(3);
  for (const auto& t : drawn) {
    vtkIdType ids[3];
    for (int k = 0; k < 3; ++k) {
      auto [it, added] = renumber.emplace(t[k], static_cast<vtkIdType>(info.nodeIds.size()));
      if (added) {
        const int node = static_cast<int>(t[k].first);
        info.nodeIds.push_back(node);
        const auto stress = stressOf.find(node);
        info.stressIndex.push_back(info.data->hasStress() && stress != stressOf.end() ? stress->second : -1);
        const Vec3 offset = static_cast<double>(t[k].second) * halfDepth;
        const Vec3 p = info.cmPosition + info.cmRotation * nodes.col(node) + offset;
        points->InsertNextPoint(p.data());
        offsets->InsertNextTuple(offset.data());
      }
      ids[k] = it->second;
    }
    polys->InsertNextCell(3, ids);
  }
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetPolys(polys);
  poly->GetPointData()->AddArray(offsets);
  vtkNew<vtkDoubleArray> magnitude;
  magnitude->SetName("deformation");
  magnitude->SetNumberOfValues(points->GetNumberOfPoints());
  magnitude->Fill(0.0);
  poly->GetPointData()->SetScalars(magnitude);
  info.actor = makeActor(poly);
  info.actor->GetMapper()->ScalarVisibilityOff();
  setColor(info.actor, color);
  info.actor->GetProperty()->SetSpecular(0.3);
  addActor(info.actor, core::EntityRef(id), id, false);  // deforms: its own actor
  m_flexible.push_back(info);
  return true;
}

double ModelScene::maxDisplacement(core::PartId part, const Eigen::VectorXd& eta) const
{
  for (const auto& info : m_flexible)
    if (info.part == part && eta.size() == info.data->nodalShapes.cols()) {
      double max = 0.0;
      for (int n : info.nodeIds)
        max = std::max(max, (info.data->nodalShapes.middleRows(3 * n, 3) * eta).norm());
      return max;
    }
  return 0.0;
}

double ModelScene::maxVonMises(core::PartId part, const Eigen::VectorXd& eta) const
{
  for (const auto& info : m_flexible)
    if (info.part == part && info.data->hasStress() && eta.size() == info.data->nodalStressShapes.cols()) {
      double max = 0.0;
      for (int k : info.stressIndex)
        if (k >= 0)
          max = std::max(max, solver::vonMisesStress(info.data->nodalStress(k, eta)));
      return max;
    }
  return 0.0;
}

bool ModelScene::hasStress() const
{
  return std::any_of(m_flexible.begin(), m_flexible.end(),
                     [](const FlexibleInfo& info) { return info.data->hasStress(); });
}

double ModelScene::setModalCoordinates(const std::map<core::PartId, Eigen::VectorXd>& eta, double scale,
                                       double colourMax)
{
  const bool stress = m_contour == Contour::VonMises;
  // Stresses are drawn in MPa: the colour bar reads in the unit engineers quote.
  const double unit = stress ? 1e-6 : 1.0;
  double shownMax = 0.0, shownStress = 0.0, shownValue = 0.0;
  bool coloured = false;
  for (auto& info : m_flexible) {
    auto* poly = vtkPolyData::SafeDownCast(info.actor->GetMapper()->GetInputAsDataSet());
    auto* values = vtkDoubleArray::SafeDownCast(poly->GetPointData()->GetScalars());
    const auto it = eta.find(info.part);
    const bool deformed = it != eta.end() && it->second.size() == info.data->nodalShapes.cols();
    const bool withStress = deformed && info.data->hasStress();
    auto* offsets = vtkDoubleArray::SafeDownCast(poly->GetPointData()->GetArray("offset"));
    for (std::size_t k = 0; k < info.nodeIds.size(); ++k) {
      const int n = info.nodeIds[k];
      Vec3 u = Vec3::Zero();
      if (deformed)
        u = info.cmRotation * (info.data->nodalShapes.middleRows(3 * n, 3) * it->second);
      double vonMises = 0.0;
      if (withStress && info.stressIndex[k] >= 0)
        vonMises = solver::vonMisesStress(info.data->nodalStress(info.stressIndex[k], it->second));
      Vec3 p = info.cmPosition + info.cmRotation * info.data->nodes.col(n) + scale * u;
      if (offsets)
        p += Vec3(offsets->GetTuple3(static_cast<vtkIdType>(k)));
      poly->GetPoints()->SetPoint(static_cast<vtkIdType>(k), p.data());
      const double value = stress ? vonMises : u.norm();
      values->SetValue(static_cast<vtkIdType>(k), unit * value);
      shownMax = std::max(shownMax, u.norm());
      shownStress = std::max(shownStress, vonMises);
      shownValue = std::max(shownValue, value);
    }
    poly->GetPoints()->Modified();
    values->Modified();
    poly->Modified();
    info.actor->GetMapper()->SetScalarVisibility(deformed);
    coloured = coloured || deformed;
  }
  m_shownStress = shownStress;
  const double range = unit * (colourMax > 0 ? colourMax : shownValue);
  auto table = contourTable(range);
  for (auto& info : m_flexible) {
    info.actor->GetMapper()->SetLookupTable(table);
    info.actor->GetMapper()->SetScalarRange(0.0, range > 0 ? range : 1.0);
  }
  if (coloured && !m_scalarBar) {
    m_scalarBar = vtkSmartPointer<vtkScalarBarActor>::New();
    m_scalarBar->SetNumberOfLabels(5);
    m_scalarBar->SetPosition(0.88, 0.1);
    m_scalarBar->SetWidth(0.1);
    m_scalarBar->SetHeight(0.8);
    m_scalarBar->SetVerticalTitleSeparation(8);  // the title clear of the top label
    m_scalarBar->GetTitleTextProperty()->SetColor(0.1, 0.1, 0.1);
    m_scalarBar->GetLabelTextProperty()->SetColor(0.1, 0.1, 0.1);
    m_renderer->AddActor2D(m_scalarBar);
  }
  if (m_scalarBar) {
    const char* title =
        stress ? QT_TRANSLATE_NOOP("ViewText", "von Mises\n[MPa]") : QT_TRANSLATE_NOOP("ViewText", "|u| [m]");
    m_scalarBar->SetTitle(viewText(title, m_scalarBar->GetTitleTextProperty()).c_str());
    m_scalarBar->SetLabelFormat(stress ? "%.3g" : "%.2e");
    m_scalarBar->SetLookupTable(table);
    m_scalarBar->SetVisibility(coloured);
  }
  return shownMax;
}

Eigen::Matrix3Xd ModelScene::flexiblePoints(core::PartId part) const
{
  for (const auto& info : m_flexible)
    if (info.part == part) {
      auto* poly = vtkPolyData::SafeDownCast(info.actor->GetMapper()->GetInputAsDataSet());
      Eigen::Matrix3Xd out(3, poly->GetNumberOfPoints());
      for (vtkIdType k = 0; k < poly->GetNumberOfPoints(); ++k)
        poly->GetPoint(k, out.col(k).data());
      return out;
    }
  return {};
}

std::vector<double> ModelScene::flexibleContourValues(core::PartId part) const
{
  std::vector<double> out;
  for (const auto& info : m_flexible)
    if (info.part == part) {
      auto* poly = vtkPolyData::SafeDownCast(info.actor->GetMapper()->GetInputAsDataSet());
      auto* values = vtkDoubleArray::SafeDownCast(poly->GetPointData()->GetScalars());
      for (vtkIdType k = 0; k < values->GetNumberOfValues(); ++k)
        out.push_back(values->GetValue(k));
    }
  return out;
}

std::vector<std::array<int, 3>> ModelScene::flexibleTriangles(core::PartId part) const
{
  std::vector<std::array<int, 3>> out;
  for (const auto& info : m_flexible)
    if (info.part == part) {
      auto* poly = vtkPolyData::SafeDownCast(info.actor->GetMapper()->GetInputAsDataSet());
      vtkNew<vtkIdList> cell;
      for (vtkIdType c = 0; c < poly->GetNumberOfCells(); ++c) {
        poly->GetCellPoints(c, cell);
        if (cell->GetNumberOfIds() == 3)
          out.push_back({static_cast<int>(cell->GetId(0)), static_cast<int>(cell->GetId(1)),
                         static_cast<int>(cell->GetId(2))});
      }
    }
  return out;
}

std::string ModelScene::colourBarTitle() const
{
  return m_scalarBar && m_scalarBar->GetVisibility() && m_scalarBar->GetTitle() ? m_scalarBar->GetTitle()
                                                                                : "";
}

void ModelScene::setMeshOverlay(const MeshOverlay* overlay)
{
  if (m_overlay)
    m_renderer->RemoveActor(m_overlay);
  m_overlay = nullptr;
  auto showPart = [this](core::PartId part, bool visible) {
    if (part.valid() && m_merged)
      m_merged->setGeometryHidden(part, !visible);
    if (part.valid())
      for (auto& info : m_actors)
        if (info.entity == core::EntityRef(part))
          info.actor->SetVisibility(visible);
  };
  showPart(m_overlayPart, true);
  m_overlayPart = {};
  if (!overlay || overlay->triangles.empty())
    return;
  m_overlayPart = overlay->part;
  showPart(m_overlayPart, false);
  const bool deformed = overlay->displacement.size() == 3 * overlay->nodes.cols();
  vtkNew<vtkPoints> points;
  vtkNew<vtkDoubleArray> magnitude;
  magnitude->SetName("deformation");
  double max = 0.0;
  for (Eigen::Index n = 0; n < overlay->nodes.cols(); ++n) {
    Vec3 p = overlay->nodes.col(n);
    double m = 0.0;
    if (deformed) {
      const Vec3 u = overlay->displacement.segment<3>(3 * n);
      p += overlay->scale * u;
      m = u.norm();
    }
    max = std::max(max, m);
    const Vec3 g = overlay->pose.position + overlay->pose.rotation * p;
    points->InsertNextPoint(g.data());
    magnitude->InsertNextValue(m);
  }
  vtkNew<vtkCellArray> polys;
  for (const auto& t : overlay->triangles) {
    const vtkIdType ids[3] = {t[0], t[1], t[2]};
    polys->InsertNextCell(3, ids);
  }
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(points);
  poly->SetPolys(polys);
  poly->GetPointData()->SetScalars(magnitude);
  m_overlay = makeActor(poly);
  m_overlay->GetMapper()->SetScalarVisibility(deformed);
  m_overlay->GetMapper()->SetLookupTable(contourTable(max));
  m_overlay->GetMapper()->SetScalarRange(0.0, max > 0 ? max : 1.0);
  setColor(m_overlay, QColor("#9fb8d0"));
  m_overlay->GetProperty()->SetEdgeVisibility(!deformed);  // contours read better without edges
  m_overlay->GetProperty()->SetEdgeColor(0.15, 0.2, 0.3);
  m_overlay->GetProperty()->SetLineWidth(1.0);
  m_overlay->PickableOff();
  m_renderer->AddActor(m_overlay);
}

void ModelScene::drawMarker(const core::Model& model, core::MarkerId id)
{
  const core::Marker& marker = *model.marker(id);
  const Mat3 orientation = marker.localOrientation().value_or(Mat3::Identity());
  // White, VTK's default colour: the triad's own point colours are what is drawn.
  addPartShape(shapes::transformed(shapes::triad(0.06 * m_glyphSize), marker.position, orientation),
               QColor(Qt::white), core::EntityRef(id), marker.part, 2.0);
}

void ModelScene::drawMarkerGroup(core::PartId part, const std::vector<const core::Marker*>& markers)
{
  std::vector<std::pair<Vec3, core::Mat3>> frames;
  frames.reserve(markers.size());
  for (const core::Marker* marker : markers) {
    frames.emplace_back(marker->position, marker->localOrientation().value_or(core::Mat3::Identity()));
    m_groupedMarkers[marker->id.value] = {part, frames.back().first, frames.back().second};
  }
  auto actor = makeActor(shapes::triads(frames, 0.06 * m_glyphSize));
  actor->GetProperty()->SetLineWidth(2.0);
  addActor(actor, core::EntityRef(part), part);
}

void ModelScene::highlightGroupedMarkers(const std::vector<core::EntityRef>& selection)
{
  for (auto& actor : m_markerHighlights)
    m_renderer->RemoveActor(actor);
  m_markerHighlights.clear();
  for (const core::EntityRef& entity : selection) {
    const auto grouped = m_groupedMarkers.find(entity.id);
    if (entity.kind != core::EntityKind::Marker || grouped == m_groupedMarkers.end())
      continue;
    const GroupedMarker& marker = grouped->second;
    auto actor = makeActor(
        shapes::transformed(shapes::triad(0.09 * m_glyphSize), marker.position, marker.orientation));
    actor->GetMapper()->ScalarVisibilityOff();
    actor->GetProperty()->SetColor(1.0, 0.85, 0.1);
    actor->GetProperty()->SetLineWidth(4.0);
    actor->SetUserTransform(partTransform(marker.part));
    actor->PickableOff();
    m_renderer->AddActor(actor);
    m_markerHighlights.push_back(actor);
  }
}

void ModelScene::drawJoint(const core::Model& model, core::JointId id)
{
  const core::Joint& joint = *model.joint(id);
  // A coupler has no location of its own: it is drawn on the first joint it couples.
  const core::Joint* located = core::isCoupler(joint.kind) ? model.joint(joint.joints[0]) : &joint;
  if (!located || core::isCoupler(located->kind))
    return;  // reported by the model check
  const core::Marker* marker = model.marker(located->iMarker);
  if (!marker)
    marker = model.marker(located->jMarker);
  if (!marker)
    return;  // reported by the topology check
  const Mat3 orientation = marker->localOrientation().value_or(Mat3::Identity());
  addPartShape(shapes::transformed(jointGlyph(joint.kind, 0.12 * m_glyphSize), marker->position, orientation),
               jointColor(joint.kind), core::EntityRef(id), marker->part);
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
                                          pointInGround(j->part, j->position), 0.025 * m_glyphSize));
    setColor(info.actor, QColor("#2b6cb0"));
    info.actor->GetProperty()->SetLineWidth(2.0);
    addActor(info.actor, core::EntityRef(id), {});
    m_springs.push_back(info);
    return;
  }
  // Other forces: an arrow along the I marker's z axis (the action direction of SFORCE/bushing).
  const Mat3 orientation = i->localOrientation().value_or(Mat3::Identity());
  auto actor = makeActor(shapes::arrow(i->position, orientation.col(2), 0.15 * m_glyphSize));
  setColor(actor,
           QColor(force.kind == FK::RotationalSpringDamper || force.kind == FK::SingleTorque ? "#805ad5"
                                                                                             : "#dd6b20"));
  addActor(actor, core::EntityRef(id), i->part);
}

void ModelScene::updateSprings()
{
  for (auto& spring : m_springs) {
    auto poly = shapes::spring(pointInGround(spring.iPart, spring.iLocal),
                               pointInGround(spring.jPart, spring.jLocal), 0.025 * m_glyphSize);
    vtkPolyDataMapper::SafeDownCast(spring.actor->GetMapper())->SetInputData(poly);
  }
}

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

void ModelScene::setPreview(std::optional<PartPose> frame, core::JointKind kind)
{
  for (auto& actor : m_preview)
    m_renderer->RemoveActor(actor);
  m_preview.clear();
  if (!frame)
    return;
  // Larger than the joint's own glyph so it shows outside the parts it sits in.
  auto glyph =
      makeActor(shapes::transformed(jointGlyph(kind, 0.2 * m_glyphSize), frame->position, frame->rotation));
  setColor(glyph, jointColor(kind));
  glyph->GetProperty()->SetAmbient(0.3);
  auto axes =
      makeActor(shapes::transformed(shapes::triad(0.45 * m_glyphSize), frame->position, frame->rotation));
  axes->GetProperty()->SetLineWidth(4.0);
  for (auto& actor : {glyph, axes}) {
    actor->PickableOff();
    m_renderer->AddActor(actor);
    m_preview.push_back(actor);
  }
}

void ModelScene::setHelperLine(std::optional<std::pair<Vec3, Vec3>> line)
{
  if (m_helperLine)
    m_renderer->RemoveActor(m_helperLine);
  m_helperLine = nullptr;
  if (!line || (line->second - line->first).norm() <= 0.0)
    return;
  // A tube (wide GL lines are not drawn by every driver), thin against the model.
  const Vec3 d = line->second - line->first;
  m_helperLine = makeActor(shapes::transformed(shapes::cylinder(0.006 * m_glyphSize, d.norm(), 12),
                                               0.5 * (line->first + line->second), shapes::frameAlong(d)));
  setColor(m_helperLine, QColor("#d69e2e"));
  m_helperLine->GetProperty()->SetAmbient(0.4);
  m_helperLine->PickableOff();
  m_renderer->AddActor(m_helperLine);
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
