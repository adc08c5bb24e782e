// Help menu: the user guide (the bundled docs/ manual, shown in a browser window), the Chinese quick
// start and About.
#include <QAction>
#include <QCoreApplication>
#include <QDialog>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "Actions.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/LogPanel.hpp"

namespace mbs::ui {
namespace {

// The Chinese quick start (docs/zh/quick-start.md, installed to share/doc/mbstudio/zh); empty if absent.
QString quickStartPath()
{
  const QDir app(QCoreApplication::applicationDirPath());
  for (const QString& path : {app.filePath("../share/doc/mbstudio/zh/quick-start.md"),
                              QStringLiteral(MBS_SOURCE_DOCS_DIR "/zh/quick-start.md")})
    if (QFileInfo::exists(path))
      return QFileInfo(path).canonicalFilePath();
  return QString();
}

void onQuickStart(MainWindow& window)
{
  const QString guide = quickStartPath();
  if (guide.isEmpty()) {
    window.log().error(QObject::tr("The Chinese quick start (zh/quick-start.md) is not installed."));
    return;
  }
  auto* dialog = window.findChild<QDialog*>("quickStartZh");
  if (!dialog) {
    dialog = new QDialog(&window, Qt::Window);
    dialog->setObjectName("quickStartZh");
    dialog->setWindowTitle(QObject::tr("mbstudio quick start (Chinese)"));
    auto* layout = new QVBoxLayout(dialog);
    auto* browser = new QTextBrowser;
    browser->setOpenExternalLinks(true);
    browser->setSource(QUrl::fromLocalFile(guide), QTextDocument::MarkdownResource);
    layout->addWidget(browser);
    dialog->resize(900, 700);
  }
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
}

void onUserGuide(MainWindow& window)
{
  const QString guide = userGuidePath();
  if (guide.isEmpty()) {
    window.log().error(
        QObject::tr("The user guide (user-guide.md) was not found next to mbstudio "
                    "(share/doc/mbstudio) nor in the source tree's docs folder."));
    QMessageBox::warning(&window, QObject::tr("User guide"),
                         QObject::tr("The user guide is not installed with this copy of mbstudio."));
    return;
  }
  // One guide window, raised again on the next request.
  auto* dialog = window.findChild<QDialog*>("userGuide");
  if (!dialog) {
    dialog = new QDialog(&window, Qt::Window);
    dialog->setObjectName("userGuide");
    dialog->setWindowTitle(QObject::tr("mbstudio user guide"));
    auto* layout = new QVBoxLayout(dialog);
    auto* browser = new QTextBrowser;
    browser->setObjectName("userGuideBrowser");
    browser->setOpenExternalLinks(true);
    browser->setSource(QUrl::fromLocalFile(guide), QTextDocument::MarkdownResource);
    layout->addWidget(browser);
    dialog->resize(900, 700);
  }
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
}

}  // namespace

QString userGuidePath()
{
  const QDir app(QCoreApplication::applicationDirPath());
  const QStringList candidates = {
      app.filePath("../share/doc/mbstudio/user-guide.md"),   // installed
      QStringLiteral(MBS_SOURCE_DOCS_DIR "/user-guide.md"),  // run from the build tree
  };
  for (const QString& path : candidates)
    if (QFileInfo::exists(path))
      return QFileInfo(path).canonicalFilePath();
  return QString();
}

void installHelpActions(MainWindow& window, QMenu& menu)
{
  QAction* guide = menu.addAction(QObject::tr("&User Guide"));
  guide->setObjectName("userGuideAction");
  guide->setShortcut(QKeySequence::HelpContents);
  QObject::connect(guide, &QAction::triggered, &window, [&window] { onUserGuide(window); });
  QAction* quickStart = menu.addAction(QObject::tr("Quick Start in &Chinese (中文快速入门)"));
  quickStart->setObjectName("quickStartZhAction");
  QObject::connect(quickStart, &QAction::triggered, &window, [&window] { onQuickStart(window); });
  menu.addSeparator();
  menu.addAction(QObject::tr("&About mbstudio"), &window, [&window] {
    QMessageBox::about(&window, QObject::tr("About mbstudio"),
                       QObject::tr("<b>mbstudio</b> %1 — multibody dynamics pre/post-processor.<br>"
                                   "Model, check topology, solve and post-process mechanisms.")
                           .arg(QCoreApplication::applicationVersion()));
  });
}

}  // namespace mbs::ui
