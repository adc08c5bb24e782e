// FE beam parts (mbs/core/FeBeam.hpp): compiled into node bodies and co-rotational elements,
// markers on their nodes, the native file's "fe_beam" key, and a cantilever under its own weight
// through compile() against q L⁴/(8 EI).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "analysis/StaticAnalysis.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/DerivedQuantities.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs::core;
namespace sv = mbs::solver;

namespace {

// A steel rod of radius 20 mm, 1 m along the part's x, placed at (1, 2, 0) turned 90° about z
// (the beam points along ground y... then gravity along −x bends it), fixed to ground at node 0.
Model rodModel(int elements)
{
  Model m;
  m.gravity = Vec3(-9.80665, 0, 0);
  Part p;
  p.name = "rod";
  p.position = Vec3(1, 2, 0);
  p.orientation = Vec3(std::numbers::pi / 2, 0, 0);
  FeBeam b;
  b.length = 1.0;
  b.elements = elements;
  applySection(b, sectionProperties({.diameter = 0.04}, 0.3));  // solid circle
  b.shearRatioY = b.shearRatioZ = 0.0;
  b.youngsModulus = 2.1e11;
  b.shearModulus = 8.0e10;
  b.density = 7800.0;
  p.feBeam = b;
  const PartId rod = m.add(p);
  Marker root;
  root.name = "root";
  root.part = rod;
  const MarkerId rootId = m.add(root);
  Marker ground;
  ground.name = "ground_root";
  ground.part = kGroundId;
  ground.position = Vec3(1, 2, 0);
  ground.euler = Vec3(std::numbers::pi / 2, 0, 0);
  const MarkerId groundId = m.add(ground);
  Marker tip;
  tip.name = "tip";
  tip.part = rod;
  tip.position = Vec3(1.0, 0.01, 0);  // 10 mm off the centre line, on the last node
  tip.interfaceNode = elements;
  m.add(tip);
  Joint j;
  j.name = "clamp";
  j.kind = JointKind::Fixed;
  j.iMarker = rootId;
  j.jMarker = groundId;
  m.add(j);
  return m;
}

TEST(FeBeamPart, CompilesIntoNodeBodiesAndElements)
{
  const Model m = rodModel(4);
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok) << (c.diagnostics.empty() ? "" : c.diagnostics.front().reason);
  ASSERT_EQ(c.model.bodies.size(), 5u);
  ASSERT_EQ(c.model.beamElements.size(), 4u);
  EXPECT_EQ(c.model.bodies[0].name, "rod");
  EXPECT_EQ(c.model.bodies[4].name, "rod.node4");
  double mass = 0.0;
  for (const sv::Body& b : c.model.bodies)
    mass += b.mass;
  EXPECT_NEAR(mass, 7800.0 * std::numbers::pi * 0.02 * 0.02, 1e-12);
  // The beam runs along ground y from (1, 2, 0).
  EXPECT_LT((c.model.bodies[4].position - Vec3(1, 3, 0)).norm(), 1e-12);
  const sv::Marker& tip = c.model.markers[std::size_t(c.map.marker(m.findMarker("tip")))];
  EXPECT_EQ(tip.body, 4);
  EXPECT_LT((tip.position - Vec3(0, 0.01, 0)).norm(), 1e-12);
  EXPECT_EQ(c.map.feNodes.at(m.findPart("rod")).size(), 5u);
  EXPECT_NEAR(c.model.beamElements[0].section.length, 0.25, 1e-15);
  // Derived outputs: one set of part columns (node 0's body), the tip marker on node 4, the model's
  // energies over every node.
  const DerivedOutputs derived(m, c.map);
  const auto& columns = derived.columns();
  EXPECT_EQ(std::count(columns.begin(), columns.end(), "rod.kinetic_energy"), 1);
  sv::ResultFrame frame;
  for (const sv::Body& b : c.model.bodies) {
    sv::BodyOutput out;
    out.position = b.position;
    out.orientation = b.orientation;
    out.velocity = Vec3(0, 0, 1);
    frame.bodies.push_back(out);
  }
  const std::vector<double> values = derived.evaluate(frame);
  const auto at = [&](const std::string& name) {
    return values[std::size_t(std::find(columns.begin(), columns.end(), name) - columns.begin())];
  };
  EXPECT_NEAR(at("tip.y"), 3.0, 1e-12);
  EXPECT_NEAR(at("tip.x"), 0.99, 1e-12);
  EXPECT_NEAR(at("model.kinetic_energy"), 0.5 * mass, 1e-12);
}

TEST(FeBeamPart, NativeFileKeepsTheBeamAndRefusesBadData)
{
  const Model m = rodModel(6);
  const std::string text = modelToString(m);
  EXPECT_NE(text.find("\"fe_beam\""), std::string::npos);
  const LoadResult back = modelFromString(text);
  ASSERT_TRUE(back.model) << (back.errors.empty() ? "" : back.errors.front().reason);
  const Part& p = *back.model->part(back.model->findPart("rod"));
  ASSERT_TRUE(p.feBeam);
  EXPECT_EQ(*p.feBeam, *m.part(m.findPart("rod"))->feBeam);
  EXPECT_EQ(modelToString(*back.model), text);

  Model bad = rodModel(2);
  bad.part(bad.findPart("rod"))->feBeam->youngsModulus = 0.0;
  const CompileResult c = compile(bad);
  ASSERT_FALSE(c.ok);
  EXPECT_NE(c.diagnostics.front().reason.find("FE beam 'rod'"), std::string::npos);
  Model far = rodModel(2);
  far.marker(far.findMarker("tip"))->interfaceNode = 7;
  const CompileResult f = compile(far);
  ASSERT_FALSE(f.ok);
  EXPECT_NE(f.diagnostics.front().reason.find("follows node 7"), std::string::npos);
}

// Adams' FE_PART is refused by name on import (a deck in Adams/View's style), and an FE beam
// part is not exported as a rigid PART.
TEST(FeBeamPart, AdamsFePartIsRefusedByNameAndNotExportedAsARigidPart)
{
  const std::string deck =
      "Adams/View model name: beam\n"
      "!\n"
      "UNITS/\n"
      ", FORCE = NEWTON\n"
      ", MASS = KILOGRAM\n"
      ", LENGTH = MILLIMETER\n"
      ", TIME = SECOND\n"
      "!\n"
      "PART/1\n"
      ", GROUND\n"
      "!\n"
      "!adams_view_name='FE_PART_1'\n"
      "FE_PART/2\n"
      ", TYPE = 3DBEAM\n"
      ", NODE_LABELS = 1, 2\n"
      "!\n"
      "END\n";
  const AdmImportResult r = importAdmFromString(deck, "beam.adm");
  ASSERT_FALSE(r.ok());
  bool named = false;
  for (const Diagnostic& d : r.errors)
    named = named || (d.toString().find("FE_PART") != std::string::npos && d.line > 0);
  EXPECT_TRUE(named) << (r.errors.empty() ? "" : r.errors.front().toString());
  const AdmExportResult e = exportAdm(rodModel(3));
  ASSERT_FALSE(e.ok());
  EXPECT_NE(e.errors.front().reason.find("FE beam"), std::string::npos);
}

// Under its own weight q = ρ A g the clamped rod's tip sags q L⁴/(8 EI); lumped masses converge to
// it as O(1/N²).
TEST(FeBeamPart, CantileverUnderItsOwnWeightSagsQL4Over8EI)
{
  const double r = 0.02, area = std::numbers::pi * r * r, i = std::numbers::pi * std::pow(r, 4) / 4;
  const double exact = 7800.0 * area * 9.80665 / (8 * 2.1e11 * i);
  const Model m = rodModel(20);
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  const sv::System sys(c.model);
  sv::State state;
  sv::StaticOptions options;
  options.forceTolerance = 1e-5;
  const sv::Status s = sv::solveStatics(sys, state, options);
  ASSERT_TRUE(s.ok()) << s.message;
  const double sag = 1.0 - state.q[7 * 20];  // the tip node moves along −x from x = 1
  std::printf("[fe beam part] tip sag %.6e m, qL^4/8EI %.6e m\n", sag, exact);
  EXPECT_NEAR(sag, exact, 5e-3 * exact);
}

}  // namespace
