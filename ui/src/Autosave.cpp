#include "mbs/ui/Autosave.hpp"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <algorithm>

#include "mbs/core/ModelFile.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

const char* const kModelSuffix = ".mbs.json";
const char* const kInfoSuffix = ".info.json";
const char* const kLockSuffix = ".lock";

std::unique_ptr<QLockFile> makeLock(const QString& path)
{
  auto lock = std::make_unique<QLockFile>(path);
  // Stale only when the owning process is gone, never because a long session is old.
  lock->setStaleLockTime(0);
  return lock;
}

}  // namespace

Autosave::Autosave(Document& document, QObject* parent)
    : QObject(parent),
      m_document(document),
      m_id(QStringLiteral("session-%1-%2")
               .arg(QCoreApplication::applicationPid())
               .arg(QDateTime::currentMSecsSinceEpoch()))
{
  QDir().mkpath(recoveryDirectory());
  m_lock = makeLock(filePath(m_id, kLockSuffix));
  m_lock->tryLock(0);
  m_timer.setInterval(kDefaultIntervalMs);
  connect(&m_timer, &QTimer::timeout, this, &Autosave::saveNow);
  m_timer.start();
}

Autosave::~Autosave()
{
  removeOwnCopy();
  m_lock->unlock();
}

void Autosave::setInterval(int milliseconds)
{
  m_timer.start(milliseconds);
}

QString Autosave::recoveryDirectory()
{
  return QDir(QStandardPaths::writableLocation(QStandardPaths::AppConfigLocation)).filePath("recovery");
}

QString Autosave::filePath(const QString& id, const char* suffix) const
{
  return QDir(recoveryDirectory()).filePath(id + QString::fromLatin1(suffix));
}

QString Autosave::recoveryFile() const
{
  return filePath(m_id, kModelSuffix);
}

bool Autosave::saveNow()
{
  if (!m_document.isModified()) {
    removeOwnCopy();
    return true;
  }
  QDir().mkpath(recoveryDirectory());
  // Written aside and renamed, so a kill during the write leaves the previous copy whole.
  const QString target = recoveryFile();
  const QString partial = target + ".part";
  if (core::saveModel(m_document.model(), partial.toStdString())) {
    QFile::remove(partial);
    return false;
  }
  QFile::remove(target);
  if (!QFile::rename(partial, target))
    return false;
  QJsonObject info;
  // Absolute: the recovering session may start in another folder.
  info["original"] =
      m_document.filePath().isEmpty() ? QString() : QFileInfo(m_document.filePath()).absoluteFilePath();
  info["name"] = QString::fromStdString(m_document.model().name);
  info["saved"] = QDateTime::currentDateTime().toString(Qt::ISODateWithMs);
  QSaveFile file(filePath(m_id, kInfoSuffix));
  if (!file.open(QIODevice::WriteOnly))
    return false;
  file.write(QJsonDocument(info).toJson());
  if (!file.commit())
    return false;
  emit saved(target);
  return true;
}

void Autosave::removeOwnCopy()
{
  QFile::remove(filePath(m_id, kModelSuffix));
  QFile::remove(filePath(m_id, kInfoSuffix));
}

std::vector<RecoveryCopy> Autosave::orphanedCopies()
{
  std::vector<RecoveryCopy> copies;
  const QDir dir(recoveryDirectory());
  for (const QFileInfo& info : dir.entryInfoList({QStringLiteral("*") + kInfoSuffix}, QDir::Files)) {
    const QString id = info.fileName().chopped(static_cast<int>(qstrlen(kInfoSuffix)));
    if (id == m_id || !QFileInfo::exists(filePath(id, kModelSuffix)))
      continue;
    const bool alreadyHeld = std::any_of(m_orphanLocks.begin(), m_orphanLocks.end(),
                                         [&id](const auto& held) { return held.first == id; });
    if (!alreadyHeld) {
      auto lock = makeLock(filePath(id, kLockSuffix));
      if (!lock->tryLock(0))
        continue;  // its session is still running
      m_orphanLocks.emplace_back(id, std::move(lock));
    }
    QFile file(info.filePath());
    if (!file.open(QIODevice::ReadOnly))
      continue;
    const QJsonObject json = QJsonDocument::fromJson(file.readAll()).object();
    RecoveryCopy copy;
    copy.id = id;
    copy.modelFile = filePath(id, kModelSuffix);
    copy.originalPath = json["original"].toString();
    copy.modelName = json["name"].toString();
    copy.savedAt = QDateTime::fromString(json["saved"].toString(), Qt::ISODateWithMs);
    if (!copy.savedAt.isValid())
      copy.savedAt = QFileInfo(copy.modelFile).lastModified();
    copies.push_back(copy);
  }
  std::sort(copies.begin(), copies.end(),
            [](const RecoveryCopy& a, const RecoveryCopy& b) { return a.savedAt > b.savedAt; });
  return copies;
}

void Autosave::discard(const RecoveryCopy& copy)
{
  QFile::remove(filePath(copy.id, kModelSuffix));
  QFile::remove(filePath(copy.id, kInfoSuffix));
  keep(copy);  // and release its lock (which removes the lock file)
}

void Autosave::keep(const RecoveryCopy& copy)
{
  const auto it = std::find_if(m_orphanLocks.begin(), m_orphanLocks.end(),
                               [&copy](const auto& held) { return held.first == copy.id; });
  if (it != m_orphanLocks.end()) {
    it->second->unlock();
    m_orphanLocks.erase(it);
  }
}

}  // namespace mbs::ui
