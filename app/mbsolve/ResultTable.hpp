#pragma once
// The results CSV (docs/mbsolve.md): the solver's columns, then the model's request columns, then
// with --derived the derived quantities. A command file's runs append to one table; a column a run
// lacks (an element it deactivated) is 0.
#include <string>
#include <vector>

#include "mbs/core/DerivedQuantities.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::app {

class ResultTable {
public:
  // The columns of the table: the header of `layout`, the request columns and, when given, the
  // derived columns.
  ResultTable(const solver::ResultLayout& layout, const core::RequestOutputs& requests,
              const core::DerivedOutputs* derived = nullptr);
  // Appends the frames of a run from `first` on (their columns mapped onto the table's by name).
  void append(const solver::ResultStore& results, const core::RequestOutputs& requests,
              const core::DerivedOutputs* derived = nullptr, std::size_t first = 0);
  std::size_t rows() const { return m_rows.size(); }
  double lastTime() const;
  // Fails with BadInput when the file cannot be written (the message names the path).
  solver::Status write(const std::string& path) const;

private:
  std::vector<std::string> m_columns;
  std::vector<std::string> m_rows;
};

}  // namespace mbs::app
