// The Properties panel's joint rows beyond its file form's fields one by one: the clearance switch
// and its contact's rows, the DMBS cut mark, the initial conditions (ticked values only), a
// coupler's joints and scales, and the type change that keeps the joint's other keys consistent.
// PropertyPanel.cpp has the generic rows of every entity's file form.
#include "mbs/ui/panels/PropertyPanel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>
#include <cmath>
#include <map>
#include <memory>
#include <vector>

#include "PropertyFields.hpp"
#include "SolverMessages.hpp"
#include "Terms.hpp"
#include "dialogs/ClearanceJson.hpp"
#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/ContactDialog.hpp"
#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {
using json = nlohmann::ordered_json;
using namespace property_fields;

// A revolute, spherical or translational joint's switch to a clearance joint and, while it is one,
// the contact's parameters.
void PropertyPanel::addClearanceFields(const json& joint)
{
  const bool has = joint.contains("clearance") && joint["clearance"].is_object();
  auto* on = new QCheckBox(m_jointType == "spherical"       ? tr("Clearance (ball in socket)")
                           : m_jointType == "translational" ? tr("Clearance (slider in guide, gap along x)")
                                                            : tr("Radial clearance (pin in hole)"));
  on->setObjectName("clearanceSwitch");
  on->setChecked(has);
  on->setToolTip(
      m_jointType == "spherical"
          ? tr("The ball may move inside the socket: 3-D contact force (Lankarani–Nikravesh or polynomial "
               "damping) with friction; the joint friction, if any, is replaced by the clearance's own.")
      : m_jointType == "translational"
          ? tr("The slider may move across the guide (along the joint's x) and tilt in its xz plane: its two "
               "ends touch the guide's walls (contact force with friction at each end); the joint's y stays "
               "held. The joint friction, if any, is replaced by the clearance's own.")
          : tr("The pin may move inside the hole: contact force (Lankarani–Nikravesh or polynomial damping) "
               "with friction; the joint friction, if any, is replaced by the clearance's own (its μ "
               "kept)."));
  connect(on, &QCheckBox::toggled, this, [this](bool checked) {
    const json object = core::toJson(m_document.model(), m_entity);
    const json changed = checked ? clearance::withClearance(object) : clearance::withoutClearance(object);
    // Only the clearance changes ("Set clearance" in the undo menu, a refusal under this row);
    // the whole joint when its friction goes in the same step.
    if (checked && !object.contains("friction"))
      commit("/clearance", changed["clearance"]);
    else
      commit("", changed);
  });
  m_form->addRow(new QLabel(tr("<b>Clearance</b>")));
  m_form->addRow(on);
  m_fields.push_back(
      {"/clearance", tr("Clearance joint"), on, [on](const json& c) { on->setChecked(c.is_object()); }});
  if (has) {
    const json& n = joint["clearance"]["exponent"];
    m_stiffnessExponent = n.is_number() ? n.get<double>() : core::ClearanceParameters{}.exponent;
    addFields(joint["clearance"], "/clearance", "clearance");
  }
}

// DMBS manual §2.4.2: the user chooses which joints DMBS cuts (the Topology panel shows the cuts).
void PropertyPanel::addConstraintElementField(const json& joint)
{
  auto* on = new QCheckBox(tr("Constraint element (DMBS cut joint)"));
  on->setObjectName("constraintElementSwitch");
  on->setChecked(joint.value("constraint_element", false));
  on->setToolTip(
      tr("The DMBS (joint-coordinate) formulation cuts this joint: it is left out of the spanning "
         "tree and its constraint equations are added. Without a mark DMBS chooses the cuts "
         "itself. The absolute formulations (I3, SI2) do not use it."));
  connect(on, &QCheckBox::toggled, this, [this, on](bool checked) {
    commit("/constraint_element", checked);
    // Refused: back to the model's value (an unmarked joint has no key for refresh() to show).
    const core::Joint* j = m_document.model().joint(core::JointId(m_entity.id));
    const QSignalBlocker block(on);
    on->setChecked(j && j->constraintElement);
  });
  m_form->addRow(new QLabel(tr("<b>DMBS</b>")));
  m_form->addRow(on);
  m_fields.push_back({"/constraint_element", tr("Constraint element (DMBS cut joint)"), on,
                      [on](const json& v) { on->setChecked(v.is_boolean() && v.get<bool>()); }});
}
void PropertyPanel::addJointInitialConditions(const json& joint)
{
  const std::string type = joint.value("type", std::string());
  const bool rotation = type == "revolute" || type == "cylindrical";
  const bool translation = type == "translational" || type == "cylindrical";
  if (!rotation && !translation)
    return;
  m_form->addRow(new QLabel(tr("<b>Initial conditions</b> (I relative to J, about/along J's z)")));
  struct Item {
    const char* key;
    const char* label;
    core::Quantity quantity;
  };
  std::vector<Item> items;
  if (rotation) {
    items.push_back(
        {"rotation", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Rotation"), core::Quantity::Angle});
    items.push_back({"angular_velocity", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Angular velocity"),
                     core::Quantity::AngularVelocity});
  }
  if (translation) {
    items.push_back(
        {"translation", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Translation"), core::Quantity::Length});
    items.push_back(
        {"velocity", QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Velocity"), core::Quantity::Velocity});
  }
  struct Editor {
    std::string key;
    QCheckBox* set;
    QDoubleSpinBox* box;
  };
  auto editors = std::make_shared<std::vector<Editor>>();
  // Any change writes the whole object: unticked values are absent (free for the analysis).
  auto commitAll = [this, editors] {
    json ic = json::object();
    for (const Editor& e : *editors) {
      e.box->setEnabled(e.set->isChecked());
      if (e.set->isChecked())
        ic[e.key] = e.box->value();  // SI: the box converts to the display units
    }
    commit("/initial_conditions", ic);
  };
  for (const Item& item : items) {
    auto* row = new QWidget;
    auto* layout = new QHBoxLayout(row);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* set = new QCheckBox(tr("set"));
    set->setObjectName(QStringLiteral("/initial_conditions/%1/set").arg(item.key));
    set->setToolTip(tr("Unticked: the initial-condition analysis chooses the value"));
    QDoubleSpinBox* box = makeNumberBox(0.0, -1e9, 1e9);
    setQuantity(box, item.quantity);
    box->setObjectName(QStringLiteral("/initial_conditions/%1").arg(item.key));
    box->setEnabled(false);
    layout->addWidget(set);
    layout->addWidget(box, 1);
    editors->push_back({item.key, set, box});
    connect(set, &QCheckBox::toggled, this, commitAll);
    connect(box, &QDoubleSpinBox::valueChanged, this, commitAll);
    const std::string key = item.key;
    m_fields.push_back({"", tr("Initial conditions"), row, [set, box, key](const json& whole) {
                          const QSignalBlocker b1(set), b2(box);
                          const json ic = whole.value("initial_conditions", json::object());
                          const bool has = ic.contains(key) && ic[key].is_number();
                          set->setChecked(has);
                          box->setEnabled(has);
                          box->setValue(has ? ic[key].get<double>() : 0.0);
                        }});
    m_form->addRow(tr(item.label), row);
  }
}

// A joint's type: a screw gets a pitch (1 cm per turn) if it had none, in the same step; a joint
// with markers cannot become a coupler of two joints (or back) here: Build > Joint makes those.
void PropertyPanel::changeJointType(const std::string& type)
{
  const auto kind = core::jointKindFromString(type);
  const core::Joint* joint = m_document.model().joint(core::JointId(m_entity.id));
  if (!kind || !joint)
    return;
  if (core::isCoupler(*kind) != core::isCoupler(joint->kind)) {
    const Field* field = fieldOf("/type");
    showFieldError(
        field ? field->editor : nullptr,
        core::isCoupler(*kind)
            ? tr("A joint with markers cannot become a %1, which couples two joints: create it with "
                 "Build ▸ Joint.")
                  .arg(term(type.c_str()))
            : tr("A coupler cannot become a %1, which joins two parts at markers: create it with "
                 "Build ▸ Joint.")
                  .arg(term(type.c_str())));
    refresh();
    return;
  }
  json object = core::toJson(m_document.model(), m_entity);
  object["type"] = type;
  if (*kind == core::JointKind::Screw && !object.contains("pitch"))
    object["pitch"] = 0.01;
  if (*kind != core::JointKind::Screw)
    object.erase("pitch");
  object.erase("clearance");  // each kind has its own clearance keys (and not every kind has one)
  commit("", object);
}

void PropertyPanel::addCouplerFields(const json& joint)
{
  const char* const jointLabels[2] = {QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "First joint"),
                                      QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Second joint")};
  for (int k = 0; k < 2; ++k) {
    const std::string pointer = "/joints/" + std::to_string(k);
    auto* combo = new QComboBox;
    combo->setObjectName(QString::fromStdString(pointer));
    for (const QString& name : namesOf(m_document.model(), core::EntityKind::Joint))
      if (!name.isEmpty() && name.toStdString() != joint.value("name", std::string()))
        combo->addItem(name, name);
    connect(combo, &QComboBox::activated, this, [this, pointer, combo](int index) {
      commit(pointer, combo->itemData(index).toString().toStdString());
    });
    const QString label = tr(jointLabels[k]);
    m_fields.push_back({pointer, label, combo, [combo](const json& j) {
                          combo->setCurrentIndex(combo->findData(
                              j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString()));
                        }});
    m_form->addRow(label, combo);
  }
  if (!joint.contains("scales"))
    return;
  const char* const scaleLabels[2] = {
      QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Scale of first joint [-]"),
      QT_TRANSLATE_NOOP("mbs::ui::PropertyPanel", "Scale of second joint [-]")};
  for (int k = 0; k < 2; ++k) {
    const std::string pointer = "/scales/" + std::to_string(k);
    auto* box = static_cast<NumberBox*>(makeNumberBox(0.0));
    box->setObjectName(QString::fromStdString(pointer));
    box->setRange(-1e12, 1e12);
    box->setKeyboardTracking(false);
    connect(box, &QDoubleSpinBox::valueChanged, this, [this, pointer](double v) { commit(pointer, v); });
    const QString label = tr(scaleLabels[k]);
    m_fields.push_back({pointer, label, box, [box](const json& j) {
                          if (j.is_number())
                            box->setValue(j.get<double>());
                        }});
    m_form->addRow(label, box);
  }
}

}  // namespace mbs::ui
