#include "mbs/ui/dialogs/RequestDialog.hpp"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <algorithm>
#include <iterator>

#include "CommandTexts.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

using RK = core::RequestKind;
const RK kKinds[] = {RK::Displacement, RK::Velocity, RK::Acceleration, RK::Force, RK::Functions};

}  // namespace

RequestDialog::RequestDialog(Document& document, QWidget* parent)
    : BuildDialog(document, tr("Output requests"), parent)
{
  setObjectName("requestDialog");
  const core::Model& model = document.model();
  request = new QComboBox;
  request->setObjectName("requestList");
  remove = new QPushButton(tr("Delete"));
  auto* pick = new QWidget;
  auto* row = new QHBoxLayout(pick);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(request, 1);
  row->addWidget(remove);
  name = new QLineEdit;
  name->setPlaceholderText(tr("automatic"));
  type = new QComboBox;
  type->addItems({tr("Displacement (I relative to J)"), tr("Velocity (I relative to J)"),
                  tr("Acceleration (I relative to J)"), tr("Force (elements between I and J)"),
                  tr("Expressions F1 … F8")});
  iMarker = new EntityCombo(model, core::EntityKind::Marker);
  jMarker = new EntityCombo(model, core::EntityKind::Marker, true);
  referenceMarker = new EntityCombo(model, core::EntityKind::Marker, true);
  form()->addRow(tr("Request"), pick);
  form()->addRow(tr("Name"), name);
  form()->addRow(tr("Type"), type);
  form()->addRow(tr("I marker"), iMarker);
  form()->addRow(tr("J marker"), jMarker);
  form()->addRow(tr("Axes of (RM)"), referenceMarker);
  for (int k = 0; k < 8; ++k) {
    functions[k] = new QLineEdit;
    functions[k]->setObjectName(QStringLiteral("requestF%1").arg(k + 1));
    if (k == 0)
      functions[k]->setPlaceholderText(tr("e.g. DM(tip, pivot) or VX(slider_cm)*1000"));
    form()->addRow(QStringLiteral("F%1").arg(k + 1), functions[k]);
  }
  connect(request, &QComboBox::currentIndexChanged, this, &RequestDialog::showRequest);
  connect(type, &QComboBox::currentIndexChanged, this, &RequestDialog::updateForm);
  connect(remove, &QPushButton::clicked, this, &RequestDialog::removeRequest);
  // After an Apply, undo or redo the list may have changed: keep the edited request selected.
  connect(&document, &Document::modelChanged, this, [this] { fillRequests(name->text().trimmed()); });
  fillRequests({});
}

int RequestDialog::editedIndex() const
{
  const int row = request->currentIndex();
  return row >= 0 && row < static_cast<int>(document().model().requests.size()) ? row : -1;
}

void RequestDialog::fillRequests(const QString& select)
{
  const QSignalBlocker blocker(request);
  request->clear();
  for (const core::Request& r : document().model().requests)
    request->addItem(QString::fromStdString(r.name));
  request->addItem(tr("(new request)"));
  const int found = request->findText(select);
  request->setCurrentIndex(found >= 0 ? found : request->count() - 1);
  showRequest();
}

void RequestDialog::showRequest()
{
  const int index = editedIndex();
  const core::Request r = index >= 0 ? document().model().requests[index] : core::Request{};
  name->setText(QString::fromStdString(r.name));
  for (int k = 0; k < static_cast<int>(std::size(kKinds)); ++k)
    if (kKinds[k] == r.kind)
      type->setCurrentIndex(k);
  iMarker->select(core::EntityRef(r.iMarker));
  jMarker->select(core::EntityRef(r.jMarker));
  referenceMarker->select(core::EntityRef(r.referenceMarker));
  for (int k = 0; k < 8; ++k)
    functions[k]->setText(QString::fromStdString(r.functions[k]));
  remove->setEnabled(index >= 0);
  updateForm();
}

void RequestDialog::updateForm()
{
  const bool expressions = kKinds[std::max(0, type->currentIndex())] == RK::Functions;
  for (QWidget* w : {static_cast<QWidget*>(iMarker), static_cast<QWidget*>(jMarker),
                     static_cast<QWidget*>(referenceMarker)})
    form()->setRowVisible(w, !expressions);
  for (QLineEdit* f : functions)
    form()->setRowVisible(f, expressions);
  adjustSize();
}

std::unique_ptr<core::Command> RequestDialog::makeCommand(QString& error)
{
  const core::Model& model = document().model();
  std::vector<core::Request> requests = model.requests;
  const int index = editedIndex();
  core::Request r;
  r.kind = kKinds[std::max(0, type->currentIndex())];
  r.name = name->text().trimmed().toStdString();
  if (r.name.empty()) {  // REQUEST_1, REQUEST_2, ... as imported decks name them
    for (int n = 1; r.name.empty(); ++n) {
      const std::string candidate = "REQUEST_" + std::to_string(n);
      if (std::none_of(requests.begin(), requests.end(),
                       [&](const core::Request& o) { return o.name == candidate; }))
        r.name = candidate;
    }
  }
  if (!core::Model::isValidName(r.name)) {
    error = tr("Name '%1': use letters, digits and '_', starting with a letter.")
                .arg(QString::fromStdString(r.name));
    return nullptr;
  }
  for (std::size_t k = 0; k < requests.size(); ++k)
    if (static_cast<int>(k) != index && requests[k].name == r.name) {
      error = tr("Name '%1' is already used by another request.").arg(QString::fromStdString(r.name));
      return nullptr;
    }
  if (r.kind == RK::Functions) {
    bool any = false;
    for (int k = 0; k < 8; ++k) {
      r.functions[k] = functions[k]->text().trimmed().toStdString();
      any = any || !r.functions[k].empty();
    }
    if (!any) {
      error = tr("Type at least one expression (F1 … F8).");
      return nullptr;
    }
  } else {
    r.iMarker = core::MarkerId(iMarker->current().id);
    r.jMarker = core::MarkerId(jMarker->current().id);
    r.referenceMarker = core::MarkerId(referenceMarker->current().id);
    if (!model.marker(r.iMarker)) {
      error = tr("Choose the I marker: the request measures it.");
      return nullptr;
    }
  }
  if (index >= 0)
    r.comment = requests[index].comment;
  if (index >= 0)
    requests[index] = r;
  else
    requests.push_back(r);
  name->setText(QString::fromStdString(r.name));  // so the list keeps it selected after Apply
  return std::make_unique<core::SetRequests>(std::move(requests));
}

void RequestDialog::removeRequest()
{
  const int index = editedIndex();
  if (index < 0)
    return;
  std::vector<core::Request> requests = document().model().requests;
  requests.erase(requests.begin() + index);
  QString error;
  name->clear();
  if (!document().execute(std::make_unique<core::SetRequests>(std::move(requests)), &error))
    showMessage(error, true);
  else
    showMessage(tr("Done: %1").arg(commandText(document().undoStack().undoText())), false);
}

}  // namespace mbs::ui
