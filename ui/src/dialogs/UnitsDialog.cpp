#include "mbs/ui/dialogs/UnitsDialog.hpp"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QMessageBox>
#include <QVBoxLayout>
#include <algorithm>

#include "mbs/core/Commands.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/Document.hpp"

namespace mbs::ui {
namespace {

QComboBox* unitCombo(core::Quantity base, const std::string& current, const char* objectName)
{
  auto* combo = new QComboBox;
  combo->setObjectName(objectName);
  for (const std::string& name : core::unitChoices(base))
    combo->addItem(QString::fromStdString(name), QString::fromStdString(name));
  const int index = combo->findData(QString::fromStdString(current));
  if (index < 0)  // a unit of an imported deck that is not offered: kept as it is
    combo->addItem(QString::fromStdString(current), QString::fromStdString(current));
  combo->setCurrentIndex(combo->findData(QString::fromStdString(current)));
  return combo;
}

}  // namespace

UnitsDialog::UnitsDialog(Document& document, QWidget* parent) : QDialog(parent), m_document(document)
{
  setObjectName("unitsDialog");
  setWindowTitle(tr("Units"));
  const core::UnitSystem& u = document.model().displayUnits;
  auto* layout = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  m_system = new QComboBox;
  m_system->setObjectName("unitsSystem");
  m_system->addItem(tr("MKS (m, kg, N, s)"), "MKS");
  m_system->addItem(tr("MMKS (mm, kg, N, s)"), "MMKS");
  m_system->addItem(tr("CGS (cm, g, dyne, s)"), "CGS");
  m_system->addItem(tr("IPS (in, lbm, lbf, s)"), "IPS");
  m_system->addItem(tr("FPS (ft, lbm, lbf, s)"), "FPS");
  m_system->addItem(tr("Custom"), "custom");
  m_length = unitCombo(core::Quantity::Length, u.lengthName, "unitsLength");
  m_mass = unitCombo(core::Quantity::Mass, u.massName, "unitsMass");
  m_time = unitCombo(core::Quantity::Time, u.timeName, "unitsTime");
  m_force = unitCombo(core::Quantity::Force, u.forceName, "unitsForce");
  m_angle = new QComboBox;
  m_angle->setObjectName("unitsAngle");
  m_angle->addItem(tr("Degrees (deg)"), "deg");
  m_angle->addItem(tr("Radians (rad)"), "rad");
  m_angle->setCurrentIndex(std::max(0, m_angle->findData(QString::fromStdString(u.angleName))));
  form->addRow(tr("Unit system"), m_system);
  form->addRow(tr("Length"), m_length);
  form->addRow(tr("Mass"), m_mass);
  form->addRow(tr("Time"), m_time);
  form->addRow(tr("Force"), m_force);
  form->addRow(tr("Angle"), m_angle);
  layout->addLayout(form);
  m_example = new QLabel;
  m_example->setObjectName("unitsExample");
  m_example->setWordWrap(true);
  layout->addWidget(m_example);
  auto* note =
      new QLabel(tr("Every number field, plot axis and export shows and takes values in these "
                    "units. The model is kept and saved in SI, so changing the units never "
                    "changes the model."));
  note->setWordWrap(true);
  layout->addWidget(note);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &UnitsDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(m_system, &QComboBox::activated, this, &UnitsDialog::systemChosen);
  for (QComboBox* combo : {m_length, m_mass, m_time, m_force, m_angle})
    connect(combo, &QComboBox::currentIndexChanged, this, &UnitsDialog::unitChosen);
  unitChosen();
  setMinimumWidth(440);
}

core::UnitSystem UnitsDialog::units() const
{
  core::UnitSystem u;
  auto one = [](QComboBox* combo, auto lookup, double& factor, std::string& name) {
    name = combo->currentData().toString().toStdString();
    factor = lookup(name).value_or(1.0);
  };
  one(m_length, core::lengthUnit, u.length, u.lengthName);
  one(m_mass, core::massUnit, u.mass, u.massName);
  one(m_time, core::timeUnit, u.time, u.timeName);
  one(m_force, core::forceUnit, u.force, u.forceName);
  one(m_angle, core::angleUnit, u.angle, u.angleName);
  return u;
}

bool UnitsDialog::selectSystem(const QString& name)
{
  const int index = m_system->findData(name.toUpper());
  if (index < 0 || name.compare("custom", Qt::CaseInsensitive) == 0)
    return false;
  m_system->setCurrentIndex(index);
  systemChosen();
  return true;
}

void UnitsDialog::selectAngle(const QString& unit)
{
  m_angle->setCurrentIndex(std::max(0, m_angle->findData(unit)));
}

void UnitsDialog::systemChosen()
{
  const auto system = core::unitSystem(m_system->currentData().toString().toStdString());
  if (!system)  // Custom: the units stay as they are, to be chosen one by one
    return;
  const core::UnitSystem u = core::withShortNames(*system);
  auto pick = [](QComboBox* combo, const std::string& name) {
    combo->setCurrentIndex(combo->findData(QString::fromStdString(name)));
  };
  pick(m_length, u.lengthName);
  pick(m_mass, u.massName);
  pick(m_time, u.timeName);
  pick(m_force, u.forceName);
}

void UnitsDialog::unitChosen()
{
  const core::UnitSystem u = units();
  const QString name = QString::fromStdString(core::unitSystemName(u));
  {
    const QSignalBlocker blocker(m_system);
    m_system->setCurrentIndex(m_system->findData(name));
  }
  auto unit = [&u](core::Quantity q) { return QString::fromStdString(core::unitName(u, q)); };
  m_example->setText(tr("Derived units: inertia %1, stiffness %2, damping %3, torque %4, angular velocity "
                        "%5, acceleration %6.")
                         .arg(unit(core::Quantity::Inertia), unit(core::Quantity::Stiffness),
                              unit(core::Quantity::Damping), unit(core::Quantity::Torque),
                              unit(core::Quantity::AngularVelocity), unit(core::Quantity::Acceleration)));
}

void UnitsDialog::accept()
{
  const core::UnitSystem u = units();
  const core::UnitSystem& now = m_document.model().displayUnits;
  if (u.lengthName == now.lengthName && u.massName == now.massName && u.timeName == now.timeName &&
      u.forceName == now.forceName && u.angleName == now.angleName) {
    QDialog::accept();  // nothing changed: no undo step
    return;
  }
  const nlohmann::ordered_json value = {{"length", u.lengthName},
                                        {"mass", u.massName},
                                        {"time", u.timeName},
                                        {"force", u.forceName},
                                        {"angle", u.angleName}};
  QString error;
  if (!m_document.execute(std::make_unique<core::SetProperty>(core::EntityRef(), "/display_units", value),
                          &error)) {
    QMessageBox::warning(this, tr("Units"), tr("The units could not be set: %1").arg(error));
    return;
  }
  QDialog::accept();
}

}  // namespace mbs::ui
