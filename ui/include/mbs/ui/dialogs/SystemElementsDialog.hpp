#pragma once
// Build > System Elements: the model's own differential equations (Adams DIFF: ẋ = f, with its
// initial value and STATIC_HOLD), sensors (Adams SENSOR: an event on a function of the state and
// what the run does when it fires), splines (Adams SPLINE: a table of points, shown with the
// CUBSPL and AKISPL interpolants that functions read), transfer functions (TFSISO) and linear
// state equations (LSE) as their states and output VARIABLEs (dialogs/LinearSystems.hpp), and a
// control plant's inputs and outputs (PINPUT, POUTPUT: lists of VARIABLEs). Pick an element or "(new ...)",
// edit its fields, Apply: one undo step that replaces the lists, refused with the reason (a name in use, a
// function that does not compile) and the model untouched. A DIFF's state and rate are plotted by name after
// a run.
#include <optional>

#include "mbs/core/DataElements.hpp"
#include "mbs/ui/dialogs/BuildDialog.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QChartView;

namespace mbs::ui {

class SystemElementsDialog : public BuildDialog {
  Q_OBJECT
public:
  explicit SystemElementsDialog(Document& document, QWidget* parent = nullptr);

  enum class Kind {
    Differential = 0,
    Sensor = 1,
    Spline = 2,
    TransferFunction = 3,
    StateEquations = 4,
    PlantInput = 5,
    PlantOutput = 6
  };
  QComboBox* kind;     // differential equation or sensor
  QComboBox* element;  // the element being edited, or "(new ...)" (last item)
  QPushButton* remove;
  QLineEdit* name;
  QLineEdit* function;  // ẋ = f (DIFF), or the sensor's function
  QLineEdit* description;
  // Differential equation
  QDoubleSpinBox* initialValue;
  QCheckBox* staticHold;
  QCheckBox* implicit;          // IMPLICIT: the function is F with 0 = F(..., DIF1(self))
  QDoubleSpinBox* initialRate;  // IMPLICIT: where the search for the derivative starts
  // Sensor
  QComboBox* compare;  // =, ≥, ≤
  QDoubleSpinBox* value;
  QDoubleSpinBox* tolerance;  // Adams' ERROR
  QComboBox* action;          // none, HALT, RETURN
  QCheckBox* print;
  QCheckBox* restart;
  QDoubleSpinBox* stepSize;
  QLineEdit* evaluate;
  // Spline: X in the first column, one Y column per curve (a family: one per z value)
  QTableWidget* splineTable;
  QPushButton* addRow;
  QPushButton* removeRow;
  QCheckBox* linearExtrapolate;
  QChartView* splinePlot;  // the points and the interpolants through them
  // Transfer function: N(s) and D(s), coefficients in ascending powers of s, as Adams lists them
  QLineEdit* numerator;
  QLineEdit* denominator;
  // TFSISO: u (an expression); LSE: the inputs u, one expression each, separated by ';'
  QLineEdit* inputs;
  // LSE: A, B, C, D typed by rows ("0 1; -39.48 0"); B, C, D may stay empty; x(0)
  QLineEdit* matrixA;
  QLineEdit* matrixB;
  QLineEdit* matrixC;
  QLineEdit* matrixD;
  QLineEdit* initialStates;
  // Plant input or output: its VARIABLEs, in the order of u (or y), separated by commas
  QLineEdit* plantVariables;

  void selectKind(Kind k);

protected:
  std::unique_ptr<core::Command> makeCommand(QString& error) override;

private:
  Kind currentKind() const;
  int editedIndex() const;  // index into the kind's list, -1 for a new element
  void fillElements(const QString& select, bool first = false);  // first: the kind's first element
  void showElement();
  void updateForm();
  void removeElement();
  void drawSpline();
  // The spline in the table; nullopt with `error` naming the cell or the reason when it is not one.
  std::optional<core::Spline> tableSpline(QString& error) const;
  // SystemElementsLinear.cpp: transfer functions, state equations and plant ports.
  bool linearKind() const;  // TFSISO, LSE, PINPUT or POUTPUT
  int linearCount() const;  // elements of the current (linear) kind in the model
  void fillLinearElements();
  void showLinearElement(int index);
  std::unique_ptr<core::Command> makeLinearCommand(const std::string& elementName, int index, QString& error);
  std::unique_ptr<core::Command> removeLinearCommand(int index);
};

}  // namespace mbs::ui
