// File menu: new, open (native, Adams .adm and .acf), recent files, the bundled examples, save, save as,
// export to Adams or as a co-simulation FMU, screenshot.
#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStyle>
#include <QToolBar>

#include "Actions.hpp"
#include "FileMessages.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AtomicFile.hpp"
#include "mbs/fmu/PlantVariables.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/RecentFiles.hpp"
#include "mbs/ui/dialogs/ErrorBox.hpp"
#include "mbs/ui/dialogs/FmuExportDialog.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {
namespace {

// The first filter is the default: every kind of model mbstudio opens, Adams files included.
const char* const kModelFilter = QT_TRANSLATE_NOOP(
    "QObject",
    "All models (*.mbs.json *.json *.adm *.acf);;mbstudio models (*.mbs.json *.json);;Adams "
    "datasets (*.adm);;Adams command files (*.acf);;All files (*)");

void onNew(MainWindow& window)
{
  if (!confirmUnsavedChanges(window))
    return;
  window.document().newModel();
  window.log().info(QObject::tr("New model."));
}

void onOpen(MainWindow& window)
{
  if (!confirmUnsavedChanges(window))
    return;
  const QString path = QFileDialog::getOpenFileName(&window, QObject::tr("Open model"),
                                                    RecentFiles::lastDirectory(), QObject::tr(kModelFilter));
  if (!path.isEmpty())
    window.openFile(path);
}

bool onSaveAs(MainWindow& window)
{
  QString path =
      QFileDialog::getSaveFileName(&window, QObject::tr("Save model as"), RecentFiles::lastDirectory(),
                                   QObject::tr("mbstudio models (*.mbs.json)"));
  if (path.isEmpty())
    return false;
  if (!path.endsWith(".json"))
    path += ".mbs.json";
  QString error;
  if (!window.document().save(path, &error)) {
    window.log().error(error);
    QMessageBox::critical(&window, QObject::tr("Save failed"), error);
    return false;
  }
  RecentFiles::add(path);
  window.log().info(QObject::tr("Saved %1").arg(path));
  return true;
}

void onSave(MainWindow& window)
{
  saveDocument(window);
}

// File ▸ Export ▸ Adams Dataset: what Adams syntax cannot express is listed and nothing written.
void onExportAdams(MainWindow& window)
{
  const core::AdmExportResult exported = core::exportAdm(window.document().model());
  QStringList problems;
  for (const auto& e : exported.errors)
    problems << translateReason(e.reason);
  if (!exported.ok()) {
    window.log().error(QObject::tr("Adams export refused:\n%1").arg(problems.join('\n')));
    QMessageBox::critical(
        &window, QObject::tr("Export to Adams"),
        QObject::tr("The model cannot be written as an Adams dataset:\n\n%1").arg(problems.join('\n')));
    return;
  }
  QString path =
      QFileDialog::getSaveFileName(&window, QObject::tr("Export Adams dataset"), RecentFiles::lastDirectory(),
                                   QObject::tr("Adams datasets (*.adm)"));
  if (path.isEmpty())
    return;
  if (!path.endsWith(".adm", Qt::CaseInsensitive))
    path += ".adm";
  // Written aside and renamed: a failed export leaves the previous file whole.
  if (const auto error = core::writeFileAtomically(path.toStdString(), exported.text)) {
    window.log().error(QObject::tr("Could not write %1").arg(path) + ": " + QString::fromStdString(*error));
    return;
  }
  for (const auto& w : exported.warnings)
    window.log().warning(translateReason(w.reason));
  window.log().info(QObject::tr("Exported Adams dataset %1").arg(path));
}

// File ▸ Export ▸ Co-Simulation FMU: refused at once, with the exporter's reason, when the model is
// no control plant; otherwise the dialog lists the FMU's variables and runs the export.
void onExportFmu(MainWindow& window)
{
  const fmu::PlantVariables plant = fmu::plantVariables(window.document().model());
  if (!plant.ok()) {
    const QString reason = translateReason("cannot export an FMU: " + plant.error);
    window.log().error(reason);
    showErrorBox(&window, QObject::tr("Export Co-Simulation FMU"), reason, "fmuRefusedBox");
    return;
  }
  auto* dialog = new FmuExportDialog(window, fmuBinaryForThisProgram());
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();  // window-modal: the model does not change under the dialog's list
}

void onSaveScreenshot(MainWindow& window)
{
  const QString path =
      QFileDialog::getSaveFileName(&window, QObject::tr("Save view as image"), RecentFiles::lastDirectory(),
                                   QObject::tr("PNG images (*.png)"));
  if (path.isEmpty())
    return;
  if (window.modelView().grabFramebuffer().save(path))
    window.log().info(QObject::tr("View saved to %1").arg(path));
  else
    window.log().error(QObject::tr("Could not write %1").arg(path));
}

// File ▸ Examples: the bundled models, by file name.
void fillExamplesMenu(MainWindow& window, QMenu& examples)
{
  examples.clear();
  const QString dir = bundledExamplesDirectory();
  const QStringList files =
      dir.isEmpty() ? QStringList()
                    : QDir(dir).entryList({"*.mbs.json", "*.adm"}, QDir::Files | QDir::Readable, QDir::Name);
  for (const QString& file : files) {
    QAction* action = examples.addAction(file);
    action->setObjectName("example:" + file);
    const QString path = QDir(dir).filePath(file);
    action->setToolTip(path);
    QObject::connect(action, &QAction::triggered, &window, [&window, path] {
      if (confirmUnsavedChanges(window))
        window.openFile(path);
    });
  }
  examples.setEnabled(!files.isEmpty());
}

void fillRecentMenu(MainWindow& window, QMenu& recent)
{
  recent.clear();
  const QStringList files = RecentFiles::list();
  for (const QString& path : files) {
    QAction* action = recent.addAction(QFileInfo(path).fileName());
    action->setToolTip(path);
    QObject::connect(action, &QAction::triggered, &window, [&window, path] {
      if (confirmUnsavedChanges(window))
        window.openFile(path);
    });
  }
  recent.setEnabled(!files.isEmpty());
}

}  // namespace

QString bundledExamplesDirectory()
{
  const QDir app(QCoreApplication::applicationDirPath());
  for (const QString& path :
       {app.filePath("../share/mbstudio/models"), QStringLiteral(MBS_SOURCE_MODELS_DIR)})
    if (QFileInfo(path).isDir())
      return QFileInfo(path).canonicalFilePath();
  return QString();
}

bool isBundledExample(const QString& path)
{
  const QString dir = bundledExamplesDirectory();
  const QString file = QFileInfo(path).canonicalFilePath();
  return !dir.isEmpty() && !file.isEmpty() && QFileInfo(file).canonicalPath() == dir;
}

bool saveDocument(MainWindow& window)
{
  const QString path = window.document().filePath();
  // Adams datasets are imported, never overwritten: saving goes to a native file. A bundled
  // example (or any file that cannot be written) is kept as installed: Save As.
  if (path.isEmpty() || path.endsWith(".adm", Qt::CaseInsensitive) ||
      path.endsWith(".acf", Qt::CaseInsensitive))
    return onSaveAs(window);
  if (isBundledExample(path) || !QFileInfo(path).isWritable()) {
    window.log().info(QObject::tr("%1 is a bundled example or read-only; save your copy elsewhere.")
                          .arg(QFileInfo(path).fileName()));
    return onSaveAs(window);
  }
  QString error;
  if (!window.document().save(path, &error)) {
    window.log().error(error);
    QMessageBox::critical(&window, QObject::tr("Save failed"), error);
    return false;
  }
  window.log().info(QObject::tr("Saved %1").arg(path));
  return true;
}

bool confirmUnsavedChanges(MainWindow& window)
{
  if (!window.document().isModified())
    return true;
  QMessageBox box(QMessageBox::Warning, QObject::tr("Unsaved changes"),
                  QObject::tr("Save the changes to %1 first?").arg(window.document().displayName()),
                  QMessageBox::NoButton, &window);
  box.setObjectName("unsavedChangesBox");
  box.setInformativeText(QObject::tr("Your changes are lost if you don't save them."));
  QPushButton* save = box.addButton(QMessageBox::Save);
  QPushButton* dontSave = box.addButton(QObject::tr("Do&n't Save"), QMessageBox::DestructiveRole);
  box.addButton(QMessageBox::Cancel);
  box.setDefaultButton(save);
  box.exec();
  if (box.clickedButton() == save)
    return saveDocument(window);
  return box.clickedButton() == dontSave;
}

void installFileActions(MainWindow& window, QMenu& menu, QToolBar& toolbar)
{
  auto add = [&](const QString& text, QKeySequence shortcut, auto handler, QStyle::StandardPixmap icon) {
    QAction* action = menu.addAction(window.style()->standardIcon(icon), text);
    action->setShortcut(shortcut);
    QObject::connect(action, &QAction::triggered, &window, [&window, handler] { handler(window); });
    return action;
  };
  toolbar.addAction(add(QObject::tr("&New"), QKeySequence::New, onNew, QStyle::SP_FileIcon));
  toolbar.addAction(
      add(QObject::tr("&Open / Import .adm..."), QKeySequence::Open, onOpen, QStyle::SP_DialogOpenButton));
  QMenu* recent = menu.addMenu(QObject::tr("Open &Recent"));
  QObject::connect(recent, &QMenu::aboutToShow, &window,
                   [&window, recent] { fillRecentMenu(window, *recent); });
  fillRecentMenu(window, *recent);
  QMenu* examples = menu.addMenu(QObject::tr("E&xamples"));
  examples->setObjectName("examplesMenu");
  QObject::connect(examples, &QMenu::aboutToShow, &window,
                   [&window, examples] { fillExamplesMenu(window, *examples); });
  fillExamplesMenu(window, *examples);
  menu.addSeparator();
  toolbar.addAction(add(QObject::tr("&Save"), QKeySequence::Save, onSave, QStyle::SP_DialogSaveButton));
  add(QObject::tr("Save &As..."), QKeySequence::SaveAs, onSaveAs, QStyle::SP_DialogSaveButton);
  menu.addSeparator();
  QMenu* exportMenu = menu.addMenu(QObject::tr("&Export"));
  QAction* exportAdams = exportMenu->addAction(QObject::tr("&Adams Dataset (.adm)..."));
  exportAdams->setObjectName("exportAdamsAction");
  QObject::connect(exportAdams, &QAction::triggered, &window, [&window] { onExportAdams(window); });
  QAction* exportFmu = exportMenu->addAction(QObject::tr("Co-Simulation &FMU (.fmu)..."));
  exportFmu->setObjectName("exportFmuAction");
  QObject::connect(exportFmu, &QAction::triggered, &window, [&window] { onExportFmu(window); });
  add(QObject::tr("Save View as &Image..."), QKeySequence(), onSaveScreenshot, QStyle::SP_DesktopIcon);
  menu.addSeparator();
  QAction* quit = menu.addAction(QObject::tr("&Quit"));
  quit->setShortcut(QKeySequence::Quit);
  QObject::connect(quit, &QAction::triggered, &window, &QWidget::close);
}

}  // namespace mbs::ui
