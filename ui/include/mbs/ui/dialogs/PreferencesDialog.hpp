#pragma once
// Edit > Preferences: the interface language (system locale, English or a bundled translation).
// The choice is saved at once and takes effect when mbstudio is started again.
#include <QDialog>

class QComboBox;
class QLabel;

namespace mbs::ui {

class PreferencesDialog : public QDialog {
  Q_OBJECT
public:
  explicit PreferencesDialog(QWidget* parent = nullptr);
  void accept() override;

private:
  QComboBox* m_language;
  QLabel* m_note;
};

}  // namespace mbs::ui
