#include "mbs/ui/RecentFiles.hpp"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace mbs::ui::RecentFiles {

constexpr int kMaxFiles = 10;

QStringList list()
{
  QStringList files;
  for (const QString& path : QSettings().value("recentFiles").toStringList())
    if (QFileInfo::exists(path))
      files << path;
  return files;
}

void add(const QString& path)
{
  const QString absolute = QFileInfo(path).absoluteFilePath();
  QStringList files = list();
  files.removeAll(absolute);
  files.prepend(absolute);
  while (files.size() > kMaxFiles)
    files.removeLast();
  QSettings settings;
  settings.setValue("recentFiles", files);
  settings.setValue("lastDirectory", QFileInfo(absolute).absolutePath());
}

QString lastDirectory()
{
  return QSettings().value("lastDirectory", QDir::homePath()).toString();
}

}  // namespace mbs::ui::RecentFiles
