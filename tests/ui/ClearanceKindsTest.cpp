// Spherical and translational clearance joints in the GUI (issue 14): the property panel's switch
// and rows named after the kind (ball radius, slider length, the gap along x), Build ▸ Joint
// friction's group for them with refusals naming the joint and field, and the bundled examples run
// from the GUI against closed forms: the ball resting at (m g / K)^(1/n) below the socket centre,
// the slider resting on both ends with the moment balance's penetrations, its orbit bounded by the
// square |x| + |y| = c.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QTest>

#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"

using namespace mbs;

namespace {

QDoubleSpinBox* numberField(ui::PropertyPanel& panel, const char* pointer)
{
  return qobject_cast<QDoubleSpinBox*>(panel.editorOf(pointer));
}

QString rowLabel(QWidget* field)
{
  for (QWidget* w = field->parentWidget(); w; w = w->parentWidget())
    for (auto* label : w->findChildren<QLabel*>())
      if (label->buddy() == field)
        return label->text();
  return {};
}

QString example(const char* name)
{
  return QString(MBS_RESOURCES_DIR) + "/models/" + name;
}

}  // namespace

TEST(ClearanceKinds, PropertyPanelNamesTheSliderAndTheBall)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(example("slider_guide_clearance.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::JointId id = doc.model().findJoint("guide");
  ASSERT_TRUE(id.valid());
  doc.setSelection({core::EntityRef(id)});
  ui::PropertyPanel& panel = window.properties();
  auto* on = panel.findChild<QCheckBox*>("clearanceSwitch");
  ASSERT_NE(on, nullptr) << "a translational joint offers a clearance";
  EXPECT_TRUE(on->isChecked());
  EXPECT_EQ(on->text(), QString("Clearance (slider in guide, gap along x)"));
  ASSERT_NE(numberField(panel, "/clearance/slider_length"), nullptr);
  EXPECT_EQ(rowLabel(numberField(panel, "/clearance/slider_length")), QString("Slider length"));
  EXPECT_EQ(rowLabel(numberField(panel, "/clearance/clearance")), QString("Clearance per side c (along x)"));
  EXPECT_EQ(numberField(panel, "/clearance/journal_radius"), nullptr);
  test::typeAndEnter(numberField(panel, "/clearance/slider_length"), "0.12");
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->sliderLength, 0.12);
  test::typeAndEnter(numberField(panel, "/clearance/slider_length"), "0");
  EXPECT_TRUE(panel.errorText().contains("guide")) << panel.errorText().toStdString();
  EXPECT_TRUE(panel.errorText().contains("slider length must be positive"))
      << panel.errorText().toStdString();
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->sliderLength, 0.12);
  QTest::qWait(200);
  test::saveWindowScreenshot(window, "clearance_slider_panel");

  // Off and on again: the slider gets the default length, not a journal radius.
  on->click();
  EXPECT_FALSE(doc.model().joint(id)->clearance.has_value());
  ASSERT_TRUE(test::waitFor([&] { return numberField(panel, "/clearance/slider_length") == nullptr; }, 2000));
  panel.findChild<QCheckBox*>("clearanceSwitch")->click();
  ASSERT_TRUE(doc.model().joint(id)->clearance.has_value());
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->sliderLength, 0.1);
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->journalRadius, 0.0);

  ASSERT_TRUE(window.openFile(example("ball_socket_clearance.mbs.json"), true));
  const core::JointId ball = window.document().model().findJoint("socket");
  window.document().setSelection({core::EntityRef(ball)});
  ASSERT_TRUE(test::waitFor(
      [&] { return numberField(window.properties(), "/clearance/ball_radius") != nullptr; }, 2000));
  EXPECT_EQ(window.properties().findChild<QCheckBox*>("clearanceSwitch")->text(),
            QString("Clearance (ball in socket)"));
  EXPECT_EQ(rowLabel(numberField(window.properties(), "/clearance/ball_radius")), QString("Ball radius"));
}

TEST(ClearanceKinds, FrictionDialogSetsASlidersClearance)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(example("slider_guide_clearance.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::JointId id = doc.model().findJoint("guide");
  window.findChild<QAction*>("actionFriction")->trigger();
  auto* dialog = window.findChild<ui::FrictionDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(dialog->joint->selectName("guide"));
  ASSERT_TRUE(dialog->clearanceGroup->isVisibleTo(dialog));
  EXPECT_TRUE(dialog->clearanceGroup->isChecked());
  EXPECT_TRUE(dialog->clearanceGroup->title().contains("slider-in-guide"))
      << dialog->clearanceGroup->title().toStdString();
  EXPECT_EQ(rowLabel(dialog->journalRadius), QString("Slider length"));
  EXPECT_EQ(rowLabel(dialog->clearance), QString("Clearance per side c"));
  EXPECT_DOUBLE_EQ(dialog->journalRadius->value(), 0.1);
  auto apply = [dialog] { dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply)->click(); };
  dialog->journalRadius->setValue(0.0);
  apply();
  EXPECT_TRUE(dialog->errorText().contains("guide")) << dialog->errorText().toStdString();
  EXPECT_TRUE(dialog->errorText().contains("the slider length")) << dialog->errorText().toStdString();
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->sliderLength, 0.1);
  dialog->journalRadius->setValue(0.15);
  dialog->clearance->setValue(3e-4);
  dialog->muStatic->setValue(0.2);
  dialog->muDynamic->setValue(0.15);
  dialog->grab().save(test::screenshotDir() + "/clearance_slider_dialog.png");
  apply();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  const core::ClearanceParameters& c = *doc.model().joint(id)->clearance;
  EXPECT_DOUBLE_EQ(c.sliderLength, 0.15);
  EXPECT_DOUBLE_EQ(c.clearance, 3e-4);
  EXPECT_DOUBLE_EQ(c.staticCoefficient, 0.2);
  EXPECT_DOUBLE_EQ(c.journalRadius, 0.0);

  // The Adams IMPACT law: only c_max and d shown; d must be positive.
  const int impact = dialog->contactLaw->findData("impact");
  ASSERT_GE(impact, 0);
  dialog->contactLaw->setCurrentIndex(impact);
  EXPECT_TRUE(dialog->maxDamping->isVisibleTo(dialog));
  EXPECT_TRUE(dialog->penetrationDepth->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->restitution->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->linearDamping->isVisibleTo(dialog));
  EXPECT_EQ(rowLabel(dialog->maxDamping), QString("Max damping c_max"));
  dialog->penetrationDepth->setValue(0.0);
  apply();
  EXPECT_TRUE(dialog->errorText().contains("the penetration depth d")) << dialog->errorText().toStdString();
  dialog->maxDamping->setValue(500.0);
  dialog->penetrationDepth->setValue(2e-4);
  apply();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  const core::ClearanceParameters& i = *doc.model().joint(id)->clearance;
  EXPECT_EQ(i.law, core::ClearanceLaw::Impact);
  EXPECT_DOUBLE_EQ(i.maxDamping, 500.0);
  EXPECT_DOUBLE_EQ(i.penetrationDepth, 2e-4);
}

// The bundled slider: gravity across the guide, CM 20 mm towards the front end of the 100 mm slider;
// it rests on both ends with δ± = (m g (1/2 ± 1/5) / K)^(1/n), and its orbit stays in |x| + |y| ≤ c
// (up to the penetration).
TEST(ClearanceKinds, SliderExampleRestsByMomentBalanceInsideItsSquareOrbit)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 1000);
  window.show();
  ASSERT_TRUE(window.openFile(example("slider_guide_clearance.mbs.json"), true));
  ASSERT_EQ(test::runDynamic(window, 0.5, 200), "");
  ui::PlotPanel& plot = window.plot();
  const char* entity = "guide (clearance contact)";
  ASSERT_TRUE(plot.addCurve(entity, "Contact normal force [N]"));
  ASSERT_TRUE(plot.addCurve(entity, "Orbit: eccentricity y vs x [m]"));
  const auto normal = plot.samples(0), orbit = plot.samples(1);
  ASSERT_EQ(orbit.size(), 201u);
  const double c = 5e-4, mg = 2.0 * 9.81;
  const double front = std::pow(mg * 0.7 / 1e9, 1.0 / 1.5), back = std::pow(mg * 0.3 / 1e9, 1.0 / 1.5);
  const auto [x, y] = orbit.back();
  EXPECT_NEAR(-(x + y) - c, front, 1e-3 * front);
  EXPECT_NEAR(-(x - y) - c, back, 1e-3 * back);
  EXPECT_NEAR(normal.back().second, mg, 1e-3 * mg);
  for (const auto& [ox, oy] : orbit)
    EXPECT_LT(std::abs(ox) + std::abs(oy), c + 0.1 * c);
  QTest::qWait(200);
  ASSERT_TRUE(plot.exportTo(test::screenshotDir() + "/clearance_slider_orbit.png"));
}

// The bundled ball: thrown sideways in its socket, it falls across the clearance and rolls round
// the bottom in 3-D, never further out than c plus its penetration (|e| = c + δ in contact).
TEST(ClearanceKinds, BallExampleRollsRoundTheBottomOfItsSocketIn3D)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(example("ball_socket_clearance.mbs.json"), true));
  ASSERT_EQ(test::runDynamic(window, 0.5, 100), "");
  ui::PlotPanel& plot = window.plot();
  const char* entity = "socket (clearance contact)";
  ASSERT_TRUE(plot.addCurve(entity, "Penetration [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "Eccentricity |e| [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "Eccentricity y [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "Eccentricity z [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "In contact (1 = contact)"));
  const auto penetration = plot.samples(0), norm = plot.samples(1), ey = plot.samples(2),
             ez = plot.samples(3), contact = plot.samples(4);
  ASSERT_EQ(penetration.size(), 101u);
  const double c = 5e-4;
  EXPECT_NEAR(norm.front().second, 0.0, 1e-12) << "released at the centre";
  double widest = 0.0;
  for (std::size_t k = 0; k < norm.size(); ++k) {
    EXPECT_NEAR(norm[k].second - c, penetration[k].second, 1e-12) << "|e| in 3-D is c + δ, frame " << k;
    EXPECT_LT(penetration[k].second, 0.1 * c);
    widest = std::max(widest, std::abs(ez[k].second));
  }
  EXPECT_EQ(contact.back().second, 1.0);
  EXPECT_LT(ey.back().second, -0.9 * c) << "at the bottom";
  EXPECT_GT(widest, 0.05 * c) << "it went round in 3-D";
}
