#include "mbs/core/FlexibleLink.hpp"

#include "mbs/core/FeBeam.hpp"

#include <algorithm>
#include <cmath>

namespace mbs::core {
namespace {

bool positive(double v)
{
  return std::isfinite(v) && v > 0.0;
}

LinkMaterial material(double e, double nu, double rho)
{
  return {e, e / (2.0 * (1.0 + nu)), rho};
}

// Every name the link gives, in the order planFlexibleLink uses them.
std::vector<std::string> linkNames(const std::string& p, int n, LinkModel kind)
{
  std::vector<std::string> names;
  if (kind == LinkModel::FeBeam) {
    names.push_back(p);
    n = 0;
  }
  for (int k = 1; k <= n; ++k) {
    names.push_back(p + "_" + std::to_string(k));
    names.push_back(p + "_MARKER_" + std::to_string(k));
  }
  for (int k = 1; k < n; ++k)
    names.push_back(p + "_BEAM_" + std::to_string(k));
  for (int e = 1; e <= 2; ++e)
    for (const char* stem : {"_END_", "_ATTACH_", "_FIX_", "_BEAM_END_"})
      names.push_back(p + stem + std::to_string(e));
  return names;
}

// A marker on `part` whose frame is (position, rotation) in ground.
Marker markerAt(const Model& model, PartId part, const Vec3& position, const Mat3& rotation, std::string name,
                std::uint32_t id)
{
  const Part* p = model.part(part);
  const Mat3 r = model.partRotation(part);
  Marker m;
  m.id = MarkerId(id);
  m.name = std::move(name);
  m.part = part;
  m.position = r.transpose() * (position - p->position);
  m.euler = matrixToEuler313(r.transpose() * rotation);
  return m;
}

// The segment's solids in its part frame (x along the link): a cylinder for a circle, a box for a
// rectangle, three boxes for an I-section. Drawing only (density 0): the part's mass is set.
std::vector<Geometry> segmentSolids(const SectionDimensions& d, double length, const std::string& color)
{
  std::vector<Geometry> out;
  auto box = [&](Vec3 size, Vec3 centre) {
    Geometry g;
    g.kind = GeometryKind::Box;
    g.size = size;
    g.position = centre;
    g.color = color;
    out.push_back(g);
  };
  switch (d.kind) {
    case SectionKind::SolidCircle:
    case SectionKind::HollowCircle: {
      Geometry g;
      g.kind = GeometryKind::Cylinder;
      g.radius = 0.5 * d.diameter;
      g.length = length;
      Mat3 zAlongX;  // the cylinder's own z axis along the part's x
      zAlongX << 0, 0, 1, 1, 0, 0, 0, 1, 0;
      g.orientation = matrixToEuler313(zAlongX);
      g.color = color;
      out.push_back(g);
      break;
    }
    case SectionKind::SolidRectangle:
    case SectionKind::HollowRectangle:
      box(Vec3(length, d.width, d.height), Vec3::Zero());
      break;
    case SectionKind::ISection: {
      const double offset = 0.5 * (d.height - d.flangeThickness);
      box(Vec3(length, d.width, d.flangeThickness), Vec3(0.0, 0.0, offset));
      box(Vec3(length, d.width, d.flangeThickness), Vec3(0.0, 0.0, -offset));
      box(Vec3(length, d.webThickness, d.height - 2.0 * d.flangeThickness), Vec3::Zero());
      break;
    }
  }
  return out;
}

// The end's attachment marker on its part (at the end point, link axes) and, if rigid, the fixed
// joint from the link's end marker to it: the commands, appended to the plan.
void attachEnd(const Model& model, const FlexibleLinkSpec& spec, int e, const Mat3& r, std::uint32_t& next,
               FlexibleLinkPlan& plan, MarkerId* attachment = nullptr)
{
  const LinkEnd& end = spec.ends[e];
  const std::string tag = std::to_string(e + 1);
  Marker attach = markerAt(model, end.part, end.point, r, spec.name + "_ATTACH_" + tag, next++);
  plan.command->add(makeAddMarker(attach));
  if (attachment)
    *attachment = attach.id;
  if (end.attachment != LinkAttachment::Rigid)
    return;
  Joint j;
  j.id = JointId(next++);
  j.name = spec.name + "_FIX_" + tag;
  j.kind = JointKind::Fixed;
  j.iMarker = plan.endMarkers[e];
  j.jMarker = attach.id;
  plan.joints.push_back(j.id);
  plan.command->add(makeAddJoint(j));
}

bool attached(const LinkEnd& end)
{
  return end.part.valid() && end.attachment != LinkAttachment::Free;
}

// One FE beam part from end 1 (its frame: the link's, origin at end 1) with the link's section,
// material and elements; the end markers follow the end nodes.
FlexibleLinkPlan planFeBeamLink(const Model& model, const FlexibleLinkSpec& spec)
{
  FlexibleLinkPlan plan;
  const Mat3 r = linkFrame(spec);
  const double length = (spec.ends[1].point - spec.ends[0].point).norm();
  FeBeam beam;
  beam.length = length;
  beam.elements = spec.segments;
  applySection(beam, sectionProperties(spec.section, spec.material.poissonRatio()));
  beam.youngsModulus = spec.material.youngsModulus;
  beam.shearModulus = spec.material.shearModulus;
  beam.density = spec.material.density;
  beam.damping = spec.dampingRatio;
  plan.section = sectionProperties(spec.section, spec.material.poissonRatio());
  plan.segmentLength = beam.elementLength();
  plan.segmentMass = spec.material.density * plan.section.area * plan.segmentLength;

  std::uint32_t next = model.nextId();
  Part part;
  part.id = PartId(next++);
  part.name = spec.name;
  part.position = spec.ends[0].point;
  part.orientation = matrixToEuler313(r);
  part.feBeam = beam;
  plan.segments.push_back(part.id);
  plan.command = std::make_unique<Macro>("Create flexible link " + spec.name);
  plan.command->add(makeAddPart(part));
  for (int e = 0; e < 2; ++e) {
    Marker end;
    end.id = MarkerId(next++);
    end.name = spec.name + "_END_" + std::to_string(e + 1);
    end.part = part.id;
    end.position = beam.nodePosition(e == 0 ? 0 : beam.elements);
    end.interfaceNode = e == 0 ? 0 : beam.elements;
    plan.endMarkers[e] = end.id;
    plan.command->add(makeAddMarker(end));
  }
  for (int e = 0; e < 2; ++e)
    if (attached(spec.ends[e]))
      attachEnd(model, spec, e, r, next, plan);
  return plan;
}

}  // namespace

LinkMaterial steelMaterial()
{
  return material(2.07e11, 0.29, 7801.0);
}

LinkMaterial aluminiumMaterial()
{
  return material(7.1705e10, 0.33, 2740.0);
}

std::optional<LinkProblem> checkFlexibleLink(const Model& model, const FlexibleLinkSpec& spec)
{
  auto problem = [](LinkFault f, int end = 0) { return LinkProblem{f, end, std::nullopt, {}}; };
  if (!Model::isValidName(spec.name))
    return problem(LinkFault::InvalidName);
  const Vec3 d = spec.ends[1].point - spec.ends[0].point;
  if (!d.allFinite() || d.norm() <= 0.0)
    return problem(LinkFault::ZeroLength);
  if (spec.segments < (spec.model == LinkModel::FeBeam ? 1 : 2))
    return problem(LinkFault::TooFewSegments);
  if (spec.segments > kMaxLinkSegments)
    return problem(LinkFault::TooManySegments);
  if (!std::isfinite(spec.dampingRatio) || spec.dampingRatio < 0.0)
    return problem(LinkFault::DampingRatio);
  if (!positive(spec.material.youngsModulus))
    return problem(LinkFault::YoungsModulus);
  if (!positive(spec.material.shearModulus))
    return problem(LinkFault::ShearModulus);
  if (!positive(spec.material.density))
    return problem(LinkFault::Density);
  if (auto s = checkSection(spec.section))
    return LinkProblem{LinkFault::Section, 0, s, {}};
  for (int e = 0; e < 2; ++e) {
    if (spec.ends[e].part.valid() && !model.part(spec.ends[e].part))
      return problem(LinkFault::MissingPart, e);
    if (spec.model == LinkModel::FeBeam && spec.ends[e].part.valid() &&
        spec.ends[e].attachment == LinkAttachment::Flexible)
      return problem(LinkFault::FlexibleEndOnFeBeam, e);
  }
  for (const std::string& n : linkNames(spec.name, spec.segments, spec.model))
    if (!model.isNameFree(n))
      return LinkProblem{LinkFault::NameTaken, 0, std::nullopt, n};
  return std::nullopt;
}

std::string freeLinkName(const Model& model, int segments, LinkModel kind)
{
  segments = std::clamp(segments, 2, kMaxLinkSegments);
  for (int k = 1;; ++k) {
    const std::string name = k == 1 ? "LINK" : "LINK" + std::to_string(k);
    bool free = true;
    for (const std::string& n : linkNames(name, segments, kind))
      free = free && model.isNameFree(n);
    if (free)
      return name;
  }
}

Mat3 linkFrame(const FlexibleLinkSpec& spec)
{
  const Vec3 x = (spec.ends[1].point - spec.ends[0].point).normalized();
  Vec3 z = spec.heightDirection - spec.heightDirection.dot(x) * x;
  if (!z.allFinite() || z.norm() < 1e-9 * std::max(1.0, spec.heightDirection.norm())) {
    int k = 0;  // the ground axis least aligned with the link
    x.cwiseAbs().minCoeff(&k);
    z = Vec3::Unit(k) - x[k] * x;
  }
  z.normalize();
  Mat3 r;
  r.col(0) = x;
  r.col(1) = z.cross(x);
  r.col(2) = z;
  return r;
}

FlexibleLinkPlan planFlexibleLink(const Model& model, const FlexibleLinkSpec& spec)
{
  if (spec.model == LinkModel::FeBeam)
    return planFeBeamLink(model, spec);
  FlexibleLinkPlan plan;
  const std::string& p = spec.name;
  const int n = spec.segments;
  const Vec3 p1 = spec.ends[0].point;
  const double length = (spec.ends[1].point - p1).norm();
  const double l = length / n;
  const Mat3 r = linkFrame(spec);
  const Vec3 euler = matrixToEuler313(r);
  const SectionProperties s = sectionProperties(spec.section, spec.material.poissonRatio());
  const double rho = spec.material.density;
  const double mass = rho * s.area * l;
  plan.section = s;
  plan.segmentLength = l;
  plan.segmentMass = mass;
  std::uint32_t next = model.nextId();
  auto beam = [&](std::string name, MarkerId i, MarkerId j, double beamLength) {
    Force f;
    f.id = ForceId(next++);
    f.name = std::move(name);
    f.kind = ForceKind::Beam;
    f.iMarker = i;
    f.jMarker = j;
    f.beam = {beamLength,
              s.area,
              s.ixx,
              s.iyy,
              s.izz,
              spec.material.youngsModulus,
              spec.material.shearModulus,
              s.shearAreaRatioY,
              s.shearAreaRatioZ};
    f.dampingRatio = spec.dampingRatio;
    plan.beams.push_back(f.id);
    return f;
  };

  plan.command = std::make_unique<Macro>("Create flexible link " + p);
  std::vector<MarkerId> centres;
  for (int k = 0; k < n; ++k) {
    Part part;
    part.id = PartId(next++);
    part.name = p + "_" + std::to_string(k + 1);
    part.mass = mass;
    // About the centre, link axes: the section's polar moment for the spin, plus the rod's m l²/12
    // for the two bending axes.
    part.inertia.ixx = rho * l * (s.iyy + s.izz);
    part.inertia.iyy = rho * l * s.iyy + mass * l * l / 12.0;
    part.inertia.izz = rho * l * s.izz + mass * l * l / 12.0;
    part.position = p1 + (k + 0.5) * l * r.col(0);
    part.orientation = euler;
    part.geometry = segmentSolids(spec.section, l, spec.color);
    Marker centre;
    centre.id = MarkerId(next++);
    centre.name = p + "_MARKER_" + std::to_string(k + 1);
    centre.part = part.id;
    plan.segments.push_back(part.id);
    centres.push_back(centre.id);
    plan.command->add(makeAddPart(part));
    plan.command->add(makeAddMarker(centre));
  }
  for (int e = 0; e < 2; ++e) {
    Marker end;
    end.id = MarkerId(next++);
    end.name = p + "_END_" + std::to_string(e + 1);
    end.part = plan.segments[e == 0 ? 0 : n - 1];
    end.position = Vec3((e == 0 ? -0.5 : 0.5) * l, 0.0, 0.0);
    plan.endMarkers[e] = end.id;
    plan.command->add(makeAddMarker(end));
  }
  for (int k = 0; k + 1 < n; ++k)
    plan.command->add(std::make_unique<AddForce>(
        beam(p + "_BEAM_" + std::to_string(k + 1), centres[k + 1], centres[k], l)));
  for (int e = 0; e < 2; ++e) {
    if (!attached(spec.ends[e]))
      continue;
    MarkerId attach;
    attachEnd(model, spec, e, r, next, plan, &attach);
    if (spec.ends[e].attachment == LinkAttachment::Flexible) {
      // Half a segment from the part to the end segment's centre; J's x points along the link to I.
      const std::string name = p + "_BEAM_END_" + std::to_string(e + 1);
      Force f =
          e == 0 ? beam(name, centres.front(), attach, 0.5 * l) : beam(name, attach, centres.back(), 0.5 * l);
      plan.command->add(std::make_unique<AddForce>(f));
    }
  }
  return plan;
}

}  // namespace mbs::core
