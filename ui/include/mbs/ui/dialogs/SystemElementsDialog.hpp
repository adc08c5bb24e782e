#pragma once
// Build > System Elements: the model's own differential equations (Adams DIFF: ẋ = f, with its
// initial value and STATIC_HOLD), sensors (Adams SENSOR: an event on a function of the state and
// what the run does when it fires) and splines (Adams SPLINE: a table of points, shown with the
// CUBSPL and AKISPL interpolants that functions read). Pick an element or "(new ...)", edit its fields,
// Apply: one undo step that replaces the lists, refused with the reason (a name in use, a function that does
// not compile) and the model untouched. A DIFF's state and rate are plotted by name after a run.
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

  enum class Kind { Differential = 0, Sensor = 1, Spline = 2 };
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
};

}  // namespace mbs::ui
