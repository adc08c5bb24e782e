#include "mbs/ui/Document.hpp"

#include <QFileInfo>
#include <algorithm>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/ModelFile.hpp"

namespace mbs::ui {
namespace {

QString joinDiagnostics(const core::Diagnostics& diagnostics)
{
  QStringList lines;
  for (const auto& d : diagnostics)
    lines << QString::fromStdString(d.toString());
  return lines.join('\n');
}

// Why an edit was refused, in the words of the rule ("part 'rod': mass must be positive"): the
// JSON-pointer fields are the file format's, not the user's; the editor names the field itself.
QString joinReasons(const core::Diagnostics& diagnostics)
{
  QStringList lines;
  for (const auto& d : diagnostics)
    if (!lines.contains(QString::fromStdString(d.reason)))
      lines << QString::fromStdString(d.reason);
  return lines.join('\n');
}

}  // namespace

Document::Document(QObject* parent)
    : QObject(parent),
      m_model(std::make_unique<core::Model>()),
      m_undo(std::make_unique<core::UndoStack>(*m_model))
{
  m_undo->subscribe([this](const core::ChangeEvent& event) {
    if (event.kind == core::ChangeKind::Reset)
      return;  // replaceModel signals modelReset itself
    // Drop selected entities that no longer exist (removed or undone additions).
    const auto gone = std::remove_if(m_selection.begin(), m_selection.end(),
                                     [this](const core::EntityRef& ref) { return !m_model->contains(ref); });
    const bool selectionShrank = gone != m_selection.end();
    m_selection.erase(gone, m_selection.end());
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

void Document::replaceModel(core::Model model, const QString& path)
{
  *m_model = std::move(model);
  m_filePath = path;
  m_recovered = false;
  m_selection.clear();
  m_undo->clear();
  m_undo->setClean();
  m_undo->notifyReset();
  emit modelReset();
  emit selectionChanged();
  emit titleChanged();
}

void Document::newModel()
{
  replaceModel(core::Model(), QString());
}

bool Document::open(const QString& path, QString* errors, QString* warnings)
{
  const std::string file = path.toStdString();
  if (path.endsWith(".adm", Qt::CaseInsensitive)) {
    core::AdmImportResult result = core::importAdm(file);
    if (!result.ok()) {
      if (errors)
        *errors = joinDiagnostics(result.errors);
      return false;
    }
    if (warnings)
      *warnings = joinDiagnostics(result.warnings);
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
      *error = QString::fromStdString(failure->toString());
    return false;
  }
  m_filePath = path;
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
  replaceModel(std::move(*result.model), originalPath);
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
