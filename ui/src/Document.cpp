#include "mbs/ui/Document.hpp"

#include <QFileInfo>
#include <algorithm>

#include <cmath>

#include "FileMessages.hpp"
#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/ModelFile.hpp"

namespace mbs::ui {
namespace {

// "file:line: field: reason" with the reason in the interface language (a file's problems and a
// model check's both reach the user here).
QString joinDiagnostics(const core::Diagnostics& diagnostics)
{
  QStringList lines;
  for (const auto& d : diagnostics)
    lines << describeDiagnostic(d);
  return lines.join('\n');
}

// Why an edit was refused, in the words of the rule ("part 'rod': mass must be positive") and the
// interface language: the JSON-pointer fields are the file format's, not the user's; the editor
// names the field itself.
QString joinReasons(const core::Diagnostics& diagnostics)
{
  QStringList lines;
  for (const auto& d : diagnostics) {
    const QString reason = translateReason(d.reason);
    if (!lines.contains(reason))
      lines << reason;
  }
  return lines.join('\n');
}

std::string unitNames(const core::UnitSystem& u)
{
  return u.lengthName + ' ' + u.massName + ' ' + u.timeName + ' ' + u.forceName + ' ' + u.angleName;
}

}  // namespace

Document::Document(QObject* parent)
    : QObject(parent),
      m_model(std::make_unique<core::Model>()),
      m_undo(std::make_unique<core::UndoStack>(*m_model)),
      m_unitNames(unitNames(m_model->displayUnits))
{
  m_undo->subscribe([this](const core::ChangeEvent& event) {
    if (event.kind == core::ChangeKind::Reset)
      return;  // replaceModel signals modelReset itself
    // Drop selected entities that no longer exist (removed or undone additions).
    const auto gone = std::remove_if(m_selection.begin(), m_selection.end(),
                                     [this](const core::EntityRef& ref) { return !m_model->contains(ref); });
    const bool selectionShrank = gone != m_selection.end();
    m_selection.erase(gone, m_selection.end());
    m_lastChanged = event.entities;
    // Only the Units dialog's edit changes the display units, and it changes nothing else (one
    // property of the model's settings); its undo restores them alone.
    const std::string units = unitNames(m_model->displayUnits);
    m_onlyDisplayUnits =
        units != m_unitNames && !m_lastChanged.empty() &&
        std::all_of(m_lastChanged.begin(), m_lastChanged.end(),
                    [](const core::EntityRef& ref) { return ref.kind == core::EntityKind::Model; });
    m_unitNames = units;
    emit modelChanged();
    emit titleChanged();
    if (selectionShrank)
      emit selectionChanged();
  });
}

Document::~Document() = default;

QString Document::displayName() const
{
  return m_filePath.isEmpty() ? QString::fromStdString(m_model->name) : QFileInfo(m_filePath).fileName();
}

namespace {

// Absolute, so a later Save (or crash recovery started from another folder) writes the same file
// whatever the working folder is then.
QString absolutePath(const QString& path)
{
  return path.isEmpty() ? QString() : QFileInfo(path).absoluteFilePath();
}

}  // namespace

void Document::replaceModel(core::Model model, const QString& path)
{
  *m_model = std::move(model);
  m_filePath = absolutePath(path);
  m_recovered = false;
  m_selection.clear();
  m_undo->clear();
  m_undo->setClean();
  m_undo->notifyReset();
  m_unitNames = unitNames(m_model->displayUnits);
  m_onlyDisplayUnits = false;
  emit modelReset();
  emit selectionChanged();
  emit titleChanged();
}

void Document::newModel()
{
  replaceModel(core::Model(), QString());
}

bool Document::open(const QString& path, QString* errors, QString* warnings,
                    const std::function<bool(const QString& dropped)>& confirmDropped)
{
  const std::string file = path.toStdString();
  if (path.endsWith(".adm", Qt::CaseInsensitive) || path.endsWith(".acf", Qt::CaseInsensitive)) {
    // Imported with what cannot be imported exactly dropped, which the user then accepts or not.
    const bool commandFile = path.endsWith(".acf", Qt::CaseInsensitive);
    core::AdamsCommandFile acf;
    if (commandFile)
      acf = core::readAdamsCommandFile(file, {.allowUnsupported = true});
    else
      acf.dataset = core::importAdm(file, {.allowUnsupported = true});
    core::AdmImportResult& result = acf.dataset;
    core::Diagnostics failures = result.errors, dropped = result.dropped, notes = result.warnings;
    failures.insert(failures.end(), acf.errors.begin(), acf.errors.end());
    dropped.insert(dropped.end(), acf.dropped.begin(), acf.dropped.end());
    notes.insert(notes.end(), acf.warnings.begin(), acf.warnings.end());
    if (!result.ok() || !failures.empty()) {
      if (errors)
        *errors = joinDiagnostics(failures);
      return false;
    }
    if (!dropped.empty() && (!confirmDropped || !confirmDropped(joinDiagnostics(dropped)))) {
      if (errors)
        *errors = tr("not imported: these would be left out although they change the physics:\n") +
                  joinDiagnostics(dropped);
      return false;
    }
    if (commandFile)
      // The model and settings of the first SIMULATE (with the commands before it); mbsolve runs all.
      *result.model = core::modelForFirstSimulate(acf, notes);
    if (warnings)
      *warnings = joinDiagnostics(notes);
    replaceModel(std::move(*result.model), path);
    return true;
  }
  core::LoadResult result = core::loadModel(file);
  if (!result.ok()) {
    if (errors)
      *errors = joinDiagnostics(result.errors);
    return false;
  }
  replaceModel(std::move(*result.model), path);
  return true;
}

bool Document::save(const QString& path, QString* error)
{
  if (auto failure = core::saveModel(*m_model, path.toStdString())) {
    if (error)
      *error = joinDiagnostics({*failure});
    return false;
  }
  m_filePath = absolutePath(path);
  m_recovered = false;
  m_undo->setClean();
  emit titleChanged();
  return true;
}

bool Document::restoreRecovery(const QString& recoveryFile, const QString& originalPath, QString* errors)
{
  core::LoadResult result = core::loadModel(recoveryFile.toStdString());
  if (!result.ok()) {
    if (errors)
      *errors = joinDiagnostics(result.errors);
    return false;
  }
  // Recovery data of older versions may hold a relative path: relative to a folder no longer
  // known, so the recovered model is treated as unsaved (Save asks where) rather than written
  // over an unrelated file.
  replaceModel(std::move(*result.model), QFileInfo(originalPath).isAbsolute() ? originalPath : QString());
  m_recovered = true;
  emit titleChanged();
  return true;
}

bool Document::execute(std::unique_ptr<core::Command> command, QString* error)
{
  core::Diagnostics diagnostics;
  if (!m_undo->push(std::move(command), &diagnostics)) {
    if (error)
      *error = joinReasons(diagnostics);
    return false;
  }
  return true;
}

void Document::setSelection(std::vector<core::EntityRef> selection)
{
  if (selection == m_selection)
    return;
  m_selection = std::move(selection);
  emit selectionChanged();
}

}  // namespace mbs::ui
