#pragma once
// Simulate > Joint Analysis (DMBS §3.4 "铰分析", §3.2 "约束力元设定区"): one joint looked at on its
// own. Choosing it selects the joint and its I and J markers (their frames are highlighted in
// the 3-D view) and states its kind, its constraint equations and their rank status (redundant
// equations from the rank of Φ_q); the chart draws one of its result histories from the last run
// (reaction force and torque, friction force, torque and power, relative displacement and
// velocity of I in J's axes). Constraint force elements are added across its I/J markers: a
// bushing, a rotational spring-damper about its z axis or a translational one along it — one undo
// step each.
#include <QDialog>
#include <QPointF>
#include <QPointer>
#include <vector>

#include "mbs/core/Force.hpp"
#include "mbs/core/Ids.hpp"

class QChartView;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;

namespace mbs::ui {

class Document;
class EntityCombo;
class SimulationResults;

class JointAnalysisDialog : public QDialog {
  Q_OBJECT
public:
  JointAnalysisDialog(Document& document, SimulationResults& results, QWidget* parent = nullptr);

  // The chosen joint's curve of the chosen quantity: (time [s], value in SI) per result frame (the
  // chart draws it in the model's display units); empty
  // without results of this joint.
  std::vector<QPointF> curve() const;
  QString statusText() const;
  // Adds `kind` across the joint's I/J markers with the stiffness and damping typed: Bushing,
  // RotationalSpringDamper (about J's z) or TranslationalSpringDamper (along J's z, made as a
  // bushing with z terms only, since I and J may coincide); false with the reason shown if refused.
  bool addForceElement(core::ForceKind kind);

  EntityCombo* joint;
  QComboBox* quantity;
  // In the model's display units; the bushing takes all four, the rotational spring-damper the
  // rotational pair, the spring-damper along z the translational pair.
  QDoubleSpinBox* translationalStiffness;
  QDoubleSpinBox* translationalDamping;
  QDoubleSpinBox* rotationalStiffness;
  QDoubleSpinBox* rotationalDamping;
  QPushButton* addBushing;
  QPushButton* addRotationalSpring;
  QPushButton* addAxialSpring;

private:
  void onJointChanged();
  void refreshQuantities();
  void refreshCurve();
  void refreshStatus();
  QString siQuantity() const;  // the chosen quantity's name in SI ("Reaction force y [N]")

  Document& m_document;
  SimulationResults& m_results;
  QLabel* m_status;
  QLabel* m_message;
  QChartView* m_chart;
};

}  // namespace mbs::ui
