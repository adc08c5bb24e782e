// Flexible parts after a linear analysis and with stress contours, on a hanging steel pendulum bar
// (0.5 m, 20 x 20 mm, revolute joint at its top end) made flexible through Build > Make Flexible:
//  - the mode-shape animation deforms the flexible part with the modal-coordinate part of the
//    eigenvector: the pendulum mode (f = sqrt(3 g / 2 L) / 2 pi) moves it rigidly, without
//    deformation or stress, an elastic mode bends it (mesh points move relative to the rigid pose);
//  - the von Mises contour (colour bar in MPa) shows the stresses recovered from the modal stress
//    shapes, and the plot panel's "<part> (stress)" gives the largest von Mises stress over time.
//    Swinging, the bar carries the bending moment of a rigid pendulum's inertia and gravity load,
//    largest at a third of its length from the hinge: M = m g L sin(theta) / 27.
// Saves docs/images/flex_05_linear_mode.png and flex_06_stress.png (as screenshots of the build).
#include <gtest/gtest.h>

#include <vtkCamera.h>
#include <vtkRenderer.h>
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QPainter>
#include <QPushButton>
#include <QTest>
#include <QTranslator>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/FlexibleDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kL = 0.5, kB = 0.02, kRho = 7850.0, kG = 9.81, kOmega0 = 2.0;

// The bar hangs from the pivot along -y and starts swinging at kOmega0 about z.
QString writeBarPendulum()
{
  const double mass = kRho * kB * kB * kL;
  const QString json = QStringLiteral(R"({
  "format": "mbstudio-model", "version": 1,
  "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
  "name": "flexible_bar_pendulum", "gravity": [0.0, -9.81, 0.0],
  "analysis": {"type": "dynamic", "end_time": 0.3, "output_steps": 30, "integrator": "gstiff",
               "formulation": "i3", "error_tolerance": 1e-05},
  "parts": [
    {"id": 1, "name": "ground", "ground": true},
    {"id": 2, "name": "bar", "mass": %1, "cm_marker": "bar_cm",
     "inertia": {"ixx": %2, "iyy": %3, "izz": %2, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
     "position": [0.0, 0.0, 0.0], "orientation": [0.0, 0.0, 0.0],
     "velocity": [%7, 0.0, 0.0], "angular_velocity": [0.0, 0.0, %8],
     "geometry": [{"kind": "box", "size": [%4, %5, %4], "position": [0.0, %6, 0.0],
                   "orientation": [0.0, 0.0, 0.0], "density": 7850.0}]}
  ],
  "markers": [
    {"id": 3, "name": "pivot", "part": "ground", "position": [0.0, 0.0, 0.0]},
    {"id": 4, "name": "bar_cm", "part": "bar", "position": [0.0, %6, 0.0]},
    {"id": 5, "name": "bar_pivot", "part": "bar", "position": [0.0, 0.0, 0.0]}
  ],
  "joints": [{"id": 6, "name": "hinge", "type": "revolute", "i_marker": "bar_pivot", "j_marker": "pivot"}],
  "motions": [], "forces": [], "variables": []
})")
                           .arg(mass, 0, 'g', 17)
                           .arg(mass * (kL * kL + kB * kB) / 12.0, 0, 'g', 17)
                           .arg(mass * kB * kB / 6.0, 0, 'g', 17)
                           .arg(kB)
                           .arg(kL)
                           .arg(-0.5 * kL)
                           .arg(0.5 * kL * kOmega0)
                           .arg(kOmega0);
  const QString path = QDir(test::screenshotDir()).filePath("flexible_bar_pendulum.mbs.json");
  QFile file(path);
  EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(json.toUtf8());
  return path;
}

// Largest distance between the drawn points of two frames (part frame: the rigid pose is removed).
double largestMove(const Eigen::Matrix3Xd& a, const Eigen::Matrix3Xd& b)
{
  return a.cols() == b.cols() && a.cols() > 0 ? (a - b).colwise().norm().maxCoeff() : -1.0;
}

}  // namespace

TEST(FlexibleStressModes, LinearModeShapesDeformTheFlexiblePartAndStressContours)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(writeBarPendulum(), true));
  ui::Document& doc = window.document();
  const core::PartId bar = doc.model().findPart("bar");
  ASSERT_TRUE(bar.valid());
  doc.setSelection({core::EntityRef(bar)});

  // Make Flexible: Tet10, 10 mm (two elements through the section), 4 elastic modes.
  window.findChild<QAction*>("actionFlexible")->trigger();
  auto* dialog = window.findChild<ui::FlexibleDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
  EXPECT_EQ(dialog->interfaceMarkers(), QStringList{"bar_pivot"});
  dialog->elementSize->setValue(0.01);
  dialog->modeCount->setValue(4);
  ASSERT_TRUE(dialog->startModes());
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isBusy(); }, 240000));
  ASSERT_EQ(dialog->frequencies().size(), 4u) << dialog->errorText().toStdString();
  dialog->accept();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  const auto data = doc.model().part(bar)->flexible.data;
  ASSERT_TRUE(data);
  ASSERT_TRUE(data->hasStress()) << "Make Flexible stores the modal stress shapes";
  EXPECT_GT(data->stressNodes.size(), 100u);
  EXPECT_LT(data->stressNodes.size(), static_cast<std::size_t>(data->nodes.cols()))
      << "stress shapes at the surface nodes only";
  {
    // Size of the part's record in the model file, with and without the stress shapes.
    const std::size_t withStress = core::toJson(doc.model(), core::EntityRef(bar))["flexible"].dump(2).size();
    core::Model copy = doc.model();
    auto plain = std::make_shared<solver::FlexibleBodyData>(*data);
    plain->stressNodes.clear();
    plain->nodalStressShapes.resize(0, 0);
    copy.part(bar)->flexible.data = plain;
    const std::size_t without = core::toJson(copy, core::EntityRef(bar))["flexible"].dump(2).size();
    std::printf(
        "[ bar record ] %d nodes, %zu with stress shapes; 'flexible' record %.2f MB with stress "
        "shapes, %.2f MB without\n",
        static_cast<int>(data->nodes.cols()), data->stressNodes.size(), withStress / 1e6, without / 1e6);
    EXPECT_GT(withStress, without);
  }

  ui::ModelScene& scene = window.modelView().scene();
  ui::AnimationPanel& animation = window.animation();

  // Linear analysis about the hanging equilibrium.
  ui::RunPanel& run = window.run();
  // The Linear modes button of the Run panel.
  QTest::mouseClick(run.findChild<QPushButton*>("linearRunButton"), Qt::LeftButton);
  ASSERT_TRUE(run.isRunning()) << run.logText().toStdString();
  ASSERT_TRUE(test::waitFor([&] { return !run.isRunning(); }, 120000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  const auto& modes = window.results().modes();
  ASSERT_GE(modes.size(), 2u);
  // Mode 1: the pendulum, f = sqrt(3 g / 2 L) / 2 pi (the compound pendulum of a slender bar).
  const double fPendulum = std::sqrt(3.0 * kG / (2.0 * kL)) / (2.0 * M_PI);
  EXPECT_NEAR(modes[0].naturalFrequency / fPendulum, 1.0, 0.01) << modes[0].naturalFrequency << " Hz";
  EXPECT_GT(modes[1].naturalFrequency, 20.0) << "the next mode is elastic";
  ASSERT_EQ(animation.modeShape(), 0);
  ASSERT_EQ(animation.frameCount(), 48);

  // Frame 0 is phase 0 (the operating point); frame 12 is the largest amplitude (phase 1/4).
  auto pointsAt = [&](int frame) {
    animation.setFrame(frame);
    return scene.flexiblePoints(bar);
  };
  auto tipAt = [&](int frame) {
    const auto poses = animation.displayedPoses(frame);
    return core::Vec3(poses.at(bar).position + poses.at(bar).rotation * core::Vec3(0, -kL, 0));
  };
  const Eigen::Matrix3Xd rest = pointsAt(0);
  ASSERT_GT(rest.cols(), 100);
  // Pendulum mode: the bar swings (its tip moves) but does not deform: the elastic part of the
  // eigenvector is the quasi-static bending of the swing, (f / f_elastic)^2 ~ 1e-4 of the motion.
  const double swing = (tipAt(12) - tipAt(0)).norm();
  EXPECT_GT(swing, 0.01);
  const double pendulumBend = largestMove(pointsAt(12), rest);
  EXPECT_LT(pendulumBend, 1e-3 * swing);
  ASSERT_TRUE(animation.setContour(ui::ModelScene::Contour::VonMises));
  animation.setFrame(12);
  const double pendulumStress = animation.shownStress();

  // First elastic mode (out-of-plane bending; the mean-axis frame tilts and the bar bends back to
  // the hinge): the drawn bar bends (points move relative to its rigid pose: millimetres, against
  // 1e-7 m for the pendulum mode), and is straight again at phase 1/2.
  ASSERT_TRUE(animation.setModeShape(1));
  animation.setContour(ui::ModelScene::Contour::Displacement);
  const Eigen::Matrix3Xd bent = pointsAt(12);
  const double bend = largestMove(bent, rest);
  EXPECT_GT(bend, 1e-3) << "an elastic mode deforms the flexible part";
  EXPECT_GT(bend, 1e3 * pendulumBend);
  EXPECT_LE(bend, 0.1 * scene.modelSize() * 1.0001) << "drawn at most 10 % of the model size";
  EXPECT_NEAR(animation.shownDeformation(), bend, 0.05 * bend);
  EXPECT_LT(largestMove(pointsAt(24), rest), 1e-6 * bend);
  ASSERT_TRUE(animation.setContour(ui::ModelScene::Contour::VonMises));
  animation.setFrame(12);
  EXPECT_EQ(scene.colourBarTitle(), "von Mises\n[MPa]");
  const double elasticStress = animation.shownStress();
  EXPECT_GT(elasticStress, 0.0);
  // A rigid-body motion carries no stress: the pendulum mode's stress (its small quasi-static
  // bending only) is negligible next to the elastic mode's at a comparable amplitude.
  EXPECT_LT(pendulumStress / swing, 1e-2 * elasticStress / bend);
  // The drawn colours are the recovered von Mises stresses in MPa.
  const std::vector<double> values = scene.flexibleContourValues(bar);
  ASSERT_FALSE(values.empty());
  EXPECT_NEAR(*std::max_element(values.begin(), values.end()), 1e-6 * elasticStress, 1e-9 * elasticStress);

  // The screenshot: the second elastic mode (in-plane bending) seen from the front.
  ASSERT_TRUE(animation.setModeShape(2));
  window.findChild<QDockWidget*>("animationDock")->raise();
  ui::ModelView& view = window.modelView();
  view.setStandardView(ui::StandardView::Front);
  view.fitAll();
  view.renderer()->GetActiveCamera()->Zoom(1.5);
  view.renderer()->ResetCameraClippingRange();
  animation.setContour(ui::ModelScene::Contour::Displacement);
  EXPECT_GT(largestMove(pointsAt(12), rest), 1e-3);
  const QImage modeShot = test::saveWindowScreenshot(window, "flex_05_linear_mode");
  EXPECT_GT(test::distinctColours(modeShot), 50);

  // A dynamic run: the bar swings up from the bottom at 2 rad/s (about 21 degrees in 0.3 s).
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  ASSERT_TRUE(run.start());
  ASSERT_TRUE(test::waitFor([&] { return !run.isRunning(); }, 400000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  EXPECT_EQ(animation.modeShape(), -1);
  ASSERT_TRUE(animation.setContour(ui::ModelScene::Contour::VonMises));
  EXPECT_GT(animation.maxStress(), 0.0);
  animation.setFrame(animation.frameCount() - 1);
  EXPECT_EQ(scene.colourBarTitle(), "von Mises\n[MPa]");
  EXPECT_GT(animation.shownStress(), 0.0);
  {
    // In Chinese the colour bar's title is translated and drawn with a CJK font file (VTK's own
    // fonts have Latin glyphs only); the translators are removed again for the other tests.
    ASSERT_EQ(ui::Language::install(test::application(), "zh_CN"), "zh_CN");
    animation.setContour(ui::ModelScene::Contour::Displacement);
    animation.setContour(ui::ModelScene::Contour::VonMises);
    EXPECT_EQ(scene.colourBarTitle(), "等效应力\n[MPa]");
    window.findChild<QDockWidget*>("animationDock")->raise();
    QTest::qWait(100);
    test::saveWindowScreenshot(window, "zh_colour_bar");
    for (QTranslator* t : test::application().findChildren<QTranslator*>()) {
      QCoreApplication::removeTranslator(t);
      delete t;
    }
    ui::Language::install(test::application(), "en");  // Language::current() back to English
    animation.setContour(ui::ModelScene::Contour::Displacement);
    animation.setContour(ui::ModelScene::Contour::VonMises);
    EXPECT_EQ(scene.colourBarTitle(), "von Mises\n[MPa]");
  }

  // The plot's largest von Mises stress against the quasi-static bending of a rigid pendulum bar,
  // sigma = M c / I with M = m g L sin(theta) / 27 (inertia relief; zero moment at both ends).
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("bar (stress)", "Max von Mises stress [Pa]"));
  const auto stress = plot.samples(0);
  ASSERT_GE(stress.size(), 20u);
  const double mass = kRho * kB * kB * kL, c = 0.5 * kB, I = std::pow(kB, 4) / 12.0;
  int compared = 0;
  double worst = 0.0;
  for (std::size_t k = 0; k < stress.size(); ++k) {
    const auto poses = window.results().partPoses(k);
    const core::Vec3 axis = poses.at(bar).rotation * core::Vec3(0, -1, 0);
    const double sinTheta = std::abs(axis.x());
    if (sinTheta < 0.15)
      continue;  // near the bottom the moment (and the relative accuracy) is small
    const double beam = mass * kG * kL * sinTheta / 27.0 * c / I;
    worst = std::max(worst, std::abs(stress[k].second / beam - 1.0));
    ++compared;
  }
  ASSERT_GE(compared, 5);
  std::printf(
      "[ bar pendulum ] largest von Mises over the bar against m g L sin(theta)/27 c/I: worst "
      "deviation %.3f over %d frames\n",
      worst, compared);
  // Measured 9 %: four free-free modes (modal truncation), two Tet10 through the section, the small
  // vibration the start excites, and the spider at the hinge. Within 15 %.
  EXPECT_LT(worst, 0.15);
  auto* plotDock = window.findChild<QDockWidget*>("plotDock");
  plotDock->raise();
  window.resizeDocks({plotDock}, {330}, Qt::Vertical);
  const QImage stressShot = test::saveWindowScreenshot(window, "flex_06_stress");
  EXPECT_GT(test::distinctColours(stressShot), 50);
}
