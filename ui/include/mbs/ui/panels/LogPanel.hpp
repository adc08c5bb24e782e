#pragma once
// Messages, warnings and errors of file operations and analyses, newest last.
#include <QPlainTextEdit>

namespace mbs::ui {

class LogPanel : public QPlainTextEdit {
  Q_OBJECT
public:
  enum class Level { Info, Warning, Error };
  explicit LogPanel(QWidget* parent = nullptr);

  void append(Level level, const QString& text);
  void info(const QString& text) { append(Level::Info, text); }
  void warning(const QString& text) { append(Level::Warning, text); }
  void error(const QString& text) { append(Level::Error, text); }
};

}  // namespace mbs::ui
