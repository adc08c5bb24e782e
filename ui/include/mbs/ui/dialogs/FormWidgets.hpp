#pragma once
// Small input widgets the dialogs and the property editor share: a 3-vector editor and
// entity pickers that list the model's parts, markers or joints by name.
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QWidget>
#include <functional>

#include "mbs/core/Model.hpp"

namespace mbs::ui {

// A spin box that keeps 12 decimals but shows up to 10 significant digits without trailing
// zeros, so typed or computed coordinates (0.337228132326901) are not rounded to a display grid.
// It takes scientific notation (1e-8) and reports typing it refuses (letters) instead of dropping
// it silently.
class NumberBox : public QDoubleSpinBox {
public:
  explicit NumberBox(QWidget* parent = nullptr);
  QString textFromValue(double value) const override;
  double valueFromText(const QString& text) const override;
  QValidator::State validate(QString& text, int& pos) const override;

  std::function<void(const QString& refused)> onRefusedText;  // text that is not a number
};

QDoubleSpinBox* makeNumberBox(double value, double min = -1e9, double max = 1e9, int decimals = 12);

class Vec3Edit : public QWidget {
  Q_OBJECT
public:
  explicit Vec3Edit(const core::Vec3& value = core::Vec3::Zero(), QWidget* parent = nullptr);
  core::Vec3 value() const;
  void setValue(const core::Vec3& value);
  QDoubleSpinBox* box(int i) const { return m_boxes[i]; }

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
