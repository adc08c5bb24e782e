// Help > User Guide opens the bundled manual (docs/user-guide.md) with its pictures.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialog>
#include <QTest>
#include <QTextBrowser>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"

using namespace mbs;

TEST(Help, UserGuideOpensTheBundledManualWithItsPictures)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  auto* action = window.findChild<QAction*>("userGuideAction");
  ASSERT_NE(action, nullptr);
  EXPECT_EQ(action->shortcut(), QKeySequence(QKeySequence::HelpContents));
  action->trigger();
  auto* guide = window.findChild<QDialog*>("userGuide");
  ASSERT_NE(guide, nullptr);
  ASSERT_TRUE(QTest::qWaitForWindowExposed(guide));
  auto* browser = guide->findChild<QTextBrowser*>("userGuideBrowser");
  ASSERT_NE(browser, nullptr);
  const QString text = browser->toPlainText();
  EXPECT_TRUE(text.startsWith("mbstudio user guide")) << text.left(80).toStdString();
  EXPECT_TRUE(text.contains("Crash recovery")) << "the guide describes the autosave";
  // The guide's pictures are found next to it.
  const QVariant picture = browser->document()->resource(
      QTextDocument::ImageResource, browser->source().resolved(QUrl("images/04b_run.png")));
  EXPECT_TRUE(picture.isValid() && !picture.value<QImage>().isNull());
  guide->grab().save(test::screenshotDir() + "/user_guide_window.png");

  action->trigger();  // a second request raises the same window
  EXPECT_EQ(window.findChildren<QDialog*>("userGuide").size(), 1);
}
