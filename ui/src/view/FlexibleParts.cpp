// ModelScene's flexible parts: the FE surface drawn (the hull of the nodes, decimated for large
// meshes; a plane body as its mid-plane), deformed by the modal coordinates and coloured by
// displacement or von Mises stress, and Make Flexible's mesh overlay.
#include <vtkActor.h>
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
#include "SceneActors.hpp"
#include "Shapes.hpp"
#include "ViewText.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {
namespace {

using core::Mat3;
using core::Vec3;
using scene::makeActor;
using scene::setColor;

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

}  // namespace mbs::ui
