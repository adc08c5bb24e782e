// The flexible-body GUI flow as a new user does it, on a pendulum whose steel rod (0.5 m, 20 mm
// diameter) hangs from a revolute joint: Build > Make Flexible meshes the rod with Gmsh (quality
// shown, mesh drawn in the view), computes Craig-Bampton modes (first bending frequencies against
// Euler-Bernoulli free-free), previews a mode shape, stores the body (one undo step); a dynamic run
// then shows the deformation in the animation (scaled, coloured) and the modal coordinates in the
// plot panel. Saves the screenshots of the user guide's "Flexible bodies" section.
#include <gtest/gtest.h>

#include <vtkCamera.h>
#include <vtkRenderer.h>
#include <QAction>
#include <QChart>
#include <QChartView>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QPainter>
#include <QPushButton>
#include <QTest>
#include <QValueAxis>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/Document.hpp"
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

constexpr double kL = 0.5, kR = 0.01, kE = 210e9, kRho = 7850.0;

// The rod pendulum, horizontal at the start, released under gravity.
QString writePendulum()
{
  const double mass = kRho * M_PI * kR * kR * kL;
  const QString json = QStringLiteral(R"({
  "format": "mbstudio-model", "version": 1,
  "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
  "name": "flexible_pendulum", "gravity": [0.0, -9.81, 0.0],
  "analysis": {"type": "dynamic", "end_time": 0.25, "output_steps": 50, "integrator": "gstiff",
               "formulation": "i3", "error_tolerance": 1e-05},
  "parts": [
    {"id": 1, "name": "ground", "ground": true},
    {"id": 2, "name": "rod", "mass": %1, "cm_marker": "rod_cm",
     "inertia": {"ixx": %2, "iyy": %3, "izz": %3, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
     "position": [0.0, 0.0, 0.0], "orientation": [0.0, 0.0, 0.0],
     "geometry": [{"kind": "link", "point1": [0.0, 0.0, 0.0], "point2": [%4, 0.0, 0.0],
                   "radius": %5, "density": %6}]}
  ],
  "markers": [
    {"id": 3, "name": "pivot", "part": "ground", "position": [0.0, 0.0, 0.0]},
    {"id": 4, "name": "rod_cm", "part": "rod", "position": [%7, 0.0, 0.0]},
    {"id": 5, "name": "rod_pivot", "part": "rod", "position": [0.0, 0.0, 0.0]},
    {"id": 6, "name": "rod_tip", "part": "rod", "position": [%4, 0.0, 0.0]}
  ],
  "joints": [{"id": 7, "name": "hinge", "type": "revolute", "i_marker": "rod_pivot", "j_marker": "pivot"}],
  "motions": [], "forces": [], "variables": []
})")
                           .arg(mass, 0, 'g', 17)
                           .arg(0.5 * mass * kR * kR, 0, 'g', 17)
                           .arg(mass * kL * kL / 12.0, 0, 'g', 17)
                           .arg(kL)
                           .arg(kR)
                           .arg(kRho)
                           .arg(0.5 * kL);
  const QString path = QDir(test::screenshotDir()).filePath("flexible_pendulum.mbs.json");
  QFile file(path);
  EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(json.toUtf8());
  return path;
}

// Isometric view centred on the rod, which fills most of the view.
void frontView(ui::MainWindow& window)
{
  ui::ModelView& view = window.modelView();
  view.setStandardView(ui::StandardView::Iso);
  view.fitAll();
  vtkCamera* camera = view.renderer()->GetActiveCamera();
  double focal[3], position[3];
  camera->GetFocalPoint(focal);
  camera->GetPosition(position);
  const double target[3] = {0.5 * kL, -0.05, 0.0};
  for (int k = 0; k < 3; ++k) {
    position[k] += target[k] - focal[k];
    focal[k] = target[k];
  }
  camera->SetFocalPoint(focal);
  camera->SetPosition(position);
  camera->Zoom(1.8);
  view.renderer()->ResetCameraClippingRange();
  view.requestRender();
}

}  // namespace

TEST(FlexibleBody, MeshModesRunAndAnimatedDeformation)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(writePendulum(), true));
  ui::Document& doc = window.document();
  const core::PartId rod = doc.model().findPart("rod");
  ASSERT_TRUE(rod.valid());
  doc.setSelection({core::EntityRef(rod)});

  // Build > Make Flexible on the selected part.
  QAction* action = window.findChild<QAction*>("actionFlexible");
  ASSERT_NE(action, nullptr);
  action->trigger();
  auto* dialog = window.findChild<ui::FlexibleDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
  EXPECT_EQ(dialog->part->currentText(), "rod");
  // The marker of the joint is the interface; the tip marker (no joint) is not.
  EXPECT_EQ(dialog->interfaceMarkers(), QStringList{"rod_pivot"});
  dialog->elementSize->setValue(0.01);

  // Mesh (worker thread), drawn over the model with its quality report.
  QTest::mouseClick(dialog->meshButton, Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isBusy(); }, 120000));
  ASSERT_TRUE(dialog->hasMesh()) << dialog->errorText().toStdString();
  EXPECT_GT(dialog->meshNodeCount(), 500);
  EXPECT_TRUE(dialog->qualityText().contains("gamma")) << dialog->qualityText().toStdString();
  EXPECT_TRUE(window.modelView().scene().hasMeshOverlay());
  doc.setSelection({});
  frontView(window);
  const QImage meshShot = test::saveWindowScreenshot(window, "flex_01_mesh");
  EXPECT_GT(test::distinctColours(meshShot), 50);

  // Craig-Bampton modes: 4 elastic modes; the first two are the bending pair of the free-free rod
  // (the reduced body is free: its interface is not clamped), Euler-Bernoulli
  // f = 4.730² / (2π L²) √(EI / ρA) with √(EI/ρA) = r/2 √(E/ρ). The rigid spider at the pivot
  // stiffens the end a little, so "roughly": within 10 %.
  dialog->modeCount->setValue(4);
  QTest::mouseClick(dialog->modesButton, Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isBusy(); }, 240000));
  const std::vector<double> f = dialog->frequencies();
  ASSERT_EQ(f.size(), 4u) << dialog->errorText().toStdString();
  const double fEb = 4.7300 * 4.7300 / (2.0 * M_PI * kL * kL) * 0.5 * kR * std::sqrt(kE / kRho);
  EXPECT_NEAR(f[0] / fEb, 1.0, 0.10) << "f1 " << f[0] << " Hz, Euler-Bernoulli " << fEb << " Hz";
  EXPECT_NEAR(f[1] / fEb, 1.0, 0.10) << "f2 " << f[1] << " Hz (second plane)";
  EXPECT_GT(f[2], 1.5 * f[0]);
  EXPECT_EQ(dialog->keptModes().size(), 4u);

  // Selecting a mode animates its shape over the model.
  dialog->previewMode(0);
  QTest::qWait(300);
  const QImage modeShot = test::saveWindowScreenshot(window, "flex_02_mode_shape");
  EXPECT_GT(test::distinctColours(modeShot), 50);
  dialog->grab().save(test::screenshotDir() + "/flex_dialog.png");

  // OK: the body goes into the part, the pivot marker onto interface node 0; one undo step.
  const auto steps = doc.undoStack().size();
  dialog->accept();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  const core::Part& part = *doc.model().part(rod);
  ASSERT_TRUE(static_cast<bool>(part.flexible));
  EXPECT_EQ(part.flexible.data->modeCount(), 4);
  EXPECT_EQ(doc.model().marker(doc.model().findMarker("rod_pivot"))->interfaceNode, 0);
  EXPECT_EQ(doc.model().marker(doc.model().findMarker("rod_tip"))->interfaceNode, -1);
  EXPECT_FALSE(window.modelView().scene().hasMeshOverlay());
  EXPECT_EQ(window.modelView().scene().flexiblePartCount(), 1);
  // Undo and redo: rigid again, then flexible again.
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_FALSE(static_cast<bool>(doc.model().part(rod)->flexible));
  EXPECT_EQ(window.modelView().scene().flexiblePartCount(), 0);
  window.findChild<QAction*>("actionRedo")->trigger();
  EXPECT_TRUE(static_cast<bool>(doc.model().part(rod)->flexible));
  EXPECT_EQ(doc.model().marker(doc.model().findMarker("rod_pivot"))->interfaceNode, 0);

  // A dynamic run (the rod falls from horizontal): the animation draws the deformation, scaled and
  // coloured by its magnitude, and the plot panel offers the modal coordinates.
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  ASSERT_TRUE(run.start());
  ASSERT_TRUE(test::waitFor([&] { return !run.isRunning(); }, 400000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  ui::AnimationPanel& animation = window.animation();
  EXPECT_GT(animation.maxDeformation(), 1e-7) << "the falling rod bends";
  EXPECT_LT(animation.maxDeformation(), 1e-2);
  EXPECT_GT(animation.deformationScale(), 10.0) << "auto scale makes micrometres visible";
  animation.setFrame(animation.frameCount() / 2);
  EXPECT_GT(animation.shownDeformation(), 0.0);
  ui::ModelView& view = window.modelView();
  const QImage deformed = view.grabFramebuffer();
  const double autoScale = animation.deformationScale();
  animation.setDeformationScale(0.0);
  const QImage undeformed = view.grabFramebuffer();
  int changed = 0;
  for (int y = 0; y < deformed.height(); y += 2)
    for (int x = 0; x < deformed.width(); x += 2)
      changed += deformed.pixel(x, y) != undeformed.pixel(x, y);
  EXPECT_GT(changed, 50) << "the deformation is visible in the rendered frame";
  animation.setAutoDeformationScale(true);
  EXPECT_DOUBLE_EQ(animation.deformationScale(), autoScale);
  window.findChild<QDockWidget*>("animationDock")->raise();
  const QImage animationShot = test::saveWindowScreenshot(window, "flex_03_animation");
  EXPECT_GT(test::distinctColours(animationShot), 50);

  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("rod (modal coordinates)", "q1"));
  ASSERT_TRUE(plot.addCurve("rod (modal coordinates)", "q2"));
  double maxQ = 0.0;
  for (const auto& [t, q] : plot.samples(0))
    maxQ = std::max(maxQ, std::abs(q));
  for (const auto& [t, q] : plot.samples(1))
    maxQ = std::max(maxQ, std::abs(q));
  EXPECT_GT(maxQ, 0.0);
  window.findChild<QDockWidget*>("plotDock")->raise();
  test::saveWindowScreenshot(window, "flex_04_plot");

  // Zoom/pan is per subplot: a zoomed subplot keeps its range when another subplot gets a curve.
  const auto views = plot.findChildren<QChartView*>();
  ASSERT_EQ(views.size(), 1);
  QChart* first = views[0]->chart();
  first->zoomIn(QRectF(first->plotArea().center() - QPointF(40, 20), QSizeF(80, 40)));
  auto* time = qobject_cast<QValueAxis*>(first->axes(Qt::Horizontal).front());
  ASSERT_NE(time, nullptr);
  const double zoomedMin = time->min(), zoomedMax = time->max();
  EXPECT_GT(zoomedMin, 0.0);
  plot.addSubplot();
  ASSERT_TRUE(plot.addCurve("rod (modal coordinates)", "q3"));
  EXPECT_DOUBLE_EQ(time->min(), zoomedMin);
  EXPECT_DOUBLE_EQ(time->max(), zoomedMax);
  const auto after = plot.findChildren<QChartView*>();
  ASSERT_EQ(after.size(), 2);
  QChart* second = after[0]->chart() == first ? after[1]->chart() : after[0]->chart();
  auto* secondTime = qobject_cast<QValueAxis*>(second->axes(Qt::Horizontal).front());
  EXPECT_DOUBLE_EQ(secondTime->min(), 0.0) << "the new subplot shows the whole run";
}
