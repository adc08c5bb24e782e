// Every joint kind of the solver built by clicking (issue 19, DMBS §2.3.1): each mechanism is made
// from an empty model with the Gravity, Part and Joint dialogs, its topology DOF checked, run from
// the Run panel, and its motion compared with the same mechanism imported from an Adams deck and
// run the same way. Closed forms check the screw (a = g / (1 + (2π/p)² I/m)), the rack-and-pinion
// (a = g m_r / (m_r + I_p / r²)) and the inline + orientation slide down a 45° line (a = g / √2).
// Also: one undo step per joint, the coupler's joints and scales edited in the property panel, and
// a distinct glyph per kind.
#include <gtest/gtest.h>

#include <vtkCamera.h>
#include <vtkPolyData.h>
#include <vtkRenderer.h>
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLineEdit>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <ostream>
#include <set>
#include <sstream>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/Rotation.hpp"
#include "mbs/core/Topology.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/InitialConditionsDialog.hpp"
#include "mbs/ui/dialogs/JointDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/TopologyPanel.hpp"
#include "mbs/ui/view/JointGlyphs.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;
using core::JointKind;
using core::Vec3;

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kG = 9.81, kDensity = 1000.0, kEndTime = 0.4;
constexpr int kSteps = 40;

struct Body {
  Vec3 centre, size;
  double mass() const { return kDensity * size.prod(); }
  Vec3 moments() const  // box about its centre
  {
    const Vec3 s2 = size.cwiseProduct(size);
    return mass() / 12.0 * Vec3(s2.y() + s2.z(), s2.x() + s2.z(), s2.x() + s2.y());
  }
};

struct JointSpec {
  JointKind kind;
  int partI = 0, partJ = -1;  // body index, -1: ground
  Vec3 at = Vec3::Zero(), axis = Vec3::UnitZ();
  double pitch = 0.0;
  int first = -1, second = -1;  // couplers: indices of the coupled joints
  double ratio = 1.0, scale1 = 1.0, scale2 = -1.0;
  Vec3 gearContact = Vec3::Zero();  // gear: the Adams CV marker's point (its z along +y)
};

struct Case {
  const char* name;
  std::vector<Body> bodies;
  std::vector<JointSpec> joints;
  int dof;
};

// gtest prints the case by its name (ctest lists the parameter).
void PrintTo(const Case& c, std::ostream* os)
{
  *os << c.name;
}

std::string partName(int body)
{
  return body < 0 ? "ground" : "PART_" + std::to_string(body + 2);
}

std::vector<Case> cases()
{
  const Body bar{Vec3(0.1, 0, 0), Vec3(0.2, 0.05, 0.05)};  // a pendulum hung at the origin
  std::vector<Case> c;
  JointSpec cylinder{JointKind::Cylindrical};
  cylinder.axis = Vec3::UnitY();
  JointSpec screw{JointKind::Screw};
  screw.axis = Vec3::UnitY();
  screw.pitch = 0.05;
  c.push_back({"screw", {{Vec3::Zero(), Vec3(0.2, 0.1, 0.05)}}, {cylinder, screw}, 1});

  JointSpec pinion{JointKind::Revolute};
  JointSpec rack{JointKind::Translational, 1, -1, Vec3(0.2, 0, 0), Vec3::UnitY()};
  JointSpec rackPinion{JointKind::RackPinion};
  rackPinion.first = 0;
  rackPinion.second = 1;
  rackPinion.ratio = 0.05;
  c.push_back({"rack_pinion",
               {{Vec3::Zero(), Vec3(0.1, 0.1, 0.05)}, {Vec3(0.2, 0, 0), Vec3(0.05, 0.2, 0.05)}},
               {pinion, rack, rackPinion},
               1});

  JointSpec wheel1{JointKind::Revolute};
  JointSpec wheel2{JointKind::Revolute, 1, -1, Vec3(0.3, 0, 0)};
  JointSpec gear{JointKind::Gear};
  gear.first = 0;
  gear.second = 1;
  gear.ratio = -2.0;  // pitch radii 0.2 and 0.1: the second turns twice as fast, the other way
  gear.gearContact = Vec3(0.2, 0, 0);
  c.push_back({"gear", {bar, {Vec3(0.3, 0, 0), Vec3(0.1, 0.1, 0.05)}}, {wheel1, wheel2, gear}, 1});

  JointSpec slide{JointKind::Translational, 1, -1, Vec3(0.4, 0, 0), Vec3::UnitY()};
  JointSpec coupler{JointKind::Coupler};
  coupler.first = 0;
  coupler.second = 1;
  coupler.scale1 = 1.0;
  coupler.scale2 = -10.0;
  c.push_back({"coupler", {bar, {Vec3(0.4, 0, 0), Vec3(0.05, 0.05, 0.05)}}, {wheel1, slide, coupler}, 1});

  c.push_back(
      {"constant_velocity", {bar}, {{JointKind::ConstantVelocity, 0, -1, Vec3::Zero(), Vec3::UnitX()}}, 2});
  c.push_back({"inline", {bar}, {{JointKind::Inline, 0, -1, Vec3::Zero(), Vec3::UnitX()}}, 4});
  c.push_back({"inplane", {bar}, {{JointKind::Inplane, 0, -1, Vec3::Zero(), Vec3::UnitY()}}, 5});
  c.push_back({"parallel_axes", {bar}, {{JointKind::AtPoint}, {JointKind::ParallelAxes}}, 1});
  c.push_back({"perpendicular", {bar}, {{JointKind::AtPoint}, {JointKind::Perpendicular}}, 2});
  const Vec3 incline = Vec3(1, -1, 0).normalized();
  c.push_back({"orientation",
               {bar},
               {{JointKind::Orientation}, {JointKind::Inline, 0, -1, Vec3::Zero(), incline}},
               1});
  c.push_back({"universal", {bar}, {{JointKind::Universal}}, 2});
  return c;
}

template <class Dialog>
Dialog* open(ui::MainWindow& window, const char* action)
{
  window.findChild<QAction*>(action)->trigger();
  for (auto* d : window.findChildren<Dialog*>())
    if (d->isVisible())
      return d;
  ADD_FAILURE() << "no dialog after " << action;
  return nullptr;
}

void press(QDialog* dialog, QDialogButtonBox::StandardButton which)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(which), Qt::LeftButton);
}

std::string jointName(int k)
{
  return "J" + std::to_string(k + 1);
}

// The mechanism built with the dialogs, as a user would.
void buildByClicking(ui::MainWindow& window, const Case& c)
{
  ui::Document& doc = window.document();
  auto* gravity = open<ui::GravityDialog>(window, "actionGravity");
  gravity->magnitude->setValue(kG);
  gravity->direction->setValue(Vec3(0, -1, 0));
  press(gravity, QDialogButtonBox::Ok);
  for (std::size_t b = 0; b < c.bodies.size(); ++b) {
    auto* d = open<ui::PartDialog>(window, "actionPart");
    d->setShape(ui::PartDialog::Shape::Box);
    d->name->setText(QString::fromStdString(partName(static_cast<int>(b))));
    d->centre->setValue(c.bodies[b].centre);
    d->size->setValue(c.bodies[b].size);
    d->density->setValue(kDensity);
    press(d, QDialogButtonBox::Ok);
  }
  for (std::size_t k = 0; k < c.joints.size(); ++k) {
    const JointSpec& s = c.joints[k];
    auto* d = open<ui::JointDialog>(window, "actionJoint");
    ASSERT_NE(d, nullptr);
    d->setKind(s.kind);
    ASSERT_EQ(d->kind(), s.kind) << "the Type list offers " << core::toString(s.kind);
    d->name->setText(QString::fromStdString(jointName(static_cast<int>(k))));
    if (core::isCoupler(s.kind)) {
      EXPECT_FALSE(d->partI->isVisible()) << "a coupler has no parts of its own";
      ASSERT_TRUE(d->joint1->selectName(QString::fromStdString(jointName(s.first))));
      ASSERT_TRUE(d->joint2->selectName(QString::fromStdString(jointName(s.second))));
      if (s.kind == JointKind::Coupler) {
        d->scale1->setValue(s.scale1);
        d->scale2->setValue(s.scale2);
      } else {
        d->ratio->setValue(s.ratio);
      }
    } else {
      EXPECT_TRUE(d->partI->isVisible());
      d->partI->selectName(QString::fromStdString(partName(s.partI)));
      d->partJ->selectName(QString::fromStdString(partName(s.partJ)));
      d->locationMarker->setCurrentIndex(0);
      d->point->setValue(s.at);
      d->axis->setValue(s.axis);
      EXPECT_EQ(d->pitch->isVisible(), s.kind == JointKind::Screw);
      if (s.kind == JointKind::Screw)
        d->pitch->setValue(s.pitch);
    }
    EXPECT_TRUE(d->check().isEmpty()) << d->check().toStdString();
    EXPECT_TRUE(window.modelView().scene().hasPreview());
    const auto steps = doc.undoStack().size();
    press(d, QDialogButtonBox::Ok);
    EXPECT_FALSE(d->isVisible()) << d->errorText().toStdString();
    EXPECT_EQ(doc.undoStack().size(), steps + 1) << "markers + joint: one undo step";
  }
}

std::string number(double v)
{
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}
std::string triple(const Vec3& v)
{
  return number(v.x()) + ", " + number(v.y()) + ", " + number(v.z());
}
// REULER of a frame whose z is `axis` (x as Adams chooses it, as the dialog does), radians.
std::string reuler(const core::Mat3& frame)
{
  return triple(core::matrixToEuler313(frame));
}
core::Mat3 frameWithZ(const Vec3& axis)
{
  return *core::frameFromAxes(axis, std::nullopt);
}

// The same mechanism as an Adams deck: parts with their box mass and inertia at the CM, joint
// markers at the joint point (I's z perpendicular to J's for the universal and perpendicular
// kinds), JOINT/JPRIM statements, and GEAR (by its CV marker), RACKPIN (by PD) and COUPLER.
std::string admDeck(const Case& c)
{
  std::ostringstream a;
  a << "ADAMS/View model name: " << c.name << "\n"
    << "UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND\n"
    << "PART/1, GROUND\n";
  for (std::size_t b = 0; b < c.bodies.size(); ++b) {
    const int id = static_cast<int>(b) + 2;
    const Body& body = c.bodies[b];
    a << "PART/" << id << ", MASS = " << number(body.mass()) << ", CM = " << id * 100 + 1
      << ", IP = " << triple(body.moments()) << "\n"
      << "MARKER/" << id * 100 + 1 << ", PART = " << id << ", QP = " << triple(body.centre) << "\n";
  }
  auto partId = [](int body) { return body < 0 ? 1 : body + 2; };
  for (std::size_t k = 0; k < c.joints.size(); ++k) {
    const JointSpec& s = c.joints[k];
    const int n = static_cast<int>(k) + 1, i = 1000 + 10 * n + 1, j = i + 1;
    const char* primitive = nullptr;
    const char* word = nullptr;
    switch (s.kind) {
      case JointKind::Revolute:
        word = "REVOLUTE";
        break;
      case JointKind::Translational:
        word = "TRANSLATIONAL";
        break;
      case JointKind::Cylindrical:
        word = "CYLINDRICAL";
        break;
      case JointKind::Universal:
        word = "UNIVERSAL";
        break;
      case JointKind::ConstantVelocity:
        word = "CONVEL";
        break;
      case JointKind::Screw:
        word = "SCREW";
        break;
      case JointKind::Inline:
        primitive = "INLINE";
        break;
      case JointKind::Inplane:
        primitive = "INPLANE";
        break;
      case JointKind::Orientation:
        primitive = "ORIENTATION";
        break;
      case JointKind::ParallelAxes:
        primitive = "PARALLEL_AXES";
        break;
      case JointKind::Perpendicular:
        primitive = "PERPENDICULAR";
        break;
      case JointKind::AtPoint:
        primitive = "ATPOINT";
        break;
      default:
        break;
    }
    if (s.kind == JointKind::Gear) {
      a << "MARKER/" << i << ", PART = 1, QP = " << triple(s.gearContact)
        << ", REULER = " << reuler(frameWithZ(Vec3::UnitY())) << "\n"
        << "GEAR/" << n << ", JOINTS = " << s.first + 1 << ", " << s.second + 1 << ", CV = " << i << "\n";
      continue;
    }
    if (s.kind == JointKind::Coupler) {
      const auto letter = [&](int joint) {
        return c.joints[joint].kind == JointKind::Translational ? "T" : "R";
      };
      a << "COUPLER/" << n << ", JOINTS = " << s.first + 1 << ", " << s.second + 1
        << ", TYPE = " << letter(s.first) << ":" << letter(s.second) << ", SCALES = " << number(s.scale1)
        << ", " << number(s.scale2) << "\n";
      continue;
    }
    if (s.kind == JointKind::RackPinion) {
      // On the pinion's and the rack's joint points; the importer finds their joints.
      const JointSpec& p = c.joints[s.first];
      const JointSpec& r = c.joints[s.second];
      a << "MARKER/" << i << ", PART = " << partId(p.partI) << ", QP = " << triple(p.at) << "\n"
        << "MARKER/" << j << ", PART = " << partId(r.partI) << ", QP = " << triple(r.at) << "\n"
        << "JOINT/" << n << ", RACKPIN, I = " << i << ", J = " << j << ", PD = " << number(2.0 * s.ratio)
        << "\n";
      continue;
    }
    const core::Mat3 frame = frameWithZ(s.axis);
    core::Mat3 iFrame = frame;
    if (s.kind == JointKind::Universal || s.kind == JointKind::Perpendicular)
      iFrame << frame.col(1), frame.col(2), frame.col(0);
    a << "MARKER/" << i << ", PART = " << partId(s.partI) << ", QP = " << triple(s.at)
      << ", REULER = " << reuler(iFrame) << "\n"
      << "MARKER/" << j << ", PART = " << partId(s.partJ) << ", QP = " << triple(s.at)
      << ", REULER = " << reuler(frame) << "\n";
    if (primitive)
      a << "JPRIM/" << n << ", " << primitive << ", I = " << i << ", J = " << j << "\n";
    else
      a << "JOINT/" << n << ", " << word << ", I = " << i << ", J = " << j
        << (s.kind == JointKind::Screw ? ", PITCH = " + number(s.pitch) : std::string()) << "\n";
  }
  a << "ACCGRAV/JGRAV = " << number(-kG) << "\nEND\n";
  return a.str();
}

// Ground pose of each part's CM marker in the last frame of the window's results.
std::map<std::string, ui::PartPose> cmPoses(ui::MainWindow& window)
{
  const ui::SimulationResults& results = window.results();
  std::map<std::string, ui::PartPose> out;
  if (results.empty())
    return out;
  const auto poses = results.partPoses(results.frameCount() - 1);
  const core::Model& model = results.model();
  for (const auto& [id, pose] : poses) {
    const core::Part* part = model.part(id);
    const core::Marker* cm = model.marker(part->cmMarker);
    if (part->ground || !cm)
      continue;
    const core::Mat3 local = cm->localOrientation().value_or(core::Mat3::Identity());
    out[part->name] = {pose.position + pose.rotation * cm->position, pose.rotation * local};
  }
  return out;
}

class JointKinds : public ::testing::TestWithParam<Case> {};

}  // namespace

TEST_P(JointKinds, BuiltByClickingRunsAsTheAdamsDeck)
{
  const Case& c = GetParam();
  test::application();
  std::map<std::string, ui::PartPose> clicked, imported;
  double time = 0.0;
  {
    ui::MainWindow window;
    window.resize(1400, 900);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    buildByClicking(window, c);
    if (HasFatalFailure())
      return;
    ASSERT_EQ(window.document().model().joints().size(), c.joints.size());
    EXPECT_TRUE(core::analyzeTopology(window.document().model()).issues.empty());
    EXPECT_EQ(window.topology().report().dof, c.dof) << "Gruebler count of " << c.name;
    test::saveWindowScreenshot(window, QStringLiteral("joint_kind_%1").arg(c.name));
    const std::string failure = test::runDynamic(window, kEndTime, kSteps);
    ASSERT_TRUE(failure.empty()) << failure;
    clicked = cmPoses(window);
    time = window.results().time(window.results().frameCount() - 1);
  }
  {
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("%1.adm").arg(c.name));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QByteArray::fromStdString(admDeck(c)));
    file.close();
    ui::MainWindow window;
    window.show();
    ASSERT_TRUE(window.openFile(path, true)) << admDeck(c);
    EXPECT_EQ(window.topology().report().dof, c.dof);
    const std::string failure = test::runDynamic(window, kEndTime, kSteps);
    ASSERT_TRUE(failure.empty()) << failure;
    imported = cmPoses(window);
  }
  EXPECT_NEAR(time, kEndTime, 1e-12);
  ASSERT_EQ(clicked.size(), c.bodies.size());
  ASSERT_EQ(imported.size(), c.bodies.size());
  double moved = 0.0;
  for (std::size_t b = 0; b < c.bodies.size(); ++b) {
    const std::string name = partName(static_cast<int>(b));
    const ui::PartPose& g = clicked.at(name);
    const ui::PartPose& a = imported.at(name);
    EXPECT_LT((g.position - a.position).norm(), 1e-6)
        << name << ": clicked " << g.position.transpose() << " vs .adm " << a.position.transpose();
    EXPECT_LT((g.rotation - a.rotation).norm(), 1e-6) << name;
    moved = std::max({moved, (g.position - c.bodies[b].centre).norm(),
                      (g.rotation - core::Mat3::Identity()).norm() * 0.1});
  }
  EXPECT_GT(moved, 1e-3) << "the mechanism moves, so the comparison means something";

  // Closed forms of the constant-acceleration mechanisms, to the run's error tolerance (measured
  // 1e-4 .. 2e-4 relative with the model's default GSTIFF error tolerance 1e-4).
  constexpr double kRelative = 1e-3;
  const double t = kEndTime;
  const std::string name = c.name;
  if (name == "screw") {
    const Body& b = c.bodies[0];
    const double k = 2.0 * kPi / 0.05;
    const double a = kG / (1.0 + k * k * b.moments().y() / b.mass());
    EXPECT_NEAR(clicked.at("PART_2").position.y(), -0.5 * a * t * t, kRelative * 0.5 * a * t * t);
    // It turned by the drop over the pitch, about the screw axis.
    const double turned = 0.5 * a * t * t * k;
    const core::Mat3& r = clicked.at("PART_2").rotation;
    EXPECT_NEAR(std::atan2(std::abs(r(0, 2)), r(0, 0)), std::fmod(turned, kPi), 1e-3);
  }
  if (name == "rack_pinion") {
    const double mr = c.bodies[1].mass(), ip = c.bodies[0].moments().z(), r = 0.05;
    const double a = kG * mr / (mr + ip / (r * r));
    EXPECT_NEAR(clicked.at("PART_3").position.y(), -0.5 * a * t * t, kRelative * 0.5 * a * t * t);
  }
  if (name == "orientation") {
    const double a = kG / std::sqrt(2.0);  // along the 45° line, without turning
    const Vec3 expected = c.bodies[0].centre + 0.5 * a * t * t * Vec3(1, -1, 0).normalized();
    EXPECT_LT((clicked.at("PART_2").position - expected).norm(), kRelative * 0.5 * a * t * t);
    EXPECT_LT((clicked.at("PART_2").rotation - core::Mat3::Identity()).norm(), 1e-9);
  }
}

INSTANTIATE_TEST_SUITE_P(EveryKind, JointKinds, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case>& info) {
                           return std::string(info.param.name);
                         });

TEST(JointKinds, CouplerEditedInThePropertyPanelAndUndoneInOneStep)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  Case c;
  for (const Case& k : cases())
    if (std::string(k.name) == "coupler")
      c = k;
  buildByClicking(window, c);
  ui::Document& doc = window.document();
  const core::Model& model = doc.model();
  const core::JointId coupler = model.findJoint("J3");
  ASSERT_TRUE(coupler.valid());
  EXPECT_EQ(model.joint(coupler)->kind, JointKind::Coupler);
  EXPECT_EQ(model.joint(coupler)->joints[0], model.findJoint("J1"));
  EXPECT_DOUBLE_EQ(model.joint(coupler)->scales[1], -10.0);

  doc.setSelection({core::EntityRef(coupler)});
  ui::PropertyPanel& panel = window.properties();
  auto* scale = panel.findChild<QDoubleSpinBox*>("/scales/1");
  ASSERT_NE(scale, nullptr) << "the coupler's scales are editable";
  EXPECT_DOUBLE_EQ(scale->value(), -10.0);
  const auto steps = doc.undoStack().size();
  scale->setValue(-5.0);
  EXPECT_DOUBLE_EQ(model.joint(coupler)->scales[1], -5.0);
  auto* second = panel.findChild<QComboBox*>("/joints/1");
  ASSERT_NE(second, nullptr) << "the coupled joints are editable";
  EXPECT_EQ(second->currentText(), "J2");
  // A joint that cannot be coupled is refused with the reason; the model keeps J2.
  EXPECT_EQ(second->findData("J3"), -1) << "a coupler is not offered to couple itself";
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_DOUBLE_EQ(model.joint(coupler)->scales[1], -10.0);

  // Undo of a joint dialog step removes the joint and both its markers at once.
  const auto markers = model.markers().size(), joints = model.joints().size();
  window.findChild<QAction*>("actionUndo")->trigger();  // the coupler (no markers of its own)
  EXPECT_EQ(model.joints().size(), joints - 1);
  EXPECT_EQ(model.markers().size(), markers);
  window.findChild<QAction*>("actionUndo")->trigger();  // J2: translational with two markers
  EXPECT_EQ(model.joints().size(), joints - 2);
  EXPECT_EQ(model.markers().size(), markers - 2);
  window.findChild<QAction*>("actionRedo")->trigger();
  window.findChild<QAction*>("actionRedo")->trigger();
  EXPECT_EQ(model.joints().size(), joints);

  // The type of a joint changes in the panel. J1 is coupled by J3 as a revolute joint: a screw is
  // refused, naming the coupler; once the coupler is gone it becomes a screw with a pitch, in one
  // step; it cannot become a coupler (which couples two joints).
  const core::JointId hinge = model.findJoint("J1");
  doc.setSelection({core::EntityRef(hinge)});
  auto changeType = [&](const char* type) {
    auto* box = panel.findChild<QComboBox*>("/type");
    ASSERT_NE(box, nullptr);
    box->setCurrentIndex(box->findData(type));
    emit box->activated(box->currentIndex());
  };
  changeType("screw");
  EXPECT_EQ(model.joint(hinge)->kind, JointKind::Revolute);
  EXPECT_NE(panel.errorText().indexOf("J3"), -1) << panel.errorText().toStdString();
  window.findChild<QAction*>("actionUndo")->trigger();  // the coupler
  doc.setSelection({core::EntityRef(hinge)});
  changeType("screw");
  EXPECT_EQ(model.joint(hinge)->kind, JointKind::Screw) << panel.errorText().toStdString();
  EXPECT_DOUBLE_EQ(model.joint(hinge)->pitch, 0.01);
  changeType("gear");
  EXPECT_EQ(model.joint(hinge)->kind, JointKind::Screw);
  EXPECT_NE(panel.errorText().indexOf("Build"), -1) << panel.errorText().toStdString();
  window.findChild<QAction*>("actionUndo")->trigger();  // type and pitch: one step
  EXPECT_EQ(model.joint(hinge)->kind, JointKind::Revolute);
}

TEST(JointKinds, CouplerOfIncompatibleJointsIsRefusedInline)
{
  test::application();
  ui::MainWindow window;
  window.show();
  Case c;
  for (const Case& k : cases())
    if (std::string(k.name) == "coupler")
      c = k;
  c.joints.pop_back();
  buildByClicking(window, c);
  auto* d = open<ui::JointDialog>(window, "actionJoint");
  ASSERT_NE(d, nullptr);
  d->setKind(JointKind::Gear);  // J2 is translational: a gear needs two rotating joints
  d->joint1->selectName("J1");
  d->joint2->selectName("J2");
  EXPECT_NE(d->check().indexOf("J2"), -1) << d->check().toStdString();
  const auto steps = window.document().undoStack().size();
  press(d, QDialogButtonBox::Ok);
  EXPECT_TRUE(d->isVisible());
  EXPECT_EQ(window.document().undoStack().size(), steps);
  d->setKind(JointKind::RackPinion);  // revolute J1 (pinion), translational J2 (rack): valid
  EXPECT_TRUE(d->check().isEmpty()) << d->check().toStdString();
  d->joint1->selectName("J2");
  d->joint2->selectName("J1");
  EXPECT_FALSE(d->check().isEmpty()) << "the pinion's joint comes first";
  d->reject();
}

TEST(JointKinds, EveryKindHasItsOwnGlyph)
{
  test::application();
  std::set<std::vector<long long>> seen;
  for (int k = 0; k <= static_cast<int>(JointKind::CurveCurve); ++k) {
    const auto kind = static_cast<JointKind>(k);
    auto glyph = ui::jointGlyph(kind, 1.0);
    ASSERT_NE(glyph, nullptr);
    ASSERT_GT(glyph->GetNumberOfCells(), 0) << core::toString(kind);
    double b[6];
    glyph->GetBounds(b);
    // Shape signature: point and cell counts and the extent in mm.
    std::vector<long long> signature{glyph->GetNumberOfPoints(), glyph->GetNumberOfCells()};
    for (double v : b)
      signature.push_back(std::llround(v * 1000.0));
    EXPECT_TRUE(seen.insert(signature).second) << core::toString(kind) << " looks like another kind";
  }
}

// Every kind drawn at once (the user guide's picture of the glyphs): one joint per kind on a
// 6 x 3 grid, each between its own small part and ground, the couplers on their own pairs of
// revolute joints. Each joint adds one actor to the view.
TEST(JointKinds, GlyphGalleryDrawsEveryKind)
{
  test::application();
  core::Model model;
  model.name = "joint_glyphs";
  const double spacing = 0.5;
  int cell = 0, serial = 0, spare = 0;
  // On the next grid cell, or (spare) on a fourth row: the couplers' second joints.
  auto place = [&](JointKind kind, bool isSpare = false) -> core::JointId {
    const Vec3 at = isSpare ? Vec3(spacing * spare++, 0, 3 * spacing)
                            : Vec3(spacing * (cell % 6), 0, spacing * (cell / 6));
    cell += isSpare ? 0 : 1;
    ++serial;
    core::Part part;
    part.name = "part_" + std::to_string(serial);
    part.position = at - Vec3(0, 0.2, 0);  // its sphere under the glyph, not around it
    part.mass = 0.1;
    part.inertia = {1e-3, 1e-3, 1e-3, 0, 0, 0};
    const core::PartId id = model.add(part);
    core::Marker i, j;
    i.name = part.name + "_i";
    i.part = id;
    i.position = Vec3(0, 0.2, 0);
    j.name = part.name + "_j";
    j.part = core::kGroundId;
    j.position = at;
    // Axes up (ground y) so the glyphs stand as in the isometric view; perpendicular kinds turn I.
    const core::Mat3 frame = *core::frameFromAxes(Vec3::UnitY(), std::nullopt);
    core::Mat3 iFrame = frame;
    if (kind == JointKind::Universal || kind == JointKind::Perpendicular)
      iFrame << frame.col(1), frame.col(2), frame.col(0);
    i.mode = j.mode = core::OrientationMode::Euler313;
    i.euler = core::matrixToEuler313(iFrame);
    j.euler = core::matrixToEuler313(frame);
    core::Joint joint;
    joint.name = "joint_" + std::to_string(serial);
    joint.kind = core::isCoupler(kind) ? JointKind::Revolute : kind;
    joint.iMarker = model.add(i);
    joint.jMarker = model.add(j);
    joint.pitch = 0.01;
    return model.add(joint);
  };
  std::size_t joints = 0;
  for (int k = 0; k <= static_cast<int>(JointKind::AtPoint); ++k) {
    const auto kind = static_cast<JointKind>(k);
    const core::JointId first = place(kind);
    ++joints;
    if (!core::isCoupler(kind))
      continue;
    // The coupler itself, drawn at `first` (a revolute there); its second joint (a
    // revolute, the rack's translational) is a spare on the fourth row.
    const core::JointId second =
        place(kind == JointKind::RackPinion ? JointKind::Translational : JointKind::Revolute, true);
    core::Joint coupler;
    coupler.name = std::string("C_") + core::toString(kind);
    coupler.kind = kind;
    coupler.joints = {first, second};
    model.add(coupler);
    joints += 2;
  }
  QTemporaryDir dir;
  core::Model bare = model;
  for (const core::Joint& j : model.joints())
    ASSERT_TRUE(bare.remove(core::EntityRef(j.id)));
  const QString withJoints = dir.filePath("joint_glyphs.mbs.json"), without = dir.filePath("bare.mbs.json");
  ASSERT_FALSE(core::saveModel(model, withJoints.toStdString()));
  ASSERT_FALSE(core::saveModel(bare, without.toStdString()));

  ui::MainWindow window;
  window.resize(1400, 900);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(without, true));
  const int bareActors = window.modelView().scene().actorCount();
  for (const auto& e : core::loadModel(withJoints.toStdString()).errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(window.openFile(withJoints, true));
  EXPECT_EQ(window.modelView().scene().actorCount(), bareActors + static_cast<int>(joints))
      << "one glyph per joint, couplers included";
  ui::ModelView& view = window.modelView();
  view.setStandardView(ui::StandardView::Iso);
  view.renderer()->GetActiveCamera()->Zoom(2.2);  // the glyphs, not the grid around them
  view.requestRender();
  QTest::qWait(100);
  const QImage shot = view.grabFramebuffer();
  shot.save(test::screenshotDir() + "/joint_glyphs.png");
  EXPECT_GT(test::distinctColours(shot), 30);
}
