// ModelScene's FE beam parts (core/FeBeam.hpp, Adams FE_PART): the deformed centre line swept by
// the section, and the node transforms that carry what is attached to a node (markers, joints,
// forces) with that node rather than with the part's first node.
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkPolyDataNormals.h>
#include <vtkProperty.h>
#include <vtkTransform.h>
#include <Eigen/Geometry>
#include <QColor>
#include <algorithm>
#include <cmath>
#include <numbers>

#include "SceneActors.hpp"
#include "Shapes.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {
namespace {

using core::Mat3;
using core::Vec3;

constexpr int kRingPoints = 16;        // around the section
constexpr int kSamplesPerElement = 6;  // along each element: a cubic, not the chord

// A point of the centre line between two nodes at s ∈ [0, 1]: the cubic Hermite curve through the
// nodes with the nodes' x axes as tangents (the beam's slope at each node), and the section's axes
// turned from one node's to the other's.
PartPose centreLinePoint(const PartPose& a, const PartPose& b, double s)
{
  const double chord = (b.position - a.position).norm();
  const Vec3 ta = chord * a.rotation.col(0), tb = chord * b.rotation.col(0);
  const double s2 = s * s, s3 = s2 * s;
  const Vec3 p = (2 * s3 - 3 * s2 + 1) * a.position + (s3 - 2 * s2 + s) * ta +
                 (-2 * s3 + 3 * s2) * b.position + (s3 - s2) * tb;
  const Eigen::Quaterniond qa(a.rotation), qb(b.rotation);
  return {p, qa.slerp(s, qb).toRotationMatrix()};
}

}  // namespace

// The drawn section is the ellipse with the section's radii of gyration (semi-axes 2√(I/A)):
// exact for solid circles and ellipses, about 15 % wide for rectangles; FeBeam keeps the section's
// properties, not its shape.
bool ModelScene::drawFeBeamPart(const core::Model& model, core::PartId id, const QColor& color)
{
  const core::Part& part = *model.part(id);
  if (!part.feBeam || !part.feBeam->problem().empty())
    return false;
  const core::FeBeam& beam = *part.feBeam;
  FeBeamInfo info;
  info.beam = beam;
  info.halfWidthY = 2.0 * std::sqrt(beam.izz / beam.area);
  info.halfWidthZ = 2.0 * std::sqrt(beam.iyy / beam.area);
  const PartPose pose = m_currentPoses[id];
  for (int k = 0; k <= beam.elements; ++k)
    info.nodes.push_back({pose.position + pose.rotation * beam.nodePosition(k), pose.rotation});
  const int samples = beam.elements * kSamplesPerElement + 1;
  info.points = vtkSmartPointer<vtkPoints>::New();
  info.points->SetNumberOfPoints(static_cast<vtkIdType>(samples) * kRingPoints);
  vtkNew<vtkCellArray> quads;
  for (int i = 0; i + 1 < samples; ++i)
    for (int j = 0; j < kRingPoints; ++j) {
      const vtkIdType a = i * kRingPoints + j, b = i * kRingPoints + (j + 1) % kRingPoints;
      const vtkIdType quad[4] = {a, b, b + kRingPoints, a + kRingPoints};
      quads->InsertNextCell(4, quad);
    }
  info.poly = vtkSmartPointer<vtkPolyData>::New();
  info.poly->SetPoints(info.points);
  info.poly->SetPolys(quads);
  // Smooth shading: the tube reads as one bent bar, not as facets.
  vtkNew<vtkPolyDataNormals> normals;
  normals->SetInputData(info.poly);
  normals->SplittingOff();
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(normals->GetOutputPort());
  info.actor = vtkSmartPointer<vtkActor>::New();
  info.actor->SetMapper(mapper);
  scene::setColor(info.actor, color);
  info.actor->GetProperty()->SetSpecular(0.3);
  for (int k = 0; k <= beam.elements; ++k)
    info.nodeTransforms.push_back(vtkSmartPointer<vtkTransform>::New());
  auto& stored = m_feBeams[id] = std::move(info);
  updateFeBeam(stored);
  addOwnActor(stored.actor, core::EntityRef(id), nullptr);  // its points are in ground
  return true;
}

void ModelScene::updateFeBeam(FeBeamInfo& info)
{
  info.centreLine.clear();
  const int elements = static_cast<int>(info.nodes.size()) - 1;
  vtkIdType next = 0;
  for (int e = 0; e < elements; ++e)
    for (int i = e == 0 ? 0 : 1; i <= kSamplesPerElement; ++i) {
      const PartPose at = centreLinePoint(info.nodes[e], info.nodes[e + 1], double(i) / kSamplesPerElement);
      info.centreLine.push_back(at.position);
      for (int j = 0; j < kRingPoints; ++j) {
        const double phi = 2.0 * std::numbers::pi * j / kRingPoints;
        const Vec3 p = at.position + at.rotation * Vec3(0.0, info.halfWidthY * std::cos(phi),
                                                        info.halfWidthZ * std::sin(phi));
        info.points->SetPoint(next++, p.data());
      }
    }
  info.points->Modified();
  info.poly->Modified();
  // Geometry given in the part frame near node k moves with node k: node pose ∘ (part → node).
  for (std::size_t k = 0; k < info.nodes.size(); ++k) {
    const PartPose& node = info.nodes[k];
    const Vec3 rest = info.beam.nodePosition(static_cast<int>(k));
    info.nodeTransforms[k]->SetMatrix(shapes::toVtk(node.position - node.rotation * rest, node.rotation));
  }
}

void ModelScene::setFeNodePoses(const FeNodePoses& poses)
{
  for (const auto& [id, nodes] : poses) {
    const auto it = m_feBeams.find(id);
    if (it == m_feBeams.end() || nodes.size() != it->second.nodes.size())
      continue;
    it->second.nodes = nodes;
    updateFeBeam(it->second);
  }
  updateSprings();
}

void ModelScene::resetFeNodePoses()
{
  for (auto& [id, info] : m_feBeams) {
    const PartPose pose = m_initialPoses[id];
    for (std::size_t k = 0; k < info.nodes.size(); ++k)
      info.nodes[k] = {pose.position + pose.rotation * info.beam.nodePosition(static_cast<int>(k)),
                       pose.rotation};
    updateFeBeam(info);
  }
}

std::vector<Vec3> ModelScene::feBeamCentreLine(core::PartId part) const
{
  const auto it = m_feBeams.find(part);
  return it == m_feBeams.end() ? std::vector<Vec3>() : it->second.centreLine;
}

int ModelScene::feNodeOf(const core::Marker& marker) const
{
  const auto it = m_feBeams.find(marker.part);
  if (it == m_feBeams.end())
    return -1;
  return std::clamp(it->second.beam.nodeOf(marker.interfaceNode, marker.position), 0,
                    it->second.beam.elements);
}

vtkTransform* ModelScene::carrierTransform(const core::Marker& marker)
{
  const int node = feNodeOf(marker);
  return node < 0 ? partTransform(marker.part)
                  : m_feBeams.at(marker.part).nodeTransforms[std::size_t(node)].Get();
}

void ModelScene::addMarkerShape(vtkSmartPointer<vtkPolyData> poly, const QColor& color,
                                const core::EntityRef& entity, const core::Marker& at, double lineWidth,
                                vtkSmartPointer<vtkPolyData> light)
{
  if (feNodeOf(at) < 0) {
    addPartShape(poly, color, entity, at.part, lineWidth, 0.0, light);
    return;
  }
  auto actor = scene::makeActor(poly);
  scene::setColor(actor, color);
  if (lineWidth > 0.0)
    actor->GetProperty()->SetLineWidth(lineWidth);
  addOwnActor(actor, entity, carrierTransform(at));
}

}  // namespace mbs::ui
