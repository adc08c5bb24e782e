#pragma once
// Installers of the menu/toolbar actions; each action has one handler function in its file.
class QMenu;
class QToolBar;

namespace mbs::ui {

class MainWindow;

void installFileActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installEditActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installViewActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);
void installBuildActions(MainWindow& window, QMenu& menu, QToolBar& toolbar);

// Removes the selected entities with their dependents as one undo step; false if nothing removable.
bool deleteSelection(MainWindow& window);

}  // namespace mbs::ui
