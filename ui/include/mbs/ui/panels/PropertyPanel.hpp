#pragma once
// The property editor: the fields of the selected entity (or of the model when nothing is
// selected) with units in the labels. Every edit is one core::SetProperty command, so consecutive
// edits of one field merge into one undo step; a rejected edit (or refused typing) shows why right
// under the field — its name, the value and the rule — leaves no undo step, and the field returns
// to the model's value; the message goes once the field is accepted.
#include <QWidget>
#include <functional>
#include <nlohmann/json.hpp>
#include <vector>

#include "mbs/core/Ids.hpp"

class QFormLayout;
class QLabel;

namespace mbs::ui {

class Document;

class PropertyPanel : public QWidget {
  Q_OBJECT
public:
  explicit PropertyPanel(Document& document, QWidget* parent = nullptr);

  core::EntityRef entity() const { return m_entity; }
  QString errorText() const;
  // The editor widget of a property (JSON pointer, e.g. "/mass" or "/position/0"), for tests.
  QWidget* editorOf(const QString& pointer) const;

private:
  struct Field {
    std::string pointer;
    QString label;  // as the user reads it: "Mass [kg]", "Position [m] (y)"
    QWidget* editor;
    std::function<void(const nlohmann::ordered_json&)> show;  // model value -> widget
  };

  void rebuild();
  void refresh();
  // Joints that have a coordinate (revolute, translational, cylindrical): optional initial rotation,
  // angular velocity, translation and velocity of I relative to J, each with a "set" box.
  void addJointInitialConditions(const nlohmann::ordered_json& joint);
  void addFlexibleSummary();
  // Revolute joints: the clearance switch and, for a clearance joint, its contact parameters.
  void addClearanceFields(const nlohmann::ordered_json& joint);
  // The DMBS constraint-element (cut joint) switch of a joint DMBS can cut.
  void addConstraintElementField(const nlohmann::ordered_json& joint);
  // Couplers (gear, rack-and-pinion, coupler): the two coupled joints and, for a coupler, its scales.
  void addCouplerFields(const nlohmann::ordered_json& joint);
  void changeJointType(const std::string& type);
  void addFields(const nlohmann::ordered_json& object, const std::string& prefix, const std::string& context);
  void addField(const std::string& key, const nlohmann::ordered_json& value, const std::string& pointer,
                const std::string& context);
  void commit(const std::string& pointer, nlohmann::ordered_json value);
  const Field* fieldOf(const std::string& pointer) const;
  void showFieldError(QWidget* editor, const QString& text);
  void clearFieldError();

  Document& m_document;
  core::EntityRef m_entity;
  std::string
      m_jointType;  // the selected joint's type keyword ("" otherwise): rack_pinion's ratio is a radius
  double m_stiffnessExponent = 1.5;  // the selected clearance joint's n or contact's e: K's unit
  QFormLayout* m_form;
  QLabel* m_title;
  QLabel* m_error = nullptr;  // the row under the rejected field, while there is one
  QWidget* m_errorEditor = nullptr;
  std::vector<Field> m_fields;
  std::vector<std::string> m_builtKeys;  // sections (friction, clearance) the rows were built with
  bool m_rebuildPending = false;
};

}  // namespace mbs::ui
