// Build ▸ Flexible Link's model (core/include/mbs/core/FlexibleLink.hpp): N segments and N−1 beams
// in one undo step, the beams' markers as Adams' BEAM requires, and the physics of the result run
// through the solver: a cantilever's tip deflection under an end load against Timoshenko's
// PL³/3EI + PL/(κGA) (and against the discrete model's own exact answer), and its first bending
// frequency converging to Euler–Bernoulli's as the segments grow.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "mbs/core/Compile.hpp"
#include "mbs/core/FlexibleLink.hpp"
#include "mbs/core/Topology.hpp"
#include "mbs/core/UndoStack.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kPi = std::numbers::pi;
constexpr double kLength = 1.0, kDiameter = 0.02;

// A steel rod of 20 mm along x from the origin, its end 1 on the ground.
FlexibleLinkSpec rod(int segments, LinkAttachment root)
{
  FlexibleLinkSpec s;
  s.ends[0].point = Vec3::Zero();
  s.ends[0].part = kGroundId;
  s.ends[0].attachment = root;
  s.ends[1].point = Vec3(kLength, 0, 0);
  s.section.kind = SectionKind::SolidCircle;
  s.section.diameter = kDiameter;
  s.segments = segments;
  s.heightDirection = Vec3::UnitY();
  return s;
}

Model withLink(const FlexibleLinkSpec& spec, FlexibleLinkPlan* out = nullptr)
{
  Model m;
  m.gravity = Vec3::Zero();
  EXPECT_FALSE(checkFlexibleLink(m, spec));
  FlexibleLinkPlan plan = planFlexibleLink(m, spec);
  Diagnostics errors;
  EXPECT_TRUE(plan.command->redo(m, errors));
  for (const auto& e : errors)
    ADD_FAILURE() << e.toString();
  if (out)
    *out = std::move(plan);
  return m;
}

// Static tip displacement of the rod under the force `load` (ground axes) at its end 2.
Vec3 tipDeflection(const FlexibleLinkSpec& spec, const Vec3& load)
{
  FlexibleLinkPlan plan;
  Model m = withLink(spec, &plan);
  Force f;
  f.name = "tip_load";
  f.kind = ForceKind::VectorForce;
  f.iMarker = plan.endMarkers[1];
  for (int k = 0; k < 3; ++k)
    f.functions[k] = std::to_string(load[k]);
  m.add(f);
  const CompileResult c = compile(m);
  EXPECT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Static;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(c.model, s, nullptr, results);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  if (!outcome.status.ok() || results.size() == 0)
    return Vec3::Zero();
  // End 2's marker: on the last segment, or on an FE beam's last node.
  const solver::Vec& q = results.frame(results.size() - 1).state.q;
  const auto& end = c.model.markers[std::size_t(c.map.marker(plan.endMarkers[1]))];
  const int b = end.body;
  const solver::Quat r(q[7 * b + 3], q[7 * b + 4], q[7 * b + 5], q[7 * b + 6]);
  const Vec3 tip = q.segment<3>(7 * b) + r.toRotationMatrix() * end.position;
  return tip - Vec3(kLength, 0, 0);
}

struct Rod {
  double e, g, area, i, asy;
};
Rod rodProperties()
{
  const LinkMaterial steel = steelMaterial();
  const double r = 0.5 * kDiameter;
  const double nu = steel.poissonRatio();
  return {steel.youngsModulus, steel.shearModulus, kPi * r * r, kPi * std::pow(r, 4) / 4,
          (7 + 6 * nu) / (6 * (1 + nu))};
}

}  // namespace

TEST(FlexibleLink, MakesNPartsAndNMinusOneBeamsInOneUndoStep)
{
  Model m;
  UndoStack stack(m);
  FlexibleLinkSpec spec = rod(6, LinkAttachment::Rigid);
  spec.ends[1].part = kGroundId;
  spec.ends[1].attachment = LinkAttachment::Flexible;
  spec.dampingRatio = 1e-4;
  ASSERT_FALSE(checkFlexibleLink(m, spec));
  FlexibleLinkPlan plan = planFlexibleLink(m, spec);
  ASSERT_EQ(plan.segments.size(), 6u);
  ASSERT_EQ(plan.beams.size(), 6u);  // 5 between segments, 1 at end 2
  Diagnostics errors;
  ASSERT_TRUE(stack.push(std::move(plan.command), &errors));
  EXPECT_EQ(stack.size(), 1u);
  EXPECT_EQ(stack.undoText(), "Create flexible link LINK");
  EXPECT_EQ(m.parts().size(), 7u);  // the ground and 6 segments
  int beams = 0;
  for (const Force& f : m.forces()) {
    ASSERT_EQ(f.kind, ForceKind::Beam);
    ++beams;
    // J's x axis points along the beam to I, at the beam's length.
    const Vec3 ji = m.markerGlobalPosition(f.iMarker) - m.markerGlobalPosition(f.jMarker);
    const Vec3 x = m.markerGlobalOrientation(f.jMarker).col(0);
    EXPECT_NEAR(ji.norm(), f.beam.length, 1e-12);
    EXPECT_NEAR(ji.dot(x), f.beam.length, 1e-12) << f.name;
    EXPECT_EQ(f.dampingRatio, 1e-4);
    EXPECT_NEAR(f.beam.youngsModulus, 2.07e11, 1.0);
  }
  EXPECT_EQ(beams, 6);
  EXPECT_NEAR(m.force(m.findForce("LINK_BEAM_END_2"))->beam.length, 1.0 / 12.0, 1e-15);
  ASSERT_EQ(m.joints().size(), 1u);
  EXPECT_EQ(m.joints().front().kind, JointKind::Fixed);
  EXPECT_EQ(m.joints().front().name, "LINK_FIX_1");
  // Mass: the whole rod, ρ A L.
  double mass = 0;
  for (const Part& p : m.parts())
    mass += p.ground ? 0.0 : p.mass;
  EXPECT_NEAR(mass, 7801.0 * kPi * 1e-4 * kLength, 1e-9);
  const Part& first = *m.part(m.findPart("LINK_1"));
  EXPECT_NEAR(first.inertia.izz, (mass / 6) * std::pow(1.0 / 6, 2) / 12 + 7801.0 / 6 * kPi * 1e-8 / 4, 1e-12);
  ASSERT_EQ(first.geometry.size(), 1u);
  EXPECT_EQ(first.geometry.front().kind, GeometryKind::Cylinder);
  EXPECT_TRUE(m.validate().empty());

  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(m.parts().size(), 1u);
  EXPECT_TRUE(m.forces().empty());
  EXPECT_TRUE(m.markers().empty());
  EXPECT_TRUE(m.joints().empty());
  ASSERT_TRUE(stack.redo());
  EXPECT_EQ(m.parts().size(), 7u);
  EXPECT_EQ(m.forces().size(), 6u);
  EXPECT_TRUE(m.findForce("LINK_BEAM_3").valid());
}

// The topology counts a link's beams as connections (not joints): its segments are held, not
// "not connected to ground"; a link whose ends hang on nothing is still reported.
TEST(FlexibleLink, TopologyCountsTheBeamsAsConnections)
{
  FlexibleLinkPlan plan;
  const Model held = withLink(rod(4, LinkAttachment::Flexible), &plan);
  const TopologyReport t = analyzeTopology(held);
  EXPECT_TRUE(t.issues.empty()) << t.issues.front().message;
  EXPECT_EQ(t.elasticLinks.size(), 4u);  // 3 between segments, 1 at end 1
  EXPECT_EQ(t.elasticallyHeld.size(), 4u);
  EXPECT_EQ(t.components, 5);  // joints alone: the ground and each segment
  EXPECT_EQ(t.dof, 6 * 4);     // the beams take no DOF
  EXPECT_EQ(t.toJson(held)["elastically_held"].size(), 4u);

  const Model loose = withLink(rod(3, LinkAttachment::Free));
  const TopologyReport u = analyzeTopology(loose);
  EXPECT_TRUE(u.elasticallyHeld.empty());
  ASSERT_EQ(u.issues.size(), 3u);
  for (const auto& issue : u.issues)
    EXPECT_EQ(issue.kind, TopologyIssue::Kind::PartNotGrounded) << issue.message;
}

// Build ▸ FE Beam: the same spec made one FE beam part (core/FeBeam.hpp) of N co-rotational
// Timoshenko elements, its end markers on the end nodes, welded at the root. The element is the
// exact Timoshenko stiffness, so the tip load's deflection is P L³/3EI + P L/κGA at any N.
TEST(FlexibleLink, FeBeamLinkIsOnePartThatDeflectsAsTimoshenkosBeam)
{
  Model m;
  UndoStack stack(m);
  FlexibleLinkSpec spec = rod(4, LinkAttachment::Rigid);
  spec.model = LinkModel::FeBeam;
  spec.dampingRatio = 2e-4;
  EXPECT_EQ(freeLinkName(m, 4, LinkModel::FeBeam), "LINK");
  ASSERT_FALSE(checkFlexibleLink(m, spec));
  FlexibleLinkPlan plan = planFlexibleLink(m, spec);
  ASSERT_EQ(plan.segments.size(), 1u);
  ASSERT_TRUE(stack.push(std::move(plan.command)));
  EXPECT_EQ(stack.undoText(), "Create flexible link LINK");
  ASSERT_EQ(m.parts().size(), 2u);
  const Part& part = *m.part(m.findPart("LINK"));
  ASSERT_TRUE(part.feBeam);
  const Rod p = rodProperties();
  EXPECT_EQ(part.feBeam->elements, 4);
  EXPECT_NEAR(part.feBeam->length, kLength, 1e-15);
  EXPECT_NEAR(part.feBeam->area, p.area, 1e-15);
  EXPECT_NEAR(part.feBeam->izz, p.i, 1e-20);
  EXPECT_NEAR(part.feBeam->torsion, 2 * p.i, 1e-20);
  EXPECT_NEAR(part.feBeam->shearRatioY, p.asy, 1e-12);
  EXPECT_EQ(part.feBeam->damping, 2e-4);
  EXPECT_EQ(m.marker(m.findMarker("LINK_END_2"))->interfaceNode, 4);
  EXPECT_NEAR(m.markerGlobalPosition(m.findMarker("LINK_END_2")).x(), kLength, 1e-15);
  ASSERT_EQ(m.joints().size(), 1u);
  EXPECT_EQ(m.joints().front().name, "LINK_FIX_1");
  EXPECT_TRUE(m.forces().empty());
  EXPECT_TRUE(analyzeTopology(m).issues.empty());
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(m.parts().size(), 1u);
  EXPECT_TRUE(m.markers().empty());

  const double load = 1.0;
  const double timoshenko =
      load * std::pow(kLength, 3) / (3 * p.e * p.i) + load * kLength / (p.g * p.area / p.asy);
  for (int n : {1, 4}) {
    spec.segments = n;
    const Vec3 tip = tipDeflection(spec, Vec3(0, -load, 0));
    EXPECT_NEAR(-tip.y(), timoshenko, 1e-5 * timoshenko) << n;
    EXPECT_LT(std::abs(tip.z()), 1e-9 * timoshenko) << n;
  }
  // Its end is its end node: a "flexible" attachment (a half-segment beam) has nothing to hang on.
  spec.ends[0].attachment = LinkAttachment::Flexible;
  const auto problem = checkFlexibleLink(m, spec);
  ASSERT_TRUE(problem);
  EXPECT_EQ(problem->fault, LinkFault::FlexibleEndOnFeBeam);
  EXPECT_EQ(problem->end, 0);
  spec.ends[0].attachment = LinkAttachment::Rigid;
  spec.segments = 0;
  EXPECT_EQ(checkFlexibleLink(m, spec)->fault, LinkFault::TooFewSegments);
}

TEST(FlexibleLink, RefusesBadInputWithTheReason)
{
  Model m;
  FlexibleLinkSpec s = rod(5, LinkAttachment::Rigid);
  s.ends[1].point = s.ends[0].point;
  EXPECT_EQ(checkFlexibleLink(m, s)->fault, LinkFault::ZeroLength);
  s = rod(1, LinkAttachment::Rigid);
  EXPECT_EQ(checkFlexibleLink(m, s)->fault, LinkFault::TooFewSegments);
  s = rod(5, LinkAttachment::Rigid);
  s.section.kind = SectionKind::HollowCircle;
  s.section.thickness = 0.011;
  const auto wall = checkFlexibleLink(m, s);
  ASSERT_TRUE(wall);
  EXPECT_EQ(wall->fault, LinkFault::Section);
  EXPECT_EQ(wall->section->fault, SectionFault::WallTooThick);
  s = rod(5, LinkAttachment::Rigid);
  s.material.shearModulus = 0;
  EXPECT_EQ(checkFlexibleLink(m, s)->fault, LinkFault::ShearModulus);
  s = rod(5, LinkAttachment::Rigid);
  s.dampingRatio = -1;
  EXPECT_EQ(checkFlexibleLink(m, s)->fault, LinkFault::DampingRatio);
  s = rod(5, LinkAttachment::Rigid);
  s.ends[1].part = PartId(999);
  EXPECT_EQ(checkFlexibleLink(m, s)->fault, LinkFault::MissingPart);
  EXPECT_EQ(checkFlexibleLink(m, s)->end, 1);
  s = rod(5, LinkAttachment::Rigid);
  s.name = "2bad";
  EXPECT_EQ(checkFlexibleLink(m, s)->fault, LinkFault::InvalidName);
  // A second link gets a free prefix; the same prefix again is refused naming the clash.
  Model with = withLink(rod(5, LinkAttachment::Rigid));
  EXPECT_EQ(freeLinkName(with, 5), "LINK2");
  const auto taken = checkFlexibleLink(with, rod(5, LinkAttachment::Rigid));
  ASSERT_TRUE(taken);
  EXPECT_EQ(taken->fault, LinkFault::NameTaken);
  EXPECT_EQ(taken->name, "LINK_1");
}

TEST(FlexibleLink, SectionHeightFollowsTheChosenDirection)
{
  FlexibleLinkSpec s = rod(3, LinkAttachment::Free);
  s.heightDirection = Vec3(0.3, 0, 2);  // its part along the link is dropped
  const Mat3 r = linkFrame(s);
  EXPECT_NEAR((r.col(2) - Vec3::UnitZ()).norm(), 0.0, 1e-15);
  EXPECT_NEAR((r.col(1) - Vec3(0, 1, 0)).norm(), 0.0, 1e-15);  // y = z × x
  s.heightDirection = Vec3::UnitX();  // along the link: another axis, still a right-handed frame
  const Mat3 q = linkFrame(s);
  EXPECT_NEAR(q.col(0).dot(q.col(2)), 0.0, 1e-15);
  EXPECT_NEAR(q.determinant(), 1.0, 1e-14);
}

// The cantilever under a 1 N tip load along −y. With the root "flexible" (a half-length beam from
// the ground to the first segment's centre) the flexible span is L − l/2 and the rigid last
// half-segment a lever: δ = P (L³ − h³) / 3EI + P (L − h) / κGA with h = l/2, within 0.1 % of
// Timoshenko's δ for 10 segments. Welded ("rigid") the first half-segment is rigid too: the span is
// L − l, and δ = P ((L − h)³ − h³) / 3EI + P (L − 2h) / κGA converges as 1/N.
TEST(FlexibleLink, CantileverDeflectsAsTimoshenkosBeam)
{
  const Rod p = rodProperties();
  const double load = 1.0, ei = p.e * p.i, shear = p.g * p.area / p.asy;
  const double timoshenko = load * std::pow(kLength, 3) / (3 * ei) + load * kLength / shear;
  for (int n : {4, 10, 20}) {
    const double h = 0.5 * kLength / n;
    const Vec3 flexible = tipDeflection(rod(n, LinkAttachment::Flexible), Vec3(0, -load, 0));
    const double exactFlexible =
        load * (std::pow(kLength, 3) - std::pow(h, 3)) / (3 * ei) + load * (kLength - h) / shear;
    const Vec3 welded = tipDeflection(rod(n, LinkAttachment::Rigid), Vec3(0, -load, 0));
    const double exactWelded =
        load * (std::pow(kLength - h, 3) - std::pow(h, 3)) / (3 * ei) + load * (kLength - 2 * h) / shear;
    std::printf(
        "[flexible link] N %2d: flexible root %.6e m (discrete %.6e), welded %.6e m (discrete %.6e), "
        "Timoshenko %.6e m\n",
        n, -flexible.y(), exactFlexible, -welded.y(), exactWelded, timoshenko);
    // The beams are exact Timoshenko elements: the discrete model's own answer to the solver's
    // tolerance (the load's small rotation with the tip gives ~(δ/L)² more).
    EXPECT_NEAR(-flexible.y(), exactFlexible, 1e-5 * exactFlexible) << n;
    EXPECT_NEAR(-welded.y(), exactWelded, 1e-5 * exactWelded) << n;
    EXPECT_LT(std::abs(flexible.z()), 1e-9);
    if (n >= 10) {
      EXPECT_NEAR(-flexible.y(), timoshenko, 1e-3 * timoshenko) << n;
    }
    EXPECT_NEAR(-welded.y(), timoshenko, 3.2 / n * timoshenko) << n;
  }
  // Bending about the other axis and twist: the section's z axis is ground y; a load along z
  // bends the same round rod the same.
  const Vec3 sideways = tipDeflection(rod(10, LinkAttachment::Flexible), Vec3(0, 0, load));
  const double h = 0.05;
  EXPECT_NEAR(sideways.z(), load * (1 - h * h * h) / (3 * ei) + load * (1 - h) / shear, 1e-5 * timoshenko);
}

// Free vibration of the cantilever (no gravity): the first bending frequency of the linear
// analysis tends to Euler–Bernoulli's (1.8751²/2π) √(EI/(ρAL⁴)) as the segments grow. The BEAMs
// are Timoshenko's and the segments turn, so the limit is the Timoshenko beam's, a few 1e-4 below
// Euler–Bernoulli's for this slender rod (L/D = 50): the error falls to that level and stays.
TEST(FlexibleLink, FirstBendingFrequencyConvergesToEulerBernoulli)
{
  const Rod p = rodProperties();
  const double rho = steelMaterial().density;
  const double euler =
      1.875104 * 1.875104 / (2 * kPi) * std::sqrt(p.e * p.i / (rho * p.area * std::pow(kLength, 4)));
  std::vector<double> errors;
  for (int n : {2, 4, 8, 16, 32}) {
    FlexibleLinkPlan plan;
    const Model m = withLink(rod(n, LinkAttachment::Flexible), &plan);
    const CompileResult c = compile(m);
    ASSERT_TRUE(c.ok);
    solver::AnalysisSettings s;
    s.kind = solver::AnalysisKind::Linear;
    solver::ResultStore results;
    const auto outcome = solver::runAnalysis(c.model, s, nullptr, results);
    ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
    ASSERT_GE(outcome.modes.size(), 2u);
    // The round rod's two first bending modes (in y and in z) have the same frequency.
    const double f1 = outcome.modes[0].naturalFrequency;
    EXPECT_NEAR(outcome.modes[1].naturalFrequency, f1, 1e-4 * f1);
    const double error = (f1 - euler) / euler;
    std::printf("[flexible link] N %2d: first bending %.5f Hz, Euler-Bernoulli %.5f Hz, error %+.3f %%\n", n,
                f1, euler, 100 * error);
    errors.push_back(std::abs(error));
  }
  // Coarse links are too stiff and converge fast (about 1/N²) ...
  EXPECT_GT(errors[0], 3.5 * errors[1]);
  EXPECT_GT(errors[1], 3.5 * errors[2]);
  // ... to within 0.05 % from 8 segments on.
  for (std::size_t k = 2; k < errors.size(); ++k)
    EXPECT_LT(errors[k], 5e-4) << k;
}
