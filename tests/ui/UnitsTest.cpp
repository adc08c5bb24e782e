// Settings ▸ Units (issue 33): the model's display units, as in Adams/View. The model stays in SI;
// the fields show and take values in the chosen units with the unit as suffix, the choice is an
// undoable edit saved in the file, and an .adm's UNITS statement chooses them on import.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFormLayout>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QValueAxis>
#include <cmath>
#include <numbers>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/ContactDialog.hpp"
#include "mbs/ui/dialogs/FlexibleDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/dialogs/MarkerDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/dialogs/SolidDialog.hpp"
#include "mbs/ui/dialogs/UnitsDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"
#include "mbs/ui/panels/RunPanel.hpp"

using namespace mbs;

namespace {

constexpr double kDeg = std::numbers::pi / 180.0;

using test::chooseUnits;
using test::typeInDialog;

// The slider-crank after a kinematic run, with the slider's x in the Plot panel.
ui::PlotPanel& plotSliderAfterARun(ui::MainWindow& window)
{
  EXPECT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  EXPECT_EQ(test::runAnalysis(window, ui::RunPanel::Analysis::Kinematic, 0.5, 50), "");
  window.findChild<QDockWidget*>("plotDock")->raise();
  ui::PlotPanel& plot = window.plot();
  EXPECT_TRUE(plot.addCurve("slider", "CM position x [m]"));
  return plot;
}

// The lines of the Plot panel's CSV export.
QStringList exportedCsv(ui::PlotPanel& plot)
{
  QTemporaryDir dir;
  const QString path = dir.filePath("curves.csv");
  EXPECT_TRUE(plot.exportTo(path));
  QFile csv(path);
  EXPECT_TRUE(csv.open(QIODevice::ReadOnly | QIODevice::Text));
  return QString::fromUtf8(csv.readAll()).trimmed().split('\n');
}

QDoubleSpinBox* field(ui::MainWindow& window, const char* pointer)
{
  return qobject_cast<QDoubleSpinBox*>(window.properties().editorOf(pointer));
}

}  // namespace

TEST(Units, MarkerPositionInMillimetresIsAnUndoableModelEditSavedInTheFile)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  EXPECT_EQ(core::unitSystemName(doc.model().displayUnits), "MKS") << "old files open in SI (MKS)";
  EXPECT_EQ(doc.model().displayUnits.angleName, "deg");
  const core::MarkerId marker = doc.model().markers().front().id;
  ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(
      core::EntityRef(marker), "/position", nlohmann::ordered_json::array({1.0, 0.0, 0.0}))));
  doc.setSelection({core::EntityRef(marker)});
  QDoubleSpinBox* x = field(window, "/position/0");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->text(), "1 m");

  const auto steps = doc.undoStack().size();
  chooseUnits(window, "MMKS", "deg", "units_dialog_mmks");
  EXPECT_EQ(doc.undoStack().size(), steps + 1) << "one undo step";
  EXPECT_EQ(core::unitSystemName(doc.model().displayUnits), "MMKS");
  EXPECT_DOUBLE_EQ(doc.model().marker(marker)->position.x(), 1.0) << "the model stays in SI";
  x = field(window, "/position/0");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->text(), "1000 mm");

  // Typed in millimetres, stored in metres.
  test::typeAndEnter(x, "250");
  EXPECT_DOUBLE_EQ(doc.model().marker(marker)->position.x(), 0.25);
  x = field(window, "/position/0");
  EXPECT_EQ(x->text(), "250 mm");
  // An expression is in the display units too: 100*cos(60d) is 50 mm.
  test::typeAndEnter(x, "100*cos(60d)");
  EXPECT_NEAR(doc.model().marker(marker)->position.x(), 0.05, 1e-15);
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "units_marker_mmks");

  // Save: the file keeps MMKS, the values in SI; re-opened in MMKS.
  QTemporaryDir dir;
  const QString path = dir.filePath("mmks.mbs.json");
  ASSERT_FALSE(core::saveModel(doc.model(), path.toStdString()).has_value());
  QFile file(path);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly));
  const QString text = QString::fromUtf8(file.readAll());
  EXPECT_TRUE(text.contains("\"display_units\": \"mmks\"")) << text.left(600).toStdString();
  ui::MainWindow reopened;
  ASSERT_TRUE(reopened.openFile(path, true));
  EXPECT_EQ(core::unitSystemName(reopened.document().model().displayUnits), "MMKS");
  EXPECT_DOUBLE_EQ(reopened.document().model().marker(marker)->position.x(), 0.05);

  // Undo: the position edits (one step: consecutive edits of a field merge), then the units.
  QAction* undo = window.findChild<QAction*>("actionUndo");
  undo->trigger();
  EXPECT_DOUBLE_EQ(doc.model().marker(marker)->position.x(), 1.0);
  EXPECT_EQ(core::unitSystemName(doc.model().displayUnits), "MMKS");
  EXPECT_EQ(undo->text(), "&Undo Set units");
  undo->trigger();
  QTest::qWait(20);
  EXPECT_EQ(core::unitSystemName(doc.model().displayUnits), "MKS");
  x = field(window, "/position/0");
  EXPECT_EQ(x->text(), "1 m");
  window.findChild<QAction*>("actionRedo")->trigger();
  QTest::qWait(20);
  EXPECT_EQ(field(window, "/position/0")->text(), "1000 mm");
}

TEST(Units, AnglesInDegreesOrRadiansAndTheDegreeSuffix)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  const core::PartId rod = doc.model().findPart("rod");
  doc.setSelection({core::EntityRef(rod)});
  QDoubleSpinBox* psi = field(window, "/orientation/0");
  ASSERT_NE(psi, nullptr);
  const double rodPsi = doc.model().part(rod)->orientation.x();
  EXPECT_TRUE(psi->text().endsWith(" deg")) << psi->text().toStdString();
  EXPECT_NEAR(qobject_cast<ui::NumberBox*>(psi)->displayValue(), rodPsi / kDeg, 1e-9);
  test::typeAndEnter(psi, "-10");
  EXPECT_NEAR(doc.model().part(rod)->orientation.x(), -10 * kDeg, 1e-12);
  test::typeAndEnter(field(window, "/orientation/0"), "15d");
  EXPECT_NEAR(doc.model().part(rod)->orientation.x(), 15 * kDeg, 1e-12) << "15d is 15 degrees";

  chooseUnits(window, "MKS", "rad");
  psi = field(window, "/orientation/0");
  EXPECT_EQ(psi->text(), QString("%1 rad").arg(15 * kDeg, 0, 'g', 10));
  test::typeAndEnter(psi, "0.5");
  EXPECT_DOUBLE_EQ(doc.model().part(rod)->orientation.x(), 0.5);
  test::typeAndEnter(field(window, "/orientation/0"), "30d");
  EXPECT_NEAR(doc.model().part(rod)->orientation.x(), 30 * kDeg, 1e-12) << "30d is 30 degrees in radians too";
  // The mass (not an angle) is not touched by the angle unit; its inertia is in kg·m².
  EXPECT_TRUE(field(window, "/mass")->text().endsWith(" kg"));
  EXPECT_TRUE(field(window, "/inertia/ixx")->text().endsWith(QString::fromUtf8(" kg·m²")));
  // A rotational motion's initial conditions are angles (a translational one's lengths).
  const core::MotionId drive = doc.model().findMotion("crank_drive");
  ASSERT_TRUE(
      doc.execute(std::make_unique<core::SetProperty>(core::EntityRef(drive), "/quantity", "velocity")));
  doc.setSelection({core::EntityRef(drive)});
  QDoubleSpinBox* initial = field(window, "/initial_displacement");
  ASSERT_NE(initial, nullptr);
  test::typeAndEnter(initial, "0.25");
  EXPECT_DOUBLE_EQ(doc.model().motion(drive)->initialDisplacement, 0.25);
  EXPECT_TRUE(field(window, "/initial_displacement")->text().endsWith(" rad"))
      << field(window, "/initial_displacement")->text().toStdString();
  doc.setSelection({core::EntityRef(rod)});

  chooseUnits(window, "IPS", "deg");
  QDoubleSpinBox* mass = field(window, "/mass");
  EXPECT_TRUE(mass->text().endsWith(" lbm")) << mass->text().toStdString();
  EXPECT_NEAR(qobject_cast<ui::NumberBox*>(mass)->displayValue(), doc.model().part(rod)->mass / 0.45359237,
              1e-9);
  test::typeAndEnter(mass, "2");
  EXPECT_NEAR(doc.model().part(rod)->mass, 2 * 0.45359237, 1e-12);
}

TEST(Units, AnAdamsDeckInMillimetresOpensInMmks)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(
      window.openFile(QStringLiteral(MBS_TEST_DATA_DIR "/adams_view/adm_marker_motions_mmks.adm"), true));
  ui::Document& doc = window.document();
  EXPECT_EQ(core::unitSystemName(doc.model().displayUnits), "MMKS");
  EXPECT_EQ(doc.model().displayUnits.angleName, "deg") << "Adams/View shows angles in degrees";
  const core::MarkerId marker = doc.model().findMarker("MARKER_10");
  ASSERT_TRUE(marker.value != 0);
  EXPECT_DOUBLE_EQ(doc.model().marker(marker)->position.x(), 0.1);
  doc.setSelection({core::EntityRef(marker)});
  EXPECT_EQ(field(window, "/position/0")->text(), "100 mm");
  QDoubleSpinBox* psi = field(window, "/orientation/euler313/0");
  ASSERT_NE(psi, nullptr);
  EXPECT_EQ(psi->text(), "30 deg");
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "units_adm_mmks");
}

TEST(Units, DialogFieldsShowTheModelsUnits)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  chooseUnits(window, "MMKS", "deg");

  // Build ▸ Part: a 20 x 10 x 10 mm steel box at (100, 0, 0) mm turned 90 deg about z.
  window.findChild<QAction*>("actionPart")->trigger();
  ui::PartDialog* dialog = nullptr;
  for (auto* d : window.findChildren<ui::PartDialog*>())
    if (d->isVisible())
      dialog = d;
  ASSERT_NE(dialog, nullptr);
  dialog->setShape(ui::PartDialog::Shape::Box);
  dialog->name->setText("plate");
  for (int i = 0; i < 3; ++i)
    typeInDialog(dialog->size->box(i), i == 0 ? "20" : "10");
  typeInDialog(dialog->centre->box(0), "100");
  typeInDialog(dialog->orientation->box(0), "90");
  EXPECT_TRUE(dialog->size->box(0)->text().endsWith(" mm")) << dialog->size->box(0)->text().toStdString();
  EXPECT_TRUE(dialog->orientation->box(0)->text().endsWith(" deg"));
  EXPECT_TRUE(dialog->density->text().endsWith(QString::fromUtf8(" kg/mm³")))
      << dialog->density->text().toStdString();
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/units_part_dialog_mmks.png");
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
  const core::PartId plate = doc.model().findPart("plate");
  ASSERT_TRUE(plate.value != 0);
  const core::Part& p = *doc.model().part(plate);
  EXPECT_DOUBLE_EQ(p.position.x(), 0.1);
  EXPECT_NEAR(p.orientation.x(), std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(p.mass, 7800.0 * 0.02 * 0.01 * 0.01, 1e-12) << "density 7800 kg/m³ kept in SI";

  // Make Flexible: mesh sizes in mm, the density in kg/mm³ (Young's modulus stays in GPa).
  ui::FlexibleDialog flexible(doc, nullptr, &window);
  flexible.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&flexible));
  auto* elementSize = flexible.findChild<QDoubleSpinBox*>("elementSize");
  ASSERT_NE(elementSize, nullptr);
  EXPECT_TRUE(elementSize->text().endsWith(" mm")) << elementSize->text().toStdString();
  typeInDialog(elementSize, "2.5");
  EXPECT_DOUBLE_EQ(elementSize->value(), 0.0025);
  QTest::qWait(50);
  flexible.grab().save(test::screenshotDir() + "/units_flexible_dialog_mmks.png");
}

TEST(Units, ContactAndSolidDialogsShowTheModelsUnits)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "ball_drop_contact.mbs.json"));
  ui::Document& doc = window.document();
  chooseUnits(window, "MMKS", "deg");

  // Add Solid: a sphere of radius 20 mm on the ball.
  const core::PartId ball = doc.model().findPart("ball");
  ASSERT_TRUE(ball.valid());
  const std::size_t solids = doc.model().part(ball)->geometry.size();
  ui::SolidDialog solid(doc, ball, &window);
  solid.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&solid));
  solid.kind->setCurrentIndex(2);  // sphere
  typeInDialog(solid.radius, "20");
  EXPECT_EQ(solid.radius->text(), "20 mm");
  EXPECT_DOUBLE_EQ(solid.radius->value(), 0.02);
  EXPECT_TRUE(solid.size->box(0)->text().endsWith(" mm")) << solid.size->box(0)->text().toStdString();
  solid.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok)->click();
  ASSERT_EQ(doc.model().part(ball)->geometry.size(), solids + 1);
  EXPECT_EQ(doc.model().part(ball)->geometry.back().kind, core::GeometryKind::Sphere);
  EXPECT_DOUBLE_EQ(doc.model().part(ball)->geometry.back().radius, 0.02);

  // Build ▸ Contact: Adams/View's defaults read as Adams/View shows them in MMKS:
  // K = 1e5 N/mm^2.2, c = 10 N·s/mm, d = 0.1 mm, transition velocities 100 and 1000 mm/s.
  ui::ContactDialog contact(doc, &window);
  contact.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&contact));
  EXPECT_EQ(contact.stiffness->text(), QString::fromUtf8("100000 N/mm^2.2"));
  EXPECT_NEAR(contact.stiffness->value(), 1e5 * std::pow(1000.0, 2.2), 1e-6 * 1e5 * std::pow(1000.0, 2.2));
  auto* label = qobject_cast<QLabel*>(contact.findChild<QFormLayout*>()->labelForField(contact.stiffness));
  ASSERT_NE(label, nullptr);
  EXPECT_EQ(label->text(), QString::fromUtf8("Stiffness K"));
  EXPECT_EQ(contact.damping->text(), QString::fromUtf8("10 N·s/mm"));
  EXPECT_EQ(contact.penetrationDepth->text(), "0.1 mm");
  contact.friction->setCurrentIndex(1);  // Coulomb: its rows shown
  QTest::qWait(20);
  EXPECT_EQ(contact.stictionVelocity->text(), "100 mm/s");
  EXPECT_EQ(contact.frictionVelocity->text(), "1000 mm/s");
  contact.name->setText("ball_floor_mm");
  ASSERT_TRUE(contact.choose(contact.iSolids, "ball", 0));
  ASSERT_TRUE(contact.choose(contact.jSolids, "ground"));
  typeInDialog(contact.stiffness, "2e5");
  typeInDialog(contact.penetrationDepth, "0.5");
  QTest::qWait(50);
  contact.grab().save(test::screenshotDir() + "/units_contact_dialog_mmks.png");
  contact.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply)->click();
  ASSERT_TRUE(contact.errorText().isEmpty()) << contact.errorText().toStdString();
  const core::Force* made = doc.model().force(doc.model().findForce("ball_floor_mm"));
  ASSERT_TRUE(made && made->contact);
  EXPECT_NEAR(made->contact->stiffness, 2e5 * std::pow(1000.0, 2.2), 1e-6 * 2e5 * std::pow(1000.0, 2.2))
      << "2e5 N/mm^2.2 in N/m^2.2";
  EXPECT_DOUBLE_EQ(made->contact->dmax, 5e-4);
  EXPECT_DOUBLE_EQ(made->contact->damping, 1e4);

  // Other units while the dialog is open: the same stiffness, shown in N/m^2.2.
  chooseUnits(window, "MKS", "deg");
  EXPECT_NEAR(contact.stiffness->value(), made->contact->stiffness, 1e-6 * made->contact->stiffness);
  EXPECT_TRUE(contact.stiffness->text().endsWith(QString::fromUtf8(" N/m^2.2")))
      << contact.stiffness->text().toStdString();
}

TEST(Units, PlotAxesCurvesAndTheCsvExportAreInTheDisplayUnits)
{
  test::application();
  ui::MainWindow window;
  ui::PlotPanel& plot = plotSliderAfterARun(window);
  ASSERT_TRUE(plot.addCurve("crank", "Angular velocity z [deg/s]"))
      << "a part's angular velocity is in the angle unit of the joints' (degrees)";
  const auto metres = plot.samples(0);
  const auto degreesPerSecond = plot.samples(1);
  ASSERT_GT(metres.size(), 10u);

  chooseUnits(window, "MMKS", "rad");
  QTest::qWait(50);
  ASSERT_EQ(plot.curveCount(), 2);
  const auto millimetres = plot.samples(0);
  const auto radiansPerSecond = plot.samples(1);
  ASSERT_EQ(millimetres.size(), metres.size());
  for (std::size_t k = 0; k < metres.size(); ++k) {
    EXPECT_DOUBLE_EQ(millimetres[k].first, metres[k].first) << "time stays in seconds";
    EXPECT_NEAR(millimetres[k].second, 1000.0 * metres[k].second,
                1e-9 * std::abs(millimetres[k].second) + 1e-12);
    EXPECT_NEAR(radiansPerSecond[k].second, degreesPerSecond[k].second * kDeg,
                1e-9 * std::abs(radiansPerSecond[k].second) + 1e-12);
  }
  const QList<QChartView*> views = plot.findChildren<QChartView*>();
  ASSERT_EQ(views.size(), 1);
  auto* y = qobject_cast<QValueAxis*>(views.front()->chart()->axes(Qt::Vertical).front());
  ASSERT_NE(y, nullptr);
  const QString title = QString(y->titleText()).replace("<br>", " ");
  EXPECT_TRUE(title.contains("[mm]")) << title.toStdString();
  EXPECT_TRUE(title.contains("[rad/s]")) << title.toStdString();
  // The axis spans the converted values (hundreds of millimetres, not tenths of metres).
  double largest = 0.0;
  for (const auto& p : millimetres)
    largest = std::max(largest, std::abs(p.second));
  EXPECT_GE(std::max(std::abs(y->max()), std::abs(y->min())), largest);
  EXPECT_GT(largest, 10.0);
  auto* quantity = plot.findChild<QComboBox*>("plotQuantity");
  EXPECT_GE(quantity->findText("CM position x [mm]"), 0) << "the quantity list is in mm too";
  QTest::qWait(100);
  test::saveWindowScreenshot(window, "units_plot_mmks");

  const QStringList csv = exportedCsv(plot);
  ASSERT_GE(csv.size(), 2);
  const QString& header = csv[0];
  EXPECT_TRUE(header.startsWith("time [s] (units MMKS: mm kg s N rad)")) << header.toStdString();
  EXPECT_TRUE(header.contains("slider: CM position x [mm]")) << header.toStdString();
  const QStringList first = csv[1].split(',');
  ASSERT_EQ(first.size(), 3);
  EXPECT_NEAR(first[1].toDouble(), millimetres.front().second, 1e-6 * std::abs(millimetres.front().second));
}

// Editing a number with its unit after it, as a user does: End, Backspace and typing change the
// number, never write after the unit (before: End put the cursor after "kg", and "7" gave "2.5 kg7").
TEST(Units, EndKeyAndTypingStayBeforeTheUnit)
{
  test::application();
  QWidget form;
  auto* box = new ui::NumberBox(&form);
  box->setRange(0, 1e6);
  box->setQuantity(core::Quantity::Mass);
  box->setValue(2.5);
  form.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&form));
  ASSERT_EQ(box->text().toStdString(), "2.5 kg");
  box->setFocus();
  QTest::keyClick(box, Qt::Key_End);
  QTest::keyClick(box, Qt::Key_7);
  EXPECT_EQ(box->text().toStdString(), "2.57 kg");
  QTest::keyClick(box, Qt::Key_End);
  QTest::keyClick(box, Qt::Key_Backspace);
  QTest::keyClick(box, Qt::Key_Backspace);
  QTest::keyClick(box, Qt::Key_9);
  EXPECT_EQ(box->text().toStdString(), "2.9 kg");
  // A click at the far end leaves the cursor after the unit (Qt allows it there): typing still
  // goes into the number.
  box->findChild<QLineEdit*>()->setCursorPosition(box->text().size());
  QTest::keyClick(box, Qt::Key_1);
  EXPECT_EQ(box->text().toStdString(), "2.91 kg");
  QTest::keyClick(box, Qt::Key_Return);
  EXPECT_DOUBLE_EQ(box->value(), 2.91);
}

// A clearance joint's contact stiffness K (force/lengthⁿ, n the force exponent) and polynomial
// dampings d₁, d₂ (force·time/length², /length³) in the model's units, in Build ▸ Joint friction
// and in the Properties panel alike; the model (and the file) keep SI.
TEST(Units, ClearanceStiffnessAndDampingsInTheModelsUnits)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "pendulum.mbs.json"));
  ui::Document& doc = window.document();
  chooseUnits(window, "MMKS", "deg");
  const core::JointId id = doc.model().findJoint("pivot_joint");
  ASSERT_TRUE(id.valid());

  window.findChild<QAction*>("actionFriction")->trigger();
  auto* dialog = window.findChild<ui::FrictionDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(dialog->joint->selectName("pivot_joint"));
  dialog->clearanceGroup->setChecked(true);
  dialog->contactLaw->setCurrentIndex(static_cast<int>(core::ClearanceLaw::PolynomialDamping));
  // K typed before n: the number typed stays, in the unit of the n chosen after it.
  typeInDialog(dialog->contactStiffness, "1e5");
  EXPECT_EQ(dialog->contactStiffness->text(), QString::fromUtf8("100000 N/mm^1.5"));
  EXPECT_NEAR(dialog->contactStiffness->value(), 1e5 * std::pow(1000.0, 1.5), 1e-3);
  typeInDialog(dialog->forceExponent, "2");
  EXPECT_EQ(dialog->contactStiffness->text(), QString::fromUtf8("100000 N/mm²"));
  EXPECT_NEAR(dialog->contactStiffness->value(), 1e11, 1e-3);
  typeInDialog(dialog->linearDamping, "2");
  typeInDialog(dialog->quadraticDamping, "3");
  EXPECT_EQ(dialog->linearDamping->text(), QString::fromUtf8("2 N·s/mm²"));
  EXPECT_EQ(dialog->quadraticDamping->text(), QString::fromUtf8("3 N·s/mm³"));
  EXPECT_EQ(dialog->clearance->text(), "0.5 mm");
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/units_clearance_dialog_mmks.png");
  dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  ASSERT_TRUE(doc.model().joint(id)->clearance.has_value());
  const core::ClearanceParameters& c = *doc.model().joint(id)->clearance;
  EXPECT_DOUBLE_EQ(c.exponent, 2.0);
  EXPECT_NEAR(c.stiffness, 1e11, 1e-3) << "1e5 N/mm² = 1e11 N/m²";
  EXPECT_NEAR(c.linearDamping, 2e6, 1e-8) << "2 N·s/mm² = 2e6 N·s/m²";
  EXPECT_NEAR(c.quadraticDamping, 3e9, 1e-5) << "3 N·s/mm³ = 3e9 N·s/m³";
  const auto file = core::toJson(doc.model(), core::EntityRef(id));
  EXPECT_NEAR(file["clearance"]["stiffness"].get<double>(), 1e11, 1e-3) << "the file keeps SI";

  // The panel shows the same numbers in the same units.
  doc.setSelection({core::EntityRef(id)});
  ASSERT_TRUE(test::waitFor([&] { return field(window, "/clearance/stiffness") != nullptr; }, 2000));
  EXPECT_EQ(field(window, "/clearance/stiffness")->text(), QString::fromUtf8("100000 N/mm²"));
  EXPECT_EQ(field(window, "/clearance/linear_damping")->text(), QString::fromUtf8("2 N·s/mm²"));
  EXPECT_EQ(field(window, "/clearance/quadratic_damping")->text(), QString::fromUtf8("3 N·s/mm³"));
  test::typeAndEnter(field(window, "/clearance/stiffness"), "2e5");
  EXPECT_NEAR(doc.model().joint(id)->clearance->stiffness, 2e11, 1e-3);
  // A new n alone keeps the model's K (an edit of one field); its row follows n's unit.
  test::typeAndEnter(field(window, "/clearance/exponent"), "1.5");
  EXPECT_NEAR(doc.model().joint(id)->clearance->stiffness, 2e11, 1e-3);
  ASSERT_TRUE(test::waitFor(
      [&] {
        auto* k = field(window, "/clearance/stiffness");
        return k && k->text().endsWith(QString::fromUtf8(" N/mm^1.5"));
      },
      2000));
  const double shown = 2e11 / std::pow(1000.0, 1.5);
  auto* k = qobject_cast<ui::NumberBox*>(field(window, "/clearance/stiffness"));
  ASSERT_NE(k, nullptr);
  EXPECT_NEAR(k->displayValue(), shown, 1e-6 * shown);
  test::saveWindowScreenshot(window, "units_clearance_panel_mmks");
  // The panel's K row at a common panel width, to look at (its unit must not be cut).
  ui::PropertyPanel& panel = window.properties();
  if (auto* scroll = panel.findChild<QScrollArea*>())
    scroll->ensureWidgetVisible(k);
  QTest::qWait(50);
  panel.grab().save(test::screenshotDir() + "/units_clearance_panel_rows_mmks.png");

  // The dialog, opened again, reads the model's K in the same unit.
  ASSERT_TRUE(dialog->joint->selectName("pivot_joint"));
  auto* joint = dialog->joint;
  emit joint->currentIndexChanged(joint->currentIndex());
  auto* dk = qobject_cast<ui::NumberBox*>(dialog->contactStiffness);
  EXPECT_NEAR(dk->displayValue(), shown, 1e-6 * shown);
  EXPECT_TRUE(dk->text().endsWith(QString::fromUtf8(" N/mm^1.5"))) << dk->text().toStdString();
  EXPECT_EQ(dk->text(), k->text());
}

// A model in custom units with milliseconds: the plot's time axis, its cursor read-out, the CSV's
// time column and the animation's time read-out are in ms and say so; the samples stay in seconds.
TEST(Units, TimeAxesAndReadOutsInTheModelsTimeUnit)
{
  test::application();
  ui::MainWindow window;
  ui::PlotPanel& plot = plotSliderAfterARun(window);
  const auto seconds = plot.samples(0);
  ASSERT_GT(seconds.size(), 10u);

  // Settings ▸ Units: MMKS, then the time unit alone to ms (custom).
  chooseUnits(window, "MMKS", "deg", {}, "ms");
  QTest::qWait(50);
  ASSERT_EQ(window.document().model().displayUnits.timeName, "ms");

  const auto after = plot.samples(0);
  ASSERT_EQ(after.size(), seconds.size());
  EXPECT_DOUBLE_EQ(after.back().first, seconds.back().first) << "the samples keep seconds";
  const QList<QChartView*> views = plot.findChildren<QChartView*>();
  ASSERT_EQ(views.size(), 1);
  auto* x = qobject_cast<QValueAxis*>(views.front()->chart()->axes(Qt::Horizontal).front());
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->titleText(), "Time [ms]");
  EXPECT_NEAR(x->max(), 1000.0 * seconds.back().first, 1e-6) << "the axis spans 0 to 500 ms";
  const auto drawn = plot.drawnPoints(0);
  ASSERT_FALSE(drawn.empty());
  EXPECT_NEAR(drawn.back().first, 1000.0 * seconds.back().first, 1e-6) << "the curve is drawn in ms";

  // The animation at its last frame: its read-out and the plot's cursor in ms.
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(animation.frameCount() - 1);
  const double end = animation.frameTime(animation.frameCount() - 1);
  const QString ms = QString::number(1000.0 * end, 'f', 4) + " ms";
  const QList<QLabel*> readout = animation.findChildren<QLabel*>();
  bool animationShowsMs = false;
  for (QLabel* label : readout)
    animationShowsMs = animationShowsMs || label->text().startsWith("t = " + ms);
  EXPECT_TRUE(animationShowsMs) << "the animation's time read-out in ms";
  EXPECT_TRUE(plot.readout().startsWith("t = " + ms)) << plot.readout().toStdString();
  QTest::qWait(100);
  test::saveWindowScreenshot(window, "units_time_ms");
  views.front()->grab().save(test::screenshotDir() + "/units_time_axis_ms.png");  // the axis, to look at

  const QStringList csv = exportedCsv(plot);
  ASSERT_GE(csv.size(), 2);
  EXPECT_TRUE(csv.front().startsWith("time [ms] (units custom: mm kg ms N deg)"))
      << csv.front().toStdString();
  EXPECT_NEAR(csv.back().split(',').front().toDouble(), 1000.0 * seconds.back().first, 1e-6);
}

// Units only change how the SI results are shown: choosing them (and undoing or redoing that)
// keeps the run's results fresh, with the curves in the new units; a physical edit still makes
// them stale.
TEST(Units, ChangingTheUnitsKeepsTheResultsFresh)
{
  test::application();
  ui::MainWindow window;
  ui::PlotPanel& plot = plotSliderAfterARun(window);
  const auto metres = plot.samples(0);
  ASSERT_GT(metres.size(), 10u);
  auto* stale = window.findChild<QLabel*>("runStale");
  ASSERT_NE(stale, nullptr);
  ASSERT_TRUE(stale->isHidden()) << "fresh after the run";

  chooseUnits(window, "MMKS", "rad");
  EXPECT_TRUE(stale->isHidden()) << "the units changed nothing physical";
  const auto millimetres = plot.samples(0);
  ASSERT_EQ(millimetres.size(), metres.size());
  for (std::size_t k = 0; k < metres.size(); ++k)
    EXPECT_NEAR(millimetres[k].second, 1000.0 * metres[k].second,
                1e-9 * std::abs(millimetres[k].second) + 1e-12);
  ui::Document& doc = window.document();
  doc.undoStack().undo();
  EXPECT_EQ(doc.model().displayUnits.lengthName, "m");
  EXPECT_TRUE(stale->isHidden()) << "undoing the units keeps the results fresh";
  doc.undoStack().redo();
  EXPECT_EQ(doc.model().displayUnits.lengthName, "mm");
  EXPECT_TRUE(stale->isHidden()) << "redoing the units keeps the results fresh";
  QTest::qWait(20);
  EXPECT_NEAR(plot.samples(0).back().second, 1000.0 * metres.back().second,
              1e-9 * std::abs(millimetres.back().second) + 1e-12);

  ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(core::EntityRef(), "/gravity/1", -3.0)));
  EXPECT_FALSE(stale->isHidden()) << "gravity changes the results";
  doc.undoStack().undo();  // back to the run's gravity: still stale (the results are not re-checked)
  EXPECT_FALSE(stale->isHidden());
  chooseUnits(window, "MKS", "rad");
  EXPECT_FALSE(stale->isHidden()) << "a units change does not make stale results fresh";
}

// Build ▸ Contact and the contact's rows in the Properties panel in an MMKS model (issue 33): K in
// N/mm^e (e not whole), c in N·s/mm, d in mm, POISSON's penalty in N/mm and the transition
// velocities in mm/s. What is typed lands in SI in the model and comes back as it was typed.
TEST(Units, ContactStiffnessInNPerMmToTheEInDialogAndPanel)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "ball_drop_contact.mbs.json"));
  ui::Document& doc = window.document();
  chooseUnits(window, "MMKS", "deg");
  const core::ForceId id = doc.model().findForce("ball_on_floor");
  ASSERT_TRUE(id.valid());

  // The dialog on the existing contact: K typed before e keeps the number typed, in N/mm^e.
  ui::ContactDialog dialog(doc, &window, id);
  dialog.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&dialog));
  dialog.law->setCurrentIndex(0);  // IMPACT
  typeInDialog(dialog.stiffness, "3.5e4");
  typeInDialog(dialog.exponent, "1.5");
  EXPECT_EQ(dialog.stiffness->text(), QString::fromUtf8("35000 N/mm^1.5"));
  typeInDialog(dialog.damping, "2.5");
  typeInDialog(dialog.penetrationDepth, "0.05");
  dialog.friction->setCurrentIndex(1);
  typeInDialog(dialog.stictionVelocity, "50");
  typeInDialog(dialog.frictionVelocity, "400");
  QTest::qWait(50);
  dialog.grab().save(test::screenshotDir() + "/units_contact_impact_mmks.png");
  dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply)->click();
  ASSERT_TRUE(dialog.errorText().isEmpty()) << dialog.errorText().toStdString();
  const core::ContactParameters& c = *doc.model().force(id)->contact;
  EXPECT_EQ(c.law, core::ContactLaw::Impact);
  EXPECT_DOUBLE_EQ(c.exponent, 1.5);
  const double kSI = 3.5e4 * std::pow(1000.0, 1.5);  // N/mm^1.5 -> N/m^1.5
  EXPECT_NEAR(c.stiffness, kSI, 1e-9 * kSI);
  EXPECT_NEAR(c.damping, 2500.0, 1e-9) << "2.5 N·s/mm";
  EXPECT_NEAR(c.dmax, 5e-5, 1e-15) << "0.05 mm";
  EXPECT_NEAR(c.stictionVelocity, 0.05, 1e-15);
  EXPECT_NEAR(c.frictionVelocity, 0.4, 1e-15);
  const auto file = core::toJson(doc.model(), core::EntityRef(id));
  EXPECT_NEAR(file["contact"]["stiffness"].get<double>(), kSI, 1e-9 * kSI) << "the file keeps SI";
  dialog.close();

  // Opened again, the dialog shows exactly what was typed.
  ui::ContactDialog again(doc, &window, id);
  again.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&again));
  EXPECT_EQ(again.stiffness->text(), QString::fromUtf8("35000 N/mm^1.5"));
  EXPECT_EQ(again.damping->text(), QString::fromUtf8("2.5 N·s/mm"));
  EXPECT_EQ(again.penetrationDepth->text(), "0.05 mm");
  EXPECT_EQ(again.stictionVelocity->text(), "50 mm/s");
  EXPECT_EQ(again.frictionVelocity->text(), "400 mm/s");
  again.close();

  // The Properties panel: the same numbers in the same units, edited there too.
  doc.setSelection({core::EntityRef(id)});
  ASSERT_TRUE(test::waitFor([&] { return field(window, "/contact/stiffness") != nullptr; }, 2000));
  EXPECT_EQ(field(window, "/contact/stiffness")->text(), QString::fromUtf8("35000 N/mm^1.5"));
  EXPECT_EQ(field(window, "/contact/damping")->text(), QString::fromUtf8("2.5 N·s/mm"));
  EXPECT_EQ(field(window, "/contact/dmax")->text(), "0.05 mm");
  EXPECT_EQ(field(window, "/contact/stiction_transition_velocity")->text(), "50 mm/s");
  EXPECT_EQ(field(window, "/contact/friction_transition_velocity")->text(), "400 mm/s");
  test::typeAndEnter(field(window, "/contact/stiffness"), "4e4");
  EXPECT_NEAR(doc.model().force(id)->contact->stiffness, 4e4 * std::pow(1000.0, 1.5), 1e-6);
  test::typeAndEnter(field(window, "/contact/dmax"), "0.2");
  EXPECT_NEAR(doc.model().force(id)->contact->dmax, 2e-4, 1e-15);
  // A new e alone keeps the model's K; its row follows e's unit.
  test::typeAndEnter(field(window, "/contact/exponent"), "2");
  EXPECT_NEAR(doc.model().force(id)->contact->stiffness, 4e4 * std::pow(1000.0, 1.5), 1e-6);
  ASSERT_TRUE(test::waitFor(
      [&] {
        auto* k = field(window, "/contact/stiffness");
        return k && k->text().endsWith(QString::fromUtf8(" N/mm²"));
      },
      2000));
  auto* k = qobject_cast<ui::NumberBox*>(field(window, "/contact/stiffness"));
  ASSERT_NE(k, nullptr);
  EXPECT_NEAR(k->displayValue(), 4e4 * std::pow(1000.0, 1.5) / 1e6, 1e-9);
  QTest::qWait(50);
  if (auto* scroll = window.properties().findChild<QScrollArea*>())  // the contact's rows in view
    scroll->verticalScrollBar()->setValue(
        field(window, "/contact/stiffness")->mapTo(scroll->widget(), QPoint(0, 0)).y() - 60);
  QTest::qWait(50);
  test::saveWindowScreenshot(window, "units_contact_panel_mmks");

  // POISSON: the penalty in N/mm, round trip through the panel.
  ui::ContactDialog poisson(doc, &window, id);
  poisson.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&poisson));
  poisson.law->setCurrentIndex(1);
  typeInDialog(poisson.penalty, "1e5");
  EXPECT_EQ(poisson.penalty->text(), "100000 N/mm");
  poisson.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply)->click();
  ASSERT_TRUE(poisson.errorText().isEmpty()) << poisson.errorText().toStdString();
  EXPECT_NEAR(doc.model().force(id)->contact->penalty, 1e8, 1e-6) << "1e5 N/mm = 1e8 N/m";
  poisson.close();
  ASSERT_TRUE(test::waitFor([&] { return field(window, "/contact/penalty") != nullptr; }, 2000));
  EXPECT_EQ(field(window, "/contact/penalty")->text(), "100000 N/mm");
  EXPECT_EQ(field(window, "/contact/stiffness"), nullptr) << "IMPACT's rows gone under POISSON";
}
