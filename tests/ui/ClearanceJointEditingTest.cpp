// Clearance joints edited from the GUI (issue 14): a revolute joint becomes a clearance joint and
// back from its property panel and from Build ▸ Joint friction, each change one undo step; the
// contact's parameters have units, refused values say which joint and field, and what the GUI set
// is what the saved file holds.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include "GuiTestSupport.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"

using namespace mbs;

namespace {

QDoubleSpinBox* numberField(ui::PropertyPanel& panel, const char* pointer)
{
  return qobject_cast<QDoubleSpinBox*>(panel.editorOf(pointer));
}

// The label of the form row holding `field` (the text the user reads beside it).
QString rowLabel(QWidget* field)
{
  for (QWidget* w = field->parentWidget(); w; w = w->parentWidget())
    for (auto* label : w->findChildren<QLabel*>())
      if (label->buddy() == field)
        return label->text();
  return {};
}

}  // namespace

TEST(ClearanceJointEditing, PropertyPanelTurnsARevoluteJointIntoAClearanceJointAndBack)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::JointId id = doc.model().findJoint("pivot_joint");
  ASSERT_TRUE(id.valid());
  doc.setSelection({core::EntityRef(id)});
  ui::PropertyPanel& panel = window.properties();
  auto* on = panel.findChild<QCheckBox*>("clearanceSwitch");
  ASSERT_NE(on, nullptr);
  EXPECT_FALSE(on->isChecked());
  EXPECT_EQ(numberField(panel, "/clearance/clearance"), nullptr) << "no contact fields on a pin";
  const auto steps = doc.undoStack().size();

  on->click();
  ASSERT_TRUE(doc.model().joint(id)->clearance.has_value());
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  EXPECT_EQ(doc.undoStack().undoText(), "Set clearance");
  const core::ClearanceParameters defaults = *doc.model().joint(id)->clearance;
  EXPECT_DOUBLE_EQ(defaults.clearance, 5e-4);
  EXPECT_DOUBLE_EQ(defaults.journalRadius, 0.01);
  EXPECT_DOUBLE_EQ(defaults.exponent, 1.5);

  // The contact's rows appear (after the edit has returned); a converted one has its unit as the
  // box's suffix, the others in the label.
  ASSERT_TRUE(test::waitFor([&] { return numberField(panel, "/clearance/clearance") != nullptr; }, 2000));
  const std::pair<const char*, const char*> rows[] = {
      {"/clearance/clearance", "Radial clearance c"},
      {"/clearance/journal_radius", "Journal radius"},
      {"/clearance/stiffness", "Contact stiffness K"},
      {"/clearance/exponent", "Force exponent n [-]"},
      {"/clearance/restitution", "Restitution coefficient e [-]"},
      {"/clearance/mu_static", "μ static [-]"},
      {"/clearance/mu_dynamic", "μ dynamic [-]"},
      {"/clearance/transition_velocity", "Friction transition velocity"}};
  for (const auto& [pointer, label] : rows) {
    QDoubleSpinBox* box = numberField(panel, pointer);
    ASSERT_NE(box, nullptr) << pointer;
    EXPECT_EQ(rowLabel(box), QString::fromUtf8(label)) << pointer;
  }
  EXPECT_DOUBLE_EQ(numberField(panel, "/clearance/clearance")->value(), 5e-4);

  // Each edit one step; the same field typed twice merges into one.
  test::typeAndEnter(numberField(panel, "/clearance/clearance"), "2.5e-4");
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->clearance, 2.5e-4);
  EXPECT_EQ(doc.undoStack().size(), steps + 2);
  test::typeAndEnter(numberField(panel, "/clearance/stiffness"), "6.95e10");
  test::typeAndEnter(numberField(panel, "/clearance/restitution"), "0.7");
  test::typeAndEnter(numberField(panel, "/clearance/mu_static"), "0.12");
  test::typeAndEnter(numberField(panel, "/clearance/mu_dynamic"), "0.08");
  EXPECT_EQ(doc.undoStack().size(), steps + 6);
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->stiffness, 6.95e10);
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->restitution, 0.7);

  // Refused values: the field, the value, the rule and the joint; nothing changes.
  test::typeAndEnter(numberField(panel, "/clearance/restitution"), "1.5");
  QString message = panel.errorText();
  EXPECT_TRUE(message.contains("Restitution coefficient e [-]")) << message.toStdString();
  EXPECT_TRUE(message.contains("1.5")) << message.toStdString();
  EXPECT_TRUE(message.contains("(0, 1]")) << message.toStdString();
  EXPECT_TRUE(message.contains("pivot_joint")) << message.toStdString();
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->restitution, 0.7);
  EXPECT_DOUBLE_EQ(numberField(panel, "/clearance/restitution")->value(), 0.7) << "back to the model's value";
  EXPECT_EQ(doc.undoStack().size(), steps + 6);
  test::typeAndEnter(numberField(panel, "/clearance/clearance"), "0");
  message = panel.errorText();
  EXPECT_TRUE(message.contains("Radial clearance c [m]")) << message.toStdString();
  EXPECT_TRUE(message.contains("pivot_joint")) << message.toStdString();
  EXPECT_TRUE(message.contains("positive")) << message.toStdString();
  test::typeAndEnter(numberField(panel, "/clearance/exponent"), "0.5");
  EXPECT_TRUE(panel.errorText().contains("Force exponent n [-]")) << panel.errorText().toStdString();
  EXPECT_TRUE(panel.errorText().contains("at least 1")) << panel.errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 6);
  QTest::qWait(200);
  test::saveWindowScreenshot(window, "clearance_property_panel");

  // What the panel set is what the file holds, and reads back the same.
  QTemporaryDir dir;
  const QString path = dir.filePath("clearance.mbs.json");
  QString saveError;
  ASSERT_TRUE(doc.save(path, &saveError)) << saveError.toStdString();
  const core::LoadResult reread = core::loadModel(path.toStdString());
  ASSERT_TRUE(reread.ok()) << reread.errors.size();
  const core::Joint* saved = reread.model->joint(reread.model->findJoint("pivot_joint"));
  ASSERT_TRUE(saved && saved->clearance);
  EXPECT_EQ(*saved->clearance, *doc.model().joint(id)->clearance);
  EXPECT_DOUBLE_EQ(saved->clearance->clearance, 2.5e-4);
  EXPECT_DOUBLE_EQ(saved->clearance->staticCoefficient, 0.12);

  // Back to a pin: one step; undo gives the clearance joint again with its values.
  on = panel.findChild<QCheckBox*>("clearanceSwitch");
  ASSERT_NE(on, nullptr);
  on->click();
  EXPECT_FALSE(doc.model().joint(id)->clearance.has_value());
  EXPECT_EQ(doc.undoStack().size(), steps + 7);
  ASSERT_TRUE(test::waitFor([&] { return numberField(panel, "/clearance/clearance") == nullptr; }, 2000));
  doc.undoStack().undo();
  ASSERT_TRUE(doc.model().joint(id)->clearance.has_value());
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->clearance, 2.5e-4);
  ASSERT_TRUE(test::waitFor([&] { return numberField(panel, "/clearance/clearance") != nullptr; }, 2000));
  EXPECT_TRUE(panel.findChild<QCheckBox*>("clearanceSwitch")->isChecked());

  // Another joint type drops the clearance in the same step (a cylindrical joint has none).
  auto* typeCombo = panel.findChild<QComboBox*>("/type");
  ASSERT_NE(typeCombo, nullptr);
  const int cylindrical = typeCombo->findData("cylindrical");
  ASSERT_GE(cylindrical, 0);
  typeCombo->setCurrentIndex(cylindrical);
  emit typeCombo->activated(cylindrical);
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  EXPECT_EQ(doc.model().joint(id)->kind, core::JointKind::Cylindrical);
  EXPECT_FALSE(doc.model().joint(id)->clearance.has_value());
  EXPECT_EQ(doc.undoStack().size(), steps + 7);
  ASSERT_TRUE(test::waitFor([&] { return panel.findChild<QCheckBox*>("clearanceSwitch") == nullptr; }, 2000))
      << "a cylindrical joint has no clearance switch";
}

TEST(ClearanceJointEditing, FrictionDialogSetsTheClearanceWithItsFriction)
{
  test::application();
  ui::MainWindow window;
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::JointId id = doc.model().findJoint("pivot_joint");
  window.findChild<QAction*>("actionFriction")->trigger();
  auto* dialog = window.findChild<ui::FrictionDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(dialog->joint->selectName("pivot_joint"));
  ASSERT_TRUE(dialog->clearanceGroup->isVisibleTo(dialog)) << "offered for a revolute joint";
  EXPECT_FALSE(dialog->clearanceGroup->isChecked());
  auto press = [dialog](QDialogButtonBox::StandardButton which) {
    dialog->findChild<QDialogButtonBox*>()->button(which)->click();
  };
  const auto steps = doc.undoStack().size();

  dialog->clearanceGroup->setChecked(true);
  EXPECT_FALSE(dialog->pinRadius->isEnabled()) << "joint-friction fields do not apply to the contact";
  EXPECT_TRUE(dialog->muStatic->isEnabled());
  dialog->clearance->setValue(0.0);
  press(QDialogButtonBox::Apply);
  EXPECT_TRUE(dialog->errorText().contains("pivot_joint")) << dialog->errorText().toStdString();
  EXPECT_TRUE(dialog->errorText().contains("radial clearance")) << dialog->errorText().toStdString();
  EXPECT_FALSE(doc.model().joint(id)->clearance.has_value());
  EXPECT_EQ(doc.undoStack().size(), steps);

  dialog->clearance->setValue(3e-4);
  dialog->journalRadius->setValue(0.02);
  dialog->contactStiffness->setValue(2e10);
  dialog->forceExponent->setValue(1.5);
  dialog->restitution->setValue(0.8);
  dialog->muStatic->setValue(0.1);
  dialog->muDynamic->setValue(0.07);
  dialog->stictionVelocity->setValue(0.002);
  dialog->grab().save(test::screenshotDir() + "/clearance_friction_dialog.png");
  press(QDialogButtonBox::Apply);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  ASSERT_TRUE(doc.model().joint(id)->clearance.has_value());
  const core::ClearanceParameters& c = *doc.model().joint(id)->clearance;
  EXPECT_DOUBLE_EQ(c.clearance, 3e-4);
  EXPECT_DOUBLE_EQ(c.journalRadius, 0.02);
  EXPECT_DOUBLE_EQ(c.stiffness, 2e10);
  EXPECT_DOUBLE_EQ(c.restitution, 0.8);
  EXPECT_DOUBLE_EQ(c.staticCoefficient, 0.1);
  EXPECT_DOUBLE_EQ(c.dynamicCoefficient, 0.07);
  EXPECT_DOUBLE_EQ(c.transitionVelocity, 0.002);
  EXPECT_FALSE(doc.model().joint(id)->friction.has_value()) << "the contact carries the friction";
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  EXPECT_EQ(doc.undoStack().undoText(), "Set clearance of joint pivot_joint");

  // Reopened on the joint, the dialog shows the clearance joint's values.
  ASSERT_TRUE(dialog->joint->selectName("pivot_joint"));
  EXPECT_TRUE(dialog->clearanceGroup->isChecked());
  EXPECT_DOUBLE_EQ(dialog->clearance->value(), 3e-4);

  // Unchecked: a pin again with joint friction (it needs a pin radius), in one step.
  dialog->clearanceGroup->setChecked(false);
  EXPECT_TRUE(dialog->pinRadius->isEnabled());
  dialog->pinRadius->setValue(0.01);
  press(QDialogButtonBox::Apply);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_FALSE(doc.model().joint(id)->clearance.has_value());
  ASSERT_TRUE(doc.model().joint(id)->friction.has_value());
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->friction->staticCoefficient, 0.1);
  EXPECT_EQ(doc.undoStack().size(), steps + 2);
  doc.undoStack().undo();
  EXPECT_TRUE(doc.model().joint(id)->clearance.has_value());
  EXPECT_FALSE(doc.model().joint(id)->friction.has_value());
}

// The seed-003 law: the law selector shows only the chosen law's coefficients, in the property
// panel and in Build ▸ Joint friction; each choice and value is one undo step and reaches the model.
TEST(ClearanceJointEditing, ContactLawSelectorShowsOnlyThatLawsCoefficients)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  ASSERT_TRUE(window.openFile(test::exampleModel("pendulum.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::JointId id = doc.model().findJoint("pivot_joint");
  doc.setSelection({core::EntityRef(id)});
  ui::PropertyPanel& panel = window.properties();
  panel.findChild<QCheckBox*>("clearanceSwitch")->click();
  ASSERT_TRUE(test::waitFor([&] { return panel.findChild<QComboBox*>("/clearance/law") != nullptr; }, 2000));
  auto* law = panel.findChild<QComboBox*>("/clearance/law");
  EXPECT_EQ(rowLabel(law), QString("Contact law"));
  EXPECT_EQ(law->currentData().toString(), QString("lankarani_nikravesh"));
  EXPECT_NE(numberField(panel, "/clearance/restitution"), nullptr);
  EXPECT_EQ(numberField(panel, "/clearance/linear_damping"), nullptr) << "no polynomial rows for L–N";
  const auto steps = doc.undoStack().size();

  const int polynomial = law->findData("polynomial_damping");
  ASSERT_GE(polynomial, 0);
  law->setCurrentIndex(polynomial);
  emit law->activated(polynomial);
  EXPECT_TRUE(panel.errorText().isEmpty()) << panel.errorText().toStdString();
  EXPECT_EQ(doc.model().joint(id)->clearance->law, core::ClearanceLaw::PolynomialDamping);
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  ASSERT_TRUE(
      test::waitFor([&] { return numberField(panel, "/clearance/linear_damping") != nullptr; }, 2000));
  EXPECT_EQ(numberField(panel, "/clearance/restitution"), nullptr) << "e is not used by this law";
  EXPECT_EQ(rowLabel(numberField(panel, "/clearance/linear_damping")),
            QString::fromUtf8("Damping d₁ (of δ·dδ/dt)"));
  EXPECT_EQ(rowLabel(numberField(panel, "/clearance/quadratic_damping")),
            QString::fromUtf8("Damping d₂ (of δ²·dδ/dt)"));
  test::typeAndEnter(numberField(panel, "/clearance/linear_damping"), "3e6");
  test::typeAndEnter(numberField(panel, "/clearance/quadratic_damping"), "2e10");
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->linearDamping, 3e6);
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->quadraticDamping, 2e10);
  EXPECT_EQ(doc.undoStack().size(), steps + 3);
  test::typeAndEnter(numberField(panel, "/clearance/linear_damping"), "-1");
  EXPECT_TRUE(panel.errorText().contains("pivot_joint")) << panel.errorText().toStdString();
  EXPECT_DOUBLE_EQ(doc.model().joint(id)->clearance->linearDamping, 3e6);
  QTest::qWait(200);
  test::saveWindowScreenshot(window, "clearance_polynomial_law_panel");

  // The dialog opens on the joint with its law and shows only d₁, d₂.
  window.findChild<QAction*>("actionFriction")->trigger();
  auto* dialog = window.findChild<ui::FrictionDialog*>();
  ASSERT_NE(dialog, nullptr);
  ASSERT_TRUE(dialog->joint->selectName("pivot_joint"));
  EXPECT_EQ(dialog->contactLaw->currentData().toString(), QString("polynomial_damping"));
  EXPECT_DOUBLE_EQ(dialog->linearDamping->value(), 3e6);
  EXPECT_TRUE(dialog->linearDamping->isVisibleTo(dialog));
  EXPECT_TRUE(dialog->quadraticDamping->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->restitution->isVisibleTo(dialog));
  dialog->contactLaw->setCurrentIndex(0);
  EXPECT_TRUE(dialog->restitution->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->linearDamping->isVisibleTo(dialog));
  dialog->contactLaw->setCurrentIndex(1);
  dialog->quadraticDamping->setValue(5e10);
  dialog->grab().save(test::screenshotDir() + "/clearance_polynomial_law_dialog.png");
  dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  const core::ClearanceParameters& c = *doc.model().joint(id)->clearance;
  EXPECT_EQ(c.law, core::ClearanceLaw::PolynomialDamping);
  EXPECT_DOUBLE_EQ(c.linearDamping, 3e6);
  EXPECT_DOUBLE_EQ(c.quadraticDamping, 5e10);
  EXPECT_EQ(doc.undoStack().size(), steps + 4);
}
