#pragma once
// Small input widgets the dialogs and the property editor share: a 3-vector editor and
// entity pickers that list the model's parts, markers or joints by name.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QWidget>
#include <functional>
#include <optional>

#include "mbs/core/Model.hpp"

namespace mbs::ui {

// A spin box that keeps 12 decimals but shows up to 10 significant digits without trailing
// zeros, so typed or computed coordinates (0.337228132326901) are not rounded to a display grid.
// It takes scientific notation (1e-8) and, as Adams/View's fields do, an expression of the model's
// parameters and constants with Adams' degree suffix ("cos(60d)", "2*L", "pi/4"): Enter replaces
// the expression by its value. A text that has no value is refused with the reason, given to
// onRefusedText or, without one, shown in red under the field (showFieldMessage).
// Q_OBJECT: without it qobject_cast<NumberBox*> and findChildren<NumberBox*> match every
// QDoubleSpinBox and read NumberBox members that a plain spin box does not have.
//
// A box given a quantity (setQuantity: length, force, angle, ...) shows and takes its value in the
// model's display units (Model::displayUnits, Settings > Units) with the unit as suffix, while
// value(), setValue() and the range stay in SI: the conversion happens only at the text. In an
// angle field a number written with Adams' `d` suffix ("30d") is in degrees whatever the unit.
class Document;

// A unit made of powers of the base units, for a quantity core::Quantity does not name: a contact
// stiffness in force/lengthⁿ (n the force exponent, not always whole), a polynomial damping in
// force·time/length² or /length³.
struct UnitPowers {
  double force = 0.0, length = 0.0, time = 0.0;
  bool operator==(const UnitPowers&) const = default;
};
// Factor that converts one unit of `p` in `u` to SI, and its name ("N/mm^1.5", "N·s/mm²").
double factorToSI(const core::UnitSystem& u, const UnitPowers& p);
QString unitName(const core::UnitSystem& u, const UnitPowers& p);

class NumberBox : public QDoubleSpinBox {
  Q_OBJECT
public:
  explicit NumberBox(QWidget* parent = nullptr);
  void setQuantity(core::Quantity quantity);
  core::Quantity quantity() const { return m_quantity; }
  // A unit of base-unit powers instead of a quantity (nullopt: back to the quantity).
  void setUnitPowers(std::optional<UnitPowers> powers);
  const std::optional<UnitPowers>& unitPowers() const { return m_powers; }
  // True if the box shows its value converted to the display units (a quantity or unit powers).
  bool converts() const { return m_powers || m_quantity != core::Quantity::None; }
  // The units the box shows its value in: its document's display units (SI without a document).
  core::UnitSystem units() const;
  // The box's value in its display units (what the text shows, without rounding).
  double displayValue() const;
  void stepBy(int steps) override;
  QString textFromValue(double value) const override;
  double valueFromText(const QString& text) const override;
  QValidator::State validate(QString& text, int& pos) const override;
  void fixup(QString& text) const override;

  // The value of `text` (a number or an expression), or the reason it has none.
  struct Evaluation {
    std::optional<double> value;
    QString reason;
  };
  Evaluation evaluate(const QString& text) const;

  // Called with a text that has no value and the reason (translated).
  std::function<void(const QString& text, const QString& reason)> onRefusedText;
  // True from a refusal until the next accepted value: a dialog must not apply the old value.
  bool hasRefusedText() const { return m_refused; }

protected:
  void keyPressEvent(QKeyEvent* event) override;
  void focusOutEvent(QFocusEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void clearRefusal();
  void refreshUnit();                         // the suffix and text after the display units changed
  Document* document() const;                 // the document of the window the box is in, if any
  const core::Model* parameterModel() const;  // the model of the window the box is in, if any
  void refuse(const QString& text) const;
  double factor() const;  // display unit to SI
  mutable bool m_refused = false;
  core::Quantity m_quantity = core::Quantity::None;
  std::optional<UnitPowers> m_powers;
  QObject* m_watched = nullptr;  // the document whose changes refresh the unit
};

// Sets the quantity of a NumberBox (nothing for another spin box).
void setQuantity(QDoubleSpinBox* box, core::Quantity quantity);
// The unit name of `quantity` in `model`'s display units, for labels and headers ("mm", "N/mm").
QString unitText(const core::Model& model, core::Quantity quantity);

// The property that ties a widget (a dialog, a panel) to its Document, so that the number boxes in
// it read the document's parameters.
inline constexpr const char* kDocumentProperty = "mbsDocument";

// A red message in a row right under `field`'s row of its form (or under the field in a box layout);
// an empty text removes it. The field gets a red frame while the message is shown.
void showFieldMessage(QWidget* field, const QString& text);

QDoubleSpinBox* makeNumberBox(double value, double min = -1e9, double max = 1e9, int decimals = 12);

class Vec3Edit : public QWidget {
  Q_OBJECT
public:
  explicit Vec3Edit(const core::Vec3& value = core::Vec3::Zero(), QWidget* parent = nullptr);
  core::Vec3 value() const;
  void setValue(const core::Vec3& value);
  QDoubleSpinBox* box(int i) const { return m_boxes[i]; }
  void setQuantity(core::Quantity quantity);  // of the three boxes

signals:
  void valueChanged();

private:
  QDoubleSpinBox* m_boxes[3];
};

// A combo box of entities of one kind; the item data is the entity id.
class EntityCombo : public QComboBox {
  Q_OBJECT
public:
  EntityCombo(const core::Model& model, core::EntityKind kind, bool allowNone = false,
              QWidget* parent = nullptr);
  void refill();
  // The chosen entity; id 0 for "(none)" or an empty list.
  core::EntityRef current() const;
  // Selects the entity by name; returns false if absent.
  bool selectName(const QString& name);
  void select(const core::EntityRef& ref);

private:
  const core::Model& m_model;
  core::EntityKind m_kind;
  bool m_allowNone;
};

}  // namespace mbs::ui
