#pragma once
// The Make Flexible dialog's mode table (Adams Flex / RecurDyn RFlex style): every orthonormalized
// Craig-Bampton mode with its number, frequency, automatic type and strain-energy share
// (mesh/ModeTable.hpp); a check box per elastic mode to keep it and a damping ratio per mode.
// Rigid modes are listed but cannot be kept (the floating frame carries the rigid motion).
#include <QTableWidget>
#include <vector>

#include "mbs/mesh/ModeTable.hpp"

namespace mbs::ui {

class ModeSelectionTable : public QTableWidget {
  Q_OBJECT
public:
  enum Column { Use, Number, Frequency, Type, Energy, Damping, ColumnCount };

  explicit ModeSelectionTable(QWidget* parent = nullptr);

  // Fills the table; `kept` are the initially kept mode indices, every mode damped `dampingRatio`.
  void setModes(const std::vector<mesh::ModeRow>& rows, const std::vector<int>& kept, double dampingRatio);
  void clearModes();
  const std::vector<mesh::ModeRow>& modes() const { return m_rows; }

  // Kept mode indices (ascending) and their damping ratios (fractions, same order).
  std::vector<int> keptModes() const;
  std::vector<double> keptDampingRatios() const;
  void setKept(const std::vector<int>& modes);  // keeps exactly these (elastic ones only)
  void setModeKept(int mode, bool keep);
  void setDampingRatio(int mode, double ratio);  // one mode's ratio (fraction)
  void setAllDampingRatios(double ratio);
  double dampingRatio(int mode) const;
  // The mode shown in the row currently selected (-1: none).
  int currentMode() const;

  static QString typeText(mesh::ModeType type);  // translated type name

signals:
  void keptChanged();

private:
  std::vector<mesh::ModeRow> m_rows;
};

}  // namespace mbs::ui
