#include "mbs/ui/dialogs/FormWidgets.hpp"

#include <QHBoxLayout>
#include <QRegularExpression>
#include <optional>

namespace mbs::ui {

NumberBox::NumberBox(QWidget* parent) : QDoubleSpinBox(parent)
{
  setDecimals(12);
  // Engineering values without thousands separators: "2700", not "2,700" (which reads as 2.7 in
  // half the world's locales).
  QLocale plain = locale();
  plain.setNumberOptions(plain.numberOptions() | QLocale::OmitGroupSeparator);
  setLocale(plain);
}

QString NumberBox::textFromValue(double value) const
{
  return locale().toString(value, 'g', 10);
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

}  // namespace

double NumberBox::valueFromText(const QString& text) const
{
  return parseNumber(locale(), text.trimmed()).value_or(value());
}

QValidator::State NumberBox::validate(QString& text, int& pos) const
{
  const QString t = text.trimmed();
  if (const auto value = parseNumber(locale(), t))
    return *value >= minimum() && *value <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
  // A number being typed: "-", "1.", "2e", "2e-".
  static const QRegularExpression partial(R"(^[+-]?(\d*[.,]?\d*)([eE][+-]?\d*)?$)");
  if (partial.match(t).hasMatch())
    return QValidator::Intermediate;
  if (onRefusedText)
    onRefusedText(t);
  return QValidator::Invalid;
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
