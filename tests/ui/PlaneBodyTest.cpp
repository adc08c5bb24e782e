// Make Flexible ▸ Plane body (DMBS §5.2.2.1, meshing of plane problems) as a user does it: a steel
// plate 500 x 25 x 10 mm (a box part) hinged at one end swings in the XY plane. The dialog meshes its
// XY profile in 2-D (Tri6, thickness from the box), the Craig-Bampton modes' first in-plane
// bending frequency is the free-free Euler-Bernoulli beam's, a part that is no extrusion is refused
// naming it, OK is one undo step, the saved file keeps the plane body, and a dynamic run draws it
// deformed and coloured by von Mises stress. Saves the user guide's screenshots.
#include <gtest/gtest.h>

#include <vtkCamera.h>
#include <vtkRenderer.h>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QListWidget>
#include <QPushButton>
#include <QTest>
#include <cmath>
#include <map>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FlexibleDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kL = 0.5, kH = 0.025, kT = 0.01, kE = 210e9, kRho = 7850.0;

// The plate hinged at (0, 0, 0) about z, horizontal at the start; a steel ball lies beside it.
QString writePlatePendulum()
{
  const double mass = kRho * kL * kH * kT;
  const QString json = QStringLiteral(R"({
  "format": "mbstudio-model", "version": 1,
  "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
  "name": "plate_pendulum", "gravity": [0.0, -9.81, 0.0],
  "analysis": {"type": "dynamic", "end_time": 0.2, "output_steps": 40, "integrator": "gstiff",
               "formulation": "i3", "error_tolerance": 1e-05},
  "parts": [
    {"id": 1, "name": "ground", "ground": true},
    {"id": 2, "name": "plate", "mass": %1, "cm_marker": "plate_cm",
     "inertia": {"ixx": %2, "iyy": %3, "izz": %4, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
     "position": [0.0, 0.0, 0.0], "orientation": [0.0, 0.0, 0.0],
     "geometry": [{"kind": "box", "position": [%5, 0.0, 0.0], "size": [%6, %7, %8], "density": %9}]},
    {"id": 3, "name": "ball", "mass": 1.0, "position": [0.0, -0.3, 0.0],
     "inertia": {"ixx": 3.6e-4, "iyy": 3.6e-4, "izz": 3.6e-4, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
     "geometry": [{"kind": "sphere", "radius": 0.03, "density": 7850.0}]}
  ],
  "markers": [
    {"id": 4, "name": "pivot", "part": "ground", "position": [0.0, 0.0, 0.0]},
    {"id": 5, "name": "plate_cm", "part": "plate", "position": [%5, 0.0, 0.0]},
    {"id": 6, "name": "plate_pivot", "part": "plate", "position": [0.0, 0.0, 0.0]},
    {"id": 7, "name": "ball_fix", "part": "ball", "position": [0.0, -0.3, 0.0]},
    {"id": 8, "name": "ball_ground", "part": "ground", "position": [0.0, -0.3, 0.0]}
  ],
  "joints": [{"id": 9, "name": "hinge", "type": "revolute", "i_marker": "plate_pivot", "j_marker": "pivot"},
             {"id": 10, "name": "ball_fixed", "type": "fixed", "i_marker": "ball_fix", "j_marker": "ball_ground"}],
  "motions": [], "forces": [], "variables": []
})")
                           .arg(mass, 0, 'g', 17)
                           .arg(mass * (kH * kH + kT * kT) / 12.0, 0, 'g', 17)
                           .arg(mass * (kL * kL + kT * kT) / 12.0, 0, 'g', 17)
                           .arg(mass * (kL * kL + kH * kH) / 12.0, 0, 'g', 17)
                           .arg(0.5 * kL)
                           .arg(kL)
                           .arg(kH)
                           .arg(kT)
                           .arg(kRho);
  const QString path = QDir(test::screenshotDir()).filePath("plate_pendulum.mbs.json");
  QFile file(path);
  EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(json.toUtf8());
  return path;
}

void plateView(ui::MainWindow& window)
{
  ui::ModelView& view = window.modelView();
  view.setStandardView(ui::StandardView::Iso);
  view.fitAll();
  vtkCamera* camera = view.renderer()->GetActiveCamera();
  double focal[3], position[3];
  camera->GetFocalPoint(focal);
  camera->GetPosition(position);
  const double target[3] = {0.25 * kL, -0.1, 0.0};
  for (int k = 0; k < 3; ++k) {
    position[k] += target[k] - focal[k];
    focal[k] = target[k];
  }
  camera->SetFocalPoint(focal);
  camera->SetPosition(position);
  camera->Zoom(1.5);
  view.renderer()->ResetCameraClippingRange();
  view.requestRender();
}

}  // namespace

TEST(PlaneBody, MakeFlexibleMeshesThePlateInItsPlaneAndRunsIt)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  const QString path = writePlatePendulum();
  ASSERT_TRUE(window.openFile(path, true));
  ui::Document& doc = window.document();
  const core::PartId plate = doc.model().findPart("plate");
  ASSERT_TRUE(plate.valid());
  doc.setSelection({core::EntityRef(plate)});

  window.findChild<QAction*>("actionFlexible")->trigger();
  auto* dialog = window.findChild<ui::FlexibleDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
  EXPECT_EQ(dialog->part->currentText(), "plate");
  EXPECT_FALSE(dialog->thickness->isEnabled());

  // Plane body in the part's XY plane: the thickness is the box's z edge, four elements across.
  dialog->bodyKind->setCurrentIndex(1);
  EXPECT_TRUE(dialog->thickness->isEnabled());
  EXPECT_EQ(dialog->plane->currentIndex(), 0);
  EXPECT_DOUBLE_EQ(dialog->thickness->value(), kT);
  EXPECT_NEAR(dialog->elementSize->value(), kH / 4.0, 1e-9);
  EXPECT_EQ(dialog->order->currentText(), "2 (Tri6/Quad8)");

  // A sphere is not an extrusion: refused, naming the part and the reason.
  dialog->setPart(doc.model().findPart("ball"));
  EXPECT_FALSE(dialog->startMeshing());
  EXPECT_TRUE(dialog->errorText().contains("'ball'")) << dialog->errorText().toStdString();
  EXPECT_TRUE(dialog->errorText().contains("sphere")) << dialog->errorText().toStdString();
  dialog->setPart(plate);
  EXPECT_EQ(dialog->bodyKind->currentIndex(), 1);
  EXPECT_EQ(dialog->interfaceMarkers(), QStringList{"plate_pivot"});

  QTest::mouseClick(dialog->meshButton, Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isBusy(); }, 120000));
  ASSERT_TRUE(dialog->hasMesh()) << dialog->errorText().toStdString();
  EXPECT_TRUE(dialog->qualityText().contains("Tri6")) << dialog->qualityText().toStdString();
  EXPECT_TRUE(dialog->qualityText().contains("plane-stress")) << dialog->qualityText().toStdString();
  EXPECT_TRUE(window.modelView().scene().hasMeshOverlay());

  // Modes: the first elastic mode of the free plate (its interface is not clamped) is the in-plane
  // free-free bending mode, f = 4.730² / (2π L²) √(EI/ρA) with I = t h³/12, A = h t; the rigid
  // spider at the pivot (a 7.5 mm half-disc of the 25 mm end) stiffens it slightly and shear and
  // rotary inertia (L/h = 20) soften it by about 1 %.
  dialog->modeCount->setValue(3);
  QTest::mouseClick(dialog->modesButton, Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isBusy(); }, 240000));
  const std::vector<double> f = dialog->frequencies();
  ASSERT_EQ(f.size(), 3u) << dialog->errorText().toStdString();
  const double fEb = 4.7300 * 4.7300 / (2.0 * M_PI * kL * kL) * std::sqrt(kE * kH * kH / (12.0 * kRho));
  EXPECT_NEAR(f[0] / fEb, 1.0, 0.02) << "f1 " << f[0] << " Hz, Euler-Bernoulli " << fEb << " Hz";
  EXPECT_TRUE(dialog->errorText().isEmpty());
  dialog->previewMode(0);
  QTest::qWait(300);
  doc.setSelection({});
  plateView(window);
  dialog->grab().save(test::screenshotDir() + "/flex_plane_dialog.png");
  test::saveWindowScreenshot(window, "flex_07_plane_mode");

  // OK: one undo step; the body carries the plane mesh's faces, all nodes in the XY plane.
  const auto steps = doc.undoStack().size();
  dialog->accept();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  const core::Part& part = *doc.model().part(plate);
  ASSERT_TRUE(static_cast<bool>(part.flexible));
  const solver::FlexibleBodyData& data = *part.flexible.data;
  EXPECT_EQ(data.modeCount(), 3);
  EXPECT_NEAR(data.mass / (kRho * kL * kH * kT), 1.0, 1e-9);
  EXPECT_EQ(data.nodes.row(2).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_FALSE(data.surfaceTriangles.empty());
  EXPECT_TRUE(data.hasStress());
  EXPECT_EQ(doc.model().marker(doc.model().findMarker("plate_pivot"))->interfaceNode, 0);
  // Drawn with its thickness: the mesh faces at z = +-t/2 and walls along the boundary edges, a
  // closed surface whose enclosed volume is the plate's.
  std::map<std::pair<int, int>, int> edgeUse;
  for (const auto& t : data.surfaceTriangles)
    for (int k = 0; k < 3; ++k)
      ++edgeUse[{std::min(t[k], t[(k + 1) % 3]), std::max(t[k], t[(k + 1) % 3])}];
  std::size_t boundaryEdges = 0;
  for (const auto& [edge, uses] : edgeUse)
    boundaryEdges += uses == 1;
  const ui::ModelScene& scene = window.modelView().scene();
  const auto drawn = scene.flexibleTriangles(plate);
  EXPECT_EQ(drawn.size(), 2 * data.surfaceTriangles.size() + 2 * boundaryEdges);
  const Eigen::Matrix3Xd points = scene.flexiblePoints(plate);
  EXPECT_NEAR(points.row(2).maxCoeff(), 0.5 * kT, 1e-7);
  EXPECT_NEAR(points.row(2).minCoeff(), -0.5 * kT, 1e-7);
  double volume = 0.0;
  for (const auto& t : drawn)
    volume += points.col(t[0]).dot(points.col(t[1]).cross(points.col(t[2]))) / 6.0;
  EXPECT_NEAR(volume / (kL * kH * kT), 1.0, 1e-5);

  // Saved and read back: the same plane body.
  const QString saved = QDir(test::screenshotDir()).filePath("plate_pendulum_flexible.mbs.json");
  QString error;
  ASSERT_TRUE(doc.save(saved, &error)) << error.toStdString();
  const core::LoadResult loaded = core::loadModel(saved.toStdString());
  ASSERT_TRUE(loaded.ok());
  const core::Model& reread = *loaded.model;
  ASSERT_TRUE(static_cast<bool>(reread.part(reread.findPart("plate"))->flexible));
  EXPECT_TRUE(*reread.part(reread.findPart("plate"))->flexible.data == data);

  // A dynamic run: the plate swings down in its plane, bends, and is drawn coloured by stress.
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  ASSERT_TRUE(run.start());
  ASSERT_TRUE(test::waitFor([&] { return !run.isRunning(); }, 400000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  ui::AnimationPanel& animation = window.animation();
  EXPECT_GT(animation.maxDeformation(), 1e-8) << "the swinging plate bends";
  ASSERT_TRUE(animation.setContour(ui::ModelScene::Contour::VonMises));
  EXPECT_GT(animation.maxStress(), 0.0);
  animation.setFrame(animation.frameCount() - 1);
  plateView(window);
  window.findChild<QDockWidget*>("animationDock")->raise();
  const QImage shot = test::saveWindowScreenshot(window, "flex_08_plane_stress");
  EXPECT_GT(test::distinctColours(shot), 50);
}
