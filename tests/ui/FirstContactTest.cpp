// What a new user meets first: File ▸ Examples lists the bundled models and opens them; Save on a
// bundled example keeps the installed file and asks where to save (Save As); File ▸ Open shows the
// Adams files under its default filter and opening a dataset offers its command file; the toolbar's Run says
// Run and Play animates; Fit All frames the model, not the floor grid.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QCryptographicHash>
#include <QFile>
#include <QFileDialog>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolButton>
#include <QtCharts/QChartView>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

#include <vtkProp.h>
#include <vtkPropCollection.h>
#include <vtkRenderer.h>

using namespace mbs;

namespace {

QByteArray digest(const QString& path)
{
  QFile f(path);
  if (!f.open(QIODevice::ReadOnly))
    return {};
  return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha256);
}

// Answers the next file dialog: `answer` gets it (to inspect, select a file) and returns whether
// to accept it.
void answerFileDialog(QTimer& poll, const std::function<bool(QFileDialog&)>& answer)
{
  QObject::connect(&poll, &QTimer::timeout, [&poll, answer] {
    if (auto* dialog = qobject_cast<QFileDialog*>(QApplication::activeModalWidget())) {
      poll.stop();
      if (answer(*dialog))
        static_cast<QDialog*>(dialog)->accept();  // QFileDialog::accept is protected
      else
        dialog->reject();
    }
  });
  poll.start(20);
}

QAction* menuAction(ui::MainWindow& window, const QString& text)
{
  for (QAction* a : window.findChildren<QAction*>())
    if (a->text() == text)
      return a;
  return nullptr;
}

}  // namespace

TEST(FirstContact, ExamplesMenuOpensABundledModelAndSaveDoesSaveAs)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  auto* examples = window.findChild<QMenu*>("examplesMenu");
  ASSERT_NE(examples, nullptr);
  emit examples->aboutToShow();
  QStringList listed;
  for (QAction* a : examples->actions())
    listed << a->text();
  EXPECT_TRUE(listed.contains("slider_crank.mbs.json")) << listed.join(", ").toStdString();
  EXPECT_TRUE(listed.contains("flexible_slider_crank.mbs.json")) << listed.join(", ").toStdString();
  // The menu as the user sees it (the user guide's picture).
  examples->popup(window.mapToGlobal(QPoint(40, 40)));
  ASSERT_TRUE(QTest::qWaitForWindowExposed(examples));
  examples->grab().save(test::screenshotDir() + "/examples_menu.png");
  examples->hide();
  auto* slider = examples->findChild<QAction*>("example:slider_crank.mbs.json");
  ASSERT_NE(slider, nullptr);
  slider->trigger();
  ui::Document& doc = window.document();
  ASSERT_TRUE(doc.filePath().endsWith("slider_crank.mbs.json")) << doc.filePath().toStdString();
  const QString installed = doc.filePath();
  const QByteArray before = digest(installed);

  // An edit, then File ▸ Save: the dialog asks where, the example stays as it was.
  const core::PartId rod = doc.model().findPart("rod");
  ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(core::EntityRef(rod), "/mass", 3.0)));
  QTemporaryDir dir;
  const QString copy = dir.filePath("my_slider_crank.mbs.json");
  bool asked = false;
  QTimer poll;
  answerFileDialog(poll, [&](QFileDialog& dialog) {
    asked = true;
    dialog.selectFile(copy);
    return true;
  });
  QAction* save = menuAction(window, QObject::tr("&Save"));
  ASSERT_NE(save, nullptr);
  save->trigger();
  EXPECT_TRUE(asked) << "Save on a bundled example is Save As";
  EXPECT_EQ(digest(installed), before) << "the installed example is not overwritten";
  ASSERT_TRUE(QFile::exists(copy));
  EXPECT_EQ(doc.filePath(), copy);
  EXPECT_FALSE(doc.isModified());

  // The copy is the user's own: Save writes it without asking.
  ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(core::EntityRef(rod), "/mass", 4.0)));
  const QByteArray copyBefore = digest(copy);
  save->trigger();
  EXPECT_NE(digest(copy), copyBefore);
  EXPECT_FALSE(doc.isModified());
}

TEST(FirstContact, OpenDialogShowsAdamsFilesByDefault)
{
  test::application();
  ui::MainWindow window;
  window.show();
  QString defaultFilter;
  QTimer poll;
  answerFileDialog(poll, [&](QFileDialog& dialog) {
    defaultFilter = dialog.selectedNameFilter();
    return false;
  });
  QAction* open = menuAction(window, QObject::tr("&Open / Import .adm..."));
  ASSERT_NE(open, nullptr);
  open->trigger();
  EXPECT_TRUE(defaultFilter.contains("*.mbs.json")) << defaultFilter.toStdString();
  EXPECT_TRUE(defaultFilter.contains("*.adm")) << defaultFilter.toStdString();
  EXPECT_TRUE(defaultFilter.contains("*.acf")) << defaultFilter.toStdString();
}

// View ▸ Fit All frames the model: the model's box spans most of the view, whatever the size of
// the floor grid (which is centred on the origin, away from a model built off it).
TEST(FirstContact, FitAllFramesTheModelNotTheGrid)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::ModelView& view = window.modelView();
  vtkRenderer* renderer = view.renderer();
  QAction* fit = menuAction(window, QObject::tr("&Fit All"));
  ASSERT_NE(fit, nullptr);
  fit->trigger();
  QTest::qWait(100);
  // The model's box: every visible prop but the grid.
  double box[6] = {1e30, -1e30, 1e30, -1e30, 1e30, -1e30};
  vtkPropCollection* props = renderer->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp()) {
    const double* b = prop->GetBounds();
    if (!prop->GetVisibility() || prop == view.scene().grid() || !b || !(b[0] <= b[1]))
      continue;
    for (int k = 0; k < 6; k += 2) {
      box[k] = std::min(box[k], b[k]);
      box[k + 1] = std::max(box[k + 1], b[k + 1]);
    }
  }
  ASSERT_NE(view.scene().grid(), nullptr);
  const double* grid = const_cast<vtkProp*>(view.scene().grid())->GetBounds();
  ASSERT_GT(grid[1] - grid[0], 1.2 * (box[1] - box[0])) << "the grid is larger than the model";
  // The box's corners on the screen, as a fraction of the viewport.
  double xmin = 1e30, xmax = -1e30, ymin = 1e30, ymax = -1e30;
  for (int corner = 0; corner < 8; ++corner) {
    renderer->SetWorldPoint(box[corner & 1], box[2 + ((corner >> 1) & 1)], box[4 + ((corner >> 2) & 1)], 1.0);
    renderer->WorldToView();
    const double* p = renderer->GetViewPoint();  // -1..1 across the viewport
    xmin = std::min(xmin, p[0]);
    xmax = std::max(xmax, p[0]);
    ymin = std::min(ymin, p[1]);
    ymax = std::max(ymax, p[1]);
  }
  EXPECT_GE(xmin, -1.05);
  EXPECT_LE(xmax, 1.05);
  EXPECT_GE(ymin, -1.05);
  EXPECT_LE(ymax, 1.05);
  EXPECT_GT(std::max((xmax - xmin) / 2, (ymax - ymin) / 2), 0.6)
      << "the model fills the view: x " << xmin << ".." << xmax << ", y " << ymin << ".." << ymax;
  test::saveWindowScreenshot(window, "fit_all_model");
}

// The toolbar's Run button says Run; Play, beside it, animates the results once there are some.
TEST(FirstContact, ToolbarRunSaysRunAndPlayAnimates)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "pendulum.mbs.json"));
  auto* run = window.findChild<QToolButton*>("runToolButton");
  auto* play = window.findChild<QToolButton*>("playToolButton");
  ASSERT_NE(run, nullptr);
  ASSERT_NE(play, nullptr);
  EXPECT_EQ(run->text(), QObject::tr("Run"));
  EXPECT_EQ(run->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
  EXPECT_EQ(play->text(), QObject::tr("Play"));
  EXPECT_FALSE(play->isEnabled()) << "nothing to animate yet";
  const std::string result = test::runDynamic(window, 1.0, 50);
  ASSERT_TRUE(result.empty()) << result;
  EXPECT_TRUE(play->isEnabled());
  QTest::mouseClick(play, Qt::LeftButton);
  EXPECT_TRUE(window.animation().isPlaying());
  test::saveWindowScreenshot(window, "toolbar_run_play");
  QTest::mouseClick(play, Qt::LeftButton);
  EXPECT_FALSE(window.animation().isPlaying());
}

// A zoom chosen on one model's curves does not survive opening another model.
TEST(FirstContact, PlotZoomDoesNotSurviveOpeningAnotherModel)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  const std::string result = test::runDynamic(window, 1.0, 50);
  ASSERT_TRUE(result.empty()) << result;
  ui::PlotPanel& plot = window.plot();
  ASSERT_TRUE(plot.addCurve("bob", "CM position x [m]"));
  const auto views = plot.findChildren<QChartView*>();
  ASSERT_FALSE(views.isEmpty());
  QChart* chart = views.front()->chart();
  chart->zoomIn(QRectF(chart->plotArea().center(), QSizeF(20, 20)));
  ASSERT_TRUE(chart->isZoomed());
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  for (QChartView* view : plot.findChildren<QChartView*>())
    EXPECT_FALSE(view->chart()->isZoomed()) << "the other model's plot starts unzoomed";
}

namespace {

QString writeFile(const QTemporaryDir& dir, const QString& name, const char* text)
{
  QFile file(dir.filePath(name));
  EXPECT_TRUE(file.open(QIODevice::WriteOnly));
  file.write(text);
  return file.fileName();
}

}  // namespace

// Opening an .adm with its .acf beside it (as Adams/View writes them) offers the command file,
// whose SIMULATE sets the analysis; declining opens the dataset alone.
TEST(FirstContact, OpeningADatasetOffersItsCommandFile)
{
  test::application();
  QTemporaryDir dir;
  const QString adm = writeFile(dir, "ball.adm",
                                "ball\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\n"
                                "ACCGRAV/JGRAVITY = -9.81\nEND\n");
  // The classic header: the dataset's name, then the output files' name.
  writeFile(dir, "ball.acf", "ball\nball_run\nSIMULATE/DYNAMIC, END = 2.5, DTOUT = 0.05\nSTOP\n");
  ui::MainWindow window;
  QString seen;
  test::answerMessageBox("offerCommandFileBox", "Open Command File", &seen);
  ASSERT_TRUE(window.openFile(adm));
  EXPECT_TRUE(seen.contains("ball.acf")) << seen.toStdString();
  EXPECT_TRUE(window.document().filePath().endsWith("ball.acf"))
      << window.document().filePath().toStdString();
  EXPECT_DOUBLE_EQ(window.document().model().analysis.endTime, 2.5);
  EXPECT_EQ(window.document().model().analysis.outputSteps, 50);

  test::answerMessageBox("offerCommandFileBox", "Open Dataset Only");
  ASSERT_TRUE(window.openFile(adm));
  EXPECT_TRUE(window.document().filePath().endsWith("ball.adm"));

  // Adams/View's form: a blank first line, then file/model= (with '&' continued commands).
  writeFile(dir, "ball.acf", "\nfile/model=ball\n!\nsim/dyn, end=1.5 &\n , dtout=0.01\nstop\n");
  seen.clear();
  test::answerMessageBox("offerCommandFileBox", "Open Command File", &seen);
  ASSERT_TRUE(window.openFile(adm));
  EXPECT_TRUE(seen.contains("ball.acf")) << seen.toStdString();
  EXPECT_TRUE(window.document().filePath().endsWith("ball.acf"));
  EXPECT_DOUBLE_EQ(window.document().model().analysis.endTime, 1.5);
  EXPECT_EQ(window.document().model().analysis.outputSteps, 150);

  // A command file that runs another dataset is not offered.
  writeFile(dir, "ball.acf", "other_model\nother_run\nSIMULATE/DYNAMIC, END = 1, STEPS = 10\nSTOP\n");
  ASSERT_TRUE(window.openFile(adm));
  EXPECT_TRUE(window.document().filePath().endsWith("ball.adm"));
  writeFile(dir, "ball.acf", "\nfile/model=other_model\nsim/dyn, end=1, steps=10\nstop\n");
  ASSERT_TRUE(window.openFile(adm));
  EXPECT_TRUE(window.document().filePath().endsWith("ball.adm"));
}
