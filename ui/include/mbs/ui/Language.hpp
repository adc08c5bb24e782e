#pragma once
// The interface language: English (the source language of every tr() string) or a translation
// compiled from ui/translations/mbstudio_<code>.ts. The choice is kept in QSettings ("language":
// empty = follow the system locale) and applied when mbstudio starts (Edit > Preferences).
#include <QString>
#include <QStringList>

class QCoreApplication;

namespace mbs::ui::Language {

// The saved choice: "" (system locale), "en" or a translation code such as "zh_CN".
QString setting();
void setSetting(const QString& code);

// The codes of the bundled translations besides English ("zh_CN").
QStringList translations();
// The language's own name ("English", "简体中文"), for the Preferences list.
QString nativeName(const QString& code);

// Installs the translators of `code` ("" = the saved setting, which if empty means the system
// locale) into the application: mbstudio's own strings and Qt's (standard buttons and dialogs).
// Returns the code of the language in use ("en" when no translation matches).
QString install(QCoreApplication& app, const QString& code = QString());

// The language in use since install() ("en" before).
QString current();

}  // namespace mbs::ui::Language
