#include "mbs/ui/dialogs/FormWidgets.hpp"

#include <QCoreApplication>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <optional>

#include "mbs/core/Parameters.hpp"
#include "mbs/ui/Document.hpp"
#include "panels/SolverMessages.hpp"

namespace mbs::ui {

NumberBox::NumberBox(QWidget* parent) : QDoubleSpinBox(parent)
{
  setDecimals(12);
  // Engineering values without thousands separators: "2700", not "2,700" (which reads as 2.7 in
  // half the world's locales).
  QLocale plain = locale();
  plain.setNumberOptions(plain.numberOptions() | QLocale::OmitGroupSeparator);
  setLocale(plain);
  connect(this, &QDoubleSpinBox::valueChanged, this, &NumberBox::clearRefusal);
}

void NumberBox::clearRefusal()
{
  if (!m_refused)
    return;
  m_refused = false;
  if (!onRefusedText)
    showFieldMessage(this, QString());
}

void NumberBox::setQuantity(core::Quantity quantity)
{
  m_quantity = quantity;
  refreshUnit();
}

void NumberBox::setUnitPowers(std::optional<UnitPowers> powers)
{
  m_powers = powers;
  refreshUnit();
}

double NumberBox::factor() const
{
  return m_powers ? factorToSI(units(), *m_powers) : core::factorToSI(units(), m_quantity);
}

core::UnitSystem NumberBox::units() const
{
  const core::Model* model = parameterModel();
  return model ? model->displayUnits : core::UnitSystem::si();
}

double NumberBox::displayValue() const
{
  return value() / factor();
}

QString NumberBox::textFromValue(double value) const
{
  const double shown = converts() ? value / factor() : value;
  return locale().toString(shown, 'g', 10);
}

void NumberBox::stepBy(int steps)
{
  // The arrows step in the shown unit (1 mm, not 1 m, in a millimetre field).
  if (!converts()) {
    QDoubleSpinBox::stepBy(steps);
    return;
  }
  setValue(value() + steps * singleStep() * factor());
  selectAll();
}

void NumberBox::refreshUnit()
{
  if (Document* doc = document(); doc && doc != m_watched) {
    if (m_watched)
      disconnect(m_watched, nullptr, this, nullptr);
    m_watched = doc;
    connect(doc, &Document::modelChanged, this, &NumberBox::refreshUnit);
    connect(doc, &Document::modelReset, this, &NumberBox::refreshUnit);
    connect(doc, &QObject::destroyed, this, [this] { m_watched = nullptr; });
  }
  const QString unit =
      m_powers ? unitName(units(), *m_powers) : QString::fromStdString(core::unitName(units(), m_quantity));
  const QString suffix = unit.isEmpty() ? QString() : " " + unit;
  // setSuffix shows the value again through textFromValue (in the new unit); a box with the same
  // suffix is shown again too, for a unit system with the same names.
  const QSignalBlocker blocker(this);
  setSuffix(suffix);
}

void NumberBox::showEvent(QShowEvent* event)
{
  if (converts())
    refreshUnit();
  QDoubleSpinBox::showEvent(event);
}

namespace {

// The number in `text` in the box's locale or in C notation ("1.5e-3" is accepted everywhere).
std::optional<double> parseNumber(const QLocale& locale, const QString& text)
{
  bool ok = false;
  double value = locale.toDouble(text, &ok);
  if (!ok)
    value = QLocale::c().toDouble(text, &ok);
  return ok ? std::optional<double>(value) : std::nullopt;
}

QString numberBoxText(const char* text)
{
  return QCoreApplication::translate("mbs::ui::NumberBox", text);
}

constexpr const char* kMessageProperty = "mbsFieldMessage";

}  // namespace

Document* NumberBox::document() const
{
  for (const QWidget* w = this; w; w = w->parentWidget()) {
    auto* document = qobject_cast<Document*>(w->property(kDocumentProperty).value<QObject*>());
    if (!document)
      document = w->findChild<Document*>(QString(), Qt::FindDirectChildrenOnly);
    if (document)
      return document;
  }
  return nullptr;
}

const core::Model* NumberBox::parameterModel() const
{
  const Document* doc = document();
  return doc ? &doc->model() : nullptr;
}

void setQuantity(QDoubleSpinBox* box, core::Quantity quantity)
{
  if (auto* number = qobject_cast<NumberBox*>(box))
    number->setQuantity(quantity);
}

double factorToSI(const core::UnitSystem& u, const UnitPowers& p)
{
  return std::pow(u.force, p.force) * std::pow(u.length, p.length) * std::pow(u.time, p.time);
}

namespace {

// "mm" to the power `power` (> 0): "mm", "mm²", "mm³", "mm^1.5".
QString powered(const std::string& name, double power)
{
  const QString base = QString::fromStdString(name);
  if (power == 1.0)
    return base;
  if (power == 2.0)
    return base + QChar(0x00b2);
  if (power == 3.0)
    return base + QChar(0x00b3);
  return base + "^" + QLocale::c().toString(power, 'g', 6);
}

}  // namespace

QString unitName(const core::UnitSystem& u, const UnitPowers& p)
{
  QStringList above, below;
  for (const auto& [name, power] :
       {std::pair{u.forceName, p.force}, {u.lengthName, p.length}, {u.timeName, p.time}})
    if (power > 0.0)
      above << powered(name, power);
    else if (power < 0.0)
      below << powered(name, -power);
  QString text = above.isEmpty() ? QStringLiteral("1") : above.join(QChar(0x00b7));
  for (const QString& b : below)
    text += "/" + b;
  return text;
}

QString unitText(const core::Model& model, core::Quantity quantity)
{
  return QString::fromStdString(core::unitName(model.displayUnits, quantity));
}

namespace {

// True if `text` has a number with Adams' degree suffix ("30d", "1.5D"), whose value the
// expression gives in radians.
bool hasDegreeSuffix(const QString& text)
{
  static const QRegularExpression degree(QStringLiteral("[0-9.][dD](?![A-Za-z0-9_])"));
  return degree.match(text).hasMatch();
}

}  // namespace

NumberBox::Evaluation NumberBox::evaluate(const QString& text) const
{
  QString t = text.trimmed();
  if (!suffix().isEmpty() && t.endsWith(suffix().trimmed()))
    t = t.chopped(suffix().trimmed().size()).trimmed();
  if (t.isEmpty())
    return {std::nullopt, numberBoxText(QT_TRANSLATE_NOOP("mbs::ui::NumberBox", "the field is empty"))};
  std::optional<double> value = parseNumber(locale(), t);
  if (!value) {
    static const core::Model noParameters;
    const core::Model* model = parameterModel();
    const auto result = core::evaluateParameterExpression(model ? *model : noParameters, t.toStdString());
    if (!result.value) {
      QString reason = QString::fromStdString(result.error);
      const QString quoted = "'" + t + "': ";  // the field's message quotes the text already
      if (reason.startsWith(quoted))
        reason = reason.mid(quoted.size());
      return {std::nullopt, translateSolverMessage(reason)};
    }
    value = result.value;
  }
  if (converts()) {
    // The text is in the display units; the box holds SI.
    const core::UnitSystem u = units();
    double toSI = factor();
    const bool angular =
        !m_powers && (m_quantity == core::Quantity::Angle || m_quantity == core::Quantity::AngularVelocity ||
                      m_quantity == core::Quantity::AngularAcceleration);
    if (angular && hasDegreeSuffix(t))
      toSI /= u.angle;  // "30d" is 30 degrees (in radians already) whatever the angle unit
    value = *value * toSI;
  }
  if (*value < minimum() || *value > maximum())
    return {std::nullopt,
            numberBoxText(QT_TRANSLATE_NOOP("mbs::ui::NumberBox", "%1 is outside the field's range %2 to %3"))
                .arg(textFromValue(*value), textFromValue(minimum()), textFromValue(maximum()))};
  return {value, {}};
}

double NumberBox::valueFromText(const QString& text) const
{
  return evaluate(text).value.value_or(value());
}

QValidator::State NumberBox::validate(QString& text, int&) const
{
  // Anything may be on its way to an expression ("c", "cos(", "cos(60d"): Intermediate until it
  // has a value; fixup says why when the editing ends without one.
  return evaluate(text).value ? QValidator::Acceptable : QValidator::Intermediate;
}

void NumberBox::fixup(QString& text) const
{
  // A box being hidden (its panel rebuilt, its window closing) reverts its text without a word:
  // its form may be half torn down, and nobody is looking at it.
  if (!isVisible())
    return;
  refuse(text);
}

void NumberBox::refuse(const QString& text) const
{
  const auto result = evaluate(text);
  if (result.value)
    return;
  m_refused = true;
  // The message quotes what was typed, not the unit shown after it ("abc", not "abc mm").
  QString typed = text.trimmed();
  if (!suffix().trimmed().isEmpty() && typed.endsWith(suffix().trimmed()))
    typed = typed.chopped(suffix().trimmed().size()).trimmed();
  if (onRefusedText)
    onRefusedText(typed, result.reason);
  else
    showFieldMessage(const_cast<NumberBox*>(this),
                     numberBoxText(QT_TRANSLATE_NOOP("mbs::ui::NumberBox", "\"%1\" is not accepted: %2"))
                         .arg(typed, result.reason));
}

void NumberBox::keyPressEvent(QKeyEvent* event)
{
  // Enter on a text without a value keeps the text for correction and does not reach the dialog's
  // default button (which would apply the old value).
  if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
    if (!evaluate(text()).value) {
      refuse(text());
      event->accept();
      return;
    }
    clearRefusal();  // also when the corrected text has the old value (no valueChanged)
  }
  // Qt lets the cursor stand after the unit (End, a click at the far end): typing there would
  // write after the unit ("2.5 kg7"). End goes before the unit, and typed text lands there.
  const int unitStart = lineEdit()->text().size() - suffix().size();
  if (!suffix().isEmpty() && !(event->modifiers() & Qt::ShiftModifier)) {
    if (event->key() == Qt::Key_End) {
      lineEdit()->setCursorPosition(unitStart);
      event->accept();
      return;
    }
    if (!event->text().isEmpty() && event->text().at(0).isPrint() && !lineEdit()->hasSelectedText() &&
        lineEdit()->cursorPosition() > unitStart)
      lineEdit()->setCursorPosition(unitStart);
  }
  QDoubleSpinBox::keyPressEvent(event);
}

void NumberBox::focusOutEvent(QFocusEvent* event)
{
  if (evaluate(text()).value)
    clearRefusal();  // else the base class reverts the text and fixup says why
  QDoubleSpinBox::focusOutEvent(event);
}

namespace {

// Removes a message row made by showFieldMessage.
void removeMessage(QLabel* label)
{
  if (QWidget* parent = label->parentWidget())
    for (auto* form : parent->findChildren<QFormLayout*>()) {
      int row = -1;
      QFormLayout::ItemRole role;
      form->getWidgetPosition(label, &row, &role);
      if (row >= 0) {
        form->removeRow(row);  // deletes the label
        return;
      }
    }
  delete label;
}

}  // namespace

void showFieldMessage(QWidget* field, const QString& text)
{
  if (auto* old = qobject_cast<QLabel*>(field->property(kMessageProperty).value<QObject*>())) {
    field->setProperty(kMessageProperty, QVariant());
    field->setStyleSheet(QString());
    if (text.isEmpty()) {
      removeMessage(old);
      return;
    }
    old->setText(text);
    field->setStyleSheet("border: 1px solid #c53030");
    field->setProperty(kMessageProperty, QVariant::fromValue<QObject*>(old));
    return;
  }
  if (text.isEmpty())
    return;
  auto* label = new QLabel(text);
  label->setObjectName("fieldMessage");
  label->setWordWrap(true);
  label->setStyleSheet("color: #c53030");
  auto place = [&]() -> bool {
    // The form row holding the field or the row widget it is part of (a 3-vector).
    for (QWidget* w = field; w && w->parentWidget(); w = w->parentWidget())
      for (auto* form : w->parentWidget()->findChildren<QFormLayout*>()) {
        int row = -1;
        QFormLayout::ItemRole role;
        form->getWidgetPosition(w, &row, &role);
        if (row >= 0) {
          form->insertRow(row + 1, label);
          return true;
        }
      }
    for (QWidget* w = field; w && w->parentWidget(); w = w->parentWidget())
      if (auto* column = qobject_cast<QVBoxLayout*>(w->parentWidget()->layout())) {
        const int index = column->indexOf(w);
        if (index >= 0) {
          column->insertWidget(index + 1, label);
          return true;
        }
      }
    return false;
  };
  if (!place()) {
    delete label;
    QToolTip::showText(field->mapToGlobal(QPoint(0, field->height())), text, field);
    return;
  }
  field->setStyleSheet("border: 1px solid #c53030");
  field->setProperty(kMessageProperty, QVariant::fromValue<QObject*>(label));
}

QDoubleSpinBox* makeNumberBox(double value, double min, double max, int decimals)
{
  auto* box = new NumberBox;
  box->setDecimals(decimals);
  box->setRange(min, max);
  box->setValue(value);
  box->setKeyboardTracking(false);
  box->setMinimumWidth(70);
  return box;
}

void Vec3Edit::setQuantity(core::Quantity quantity)
{
  for (QDoubleSpinBox* box : m_boxes)
    mbs::ui::setQuantity(box, quantity);
}

Vec3Edit::Vec3Edit(const core::Vec3& value, QWidget* parent) : QWidget(parent)
{
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  for (int i = 0; i < 3; ++i) {
    m_boxes[i] = makeNumberBox(value[i]);
    layout->addWidget(m_boxes[i]);
    connect(m_boxes[i], &QDoubleSpinBox::valueChanged, this, &Vec3Edit::valueChanged);
  }
}

core::Vec3 Vec3Edit::value() const
{
  return {m_boxes[0]->value(), m_boxes[1]->value(), m_boxes[2]->value()};
}

void Vec3Edit::setValue(const core::Vec3& value)
{
  for (int i = 0; i < 3; ++i) {
    const QSignalBlocker blocker(m_boxes[i]);
    m_boxes[i]->setValue(value[i]);
  }
  emit valueChanged();
}

EntityCombo::EntityCombo(const core::Model& model, core::EntityKind kind, bool allowNone, QWidget* parent)
    : QComboBox(parent), m_model(model), m_kind(kind), m_allowNone(allowNone)
{
  refill();
}

void EntityCombo::refill()
{
  const auto keep = current();
  const QSignalBlocker blocker(this);
  clear();
  if (m_allowNone)
    addItem(tr("(none)"), 0u);
  auto add = [this](const auto& entities) {
    for (const auto& e : entities)
      addItem(QString::fromStdString(e.name), e.id.value);
  };
  switch (m_kind) {
    case core::EntityKind::Part:
      add(m_model.parts());
      break;
    case core::EntityKind::Marker:
      add(m_model.markers());
      break;
    case core::EntityKind::Joint:
      add(m_model.joints());
      break;
    case core::EntityKind::Motion:
      add(m_model.motions());
      break;
    case core::EntityKind::Force:
      add(m_model.forces());
      break;
    default:
      break;
  }
  if (keep.id != 0)
    select(keep);
}

core::EntityRef EntityCombo::current() const
{
  // "(none)" keeps the kind with id 0, which no entity has (EntityRef() would mean the model).
  return core::EntityRef(m_kind, currentData().toUInt());
}

bool EntityCombo::selectName(const QString& name)
{
  const int index = findText(name);
  if (index < 0)
    return false;
  setCurrentIndex(index);
  return true;
}

void EntityCombo::select(const core::EntityRef& ref)
{
  const int index = findData(ref.id);
  if (index >= 0)
    setCurrentIndex(index);
}

}  // namespace mbs::ui
