#include "mbs/ui/panels/LogPanel.hpp"

#include <QCoreApplication>
#include <QTime>

namespace mbs::ui {

LogPanel::LogPanel(QWidget* parent) : QPlainTextEdit(parent)
{
  setObjectName("log");
  setReadOnly(true);
  setMaximumBlockCount(5000);
  setFont(QFont("monospace", 9));
}

void LogPanel::append(Level level, const QString& text)
{
  const char* colour = level == Level::Error ? "#c53030" : level == Level::Warning ? "#b7791f" : "#2d3748";
  const QString tag = level == Level::Error     ? QCoreApplication::translate("mbs::ui::LogPanel", "error")
                      : level == Level::Warning ? QCoreApplication::translate("mbs::ui::LogPanel", "warning")
                                                : QCoreApplication::translate("mbs::ui::LogPanel", "info");
  for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) {
    appendHtml(
        QStringLiteral("<span style='color:#718096'>%1</span> <span style='color:%2'><b>%3</b> %4</span>")
            .arg(QTime::currentTime().toString("HH:mm:ss"), colour, tag, line.toHtmlEscaped()));
  }
}

}  // namespace mbs::ui
