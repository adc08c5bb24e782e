#include "mbs/ui/dialogs/SystemElementsDialog.hpp"

#include <QChart>
#include <QChartView>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLineEdit>
#include <QLineSeries>
#include <QLocale>
#include <QPushButton>
#include <QScatterSeries>
#include <QSignalBlocker>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <algorithm>
#include <cmath>
#include <limits>

#include "CommandTexts.hpp"
#include "mbs/core/Interpolation.hpp"
#include "mbs/core/SystemElementCommands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"
#include "panels/PlotCharts.hpp"

namespace mbs::ui {
namespace {

using Compare = core::SensorCompare;
const Compare kCompares[] = {Compare::Equal, Compare::GreaterEqual, Compare::LessEqual};

// A sensor's action when it fires: Adams' HALT and RETURN end the run; none only marks the time.
enum Action { kNoAction = 0, kHalt = 1, kReturn = 2 };

}  // namespace

SystemElementsDialog::SystemElementsDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("System elements"), parent)
{
  setObjectName("systemElementsDialog");
  kind = new QComboBox;
  kind->setObjectName("systemElementKind");
  kind->addItems({tr("Differential equation (DIFF)"), tr("Sensor (SENSOR)"), tr("Spline (SPLINE)"),
                  tr("Transfer function (TFSISO)"), tr("State equations (LSE)"), tr("Plant input (PINPUT)"),
                  tr("Plant output (POUTPUT)")});
  element = new QComboBox;
  element->setObjectName("systemElementList");
  remove = new QPushButton(tr("Delete"));
  auto* pick = new QWidget;
  auto* row = new QHBoxLayout(pick);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(element, 1);
  row->addWidget(remove);
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  function = new QLineEdit;
  function->setObjectName("systemElementFunction");
  function->setMinimumWidth(360);  // room for a function and its example
  description = new QLineEdit;
  initialValue = makeNumberBox(0.0, -1e12, 1e12);
  initialValue->setObjectName("differentialInitialValue");
  staticHold = new QCheckBox(tr("Hold in static analyses (STATIC_HOLD)"));
  implicit = new QCheckBox(tr("Implicit: 0 = function, reading its derivative as DIF1 (IMPLICIT)"));
  initialRate = makeNumberBox(0.0, -1e12, 1e12);
  compare = new QComboBox;
  compare->addItems(
      {tr("equals the value (within the error)"), tr("is at least the value"), tr("is at most the value")});
  value = makeNumberBox(0.0, -1e12, 1e12);
  value->setObjectName("sensorValue");
  tolerance = makeNumberBox(1e-3, 0.0, 1e12);
  action = new QComboBox;
  action->addItems({tr("none (only marks the time)"), tr("HALT: end the run and the command file"),
                    tr("RETURN: end this run")});
  print = new QCheckBox(tr("Write an output frame at the firing (PRINT)"));
  restart = new QCheckBox(tr("Restart the integrator at first order (RESTART)"));
  stepSize = makeNumberBox(0.0, 0.0, 1e6);
  setQuantity(stepSize, core::Quantity::Time);
  evaluate = new QLineEdit;
  evaluate->setPlaceholderText(tr("optional: what SENVAL reads at the firing"));
  splineTable = new QTableWidget;
  splineTable->setObjectName("splineTable");
  splineTable->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  splineTable->setMinimumHeight(150);
  addRow = new QPushButton(tr("Add row"));
  removeRow = new QPushButton(tr("Remove row"));
  auto* tableBox = new QWidget;
  auto* tableLayout = new QVBoxLayout(tableBox);
  tableLayout->setContentsMargins(0, 0, 0, 0);
  tableLayout->addWidget(splineTable);
  auto* rowButtons = new QHBoxLayout;
  rowButtons->addWidget(addRow);
  rowButtons->addWidget(removeRow);
  rowButtons->addStretch(1);
  tableLayout->addLayout(rowButtons);
  linearExtrapolate = new QCheckBox(tr("Beyond the data: the tangent line at the end (LINEAR_EXTRAPOLATE)"));
  splinePlot = new QChartView(new QChart);
  splinePlot->setObjectName("splinePlot");
  splinePlot->setRenderHint(QPainter::Antialiasing);
  splinePlot->setMinimumSize(360, 240);
  numerator = new QLineEdit;
  numerator->setObjectName("tfNumerator");
  numerator->setPlaceholderText(tr("b0, b1, ... (ascending powers of s), e.g. 1"));
  denominator = new QLineEdit;
  denominator->setObjectName("tfDenominator");
  denominator->setPlaceholderText(tr("a0, a1, ... (ascending powers of s), e.g. 1, 0.1 for 1/(1 + 0.1 s)"));
  inputs = new QLineEdit;
  inputs->setObjectName("linearInputs");
  inputs->setMinimumWidth(360);  // room for the expressions and their example
  matrixA = new QLineEdit;
  matrixA->setObjectName("lseA");
  matrixA->setPlaceholderText(tr("by rows, e.g. 0 1; -39.48 -0.5"));
  matrixB = new QLineEdit;
  matrixB->setObjectName("lseB");
  matrixC = new QLineEdit;
  matrixC->setObjectName("lseC");
  matrixD = new QLineEdit;
  matrixD->setObjectName("lseD");
  for (QLineEdit* m : {matrixB, matrixC, matrixD})
    m->setPlaceholderText(tr("by rows; empty: none"));
  initialStates = new QLineEdit;
  initialStates->setObjectName("lseInitial");
  initialStates->setPlaceholderText(tr("x(0), one number per state; empty: all 0"));
  plantVariables = new QLineEdit;
  plantVariables->setObjectName("plantVariables");
  plantVariables->setPlaceholderText(tr("VARIABLE names in order, e.g. torque_command, valve"));

  form()->addRow(tr("Kind"), kind);
  form()->addRow(tr("Element"), pick);
  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Function"), function);
  form()->addRow(tr("Initial value"), initialValue);
  form()->addRow(QString(), staticHold);
  form()->addRow(QString(), implicit);
  form()->addRow(tr("Initial derivative (guess)"), initialRate);
  form()->addRow(tr("Fires when the function"), compare);
  form()->addRow(tr("Value"), value);
  form()->addRow(tr("Error"), tolerance);
  form()->addRow(tr("Action"), action);
  form()->addRow(QString(), print);
  form()->addRow(QString(), restart);
  form()->addRow(tr("Step after firing (0: none)"), stepSize);
  form()->addRow(tr("Evaluate"), evaluate);
  form()->addRow(tr("Points"), tableBox);
  form()->addRow(QString(), linearExtrapolate);
  form()->addRow(tr("Interpolant"), splinePlot);
  form()->addRow(tr("Numerator N(s)"), numerator);
  form()->addRow(tr("Denominator D(s)"), denominator);
  form()->addRow(tr("Input u"), inputs);
  form()->addRow(tr("A (states)"), matrixA);
  form()->addRow(tr("B (inputs)"), matrixB);
  form()->addRow(tr("C (outputs)"), matrixC);
  form()->addRow(tr("D (feedthrough)"), matrixD);
  form()->addRow(tr("Initial states"), initialStates);
  form()->addRow(tr("Variables"), plantVariables);
  form()->addRow(tr("Description"), description);

  // Another kind shows its first element (or a new one when it has none).
  connect(kind, &QComboBox::currentIndexChanged, this, [this] { fillElements({}, true); });
  connect(element, &QComboBox::currentIndexChanged, this, &SystemElementsDialog::showElement);
  connect(remove, &QPushButton::clicked, this, &SystemElementsDialog::removeElement);
  connect(splineTable, &QTableWidget::itemChanged, this, &SystemElementsDialog::drawSpline);
  connect(linearExtrapolate, &QCheckBox::toggled, this, &SystemElementsDialog::drawSpline);
  connect(implicit, &QCheckBox::toggled, this, &SystemElementsDialog::updateForm);
  connect(addRow, &QPushButton::clicked, this, [this] { splineTable->insertRow(splineTable->rowCount()); });
  connect(removeRow, &QPushButton::clicked, this, [this] {
    const int row = splineTable->currentRow() >= 0 ? splineTable->currentRow() : splineTable->rowCount() - 1;
    if (row >= 0)
      splineTable->removeRow(row);
    drawSpline();
  });
  // After an Apply, undo or redo the lists may have changed: keep the edited element selected.
  connect(&document, &Document::modelChanged, this, [this] { fillElements(name->text().trimmed()); });
  fillElements({});
}

void SystemElementsDialog::selectKind(Kind k)
{
  kind->setCurrentIndex(static_cast<int>(k));
}

SystemElementsDialog::Kind SystemElementsDialog::currentKind() const
{
  return static_cast<Kind>(std::clamp(kind->currentIndex(), 0, static_cast<int>(Kind::PlantOutput)));
}

int SystemElementsDialog::editedIndex() const
{
  const core::Model& model = document().model();
  const std::size_t count = linearKind()                    ? std::size_t(linearCount())
                            : currentKind() == Kind::Sensor ? model.sensors.size()
                            : currentKind() == Kind::Spline ? model.splines.size()
                                                            : model.differentials.size();
  const int row = element->currentIndex();
  return row >= 0 && row < static_cast<int>(count) ? row : -1;
}

void SystemElementsDialog::fillElements(const QString& select, bool first)
{
  const QSignalBlocker blocker(element);
  element->clear();
  const core::Model& model = document().model();
  if (linearKind()) {
    fillLinearElements();
  } else if (currentKind() == Kind::Sensor) {
    for (const core::Sensor& s : model.sensors)
      element->addItem(QString::fromStdString(s.name));
    element->addItem(tr("(new sensor)"));
  } else if (currentKind() == Kind::Spline) {
    for (const core::Spline& s : model.splines)
      element->addItem(QString::fromStdString(s.name));
    element->addItem(tr("(new spline)"));
  } else {
    for (const core::DifferentialEquation& d : model.differentials)
      element->addItem(QString::fromStdString(d.name));
    element->addItem(tr("(new differential equation)"));
  }
  const int found = first ? 0 : element->findText(select);
  element->setCurrentIndex(found >= 0 ? found : element->count() - 1);
  showElement();
}

void SystemElementsDialog::showElement()
{
  const core::Model& model = document().model();
  const int index = editedIndex();
  if (linearKind()) {
    showLinearElement(index);
    remove->setEnabled(index >= 0);
    updateForm();
    return;
  }
  if (currentKind() == Kind::Spline) {
    core::Spline s = index >= 0 ? model.splines[std::size_t(index)] : core::Spline{};
    if (s.y.empty())
      s.y.emplace_back();
    name->setText(QString::fromStdString(s.name));
    description->setText(QString::fromStdString(s.description));
    linearExtrapolate->setChecked(s.linearExtrapolate);
    const QSignalBlocker blocker(splineTable);
    splineTable->clear();
    splineTable->setColumnCount(1 + int(s.y.size()));
    QStringList headers{QStringLiteral("X")};
    for (std::size_t c = 0; c < s.y.size(); ++c)
      headers << (s.z.empty() ? QStringLiteral("Y") : QStringLiteral("Y (z = %1)").arg(s.z[c]));
    splineTable->setHorizontalHeaderLabels(headers);
    splineTable->setRowCount(std::max<int>(4, int(s.x.size())));
    for (std::size_t r = 0; r < s.x.size(); ++r) {
      splineTable->setItem(int(r), 0, new QTableWidgetItem(QString::number(s.x[r], 'g', 12)));
      for (std::size_t c = 0; c < s.y.size(); ++c)
        if (r < s.y[c].size())
          splineTable->setItem(int(r), int(c) + 1, new QTableWidgetItem(QString::number(s.y[c][r], 'g', 12)));
    }
    remove->setEnabled(index >= 0);
    updateForm();
    drawSpline();
    return;
  }
  if (currentKind() == Kind::Sensor) {
    const core::Sensor s = index >= 0 ? model.sensors[std::size_t(index)] : core::Sensor{};
    name->setText(QString::fromStdString(s.name));
    function->setText(QString::fromStdString(s.function));
    description->setText(QString::fromStdString(s.description));
    compare->setCurrentIndex(
        int(std::find(std::begin(kCompares), std::end(kCompares), s.compare) - std::begin(kCompares)));
    value->setValue(s.value);
    tolerance->setValue(s.error);
    action->setCurrentIndex(s.halt ? kHalt : s.stop ? kReturn : kNoAction);
    print->setChecked(s.print);
    restart->setChecked(s.restart);
    stepSize->setValue(s.stepSize);
    evaluate->setText(QString::fromStdString(s.evaluate));
  } else {
    const core::DifferentialEquation d =
        index >= 0 ? model.differentials[std::size_t(index)] : core::DifferentialEquation{};
    name->setText(QString::fromStdString(d.name));
    function->setText(QString::fromStdString(d.function));
    description->setText(QString::fromStdString(d.description));
    initialValue->setValue(d.initialValue);
    staticHold->setChecked(d.staticHold);
    implicit->setChecked(d.implicit);
    initialRate->setValue(d.initialRate);
  }
  remove->setEnabled(index >= 0);
  updateForm();
}

void SystemElementsDialog::updateForm()
{
  const bool sensor = currentKind() == Kind::Sensor;
  const bool spline = currentKind() == Kind::Spline;
  const bool tf = currentKind() == Kind::TransferFunction, lse = currentKind() == Kind::StateEquations;
  const bool port = currentKind() == Kind::PlantInput || currentKind() == Kind::PlantOutput;
  form()->setRowVisible(function, !spline && !linearKind());
  form()->setRowVisible(numerator, tf);
  form()->setRowVisible(denominator, tf);
  form()->setRowVisible(inputs, tf || lse);
  for (QWidget* w : {matrixA, matrixB, matrixC, matrixD, initialStates})
    form()->setRowVisible(w, lse);
  form()->setRowVisible(plantVariables, port);
  inputs->setPlaceholderText(tf ? tr("u, e.g. VARVAL(command) or 1")
                                : tr("u1; u2; ..., e.g. VARVAL(force_in)"));
  // A TFSISO's or LSE's description holds its numbers (LinearSystems.hpp): not a free text there.
  form()->setRowVisible(description, !tf && !lse);
  for (QWidget* w : {static_cast<QWidget*>(splineTable->parentWidget()),
                     static_cast<QWidget*>(linearExtrapolate), static_cast<QWidget*>(splinePlot)})
    form()->setRowVisible(w, spline);
  function->setPlaceholderText(sensor ? tr("e.g. DZ(ball_cm) (the function the sensor watches)")
                               : implicit->isChecked()
                                   ? tr("0 = F, e.g. DIF1(lag) - (VARVAL(command) - DIF(lag)) / 0.05")
                                   : tr("dx/dt, e.g. (VARVAL(command) - DIF(lag)) / 0.05"));
  form()->setRowVisible(initialValue, !sensor && !spline && !linearKind());
  form()->setRowVisible(implicit, !sensor && !spline && !linearKind());
  form()->setRowVisible(staticHold, !sensor && !spline && !port);
  form()->setRowVisible(initialRate, !sensor && !spline && !linearKind() && implicit->isChecked());
  for (QWidget* w :
       {static_cast<QWidget*>(compare), static_cast<QWidget*>(value), static_cast<QWidget*>(tolerance),
        static_cast<QWidget*>(action), static_cast<QWidget*>(print), static_cast<QWidget*>(restart),
        static_cast<QWidget*>(stepSize), static_cast<QWidget*>(evaluate)})
    form()->setRowVisible(w, sensor);
  adjustSize();
}

std::unique_ptr<core::Command> SystemElementsDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  std::vector<core::DifferentialEquation> differentials = model.differentials;
  std::vector<core::Sensor> sensors = model.sensors;
  std::vector<core::Spline> splines = model.splines;
  const bool sensor = currentKind() == Kind::Sensor;
  const int index = editedIndex();
  std::string elementName = name->text().trimmed().toStdString();
  if (elementName.empty()) {  // DIFF_1, SENSOR_1, ... as imported decks name them
    const char* const prefixes[] = {"DIFF_", "SENSOR_", "SPLINE_", "TFSISO_", "LSE_", "PINPUT_", "POUTPUT_"};
    const std::string prefix = prefixes[static_cast<int>(currentKind())];
    for (int n = 1; elementName.empty(); ++n) {
      const std::string candidate = prefix + std::to_string(n);
      const bool used =
          model.findEntity(candidate) ||
          std::any_of(differentials.begin(), differentials.end(),
                      [&](const auto& d) { return d.name == candidate; }) ||
          std::any_of(sensors.begin(), sensors.end(), [&](const auto& s) { return s.name == candidate; }) ||
          std::any_of(model.plantInputs.begin(), model.plantInputs.end(),
                      [&](const auto& p) { return p.name == candidate; }) ||
          std::any_of(model.plantOutputs.begin(), model.plantOutputs.end(),
                      [&](const auto& p) { return p.name == candidate; }) ||
          std::any_of(differentials.begin(), differentials.end(),
                      [&](const auto& d) { return d.name == candidate + "_x1"; });
      if (!used)
        elementName = candidate;
    }
  }
  if (!core::Model::isValidName(elementName)) {
    error = tr("Name '%1': use letters, digits and '_', starting with a letter.")
                .arg(QString::fromStdString(elementName));
    return nullptr;
  }
  if (linearKind()) {
    auto command = makeLinearCommand(elementName, index, error);
    if (command)
      name->setText(QString::fromStdString(elementName));  // so the list keeps it selected after Apply
    return command;
  }
  if (currentKind() == Kind::Spline) {
    std::optional<core::Spline> spline = tableSpline(error);
    if (!spline)
      return nullptr;
    spline->name = elementName;
    spline->description = description->text().toStdString();
    if (index >= 0)
      splines[std::size_t(index)] = *spline;
    else
      splines.push_back(*spline);
    name->setText(QString::fromStdString(elementName));
    return std::make_unique<core::SetSystemElements>(std::move(differentials), std::move(sensors),
                                                     std::move(splines));
  }
  const std::string text = function->text().trimmed().toStdString();
  if (text.empty()) {
    error =
        sensor ? tr("Type the function the sensor watches.") : tr("Type the derivative dx/dt as a function.");
    return nullptr;
  }
  if (sensor) {
    core::Sensor s = index >= 0 ? sensors[std::size_t(index)] : core::Sensor{};
    s.name = elementName;
    s.function = text;
    s.description = description->text().toStdString();
    s.compare = kCompares[std::max(0, compare->currentIndex())];
    s.value = value->value();
    s.error = tolerance->value();
    s.halt = action->currentIndex() == kHalt;
    s.stop = action->currentIndex() == kReturn;
    s.print = print->isChecked();
    s.restart = restart->isChecked();
    s.stepSize = stepSize->value();
    s.evaluate = evaluate->text().trimmed().toStdString();
    if (index >= 0)
      sensors[std::size_t(index)] = s;
    else
      sensors.push_back(s);
  } else {
    core::DifferentialEquation d =
        index >= 0 ? differentials[std::size_t(index)] : core::DifferentialEquation{};
    d.name = elementName;
    d.function = text;
    d.description = description->text().toStdString();
    d.initialValue = initialValue->value();
    d.staticHold = staticHold->isChecked();
    d.implicit = implicit->isChecked();
    d.initialRate = d.implicit ? initialRate->value() : 0.0;
    if (index >= 0)
      differentials[std::size_t(index)] = d;
    else
      differentials.push_back(d);
  }
  name->setText(QString::fromStdString(elementName));  // so the list keeps it selected after Apply
  return std::make_unique<core::SetSystemElements>(std::move(differentials), std::move(sensors),
                                                   std::move(splines));
}

void SystemElementsDialog::removeElement()
{
  const int index = editedIndex();
  if (index < 0)
    return;
  if (linearKind()) {
    QString error;
    name->clear();
    if (!document().execute(removeLinearCommand(index), &error))
      showMessage(error, true);
    else
      showMessage(tr("Done: %1").arg(commandText(document().undoStack().undoText())), false);
    return;
  }
  std::vector<core::DifferentialEquation> differentials = document().model().differentials;
  std::vector<core::Sensor> sensors = document().model().sensors;
  std::vector<core::Spline> splines = document().model().splines;
  if (currentKind() == Kind::Sensor)
    sensors.erase(sensors.begin() + index);
  else if (currentKind() == Kind::Spline)
    splines.erase(splines.begin() + index);
  else
    differentials.erase(differentials.begin() + index);
  QString error;
  name->clear();
  if (!document().execute(std::make_unique<core::SetSystemElements>(std::move(differentials),
                                                                    std::move(sensors), std::move(splines)),
                          &error))
    showMessage(error, true);
  else
    showMessage(tr("Done: %1").arg(commandText(document().undoStack().undoText())), false);
}

std::optional<core::Spline> SystemElementsDialog::tableSpline(QString& error) const
{
  const int index = editedIndex();
  core::Spline spline = index >= 0 ? document().model().splines[std::size_t(index)] : core::Spline{};
  spline.x.clear();
  spline.y.assign(std::size_t(std::max(1, splineTable->columnCount() - 1)), {});
  spline.linearExtrapolate = linearExtrapolate->isChecked();
  for (int r = 0; r < splineTable->rowCount(); ++r) {
    std::vector<double> row;
    bool empty = true;
    for (int c = 0; c < splineTable->columnCount(); ++c) {
      const QTableWidgetItem* item = splineTable->item(r, c);
      const QString text = item ? item->text().trimmed() : QString();
      empty = empty && text.isEmpty();
      bool ok = false;
      const double v = QLocale::c().toDouble(text, &ok);
      row.push_back(ok ? v : std::numeric_limits<double>::quiet_NaN());
    }
    if (empty)
      continue;  // rows left blank are not points
    for (int c = 0; c < int(row.size()); ++c)
      if (!std::isfinite(row[std::size_t(c)])) {
        error = tr("Row %1, column %2: '%3' is not a number.")
                    .arg(r + 1)
                    .arg(splineTable->horizontalHeaderItem(c) ? splineTable->horizontalHeaderItem(c)->text()
                                                              : QString::number(c + 1))
                    .arg(splineTable->item(r, c) ? splineTable->item(r, c)->text() : QString());
        return std::nullopt;
      }
    spline.x.push_back(row[0]);
    for (std::size_t c = 1; c < row.size(); ++c)
      spline.y[c - 1].push_back(row[c]);
  }
  if (const std::string why = core::checkSpline(spline); !why.empty()) {
    error = QString::fromStdString(why);
    return std::nullopt;
  }
  return spline;
}

void SystemElementsDialog::drawSpline()
{
  QChart* chart = splinePlot->chart();
  chart->removeAllSeries();
  for (QAbstractAxis* axis : chart->axes())
    chart->removeAxis(axis);
  chart->legend()->setAlignment(Qt::AlignBottom);
  QString error;
  const std::optional<core::Spline> spline = tableSpline(error);
  if (!spline) {
    chart->setTitle(error.isEmpty() ? QString() : tr("No interpolant yet: %1").arg(error));
    return;
  }
  chart->setTitle(QString());
  const core::SplineInterpolant interpolant(*spline);
  const double x0 = spline->x.front(), x1 = spline->x.back(), margin = 0.1 * (x1 - x0);
  // Ticked at 1, 2, 5 × 10ⁿ as the Plot panel's axes are.
  QValueAxis* xAxis = plot::newValueAxis(QString());  // (the table's columns name them)
  QValueAxis* yAxis = plot::newValueAxis(QString());
  chart->addAxis(xAxis, Qt::AlignBottom);
  chart->addAxis(yAxis, Qt::AlignLeft);
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  const auto attach = [&](QXYSeries* series) {
    chart->addSeries(series);
    series->attachAxis(xAxis);
    series->attachAxis(yAxis);
    for (const QPointF& p : series->points()) {
      lo = std::min(lo, p.y());
      hi = std::max(hi, p.y());
    }
  };
  for (std::size_t c = 0; c < spline->y.size(); ++c) {
    const double z = spline->z.empty() ? 0.0 : spline->z[c];
    const QString curve = spline->z.empty() ? QString() : QStringLiteral(" (z = %1)").arg(z);
    for (const auto method : {core::InterpolationMethod::Cubic, core::InterpolationMethod::Akima}) {
      auto* line = new QLineSeries;
      line->setName(
          (method == core::InterpolationMethod::Cubic ? QStringLiteral("CUBSPL") : QStringLiteral("AKISPL")) +
          curve);
      if (method == core::InterpolationMethod::Akima)
        line->setPen(QPen(line->pen().color(), 1.5, Qt::DashLine));
      constexpr int kSamples = 200;
      for (int k = 0; k <= kSamples; ++k) {
        const double x = x0 - margin + (x1 - x0 + 2 * margin) * k / kSamples;
        line->append(x, interpolant.evaluate(method, x, z, 0));
      }
      attach(line);
    }
    auto* points = new QScatterSeries;
    points->setName(tr("points") + curve);
    points->setMarkerSize(8);
    for (std::size_t r = 0; r < spline->x.size(); ++r)
      points->append(spline->x[r], spline->y[c][r]);
    attach(points);
  }
  xAxis->setRange(x0 - margin, x1 + margin);
  const double pad = hi > lo ? 0.05 * (hi - lo) : 1.0;
  yAxis->setRange(lo - pad, hi + pad);
}

}  // namespace mbs::ui
