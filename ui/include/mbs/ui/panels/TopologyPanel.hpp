#pragma once
// The Topology panel: core::analyzeTopology on the open model, redone on every change. The
// part/joint graph is drawn with parts as nodes and joints as edges (spanning-tree edges solid,
// loop-closing edges dashed, suggested cut joints red); the summary gives the Gruebler DOF and the
// rank DOF (from Φ_q of the assembled model), loops, disconnected parts and problems; redundant
// constraint equations are listed with their joints, which the 3-D view then draws in orange.
// Clicking a node, an edge or a listed problem selects it.
#include <QWidget>
#include <vector>

#include "mbs/core/Topology.hpp"

class QGraphicsScene;
class QGraphicsView;
class QLabel;
class QListWidget;

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
  QListWidget* m_issues;
  std::vector<core::EntityRef> m_problems;
};

}  // namespace mbs::ui
