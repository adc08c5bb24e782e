#pragma once
// The main window: lays out the 3-D view and the dockable panels and owns the Document. Each user
// action is handled by its own small handler in ui/src/actions (ParaView's "reactions"), so this
// class stays a thin assembly of parts.
#include <QMainWindow>

namespace mbs::ui {

class Document;
class ModelView;
class ModelTreePanel;
class LogPanel;
class PropertyPanel;
class TopologyPanel;
class RunPanel;
class AnimationPanel;
class PlotPanel;
class SimulationResults;
class Autosave;

class MainWindow : public QMainWindow {
  Q_OBJECT
public:
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  Document& document() { return *m_document; }
  ModelView& modelView() { return *m_view; }
  ModelTreePanel& modelTree() { return *m_tree; }
  LogPanel& log() { return *m_log; }
  PropertyPanel& properties() { return *m_properties; }
  TopologyPanel& topology() { return *m_topology; }
  RunPanel& run() { return *m_run; }
  AnimationPanel& animation() { return *m_animation; }
  PlotPanel& plot() { return *m_plot; }
  SimulationResults& results() { return *m_results; }
  Autosave& autosave() { return *m_autosave; }

  // Opens a model file and reports errors in the log and a message box (unless `quiet`).
  bool openFile(const QString& path, bool quiet = false);
  // At start: offers to restore the copy autosaved by a session that did not exit cleanly (its
  // time and where it is kept). True if a copy was restored into the document.
  bool offerRecovery();

protected:
  void closeEvent(QCloseEvent* event) override;
  void showEvent(QShowEvent* event) override;

private:
  void createDocks();
  void createMenus();
  void updateTitle();
  void restoreLayout();
  void applyDefaultDockSizes();

  Document* m_document;
  ModelView* m_view;
  ModelTreePanel* m_tree;
  LogPanel* m_log;
  SimulationResults* m_results;
  PropertyPanel* m_properties;
  TopologyPanel* m_topology;
  RunPanel* m_run;
  AnimationPanel* m_animation;
  PlotPanel* m_plot;
  Autosave* m_autosave;
  bool m_defaultLayoutPending = false;  // no saved layout: size the docks once the window is shown
};

}  // namespace mbs::ui
