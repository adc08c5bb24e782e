// The Plot panel's entity and quantity pickers: the entity list grouped by type with its filter,
// and the quantities offered for the chosen entity.
#include <QComboBox>
#include <QLineEdit>
#include <QListView>
#include <QStandardItemModel>
#include <algorithm>
#include <optional>

#include "PlotQuantities.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

namespace mbs::ui {

namespace {

// The `index`-th element of the FE beam parts, counted over the parts in model order.
std::optional<solver::BeamElement> feElementAt(const core::Model& model, const core::IndexMap& map, int index)
{
  for (const core::Part& part : model.parts()) {
    if (!part.feBeam || !map.feNodes.count(part.id))
      continue;
    if (index < part.feBeam->elements)
      return index >= 0 ? std::optional(core::feBeamElement(part, index, map)) : std::nullopt;
    index -= part.feBeam->elements;
  }
  return std::nullopt;
}

}  // namespace

plot::Entity PlotPanel::entityOf(int kind, int index, int frictionIndex) const
{
  plot::Entity entity{static_cast<plot::EntityKind>(kind), index, frictionIndex, nullptr};
  if (!m_results.store())
    return entity;
  const solver::ResultLayout layout = m_results.store()->layout();
  const core::Model& model = m_results.model();
  const core::IndexMap& map = m_results.map();
  entity.gravity = model.gravity;
  auto jointFrames = [&](core::JointId id) {
    if (const core::Joint* joint = model.joint(id)) {
      entity.iFrame = derived::markerFrame(model, map, joint->iMarker);
      entity.jFrame = derived::markerFrame(model, map, joint->jMarker);
    }
  };
  switch (entity.kind) {
    case plot::EntityKind::Part:
      if (index >= 0 && index < static_cast<int>(map.bodyIds.size())) {
        entity.frame = derived::partFrame(model, map, map.bodyIds[index]);
        for (const derived::BodyMass& m : derived::bodyMasses(model, map))
          if (m.body == index)
            entity.mass = m;
      }
      break;
    case plot::EntityKind::Joint:
      if (index >= 0 && index < static_cast<int>(layout.joints.size()))
        jointFrames(model.findJoint(layout.joints[index]));
      break;
    case plot::EntityKind::Motion:
      if (index >= 0 && index < static_cast<int>(layout.motions.size()))
        if (const core::Motion* motion = model.motion(model.findMotion(layout.motions[index]))) {
          entity.motionAxis = static_cast<int>(motion->axis);
          if (model.joint(motion->joint)) {
            jointFrames(motion->joint);
          } else {
            entity.iFrame = derived::markerFrame(model, map, motion->iMarker);
            entity.jFrame = derived::markerFrame(model, map, motion->jMarker);
          }
        }
      break;
    case plot::EntityKind::Marker:
      if (index >= 0 && index < static_cast<int>(model.markers().size()))
        entity.frame = derived::markerFrame(model, map, model.markers()[index].id);
      break;
    case plot::EntityKind::System:
      entity.masses = derived::bodyMasses(model, map);
      break;
    case plot::EntityKind::Request:
      if (index >= 0 && index < static_cast<int>(model.requests.size()))
        if ((entity.requests = m_results.requestOutputs())) {
          entity.request = model.requests[index];
          const std::string prefix = entity.request.name + ".";
          const auto& columns = entity.requests->columns();
          for (std::size_t k = 0; k < columns.size(); ++k)
            if (columns[k].rfind(prefix, 0) == 0)
              entity.requestColumns.push_back(static_cast<int>(k));
        }
      break;
    case plot::EntityKind::Clearance:
      if (index >= 0 && index < static_cast<int>(layout.clearanceJoints.size()))
        if (const core::Joint* joint = model.joint(model.findJoint(layout.clearanceJoints[index])))
          if (joint->clearance) {
            entity.clearance = joint->clearance->clearance;
            entity.slider = joint->kind == core::JointKind::Translational;
          }
      break;
    case plot::EntityKind::NodeOutput:
      if (index >= 0 && index < static_cast<int>(layout.nodeOutputs.size())) {
        entity.nodeBody = layout.nodeOutputs[index].flexibleBody;
        entity.nodeShapes = layout.nodeOutputs[index].shapes;
      }
      break;
    case plot::EntityKind::FeNode:  // index: the node's body
      for (const auto& [part, nodes] : map.feNodes)
        if (const auto at = std::find(nodes.begin(), nodes.end(), index);
            at != nodes.end() && model.part(part)) {
          entity.feRoot = nodes.front();
          entity.feRest = model.part(part)->feBeam->nodePosition(static_cast<int>(at - nodes.begin()));
        }
      break;
    case plot::EntityKind::FeElement:  // index: running over the FE parts' elements in model order
      if (const auto element = feElementAt(model, map, index))
        entity.beamElement = *element;
      break;
    case plot::EntityKind::Stress:
      if (index >= 0 && index < static_cast<int>(layout.flexibleBodies.size()))
        if (const core::Part* part = model.part(model.findPart(layout.flexibleBodies[index])))
          entity.flexible = part->flexible.data;
      break;
    default:
      break;
  }
  return entity;
}

void PlotPanel::fillEntities()
{
  const QString keep = m_entity->currentText();
  const QSignalBlocker blocker(m_entity);
  m_entity->clear();
  if (m_results.store()) {
    const solver::ResultLayout layout = m_results.store()->layout();
    // Entities are listed by group, each under a heading that cannot be chosen.
    auto heading = [this](const QString& title) {
      m_entity->addItem(title);
      const int row = m_entity->count() - 1;
      m_entity->setItemData(row, true, plot::kHeadingRole);
      if (auto* model = qobject_cast<QStandardItemModel*>(m_entity->model())) {
        QStandardItem* item = model->item(row);
        item->setFlags(item->flags() & ~(Qt::ItemIsSelectable | Qt::ItemIsEnabled));
        QFont bold = item->font();
        bold.setBold(true);
        item->setFont(bold);
      }
    };
    QString group;  // the heading still to add before the group's first entity (none: no heading)
    auto add = [&](const std::string& name, plot::EntityKind kind, std::size_t index, int friction) {
      if (!group.isEmpty())
        heading(group);
      group.clear();
      m_entity->addItem(QString::fromStdString(name),
                        QPoint(static_cast<int>(kind), static_cast<int>(index)));
      m_entity->setItemData(m_entity->count() - 1, friction, plot::kFrictionRole);
    };
    group = tr("Parts");
    const core::IndexMap& map = m_results.map();
    for (std::size_t k = 0; k < layout.bodies.size(); ++k)
      if (k >= map.bodyIds.size() || map.bodyIds[k].valid())  // an FE beam's later nodes: below
        add(layout.bodies[k], plot::EntityKind::Part, k, -1);
    group = tr("Joints");
    for (std::size_t k = 0; k < layout.joints.size(); ++k) {
      const auto it = std::find(layout.frictionJoints.begin(), layout.frictionJoints.end(), layout.joints[k]);
      add(layout.joints[k], plot::EntityKind::Joint, k,
          it == layout.frictionJoints.end() ? -1 : static_cast<int>(it - layout.frictionJoints.begin()));
    }
    for (std::size_t k = 0; k < layout.clearanceJoints.size(); ++k)
      add(tr("%1 (clearance contact)").arg(QString::fromStdString(layout.clearanceJoints[k])).toStdString(),
          plot::EntityKind::Clearance, k, -1);
    group = tr("Motions");
    for (std::size_t k = 0; k < layout.motions.size(); ++k)
      add(layout.motions[k], plot::EntityKind::Motion, k, -1);
    group = tr("Forces");
    for (std::size_t k = 0; k < layout.forces.size(); ++k)
      add(layout.forces[k], plot::EntityKind::Force, k, -1);
    for (std::size_t k = 0; k < layout.contacts.size(); ++k)  // contacts between solids
      add(layout.contacts[k], plot::EntityKind::Contact, k, -1);
    group = tr("Flexible bodies");
    for (std::size_t k = 0; k < layout.flexibleBodies.size() && k < layout.flexibleModeCounts.size(); ++k)
      add(tr("%1 (modal coordinates)").arg(QString::fromStdString(layout.flexibleBodies[k])).toStdString(),
          plot::EntityKind::Modal, k, layout.flexibleModeCounts[k]);
    // Nodal displacement outputs ("rod.mid (node output)").
    for (std::size_t k = 0; k < layout.nodeOutputs.size(); ++k)
      add(tr("%1 (node output)").arg(QString::fromStdString(layout.nodeOutputs[k].name)).toStdString(),
          plot::EntityKind::NodeOutput, k, -1);
    // Stress of the flexible parts whose records carry modal stress shapes.
    for (std::size_t k = 0; k < layout.flexibleBodies.size(); ++k) {
      const core::Part* part = m_results.model().part(m_results.model().findPart(layout.flexibleBodies[k]));
      if (part && part->flexible && part->flexible.data->hasStress()) {
        add(tr("%1 (stress)").arg(QString::fromStdString(layout.flexibleBodies[k])).toStdString(),
            plot::EntityKind::Stress, k, -1);
      }
    }
    // FE beams: every node's motion and deflection, every element's section loads.
    group = tr("FE beams");
    int feElement = 0;
    for (const core::Part& part : m_results.model().parts()) {
      const auto nodes = map.feNodes.find(part.id);
      if (!part.feBeam || nodes == map.feNodes.end())
        continue;
      for (std::size_t k = 0; k < nodes->second.size(); ++k)
        add(part.name + ".node" + std::to_string(k), plot::EntityKind::FeNode,
            static_cast<std::size_t>(nodes->second[k]), -1);
      for (int k = 0; k < part.feBeam->elements; ++k)
        add(part.name + ".element" + std::to_string(k + 1), plot::EntityKind::FeElement,
            static_cast<std::size_t>(feElement++), -1);
    }
    // Markers (their ground-frame motion) and the whole model's energies come last.
    group = tr("Markers");
    const auto& markers = m_results.model().markers();
    for (std::size_t k = 0; k < markers.size(); ++k)
      if (!m_results.model().part(markers[k].part) || !m_results.model().part(markers[k].part)->ground) {
        add(markers[k].name, plot::EntityKind::Marker, k, -1);
      }
    // Output requests by their names (Adams REQUEST, or the user's own expressions).
    group = tr("Requests");
    const auto& requests = m_results.model().requests;
    for (std::size_t k = 0; k < requests.size(); ++k)
      add(tr("%1 (request)").arg(QString::fromStdString(requests[k].name)).toStdString(),
          plot::EntityKind::Request, k, -1);
    // The model's own differential equations (Adams DIFF): their states by name.
    group = tr("System elements");
    for (std::size_t k = 0; k < layout.differentials.size(); ++k)
      add(tr("%1 (differential equation)").arg(QString::fromStdString(layout.differentials[k])).toStdString(),
          plot::EntityKind::Differential, k, -1);
    group = tr("System");
    add(tr("Whole model").toStdString(), plot::EntityKind::System, 0, -1);
    const int kept = keep.isEmpty() ? -1 : m_entity->findText(keep);
    m_entity->setCurrentIndex(kept >= 0 && isEntityRow(kept) ? kept : -1);
  }
  applyEntityFilter();
  fillQuantities();
}

bool PlotPanel::isEntityRow(int row) const
{
  return row >= 0 && row < m_entity->count() && !m_entity->itemData(row, plot::kHeadingRole).toBool();
}

void PlotPanel::applyEntityFilter()
{
  auto* view = qobject_cast<QListView*>(m_entity->view());
  const QString filter = m_entityFilter->text().trimmed();
  int firstShown = -1;
  int heading = -1;
  bool headingUsed = false;
  auto closeGroup = [&] {
    if (heading >= 0 && view)
      view->setRowHidden(heading, !headingUsed);
  };
  for (int row = 0; row < m_entity->count(); ++row) {
    if (!isEntityRow(row)) {
      closeGroup();
      heading = row;
      headingUsed = false;
      continue;
    }
    const bool shown = filter.isEmpty() || m_entity->itemText(row).contains(filter, Qt::CaseInsensitive);
    if (view)
      view->setRowHidden(row, !shown);
    headingUsed |= shown;
    if (shown && firstShown < 0)
      firstShown = row;
  }
  closeGroup();
  // The chosen entity stays if it is shown; else the first one that is.
  const int current = m_entity->currentIndex();
  const bool currentShown = isEntityRow(current) && (!view || !view->isRowHidden(current));
  if (!currentShown && firstShown >= 0)
    m_entity->setCurrentIndex(firstShown);
}

void PlotPanel::fillQuantities()
{
  const QString keep = m_quantity->currentText();
  m_quantity->clear();
  const int row = m_entity->currentIndex();
  if (!isEntityRow(row))
    return;
  const QPoint data = m_entity->itemData(row).toPoint();
  for (const QString& label :
       plot::quantities(entityOf(data.x(), data.y(), m_entity->itemData(row, plot::kFrictionRole).toInt())))
    m_quantity->addItem(plot::shown(label, m_units).label);
  if (!keep.isEmpty() && m_quantity->findText(keep) >= 0)
    m_quantity->setCurrentText(keep);
}

}  // namespace mbs::ui
