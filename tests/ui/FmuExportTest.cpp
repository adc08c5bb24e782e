// File ▸ Export ▸ Co-Simulation FMU (issue 31): the dialog lists the plant's inputs, outputs and
// parameters, the file is chosen in a file dialog, the export runs on a worker thread while the
// window keeps handling events, and the .fmu (a zip) holds the modelDescription.xml, the binary
// and the model; a model that is no plant is refused with the exporter's reason, in Chinese too.
#include <gtest/gtest.h>
#include <unzip.h>

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTimer>
#include <map>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FmuExportDialog.hpp"

using namespace mbs;

namespace {

const QString kPlantDeck = QStringLiteral(MBS_TEST_DATA_DIR "/fmu/pendulum_plant_mmks.adm");

// Every entry of the zip archive `path` by name, with its content; empty if it cannot be read.
std::map<std::string, std::string> readZip(const QString& path)
{
  std::map<std::string, std::string> entries;
  unzFile zip = unzOpen64(path.toStdString().c_str());
  if (!zip)
    return entries;
  for (int at = unzGoToFirstFile(zip); at == UNZ_OK; at = unzGoToNextFile(zip)) {
    char name[1024];
    unz_file_info64 info;
    if (unzGetCurrentFileInfo64(zip, &info, name, sizeof name, nullptr, 0, nullptr, 0) != UNZ_OK ||
        unzOpenCurrentFile(zip) != UNZ_OK)
      break;
    std::string content;
    char buffer[65536];
    int n = 0;
    while ((n = unzReadCurrentFile(zip, buffer, sizeof buffer)) > 0)
      content.append(buffer, std::size_t(n));
    unzCloseCurrentFile(zip);
    entries[name] = content;
  }
  unzClose(zip);
  return entries;
}

// The <ScalarVariable> element of `name` in a modelDescription.xml, up to its closing tag.
std::string scalarVariable(const std::string& xml, const std::string& name)
{
  const std::size_t at = xml.find("<ScalarVariable name=\"" + name + "\"");
  if (at == std::string::npos)
    return {};
  return xml.substr(at, xml.find("</ScalarVariable>", at) - at);
}

// Closes the next modal message box named `name` (whatever its buttons say, in any language) and
// keeps its text in `seen`.
void closeNextBox(const QString& name, QString* seen)
{
  auto* timer = new QTimer;
  QObject::connect(timer, &QTimer::timeout, [=] {
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        box && box->objectName() == name) {
      *seen = box->text() + '\n' + box->informativeText() + '\n' + box->detailedText();
      timer->stop();
      timer->deleteLater();
      box->done(0);
    }
  });
  timer->start(20);
}

ui::FmuExportDialog* openExportDialog(ui::MainWindow& window)
{
  QAction* action = window.findChild<QAction*>("exportFmuAction");
  if (!action)
    return nullptr;
  action->trigger();
  ui::FmuExportDialog* dialog = nullptr;
  test::waitFor(
      [&] {
        dialog = window.findChild<ui::FmuExportDialog*>("fmuExportDialog");
        return dialog && dialog->isVisible();
      },
      5000);
  return dialog;
}

}  // namespace

TEST(FmuExport, ThePlantIsListedExportedOnAWorkerAndTheFmuHoldsItsModelDescription)
{
  test::application();
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(window.openFile(kPlantDeck, true));
  ui::FmuExportDialog* dialog = openExportDialog(window);
  ASSERT_NE(dialog, nullptr);

  // Before the export: the PINPUT VARIABLE as the input, the POUTPUT ones as outputs, the deck's
  // constant VARIABLE (a parameter on import) as the parameter, in value-reference order.
  QTableWidget* table = dialog->variables;
  ASSERT_EQ(table->rowCount(), 4);
  const QStringList roles = {"input", "output", "output", "parameter"};
  const QStringList names = {"torque_in", "angle_out", "omega_out", "hinge_damping"};
  for (int row = 0; row < 4; ++row) {
    EXPECT_EQ(table->item(row, 0)->text(), roles[row]) << row;
    EXPECT_EQ(table->item(row, 1)->text(), names[row]) << row;
  }
  EXPECT_EQ(table->item(0, 2)->text(), "ctrl_in (signal 1)");
  EXPECT_EQ(table->item(2, 2)->text(), "ctrl_out (signal 2)");
  EXPECT_EQ(table->item(0, 3)->text(), "0");
  EXPECT_EQ(table->item(1, 4)->text(), "AZ(bob_cm, ground_pivot)") << "the output VARIABLE's function";
  // The deck's constant VARIABLE, a parameter in the deck's units (N-mm-s/rad), as the FMU has it.
  EXPECT_DOUBLE_EQ(table->item(3, 3)->text().toDouble(), 150.0);

  // The file through Browse..., answered as a user types it (without the extension).
  const QString target = dir.filePath("pendulum_plant.fmu");
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, [&] {
    if (auto* files = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
      poll.stop();
      files->selectFile(dir.filePath("pendulum_plant"));
      static_cast<QDialog*>(files)->accept();
    }
  });
  poll.start(20);
  dialog->browse->click();
  EXPECT_EQ(dialog->path->text(), target);
  test::saveWindowScreenshot(window, "fmu_export_dialog");
  dialog->grab().save(test::screenshotDir() + "/fmu_export_dialog_only.png");

  // The export runs on a worker: the window's event loop keeps turning while it does.
  int ticks = 0;
  QTimer tick;
  QObject::connect(&tick, &QTimer::timeout, [&] { ++ticks; });
  tick.start(1);
  bool finished = false, ok = false;
  QObject::connect(dialog, &ui::FmuExportDialog::exportFinished, [&](bool success) {
    finished = true;
    ok = success;
  });
  dialog->exportButton->click();
  EXPECT_TRUE(dialog->running());
  EXPECT_FALSE(dialog->exportButton->isEnabled()) << "one export at a time";
  ASSERT_TRUE(test::waitFor([&] { return finished; }, 60000));
  tick.stop();
  ASSERT_TRUE(ok) << dialog->status->text().toStdString();
  EXPECT_GT(ticks, 0) << "the event loop ran during the export";
  EXPECT_TRUE(dialog->status->text().contains(target));
  dialog->grab().save(test::screenshotDir() + "/fmu_export_dialog_done.png");

  // The archive: the description, the binary under the file's model identifier, the model.
  const auto entries = readZip(target);
  ASSERT_EQ(entries.count("modelDescription.xml"), 1u);
  EXPECT_EQ(entries.count("binaries/linux64/pendulum_plant.so"), 1u);
  ASSERT_EQ(entries.count("resources/model.mbs.json"), 1u);
  const std::string& xml = entries.at("modelDescription.xml");
  EXPECT_NE(xml.find("fmiVersion=\"2.0\""), std::string::npos);
  EXPECT_NE(xml.find("<CoSimulation modelIdentifier=\"pendulum_plant\""), std::string::npos);
  EXPECT_NE(scalarVariable(xml, "torque_in").find("causality=\"input\""), std::string::npos);
  EXPECT_NE(scalarVariable(xml, "angle_out").find("causality=\"output\""), std::string::npos);
  EXPECT_NE(scalarVariable(xml, "omega_out").find("causality=\"output\""), std::string::npos);
  const std::string damping = scalarVariable(xml, "hinge_damping");
  EXPECT_NE(damping.find("causality=\"parameter\""), std::string::npos);
  EXPECT_NE(damping.find("start=\"150\""), std::string::npos) << damping;
  // The model inside is the document's model, and reads back.
  EXPECT_EQ(entries.at("resources/model.mbs.json"), core::modelToString(window.document().model()));
  const core::LoadResult inside = core::modelFromString(entries.at("resources/model.mbs.json"));
  EXPECT_TRUE(inside.model) << (inside.errors.empty() ? "" : inside.errors[0].toString());
  dialog->close();
}

// A model without PINPUT/POUTPUT: refused before any dialog, with the exporter's reason.
TEST(FmuExport, AModelThatIsNoPlantIsRefusedWithTheReason)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("four_bar.mbs.json"), true));
  QString seen;
  closeNextBox("fmuRefusedBox", &seen);
  window.findChild<QAction*>("exportFmuAction")->trigger();
  EXPECT_TRUE(seen.contains("cannot export an FMU: the model has no plant input (PINPUT)"))
      << seen.toStdString();
  EXPECT_EQ(window.findChild<ui::FmuExportDialog*>("fmuExportDialog"), nullptr);
}

TEST(FmuExport, TheRefusalIsInChinese)
{
  test::application();
  test::ChineseForThisScope chinese;
  ASSERT_TRUE(chinese.installed());
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(test::exampleModel("four_bar.mbs.json"), true));
  QString seen;
  closeNextBox("fmuRefusedBox", &seen);
  window.findChild<QAction*>("exportFmuAction")->trigger();
  EXPECT_FALSE(seen.isEmpty());
  EXPECT_FALSE(seen.contains("cannot export")) << seen.toStdString();
  EXPECT_FALSE(seen.contains("the model has no plant")) << seen.toStdString();
  EXPECT_TRUE(seen.contains("PINPUT")) << seen.toStdString();
  // The dialog of a plant, in Chinese (the user guide's picture).
  ui::MainWindow plantWindow;
  plantWindow.resize(1366, 768);
  plantWindow.show();
  ASSERT_TRUE(plantWindow.openFile(kPlantDeck, true));
  ui::FmuExportDialog* dialog = openExportDialog(plantWindow);
  ASSERT_NE(dialog, nullptr);
  EXPECT_NE(dialog->variables->horizontalHeaderItem(0)->text(), "Role");
  EXPECT_NE(dialog->variables->item(0, 0)->text(), "input");
  dialog->path->setText("/tmp/pendulum_plant.fmu");
  dialog->grab().save(test::screenshotDir() + "/fmu_export_dialog_zh.png");
  dialog->close();
}

// An export that fails at its end (a folder that does not exist) says why in the dialog and the log.
TEST(FmuExport, AFailedExportShowsTheReasonInTheDialog)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(window.openFile(kPlantDeck, true));
  ui::FmuExportDialog* dialog = openExportDialog(window);
  ASSERT_NE(dialog, nullptr);
  dialog->path->setText("/nonexistent-folder/plant.fmu");
  bool finished = false;
  QObject::connect(dialog, &ui::FmuExportDialog::exportFinished, [&](bool) { finished = true; });
  ASSERT_TRUE(dialog->startExport());
  ASSERT_TRUE(test::waitFor([&] { return finished; }, 60000));
  ASSERT_TRUE(dialog->lastResult().has_value());
  EXPECT_TRUE(dialog->lastResult()->contains("cannot create '/nonexistent-folder/plant.fmu.partial'"))
      << dialog->lastResult()->toStdString();
  EXPECT_TRUE(dialog->status->isVisible());
  EXPECT_FALSE(QFileInfo::exists("/nonexistent-folder/plant.fmu"));
  dialog->close();
}
