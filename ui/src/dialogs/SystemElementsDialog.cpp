#include "mbs/ui/dialogs/SystemElementsDialog.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <algorithm>

#include "CommandTexts.hpp"
#include "mbs/core/SystemElementCommands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

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
  kind->addItems({tr("Differential equation (DIFF)"), tr("Sensor (SENSOR)")});
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

  form()->addRow(tr("Kind"), kind);
  form()->addRow(tr("Element"), pick);
  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Function"), function);
  form()->addRow(tr("Initial value"), initialValue);
  form()->addRow(QString(), staticHold);
  form()->addRow(tr("Fires when the function"), compare);
  form()->addRow(tr("Value"), value);
  form()->addRow(tr("Error"), tolerance);
  form()->addRow(tr("Action"), action);
  form()->addRow(QString(), print);
  form()->addRow(QString(), restart);
  form()->addRow(tr("Step after firing (0: none)"), stepSize);
  form()->addRow(tr("Evaluate"), evaluate);
  form()->addRow(tr("Description"), description);

  // Another kind shows its first element (or a new one when it has none).
  connect(kind, &QComboBox::currentIndexChanged, this, [this] { fillElements({}, true); });
  connect(element, &QComboBox::currentIndexChanged, this, &SystemElementsDialog::showElement);
  connect(remove, &QPushButton::clicked, this, &SystemElementsDialog::removeElement);
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
  return kind->currentIndex() == 1 ? Kind::Sensor : Kind::Differential;
}

int SystemElementsDialog::editedIndex() const
{
  const core::Model& model = document().model();
  const std::size_t count = currentKind() == Kind::Sensor ? model.sensors.size() : model.differentials.size();
  const int row = element->currentIndex();
  return row >= 0 && row < static_cast<int>(count) ? row : -1;
}

void SystemElementsDialog::fillElements(const QString& select, bool first)
{
  const QSignalBlocker blocker(element);
  element->clear();
  const core::Model& model = document().model();
  if (currentKind() == Kind::Sensor) {
    for (const core::Sensor& s : model.sensors)
      element->addItem(QString::fromStdString(s.name));
    element->addItem(tr("(new sensor)"));
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
  }
  remove->setEnabled(index >= 0);
  updateForm();
}

void SystemElementsDialog::updateForm()
{
  const bool sensor = currentKind() == Kind::Sensor;
  function->setPlaceholderText(sensor ? tr("e.g. DZ(ball_cm) (the function the sensor watches)")
                                      : tr("dx/dt, e.g. (VARVAL(command) - DIF(lag)) / 0.05"));
  for (QWidget* w : {static_cast<QWidget*>(initialValue), static_cast<QWidget*>(staticHold)})
    form()->setRowVisible(w, !sensor);
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
  const bool sensor = currentKind() == Kind::Sensor;
  const int index = editedIndex();
  std::string elementName = name->text().trimmed().toStdString();
  if (elementName.empty()) {  // DIFF_1, SENSOR_1, ... as imported decks name them
    const std::string prefix = sensor ? "SENSOR_" : "DIFF_";
    for (int n = 1; elementName.empty(); ++n) {
      const std::string candidate = prefix + std::to_string(n);
      const bool used =
          model.findEntity(candidate) ||
          std::any_of(differentials.begin(), differentials.end(),
                      [&](const auto& d) { return d.name == candidate; }) ||
          std::any_of(sensors.begin(), sensors.end(), [&](const auto& s) { return s.name == candidate; });
      if (!used)
        elementName = candidate;
    }
  }
  if (!core::Model::isValidName(elementName)) {
    error = tr("Name '%1': use letters, digits and '_', starting with a letter.")
                .arg(QString::fromStdString(elementName));
    return nullptr;
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
    if (index >= 0)
      differentials[std::size_t(index)] = d;
    else
      differentials.push_back(d);
  }
  name->setText(QString::fromStdString(elementName));  // so the list keeps it selected after Apply
  return std::make_unique<core::SetSystemElements>(std::move(differentials), std::move(sensors));
}

void SystemElementsDialog::removeElement()
{
  const int index = editedIndex();
  if (index < 0)
    return;
  std::vector<core::DifferentialEquation> differentials = document().model().differentials;
  std::vector<core::Sensor> sensors = document().model().sensors;
  if (currentKind() == Kind::Sensor)
    sensors.erase(sensors.begin() + index);
  else
    differentials.erase(differentials.begin() + index);
  QString error;
  name->clear();
  if (!document().execute(
          std::make_unique<core::SetSystemElements>(std::move(differentials), std::move(sensors)), &error))
    showMessage(error, true);
  else
    showMessage(tr("Done: %1").arg(commandText(document().undoStack().undoText())), false);
}

}  // namespace mbs::ui
