#pragma once
// Recently opened model files and the last directory used, kept in QSettings between runs.
#include <QStringList>

namespace mbs::ui::RecentFiles {

QStringList list();
void add(const QString& path);
QString lastDirectory();

}  // namespace mbs::ui::RecentFiles
