// A new user's walk through the GUI with a mechanism other than the manual's slider-crank: a planar
// crank-rocker four-bar with gravity, a spring-damper from the coupler to ground, friction on the
// rocker bearing and a motion on the crank, built from an empty model through the real widgets
// (dialogs opened by their keyboard shortcuts, names and numbers typed, buttons clicked). Design
// points come from the marker helper tools (offset, points on a circle, at distances from two
// markers, midpoint, mirror, along a direction). The joints are revolute - spherical - universal -
// revolute, so the loop has no redundant constraint. Checked against closed forms: the static
// equilibrium (zero derivative of the potential energy), the loop closure (rocker angle from the
// crank angle), the spring law and the friction law of the revolute. Screenshots of each stage go to
// the build tree's screenshots/ folder (names fourbar_*).
#include <gtest/gtest.h>

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
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
#include "mbs/ui/dialogs/ForceDialog.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/dialogs/InitialConditionsDialog.hpp"
#include "mbs/ui/dialogs/JointDialog.hpp"
#include "mbs/ui/dialogs/MarkerDialog.hpp"
#include "mbs/ui/dialogs/MotionDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

constexpr double kPi = 3.14159265358979323846;
// Crank r, coupler l, rocker c, ground d (Grashof crank-rocker: r + l < c + d); crank at 60 deg.
constexpr double r = 0.1, l = 0.35, c = 0.3, d = 0.3, theta0 = kPi / 3.0;
constexpr double g = 9.81, k = 500.0, damping = 5.0;

using V2 = Eigen::Vector2d;

// Loop closure: the coupler-rocker pin B for crank angle theta (the upper branch, as modelled).
V2 pinA(double theta)
{
  return r * V2(std::cos(theta), std::sin(theta));
}
V2 pinB(double theta)
{
  const V2 a = pinA(theta), dp(d, 0.0);
  const V2 e = (dp - a).normalized();
  const double ad = (dp - a).norm();
  const double x = (l * l - c * c + ad * ad) / (2.0 * ad);
  const double h = std::sqrt(l * l - x * x);
  return a + x * e + h * V2(-e.y(), e.x());
}
double rockerAngle(double theta)
{
  const V2 b = pinB(theta);
  return std::atan2(b.y(), b.x() - d);
}

// Opens a build dialog with its keyboard shortcut, as a user would.
template <class Dialog>
Dialog* openByShortcut(ui::MainWindow& window, QKeySequence keys)
{
  QApplication::setActiveWindow(&window);
  QWidget* target = QApplication::focusWidget() ? QApplication::focusWidget() : &window;
  QTest::keySequence(target, keys);
  for (auto* dialog : window.findChildren<Dialog*>())
    if (dialog->isVisible())
      return dialog;
  ADD_FAILURE() << "no dialog after " << keys.toString().toStdString();
  return nullptr;
}

// Replaces the text of a field by typing, then leaves it with Tab (commits a spin box's text).
void typeInto(QWidget* field, const QString& text)
{
  QApplication::setActiveWindow(field->window());
  field->setFocus();
  QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(field, text);
  QTest::keyClick(field, Qt::Key_Tab);
}
void typeNumber(QDoubleSpinBox* box, double value)
{
  typeInto(box, QString::number(value, 'g', 12));
  EXPECT_NEAR(box->value(), value, 1e-12 * std::max(1.0, std::abs(value))) << "typed " << value;
}
void typeVector(ui::Vec3Edit* edit, const core::Vec3& value)
{
  for (int i = 0; i < 3; ++i)
    typeNumber(edit->box(i), value[i]);
}

void click(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(which), Qt::LeftButton);
}

QString rowLabel(QWidget* field)
{
  for (auto* form : field->window()->findChildren<QFormLayout*>())
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(field)))
      return label->text();
  return {};
}

// The whole window with one dock in front; the OpenGL view's current frame painted in.
void snap(ui::MainWindow& window, const char* name, const char* dock = nullptr)
{
  if (dock)
    if (auto* d = window.findChild<QDockWidget*>(dock))
      d->raise();
  test::saveWindowScreenshot(window, QString("fourbar_") + name);
}

core::Vec3 at(const core::Model& model, const char* marker)
{
  return model.markerGlobalPosition(model.findMarker(marker));
}

}  // namespace

TEST(FourBarByClicking, CrankRockerWithSpringAndFriction)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ui::Document& doc = window.document();
  const core::Model& model = doc.model();
  ui::ModelView& view = window.modelView();
  const QString shots = test::screenshotDir();

  // 1. Gravity (Ctrl+Shift+G): 9.81 m/s² along -y.
  auto* gravity = openByShortcut<ui::GravityDialog>(window, QKeySequence("Ctrl+Shift+G"));
  ASSERT_NE(gravity, nullptr);
  typeNumber(gravity->magnitude, g);
  typeVector(gravity->direction, core::Vec3(0, -1, 0));
  click(gravity, QDialogButtonBox::Ok);
  EXPECT_NEAR(model.gravity.y(), -g, 1e-12);

  // 2. Design points on ground with the helper tools.
  auto* markers = openByShortcut<ui::MarkerDialog>(window, QKeySequence("Ctrl+Shift+M"));
  ASSERT_NE(markers, nullptr);
  markers->part->selectName("ground");
  typeInto(markers->name, "O");  // coordinates: the origin as it stands
  click(markers, QDialogButtonBox::Apply);
  // D: offset from O by the ground link.
  markers->setMethod(ui::MarkerDialog::Method::Offset);
  EXPECT_EQ(rowLabel(markers->vector), "Offset (ground)");  // the unit: the boxes' suffix
  EXPECT_TRUE(markers->vector->box(0)->text().endsWith(" m"));
  markers->markerA->selectName("O");
  typeVector(markers->vector, core::Vec3(d, 0, 0));
  typeInto(markers->name, "D");
  click(markers, QDialogButtonBox::Apply);
  // A: one point on the crank circle about O, at 60 deg.
  markers->setMethod(ui::MarkerDialog::Method::Circle);
  EXPECT_EQ(rowLabel(markers->vector), "Circle axis (ground) [-]");
  EXPECT_EQ(rowLabel(markers->distance), "Radius");
  markers->markerA->selectName("O");
  typeVector(markers->vector, core::Vec3::UnitZ());
  typeNumber(markers->distance, r);
  markers->count->setValue(1);
  typeInto(markers->startAngle, "60");  // in degrees, the model's angle unit; the box holds radians
  EXPECT_NEAR(markers->startAngle->value(), 60.0 * 3.14159265358979323846 / 180.0, 1e-12);
  typeInto(markers->name, "A");
  click(markers, QDialogButtonBox::Apply);
  // B: the pin at the coupler length from A and the rocker length from D (the loop closure).
  markers->setMethod(ui::MarkerDialog::Method::TwoDistances);
  markers->markerA->selectName("A");
  markers->markerB->selectName("D");
  typeNumber(markers->distance, l);
  typeNumber(markers->distanceB, 1.0);  // too long: no such point, refused with the reason
  typeInto(markers->name, "B");
  const auto stepsBefore = doc.undoStack().size();
  click(markers, QDialogButtonBox::Apply);
  EXPECT_TRUE(markers->errorText().contains("No point is")) << markers->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore);
  typeNumber(markers->distanceB, c);
  click(markers, QDialogButtonBox::Apply);
  EXPECT_TRUE(markers->errorText().isEmpty()) << markers->errorText().toStdString();
  EXPECT_NEAR((at(model, "A") - core::Vec3(pinA(theta0).x(), pinA(theta0).y(), 0)).norm(), 0, 1e-12);
  EXPECT_NEAR((at(model, "B") - core::Vec3(pinB(theta0).x(), pinB(theta0).y(), 0)).norm(), 0, 1e-12);
  markers->grab().save(shots + "/fourbar_marker_dialog.png");
  click(markers, QDialogButtonBox::Cancel);
  snap(window, "01_points");

  // 3. Parts: three steel links between the design points; mass from the density.
  auto makeLink = [&](const char* name, const char* from, const char* to, double density) {
    auto* p = openByShortcut<ui::PartDialog>(window, QKeySequence("Ctrl+Shift+P"));
    ASSERT_NE(p, nullptr);
    p->setShape(ui::PartDialog::Shape::Link);
    typeInto(p->name, name);
    p->markerA->selectName(from);
    p->markerB->selectName(to);
    typeNumber(p->radius, 0.01);
    typeNumber(p->density, density);
    EXPECT_TRUE(p->findChild<QLabel*>("massLabel")->text().contains("rounded ends are drawn, not counted"));
    if (std::string(name) == "coupler") {
      EXPECT_EQ(p->density->text(), QString::fromUtf8("2700 kg/m³"));  // no thousands separator
      p->grab().save(shots + "/fourbar_part_dialog.png");
    }
    click(p, QDialogButtonBox::Ok);
    EXPECT_TRUE(model.findPart(name)) << name;
  };
  makeLink("crank", "O", "A", 7800);
  makeLink("coupler", "A", "B", 2700);
  makeLink("rocker", "D", "B", 7800);
  const core::Part* crank = model.part(model.findPart("crank"));
  const core::Part* coupler = model.part(model.findPart("coupler"));
  const core::Part* rocker = model.part(model.findPart("rocker"));
  ASSERT_TRUE(crank && coupler && rocker);
  // The mass of a link is that of the cylinder between its markers (the rounded ends are only
  // drawn), which the dialog says.
  auto linkMass = [](double length, double density) { return density * kPi * 1e-4 * length; };
  EXPECT_NEAR(crank->mass, linkMass(r, 7800), 1e-6 * crank->mass);
  EXPECT_NEAR(coupler->mass, linkMass(l, 2700), 1e-6 * coupler->mass);

  // Markers on the coupler (its midpoint, for the spring) and on ground (the spring's anchor: the
  // mirror of the midpoint about the x axis, then 0.05 m further along -y).
  markers = openByShortcut<ui::MarkerDialog>(window, QKeySequence("Ctrl+Shift+M"));
  ASSERT_NE(markers, nullptr);
  markers->setMethod(ui::MarkerDialog::Method::Midpoint);
  markers->part->selectName("coupler");
  markers->markerA->selectName("A");
  markers->markerB->selectName("B");
  typeInto(markers->name, "M");
  click(markers, QDialogButtonBox::Apply);
  markers->setMethod(ui::MarkerDialog::Method::Mirror);
  EXPECT_EQ(rowLabel(markers->vector), "Plane normal (ground) [-]");
  markers->part->selectName("ground");
  markers->markerA->selectName("M");
  typeVector(markers->point, core::Vec3::Zero());
  typeVector(markers->vector, core::Vec3::UnitY());
  typeInto(markers->name, "M_mirror");
  click(markers, QDialogButtonBox::Apply);
  markers->setMethod(ui::MarkerDialog::Method::Along);
  markers->markerA->selectName("M_mirror");
  typeVector(markers->vector, core::Vec3(0, -1, 0));
  typeNumber(markers->distance, 0.05);
  typeInto(markers->name, "S");
  click(markers, QDialogButtonBox::Ok);
  ASSERT_TRUE(model.findMarker("S"));
  EXPECT_EQ(model.partOf(model.findMarker("M")), model.findPart("coupler"));
  const core::Vec3 m0 = 0.5 * (at(model, "A") + at(model, "B"));
  EXPECT_NEAR((at(model, "M") - m0).norm(), 0, 1e-12);
  EXPECT_NEAR((at(model, "S") - core::Vec3(m0.x(), -m0.y() - 0.05, 0)).norm(), 0, 1e-12);
  snap(window, "02_parts");

  // 4. Joints by picking the parts and a location marker.
  auto makeJoint = [&](core::JointKind kind, const char* name, const char* i, const char* j, const char* at,
                       const core::Vec3& axis) {
    auto* dialog = openByShortcut<ui::JointDialog>(window, QKeySequence("Ctrl+Shift+J"));
    ASSERT_NE(dialog, nullptr);
    dialog->setKind(kind);
    typeInto(dialog->name, name);
    dialog->partI->selectName(i);
    dialog->partJ->selectName(j);
    dialog->locationMarker->selectName(at);
    typeVector(dialog->axis, axis);
    EXPECT_TRUE(dialog->check().isEmpty()) << dialog->check().toStdString();
    if (kind == core::JointKind::Universal) {
      // The second spider axis (on I) is chosen by the dialog: it must say which.
      const QString text = dialog->findChild<QLabel*>("jointCheck")->text();
      EXPECT_TRUE(text.contains("second axis")) << text.toStdString();
      snap(window, "03_universal_preview");
      dialog->grab().save(shots + "/fourbar_joint_dialog.png");
    }
    click(dialog, QDialogButtonBox::Ok);
    EXPECT_TRUE(model.findJoint(name)) << name;
  };
  makeJoint(core::JointKind::Revolute, "crank_bearing", "crank", "ground", "O", core::Vec3::UnitZ());
  makeJoint(core::JointKind::Revolute, "rocker_bearing", "rocker", "ground", "D", core::Vec3::UnitZ());
  makeJoint(core::JointKind::Spherical, "crank_pin", "coupler", "crank", "A", core::Vec3::UnitZ());
  // The universal's axes: z (the planar rotation) and the in-plane normal of the coupler, so the
  // coupler cannot spin about its own axis. Give the in-plane normal: the dialog adds z on I.
  const core::Vec3 ab = at(model, "B") - at(model, "A");
  makeJoint(core::JointKind::Universal, "rocker_pin", "coupler", "rocker", "B",
            core::Vec3(-ab.y(), ab.x(), 0).normalized());
  const core::TopologyReport& topology = window.topology().report();
  EXPECT_EQ(topology.loops.size(), 1u);
  EXPECT_EQ(topology.dof, 1);
  EXPECT_EQ(topology.rankDof.value_or(-1), 1);
  EXPECT_EQ(topology.redundantEquations.value_or(-1), 0);
  snap(window, "03_joints", "topologyDock");

  // 5. The spring-damper from the coupler's midpoint to ground, free length = present length.
  auto* force = openByShortcut<ui::ForceDialog>(window, QKeySequence("Ctrl+Shift+F"));
  ASSERT_NE(force, nullptr);
  force->setKind(core::ForceKind::TranslationalSpringDamper);
  typeInto(force->name, "spring");
  force->iMarker->selectName("M");
  force->jMarker->selectName("S");
  EXPECT_EQ(rowLabel(force->stiffness), "Stiffness");
  EXPECT_EQ(force->stiffness->suffix(), " N/m");
  // The greyed free length shows the present distance the spring will get.
  EXPECT_NEAR(force->freeLength->value(), (at(model, "M") - at(model, "S")).norm(), 1e-9);
  typeNumber(force->stiffness, k);
  typeNumber(force->damping, damping);
  EXPECT_TRUE(force->currentLength->isChecked());
  force->grab().save(shots + "/fourbar_force_dialog.png");
  click(force, QDialogButtonBox::Ok);
  ASSERT_TRUE(model.findForce("spring"));
  const double freeLength = (at(model, "M") - at(model, "S")).norm();
  EXPECT_NEAR(model.force(model.findForce("spring"))->freeLength, freeLength, 1e-12);
  snap(window, "04_spring");

  // 6. Static equilibrium (1 DOF: gravity against the spring). Closed form: the potential energy
  // V(theta) = g * sum(m y_cm) + k/2 (L - L0)^2 along the loop closure is stationary there.
  ui::RunPanel& run = window.run();
  run.setAnalysis(ui::RunPanel::Analysis::Static);
  ASSERT_TRUE(run.start()) << run.logText().toStdString();
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 10000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  const ui::SimulationResults& results = window.results();
  ASSERT_EQ(results.frameCount(), 1u);
  const int crankBody = results.map().body(model.findPart("crank"));
  const int rockerBody = results.map().body(model.findPart("rocker"));
  ASSERT_GE(crankBody, 0);
  ASSERT_GE(rockerBody, 0);
  const core::Vec3 crankCm = results.frame(0).bodies[crankBody].position;
  const double thetaStatic = std::atan2(crankCm.y(), crankCm.x());
  EXPECT_NEAR(crankCm.norm(), r / 2, 1e-9);
  EXPECT_GT(std::abs(thetaStatic - theta0), 0.01) << "the mechanism should settle away from the design pose";
  const core::Vec3 rockerCm = results.frame(0).bodies[rockerBody].position;
  EXPECT_NEAR(std::atan2(rockerCm.y(), rockerCm.x() - d), rockerAngle(thetaStatic), 1e-7);
  const V2 anchor(at(model, "S").x(), at(model, "S").y());
  auto potential = [&](double theta) {
    const V2 a = pinA(theta), b = pinB(theta);
    const double heights =
        crank->mass * a.y() / 2 + coupler->mass * (a.y() + b.y()) / 2 + rocker->mass * b.y() / 2;
    const double stretch = (0.5 * (a + b) - anchor).norm() - freeLength;
    return g * heights + 0.5 * k * stretch * stretch;
  };
  const double h = 1e-6;
  const double dV = (potential(thetaStatic + h) - potential(thetaStatic - h)) / (2 * h);
  const double gravityTorqueScale = g * (crank->mass + coupler->mass + rocker->mass) * r;
  EXPECT_LT(std::abs(dV), 1e-5 * gravityTorqueScale) << "dV/dtheta at the static equilibrium";
  EXPECT_GT((potential(thetaStatic + 0.05) + potential(thetaStatic - 0.05)) / 2, potential(thetaStatic))
      << "a stable equilibrium is a minimum";
  snap(window, "05_static", "runDock");

  // 7. Friction on the rocker bearing (DMBS panel). A revolute needs its pin radius: refused,
  // naming the joint, until it is given.
  auto* friction = openByShortcut<ui::FrictionDialog>(window, QKeySequence("Ctrl+Shift+R"));
  ASSERT_NE(friction, nullptr);
  friction->joint->selectName("rocker_bearing");
  typeNumber(friction->muStatic, 0.12);
  typeNumber(friction->muDynamic, 0.1);
  click(friction, QDialogButtonBox::Apply);
  EXPECT_TRUE(friction->errorText().contains("rocker_bearing")) << friction->errorText().toStdString();
  EXPECT_TRUE(friction->errorText().contains("pin radius")) << friction->errorText().toStdString();
  typeNumber(friction->pinRadius, 0.01);
  // The pin (R = 0.01 m) of a rocker turning at 1-3 rad/s slides at 0.01-0.03 m/s: a stiction
  // transition velocity below that puts the bearing on the sliding branch (mu = mu_dynamic).
  typeNumber(friction->stictionVelocity, 0.002);
  if (!friction->useReaction->isChecked())
    QTest::mouseClick(friction->useReaction, Qt::LeftButton, {},
                      QPoint(5, friction->useReaction->height() / 2));
  EXPECT_TRUE(friction->useReaction->isChecked());
  friction->grab().save(shots + "/fourbar_friction_dialog.png");
  click(friction, QDialogButtonBox::Ok);
  const core::Joint* bearing = model.joint(model.findJoint("rocker_bearing"));
  ASSERT_TRUE(bearing && bearing->friction);
  EXPECT_DOUBLE_EQ(bearing->friction->dynamicCoefficient, 0.1);
  EXPECT_DOUBLE_EQ(bearing->friction->pinRadius, 0.01);
  // The log names what each dialog made.
  const QString log = window.log().toPlainText();
  for (const char* line : {"Create marker B on ground", "Set friction of joint rocker_bearing",
                           "Add force spring", "problem(s): part 'coupler' is not connected to ground"})
    EXPECT_TRUE(log.contains(line)) << line;

  // 8. The motion: the crank at one turn per second from its modelled 60 deg.
  auto* motion = openByShortcut<ui::MotionDialog>(window, QKeySequence("Ctrl+Shift+O"));
  ASSERT_NE(motion, nullptr);
  motion->joint->selectName("crank_bearing");
  EXPECT_EQ(motion->freedom->currentIndex(), 0);  // rotation, from the joint type
  typeInto(motion->name, "crank_drive");
  typeInto(motion->function, "2*PI*TIME");
  click(motion, QDialogButtonBox::Ok);
  ASSERT_EQ(model.motions().size(), 1u);
  EXPECT_EQ(window.topology().report().dofWithMotions, 0);

  // 9. Dynamic run: the crank is driven, so the rocker follows the loop closure, the spring its law
  // and the sliding bearing the friction law T = mu_d N R.
  run.setAnalysis(ui::RunPanel::Analysis::Dynamic);
  run.setEndTime(0.25);
  run.setOutputSteps(25);
  ASSERT_TRUE(run.start()) << run.logText().toStdString();
  ASSERT_TRUE(test::waitFor([&run] { return !run.isRunning(); }, 30000));
  ASSERT_TRUE(run.lastRunOk()) << run.logText().toStdString();
  ASSERT_EQ(results.frameCount(), 26u);
  for (std::size_t f = 0; f < results.frameCount(); f += 5) {
    const auto frame = results.frame(f);
    const double theta = theta0 + 2 * kPi * frame.state.t;
    const core::Vec3 p = frame.bodies[rockerBody].position;
    EXPECT_NEAR(std::atan2(p.y(), p.x() - d), rockerAngle(theta), 1e-6) << "t = " << frame.state.t;
    const double omega = (rockerAngle(theta + 1e-6) - rockerAngle(theta - 1e-6)) / 2e-6 * 2 * kPi;
    EXPECT_NEAR(frame.bodies[rockerBody].angularVelocity.z(), omega, 1e-4) << "t = " << frame.state.t;
  }
  snap(window, "06_dynamic", "runDock");

  // 10. Animation: step through the frames; the rocker's pose follows.
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(0);
  animation.step(10);
  animation.step(5);
  EXPECT_EQ(animation.frame(), 15);
  const auto poses = results.partPoses(15);
  const core::Vec3 rockerAt15 = poses.at(model.findPart("rocker")).position;
  EXPECT_NEAR(std::atan2(rockerAt15.y(), rockerAt15.x() - d),
              rockerAngle(theta0 + 2 * kPi * results.time(15)), 1e-6);
  animation.setTracedMarkers({"M"});
  ASSERT_EQ(animation.traces().size(), 1u);
  QTest::qWait(60);
  EXPECT_GT(test::distinctColours(view.grabFramebuffer()), 50);
  snap(window, "07_animation", "animationDock");

  // 11. Plot: the spring force against the spring law, and the rocker bearing's reaction and
  // friction torque against the friction law T = mu_d N R (the normal force N and the sliding speed
  // read from the result frames).
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("spring", "Force |F| [N]"));
  ASSERT_TRUE(plot.addCurve("rocker_bearing", "Reaction force |F| [N]"));
  plot.addSubplot();
  ASSERT_TRUE(plot.addCurve("rocker_bearing", "Friction torque |T| [N·m]"));
  const auto springForce = plot.samples(0), reaction = plot.samples(1), frictionTorque = plot.samples(2);
  ASSERT_EQ(springForce.size(), 26u);
  const int springIndex = results.map().force(model.findForce("spring"));
  ASSERT_GE(springIndex, 0);
  int slidingFrames = 0;
  for (std::size_t f = 1; f + 1 < springForce.size(); ++f) {
    const auto frame = results.frame(f);
    const double theta = theta0 + 2 * kPi * frame.state.t;
    const V2 mid = 0.5 * (pinA(theta) + pinB(theta));
    const double length = (mid - anchor).norm();
    EXPECT_NEAR(frame.forces[springIndex].length, length, 1e-6);
    const V2 midAhead = 0.5 * (pinA(theta + 1e-6) + pinB(theta + 1e-6));
    const double rate = ((midAhead - anchor).norm() - length) / 1e-6 * 2 * kPi;
    EXPECT_NEAR(springForce[f].second, std::abs(k * (length - freeLength) + damping * rate), 1e-3)
        << "t = " << frame.state.t;
    ASSERT_EQ(frame.friction.size(), 1u);
    const double normal = frame.friction[0].normalForce;
    EXPECT_GT(normal, 0.0);
    EXPECT_NEAR(normal, reaction[f].second, 1e-6 * reaction[f].second)
        << "a revolute's normal force is its radial reaction";
    if (frame.friction[0].slidingSpeed > 1.5 * 0.002) {  // past the stiction transition: mu = mu_dynamic
      ++slidingFrames;
      EXPECT_NEAR(frictionTorque[f].second, 0.1 * normal * 0.01, 1e-9 + 1e-6 * normal)
          << "t = " << frame.state.t;
    }
  }
  EXPECT_GT(slidingFrames, 15);
  animation.setFrame(12);
  EXPECT_TRUE(plot.readout().contains("spring")) << plot.readout().toStdString();
  for (const char* ext : {"png", "csv"}) {
    const QString path = shots + "/fourbar_plot." + ext;
    QFile::remove(path);
    EXPECT_TRUE(plot.exportTo(path)) << ext;
    EXPECT_GT(QFileInfo(path).size(), 100) << ext;
  }
  QFile csv(shots + "/fourbar_plot.csv");
  ASSERT_TRUE(csv.open(QIODevice::ReadOnly));
  EXPECT_EQ(QString(csv.readAll()).count('\n'), 27);  // header + 26 rows
  if (auto* plotDock = window.findChild<QDockWidget*>("plotDock"))
    window.resizeDocks({plotDock}, {560}, Qt::Vertical);
  snap(window, "08_plot", "plotDock");
}
