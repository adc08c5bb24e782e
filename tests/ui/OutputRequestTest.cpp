// Build > Output Requests: a user's own expressions and a displacement request, made by clicking
// (one undo step), saved with the model, run, and plotted by name. Checked on the free pendulum
// released from the horizontal: the bob's distance from the pivot stays its 1 m arm, the F1
// expression DY(bob_cm, pivot) is the bob's height (the part's CM y), F2 = VM(bob_cm) is its speed.
#include <gtest/gtest.h>

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/RequestDialog.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

namespace {

ui::RequestDialog* openRequests(ui::MainWindow& window)
{
  window.findChild<QAction*>("actionRequests")->trigger();
  for (auto* d : window.findChildren<ui::RequestDialog*>())
    if (d->isVisible())
      return d;
  return nullptr;
}

void apply(ui::RequestDialog& dialog)
{
  QTest::mouseClick(dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply), Qt::LeftButton);
}

}  // namespace

TEST(OutputRequests, MadeByClickingRunAndPlottedByName)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/pendulum.mbs.json", true));
  ui::RequestDialog* dialog = openRequests(window);
  ASSERT_NE(dialog, nullptr);

  // A function request without expressions is refused with the reason, no undo step.
  const std::size_t steps = window.document().undoStack().index();
  dialog->name->setText("bob_motion");
  dialog->type->setCurrentIndex(4);  // expressions F1 ... F8
  apply(*dialog);
  EXPECT_TRUE(dialog->errorText().contains("at least one expression")) << dialog->errorText().toStdString();
  EXPECT_EQ(window.document().undoStack().index(), steps);
  // An expression naming a marker that does not exist is refused by the model's own check.
  dialog->functions[0]->setText("DY(no_such_marker)");
  apply(*dialog);
  EXPECT_TRUE(dialog->errorText().contains("no_such_marker")) << dialog->errorText().toStdString();
  EXPECT_TRUE(window.document().model().requests.empty());

  dialog->functions[0]->setText("DY(bob_cm, pivot)");
  dialog->functions[1]->setText("VM(bob_cm)");
  apply(*dialog);
  ASSERT_EQ(dialog->errorText(), QString());
  EXPECT_EQ(window.document().undoStack().index(), steps + 1);

  // A second request, a displacement of the bob's CM from the pivot; its name left automatic.
  dialog->request->setCurrentIndex(dialog->request->count() - 1);  // (new request)
  EXPECT_TRUE(dialog->name->text().isEmpty());
  dialog->type->setCurrentIndex(0);
  ASSERT_TRUE(dialog->iMarker->selectName("bob_cm"));
  ASSERT_TRUE(dialog->jMarker->selectName("pivot"));
  apply(*dialog);
  ASSERT_EQ(dialog->errorText(), QString());
  const auto& requests = window.document().model().requests;
  ASSERT_EQ(requests.size(), 2u);
  EXPECT_EQ(requests[1].name, "REQUEST_1");
  EXPECT_EQ(dialog->request->currentText(), "REQUEST_1");

  // Delete is its own undo step; undo brings the request back.
  QTest::mouseClick(dialog->remove, Qt::LeftButton);
  EXPECT_EQ(window.document().model().requests.size(), 1u);
  window.findChild<QAction*>("actionUndo")->trigger();
  ASSERT_EQ(window.document().model().requests.size(), 2u);
  dialog->request->setCurrentIndex(0);  // the expressions, for the user guide's picture
  dialog->show();
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/request_dialog.png");
  dialog->close();

  ASSERT_EQ(test::runDynamic(window, 1.0, 100), "");

  ui::PlotPanel& plot = window.plot();
  auto curve = [&plot](const char* entity, const char* quantity) {
    EXPECT_TRUE(plot.addCurve(entity, quantity)) << entity << ": " << quantity;
    return plot.samples(plot.curveCount() - 1);
  };
  const auto height = curve("bob_motion (request)", "F1 = DY(bob_cm, pivot)");
  const auto speed = curve("bob_motion (request)", "F2 = VM(bob_cm)");
  const auto arm = curve("REQUEST_1 (request)", "mag [m]");
  const auto cmY = curve("bob", "CM position y [m]");
  const auto cmSpeed = curve("bob", "Speed |v| [m/s]");
  ASSERT_EQ(height.size(), 101u);
  ASSERT_EQ(arm.size(), 101u);
  double lowest = 0.0;
  for (std::size_t k = 0; k < height.size(); ++k) {
    EXPECT_NEAR(height[k].second, cmY[k].second, 1e-12) << "t = " << height[k].first;
    EXPECT_NEAR(speed[k].second, cmSpeed[k].second, 1e-12);
    EXPECT_NEAR(arm[k].second, 1.0, 1e-6) << "the bob stays on its 1 m arm";
    lowest = std::min(lowest, height[k].second);
  }
  EXPECT_NEAR(lowest, -1.0, 1e-3);  // the swing passes below the pivot

  plot.clearCurves();
  curve("bob_motion (request)", "F1 = DY(bob_cm, pivot)");
  curve("bob_motion (request)", "F2 = VM(bob_cm)");
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  if (auto* dock = window.findChild<QDockWidget*>("plotDock"))
    dock->raise();
  test::saveWindowScreenshot(window, "request_plot");
}
