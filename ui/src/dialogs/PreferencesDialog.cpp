#include "mbs/ui/dialogs/PreferencesDialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

#include "mbs/ui/Language.hpp"

namespace mbs::ui {

PreferencesDialog::PreferencesDialog(QWidget* parent) : QDialog(parent)
{
  setObjectName("preferencesDialog");
  setWindowTitle(tr("Preferences"));
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_language = new QComboBox;
  m_language->setObjectName("preferencesLanguage");
  m_language->addItem(tr("System default"), QString());
  m_language->addItem(Language::nativeName("en"), QStringLiteral("en"));
  for (const QString& code : Language::translations())
    m_language->addItem(Language::nativeName(code), code);
  m_language->setCurrentIndex(std::max(0, m_language->findData(Language::setting())));
  form->addRow(tr("Interface language"), m_language);
  layout->addLayout(form);
  m_note =
      new QLabel(tr("The language changes when mbstudio is started again. The command-line "
                    "solver mbsolve always writes English."));
  m_note->setWordWrap(true);
  layout->addWidget(m_note);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &PreferencesDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  setMinimumWidth(420);
}

void PreferencesDialog::accept()
{
  Language::setSetting(m_language->currentData().toString());
  QDialog::accept();
}

}  // namespace mbs::ui
