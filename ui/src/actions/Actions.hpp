#pragma once
// Installers of the menu/toolbar actions; each action has one handler function in its file.
class QMenu;
class QString;
class QToolBar;

namespace mbs::ui {

class MainWindow;

void installFileActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installEditActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installViewActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installBuildActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
// Contacts and solids (issue 30): a contact opens for editing on a double-click in the model tree;
// a part's context menu (model tree, 3-D view) adds a solid to it.
void installSolidActions(MainWindow& window);
void installRunActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installSettingsActions(MainWindow& window, QMenu& menu);
void installToolsActions(MainWindow& window, QMenu& menu);
void installHelpActions(MainWindow& window, QMenu& menu);

// The bundled user guide in the interface language (docs/user-guide.md or docs/zh/user-guide.md,
// installed to share/doc/mbstudio); empty if absent.
QString userGuidePath();

// Asks Save / Don't Save / Cancel when the model has unsaved changes; true if the caller may go on
// (saved, or the user chose not to save). Used before New, Open and Quit.
bool confirmUnsavedChanges(MainWindow& window);
// File > Save: to the document's file, or through Save As for a new model or an imported dataset.
bool saveDocument(MainWindow& window);
// The folder of the bundled example models (installed share/mbstudio/models, else the source
// tree's resources/models); empty if neither exists.
QString bundledExamplesDirectory();
// Whether `path` is one of the bundled examples (saving it goes to Save As).
bool isBundledExample(const QString& path);

// Removes the selected entities with their dependents as one undo step; false if nothing removable.
bool deleteSelection(MainWindow& window);

}  // namespace mbs::ui
