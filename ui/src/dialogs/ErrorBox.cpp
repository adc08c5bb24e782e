#include "mbs/ui/dialogs/ErrorBox.hpp"

#include <QGuiApplication>
#include <QMessageBox>
#include <QScreen>
#include <QStringList>
#include <QTextEdit>
#include <QTimer>
#include <QWidget>

namespace mbs::ui {
namespace {

// Control characters (the NULs of a UTF-16 file, bytes of a binary one) as '?': they have no glyph
// and some make the text engine lay out a line per character.
QString printable(const QString& line)
{
  QString out = line;
  for (QChar& c : out)
    if (c != '\n' && (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format ||
                      c == QChar::ReplacementCharacter))
      c = '?';
  return out;
}

}  // namespace

QString errorSummary(const QString& text, int maxLines, int maxColumns)
{
  const QStringList lines = text.split('\n');
  QStringList shown;
  bool cut = false;
  for (int k = 0; k < lines.size() && k < maxLines; ++k) {
    QString line = printable(lines[k]);
    if (line.size() > maxColumns) {
      line = line.left(maxColumns) + QStringLiteral("…");
      cut = true;
    }
    shown << line;
  }
  if (lines.size() > maxLines) {
    shown << QObject::tr("… and %1 more lines: see Show Details.").arg(lines.size() - maxLines);
    cut = true;
  } else if (cut) {
    shown << QObject::tr("(Long lines are cut: see Show Details.)");
  }
  return cut ? shown.join('\n') : printable(text);
}

void showErrorBox(QWidget* parent, const QString& title, const QString& text, const QString& objectName)
{
  const QString summary = errorSummary(text);
  QMessageBox box(QMessageBox::Critical, title, summary, QMessageBox::Ok, parent);
  box.setObjectName(objectName);
  box.setTextInteractionFlags(Qt::TextSelectableByMouse);
  if (summary != text)
    box.setDetailedText(printable(text));
  // The details area scrolls; the box itself stays within the screen even when they are open.
  const QScreen* screen = parent && parent->screen() ? parent->screen() : QGuiApplication::primaryScreen();
  if (screen) {
    const QSize available = screen->availableGeometry().size();
    box.setMaximumSize(available.width() * 9 / 10, available.height() * 9 / 10);
    if (auto* details = box.findChild<QTextEdit*>())
      details->setMaximumHeight(available.height() / 3);
  }
  box.exec();
}

}  // namespace mbs::ui
