#include "mbs/ui/dialogs/ModeSelectionTable.hpp"

#include <QDoubleSpinBox>
#include <QHeaderView>
#include <QSignalBlocker>

#include "mbs/ui/dialogs/FormWidgets.hpp"

namespace mbs::ui {

ModeSelectionTable::ModeSelectionTable(QWidget* parent) : QTableWidget(parent)
{
  setColumnCount(ColumnCount);
  setHorizontalHeaderLabels(
      {tr("Keep"), tr("Mode"), tr("Frequency [Hz]"), tr("Type"), tr("Energy [%]"), tr("Damping [%]")});
  horizontalHeaderItem(Energy)->setToolTip(
      tr("Share of the strain energy of the body's static deformation under unit loads at its interface "
         "nodes (balanced by its inertia) that this mode carries"));
  horizontalHeaderItem(Type)->setToolTip(
      tr("rigid: zero frequency; bending/axial/torsion: dominant displacement along the body's longest axis; "
         "boundary: the highest modes, made of the interface (constraint-mode) content"));
  verticalHeader()->setVisible(false);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);
  connect(this, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
    if (item->column() == Use)
      emit keptChanged();
  });
}

QString ModeSelectionTable::typeText(mesh::ModeType type)
{
  switch (type) {
    case mesh::ModeType::Rigid:
      return tr("rigid");
    case mesh::ModeType::Bending:
      return tr("bending");
    case mesh::ModeType::Axial:
      return tr("axial");
    case mesh::ModeType::Torsion:
      return tr("torsion");
    case mesh::ModeType::Boundary:
      return tr("boundary");
  }
  return {};
}

void ModeSelectionTable::clearModes()
{
  m_rows.clear();
  setRowCount(0);
  emit keptChanged();
}

void ModeSelectionTable::setModes(const std::vector<mesh::ModeRow>& rows, const std::vector<int>& kept,
                                  double dampingRatio)
{
  {
    const QSignalBlocker block(this);
    m_rows = rows;
    setRowCount(static_cast<int>(rows.size()));
    for (int r = 0; r < rowCount(); ++r) {
      const mesh::ModeRow& mode = rows[static_cast<std::size_t>(r)];
      const bool rigid = mode.type == mesh::ModeType::Rigid;
      auto* use = new QTableWidgetItem;
      use->setFlags(rigid ? Qt::ItemIsSelectable
                          : Qt::ItemIsSelectable | Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
      use->setCheckState(Qt::Unchecked);
      setItem(r, Use, use);
      auto text = [&](int column, const QString& value) {
        auto* item = new QTableWidgetItem(value);
        item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
        item->setTextAlignment(column == Type ? Qt::AlignLeft | Qt::AlignVCenter
                                              : Qt::AlignRight | Qt::AlignVCenter);
        setItem(r, column, item);
      };
      text(Number, QString::number(mode.index + 1));
      text(Frequency, QString::number(mode.frequencyHz, 'f', 2));
      text(Type, typeText(mode.type));
      text(Energy, rigid ? QString() : QString::number(100.0 * mode.energyShare, 'f', 2));
      if (rigid) {
        text(Damping, QString());
      } else {
        // A number field like every other: it takes an expression ("2*1.5") too.
        auto* damping = makeNumberBox(100.0 * dampingRatio, 0.0, 100.0, 3);
        damping->setFrame(false);
        damping->setObjectName(QString("modeDamping%1").arg(mode.index + 1));
        setCellWidget(r, Damping, damping);
      }
    }
    setKept(kept);
  }
  emit keptChanged();
}

std::vector<int> ModeSelectionTable::keptModes() const
{
  std::vector<int> out;
  for (int r = 0; r < rowCount(); ++r)
    if (item(r, Use) && item(r, Use)->checkState() == Qt::Checked)
      out.push_back(m_rows[static_cast<std::size_t>(r)].index);
  return out;
}

std::vector<double> ModeSelectionTable::keptDampingRatios() const
{
  std::vector<double> out;
  for (int mode : keptModes())
    out.push_back(dampingRatio(mode));
  return out;
}

void ModeSelectionTable::setModeKept(int mode, bool keep)
{
  if (mode < 0 || mode >= rowCount() || m_rows[static_cast<std::size_t>(mode)].type == mesh::ModeType::Rigid)
    return;
  item(mode, Use)->setCheckState(keep ? Qt::Checked : Qt::Unchecked);
}

void ModeSelectionTable::setKept(const std::vector<int>& modes)
{
  {
    const QSignalBlocker block(this);
    for (int r = 0; r < rowCount(); ++r)
      item(r, Use)->setCheckState(Qt::Unchecked);
    for (int mode : modes)
      setModeKept(mode, true);
  }
  viewport()->update();
  emit keptChanged();
}

void ModeSelectionTable::setDampingRatio(int mode, double ratio)
{
  if (auto* box = qobject_cast<QDoubleSpinBox*>(cellWidget(mode, Damping)))
    box->setValue(100.0 * ratio);
}

void ModeSelectionTable::setAllDampingRatios(double ratio)
{
  for (int r = 0; r < rowCount(); ++r)
    setDampingRatio(r, ratio);
}

double ModeSelectionTable::dampingRatio(int mode) const
{
  const auto* box = qobject_cast<QDoubleSpinBox*>(cellWidget(mode, Damping));
  return box ? box->value() / 100.0 : 0.0;
}

int ModeSelectionTable::currentMode() const
{
  const int r = currentRow();
  return r >= 0 && r < static_cast<int>(m_rows.size()) ? m_rows[static_cast<std::size_t>(r)].index : -1;
}

}  // namespace mbs::ui
