// Build ▸ System Elements, the linear kinds (issue 31), as a user builds them: a transfer function
// (TFSISO) 1/(1 + τ s) with a unit input becomes its state and its output VARIABLE; the run gives
// y = 1 − e^(−t/τ) (the controllable canonical realization: y = x/τ). Linear state equations (LSE)
// ẋ = A x of an undamped oscillator with x(0) = (1, 0) give x₁ = cos ωt. A plant input and output
// name those VARIABLEs; a wrong entry is refused with the reason and the model untouched; each Apply
// is one undo step.
#include <gtest/gtest.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
#include <QTest>
#include <algorithm>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/SystemElementsDialog.hpp"

using namespace mbs;
using Kind = ui::SystemElementsDialog::Kind;

namespace {

ui::SystemElementsDialog* openDialog(ui::MainWindow& window)
{
  window.findChild<QAction*>("actionSystemElements")->trigger();
  for (auto* d : window.findChildren<ui::SystemElementsDialog*>())
    if (d->isVisible())
      return d;
  return nullptr;
}

void pressApply(ui::SystemElementsDialog* dialog)
{
  QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply), Qt::LeftButton);
}

const core::DifferentialEquation* diff(const core::Model& model, const std::string& name)
{
  for (const auto& d : model.differentials)
    if (d.name == name)
      return &d;
  return nullptr;
}

// The state `name` of each result frame with its time.
std::vector<std::pair<double, double>> stateHistory(const ui::SimulationResults& results,
                                                    const std::string& name)
{
  std::vector<std::pair<double, double>> out;
  const auto& names = results.store()->layout().differentials;
  const auto it = std::find(names.begin(), names.end(), name);
  if (it == names.end())
    return out;
  for (std::size_t k = 0; k < results.frameCount(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    out.emplace_back(f.state.t, f.differentials[it - names.begin()]);
  }
  return out;
}

}  // namespace

TEST(SystemElementsLinear, TransferFunctionStateEquationsAndPlantPorts)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  const auto steps = doc.undoStack().size();
  ui::SystemElementsDialog* dialog = openDialog(window);
  ASSERT_NE(dialog, nullptr);

  // TFSISO: a first-order lag, τ = 0.1 s.
  constexpr double kTau = 0.1;
  dialog->selectKind(Kind::TransferFunction);
  EXPECT_EQ(dialog->element->currentText(), "(new transfer function)");
  EXPECT_TRUE(dialog->numerator->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->function->isVisibleTo(dialog));
  dialog->name->setText("lag");
  dialog->numerator->setText("1");
  dialog->denominator->setText("1");  // no s term: refused
  dialog->inputs->setText("1");
  pressApply(dialog);
  EXPECT_TRUE(dialog->errorText().contains("denominator")) << dialog->errorText().toStdString();
  EXPECT_TRUE(doc.model().differentials.empty());
  EXPECT_EQ(doc.undoStack().size(), steps);
  dialog->denominator->setText("1, 0.1");
  pressApply(dialog);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 1) << "one undo step";
  const core::DifferentialEquation* x1 = diff(doc.model(), "lag_x1");
  ASSERT_NE(x1, nullptr);
  EXPECT_EQ(x1->function, "(-10)*DIF(lag_x1) + (1)*(1)");
  const core::Variable* y = doc.model().variable(doc.model().findVariable("lag"));
  ASSERT_NE(y, nullptr) << "the output is a VARIABLE named after the transfer function";
  EXPECT_EQ(y->function, "(10)*DIF(lag_x1)");
  EXPECT_EQ(dialog->element->currentText(), "lag") << "it is in the list, selected";
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/system_elements_tfsiso.png");

  // Undo takes the state and the VARIABLE away together; redo brings both back.
  doc.undoStack().undo();
  EXPECT_EQ(diff(doc.model(), "lag_x1"), nullptr);
  EXPECT_FALSE(doc.model().findVariable("lag").valid());
  doc.undoStack().redo();
  ASSERT_NE(diff(doc.model(), "lag_x1"), nullptr);
  EXPECT_TRUE(doc.model().findVariable("lag").valid());

  // Edited: read back into the fields, D changed, still one state and the same VARIABLE.
  ASSERT_GE(dialog->element->findText("lag"), 0);
  dialog->element->setCurrentIndex(dialog->element->findText("lag"));
  EXPECT_EQ(dialog->numerator->text(), "1");
  EXPECT_EQ(dialog->denominator->text(), "1, 0.1");
  EXPECT_EQ(dialog->inputs->text(), "1");
  dialog->denominator->setText("1, 0.2");
  pressApply(dialog);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(diff(doc.model(), "lag_x1")->function, "(-5)*DIF(lag_x1) + (1)*(1)");
  EXPECT_EQ(doc.model().variable(doc.model().findVariable("lag"))->function, "(5)*DIF(lag_x1)");
  dialog->denominator->setText("1, 0.1");  // back to τ = 0.1 s
  pressApply(dialog);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.model().differentials.size(), 1u);

  // LSE: ẋ₁ = x₂, ẋ₂ = −ω² x₁, x(0) = (1, 0), y = x₁.
  const double omega = 2.0 * M_PI * 2.0;  // 2 Hz
  dialog->selectKind(Kind::StateEquations);
  dialog->name->setText("osc");
  dialog->matrixA->setText(QString("0 1; %1 0").arg(-omega * omega, 0, 'g', 17));
  dialog->matrixC->setText("1 0 0");  // a wrong shape: refused naming C
  dialog->initialStates->setText("1, 0");
  pressApply(dialog);
  EXPECT_TRUE(dialog->errorText().contains("C is 1 x 3")) << dialog->errorText().toStdString();
  EXPECT_EQ(diff(doc.model(), "osc_x1"), nullptr);
  dialog->matrixC->setText("1 0");
  pressApply(dialog);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  ASSERT_NE(diff(doc.model(), "osc_x2"), nullptr);
  EXPECT_DOUBLE_EQ(diff(doc.model(), "osc_x1")->initialValue, 1.0);
  EXPECT_TRUE(doc.model().findVariable("osc_y1").valid());
  ASSERT_EQ(doc.model().matrices.size(), 2u) << "A and C kept as the model's matrices";
  EXPECT_EQ(doc.model().matrices[0].name, "osc_A");
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/system_elements_lse.png");

  // Plant input and output: lists of VARIABLEs; an unknown one is refused.
  dialog->selectKind(Kind::PlantInput);
  dialog->name->setText("plant_in");
  dialog->plantVariables->setText("lag, no_such_variable");
  pressApply(dialog);
  EXPECT_TRUE(dialog->errorText().contains("no_such_variable")) << dialog->errorText().toStdString();
  EXPECT_TRUE(doc.model().plantInputs.empty());
  dialog->plantVariables->setText("lag");
  pressApply(dialog);
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  ASSERT_EQ(doc.model().plantInputs.size(), 1u);
  EXPECT_EQ(doc.model().plantInputs[0].variables, std::vector<std::string>{"lag"});
  dialog->selectKind(Kind::PlantOutput);
  dialog->name->setText("plant_out");
  dialog->plantVariables->setText("osc_y1");
  pressApply(dialog);
  ASSERT_EQ(doc.model().plantOutputs.size(), 1u) << dialog->errorText().toStdString();
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/system_elements_plant_output.png");
  dialog->close();

  // The run: the lag's state x = τ (1 − e^(−t/τ)), its output y = x/τ; the oscillator cos ωt.
  ASSERT_EQ(test::runDynamic(window, 0.5, 100), "");
  const auto lag = stateHistory(window.results(), "lag_x1");
  const auto osc = stateHistory(window.results(), "osc_x1");
  ASSERT_GT(lag.size(), 50u);
  ASSERT_EQ(osc.size(), lag.size());
  for (std::size_t k = 0; k < lag.size(); k += 10) {
    const double t = lag[k].first;
    EXPECT_NEAR(lag[k].second / kTau, 1.0 - std::exp(-t / kTau), 2e-3) << "y at t = " << t;
    EXPECT_NEAR(osc[k].second, std::cos(omega * t), 5e-3) << "x₁ at t = " << t;
  }

  // Deleted as one step: its states, matrices and VARIABLEs (after the plant output naming osc_y1).
  dialog = openDialog(window);
  dialog->selectKind(Kind::PlantOutput);
  dialog->remove->click();
  EXPECT_TRUE(doc.model().plantOutputs.empty());
  dialog->selectKind(Kind::StateEquations);
  ASSERT_EQ(dialog->element->currentText(), "osc");
  dialog->remove->click();
  EXPECT_EQ(diff(doc.model(), "osc_x1"), nullptr);
  EXPECT_FALSE(doc.model().findVariable("osc_y1").valid());
  EXPECT_TRUE(doc.model().matrices.empty());
  doc.undoStack().undo();
  EXPECT_NE(diff(doc.model(), "osc_x1"), nullptr);
  EXPECT_TRUE(doc.model().findVariable("osc_y1").valid());
  dialog->close();
}
