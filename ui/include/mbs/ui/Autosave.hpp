#pragma once
// Crash insurance for the open document: while it has unsaved changes, a recovery copy is written
// beside the user's settings (QStandardPaths::AppConfigLocation/recovery) every minute and before
// each run. A clean exit removes it. Each session holds a QLockFile next to its copy, so a later
// start can tell a copy whose session died (killed, crashed) from one of a session still running.
#include <QDateTime>
#include <QLockFile>
#include <QObject>
#include <QString>
#include <QTimer>
#include <memory>
#include <vector>

namespace mbs::ui {

class Document;

// A recovery copy left by a session that did not exit cleanly.
struct RecoveryCopy {
  QString id;            // session id: the copy is <id>.mbs.json, its description <id>.info.json
  QString modelFile;     // the autosaved model
  QString originalPath;  // the file the user was editing (empty: never saved)
  QString modelName;
  QDateTime savedAt;
};

class Autosave : public QObject {
  Q_OBJECT
public:
  static constexpr int kDefaultIntervalMs = 60'000;

  explicit Autosave(Document& document, QObject* parent = nullptr);
  ~Autosave() override;  // a clean exit: this session's copy is removed

  void setInterval(int milliseconds);
  int interval() const { return m_timer.interval(); }
  // Writes the recovery copy now if the document has unsaved changes, or removes it if there are
  // none (the file on disk is then the user's work). False if the copy could not be written.
  bool saveNow();
  QString recoveryFile() const;  // this session's copy (may not exist yet)

  static QString recoveryDirectory();
  // Copies of sessions that ended without a clean exit, newest first. Each is locked for this
  // session until it is restored or discarded, so two starts do not offer the same copy.
  std::vector<RecoveryCopy> orphanedCopies();
  // Deletes an orphaned copy (after restoring it, or when the user declines it).
  void discard(const RecoveryCopy& copy);
  // Leaves an orphaned copy on disk to be offered again at the next start.
  void keep(const RecoveryCopy& copy);

signals:
  void saved(const QString& path);

private:
  void removeOwnCopy();
  QString filePath(const QString& id, const char* suffix) const;

  Document& m_document;
  QTimer m_timer;
  QString m_id;
  std::unique_ptr<QLockFile> m_lock;
  std::vector<std::pair<QString, std::unique_ptr<QLockFile>>> m_orphanLocks;
};

}  // namespace mbs::ui
