// The DMBS manual's slider-crank built from an empty model by the actions a user takes: the Build
// menu's dialogs (driven programmatically), undo/redo, the property editor, the topology check, a
// dynamic run on the worker thread checked against the closed form of the driven slider-crank,
// the animation (frame of reference, marker trace, video) and the plot (subplots, cursor readout,
// export). Screenshots of each stage go to the build tree's screenshots/ folder.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QPainter>
#include <QPushButton>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Topology.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/InitialConditionsDialog.hpp"
#include "mbs/ui/dialogs/JointDialog.hpp"
#include "mbs/ui/dialogs/MarkerDialog.hpp"
#include "mbs/ui/dialogs/MotionDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double r = 0.1, l = 0.3;

double sliderX(double theta)
{
  return r * std::cos(theta) + std::sqrt(l * l - std::pow(r * std::sin(theta), 2));
}
double sliderV(double theta, double omega)
{
  const double s = r * std::sin(theta);
  return -r * omega * std::sin(theta) - r * omega * std::cos(theta) * s / std::sqrt(l * l - s * s);
}

template <class Dialog>
Dialog* open(ui::MainWindow& window, const char* action)
{
  auto* a = window.findChild<QAction*>(action);
  EXPECT_NE(a, nullptr) << action;
  a->trigger();
  for (auto* d : window.findChildren<Dialog*>())
    if (d->isVisible())
      return d;
  ADD_FAILURE() << "no dialog after " << action;
  return nullptr;
}

void press(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
  QPushButton* button = dialog->findChild<QDialogButtonBox*>()->button(which);
  QTest::mouseClick(button, Qt::LeftButton);
}

// Saves the whole window with one dock brought to the front.
void snap(ui::MainWindow& window, const char* name, const char* dock = nullptr)
{
  if (dock)
    if (auto* d = window.findChild<QDockWidget*>(dock))
      d->raise();
  test::saveWindowScreenshot(window, name);
}

core::PartId part(const ui::MainWindow& w, const char* name)
{
  return const_cast<ui::MainWindow&>(w).document().model().findPart(name);
}

}  // namespace

TEST(BuildByClicking, SliderCrankFromAnEmptyModel)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ui::Document& doc = window.document();
  const core::Model& model = doc.model();
  const double theta0 = kPi / 3.0;

  // 1. Gravity.
  auto* gravity = open<ui::GravityDialog>(window, "actionGravity");
  ASSERT_NE(gravity, nullptr);
  gravity->magnitude->setValue(9.81);
  gravity->direction->setValue(core::Vec3(0, -1, 0));
  press(gravity, QDialogButtonBox::Ok);
  EXPECT_NEAR(model.gravity.y(), -9.81, 1e-12);

  // 2. Design points on ground: O typed, A along 60 deg at the crank length from O, B typed.
  auto* markers = open<ui::MarkerDialog>(window, "actionMarker");
  ASSERT_NE(markers, nullptr);
  markers->part->selectName("ground");
  // Picking on the grid fills the point (the ray meets the floor plane y = 0).
  markers->pick->setChecked(true);
  ui::ModelView& view = window.modelView();
  QTest::mouseClick(&view, Qt::LeftButton, {}, QPoint(view.width() / 2 + 40, view.height() / 2 + 60));
  EXPECT_NEAR(markers->point->value().y(), 0.0, 1e-6) << "picked point not on the grid plane";
  EXPECT_GT(markers->point->value().norm(), 1e-6);
  markers->pick->setChecked(false);
  markers->name->setText("O");
  markers->point->setValue(core::Vec3::Zero());
  press(markers, QDialogButtonBox::Apply);
  markers->setMethod(ui::MarkerDialog::Method::Along);
  markers->markerA->selectName("O");
  markers->vector->setValue(core::Vec3(std::cos(theta0), std::sin(theta0), 0));
  markers->distance->setValue(r);
  markers->name->setText("A");
  press(markers, QDialogButtonBox::Apply);
  markers->setMethod(ui::MarkerDialog::Method::Coordinates);
  markers->name->setText("B");
  markers->point->setValue(core::Vec3(sliderX(theta0), 0, 0));
  press(markers, QDialogButtonBox::Ok);
  ASSERT_TRUE(model.findMarker("A"));
  EXPECT_NEAR(
      (model.markerGlobalPosition(model.findMarker("A")) - core::Vec3(0.05, 0.0866025403784439, 0)).norm(), 0,
      1e-12);
  EXPECT_EQ(doc.undoStack().size(), 4u);  // gravity + one step per marker
  snap(window, "01_points");

  // 3. Parts with solid geometry; mass from the density.
  auto makeLink = [&](const char* name, const char* from, const char* to) {
    auto* d = open<ui::PartDialog>(window, "actionPart");
    d->setShape(ui::PartDialog::Shape::Link);
    d->name->setText(name);
    d->markerA->selectName(from);
    d->markerB->selectName(to);
    d->radius->setValue(0.01);
    d->density->setValue(7800);
    press(d, QDialogButtonBox::Ok);
  };
  makeLink("crank", "O", "A");
  makeLink("rod", "A", "B");
  auto* box = open<ui::PartDialog>(window, "actionPart");
  box->setShape(ui::PartDialog::Shape::Box);
  box->name->setText("slider");
  box->centre->setValue(core::Vec3(sliderX(theta0), 0, 0));
  box->size->setValue(core::Vec3(0.1, 0.05, 0.05));
  box->density->setValue(2000);
  box->grab().save(test::screenshotDir() + "/part_dialog.png");
  press(box, QDialogButtonBox::Ok);
  ASSERT_TRUE(part(window, "slider"));
  EXPECT_NEAR(model.part(part(window, "slider"))->mass, 2000 * 0.1 * 0.05 * 0.05, 1e-9);
  EXPECT_TRUE(model.part(part(window, "crank"))->cmMarker.valid());
  snap(window, "02_parts");

  // 4. Joints: the dialog previews the frame; each joint is markers + joint in one step.
  auto makeJoint = [&](core::JointKind kind, const char* name, const char* i, const char* j, const char* at,
                       core::Vec3 axis) {
    auto* d = open<ui::JointDialog>(window, "actionJoint");
    d->setKind(kind);
    d->name->setText(name);
    d->partI->selectName(i);
    d->partJ->selectName(j);
    d->locationMarker->selectName(at);
    d->axis->setValue(axis);
    EXPECT_TRUE(d->check().isEmpty()) << d->check().toStdString();
    EXPECT_TRUE(view.scene().hasPreview());
    if (kind == core::JointKind::Translational) {
      // The preview is drawn: the view differs where the glyph and triad are.
      const QImage withPreview = view.grabFramebuffer();
      snap(window, "03_joint_preview");
      // Events processed meanwhile (the deferred deletion of the previous joint dialog) keep it.
      EXPECT_TRUE(view.scene().hasPreview()) << "preview lost before the window screenshot";
      view.scene().setPreview(std::nullopt);
      const QImage without = view.grabFramebuffer();
      int changed = 0;
      for (int y = 0; y < without.height(); y += 2)
        for (int x = 0; x < without.width(); x += 2)
          changed += withPreview.pixel(x, y) != without.pixel(x, y);
      EXPECT_GT(changed, 20) << "joint preview not visible";
      d->grab().save(test::screenshotDir() + "/joint_dialog.png");
    }
    const auto steps = doc.undoStack().size();
    press(d, QDialogButtonBox::Ok);
    EXPECT_EQ(doc.undoStack().size(), steps + 1);
    EXPECT_FALSE(view.scene().hasPreview());
  };
  // A joint between a part and itself is refused inline, and nothing changes.
  {
    auto* d = open<ui::JointDialog>(window, "actionJoint");
    d->partI->selectName("crank");
    d->partJ->selectName("crank");
    const auto steps = doc.undoStack().size();
    press(d, QDialogButtonBox::Ok);
    EXPECT_TRUE(d->isVisible());
    EXPECT_FALSE(d->errorText().isEmpty());
    EXPECT_EQ(doc.undoStack().size(), steps);
    d->reject();
  }
  makeJoint(core::JointKind::Revolute, "crank_bearing", "crank", "ground", "O", core::Vec3::UnitZ());
  makeJoint(core::JointKind::Revolute, "crank_pin", "rod", "crank", "A", core::Vec3::UnitZ());
  makeJoint(core::JointKind::Revolute, "wrist_pin", "slider", "rod", "B", core::Vec3::UnitZ());
  makeJoint(core::JointKind::Translational, "slider_guide", "slider", "ground", "B", core::Vec3::UnitX());
  EXPECT_EQ(window.topology().report().dof, 1);
  EXPECT_EQ(window.topology().report().loops.size(), 1u);
  snap(window, "03_joints", "topologyDock");

  // 5. The motion: crank driven at 10 rad/s from its modelled 60 deg.
  auto* motion = open<ui::MotionDialog>(window, "actionMotion");
  motion->joint->selectName("crank_bearing");
  motion->function->setText("10*TIME");
  press(motion, QDialogButtonBox::Ok);
  ASSERT_EQ(model.motions().size(), 1u);
  EXPECT_EQ(window.topology().report().dofWithMotions, 0);

  // Undo / redo of the motion: one step each.
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_TRUE(model.motions().empty());
  window.findChild<QAction*>("actionRedo")->trigger();
  EXPECT_EQ(model.motions().size(), 1u);

  // Property editor: select the slider in the tree and edit its mass (one merged undo step).
  doc.setSelection({core::EntityRef(part(window, "slider"))});
  auto* mass = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/mass"));
  ASSERT_NE(mass, nullptr);
  const double massBefore = model.part(part(window, "slider"))->mass;
  const auto stepsBefore = doc.undoStack().size();
  mass->setValue(2.0);
  mass->setValue(2.5);
  EXPECT_DOUBLE_EQ(model.part(part(window, "slider"))->mass, 2.5);
  EXPECT_EQ(doc.undoStack().size(), stepsBefore + 1);
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_DOUBLE_EQ(model.part(part(window, "slider"))->mass, massBefore);
  EXPECT_DOUBLE_EQ(mass->value(), massBefore) << "the editor shows the model's value after undo";
  window.findChild<QAction*>("actionRedo")->trigger();
  snap(window, "04_properties", "runDock");

  // 6. Dynamic run on the worker thread, checked against the closed form: the crank is driven, so
  // the integrated motion must follow the slider-crank kinematics.
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.2);
  run.setOutputSteps(20);
  ASSERT_TRUE(run.start()) << run.logText().toStdString();
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 30000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  const ui::SimulationResults& results = window.results();
  ASSERT_EQ(results.frameCount(), 21u);
  const int slider = results.map().body(part(window, "slider"));
  ASSERT_GE(slider, 0);
  for (std::size_t k = 0; k < results.frameCount(); k += 5) {
    const auto frame = results.frame(k);
    const double theta = theta0 + 10.0 * frame.state.t;
    EXPECT_NEAR(frame.bodies[slider].position.x(), sliderX(theta), 1e-6) << "t = " << frame.state.t;
    EXPECT_NEAR(frame.bodies[slider].velocity.x(), sliderV(theta, 10.0), 1e-3) << "t = " << frame.state.t;
  }
  EXPECT_NEAR(results.frame(0).bodies[slider].position.x(), 0.337228132326901, 1e-8);
  EXPECT_NEAR(results.frame(0).bodies[slider].velocity.x(), -1.01678107607332, 1e-6);
  snap(window, "04b_run", "runDock");

  // 7. Animation: stepping moves the slider's part frame to the result pose.
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(10);
  animation.step(5);
  EXPECT_EQ(animation.frame(), 15);
  const auto poses = results.partPoses(15);
  const double t15 = results.time(15);
  EXPECT_NEAR(poses.at(part(window, "slider")).position.x(), sliderX(theta0 + 10.0 * t15), 1e-6);
  // Trace of the crank's pin marker (made by the crank_pin joint on its J part, the crank): every
  // point on the circle of radius r about O, the crank turned by 10 rad/s × 0.15 s = 1.5 rad.
  animation.setTracedMarkers({"crank_pin_j"});
  ASSERT_EQ(animation.traces().size(), 1u);
  const auto& trace = animation.traces().front();
  ASSERT_EQ(trace.size(), 16u);
  for (const core::Vec3& p : trace)
    EXPECT_NEAR(p.norm(), r, 1e-6);
  EXPECT_NEAR((trace.back() - trace.front()).norm(), 2.0 * r * std::sin(0.75), 1e-6);
  EXPECT_TRUE(view.scene().hasTraces());
  QTest::qWait(100);
  const QImage frameImage = view.grabFramebuffer();
  EXPECT_GT(test::distinctColours(frameImage), 50);
  snap(window, "05_animation", "animationDock");

  // In the crank's frame of reference the crank stands still at its modelled pose.
  ASSERT_TRUE(animation.setReferenceFrame("crank"));
  const auto relative = animation.displayedPoses(15);
  EXPECT_NEAR(
      (relative.at(part(window, "crank")).position - model.part(part(window, "crank"))->position).norm(), 0,
      1e-9);
  EXPECT_NEAR(
      (relative.at(part(window, "crank")).rotation - model.partRotation(part(window, "crank"))).norm(), 0,
      1e-9);
  ASSERT_TRUE(animation.setReferenceFrame("ground"));
  animation.setTracedMarkers({});
  EXPECT_FALSE(view.scene().hasTraces());

  // Video of the animation (Ogg/Theora).
  const QString video = test::screenshotDir() + "/slider_crank.ogv";
  QFile::remove(video);
  ASSERT_TRUE(animation.exportVideo(video, 10));
  QFile ogv(video);
  ASSERT_TRUE(ogv.open(QIODevice::ReadOnly));
  EXPECT_EQ(ogv.read(4), QByteArray("OggS"));
  EXPECT_GT(ogv.size(), 2000);

  // 8. Plot: slider position, exported in every format.
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("slider", "CM position x [m]"));
  plot.addSubplot();
  ASSERT_TRUE(plot.addCurve("crank_bearing", "Reaction force |F| [N]"));
  EXPECT_EQ(plot.subplotCount(), 2);
  const auto samples = plot.samples(0);
  // The cursor follows the animation; the readout interpolates the curve at the cursor time.
  animation.setFrame(10);
  EXPECT_NEAR(samples[10].second, sliderX(theta0 + 10.0 * samples[10].first), 1e-6);
  EXPECT_TRUE(plot.readout().contains(QString::number(samples[10].second, 'g', 6)))
      << plot.readout().toStdString();
  ASSERT_EQ(samples.size(), 21u);
  EXPECT_NEAR(samples.back().second, sliderX(theta0 + 10.0 * samples.back().first), 1e-6);
  const QString dir = test::screenshotDir();
  for (const char* ext : {"png", "svg", "pdf", "csv"}) {
    const QString path = dir + "/plot." + ext;
    QFile::remove(path);
    EXPECT_TRUE(plot.exportTo(path)) << ext;
    EXPECT_GT(QFileInfo(path).size(), 100) << ext;
  }
  QFile csv(dir + "/plot.csv");
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
  EXPECT_EQ(QString(csv.readAll()).count('\n'), 22);  // header + 21 rows
  const QImage plotImage(dir + "/plot.png");
  EXPECT_GT(test::distinctColours(plotImage), 20);
  EXPECT_GT(plotImage.height(), plotImage.width() / 2) << "two subplots stacked";
  if (auto* plotDock = window.findChild<QDockWidget*>("plotDock"))
    window.resizeDocks({plotDock}, {620}, Qt::Vertical);  // room for two subplots
  snap(window, "06_plot", "plotDock");

  // Editing after the run marks the results stale.
  EXPECT_FALSE(results.isStale());
  doc.setSelection({core::EntityRef(part(window, "slider"))});
  mass = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/mass"));
  ASSERT_NE(mass, nullptr);
  mass->setValue(3.0);
  EXPECT_TRUE(results.isStale());
}
