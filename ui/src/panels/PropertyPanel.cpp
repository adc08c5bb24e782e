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

PropertyPanel::PropertyPanel(Document& document, QWidget* parent) : QWidget(parent), m_document(document)
{
  setObjectName("propertyPanel");
  setProperty(kDocumentProperty, QVariant::fromValue<QObject*>(&document));  // its number boxes' parameters
  auto* outer = new QVBoxLayout(this);
  m_title = new QLabel;
  m_title->setStyleSheet("font-weight: bold");
  outer->addWidget(m_title);
  auto* scroll = new QScrollArea;
  scroll->setWidgetResizable(true);
  auto* body = new QWidget;
  m_form = new QFormLayout(body);
  m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  // A narrow dock puts long labels above their fields instead of clipping the fields.
  m_form->setRowWrapPolicy(QFormLayout::WrapLongRows);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  scroll->setWidget(body);
  outer->addWidget(scroll);
  connect(&m_document, &Document::selectionChanged, this, &PropertyPanel::rebuild);
  connect(&m_document, &Document::modelReset, this, &PropertyPanel::rebuild);
  connect(&m_document, &Document::modelChanged, this, &PropertyPanel::refresh);
  rebuild();
}

QString PropertyPanel::errorText() const
{
  return m_error ? m_error->text() : QString();
}

QWidget* PropertyPanel::editorOf(const QString& pointer) const
{
  for (const auto& field : m_fields)
    if (QString::fromStdString(field.pointer) == pointer)
      return field.editor;
  return nullptr;
}

void PropertyPanel::rebuild()
{
  while (m_form->rowCount() > 0)
    m_form->removeRow(0);
  m_error = nullptr;  // deleted with its row
  m_errorEditor = nullptr;
  m_fields.clear();
  const auto& selection = m_document.selection();
  m_entity = selection.size() == 1 ? selection.front() : core::EntityRef();
  const core::Model& model = m_document.model();
  const json object = core::toJson(model, m_entity);
  const QString context = contextOf(m_entity.kind);
  const QString name = QString::fromStdString(model.entityName(m_entity));
  switch (m_entity.kind) {
    case core::EntityKind::Part:
      m_title->setText(tr("Part %1").arg(name));
      break;
    case core::EntityKind::Marker:
      m_title->setText(tr("Marker %1").arg(name));
      break;
    case core::EntityKind::Joint:
      m_title->setText(tr("Joint %1").arg(name));
      break;
    case core::EntityKind::Motion:
      m_title->setText(tr("Motion %1").arg(name));
      break;
    case core::EntityKind::Force:
      m_title->setText(tr("Force %1").arg(name));
      break;
    default:
      m_title->setText(tr("Model settings"));
  }
  m_jointType =
      m_entity.kind == core::EntityKind::Joint ? object.value("type", std::string()) : std::string();
  std::string ctx = context.toStdString();
  if (m_entity.kind == core::EntityKind::Force &&
      object.value("kind", std::string()).find("rotational") != std::string::npos)
    ctx = "rotforce";
  if (m_entity.kind == core::EntityKind::Motion) {
    const auto axis = core::motionAxisFromString(object.value("axis", std::string()));
    ctx = axis && core::isRotation(*axis) ? "rotmotion" : "motion";
  }
  addFields(object, "", ctx);
  if (m_entity.kind == core::EntityKind::Joint && object.contains("joints"))
    addCouplerFields(object);
  if (const auto kind = core::jointKindFromString(m_jointType); kind && core::supportsClearance(*kind))
    addClearanceFields(object);
  if (const auto kind = core::jointKindFromString(m_jointType); kind && core::canBeConstraintElement(*kind))
    addConstraintElementField(object);
  if (m_entity.kind == core::EntityKind::Joint)
    addJointInitialConditions(object);
  if (m_entity.kind == core::EntityKind::Part)
    addFlexibleSummary();
  if (m_entity.kind == core::EntityKind::Force && object.value("type", std::string()) == "contact") {
    // Its solids and law in Build ▸ Contact's form (issue 30).
    auto* edit = new QPushButton(tr("Edit Contact..."));
    edit->setObjectName("editContactButton");
    connect(edit, &QPushButton::clicked, this, [this, id = core::ForceId(m_entity.id)] {
      auto* dialog = new ContactDialog(m_document, window(), id);
      dialog->setAttribute(Qt::WA_DeleteOnClose);
      dialog->show();
    });
    m_form->addRow(edit);
  }
  // The boxes were made before they were in the panel, so without its document's units: show
  // their unit now that they can find them (a hidden panel gets no show event to do it).
  for (NumberBox* box : findChildren<NumberBox*>())
    if (box->converts())
      box->setQuantity(box->quantity());
  m_builtKeys = sectionsOf(object, m_document.model());
  refresh();
}

void PropertyPanel::addFields(const json& object, const std::string& prefix, const std::string& context)
{
  if (!object.is_object())
    return;
  for (auto it = object.begin(); it != object.end(); ++it) {
    const std::string& key = it.key();
    const std::string pointer = prefix + "/" + key;
    if (key == "id" || key == "ground" || key == "geometry" || key == "exact" || key == "scales" ||
        key == "joints" || key == "display_units" || key == "functions" || key == "flexible" ||
        key == "initial_conditions" || key == "constraint_element" ||  // addConstraintElementField
        (key == "clearance" && prefix.empty()))                        // addClearanceFields
      continue;
    // An FE beam's mass and inertia are its nodes' (core/FeBeam.hpp): the part's own are unused.
    if (prefix.empty() && object.contains("fe_beam") &&
        (key == "mass" || key == "inertia" || key == "cm_marker"))
      continue;
    if (key == "friction" && it.value().is_object()) {
      auto* header = new QLabel(tr("<b>Friction</b>"));
      m_form->addRow(header);
      addFields(it.value(), pointer, "friction");
      continue;
    }
    if (key == "contact" && it.value().is_object()) {
      // Its coefficients in the model's units; K's unit follows the exponent e.
      m_form->addRow(new QLabel(tr("<b>Contact</b>")));
      const json& e = it.value().value("exponent", json());
      m_stiffnessExponent = e.is_number() ? e.get<double>() : core::ContactParameters{}.exponent;
      addFields(it.value(), pointer, "contact");
      continue;
    }
    if (key == "fe_beam" && it.value().is_object()) {
      m_form->addRow(new QLabel(tr("<b>FE beam</b>")));
      addFields(it.value(), pointer, "fe_beam");
      continue;
    }
    if (key == "analysis") {
      m_form->addRow(new QLabel(tr("<b>Analysis</b>")));
      addFields(it.value(), pointer, "analysis");
      continue;
    }
    if (it.value().is_object()) {  // inertia, marker orientation (euler313 / axes / points)
      addFields(it.value(), pointer, context);
      continue;
    }
    addField(key, it.value(), pointer, context);
  }
}

void PropertyPanel::addField(const std::string& key, const json& value, const std::string& pointer,
                             const std::string& context)
{
  const auto& specs = numberSpecs();
  auto specFor = [&]() -> const NumberSpec* {
    for (const std::string& k :
         {m_jointType + ":" + key, context + ":" + key, (context == "rotforce" ? "rot:" : "") + key, key}) {
      const auto it = specs.find(k);
      if (it != specs.end())
        return &it->second;
    }
    return nullptr;
  };
  const QString label = QString::fromStdString(key);
  const QString readable = keyLabel(key);
  if (value.is_number() || (value.is_array() && value.size() == 3 && value[0].is_number())) {
    const NumberSpec* spec = specFor();
    const NumberSpec fallback{nullptr, "-"};
    const NumberSpec& s = spec ? *spec : fallback;
    // A converted field shows its unit as the box's suffix (the model's display units); the
    // messages name the unit too. A pure number keeps "[-]", an unconvertible one its SI unit.
    const std::optional<core::Quantity> quantity = quantityOf(s.unit);
    const std::optional<UnitPowers> powers = powersOf(s.unit, m_stiffnessExponent);
    const bool converted = (quantity && *quantity != core::Quantity::None) || powers;
    const QString unit = powers      ? unitName(m_document.model().displayUnits, *powers)
                         : converted ? unitText(m_document.model(), *quantity)
                                     : QString::fromUtf8(s.unit);
    const QString name = s.label ? tr(s.label) : label;
    const QString rowText = converted ? name : QStringLiteral("%1 [%2]").arg(name, unit);
    const QString text = QStringLiteral("%1 [%2]").arg(name, unit);
    const bool integer = value.is_number_integer();
    const char* const axes[] = {"x", "y", "z"};
    auto makeBox = [&, integer](const std::string& p, int component) {
      auto* box = static_cast<NumberBox*>(makeNumberBox(0.0));
      box->setObjectName(QString::fromStdString(p));
      if (integer)
        box->setDecimals(0);
      // The range is the model's rule, checked on commit so that a refused value says why.
      box->setRange(-1e12, 1e12);
      if (context == "fe_beam")  // a steel's E is 2.1e12 dyne/cm² in CGS
        box->setRange(-1e18, 1e18);
      box->setKeyboardTracking(false);
      if (powers) {
        box->setUnitPowers(powers);
        // Room for a value and a long unit ("6324555.32 N/mm^1.5"): the row wraps under its label
        // in a narrow panel rather than cut the unit.
        box->setMinimumWidth(box->fontMetrics().horizontalAdvance("0000000.000 " + unit) + 30);
      } else if (converted)
        box->setQuantity(*quantity);
      QString fieldLabel = component < 0 ? text : QStringLiteral("%1 (%2)").arg(text, axes[component]);
      if (context == "clearance")  // its messages name the joint as well as the field
        fieldLabel = tr("Joint '%1', %2")
                         .arg(QString::fromStdString(m_document.model().entityName(m_entity)), fieldLabel);
      const double scale = quantity || powers ? 1.0 : s.scale;  // a converted box holds SI
      const double minimum = s.min > -1e12 ? s.min * scale : -1e12;
      box->onRefusedText = [this, box, fieldLabel](const QString& refused, const QString& reason) {
        showFieldError(box,
                       tr("%1: \"%2\" is not accepted: %3. Type a number (1.5, 2e-3) or an expression of "
                          "the model's parameters (2*L, cos(60d)).")
                           .arg(fieldLabel, refused, reason));
      };
      connect(box, &QDoubleSpinBox::valueChanged, this,
              [this, p, box, scale, minimum, integer, fieldLabel](double v) {
                if (v < minimum) {
                  showFieldError(box,
                                 tr("%1: %2 is not accepted; it must be at least %3.")
                                     .arg(fieldLabel, box->textFromValue(v), box->textFromValue(minimum)));
                  refresh();  // back to the model's value
                  return;
                }
                commit(p, integer ? json(static_cast<long long>(std::llround(v))) : json(v / scale));
              });
      m_fields.push_back({p, fieldLabel, box, [box, scale](const json& j) {
                            if (j.is_number())
                              box->setValue(j.get<double>() * scale);
                          }});
      return box;
    };
    if (value.is_number()) {
      m_form->addRow(rowText, makeBox(pointer, -1));
    } else {
      auto* row = new QWidget;
      auto* layout = new QHBoxLayout(row);
      layout->setContentsMargins(0, 0, 0, 0);
      for (int i = 0; i < 3; ++i)
        layout->addWidget(makeBox(pointer + "/" + std::to_string(i), i));
      m_form->addRow(rowText, row);
    }
    return;
  }
  if (value.is_boolean()) {
    auto* box = new QCheckBox;
    box->setObjectName(QString::fromStdString(pointer));
    connect(box, &QCheckBox::toggled, this, [this, pointer](bool on) { commit(pointer, on); });
    m_fields.push_back({pointer, readable, box, [box](const json& j) {
                          if (j.is_boolean())
                            box->setChecked(j.get<bool>());
                        }});
    m_form->addRow(readable, box);
    return;
  }
  const QStringList choices = enumNames(key, context);
  const bool isReference = key == "i_marker" || key == "j_marker" || key == "cm_marker" ||
                           key == "reference_marker" || key == "floating_marker" ||
                           key == "i_floating_marker" || (key == "joint" && context == "motion");
  if (!choices.isEmpty() || isReference) {
    auto* combo = new QComboBox;
    combo->setObjectName(QString::fromStdString(pointer));
    // Entity names as they are; keywords shown by their term, the keyword kept as the item's data.
    for (const QString& name : isReference ? namesOf(m_document.model(), referenceKind(key)) : choices)
      combo->addItem(isReference ? name : term(name.toUtf8().constData()), name);
    connect(combo, &QComboBox::activated, this, [this, pointer, isReference, combo, context](int index) {
      const QString text = combo->itemData(index).toString();
      if (pointer == "/type" && context == "joint") {
        changeJointType(text.toStdString());
        return;
      }
      commit(pointer, isReference && text.isEmpty() ? json(nullptr) : json(text.toStdString()));
    });
    m_fields.push_back({pointer, readable, combo, [combo](const json& j) {
                          combo->setCurrentIndex(combo->findData(
                              j.is_string() ? QString::fromStdString(j.get<std::string>()) : QString()));
                        }});
    m_form->addRow(readable, combo);
    return;
  }
  if (value.is_string()) {
    auto* edit = new QLineEdit;
    edit->setObjectName(QString::fromStdString(pointer));
    const bool readOnly = key == "part" || key == "kind";
    edit->setReadOnly(readOnly);
    if (!readOnly)
      connect(edit, &QLineEdit::editingFinished, this, [this, pointer, edit] {
        if (edit->isModified())
          commit(pointer, edit->text().toStdString());
        edit->setModified(false);
      });
    const QString text = key == "function" ? tr("Function f(TIME)") : readable;
    m_fields.push_back({pointer, text, edit, [edit](const json& j) {
                          if (j.is_string())
                            edit->setText(QString::fromStdString(j.get<std::string>()));
                        }});
    m_form->addRow(text, edit);
  }
}

void PropertyPanel::addFlexibleSummary()
{
  const core::Part* part = m_document.model().part(core::PartId{m_entity.id});
  if (!part || !part->flexible)
    return;
  const solver::FlexibleBodyData& data = *part->flexible.data;
  QStringList frequencies;
  for (int k = 0; k < data.modeCount() && k < 8; ++k) {
    const double k2 = data.modalStiffness(k, k), m2 = data.modalMass(k, k);
    frequencies << QString::number(std::sqrt(std::max(0.0, k2 / m2)) / (2.0 * 3.14159265358979323846), 'f',
                                   1);
  }
  const QString stress = data.hasStress()
                             ? tr("stress shapes at %1 surface nodes").arg(data.stressNodes.size())
                             : tr("no stress shapes");
  auto* label = new QLabel(tr("%1 elastic modes (%2 Hz%3), %4 interface nodes, %5 FE nodes (%6), %7 kg. "
                              "Build > Make Flexible recomputes it; Undo makes the part rigid again.")
                               .arg(data.modeCount())
                               .arg(frequencies.join(", "))
                               .arg(data.modeCount() > 8 ? ", ..." : "")
                               .arg(data.interfaces.size())
                               .arg(data.nodes.cols())
                               .arg(stress)
                               .arg(data.mass, 0, 'g', 5));
  label->setObjectName("flexibleSummary");
  label->setWordWrap(true);
  m_form->addRow(tr("Flexible body"), label);
}

void PropertyPanel::refresh()
{
  const core::Model& model = m_document.model();
  if (!model.contains(m_entity) && m_entity.kind != core::EntityKind::Model)
    return;  // selection update follows
  const json object = core::toJson(model, m_entity);
  // A clearance or friction added or removed (here, by a dialog, undo): their rows, built anew
  // once the edit that caused it has returned (its editor may be one of the rows).
  if (sectionsOf(object, model) != m_builtKeys && !m_rebuildPending) {
    m_rebuildPending = true;
    QTimer::singleShot(0, this, [this] {
      m_rebuildPending = false;
      rebuild();
    });
  }
  for (const auto& field : m_fields) {
    const QSignalBlocker blocker(field.editor);
    const json::json_pointer pointer(field.pointer);
    if (object.contains(pointer))
      field.show(object.at(pointer));
  }
}

void PropertyPanel::commit(const std::string& pointer, json value)
{
  QString error;
  if (!m_document.execute(std::make_unique<core::SetProperty>(m_entity, pointer, value), &error)) {
    const Field* field = fieldOf(pointer);
    const QString shown = [&]() -> QString {
      if (!field)
        return QString::fromStdString(value.dump());
      if (auto* box = qobject_cast<QDoubleSpinBox*>(field->editor))
        return box->text();
      if (auto* edit = qobject_cast<QLineEdit*>(field->editor))
        return QStringLiteral("\"%1\"").arg(edit->text());
      if (auto* combo = qobject_cast<QComboBox*>(field->editor))
        return combo->currentText();
      return QString::fromStdString(value.dump());
    }();
    QString reason = translateSolverMessage(error);
    if (error.contains("triangle inequality"))
      reason += tr(" (each principal moment of inertia must be at most the sum of the other two)");
    showFieldError(field ? field->editor : nullptr,
                   tr("%1: %2 is not accepted: %3")
                       .arg(field ? field->label : QString::fromStdString(pointer), shown, reason));
    refresh();  // back to the model's value
    return;
  }
  clearFieldError();
}

const PropertyPanel::Field* PropertyPanel::fieldOf(const std::string& pointer) const
{
  if (pointer.empty())  // the whole entity: a joint's type change
    return fieldOf("/type");
  for (const auto& field : m_fields)
    if (field.pointer == pointer)
      return &field;
  if (pointer == "/initial_conditions")  // the joint's initial-condition rows share one commit
    for (const auto& field : m_fields)
      if (field.pointer.empty())
        return &field;
  return nullptr;
}

// The message goes in a row right under the field's row, and the field gets a red frame.
void PropertyPanel::showFieldError(QWidget* editor, const QString& text)
{
  clearFieldError();
  int row = m_form->rowCount() - 1;
  for (QWidget* w = editor; w; w = w->parentWidget()) {
    int found = -1;
    QFormLayout::ItemRole role;
    m_form->getWidgetPosition(w, &found, &role);
    if (found >= 0) {
      row = found;
      break;
    }
  }
  m_error = new QLabel(text);
  m_error->setObjectName("propertyError");
  m_error->setWordWrap(true);
  m_error->setStyleSheet("color: #c53030");
  m_form->insertRow(row + 1, m_error);
  if (auto* scroll = findChild<QScrollArea*>())  // the message may be below the visible rows
    QTimer::singleShot(0, m_error, [this, scroll, label = m_error] {
      QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);  // the new row placed
      scroll->ensureWidgetVisible(label);
    });
  if (editor) {
    editor->setStyleSheet("border: 1px solid #c53030");
    m_errorEditor = editor;
  }
}

void PropertyPanel::clearFieldError()
{
  if (m_errorEditor)
    m_errorEditor->setStyleSheet(QString());
  m_errorEditor = nullptr;
  if (m_error)
    m_form->removeRow(m_error);
  m_error = nullptr;
}

}  // namespace mbs::ui
