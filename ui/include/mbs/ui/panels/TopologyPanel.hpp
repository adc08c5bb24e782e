#pragma once
// The Topology panel: core::analyzeTopology on the open model, redone on every change. The
// part/joint graph is drawn with parts as nodes and joints as edges (spanning-tree edges solid,
// loop-closing edges dashed, suggested cut joints red); the summary gives the Gruebler DOF, loops,
// disconnected parts and problems. Clicking a node, an edge or a listed problem selects it.
#include <QWidget>

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

private:
  void rebuild();
  void drawGraph();

  Document& m_document;
  core::TopologyReport m_report;
  QGraphicsScene* m_scene;
  QGraphicsView* m_view;
  QLabel* m_summary;
  QListWidget* m_issues;
};

}  // namespace mbs::ui
