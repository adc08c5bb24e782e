#include "mbs/ui/Language.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace mbs::ui::Language {
namespace {

QString g_current = QStringLiteral("en");

// Installed .qm files (share/mbstudio/translations) take precedence over the embedded ones, so a
// corrected translation can be dropped in without rebuilding; the build tree uses the embedded copy.
QStringList searchPaths()
{
  const QDir app(QCoreApplication::applicationDirPath());
  return {app.filePath("../share/mbstudio/translations"), QStringLiteral(":/i18n")};
}

// The first bundled translation that the locale's UI languages ask for, or "en".
QString match(const QLocale& locale)
{
  for (QString language : locale.uiLanguages()) {
    language.replace('-', '_');
    if (language == "en" || language.startsWith("en_"))
      return QStringLiteral("en");
    for (const QString& code : translations()) {
      const QString base = code.section('_', 0, 0);
      // zh, zh_CN, zh_Hans, zh_Hans_CN, zh_SG ask for Simplified Chinese; zh_TW and zh_Hant do not.
      if (language == code || language == base + "_Hans" || language.startsWith(base + "_Hans_") ||
          (language == base) || language == base + "_SG")
        return code;
    }
  }
  return QStringLiteral("en");
}

}  // namespace

QString setting()
{
  return QSettings().value("language").toString();
}

void setSetting(const QString& code)
{
  QSettings().setValue("language", code);
}

QStringList translations()
{
  return {QStringLiteral("zh_CN")};
}

QString nativeName(const QString& code)
{
  if (code == "zh_CN")
    return QStringLiteral("简体中文");
  return QStringLiteral("English");
}

QString install(QCoreApplication& app, const QString& requested)
{
  QString code = requested.isEmpty() ? setting() : requested;
  code = match(code.isEmpty() ? QLocale::system() : QLocale(code));
  g_current = QStringLiteral("en");
  if (code == "en")
    return g_current;
  auto* own = new QTranslator(&app);
  bool loaded = false;
  for (const QString& dir : searchPaths())
    if ((loaded = own->load(QStringLiteral("mbstudio_") + code, dir)))
      break;
  if (!loaded) {
    delete own;
    return g_current;
  }
  QCoreApplication::installTranslator(own);
  // Qt's own strings: the buttons of message boxes and the file dialogs.
  auto* qt = new QTranslator(&app);
  if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QCoreApplication::installTranslator(qt);
  else
    delete qt;
  g_current = code;
  return g_current;
}

QString current()
{
  return g_current;
}

}  // namespace mbs::ui::Language
