// FE beam parts (Adams FE_PART; core/FeBeam.hpp) in the GUI, issue 32: the beam is drawn as its
// centre line through the nodes swept by the section, deformed as the results say, and the plot
// offers every node's deflection and every element's section loads. Checked against a steel
// cantilever under its own weight (statics): the tip deflection of its nodal weights (q L⁴/8EI as
// the elements grow) and the root bending moment q L²/2; and a soft polymer cantilever falling under gravity,
// whose drawn centre line passes through the nodes of the frame shown.
#include <gtest/gtest.h>

#include <QDir>
#include <QDoubleSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <numbers>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kLength = 1.0, kGravity = 9.80665;
constexpr int kElements = 8;

// A cantilever of radius r along ground x from the origin, clamped to ground at node 0, gravity
// along −z; markers at the tip (on the last node) and at the middle (the node nearest it).
core::Model cantilever(double radius, double youngsModulus, double density)
{
  core::Model m;
  m.gravity = core::Vec3(0, 0, -kGravity);
  core::Part p;
  p.name = "rod";
  core::FeBeam b;
  b.length = kLength;
  b.elements = kElements;
  core::applySection(b, core::sectionProperties({.diameter = 2 * radius}, 0.3));  // solid circle
  b.youngsModulus = youngsModulus;
  b.shearModulus = youngsModulus / 2.6;
  b.density = density;
  b.damping = 1e-3;
  p.feBeam = b;
  const core::PartId rod = m.add(p);
  core::Marker root;
  root.name = "root";
  root.part = rod;
  const core::MarkerId rootId = m.add(root);
  core::Marker ground;
  ground.name = "ground_root";
  ground.part = core::kGroundId;
  const core::MarkerId groundId = m.add(ground);
  core::Marker tip;
  tip.name = "tip";
  tip.part = rod;
  tip.position = core::Vec3(kLength, 0, 0);
  tip.interfaceNode = kElements;
  m.add(tip);
  core::Marker middle;
  middle.name = "middle";
  middle.part = rod;
  middle.position = core::Vec3(0.5 * kLength, 0, 0);
  m.add(middle);
  core::Joint clamp;
  clamp.name = "clamp";
  clamp.kind = core::JointKind::Fixed;
  clamp.iMarker = rootId;
  clamp.jMarker = groundId;
  m.add(clamp);
  return m;
}

bool openModel(ui::MainWindow& window, const core::Model& model, const QTemporaryDir& dir)
{
  const std::string path = QDir(dir.path()).filePath("fe_beam.mbs.json").toStdString();
  if (core::saveModel(model, path))
    return false;
  return window.openFile(QString::fromStdString(path), true);
}

// The last sample of the plot's curve of `entity`'s `quantity`.
double plotted(ui::PlotPanel& plot, const QString& entity, const QString& quantity)
{
  plot.clearCurves();
  if (!plot.addCurve(entity, quantity))
    return std::nan("");
  const auto samples = plot.samples(plot.curveCount() - 1);
  return samples.empty() ? std::nan("") : samples.back().second;
}

}  // namespace

TEST(FeBeamDrawing, SteelCantileverUnderItsWeightDeflectsAndCarriesItsMomentAsPlotted)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QTemporaryDir dir;
  const double radius = 0.02, e = 2.1e11, rho = 7800.0;
  ASSERT_TRUE(openModel(window, cantilever(radius, e, rho), dir));
  const core::Model& model = window.document().model();
  const core::PartId rod = model.findPart("rod");
  ui::ModelScene& scene = window.modelView().scene();

  // Drawn straight along x before any run: 6 points per element through the nodes.
  std::vector<core::Vec3> line = scene.feBeamCentreLine(rod);
  ASSERT_EQ(line.size(), std::size_t(6 * kElements + 1));
  EXPECT_LT(line.front().norm(), 1e-12);
  EXPECT_LT((line.back() - core::Vec3(kLength, 0, 0)).norm(), 1e-12);

  ASSERT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Static, 1.0, 1), "");
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(animation.frameCount() - 1);
  QTest::qWait(50);
  const double area = std::numbers::pi * radius * radius,
               inertia = std::numbers::pi * std::pow(radius, 4) / 4;
  const double q = rho * area * kGravity;
  // The beam's weight acts at its nodes (q h, half at the ends): the tip deflection of those point
  // loads F at x, F x²(3L − x)/6EI of bending plus F x·ASZ/(G A) of shear, is q L⁴/8EI + 0.64 % at
  // 8 elements (the lumping's O(h²): +0.52 %; shear: +0.12 %).
  const core::FeBeam& beam = *model.part(rod)->feBeam;
  const double h = kLength / kElements;
  double deflection = 0.0;
  for (int k = 1; k <= kElements; ++k) {
    const double x = k * h, f = q * (k == kElements ? h / 2 : h);
    deflection += f * x * x * (3 * kLength - x) / (6 * e * inertia) +
                  f * x * beam.shearRatioZ / (beam.shearModulus * area);
  }
  EXPECT_NEAR(deflection / (q * std::pow(kLength, 4) / (8 * e * inertia)), 1.0064, 5e-4);
  line = scene.feBeamCentreLine(rod);
  EXPECT_NEAR(line.back().z(), -deflection, 1e-3 * deflection) << "drawn tip at the nodal loads' deflection";

  // The plot: the tip node's deflection and the root element's bending moment at the clamp
  // (lumped nodal weights: the trapezoid rule, exact for the moment arm x).
  ui::PlotPanel& plot = window.plot();
  EXPECT_NEAR(plotted(plot, "rod.node8", "Deflection z (beam axes) [m]"), -deflection, 1e-3 * deflection);
  EXPECT_NEAR(plotted(plot, "rod.element1", "Bending moment My at node A [N·m]"), q * kLength * kLength / 2,
              1e-3 * q * kLength * kLength / 2);
  EXPECT_NEAR(plotted(plot, "rod.element8", "Bending moment My at node B [N·m]"), 0.0,
              1e-6 * q * kLength * kLength);
  EXPECT_NEAR(plotted(plot, "rod.element1", "Shear force Vz [N]"), -q * (kLength - kLength / kElements / 2),
              1e-3 * q * kLength);
}

TEST(FeBeamDrawing, SoftCantileverFallsAndIsDrawnThroughItsNodes)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  QTemporaryDir dir;
  ASSERT_TRUE(openModel(window, cantilever(0.01, 2e8, 1200.0), dir));
  const core::PartId rod = window.document().model().findPart("rod");
  ui::ModelScene& scene = window.modelView().scene();
  ASSERT_EQ(test::runDynamic(window, 0.3, 30), "");
  ui::AnimationPanel& animation = window.animation();
  const int last = animation.frameCount() - 1;
  animation.setFrame(last);
  QTest::qWait(50);
  const ui::FeNodePoses nodes = window.results().feNodePoses(std::size_t(last));
  ASSERT_EQ(nodes.at(rod).size(), std::size_t(kElements + 1));
  const std::vector<core::Vec3> line = scene.feBeamCentreLine(rod);
  for (int k = 0; k <= kElements; ++k)
    EXPECT_LT((line[std::size_t(6 * k)] - nodes.at(rod)[std::size_t(k)].position).norm(), 1e-12) << k;
  // Far from straight: the tip has dropped by more than a tenth of the length.
  EXPECT_LT(line.back().z(), -0.1 * kLength);
  window.modelView().setStandardView(ui::StandardView::Front);
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "fe_beam_falling");

  // The part's properties: its beam data under an "FE beam" heading, E in the model's units, and
  // not the part's own mass, which an FE beam does not use.
  window.document().setSelection({core::EntityRef(rod)});
  QTest::qWait(50);
  auto* youngs = window.findChild<QDoubleSpinBox*>("/fe_beam/youngs_modulus");
  ASSERT_NE(youngs, nullptr);
  EXPECT_DOUBLE_EQ(youngs->value(), 2e8);
  EXPECT_TRUE(youngs->suffix().contains("N/m²")) << youngs->suffix().toStdString();
  EXPECT_EQ(window.findChild<QDoubleSpinBox*>("/mass"), nullptr);
  test::saveWindowScreenshot(window, "fe_beam_properties");
}
