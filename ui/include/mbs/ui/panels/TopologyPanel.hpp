#pragma once
// The Topology panel: core::analyzeTopology on the open model, redone on every change. The
// part/joint graph is drawn with parts as nodes and joints as edges (spanning-tree edges solid, the
// joints the DMBS formulation cuts dashed: the user's constraint elements red, its own choices
// orange; a joint's context menu marks or unmarks it as a constraint element, DMBS manual §2.4.2);
// the summary gives the Gruebler DOF and the
// rank DOF (from Φ_q of the assembled model), loops, disconnected parts and problems; redundant
// constraint equations are listed with their joints, which the 3-D view then draws in orange.
// Clicking a node, an edge or a listed problem selects it.
#include <QWidget>
#include <map>
#include <vector>

#include "mbs/core/Topology.hpp"
#include "mbs/solver/DmbsTree.hpp"

class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QListWidget;
class QMenu;

namespace mbs::ui {

class Document;

class TopologyPanel : public QWidget {
  Q_OBJECT
public:
  explicit TopologyPanel(Document& document, QWidget* parent = nullptr);

  const core::TopologyReport& report() const { return m_report; }
  QString summary() const;
  QGraphicsScene* graph() const { return m_scene; }
  QListWidget* issues() const { return m_issues; }
  // Entities with a problem: joints with redundant equations, disconnected parts, broken joints.
  const std::vector<core::EntityRef>& problemEntities() const { return m_problems; }
  // The joints a DMBS run will cut and why (empty if the model does not compile).
  const std::map<core::JointId, solver::CutReason>& dmbsCuts() const { return m_cuts; }
  // A joint edge's context menu: "Constraint element (cut joint)", checkable. The caller owns it.
  QMenu* jointMenu(core::JointId joint, QWidget* parent);
  // Marks or unmarks the joint (one undo step); a refusal is shown above the graph. False if refused.
  bool setConstraintElement(core::JointId joint, bool marked);

signals:
  void problemEntitiesChanged(const std::vector<core::EntityRef>& entities);

private:
  void rebuild();
  void drawGraph();

  Document& m_document;
  core::TopologyReport m_report;
  QGraphicsScene* m_scene;
  QGraphicsView* m_view;
  QLabel* m_summary;
  QLabel* m_legend;
  QLabel* m_refusal;  // why the last mark/unmark from the graph was refused
  QListWidget* m_issues;
  std::map<core::JointId, solver::CutReason> m_cuts;
  std::vector<core::EntityRef> m_problems;
};

}  // namespace mbs::ui
