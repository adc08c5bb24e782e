// ModelScene's glyphs of markers (one triad each, or one actor per part for many), joints (and the
// curve of a point-to-curve joint) and forces (springs follow their parts' poses), and the building aids: the
// joint preview, the axis helper's line and the marker traces.
#include <vtkActor.h>
#include <vtkCellArray.h>
#include <vtkPoints.h>
#include <vtkPolyData.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <vtkTransform.h>
#include <QColor>
#include <algorithm>
#include <vector>

#include "SceneActors.hpp"
#include "Shapes.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Curve.hpp"
#include "mbs/ui/view/JointGlyphs.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {

using core::Mat3;
using core::Vec3;
using scene::makeActor;
using scene::setColor;

namespace {

// A thin rod from a to b (a tube: wide GL lines are not drawn by every driver); a dot if they meet.
vtkSmartPointer<vtkPolyData> beamRod(const Vec3& a, const Vec3& b, double radius)
{
  const Vec3 d = b - a;
  if (!(d.norm() > 0.0))
    return shapes::transformed(shapes::sphere(radius), a, Mat3::Identity());
  return shapes::transformed(shapes::cylinder(radius, d.norm(), 12), 0.5 * (a + b), shapes::frameAlong(d));
}

}  // namespace

void ModelScene::drawMarker(const core::Model& model, core::MarkerId id)
{
  const core::Marker& marker = *model.marker(id);
  const Mat3 orientation = marker.localOrientation().value_or(Mat3::Identity());
  // White, VTK's default colour: the triad's own point colours are what is drawn.
  addMarkerShape(shapes::transformed(shapes::triad(0.06 * m_glyphSize), marker.position, orientation),
                 QColor(Qt::white), core::EntityRef(id), marker, 2.0);
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
  vtkSmartPointer<vtkPolyData> light;
  if (wantsPlaybackShapes()) {
    const shapes::ScopedDetail minimal(shapes::Detail::Minimal);
    light = shapes::transformed(jointGlyph(joint.kind, 0.12 * m_glyphSize), marker->position, orientation);
  }
  addMarkerShape(
      shapes::transformed(jointGlyph(joint.kind, 0.12 * m_glyphSize), marker->position, orientation),
      jointColor(joint.kind), core::EntityRef(id), *marker, 0.0, light);
  const bool curves = joint.kind == core::JointKind::PointCurve || joint.kind == core::JointKind::CurveCurve;
  if (curves && joint.curve)
    drawJointCurve(joint, *joint.curve, model.marker(joint.jMarker), false);
  if (joint.kind == core::JointKind::CurveCurve && joint.iCurve)
    drawJointCurve(joint, *joint.iCurve, model.marker(joint.iMarker), true);
}

void ModelScene::drawJointCurve(const core::Joint& joint, const core::JointCurve& shape,
                                const core::Marker* j, bool iCurve)
{
  // The curve is fixed in its marker's axes (Adams' RM, a CVCV's IRM and JRM): drawn on that
  // marker's part, it moves with the part.
  if (!j || shape.points.empty())
    return;
  const solver::Curve curve = core::makeCurve(shape);  // the solver's own curve
  if (!curve.valid())
    return;  // the model check names the reason
  const Mat3 orientation = j->localOrientation().value_or(Mat3::Identity());
  // Fine enough that a chord strays from the curve by far less than the glyphs' size.
  const int segments = std::max(200, 40 * static_cast<int>(shape.points.size()));
  std::vector<Vec3> local;
  vtkNew<vtkPoints> vtkPts;
  std::vector<vtkIdType> ids;
  for (int k = 0; k <= segments; ++k) {
    const double alpha = solver::Curve::kMinParameter +
                         (solver::Curve::kMaxParameter - solver::Curve::kMinParameter) * k / segments;
    const Vec3 p = j->position + orientation * curve.evaluate(alpha).position;
    local.push_back(p);
    ids.push_back(vtkPts->InsertNextPoint(p.data()));
  }
  vtkNew<vtkCellArray> line;
  line->InsertNextCell(static_cast<vtkIdType>(ids.size()), ids.data());
  auto poly = vtkSmartPointer<vtkPolyData>::New();
  poly->SetPoints(vtkPts);
  poly->SetLines(line);
  addPartShape(poly, jointColor(joint.kind), core::EntityRef(joint.id), j->part, 3.0);
  m_jointCurves[{joint.id.value, iCurve}] = {j->part, std::move(local)};
}

std::vector<Vec3> ModelScene::jointCurve(core::JointId joint, bool iCurve) const
{
  std::vector<Vec3> out;
  const auto it = m_jointCurves.find({joint.value, iCurve});
  if (it == m_jointCurves.end())
    return out;
  for (const Vec3& p : it->second.second)
    out.push_back(pointInGround(it->second.first, p));
  return out;
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
    SpringInfo info{id, i->part, j->part, i->position, j->position, feNodeOf(*i), feNodeOf(*j), nullptr};
    info.actor =
        makeActor(shapes::spring(pointInGround(i->part, i->position, info.iNode),
                                 pointInGround(j->part, j->position, info.jNode), 0.025 * m_glyphSize));
    setColor(info.actor, QColor("#2b6cb0"));
    info.actor->GetProperty()->SetLineWidth(2.0);
    addActor(info.actor, core::EntityRef(id), {});
    m_springs.push_back(info);
    return;
  }
  // Beams and fields: a thin rod from J to I, hidden inside the solids of a flexible link's
  // segments (so the link reads as one bar) and visible between bare parts.
  if ((force.kind == FK::Beam || force.kind == FK::Field) && j) {
    SpringInfo info{id,           i->part,      j->part, i->position, j->position,
                    feNodeOf(*i), feNodeOf(*j), nullptr, true};
    info.actor = makeActor(beamRod(pointInGround(i->part, i->position, info.iNode),
                                   pointInGround(j->part, j->position, info.jNode), 0.006 * m_glyphSize));
    setColor(info.actor, QColor("#2c7a7b"));
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
  if (feNodeOf(*i) >= 0)
    addOwnActor(actor, core::EntityRef(id), carrierTransform(*i));
  else
    addActor(actor, core::EntityRef(id), i->part);
}

void ModelScene::updateSprings()
{
  for (auto& spring : m_springs) {
    const Vec3 a = pointInGround(spring.iPart, spring.iLocal, spring.iNode),
               b = pointInGround(spring.jPart, spring.jLocal, spring.jNode);
    auto poly =
        spring.straight ? beamRod(a, b, 0.006 * m_glyphSize) : shapes::spring(a, b, 0.025 * m_glyphSize);
    vtkPolyDataMapper::SafeDownCast(spring.actor->GetMapper())->SetInputData(poly);
  }
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

}  // namespace mbs::ui
