#pragma once
// File ▸ Export ▸ Co-Simulation FMU (issue 31): the model's control plant as an FMI 2.0
// Co-Simulation FMU, as `mbsolve --export-fmu` writes it (fmu/FmuExport.hpp). The dialog lists
// what the FMU will have — the PINPUT VARIABLEs as inputs, the POUTPUT VARIABLEs as outputs, the
// model parameters as parameters — takes the .fmu file, and runs the export (compile, initial
// conditions at the start values, zip) on a worker thread so the window stays responsive. The
// export works on a copy of the model taken when Export is pressed (the dialog is window-modal).
#include <QDialog>
#include <QString>
#include <memory>
#include <optional>

#include "mbs/core/Model.hpp"

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;
class QThread;

namespace mbs::ui {

class MainWindow;

class FmuExportDialog : public QDialog {
  Q_OBJECT
public:
  // `binaryPath`: the FMU binary to copy into the archive (empty: not found; the export then says so).
  FmuExportDialog(MainWindow& window, const QString& binaryPath);
  ~FmuExportDialog() override;

  // Starts the export to the path in `path`; false (with the reason shown) when it cannot start.
  bool startExport();
  bool running() const { return m_thread != nullptr; }
  // The outcome of the last export: empty while none finished, else "" on success or the reason.
  const std::optional<QString>& lastResult() const { return m_result; }

  QLineEdit* path = nullptr;      // the .fmu file
  QPushButton* browse = nullptr;  // a file dialog for it
  QPushButton* exportButton = nullptr;
  QTableWidget* variables = nullptr;  // role, name, plant port, start value, VARIABLE function
  QLabel* status = nullptr;
  QProgressBar* busy = nullptr;

signals:
  void exportFinished(bool ok);

protected:
  void reject() override;  // not while the worker runs (the export cannot be interrupted)

private:
  struct Work;
  void chooseFile();
  void finished();
  void showStatus(const QString& text, bool error);

  MainWindow& m_window;
  QString m_binaryPath;
  std::shared_ptr<Work> m_work;
  QThread* m_thread = nullptr;
  std::optional<QString> m_result;
};

// The FMU binary for this program: beside the executable or installed (fmu::locateFmuBinary), else
// the build tree's (a build tree's mbstudio and the GUI tests); empty when there is none.
QString fmuBinaryForThisProgram();

}  // namespace mbs::ui
