// Adams interop in the GUI (issue 16): what an .adm would lose is shown and imported only when the
// user accepts; a command file opens its dataset with its first SIMULATE as the analysis settings;
// File > Export > Adams Dataset writes a dataset that reads back to the same model.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QFileDialog>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include "GuiTestSupport.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"

using namespace mbs;

namespace {

// A USER subroutine cannot be run: the force is refused (IMPACT, AKISPL, CURVE and INVPSD, which this deck
// used before contact functions, splines, curves and spectra existed, are read now).
const char* kSplineDeck = R"(ball on a spline floor
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20, QG = 0, 1, 0
MARKER/20, PART = 2
SFORCE/1, TRANSLATIONAL, I = 20, J = 10, FUNCTION = USER(1, 20, 10)
ACCGRAV/JGRAVITY = -9.81
END
)";

QString write(const QTemporaryDir& dir, const QString& name, const char* text)
{
  QFile file(dir.filePath(name));
  EXPECT_TRUE(file.open(QIODevice::WriteOnly));
  file.write(text);
  return file.fileName();
}

}  // namespace

TEST(AdamsInterop, DroppedPhysicsIsImportedOnlyWhenTheUserAccepts)
{
  test::application();
  QTemporaryDir dir;
  const QString path = write(dir, "spline.adm", kSplineDeck);
  ui::MainWindow window;
  // Quiet (no dialogs): refused, and the model stays as it was.
  EXPECT_FALSE(window.openFile(path, true));
  EXPECT_TRUE(window.document().model().forces().empty());
  EXPECT_EQ(window.document().model().parts().size(), 1u);
  // Cancel in the dialog: not imported.
  QString seen;
  test::answerMessageBox("droppedAdamsStatementsBox", "Cancel", &seen);
  EXPECT_FALSE(window.openFile(path));
  EXPECT_NE(seen.indexOf("spline.adm:6: SFORCE/1"), -1) << seen.toStdString();
  EXPECT_NE(seen.indexOf("USER"), -1);
  EXPECT_EQ(window.document().model().parts().size(), 1u);
  // Accepted: the ball without its floor.
  test::answerMessageBox("droppedAdamsStatementsBox", "Import Without Them");
  ASSERT_TRUE(window.openFile(path));
  EXPECT_EQ(window.document().model().parts().size(), 2u);
  EXPECT_TRUE(window.document().model().forces().empty());
}

TEST(AdamsInterop, ACommandFileOpensItsDatasetWithItsFirstSimulate)
{
  test::application();
  QTemporaryDir dir;
  write(dir, "ball.adm",
        "ball\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nACCGRAV/JGRAVITY = -9.81\nEND\n");
  const QString acf =
      write(dir, "ball.acf",
            "ball\nout\nINTEGRATOR/HHT, ERROR = 1E-6\nSIMULATE/DYNAMIC, END = 2.5, DTOUT = 0.05\n"
            "SIMULATE/STATIC\n");
  ui::Document document;
  QString errors, warnings;
  ASSERT_TRUE(document.open(acf, &errors, &warnings)) << errors.toStdString();
  const core::AnalysisSettings& a = document.model().analysis;
  EXPECT_EQ(a.type, core::AnalysisType::Dynamic);
  EXPECT_DOUBLE_EQ(a.endTime, 2.5);
  EXPECT_EQ(a.outputSteps, 50);
  EXPECT_EQ(a.integrator, core::Integrator::HhtAlpha);
  EXPECT_DOUBLE_EQ(a.errorTolerance, 1e-6);
  EXPECT_NE(warnings.indexOf("2 SIMULATE commands"), -1) << warnings.toStdString();
  EXPECT_DOUBLE_EQ(document.model().gravity.y(), -9.81);
}

TEST(AdamsInterop, TheFileMenuExportsAnAdamsDataset)
{
  test::application();
  QTemporaryDir dir;
  const QString target = dir.filePath("four_bar.adm");
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/four_bar.mbs.json", true));
  QAction* exportAction = window.findChild<QAction*>("exportAdamsAction");
  ASSERT_NE(exportAction, nullptr);
  // The save dialog is answered with the target file as a user would type it.
  QTimer poll;
  QObject::connect(&poll, &QTimer::timeout, [&] {
    if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
      poll.stop();
      dialog->selectFile(target);
      static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept is protected
    }
  });
  poll.start(20);
  exportAction->trigger();
  ASSERT_TRUE(QFile::exists(target));
  const auto back = core::importAdm(target.toStdString());
  ASSERT_TRUE(back.ok()) << back.errors[0].toString();
  const core::Model& model = window.document().model();
  EXPECT_EQ(back.model->joints().size(), model.joints().size());
  for (const core::Part& p : model.parts()) {
    const core::Part* q = back.model->part(back.model->findPart(p.name));
    ASSERT_NE(q, nullptr) << p.name;
    EXPECT_DOUBLE_EQ(q->mass, p.mass);
  }
}

// A deck whose force reads an acceleration opens, and its run is refused before it starts, with the
// compile error in the Run panel's log in the interface language (the force and the measure named).
TEST(AdamsInterop, AForceReadingAnAccelerationIsRefusedInTheLogInChinese)
{
  test::application();
  test::ChineseForThisScope chinese;
  QTemporaryDir dir;
  ASSERT_TRUE(dir.isValid());
  const QString path = dir.filePath("acc_force.adm");
  {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(
        "acceleration in a force\n"
        "UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND\n"
        "PART/1, GROUND\nMARKER/1, PART=1, QP=0,0,0\n"
        "PART/2, MASS=1, CM=20, IP=1,1,1\nMARKER/20, PART=2, QP=0,0,0\n"
        "JOINT/1, TRANSLATIONAL, I=20, J=1\n"
        "SFORCE/1, TRANSLATIONAL, I=20, J=1, FUNCTION=1 - 0.5*ACCZ(20,1)\nEND\n");
  }
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(path, true));
  const std::string outcome = test::runDynamic(window, 1.0, 10, 30000);
  EXPECT_NE(outcome.find("the run did not start"), std::string::npos) << outcome;
  EXPECT_NE(outcome.find("力 'SFORCE_1':ACCZ() 读取加速度"), std::string::npos) << outcome;
  EXPECT_EQ(outcome.find("reads an acceleration"), std::string::npos) << outcome;
}
