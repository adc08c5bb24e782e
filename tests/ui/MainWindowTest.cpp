#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTest>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

// The smoke test of the whole GUI: the main window opens a bundled example, renders the 3-D view
// and the picture is not blank.
TEST(MainWindow, OpensTheSliderCrankAndRendersIt)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));

  const core::Model& model = window.document().model();
  EXPECT_GE(model.parts().size(), 4u);  // ground, crank, connecting rod, slider
  EXPECT_GT(window.modelView().scene().actorCount(), static_cast<int>(model.parts().size()));
  EXPECT_NE(window.modelTree().itemOf(core::EntityRef(model.parts().back().id)), nullptr);

  QTest::qWait(200);
  const QImage view = window.modelView().grabFramebuffer();
  const QImage whole = window.grab().toImage();
  view.save(test::screenshotDir() + "/main_window_view.png");
  whole.save(test::screenshotDir() + "/main_window.png");
  EXPECT_GT(test::distinctColours(view), 50) << "the 3-D view rendered blank";
  EXPECT_GT(test::distinctColours(whole), 50);
}

TEST(MainWindow, ReportsAMalformedFileAndKeepsTheModel)
{
  test::application();
  ui::MainWindow window;
  const QString bad = QDir::temp().filePath("mbstudio_bad_model.mbs.json");
  {
    QFile file(bad);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{ \"format\": \"mbstudio-model\", \"version\": 1, \"parts\": [ { \"name\": 3 ");
  }
  const auto partsBefore = window.document().model().parts().size();
  EXPECT_FALSE(window.openFile(bad, true));
  EXPECT_EQ(window.document().model().parts().size(), partsBefore);
  EXPECT_TRUE(window.log().toPlainText().contains("mbstudio_bad_model"))
      << window.log().toPlainText().toStdString();
}

// Every hostile input kept for the fuzz targets (tests/data/fuzz): a file the loaders refuse is
// reported in the log with its name, and the model on screen stays as it was.
TEST(MainWindow, RefusedFuzzInputsKeepTheCurrentModel)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  const auto partsBefore = window.document().model().parts().size();
  int refused = 0;
  for (const char* target : {"adm_import", "model_file", "initial_conditions"}) {
    const QDir dir(QString(MBS_TEST_DATA_DIR) + "/fuzz/" + target);
    for (const QFileInfo& file : dir.entryInfoList(QDir::Files)) {
      if (window.openFile(file.filePath(), true)) {
        // Accepted (the analysis, not the loader, refuses it): back to the example.
        ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
        continue;
      }
      ++refused;
      EXPECT_EQ(window.document().model().name, "slider_crank") << file.fileName().toStdString();
      EXPECT_EQ(window.document().model().parts().size(), partsBefore);
      EXPECT_TRUE(window.log().toPlainText().contains(file.fileName())) << file.fileName().toStdString();
    }
  }
  EXPECT_GE(refused, 8);
}

TEST(MainWindow, SelectingInTheTreeSelectsInTheDocument)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("four_bar.mbs.json"), true));
  const core::Model& model = window.document().model();
  const core::EntityRef joint(model.joints().front().id);
  QTreeWidgetItem* item = window.modelTree().itemOf(joint);
  ASSERT_NE(item, nullptr);
  window.modelTree().setCurrentItem(item);
  ASSERT_EQ(window.document().selection().size(), 1u);
  EXPECT_EQ(window.document().selection().front(), joint);
}
