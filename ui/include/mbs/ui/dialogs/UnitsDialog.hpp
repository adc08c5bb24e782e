#pragma once
// Settings > Units, as in Adams/View: the units the model is shown in (every number field, plot
// axis and export). A named system (MKS, MMKS, CGS, IPS, FPS) or a custom choice of length, mass,
// time, force and angle. OK applies it as one undoable model edit; the model itself stays in SI.
#include <QDialog>

#include "mbs/core/Units.hpp"

class QComboBox;
class QLabel;

namespace mbs::ui {

class Document;

class UnitsDialog : public QDialog {
  Q_OBJECT
public:
  UnitsDialog(Document& document, QWidget* parent = nullptr);
  // The units chosen so far.
  core::UnitSystem units() const;
  // Chooses a named system ("MMKS"); false if unknown. Keeps the angle unit.
  bool selectSystem(const QString& name);
  void selectAngle(const QString& unit);  // "deg" or "rad"
  void accept() override;

private:
  void systemChosen();
  void unitChosen();
  Document& m_document;
  QComboBox* m_system;
  QComboBox* m_length;
  QComboBox* m_mass;
  QComboBox* m_time;
  QComboBox* m_force;
  QComboBox* m_angle;
  QLabel* m_example;
};

}  // namespace mbs::ui
