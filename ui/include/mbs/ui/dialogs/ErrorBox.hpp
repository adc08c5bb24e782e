#pragma once
// Error boxes whose text may be long or hostile (every error of a refused file, a binary or UTF-16
// file quoted back): the box shows the first lines, each cut to a readable width, and the whole
// text in its scrollable "Show Details" area, so it never grows past the screen (issue 29).
#include <QString>

class QWidget;

namespace mbs::ui {

// The summary shown in the box: at most maxLines lines of at most maxColumns characters, control
// characters shown as '?', and a last line saying how much more the details hold. Equal to the
// text when it is short.
QString errorSummary(const QString& text, int maxLines = 12, int maxColumns = 160);

// A modal critical box (object name `objectName`) with `text` summarized; the whole text is in the
// details when the summary leaves anything out. Its size is capped to the parent's screen.
void showErrorBox(QWidget* parent, const QString& title, const QString& text,
                  const QString& objectName = QStringLiteral("errorBox"));

}  // namespace mbs::ui
