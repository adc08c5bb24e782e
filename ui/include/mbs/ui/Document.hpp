#pragma once
// The open model as the GUI sees it: the core model and its undo stack, the file it came from,
// and the selection. Widgets observe it through signals; model edits go through commands.
#include <QObject>
#include <QString>
#include <functional>
#include <memory>
#include <vector>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/core/UndoStack.hpp"

namespace mbs::ui {

class Document : public QObject {
  Q_OBJECT
public:
  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  const core::Model& model() const { return *m_model; }
  QString filePath() const { return m_filePath; }
  QString displayName() const;
  // A restored recovery copy counts as unsaved work until it is saved.
  bool isModified() const { return !m_undo->isClean() || m_recovered; }

  void newModel();
  // Native model (.mbs.json), Adams dataset (.adm) or command file (.acf: its dataset, with the
  // first SIMULATE as the analysis settings) by extension. On failure the current model stays as
  // it was and `errors` lists file, line/field and reason, one per line. Adams input that changes
  // the physics but cannot be imported exactly is dropped only if `confirmDropped` (shown the list,
  // one per line) accepts; without it the open fails.
  bool open(const QString& path, QString* errors, QString* warnings = nullptr,
            const std::function<bool(const QString& dropped)>& confirmDropped = {});
  bool save(const QString& path, QString* error);
  // Loads an autosaved recovery copy as the work on `originalPath` (empty: never saved): the
  // document then names the original file and stays modified until saved.
  bool restoreRecovery(const QString& recoveryFile, const QString& originalPath, QString* errors);

  // Every model edit goes through here: applied, recorded for undo, and signalled. A refused edit
  // changes nothing and `error` gives the reasons in the rule's words (no file-format paths).
  bool execute(std::unique_ptr<core::Command> command, QString* error = nullptr);
  core::UndoStack& undoStack() { return *m_undo; }

  const std::vector<core::EntityRef>& selection() const { return m_selection; }
  // The entities the latest edit changed (valid while modelChanged is emitted; the model itself is
  // EntityRef{}: its settings, gravity, units).
  const std::vector<core::EntityRef>& lastChangedEntities() const { return m_lastChanged; }
  // True while modelChanged is emitted for an edit (or its undo/redo) that changed only the
  // display units: the model and its results are SI, so nothing physical changed.
  bool lastChangeOnlyDisplayUnits() const { return m_onlyDisplayUnits; }
  void setSelection(std::vector<core::EntityRef> selection);

signals:
  void modelReset();    // a different model (new/open): rebuild everything
  void modelChanged();  // the same model was edited
  void selectionChanged();
  void titleChanged();

private:
  void replaceModel(core::Model model, const QString& path);

  std::unique_ptr<core::Model>
      m_model;  // one object for the document's lifetime (the undo stack refers to it)
  std::unique_ptr<core::UndoStack> m_undo;
  QString m_filePath;
  std::vector<core::EntityRef> m_selection;
  bool m_recovered = false;
  std::vector<core::EntityRef> m_lastChanged;
  bool m_onlyDisplayUnits = false;
  std::string m_unitNames;  // the display units' names after the latest edit
};

}  // namespace mbs::ui
