// Help menu: the user guide (the bundled docs/ manual in the interface language, shown in a browser
// window), the Chinese quick start and About.
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
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/LogPanel.hpp"

namespace mbs::ui {
namespace {

// A bundled document (relative to docs/): installed to share/doc/mbstudio, or the source tree's
// docs folder when mbstudio runs from a build tree; empty if absent.
QString bundledDocument(const QString& relative)
{
  const QDir app(QCoreApplication::applicationDirPath());
  for (const QString& path : {app.filePath("../share/doc/mbstudio/" + relative),
                              QStringLiteral(MBS_SOURCE_DOCS_DIR "/") + relative})
    if (QFileInfo::exists(path))
      return QFileInfo(path).canonicalFilePath();
  return QString();
}

// One browser window per document (`name` is its object name), raised again on the next request.
void showDocument(MainWindow& window, const QString& path, const QString& name, const QString& title)
{
  auto* dialog = window.findChild<QDialog*>(name);
  if (!dialog) {
    dialog = new QDialog(&window, Qt::Window);
    dialog->setObjectName(name);
    dialog->setWindowTitle(title);
    auto* layout = new QVBoxLayout(dialog);
    auto* browser = new QTextBrowser;
    browser->setObjectName(name + "Browser");
    browser->setOpenExternalLinks(true);
    browser->setSource(QUrl::fromLocalFile(path), QTextDocument::MarkdownResource);
    layout->addWidget(browser);
    dialog->resize(900, 700);
  }
  dialog->show();
  dialog->raise();
  dialog->activateWindow();
}

void onQuickStart(MainWindow& window)
{
  const QString guide = bundledDocument("zh/quick-start.md");
  if (guide.isEmpty()) {
    window.log().error(QObject::tr("The Chinese quick start (zh/quick-start.md) is not installed."));
    return;
  }
  showDocument(window, guide, "quickStartZh", QObject::tr("mbstudio quick start (Chinese)"));
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
  showDocument(window, guide, "userGuide", QObject::tr("mbstudio user guide"));
}

}  // namespace

QString userGuidePath()
{
  // The guide in the interface language where it is translated (docs/zh/user-guide.md).
  if (Language::current().startsWith("zh"))
    if (const QString translated = bundledDocument("zh/user-guide.md"); !translated.isEmpty())
      return translated;
  return bundledDocument("user-guide.md");
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
