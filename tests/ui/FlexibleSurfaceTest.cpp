// A flexible part is drawn from the surface of its FE mesh, not from the convex hull of its nodes:
// an L-shaped steel bracket (imported STL, 200 x 200 mm legs 50 mm wide, 20 mm thick) hanging from
// a hinge is made flexible by clicking; the drawn triangles are the mesh's boundary faces, whose
// area, enclosed volume and bounds are the L's closed forms (the hull would fill the inner corner);
// the drawn points deform exactly as their FE nodes; a large surface is decimated for display only
// with every drawn point still an FE node. Saves the user guide's screenshot of a mode's stress.
#include <gtest/gtest.h>

#include <vtkCamera.h>
#include <vtkRenderer.h>
#include <QAction>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QPushButton>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/FlexibleDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kLeg = 0.2, kWidth = 0.05, kThick = 0.02, kRho = 7850.0;
// The L profile in the x-y plane, counter-clockwise; extruded from z = 0 to kThick.
const double kProfile[6][2] = {{0, 0},           {kLeg, 0},      {kLeg, kWidth},
                               {kWidth, kWidth}, {kWidth, kLeg}, {0, kLeg}};
constexpr double kCapArea = kLeg * kWidth + kWidth * (kLeg - kWidth);
constexpr double kPerimeter = 4.0 * kLeg;  // 0.2 + 0.05 + 0.15 + 0.15 + 0.05 + 0.2

// Closed ASCII STL of the L prism on a 10 mm grid (the volume mesher keeps the STL's surface
// triangles, so the grid gives the surface its nodes): caps of grid squares in the L, side walls of
// 10 mm squares along the profile, each square two triangles, outward normals.
QString writeBracketStl()
{
  constexpr double h = 0.01;
  QString text = "solid bracket\n";
  auto facet = [&text](const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c) {
    const Eigen::Vector3d n = (b - a).cross(c - a).normalized();
    text += QString("facet normal %1 %2 %3\n outer loop\n").arg(n.x()).arg(n.y()).arg(n.z());
    for (const Eigen::Vector3d& p : {a, b, c})
      text +=
          QString("  vertex %1 %2 %3\n").arg(p.x(), 0, 'g', 17).arg(p.y(), 0, 'g', 17).arg(p.z(), 0, 'g', 17);
    text += " endloop\nendfacet\n";
  };
  // Square a-b-c-d (counter-clockwise seen from outside) as two triangles.
  auto square = [&facet](const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& c,
                         const Eigen::Vector3d& d) {
    facet(a, b, c);
    facet(a, c, d);
  };
  const int n = static_cast<int>(std::lround(kLeg / h)), w = static_cast<int>(std::lround(kWidth / h));
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      if (i < w || j < w) {
        const double x0 = i * h, x1 = x0 + h, y0 = j * h, y1 = y0 + h;
        square({x0, y0, kThick}, {x1, y0, kThick}, {x1, y1, kThick}, {x0, y1, kThick});
        square({x0, y0, 0}, {x0, y1, 0}, {x1, y1, 0}, {x1, y0, 0});
      }
  const int layers = static_cast<int>(std::lround(kThick / h));
  for (int k = 0; k < 6; ++k) {
    const Eigen::Vector2d p(kProfile[k][0], kProfile[k][1]),
        q(kProfile[(k + 1) % 6][0], kProfile[(k + 1) % 6][1]);
    const int steps = static_cast<int>(std::lround((q - p).norm() / h));
    for (int s = 0; s < steps; ++s)
      for (int l = 0; l < layers; ++l) {
        const Eigen::Vector2d a = p + (q - p) * s / steps, b = p + (q - p) * (s + 1) / steps;
        const double z0 = l * h, z1 = z0 + h;
        square({a.x(), a.y(), z0}, {b.x(), b.y(), z0}, {b.x(), b.y(), z1}, {a.x(), a.y(), z1});
      }
  }
  text += "endsolid bracket\n";
  const QString path = QDir(test::screenshotDir()).filePath("l_bracket.stl");
  QFile file(path);
  EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(text.toUtf8());
  return path;
}

// The bracket hangs from a hinge (z axis) at the top of its vertical leg, under gravity -y.
QString writeBracketModel()
{
  const double mass = kRho * kCapArea * kThick;
  // Centre of mass of the L: the two rectangles' centres weighted by their areas.
  const double a1 = kLeg * kWidth, a2 = kWidth * (kLeg - kWidth);
  const double cx = (a1 * 0.5 * kLeg + a2 * 0.5 * kWidth) / kCapArea;
  const double cy = (a1 * 0.5 * kWidth + a2 * (kWidth + 0.5 * (kLeg - kWidth))) / kCapArea;
  const QString json = QStringLiteral(R"({
  "format": "mbstudio-model", "version": 1,
  "units": {"length": "m", "mass": "kg", "time": "s", "force": "N", "angle": "rad"},
  "name": "flexible_bracket", "gravity": [0.0, -9.81, 0.0],
  "analysis": {"type": "dynamic", "end_time": 0.1, "output_steps": 20, "integrator": "gstiff",
               "formulation": "i3", "error_tolerance": 1e-05},
  "parts": [
    {"id": 1, "name": "ground", "ground": true},
    {"id": 2, "name": "bracket", "mass": %1, "cm_marker": "bracket_cm",
     "inertia": {"ixx": %2, "iyy": %2, "izz": %2, "ixy": 0.0, "ixz": 0.0, "iyz": 0.0},
     "position": [0.0, 0.0, 0.0], "orientation": [0.0, 0.0, 0.0],
     "geometry": [{"kind": "mesh_file", "path": "%3"}]}
  ],
  "markers": [
    {"id": 3, "name": "pivot", "part": "ground", "position": [0.025, 0.19, 0.01]},
    {"id": 4, "name": "bracket_cm", "part": "bracket", "position": [%4, %5, 0.01]},
    {"id": 5, "name": "bracket_pivot", "part": "bracket", "position": [0.025, 0.19, 0.01]}
  ],
  "joints": [{"id": 6, "name": "hinge", "type": "revolute", "i_marker": "bracket_pivot", "j_marker": "pivot"}],
  "motions": [], "forces": [], "variables": []
})")
                           .arg(mass, 0, 'g', 17)
                           .arg(mass * kLeg * kLeg / 12.0, 0, 'g', 17)
                           .arg(writeBracketStl())
                           .arg(cx, 0, 'g', 17)
                           .arg(cy, 0, 'g', 17);
  const QString path = QDir(test::screenshotDir()).filePath("flexible_bracket.mbs.json");
  QFile file(path);
  EXPECT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
  file.write(json.toUtf8());
  return path;
}

struct SurfaceMeasure {
  double area = 0.0, volume = 0.0;
  Eigen::AlignedBox3d bounds;
};

template <class Triangles>
SurfaceMeasure measure(const Eigen::Matrix3Xd& points, const Triangles& triangles)
{
  SurfaceMeasure m;
  for (const auto& t : triangles) {
    const Eigen::Vector3d a = points.col(t[0]), b = points.col(t[1]), c = points.col(t[2]);
    m.area += 0.5 * (b - a).cross(c - a).norm();
    m.volume += a.dot(b.cross(c)) / 6.0;  // divergence theorem: outward triangles of a closed surface
    for (const Eigen::Vector3d& p : {a, b, c})
      m.bounds.extend(p);
  }
  return m;
}

// Largest distance from a drawn point to the nearest of `nodes` (0 when every drawn point is a node).
double farthestFromNodes(const Eigen::Matrix3Xd& drawn, const Eigen::Matrix3Xd& nodes)
{
  double worst = 0.0;
  for (Eigen::Index k = 0; k < drawn.cols(); ++k)
    worst = std::max(worst, (nodes.colwise() - drawn.col(k)).colwise().norm().minCoeff());
  return worst;
}

}  // namespace

TEST(FlexibleSurface, BracketDrawnFromItsMeshSurfaceDeformedAndDecimated)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(writeBracketModel(), true));
  ui::Document& doc = window.document();
  const core::PartId bracket = doc.model().findPart("bracket");
  ASSERT_TRUE(bracket.valid());
  doc.setSelection({core::EntityRef(bracket)});

  window.findChild<QAction*>("actionFlexible")->trigger();
  auto* dialog = window.findChild<ui::FlexibleDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(dialog));
  EXPECT_EQ(dialog->interfaceMarkers(), QStringList{"bracket_pivot"});
  dialog->elementSize->setValue(0.012);
  dialog->spiderRadius->setValue(0.02);  // ties the nodes around the hinge through the thickness
  dialog->modeCount->setValue(4);
  ASSERT_TRUE(dialog->startModes());
  ASSERT_TRUE(test::waitFor([&] { return !dialog->isBusy(); }, 240000));
  ASSERT_EQ(dialog->frequencies().size(), 4u) << dialog->errorText().toStdString();
  dialog->accept();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  const auto data = doc.model().part(bracket)->flexible.data;
  ASSERT_TRUE(data);
  ASSERT_FALSE(data->surfaceTriangles.empty()) << "Make Flexible stores the mesh surface";

  // The stored surface is the L's boundary: closed-form area, volume and bounds (the nodes are in
  // the CM frame, so compare sizes, and the bounds after adding the CM marker's position).
  const core::Model& model = doc.model();
  const core::Marker& cm = *model.marker(model.part(bracket)->cmMarker);
  const core::Mat3 cmRotation = cm.localOrientation().value_or(core::Mat3::Identity());
  const Eigen::Matrix3Xd nodesInPart = (cmRotation * data->nodes).colwise() + cm.position;
  const SurfaceMeasure mesh = measure(nodesInPart, data->surfaceTriangles);
  const double area = 2.0 * kCapArea + kPerimeter * kThick, volume = kCapArea * kThick;
  EXPECT_NEAR(mesh.area / area, 1.0, 1e-9) << mesh.area;
  EXPECT_NEAR(mesh.volume / volume, 1.0, 1e-9) << mesh.volume;
  EXPECT_LT((mesh.bounds.min() - Eigen::Vector3d::Zero()).norm(), 1e-12);
  EXPECT_LT((mesh.bounds.max() - Eigen::Vector3d(kLeg, kLeg, kThick)).norm(), 1e-12);

  // What the view draws is that surface, triangle for triangle; its convex hull would have the
  // inner corner filled (area 2 (0.04 - 0.15²/2) + (0.4 + 0.15√2 + 0.05) 0.02 = 0.0717 m² > 0.051).
  ui::ModelScene& scene = window.modelView().scene();
  ASSERT_EQ(scene.flexiblePartCount(), 1);
  const std::vector<std::array<int, 3>> drawnTriangles = scene.flexibleTriangles(bracket);
  const Eigen::Matrix3Xd rest = scene.flexiblePoints(bracket);
  EXPECT_EQ(drawnTriangles.size(), data->surfaceTriangles.size());
  const SurfaceMeasure drawn = measure(rest, drawnTriangles);
  std::printf(
      "[ bracket ] %d nodes, %zu surface triangles drawn; area %.6f m² (L: %.6f), volume %.4e m³ (L: %.4e)\n",
      static_cast<int>(data->nodes.cols()), drawnTriangles.size(), drawn.area, area, drawn.volume, volume);
  // The view's points are single precision (float): equal to ~1e-8 m.
  EXPECT_NEAR(drawn.area / area, 1.0, 1e-6);
  EXPECT_NEAR(drawn.volume / volume, 1.0, 1e-6);
  EXPECT_LT((drawn.bounds.min() - mesh.bounds.min()).norm(), 1e-7);
  EXPECT_LT((drawn.bounds.max() - mesh.bounds.max()).norm(), 1e-7);

  // Deformed by the modal coordinates: every drawn point sits on its FE node displaced by the
  // scaled nodal shape (here mode 1 at 2 × 10⁻³ scale).
  Eigen::VectorXd eta = Eigen::VectorXd::Zero(data->modeCount());
  eta[0] = 1.0;
  const double scale = 2e-3 / (data->nodalShapes * eta).cwiseAbs().maxCoeff();
  scene.setModalCoordinates({{bracket, eta}}, scale);
  Eigen::Matrix3Xd deformedNodes = nodesInPart;
  for (Eigen::Index n = 0; n < deformedNodes.cols(); ++n)
    deformedNodes.col(n) += scale * cmRotation * (data->nodalShapes.middleRows(3 * n, 3) * eta);
  const Eigen::Matrix3Xd deformed = scene.flexiblePoints(bracket);
  EXPECT_GT((deformed - rest).colwise().norm().maxCoeff(), 1e-3);
  EXPECT_LT(farthestFromNodes(deformed, deformedNodes), 1e-7);
  scene.setModalCoordinates({}, 0.0);

  // A surface above the display limit is decimated for drawing only: fewer triangles, the same
  // shape (area and volume within 2 %, the corners kept), every drawn point still an FE node.
  const std::size_t limit = drawnTriangles.size() / 4;
  scene.setMaxDrawnTriangles(limit);
  scene.rebuild(model);
  const auto coarse = scene.flexibleTriangles(bracket);
  const Eigen::Matrix3Xd coarsePoints = scene.flexiblePoints(bracket);
  const SurfaceMeasure decimated = measure(coarsePoints, coarse);
  std::printf("[ bracket decimated ] limit %zu: %zu triangles, area %.6f m², volume %.4e m³\n", limit,
              coarse.size(), decimated.area, decimated.volume);
  EXPECT_LE(coarse.size(), limit + limit / 10);
  EXPECT_NEAR(decimated.area / area, 1.0, 0.02);
  EXPECT_NEAR(decimated.volume / volume, 1.0, 0.02);
  EXPECT_LT((decimated.bounds.min() - mesh.bounds.min()).norm(), 1e-7);
  EXPECT_LT((decimated.bounds.max() - mesh.bounds.max()).norm(), 1e-7);
  EXPECT_LT(farthestFromNodes(coarsePoints, nodesInPart), 1e-7);
  EXPECT_EQ(data->nodes.cols(), doc.model().part(bracket)->flexible.data->nodes.cols())
      << "the model keeps every node";
  scene.setMaxDrawnTriangles(60000);
  scene.rebuild(model);
  EXPECT_EQ(scene.flexibleTriangles(bracket).size(), drawnTriangles.size());

  // A linear analysis about the hanging position; the first elastic mode drawn on the bracket's
  // own surface, coloured by von Mises stress: the user guide's screenshot.
  ui::RunPanel& run = window.run();
  QTest::mouseClick(run.findChild<QPushButton*>("linearRunButton"), Qt::LeftButton);
  ASSERT_TRUE(test::waitFor([&] { return !run.isRunning(); }, 120000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  ASSERT_GE(window.results().modes().size(), 2u);
  ui::AnimationPanel& animation = window.animation();
  ASSERT_TRUE(animation.setModeShape(1));
  ASSERT_TRUE(animation.setContour(ui::ModelScene::Contour::VonMises));
  animation.setFrame(12);
  EXPECT_GT(animation.shownStress(), 0.0);
  window.findChild<QDockWidget*>("animationDock")->raise();
  ui::ModelView& view = window.modelView();
  view.setStandardView(ui::StandardView::Iso);
  view.fitAll();
  view.renderer()->GetActiveCamera()->Zoom(1.6);
  view.renderer()->ResetCameraClippingRange();
  view.requestRender();
  const QImage shot = test::saveWindowScreenshot(window, "flex_06_mesh_surface");
  EXPECT_GT(test::distinctColours(shot), 50);
}
