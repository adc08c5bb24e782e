// Build ▸ System Elements: transfer functions (TFSISO), linear state equations (LSE) and a control
// plant's inputs and outputs (PINPUT, POUTPUT). A TFSISO or LSE is applied as its states (DIFFs),
// its matrices and its output VARIABLEs in one undo step: the outputs being replaced read 0 first,
// the lists are set (core::SetSystemElements, checked as a whole), then the outputs get their
// functions (added, changed or removed).
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QRegularExpression>
#include <algorithm>
#include <set>

#include "LinearSystems.hpp"
#include "mbs/core/SystemElementCommands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/dialogs/SystemElementsDialog.hpp"

namespace mbs::ui {
namespace ls = linear_systems;

namespace {

// An element's output VARIABLEs in the model: <name> (TFSISO), <name>_y<k> (LSE).
std::vector<std::string> outputsOf(const core::Model& model, const std::string& element, bool transfer)
{
  std::vector<std::string> out;
  if (transfer) {
    if (model.findVariable(element).valid())
      out.push_back(element);
    return out;
  }
  for (int k = 1; model.findVariable(element + "_y" + std::to_string(k)).valid(); ++k)
    out.push_back(element + "_y" + std::to_string(k));
  return out;
}

std::vector<std::string> split(const QString& text, const QString& separator)
{
  std::vector<std::string> out;
  for (const QString& item : text.split(QRegularExpression(separator), Qt::SkipEmptyParts))
    if (!item.trimmed().isEmpty())
      out.push_back(item.trimmed().toStdString());
  return out;
}

}  // namespace

bool SystemElementsDialog::linearKind() const
{
  return currentKind() >= Kind::TransferFunction;
}

int SystemElementsDialog::linearCount() const
{
  const core::Model& model = document().model();
  switch (currentKind()) {
    case Kind::TransferFunction:
      return int(ls::transferFunctions(model).size());
    case Kind::StateEquations:
      return int(ls::stateEquations(model).size());
    case Kind::PlantInput:
      return int(model.plantInputs.size());
    case Kind::PlantOutput:
      return int(model.plantOutputs.size());
    default:
      return 0;
  }
}

void SystemElementsDialog::fillLinearElements()
{
  const core::Model& model = document().model();
  switch (currentKind()) {
    case Kind::TransferFunction:
      for (const auto& tf : ls::transferFunctions(model))
        element->addItem(QString::fromStdString(tf.name));
      element->addItem(tr("(new transfer function)"));
      break;
    case Kind::StateEquations:
      for (const auto& lse : ls::stateEquations(model))
        element->addItem(QString::fromStdString(lse.name));
      element->addItem(tr("(new state equations)"));
      break;
    default: {
      const bool in = currentKind() == Kind::PlantInput;
      for (const core::PlantPort& p : in ? model.plantInputs : model.plantOutputs)
        element->addItem(QString::fromStdString(p.name));
      element->addItem(in ? tr("(new plant input)") : tr("(new plant output)"));
    }
  }
}

void SystemElementsDialog::showLinearElement(int index)
{
  const core::Model& model = document().model();
  if (currentKind() == Kind::TransferFunction) {
    const auto all = ls::transferFunctions(model);
    const ls::TransferFunction tf = index >= 0 ? all[std::size_t(index)] : ls::TransferFunction{};
    name->setText(QString::fromStdString(tf.name));
    numerator->setText(ls::numbersText(tf.numerator));
    denominator->setText(ls::numbersText(tf.denominator));
    inputs->setText(QString::fromStdString(tf.input));
    staticHold->setChecked(tf.staticHold);
  } else if (currentKind() == Kind::StateEquations) {
    const auto all = ls::stateEquations(model);
    const ls::StateEquations lse = index >= 0 ? all[std::size_t(index)] : ls::StateEquations{};
    name->setText(QString::fromStdString(lse.name));
    QStringList u;
    for (const std::string& input : lse.inputs)
      u << QString::fromStdString(input);
    inputs->setText(u.join("; "));
    matrixA->setText(ls::matrixText(lse.a));
    matrixB->setText(ls::matrixText(lse.b));
    matrixC->setText(ls::matrixText(lse.c));
    matrixD->setText(ls::matrixText(lse.d));
    initialStates->setText(ls::numbersText(lse.initial));
    staticHold->setChecked(lse.staticHold);
  } else {
    const auto& ports = currentKind() == Kind::PlantInput ? model.plantInputs : model.plantOutputs;
    const core::PlantPort p = index >= 0 ? ports[std::size_t(index)] : core::PlantPort{};
    name->setText(QString::fromStdString(p.name));
    QStringList names;
    for (const std::string& v : p.variables)
      names << QString::fromStdString(v);
    plantVariables->setText(names.join(", "));
    description->setText(QString::fromStdString(p.description));
  }
}

std::unique_ptr<core::Command> SystemElementsDialog::makeLinearCommand(const std::string& elementName,
                                                                       int index, QString& error)
{
  const core::Model& model = document().model();
  core::SystemElementLists lists = core::SystemElementLists::of(model);
  if (currentKind() == Kind::PlantInput || currentKind() == Kind::PlantOutput) {
    auto& ports = currentKind() == Kind::PlantInput ? lists.plantInputs : lists.plantOutputs;
    core::PlantPort p = index >= 0 ? ports[std::size_t(index)] : core::PlantPort{};
    p.name = elementName;
    p.variables = split(plantVariables->text(), "[,\\s]+");
    p.description = description->text().toStdString();
    if (p.variables.empty()) {
      error = tr("Name the VARIABLEs of the plant %1, in order, separated by commas.")
                  .arg(currentKind() == Kind::PlantInput ? tr("input") : tr("output"));
      return nullptr;
    }
    if (index >= 0)
      ports[std::size_t(index)] = p;
    else
      ports.push_back(p);
    return std::make_unique<core::SetSystemElements>(std::move(lists));
  }

  // The element being replaced (editing), by its name in the model.
  const bool transfer = currentKind() == Kind::TransferFunction;
  std::string oldName;
  if (index >= 0)
    oldName = transfer ? ls::transferFunctions(model)[std::size_t(index)].name
                       : ls::stateEquations(model)[std::size_t(index)].name;
  else if (!ls::stateNames(model, elementName).empty()) {
    error = tr("'%1' is already a transfer function or state equations: choose it in the list to change it.")
                .arg(QString::fromStdString(elementName));
    return nullptr;
  }
  std::optional<ls::Realization> realization;
  if (transfer) {
    ls::TransferFunction tf;
    tf.name = elementName;
    const auto n = ls::parseNumbers(numerator->text(), error);
    if (!n) {
      error = tr("Numerator: %1").arg(error);
      return nullptr;
    }
    const auto d = ls::parseNumbers(denominator->text(), error);
    if (!d) {
      error = tr("Denominator: %1").arg(error);
      return nullptr;
    }
    tf.numerator = *n;
    tf.denominator = *d;
    tf.input = inputs->text().trimmed().toStdString();
    tf.staticHold = staticHold->isChecked();
    realization = ls::realize(tf, error);
  } else {
    ls::StateEquations lse;
    lse.name = elementName;
    const std::pair<QLineEdit*, core::DataMatrix*> matrices[] = {
        {matrixA, &lse.a}, {matrixB, &lse.b}, {matrixC, &lse.c}, {matrixD, &lse.d}};
    for (const auto& [edit, matrix] : matrices) {
      const auto m = ls::parseMatrix(edit->text(), error);
      if (!m) {
        error = tr("%1: %2").arg(edit->objectName().right(1), error);
        return nullptr;
      }
      *matrix = *m;
    }
    const auto initial = ls::parseNumbers(initialStates->text(), error);
    if (!initial) {
      error = tr("Initial states: %1").arg(error);
      return nullptr;
    }
    lse.initial = *initial;
    lse.inputs = split(inputs->text(), ";");
    lse.staticHold = staticHold->isChecked();
    realization = ls::realize(lse, error);
  }
  if (!realization)
    return nullptr;

  // The lists: the old states and matrices out, the new ones in (where the first old state was).
  auto& diffs = lists.differentials;
  auto at = std::find_if(diffs.begin(), diffs.end(), [&](const auto& d) { return ls::isState(d, oldName); });
  std::size_t position = index >= 0 ? std::size_t(at - diffs.begin()) : diffs.size();
  std::erase_if(diffs, [&](const auto& d) { return index >= 0 && ls::isState(d, oldName); });
  position = std::min(position, diffs.size());
  diffs.insert(diffs.begin() + std::ptrdiff_t(position), realization->states.begin(),
               realization->states.end());
  std::erase_if(lists.matrices, [&](const core::DataMatrix& m) {
    return index >= 0 && !transfer &&
           (m.name == oldName + "_A" || m.name == oldName + "_B" || m.name == oldName + "_C" ||
            m.name == oldName + "_D");
  });
  lists.matrices.insert(lists.matrices.end(), realization->matrices.begin(), realization->matrices.end());

  auto macro = std::make_unique<core::Macro>(
      (index >= 0 ? "Set " : "Create ") + std::string(transfer ? "transfer function " : "state equations ") +
      elementName);
  const std::vector<std::string> oldOutputs =
      index >= 0 ? outputsOf(model, oldName, transfer) : std::vector<std::string>{};
  for (const std::string& o : oldOutputs)  // they may read states that go
    macro->add(std::make_unique<core::SetProperty>(core::EntityRef(model.findVariable(o)), "/function",
                                                   nlohmann::ordered_json("0")));
  macro->add(std::make_unique<core::SetSystemElements>(std::move(lists)));
  IdPlanner ids(model);
  std::set<std::string> kept;
  for (const auto& [output, function] : realization->outputs) {
    const core::VariableId existing = model.findVariable(output);
    const bool own = std::find(oldOutputs.begin(), oldOutputs.end(), output) != oldOutputs.end();
    if (existing.valid() && own) {
      kept.insert(output);
      macro->add(std::make_unique<core::SetProperty>(core::EntityRef(existing), "/function",
                                                     nlohmann::ordered_json(function)));
      continue;
    }
    core::Variable v;  // a name in use by another entity is refused by AddVariable, naming it
    v.id = core::VariableId(ids.take());
    v.name = output;
    v.function = function;
    macro->add(std::make_unique<core::AddVariable>(v));
  }
  for (const std::string& o : oldOutputs)
    if (!kept.count(o))
      macro->add(std::make_unique<core::RemoveEntity>(core::EntityRef(model.findVariable(o))));
  return macro;
}

std::unique_ptr<core::Command> SystemElementsDialog::removeLinearCommand(int index)
{
  const core::Model& model = document().model();
  core::SystemElementLists lists = core::SystemElementLists::of(model);
  if (currentKind() == Kind::PlantInput)
    lists.plantInputs.erase(lists.plantInputs.begin() + index);
  else if (currentKind() == Kind::PlantOutput)
    lists.plantOutputs.erase(lists.plantOutputs.begin() + index);
  if (currentKind() == Kind::PlantInput || currentKind() == Kind::PlantOutput)
    return std::make_unique<core::SetSystemElements>(std::move(lists));
  const bool transfer = currentKind() == Kind::TransferFunction;
  const std::string element = transfer ? ls::transferFunctions(model)[std::size_t(index)].name
                                       : ls::stateEquations(model)[std::size_t(index)].name;
  std::erase_if(lists.differentials, [&](const auto& d) { return ls::isState(d, element); });
  std::erase_if(lists.matrices, [&](const core::DataMatrix& m) {
    return !transfer && (m.name == element + "_A" || m.name == element + "_B" || m.name == element + "_C" ||
                         m.name == element + "_D");
  });
  // The outputs go first (nothing else may read them: a reader refuses the removal, naming it).
  auto macro = std::make_unique<core::Macro>("Delete " + element);
  for (const std::string& o : outputsOf(model, element, transfer))
    macro->add(std::make_unique<core::RemoveEntity>(core::EntityRef(model.findVariable(o))));
  macro->add(std::make_unique<core::SetSystemElements>(std::move(lists)));
  return macro;
}

}  // namespace mbs::ui
