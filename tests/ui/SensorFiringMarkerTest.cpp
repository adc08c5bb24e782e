// A SENSOR's firing marked on the time axis (issue 31), as Adams/PostProcessor marks a run's
// events: the ball of the bundled ball-drop example, without its floor contact, falls freely from
// z₀ = 0.55 m; a sensor made in Build ▸ System Elements halts the run when DZ(ball_cm) ≤ h = 0.3 m,
// at the closed-form time t = √(2 (z₀ − h − ERROR) / g). The Plot panel draws a vertical line
// named after the sensor at that time (in the model's time unit), and the animation's time slider
// shows a mark at the handle's position of that time.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/SystemElementsDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/EventTicks.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

namespace {

constexpr double kG = 9.81, kZ0 = 0.55, kH = 0.3, kError = 1e-6;

// The ball-drop example without its contact, with the HALT sensor added through the dialog.
void ballWithHaltSensor(ui::MainWindow& window)
{
  ASSERT_TRUE(test::showWithExample(window, "ball_drop_contact.mbs.json"));
  ui::Document& doc = window.document();
  const core::ForceId contact = doc.model().findForce("ball_on_floor");
  ASSERT_TRUE(contact.valid());
  ASSERT_TRUE(doc.execute(std::make_unique<core::RemoveEntity>(core::EntityRef(contact))));
  window.findChild<QAction*>("actionSystemElements")->trigger();
  ui::SystemElementsDialog* dialog = nullptr;
  for (auto* d : window.findChildren<ui::SystemElementsDialog*>())
    if (d->isVisible())
      dialog = d;
  ASSERT_NE(dialog, nullptr);
  dialog->selectKind(ui::SystemElementsDialog::Kind::Sensor);
  dialog->name->setText("at_30cm");
  dialog->function->setText("DZ(ball_cm)");
  dialog->compare->setCurrentIndex(2);  // at most the value
  dialog->value->setValue(kH);
  dialog->tolerance->setValue(kError);
  dialog->action->setCurrentIndex(1);  // HALT
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply), Qt::LeftButton);
  ASSERT_EQ(doc.model().sensors.size(), 1u) << dialog->errorText().toStdString();
  dialog->close();
}

}  // namespace

TEST(SensorFiringMarker, HaltAtAHeightMarkedOnThePlotAndTheTimeline)
{
  test::application();
  ui::MainWindow window;
  ballWithHaltSensor(window);
  if (HasFatalFailure())
    return;
  ASSERT_EQ(test::runDynamic(window, 0.5, 100), "");
  const double expected = std::sqrt(2.0 * (kZ0 - kH - kError) / kG);  // 0.22576 s
  const auto firings = window.results().sensorFirings();
  ASSERT_EQ(firings.size(), 1u);
  EXPECT_EQ(firings[0].sensor, "at_30cm");
  EXPECT_NEAR(firings[0].time, expected, 1e-5) << "√(2 (z₀ − h) / g)";

  // The plot: the ball's height with the firing's line at that time, named, inside the plot.
  window.findChild<QDockWidget*>("plotDock")->raise();
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("ball", "CM position z [m]"));
  QTest::qWait(100);
  auto markers = plot.eventMarkers(0);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_EQ(markers[0].name, "at_30cm");
  EXPECT_NEAR(markers[0].x, firings[0].time, 1e-12);
  EXPECT_TRUE(markers[0].visible);
  const auto samples = plot.samples(0);
  ASSERT_FALSE(samples.empty());
  EXPECT_NEAR(samples.back().first, firings[0].time, 1e-9) << "the HALT ends the results there";
  EXPECT_NEAR(samples.back().second, kH + kError, 1e-6);
  test::saveWindowScreenshot(window, "sensor_firing_marker");

  // A second subplot gets its own line; the time unit moves it with the axis (ms).
  plot.addSubplot();
  ASSERT_TRUE(plot.addCurve("ball", "CM velocity z [m/s]"));
  QTest::qWait(50);
  ASSERT_EQ(plot.eventMarkers(1).size(), 1u);
  test::chooseUnits(window, "MKS", "deg", {}, "ms");
  QTest::qWait(50);
  markers = plot.eventMarkers(0);
  ASSERT_EQ(markers.size(), 1u);
  EXPECT_NEAR(markers[0].x, 1000.0 * firings[0].time, 1e-9) << "in ms on a ms axis";

  // The animation's time slider: the mark where the handle stands at the firing (the last frame).
  window.findChild<QDockWidget*>("animationDock")->raise();
  QTest::qWait(50);
  ui::AnimationPanel& animation = window.animation();
  const ui::EventTicks* ticks = animation.eventTicks();
  ASSERT_NE(ticks, nullptr);
  EXPECT_TRUE(ticks->isVisible());
  ASSERT_EQ(ticks->marks().size(), 1u);
  EXPECT_EQ(ticks->marks()[0].name, "at_30cm");
  QSlider* slider = animation.timeSlider();
  EXPECT_NEAR(ticks->marks()[0].value, slider->maximum(), 1e-9);
  animation.setFrame(animation.frameCount() - 1);
  QStyleOptionSlider option;
  option.initFrom(slider);
  option.orientation = slider->orientation();
  option.minimum = slider->minimum();
  option.maximum = slider->maximum();
  option.sliderPosition = option.sliderValue = slider->value();
  const QRect handle =
      slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, slider);
  EXPECT_NEAR(ticks->markX(0), handle.center().x(), 1.0);
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "sensor_firing_timeline");

  // Clearing the results (another model) takes the marks away.
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  QTest::qWait(50);
  EXPECT_TRUE(ticks->marks().empty());
  EXPECT_TRUE(plot.eventMarkers(0).empty());
}
