// Numeric fields take what an Adams/View user types: an expression of the model's parameters and
// constants with the degree suffix ("cos(60d)", "2*L"). Enter shows its value; a text without one is
// refused with the reason under the field, and a dialog does not apply the field's old value.
#include <gtest/gtest.h>

#include <QAction>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <cmath>
#include <numbers>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "mbs/ui/dialogs/ModeSelectionTable.hpp"
#include "mbs/ui/dialogs/MotionDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"

using namespace mbs;

namespace {

// Adds the parameter L = 0.75 as one undo step.
void addLengthParameter(ui::Document& doc)
{
  std::vector<core::Parameter> parameters = doc.model().parameters;
  parameters.push_back({"L", 0.75, "rod length"});
  QString error;
  ASSERT_TRUE(doc.execute(std::make_unique<core::SetParameters>(parameters, doc.model().bindings), &error))
      << error.toStdString();
}

template <class Dialog>
Dialog* openDialog(ui::MainWindow& window, const char* action)
{
  window.findChild<QAction*>(action)->trigger();
  for (auto* d : window.findChildren<Dialog*>())
    if (d->isVisible())
      return d;
  return nullptr;
}

}  // namespace

TEST(NumericExpressions, PropertyFieldShowsTheValueOrTheReasonUnderIt)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  addLengthParameter(doc);
  const core::PartId rod = doc.model().findPart("rod");
  doc.setSelection({core::EntityRef(rod)});
  ui::PropertyPanel& panel = window.properties();
  auto* mass = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/mass"));
  ASSERT_NE(mass, nullptr);

  test::typeAndEnter(mass, "cos(60d)");
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  EXPECT_NEAR(doc.model().part(rod)->mass, 0.5, 1e-12);
  mass = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/mass"));
  EXPECT_EQ(mass->text(), "0.5 kg") << "the field shows the value, in the model's unit";

  test::typeAndEnter(mass, "2*L");
  EXPECT_DOUBLE_EQ(doc.model().part(rod)->mass, 1.5);

  // The position (a 3-vector) takes one too.
  auto* y = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/position/1"));
  ASSERT_NE(y, nullptr);
  test::typeAndEnter(y, "L*sin(30D)");
  EXPECT_NEAR(doc.model().part(rod)->position.y(), 0.375, 1e-12);

  // An unfinished expression: refused with the reason right under the field, the model unchanged.
  const auto steps = doc.undoStack().size();
  mass = qobject_cast<QDoubleSpinBox*>(panel.editorOf("/mass"));
  test::typeAndEnter(mass, "cos(60d");
  const QString unfinished = panel.errorText();
  EXPECT_TRUE(unfinished.contains("Mass [kg]: \"cos(60d\" is not accepted")) << unfinished.toStdString();
  EXPECT_TRUE(unfinished.contains("position")) << unfinished.toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps);
  EXPECT_DOUBLE_EQ(doc.model().part(rod)->mass, 1.5);
  QTest::qWait(50);
  auto* message = panel.findChild<QLabel*>("propertyError");
  ASSERT_NE(message, nullptr);
  const int fieldBottom = mass->mapTo(&panel, QPoint(0, mass->height())).y();
  EXPECT_LE(message->mapTo(&panel, QPoint(0, 0)).y() - fieldBottom, 20);
  test::saveWindowScreenshot(window, "property_expression_refused");

  // A name that is not a parameter is named.
  test::typeAndEnter(mass, "2*Lrod");
  EXPECT_TRUE(panel.errorText().contains("'LROD'")) << panel.errorText().toStdString();
  // Fixed: the message goes.
  test::typeAndEnter(mass, "L");
  EXPECT_TRUE(panel.errorText().isEmpty());
  EXPECT_DOUBLE_EQ(doc.model().part(rod)->mass, 0.75);
}

TEST(NumericExpressions, DialogFieldRefusesWithTheReasonAndDoesNotApplyTheOldValue)
{
  test::application();
  ui::MainWindow window;
  window.resize(1366, 768);
  window.show();
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  addLengthParameter(doc);
  auto* dialog = openDialog<ui::PartDialog>(window, "actionPart");
  ASSERT_NE(dialog, nullptr);
  auto* density = dialog->density;
  test::typeAndEnter(density, "2*L*1000");
  EXPECT_DOUBLE_EQ(density->value(), 1500.0);

  const auto parts = doc.model().parts().size();
  test::typeAndEnter(density, "7800*(1+");
  QTest::qWait(50);
  auto* message = dialog->findChild<QLabel*>("fieldMessage");
  ASSERT_NE(message, nullptr);
  EXPECT_TRUE(message->isVisible());
  EXPECT_TRUE(message->text().contains("\"7800*(1+\" is not accepted")) << message->text().toStdString();
  EXPECT_TRUE(dialog->isVisible()) << "Enter on a refused text does not press OK";
  const int fieldBottom = density->mapTo(dialog, QPoint(0, density->height())).y();
  const int messageTop = message->mapTo(dialog, QPoint(0, 0)).y();
  EXPECT_GE(messageTop, fieldBottom - 2);
  EXPECT_LE(messageTop - fieldBottom, 20) << "under the field";
  dialog->grab().save(test::screenshotDir() + "/part_dialog_expression_refused.png");

  // OK with the refused text: not applied with the old density.
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
  EXPECT_TRUE(dialog->isVisible());
  EXPECT_TRUE(dialog->errorText().contains("not a number")) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.model().parts().size(), parts);

  // Corrected: the message goes.
  test::typeAndEnter(density, "7800");
  EXPECT_DOUBLE_EQ(density->value(), 7800.0);
  EXPECT_EQ(dialog->findChild<QLabel*>("fieldMessage"), nullptr);
  dialog->reject();
}

// A dialog finds its number fields by type (BuildDialog refuses to apply while one has a refused
// text): a plain spin box is not one. Without NumberBox's own meta-object it was, and the Make
// Flexible dialog's per-mode damping boxes read as refused.
TEST(NumericExpressions, OnlyNumberFieldsAreFoundAsNumberFields)
{
  test::application();
  QWidget form;
  auto* plain = new QDoubleSpinBox(&form);
  ui::makeNumberBox(1.0)->setParent(&form);
  EXPECT_EQ(qobject_cast<ui::NumberBox*>(plain), nullptr);
  EXPECT_EQ(form.findChildren<ui::NumberBox*>().size(), 1);
  EXPECT_EQ(form.findChildren<QDoubleSpinBox*>().size(), 2);
}

TEST(NumericExpressions, ModeDampingTakesAnExpression)
{
  test::application();
  ui::ModeSelectionTable table;
  table.setModes({{0, 0.0, mesh::ModeType::Rigid, 0.0}, {1, 12.5, mesh::ModeType::Bending, 0.9}}, {1}, 0.01);
  table.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&table));
  auto* damping = table.findChild<ui::NumberBox*>("modeDamping2");
  ASSERT_NE(damping, nullptr);
  EXPECT_DOUBLE_EQ(table.dampingRatio(1), 0.01);
  test::typeAndEnter(damping, "2*cos(60d)*1.5");
  EXPECT_NEAR(table.dampingRatio(1), 0.015, 1e-12);
  EXPECT_FALSE(damping->hasRefusedText());
  test::typeAndEnter(damping, "1.5*");
  EXPECT_TRUE(damping->hasRefusedText());
  EXPECT_NEAR(table.dampingRatio(1), 0.015, 1e-12) << "a refused text keeps the value";
}

TEST(NumericExpressions, MotionFunctionTakesTheDegreeSuffix)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
  ui::Document& doc = window.document();
  for (const auto& m : std::vector<core::Motion>(doc.model().motions().begin(), doc.model().motions().end()))
    ASSERT_TRUE(doc.execute(std::make_unique<core::RemoveEntity>(core::EntityRef(m.id))));
  auto* dialog = openDialog<ui::MotionDialog>(window, "actionMotion");
  ASSERT_NE(dialog, nullptr);
  dialog->joint->selectName("crank_bearing");
  dialog->function->setText("360d*TIME");
  QTest::qWait(20);
  EXPECT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
  ASSERT_EQ(doc.model().motions().size(), 1u) << dialog->errorText().toStdString();
  const std::string run = test::runDynamic(window, 0.25, 10);
  EXPECT_TRUE(run.empty()) << run;
}

// The same refusal in the Chinese interface (the user guide's zh screenshot): the frame of the
// message is translated, the parser's reason is kept.
TEST(NumericExpressions, RefusalInTheChineseInterface)
{
  test::application();
  const test::ChineseForThisScope chinese;
  ASSERT_TRUE(chinese.installed());
  {
    ui::MainWindow window;
    window.resize(1366, 768);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    ASSERT_TRUE(window.openFile(test::exampleModel("slider_crank.mbs.json"), true));
    ui::Document& doc = window.document();
    doc.setSelection({core::EntityRef(doc.model().findPart("rod"))});
    auto* mass = qobject_cast<QDoubleSpinBox*>(window.properties().editorOf("/mass"));
    ASSERT_NE(mass, nullptr);
    test::typeAndEnter(mass, "cos(60d");
    const QString text = window.properties().errorText();
    EXPECT_TRUE(text.contains(QString::fromUtf8("不接受"))) << text.toStdString();
    QTest::qWait(50);
    test::saveWindowScreenshot(window, "zh_property_expression_refused");
  }
}
