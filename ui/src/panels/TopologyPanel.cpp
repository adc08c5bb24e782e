#include "mbs/ui/panels/TopologyPanel.hpp"

#include <QGraphicsEllipseItem>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QLabel>
#include <QListWidget>
#include <QMouseEvent>
#include <QPainterPath>
#include <QSplitter>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "RankCheck.hpp"
#include "SolverMessages.hpp"
#include "Terms.hpp"
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

// Emits the entity of the item clicked in the graph.
class GraphView : public QGraphicsView {
public:
  GraphView(QGraphicsScene* scene, Document& document) : QGraphicsView(scene), m_document(document)
  {
    setRenderHint(QPainter::Antialiasing);
  }

protected:
  void mousePressEvent(QMouseEvent* event) override
  {
    QGraphicsItem* item = itemAt(event->pos());
    while (item && !item->data(kEntityIdRole).isValid())
      item = item->parentItem();
    if (item)
      m_document.setSelection(
          {core::EntityRef(static_cast<core::EntityKind>(item->data(kEntityKindRole).toInt()),
                           item->data(kEntityIdRole).toUInt())});
    QGraphicsView::mousePressEvent(event);
  }
  void resizeEvent(QResizeEvent* event) override
  {
    QGraphicsView::resizeEvent(event);
    fitInView(scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20), Qt::KeepAspectRatio);
  }

private:
  Document& m_document;
};

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
  m_view = new GraphView(m_scene, document);
  m_view->setMinimumHeight(160);
  splitter->addWidget(m_view);
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

void TopologyPanel::rebuild()
{
  const core::Model& model = m_document.model();
  m_report = core::analyzeTopology(model);
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
  m_summary->setText(text);
  m_problems.clear();

  m_issues->clear();
  for (std::size_t k = 0; k < r.loops.size(); ++k) {
    const auto& loop = r.loops[k];
    QStringList names;
    for (auto j : loop.joints)
      names << QString::fromStdString(model.entityName(j));
    auto* item = new QListWidgetItem(tr("Loop %1: %2 — suggested cut: %3")
                                         .arg(k + 1)
                                         .arg(names.join(" → "))
                                         .arg(QString::fromStdString(model.entityName(loop.suggestedCut))));
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
  std::map<core::PartId, int> depth{{core::kGroundId, 0}};
  for (auto jointId : r.treeJoints) {
    const core::Joint* j = model.joint(jointId);
    if (!j)
      continue;
    const core::PartId a = model.partOf(j->iMarker), b = model.partOf(j->jMarker);
    if (depth.count(a) && !depth.count(b))
      depth[b] = depth[a] + 1;
    else if (depth.count(b) && !depth.count(a))
      depth[a] = depth[b] + 1;
  }
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
  std::set<core::JointId> tree(r.treeJoints.begin(), r.treeJoints.end());
  std::set<core::JointId> cuts;
  for (const auto& loop : r.loops)
    cuts.insert(loop.suggestedCut);
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
    const bool isCut = cuts.count(joint.id) > 0;
    QPen pen(isCut                  ? QColor("#c53030")
             : tree.count(joint.id) ? QColor("#2d3748")
                                    : QColor("#805ad5"),
             isCut ? 3 : 2);
    if (!tree.count(joint.id))
      pen.setStyle(Qt::DashLine);
    auto* edge = m_scene->addPath(path, pen);
    tag(edge, core::EntityRef(joint.id));
    edge->setToolTip(tr("%1 (%2)%3")
                         .arg(QString::fromStdString(joint.name), term(core::toString(joint.kind)),
                              isCut ? tr(" — suggested cut joint") : QString()));
    auto* label = m_scene->addSimpleText(
        QStringLiteral("%1\n%2").arg(QString::fromStdString(joint.name), term(core::toString(joint.kind))));
    label->setBrush(pen.color());
    label->setPos(0.5 * (mid + control) - QPointF(label->boundingRect().width() / 2, 14));
    tag(label, core::EntityRef(joint.id));
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
