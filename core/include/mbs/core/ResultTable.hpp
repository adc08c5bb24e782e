#pragma once
// The results CSV of mbsolve and design studies (docs/mbsolve.md): the solver's columns, then the
// model's request columns, then with --derived the derived quantities. A command file's runs append
// to one table; a column a run lacks (an element it deactivated) is 0.
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "mbs/core/DerivedQuantities.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::core {

class ResultTable {
public:
  // The columns of the table: the header of `layout`, the request columns and, when given, the
  // derived columns.
  ResultTable(const solver::ResultLayout& layout, const RequestOutputs& requests,
              const DerivedOutputs* derived = nullptr);
  // Rows go to `out` as they are appended (the header now) instead of being kept, so memory does
  // not grow with the run (mbsolve --out); column() and row() then have no values, write() is not used.
  void streamTo(std::ostream& out);
  // Appends the frames of a run held by `results` from `first` on (their columns mapped onto the
  // table's by name).
  void append(const solver::ResultStore& results, const RequestOutputs& requests,
              const DerivedOutputs* derived = nullptr, std::size_t first = 0);
  // The same one frame at a time, as a run produces them (a ResultStore sink): beginRun() maps the
  // run's columns, appendFrame() adds a row.
  void beginRun(const solver::ResultLayout& layout, const RequestOutputs& requests,
                const DerivedOutputs* derived = nullptr);
  void appendFrame(const solver::ResultFrame& frame, const RequestOutputs& requests,
                   const DerivedOutputs* derived = nullptr);
  std::size_t rows() const { return m_rowCount; }
  double lastTime() const { return m_rowCount ? m_lastTime : -1.0; }
  const std::vector<std::string>& columns() const { return m_columns; }
  // The values of one column as written (12 significant digits), or nullopt if there is no such
  // column: design-study responses are computed from exactly what the CSV holds.
  std::optional<std::vector<double>> column(std::string_view name) const;
  // The values of one row as written (index < rows()): the Python API's arrays hold what the CSV holds.
  std::vector<double> row(std::size_t index) const;
  // Fails with BadInput when the file cannot be written (the message names the path). Replaces
  // the file whole (AtomicFile.hpp): a failed write leaves the previous one.
  solver::Status write(const std::string& path) const;

private:
  std::vector<std::string> m_columns;
  std::vector<std::string> m_rows;
  std::ostream* m_stream = nullptr;
  std::size_t m_rowCount = 0;
  double m_lastTime = -1.0;
  // The run being appended: its layout and, per table column, the run's column index (or npos).
  solver::ResultLayout m_runLayout;
  std::vector<std::size_t> m_runPosition;
};

}  // namespace mbs::core
