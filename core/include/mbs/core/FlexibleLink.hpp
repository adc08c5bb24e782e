#pragma once
// A discrete flexible link (Build ▸ Flexible Link), made as Adams/View makes one: the straight
// link from point 1 to point 2 is cut into N rigid segments (parts with the mass and inertia of
// their piece of the section and material), consecutive segments are joined by N−1 BEAMs between
// their centres (J on the earlier segment, x along the link towards I on the next, as Adams' BEAM
// requires), and each end is free, welded to a part by a fixed joint (Adams' "rigid") or held by
// one more BEAM half a segment long from the part to the end segment's centre (Adams' "flexible").
// Everything is one Macro, so the link is one undo step. docs/flexible-bodies.md, "Discrete
// flexible links".
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "mbs/core/BeamSections.hpp"
#include "mbs/core/Commands.hpp"

namespace mbs::core {

enum class LinkAttachment { Free, Rigid, Flexible };

// What the link is made of: Adams/View's discrete link (rigid segments joined by linear BEAMs) or
// one FE beam part (core/FeBeam.hpp: co-rotational elements, large deflections).
enum class LinkModel { Discrete, FeBeam };

struct LinkEnd {
  Vec3 point = Vec3::Zero();  // in ground [m]
  PartId part;                // the part the end attaches to (the ground too); invalid: none
  LinkAttachment attachment = LinkAttachment::Free;  // taken as Free without a part
};

struct LinkMaterial {
  double youngsModulus = 0.0;  // [Pa]
  double shearModulus = 0.0;   // [Pa]
  double density = 0.0;        // [kg/m³]
  double poissonRatio() const { return youngsModulus / (2.0 * shearModulus) - 1.0; }
};
// Adams/View's standard materials (steel: E 2.07e11 Pa, ν 0.29, ρ 7801 kg/m³; aluminium:
// E 7.1705e10 Pa, ν 0.33, ρ 2740 kg/m³), G = E / (2 (1 + ν)).
LinkMaterial steelMaterial();
LinkMaterial aluminiumMaterial();

struct FlexibleLinkSpec {
  // The prefix of every name: parts NAME_1 … NAME_N, their centre markers NAME_MARKER_k, the end
  // markers NAME_END_1 and NAME_END_2, the beams NAME_BEAM_1 … NAME_BEAM_{N−1}; the attachments'
  // markers on the parts NAME_ATTACH_e, their fixed joints NAME_FIX_e or beams NAME_BEAM_END_e.
  std::string name = "LINK";
  LinkModel model = LinkModel::Discrete;
  std::array<LinkEnd, 2> ends;
  // Where the section's z axis (its height) points; its part along the link is dropped. Parallel
  // to the link: the ground axis least aligned with the link is used instead.
  Vec3 heightDirection = Vec3::UnitY();
  SectionDimensions section;
  LinkMaterial material = steelMaterial();
  int segments = 5;               // FE beam: the elements
  double dampingRatio = 0.0;      // Adams CRATIO of every beam: C = ratio × K [s]
  std::string color = "#4e79a7";  // "#rrggbb" of the segments' solids (one colour: one link)
};

inline constexpr int kMaxLinkSegments = 500;

// What is wrong with a spec; `end` (0 or 1) for the end problems, `section` for Section.
enum class LinkFault {
  InvalidName,          // not a valid entity name
  NameTaken,            // one of the names the link would give is used
  ZeroLength,           // the two points coincide
  TooFewSegments,       // fewer than 2 (a discrete link needs a beam), an FE beam fewer than 1 element
  TooManySegments,      // more than kMaxLinkSegments
  DampingRatio,         // negative or not finite
  YoungsModulus,        // not positive
  ShearModulus,         // not positive
  Density,              // not positive
  Section,              // the section's dimensions (see `section`)
  MissingPart,          // the end's part is not in the model
  FlexibleEndOnFeBeam,  // an FE beam's end node is the end itself: no half segment to hang a beam on
};
struct LinkProblem {
  LinkFault fault = LinkFault::ZeroLength;
  int end = 0;
  std::optional<SectionProblem> section;
  std::string name;  // NameTaken: the name in use
};
std::optional<LinkProblem> checkFlexibleLink(const Model& model, const FlexibleLinkSpec& spec);

// "LINK", or "LINK2", "LINK3" …: the first prefix whose names are all free in `model`.
std::string freeLinkName(const Model& model, int segments, LinkModel kind = LinkModel::Discrete);

// The link's frame in ground: x from point 1 to point 2, z the height direction made normal to it.
Mat3 linkFrame(const FlexibleLinkSpec& spec);

// The names a link gives: a discrete link's parts NAME_1 … NAME_N with their centre markers and
// beams; an FE beam's part NAME; both the end markers NAME_END_e and the attachments' NAME_ATTACH_e,
// NAME_FIX_e (and NAME_BEAM_END_e).
struct FlexibleLinkPlan {
  std::unique_ptr<Macro> command;  // "Create flexible link NAME"
  std::vector<PartId> segments;    // in order from end 1 (an FE beam: its one part)
  std::vector<ForceId> beams;      // between consecutive segments, then the ends' beams
  std::array<MarkerId, 2> endMarkers;
  std::vector<JointId> joints;  // the ends' fixed joints
  SectionProperties section;
  double segmentLength = 0.0, segmentMass = 0.0;  // an FE beam: an element's
};
// The command for a spec that checkFlexibleLink passes (ids planned from model.nextId()).
FlexibleLinkPlan planFlexibleLink(const Model& model, const FlexibleLinkSpec& spec);

}  // namespace mbs::core
