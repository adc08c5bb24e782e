#include "mbs/ui/panels/TopologyPanel.hpp"

#include <QContextMenuEvent>
#include <QGraphicsEllipseItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMouseEvent>
#include <QPainterPath>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "DmbsCuts.hpp"
#include "RankCheck.hpp"
#include "SolverMessages.hpp"
#include "Terms.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

constexpr int kEntityKindRole = 0;  // QGraphicsItem data keys
constexpr int kEntityIdRole = 1;
constexpr int kListKindRole = Qt::UserRole + 1;
constexpr int kListIdRole = Qt::UserRole + 2;

void tag(QGraphicsItem* item, const core::EntityRef& ref)
{
  item->setData(kEntityKindRole, static_cast<int>(ref.kind));
  item->setData(kEntityIdRole, ref.id);
}

// The cut joints' colours: the user's constraint elements, DMBS's own choices.
const QColor kUserCut("#c53030");
const QColor kAutomaticCut("#dd6b20");
const QColor kTreeJoint("#2d3748");
const QColor kElasticLink("#718096");  // beams, bushings, fields: connect, but are not joints

// Emits the entity of the item clicked in the graph; a joint's context menu marks it as a
// constraint element.
class GraphView : public QGraphicsView {
public:
  using JointMenu = std::function<QMenu*(core::JointId, QWidget*)>;
  GraphView(QGraphicsScene* scene, Document& document, JointMenu menu)
      : QGraphicsView(scene), m_document(document), m_menu(std::move(menu))
  {
    setRenderHint(QPainter::Antialiasing);
  }

protected:
  QGraphicsItem* entityAt(const QPoint& pos) const
  {
    QGraphicsItem* item = itemAt(pos);
    while (item && !item->data(kEntityIdRole).isValid())
      item = item->parentItem();
    return item;
  }
  void mousePressEvent(QMouseEvent* event) override
  {
    if (QGraphicsItem* item = entityAt(event->pos()))
      m_document.setSelection(
          {core::EntityRef(static_cast<core::EntityKind>(item->data(kEntityKindRole).toInt()),
                           item->data(kEntityIdRole).toUInt())});
    QGraphicsView::mousePressEvent(event);
  }
  void contextMenuEvent(QContextMenuEvent* event) override
  {
    QGraphicsItem* item = entityAt(event->pos());
    if (!item || item->data(kEntityKindRole).toInt() != static_cast<int>(core::EntityKind::Joint))
      return;
    const core::JointId joint(item->data(kEntityIdRole).toUInt());
    m_document.setSelection({core::EntityRef(joint)});
    QMenu* menu = m_menu(joint, this);
    menu->exec(event->globalPos());
    delete menu;
  }
  void resizeEvent(QResizeEvent* event) override
  {
    QGraphicsView::resizeEvent(event);
    fitInView(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
  }

private:
  Document& m_document;
  JointMenu m_menu;
};

QString cutReasonText(solver::CutReason reason)
{
  switch (reason) {
    case solver::CutReason::ConstraintElement:
      return TopologyPanel::tr("constraint element");
    case solver::CutReason::ClosesLoop:
      return TopologyPanel::tr("chosen by DMBS");
    case solver::CutReason::NeverTreeJoint:
      return TopologyPanel::tr("joint primitive, always cut");
  }
  return {};
}

}  // namespace

TopologyPanel::TopologyPanel(Document& document, QWidget* parent) : QWidget(parent), m_document(document)
{
  setObjectName("topologyPanel");
  auto* layout = new QVBoxLayout(this);
  m_summary = new QLabel;
  m_summary->setObjectName("topologySummary");
  m_summary->setWordWrap(true);
  m_summary->setTextFormat(Qt::RichText);
  layout->addWidget(m_summary);
  auto* splitter = new QSplitter(Qt::Vertical);
  m_scene = new QGraphicsScene(this);
  m_refusal = new QLabel;
  m_refusal->setObjectName("topologyCutRefusal");
  m_refusal->setWordWrap(true);
  m_refusal->setStyleSheet("color: #c53030");
  m_refusal->hide();
  layout->addWidget(m_refusal);
  m_view = new GraphView(m_scene, document,
                         [this](core::JointId joint, QWidget* parent) { return jointMenu(joint, parent); });
  m_view->setMinimumHeight(160);
  auto* graph = new QWidget;
  auto* graphLayout = new QVBoxLayout(graph);
  graphLayout->setContentsMargins(0, 0, 0, 0);
  graphLayout->addWidget(m_view, 1);
  m_legend = new QLabel;
  m_legend->setObjectName("topologyLegend");
  m_legend->setWordWrap(true);
  m_legend->setTextFormat(Qt::RichText);
  m_legend->setText(
      QStringLiteral(
          "<span style=\"color:%1\">━━</span> %2 &nbsp; <span style=\"color:%3\">╍╍</span> %4 "
          "&nbsp; <span style=\"color:%5\">╍╍</span> %6 &nbsp; <span style=\"color:%7\">┄┄</span> %8")
          .arg(kTreeJoint.name(), tr("tree joint"), kUserCut.name(), tr("cut joint (constraint element)"),
               kAutomaticCut.name(), tr("cut joint (chosen by DMBS)"), kElasticLink.name(),
               tr("beam, bushing or field")));
  m_legend->setToolTip(
      tr("The DMBS (joint-coordinate) formulation integrates the tree joints' coordinates "
         "and adds the cut joints' constraint equations. Right-click a joint to mark or "
         "unmark it as a constraint element."));
  graphLayout->addWidget(m_legend);
  splitter->addWidget(graph);
  m_issues = new QListWidget;
  m_issues->setObjectName("topologyIssues");
  // Loop descriptions name every joint of the loop: wrap them rather than cut them at the edge.
  m_issues->setWordWrap(true);
  m_issues->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  splitter->addWidget(m_issues);
  splitter->setStretchFactor(0, 3);
  layout->addWidget(splitter, 1);
  connect(m_issues, &QListWidget::itemClicked, this, [this](QListWidgetItem* item) {
    if (!item->data(kListIdRole).isValid())
      return;
    m_document.setSelection({core::EntityRef(static_cast<core::EntityKind>(item->data(kListKindRole).toInt()),
                                             item->data(kListIdRole).toUInt())});
  });
  connect(&m_document, &Document::modelReset, this, &TopologyPanel::rebuild);
  connect(&m_document, &Document::modelChanged, this, &TopologyPanel::rebuild);
  rebuild();
}

QString TopologyPanel::summary() const
{
  return m_summary->text();
}

QMenu* TopologyPanel::jointMenu(core::JointId joint, QWidget* parent)
{
  auto* menu = new QMenu(parent);
  const core::Joint* j = m_document.model().joint(joint);
  QAction* mark = menu->addAction(tr("Constraint element (cut joint)"));
  mark->setObjectName("constraintElementAction");
  mark->setCheckable(true);
  mark->setChecked(j && j->constraintElement);
  mark->setEnabled(j && core::canBeConstraintElement(j->kind));
  mark->setToolTip(tr("DMBS cuts this joint rather than making it a tree joint"));
  connect(mark, &QAction::triggered, this,
          [this, joint](bool checked) { setConstraintElement(joint, checked); });
  return menu;
}

bool TopologyPanel::setConstraintElement(core::JointId joint, bool marked)
{
  QString error;
  if (!m_document.execute(
          std::make_unique<core::SetProperty>(core::EntityRef(joint), "/constraint_element", marked),
          &error)) {
    m_refusal->setText(translateSolverMessage(error));
    m_refusal->show();
    return false;
  }
  m_refusal->hide();
  return true;
}

void TopologyPanel::rebuild()
{
  const core::Model& model = m_document.model();
  // The cuts DMBS will make; the loops below are closed at them (at the user's constraint elements
  // if the model does not compile).
  const DmbsCuts cuts = findDmbsCuts(model);
  m_cuts = cuts.cuts;
  std::vector<core::JointId> preferred;
  for (const core::Joint& j : model.joints())
    if (cuts.known ? cuts.cuts.count(j.id) > 0 : j.constraintElement)
      preferred.push_back(j.id);
  m_report = core::analyzeTopology(model, preferred);
  const auto& r = m_report;
  QString dof = QString::number(r.dof);
  QString text = tr("<b>DOF (Gruebler)</b>: %1 %2 — with motions: %3<br>"
                    "%4 moving parts, %5 constraint equations, %6 motion equations, %7 closed loop(s), "
                    "%8 component(s)")
                     .arg(dof, r.planarDof ? tr("(planar)") : tr("(spatial)"))
                     .arg(r.dofWithMotions)
                     .arg(r.movingParts)
                     .arg(r.constraintEquations)
                     .arg(r.motionEquations)
                     .arg(r.loops.size())
                     .arg(r.components);
  const RankCheck rank = checkRank(model);
  if (rank.dof) {
    m_report.rankDof = *rank.dof;
    m_report.redundantEquations = static_cast<int>(rank.redundant.size());
    text += tr("<br><b>DOF (rank of the constraint Jacobian)</b>: %1, %2 redundant equation(s)%3")
                .arg(*rank.dof)
                .arg(rank.redundant.size())
                .arg(rank.assembled ? QString() : tr(" — at the initial positions (does not assemble)"));
  }
  if (cuts.known) {
    QStringList cut;
    for (const auto& [joint, reason] : m_cuts)
      cut << QStringLiteral("%1 (%2)").arg(QString::fromStdString(model.entityName(joint)),
                                           cutReasonText(reason));
    text += tr("<br><b>DMBS cut joints</b>: %1").arg(cut.isEmpty() ? tr("none (open tree)") : cut.join(", "));
  } else if (!cuts.why.isEmpty()) {
    text += tr("<br><b>DMBS cut joints</b>: not known — %1")
                .arg(translateSolverMessage(cuts.why).toHtmlEscaped());
  }
  m_summary->setText(text);
  m_problems.clear();

  m_issues->clear();
  for (std::size_t k = 0; k < r.loops.size(); ++k) {
    const auto& loop = r.loops[k];
    QStringList names;
    for (auto j : loop.joints)
      names << QString::fromStdString(model.entityName(j));
    const auto cut = m_cuts.find(loop.suggestedCut);
    const QString cutName = QString::fromStdString(model.entityName(loop.suggestedCut));
    auto* item = new QListWidgetItem(
        cut == m_cuts.end()
            ? tr("Loop %1: %2 — suggested cut: %3").arg(k + 1).arg(names.join(" → ")).arg(cutName)
            : tr("Loop %1: %2 — cut joint: %3 (%4)")
                  .arg(k + 1)
                  .arg(names.join(" → "), cutName, cutReasonText(cut->second)));
    item->setData(kListKindRole, static_cast<int>(core::EntityKind::Joint));
    item->setData(kListIdRole, loop.suggestedCut.value);
    m_issues->addItem(item);
  }
  for (const auto& issue : r.issues) {
    auto* item = new QListWidgetItem(
        QStringLiteral("⚠ %1").arg(translateSolverMessage(QString::fromStdString(issue.message))));
    item->setForeground(QColor("#c53030"));
    item->setData(kListKindRole, static_cast<int>(issue.entity.kind));
    item->setData(kListIdRole, issue.entity.id);
    m_issues->addItem(item);
    if (issue.entity.id != 0)
      m_problems.push_back(issue.entity);
  }
  for (const auto& equation : rank.redundant) {
    auto* item = new QListWidgetItem(tr("⚠ Redundant: %1").arg(translateSolverMessage(equation.description)));
    item->setForeground(QColor("#c05621"));
    item->setData(kListKindRole, static_cast<int>(equation.entity.kind));
    item->setData(kListIdRole, equation.entity.id);
    m_issues->addItem(item);
    if (equation.entity.id != 0)
      m_problems.push_back(equation.entity);
  }
  if (r.issues.empty() && r.loops.empty() && rank.redundant.empty())
    m_issues->addItem(tr("Open tree: no loops, no problems."));
  drawGraph();
  emit problemEntitiesChanged(m_problems);
}

void TopologyPanel::drawGraph()
{
  m_scene->clear();
  const core::Model& model = m_document.model();
  const auto& r = m_report;
  // Layered layout: the depth of each part in the spanning tree from ground; parts the tree does
  // not reach (disconnected) go to a last layer.
  // Depth: breadth first from the ground over the tree joints and the elastic links (a Flexible
  // Link's segments hang on their beams).
  std::map<core::PartId, std::vector<core::PartId>> adjacent;
  auto connect = [&](core::PartId a, core::PartId b) {
    adjacent[a].push_back(b);
    adjacent[b].push_back(a);
  };
  for (auto jointId : r.treeJoints)
    if (const core::Joint* j = model.joint(jointId))
      connect(model.partOf(j->iMarker), model.partOf(j->jMarker));
  for (const auto& link : r.elasticLinks)
    connect(link.a, link.b);
  std::map<core::PartId, int> depth{{core::kGroundId, 0}};
  for (std::vector<core::PartId> layer{core::kGroundId}, next; !layer.empty(); layer.swap(next), next.clear())
    for (core::PartId p : layer)
      for (core::PartId q : adjacent[p])
        if (depth.emplace(q, depth[p] + 1).second)
          next.push_back(q);
  int maxDepth = 0;
  for (const auto& [id, d] : depth)
    maxDepth = std::max(maxDepth, d);
  std::map<int, int> perLayer;
  std::map<core::PartId, QPointF> position;
  for (const auto& part : model.parts()) {
    const int d = depth.count(part.id) ? depth[part.id] : maxDepth + 1;
    position[part.id] = QPointF(170.0 * d, 90.0 * perLayer[d]++);
  }
  for (auto& [id, p] : position) {  // centre each layer vertically
    const int d = static_cast<int>(std::lround(p.x() / 170.0));
    p.setY(p.y() - 45.0 * (perLayer[d] - 1));
  }
  // The DMBS cuts (the user's and its own; primitives too) if known, else the loops' suggested cuts.
  std::map<core::JointId, solver::CutReason> cuts = m_cuts;
  for (const auto& loop : r.loops)
    cuts.emplace(loop.suggestedCut, solver::CutReason::ClosesLoop);
  std::set<core::JointId> tree;
  for (auto id : r.treeJoints)
    if (!cuts.count(id))
      tree.insert(id);
  std::map<std::pair<core::PartId, core::PartId>, int> parallel;  // bend parallel edges apart
  QPointF centroid(0, 0);
  for (const auto& [id, p] : position)
    centroid += p / static_cast<double>(position.size());
  for (const auto& joint : model.joints()) {
    if (core::isCoupler(joint.kind))
      continue;
    const core::PartId a = model.partOf(joint.iMarker), b = model.partOf(joint.jMarker);
    if (!position.count(a) || !position.count(b))
      continue;
    const QPointF pa = position[a], pb = position[b];
    const int n = parallel[{std::min(a, b), std::max(a, b)}]++;
    QPainterPath path(pa);
    const QPointF mid = (pa + pb) / 2.0;
    QPointF normal(-(pb - pa).y(), (pb - pa).x());
    const double len = std::hypot(normal.x(), normal.y());
    if (len > 0)
      normal /= len;
    // Loop-closing edges arc well clear of the tree edges they would otherwise cover: outwards, away
    // from the middle of the graph (bending inwards laid a four-bar's cut edge and its label over
    // the coupler's tree edge and label).
    if (!tree.count(joint.id) && QPointF::dotProduct(normal, mid - centroid) < 0.0)
      normal = -normal;
    const double chord = std::hypot(pb.x() - pa.x(), pb.y() - pa.y());
    const double bend = tree.count(joint.id) ? 30.0 * n * (n % 2 ? 1 : -1) : 40.0 + 0.35 * chord + 30.0 * n;
    const QPointF control = mid + normal * bend;
    path.quadTo(control, pb);
    const auto cut = cuts.find(joint.id);
    const bool isCut = cut != cuts.end();
    const bool userCut = isCut && cut->second == solver::CutReason::ConstraintElement;
    QPen pen(userCut                ? kUserCut
             : isCut                ? kAutomaticCut
             : tree.count(joint.id) ? kTreeJoint
                                    : QColor("#805ad5"),
             isCut ? 3 : 2);
    if (!tree.count(joint.id))
      pen.setStyle(Qt::DashLine);
    auto* edge = m_scene->addPath(path, pen);
    tag(edge, core::EntityRef(joint.id));
    edge->setToolTip(tr("%1 (%2)%3")
                         .arg(QString::fromStdString(joint.name), term(core::toString(joint.kind)),
                              isCut ? tr(" — cut joint (%1)").arg(cutReasonText(cut->second)) : QString()));
    QString labelText =
        QStringLiteral("%1\n%2").arg(QString::fromStdString(joint.name), term(core::toString(joint.kind)));
    if (isCut)
      labelText += QLatin1Char('\n') + tr("cut: %1").arg(cutReasonText(cut->second));
    auto* label = m_scene->addSimpleText(labelText);
    label->setBrush(pen.color());
    const QRectF box = label->boundingRect();
    if (isCut)  // three lines: outside the arc (which bends away from the graph), clear of the nodes
      label->setPos(0.5 * (mid + control) + normal * (0.5 * box.height() + 4) - box.center());
    else
      label->setPos(0.5 * (mid + control) - QPointF(box.width() / 2, 14));
    tag(label, core::EntityRef(joint.id));
  }
  for (const auto& link : r.elasticLinks) {
    if (!position.count(link.a) || !position.count(link.b))
      continue;
    auto* edge =
        m_scene->addLine(QLineF(position[link.a], position[link.b]), QPen(kElasticLink, 2, Qt::DotLine));
    tag(edge, core::EntityRef(link.force));
    const core::Force* force = model.force(link.force);
    edge->setToolTip(tr("%1 (%2): connects, not a joint")
                         .arg(QString::fromStdString(force ? force->name : std::string()),
                              force ? term(core::toString(force->kind)) : QString()));
  }
  for (const auto& part : model.parts()) {
    const QPointF p = position[part.id];
    const bool floating = !depth.count(part.id);
    auto* node =
        m_scene->addEllipse(-34, -20, 68, 40, QPen(floating ? QColor("#c53030") : QColor("#2d3748"), 2),
                            QBrush(part.ground ? QColor("#cbd5e0") : QColor("#bee3f8")));
    node->setPos(p);
    node->setZValue(1);
    tag(node, core::EntityRef(part.id));
    auto* text = m_scene->addSimpleText(QString::fromStdString(part.name), node->scene() ? QFont() : QFont());
    text->setParentItem(node);
    text->setPos(-text->boundingRect().width() / 2, -text->boundingRect().height() / 2);
    node->setToolTip(floating ? tr("%1: not connected to ground").arg(QString::fromStdString(part.name))
                              : QString::fromStdString(part.name));
  }
  m_scene->setSceneRect(m_scene->itemsBoundingRect().adjusted(-20, -20, 20, 20));
  m_view->fitInView(m_scene->sceneRect(), Qt::KeepAspectRatio);
}

}  // namespace mbs::ui
