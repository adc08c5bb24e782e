#include "MergedParts.hpp"

#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkFloatArray.h>
#include <vtkIdList.h>
#include <vtkObjectFactory.h>
#include <vtkOpenGLPolyDataMapper.h>
#include <vtkPointData.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPolyDataNormals.h>
#include <vtkProperty.h>
#include <vtkStateStorage.h>
#include <vtkUnsignedCharArray.h>
#include <algorithm>

#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {

namespace {

// perf of VTK 9.1 showed vtkOpenGLPolyDataMapper rebuilding its index buffers along with its vertex
// buffers when the merged points move, i.e. at every animation frame. The merged cells change only
// when a part's geometry is hidden or shown, so here the index buffers are rebuilt only when what
// they are made of changed: the cell arrays, the point count (vertex offsets), the property's
// representation, vertex and edge visibility, the edge flags. Points, normals and colours still go
// through the usual vertex-buffer upload (docs/performance.md has what this bought: little).
class MovingPointsMapper : public vtkOpenGLPolyDataMapper {
public:
  static MovingPointsMapper* New();
  vtkTypeMacro(MovingPointsMapper, vtkOpenGLPolyDataMapper);

  // A new OpenGL context (the view re-created, docked or undocked) drops the index buffers: the
  // next draw must build them again whatever the cells' state.
  void ReleaseGraphicsResources(vtkWindow* window) override
  {
    m_cellsBuilt = false;
    Superclass::ReleaseGraphicsResources(window);
  }

protected:
  void BuildIBO(vtkRenderer* renderer, vtkActor* actor, vtkPolyData* poly) override
  {
    vtkStateStorage cells;
    for (vtkCellArray* prims : {poly->GetVerts(), poly->GetLines(), poly->GetPolys(), poly->GetStrips()})
      cells.Append(prims->GetNumberOfCells() ? prims->GetMTime() : 0, "cells");
    cells.Append(poly->GetNumberOfPoints(), "points");
    vtkProperty* property = actor->GetProperty();
    cells.Append(property->GetRepresentation(), "representation");
    cells.Append(property->GetVertexVisibility(), "vertices");
    cells.Append(property->GetEdgeVisibility(), "edges");
    vtkDataArray* edgeFlags = poly->GetPointData()->GetAttribute(vtkDataSetAttributes::EDGEFLAG);
    cells.Append(edgeFlags ? edgeFlags->GetMTime() : 0, "edge flags");
    if (m_cellsBuilt && !(m_builtCells != cells))
      return;
    Superclass::BuildIBO(renderer, actor, poly);
    m_builtCells = cells;
    m_cellsBuilt = true;
  }

private:
  vtkStateStorage m_builtCells;
  bool m_cellsBuilt = false;
};

vtkStandardNewMacro(MovingPointsMapper);

}  // namespace

namespace {

Eigen::Matrix3Xf toFloatColumns(const std::vector<core::Vec3>& points)
{
  Eigen::Matrix3Xf out(3, static_cast<Eigen::Index>(points.size()));
  for (std::size_t p = 0; p < points.size(); ++p)
    out.col(static_cast<Eigen::Index>(p)) = points[p].cast<float>();
  return out;
}

}  // namespace

// The colour arrays are copied to VTK's RGB arrays as bytes.
static_assert(sizeof(MergedParts::Rgb) == 3);

// One actor's merged data: points and normals in the parts' frames, the colours each point has
// when nothing is highlighted, and which piece each drawn cell comes from (the picker's cell id).
struct MergedParts::Layer {
  std::vector<core::Vec3> localPoints, localNormals;  // normals: surfaces only; emptied by build()
  // The same in single precision, one column per point: a pose is one matrix product per piece.
  Eigen::Matrix3Xf pointsInPart, normalsInPart;
  std::vector<Rgb> baseColors;
  std::vector<int> cellPiece;
  vtkSmartPointer<vtkPolyData> poly;
  vtkSmartPointer<vtkActor> actor;
  bool surfaces = false;
};

MergedParts::MergedParts() = default;
MergedParts::~MergedParts() = default;

namespace {

// Smooth shading as the per-actor mapper gives it (faces at a sharp edge keep their own normal).
vtkSmartPointer<vtkPolyData> withNormals(vtkPolyData* surface)
{
  if (surface->GetPointData()->GetNormals())
    return surface;
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputData(surface);
  normals->SetFeatureAngle(30.0);
  normals->SplittingOn();
  normals->ConsistencyOff();
  normals->Update();
  return normals->GetOutput();
}

}  // namespace

void MergedParts::add(core::PartId part, const core::EntityRef& entity, vtkPolyData* local,
                      const double color[3], vtkPolyData* light)
{
  Piece piece;
  piece.part = part;
  piece.entity = entity;
  piece.layer = local->GetNumberOfPolys() + local->GetNumberOfStrips() > 0 ? 0 : 1;
  piece.local = piece.layer == 0 ? withNormals(local) : vtkSmartPointer<vtkPolyData>(local);
  if (piece.layer == 0 && light && light->GetNumberOfPolys() + light->GetNumberOfStrips() > 0) {
    piece.light = withNormals(light);
    m_hasLight = true;
  }
  auto channel = [](double c) { return static_cast<unsigned char>(std::clamp(c, 0.0, 1.0) * 255.0 + 0.5); };
  m_pieceColor.push_back({channel(color[0]), channel(color[1]), channel(color[2])});
  m_piecesOfPart[part.value].push_back(static_cast<int>(m_pieces.size()));
  m_pieces.push_back(std::move(piece));
}

vtkPolyData* MergedParts::source(const Piece& piece, int l) const
{
  if (l == 2)
    return piece.layer == 0 ? (piece.light ? piece.light : piece.local).GetPointer() : nullptr;
  return piece.layer == l ? piece.local.GetPointer() : nullptr;
}

std::vector<vtkSmartPointer<vtkActor>> MergedParts::build(const std::map<core::PartId, PartPose>& poses)
{
  std::vector<vtkSmartPointer<vtkActor>> actors;
  for (int l = 0; l < kLayers; ++l) {
    if (l == 2 && !m_hasLight)
      break;  // no piece is lighter at playback detail: playback draws layer 0
    m_layers[l] = std::make_unique<Layer>();
    Layer& layer = *m_layers[l];
    layer.surfaces = l != 1;
    for (std::size_t k = 0; k < m_pieces.size(); ++k) {
      Piece& piece = m_pieces[k];
      vtkPolyData* local = source(piece, l);
      if (!local)
        continue;
      piece.firstPoint[l] = static_cast<vtkIdType>(layer.localPoints.size());
      piece.pointCount[l] = local->GetNumberOfPoints();
      auto* ownColors = vtkUnsignedCharArray::SafeDownCast(local->GetPointData()->GetScalars());
      const bool colored = ownColors && ownColors->GetNumberOfComponents() == 3;
      vtkDataArray* normals = local->GetPointData()->GetNormals();
      for (vtkIdType p = 0; p < piece.pointCount[l]; ++p) {
        double x[3];
        local->GetPoint(p, x);
        layer.localPoints.emplace_back(x[0], x[1], x[2]);
        if (layer.surfaces) {
          double n[3] = {0, 0, 0};
          if (normals)
            normals->GetTuple(p, n);
          layer.localNormals.emplace_back(n[0], n[1], n[2]);
        }
        Rgb rgb = m_pieceColor[k];
        if (colored)
          for (int c = 0; c < 3; ++c)
            rgb[c] = ownColors->GetValue(3 * p + c);
        layer.baseColors.push_back(rgb);
      }
    }
    if (layer.localPoints.empty())
      continue;
    layer.pointsInPart = toFloatColumns(layer.localPoints);
    layer.normalsInPart = toFloatColumns(layer.localNormals);
    layer.localPoints = {};
    layer.localNormals = {};
    layer.poly = vtkSmartPointer<vtkPolyData>::New();
    vtkNew<vtkPoints> points;
    points->SetDataTypeToFloat();
    points->SetNumberOfPoints(static_cast<vtkIdType>(layer.pointsInPart.cols()));
    layer.poly->SetPoints(points);
    if (layer.surfaces) {
      vtkNew<vtkFloatArray> normals;
      normals->SetNumberOfComponents(3);
      normals->SetNumberOfTuples(static_cast<vtkIdType>(layer.normalsInPart.cols()));
      layer.poly->GetPointData()->SetNormals(normals);
    }
    vtkNew<vtkUnsignedCharArray> colors;
    colors->SetName("colors");
    colors->SetNumberOfComponents(3);
    colors->SetNumberOfTuples(static_cast<vtkIdType>(layer.baseColors.size()));
    std::copy_n(layer.baseColors.front().data(), 3 * layer.baseColors.size(), colors->GetPointer(0));
    layer.poly->GetPointData()->SetScalars(colors);
    rebuildCells(l);
    vtkNew<MovingPointsMapper> mapper;
    mapper->SetInputData(layer.poly);
    mapper->SetColorModeToDirectScalars();
    mapper->SetScalarModeToUsePointData();
    layer.actor = vtkSmartPointer<vtkActor>::New();
    layer.actor->SetMapper(mapper);
    if (layer.surfaces)
      layer.actor->GetProperty()->SetSpecular(0.3);
    else
      layer.actor->GetProperty()->SetLineWidth(2.0);
    layer.actor->SetVisibility(drawn(l));
    actors.push_back(layer.actor);
  }
  setPoses(poses);
  return actors;
}

// Cells of the pieces not hidden, in vtkPolyData's cell order (verts, lines, polys, strips), so that
// a picked cell id indexes cellPiece.
void MergedParts::rebuildCells(int l)
{
  Layer& layer = *m_layers[l];
  vtkNew<vtkCellArray> cells[4];
  std::vector<int> piecesOf[4];
  vtkNew<vtkIdList> ids;
  for (std::size_t k = 0; k < m_pieces.size(); ++k) {
    const Piece& piece = m_pieces[k];
    vtkPolyData* local = source(piece, l);
    if (!local || piece.hidden)
      continue;
    vtkCellArray* source[4] = {local->GetVerts(), local->GetLines(), local->GetPolys(), local->GetStrips()};
    for (int type = 0; type < 4; ++type) {
      if (!source[type])
        continue;
      for (vtkIdType c = 0; c < source[type]->GetNumberOfCells(); ++c) {
        source[type]->GetCellAtId(c, ids);
        for (vtkIdType i = 0; i < ids->GetNumberOfIds(); ++i)
          ids->SetId(i, ids->GetId(i) + piece.firstPoint[l]);
        cells[type]->InsertNextCell(ids);
        piecesOf[type].push_back(static_cast<int>(k));
      }
    }
  }
  layer.poly->SetVerts(cells[0]);
  layer.poly->SetLines(cells[1]);
  layer.poly->SetPolys(cells[2]);
  layer.poly->SetStrips(cells[3]);
  layer.cellPiece.clear();
  for (const auto& pieces : piecesOf)
    layer.cellPiece.insert(layer.cellPiece.end(), pieces.begin(), pieces.end());
  layer.poly->Modified();
}

void MergedParts::setPoses(const std::map<core::PartId, PartPose>& poses)
{
  if (m_hasLight)
    for (const auto& [part, pose] : poses)
      m_poses[part] = pose;
  // Only the layers drawn move: the other surfaces are placed when playback starts or stops.
  place({drawn(0), drawn(1), drawn(2)}, poses);
}

void MergedParts::place(std::array<bool, kLayers> layers, const std::map<core::PartId, PartPose>& poses)
{
  float* points[kLayers] = {};
  float* normals[kLayers] = {};
  for (int l = 0; l < kLayers; ++l) {
    layers[l] = layers[l] && m_layers[l] && m_layers[l]->poly;
    if (!layers[l])
      continue;
    points[l] = static_cast<float*>(m_layers[l]->poly->GetPoints()->GetVoidPointer(0));
    if (m_layers[l]->surfaces)
      normals[l] =
          vtkFloatArray::SafeDownCast(m_layers[l]->poly->GetPointData()->GetNormals())->GetPointer(0);
  }
  bool moved[kLayers] = {false, false, false};
  for (const auto& [part, pose] : poses) {
    const auto pieces = m_piecesOfPart.find(part.value);
    if (pieces == m_piecesOfPart.end())
      continue;
    const Eigen::Matrix3f rotation = pose.rotation.cast<float>();
    const Eigen::Vector3f position = pose.position.cast<float>();
    for (int k : pieces->second) {
      const Piece& piece = m_pieces[k];
      for (int l = 0; l < kLayers; ++l) {
        if (!layers[l] || !source(piece, l))
          continue;
        const Layer& layer = *m_layers[l];
        const vtkIdType first = piece.firstPoint[l], count = piece.pointCount[l];
        Eigen::Map<Eigen::Matrix3Xf>(points[l] + 3 * first, 3, count).noalias() =
            (rotation * layer.pointsInPart.middleCols(first, count)).colwise() + position;
        if (normals[l])
          Eigen::Map<Eigen::Matrix3Xf>(normals[l] + 3 * first, 3, count).noalias() =
              rotation * layer.normalsInPart.middleCols(first, count);
        moved[l] = true;
      }
    }
  }
  for (int l = 0; l < kLayers; ++l) {
    if (!moved[l])
      continue;
    m_layers[l]->poly->GetPoints()->Modified();
    if (normals[l])
      m_layers[l]->poly->GetPointData()->GetNormals()->Modified();
    m_layers[l]->poly->Modified();
  }
}

void MergedParts::setPlayback(bool playback)
{
  if (!m_hasLight || playback == m_playback)
    return;
  m_playback = playback;
  const int shown = playback ? 2 : 0;
  place({shown == 0, false, shown == 2}, m_poses);  // it kept the poses it had when last drawn
  for (int l : {0, 2})
    if (m_layers[l] && m_layers[l]->actor)
      m_layers[l]->actor->SetVisibility(l == shown);
}

std::optional<core::EntityRef> MergedParts::entityOf(const vtkProp* prop, vtkIdType cell) const
{
  for (const auto& layer : m_layers)
    if (layer && layer->actor && layer->actor.GetPointer() == prop) {
      if (cell < 0 || cell >= static_cast<vtkIdType>(layer->cellPiece.size()))
        return core::EntityRef();
      return m_pieces[layer->cellPiece[cell]].entity;
    }
  return std::nullopt;
}

void MergedParts::setHighlights(const std::vector<std::pair<core::EntityRef, Rgb>>& highlights)
{
  for (const auto& layer : m_layers) {
    if (!layer || !layer->poly)
      continue;
    auto* colors = vtkUnsignedCharArray::SafeDownCast(layer->poly->GetPointData()->GetScalars());
    std::copy_n(layer->baseColors.front().data(), 3 * layer->baseColors.size(), colors->GetPointer(0));
    colors->Modified();
  }
  for (const auto& [entity, rgb] : highlights)
    for (const Piece& piece : m_pieces)
      for (int l = 0; l < kLayers; ++l) {
        if (!(piece.entity == entity) || !source(piece, l) || !m_layers[l] || !m_layers[l]->poly)
          continue;
        auto* colors = vtkUnsignedCharArray::SafeDownCast(m_layers[l]->poly->GetPointData()->GetScalars());
        unsigned char* out = colors->GetPointer(0);
        for (vtkIdType p = piece.firstPoint[l]; p < piece.firstPoint[l] + piece.pointCount[l]; ++p)
          std::copy(rgb.begin(), rgb.end(), out + 3 * p);
      }
}

void MergedParts::setGeometryHidden(core::PartId part, bool hidden)
{
  const auto pieces = m_piecesOfPart.find(part.value);
  if (pieces == m_piecesOfPart.end())
    return;
  bool changed[kLayers] = {false, false, false};
  for (int k : pieces->second)
    if (m_pieces[k].entity == core::EntityRef(part) && m_pieces[k].hidden != hidden) {
      m_pieces[k].hidden = hidden;
      changed[m_pieces[k].layer] = true;
      changed[2] = changed[2] || m_pieces[k].layer == 0;
    }
  for (int l = 0; l < kLayers; ++l)
    if (changed[l] && m_layers[l] && m_layers[l]->poly)
      rebuildCells(l);
}

}  // namespace mbs::ui
