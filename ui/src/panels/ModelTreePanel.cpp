#include "mbs/ui/panels/ModelTreePanel.hpp"

#include <QHeaderView>
#include <unordered_map>

#include "Terms.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

constexpr int kKindRole = Qt::UserRole + 1;
constexpr int kIdRole = Qt::UserRole + 2;

QTreeWidgetItem* addItem(QTreeWidgetItem* parent, const QString& name, const QString& type,
                         const core::EntityRef& entity)
{
  auto* item = new QTreeWidgetItem(parent, {name, type});
  item->setData(0, kKindRole, static_cast<int>(entity.kind));
  item->setData(0, kIdRole, entity.id);
  return item;
}

QString q(const std::string& text)
{
  return QString::fromStdString(text);
}

}  // namespace

ModelTreePanel::ModelTreePanel(Document& document, QWidget* parent)
    : QTreeWidget(parent), m_document(document)
{
  setObjectName("modelTree");
  setColumnCount(2);
  setHeaderLabels({tr("Entity"), tr("Type")});
  header()->setSectionResizeMode(0, QHeaderView::Stretch);
  header()->setStretchLastSection(false);
  setSelectionMode(QAbstractItemView::ExtendedSelection);
  connect(&m_document, &Document::modelReset, this, &ModelTreePanel::rebuild);
  connect(&m_document, &Document::modelChanged, this, &ModelTreePanel::rebuild);
  connect(&m_document, &Document::selectionChanged, this, &ModelTreePanel::syncSelectionFromDocument);
  connect(this, &QTreeWidget::itemSelectionChanged, this, &ModelTreePanel::pushSelectionToDocument);
  rebuild();
}

void ModelTreePanel::rebuild()
{
  m_syncing = true;
  clear();
  m_items.clear();
  const core::Model& model = m_document.model();
  // Built detached and added to the view at once: adding 200,000 marker items one by one to a
  // shown tree costs a model signal and a layout each.
  auto* root = new QTreeWidgetItem({q(model.name), tr("model")});
  auto* parts = new QTreeWidgetItem(root, {tr("Parts"), QString()});
  // The markers of each part in one pass (Model::markersOf per part is quadratic in a large deck).
  std::unordered_map<std::uint32_t, std::vector<const core::Marker*>> markersByPart;
  for (const auto& marker : model.markers())
    markersByPart[marker.part.value].push_back(&marker);
  const QString markerType = tr("marker");
  for (const auto& part : model.parts()) {
    auto* partItem = addItem(parts, q(part.name),
                             part.ground     ? tr("ground")
                             : part.flexible ? tr("flexible part")
                             : part.feBeam   ? tr("FE beam part")
                                             : tr("rigid part"),
                             part.id);
    m_items[{static_cast<int>(core::EntityKind::Part), part.id.value}] = partItem;
    if (const auto it = markersByPart.find(part.id.value); it != markersByPart.end())
      for (const core::Marker* marker : it->second)
        m_items[{static_cast<int>(core::EntityKind::Marker), marker->id.value}] =
            addItem(partItem, q(marker->name), markerType, marker->id);
  }
  auto* joints = new QTreeWidgetItem(root, {tr("Joints"), QString()});
  for (const auto& joint : model.joints())
    m_items[{static_cast<int>(core::EntityKind::Joint), joint.id.value}] =
        addItem(joints, q(joint.name), term(core::toString(joint.kind)), joint.id);
  auto* motions = new QTreeWidgetItem(root, {tr("Motions"), QString()});
  for (const auto& motion : model.motions())
    m_items[{static_cast<int>(core::EntityKind::Motion), motion.id.value}] =
        addItem(motions, q(motion.name), term(core::toString(motion.quantity)), motion.id);
  auto* forces = new QTreeWidgetItem(root, {tr("Forces"), QString()});
  for (const auto& force : model.forces())
    m_items[{static_cast<int>(core::EntityKind::Force), force.id.value}] =
        addItem(forces, q(force.name), term(core::toString(force.kind)), force.id);
  addTopLevelItem(root);
  expandToDepth(1);
  m_syncing = false;
  syncSelectionFromDocument();
}

QTreeWidgetItem* ModelTreePanel::itemOf(const core::EntityRef& entity) const
{
  const auto it = m_items.find({static_cast<int>(entity.kind), entity.id});
  return it == m_items.end() ? nullptr : it->second;
}

void ModelTreePanel::syncSelectionFromDocument()
{
  m_syncing = true;
  clearSelection();
  for (const auto& entity : m_document.selection()) {
    if (auto* item = itemOf(entity)) {
      item->setSelected(true);
      scrollToItem(item);
    }
  }
  m_syncing = false;
}

void ModelTreePanel::pushSelectionToDocument()
{
  if (m_syncing)
    return;
  std::vector<core::EntityRef> selection;
  for (auto* item : selectedItems()) {
    const QVariant kind = item->data(0, kKindRole);
    if (kind.isValid())
      selection.emplace_back(static_cast<core::EntityKind>(kind.toInt()), item->data(0, kIdRole).toUInt());
  }
  m_document.setSelection(std::move(selection));
}

}  // namespace mbs::ui
