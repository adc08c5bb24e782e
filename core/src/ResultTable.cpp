#include "mbs/core/ResultTable.hpp"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "mbs/core/AtomicFile.hpp"
#include "mbs/solver/ResultCsv.hpp"

namespace mbs::core {
namespace {

std::vector<std::string> split(const std::string& line)
{
  std::vector<std::string> out;
  std::stringstream ss(line);
  for (std::string cell; std::getline(ss, cell, ',');)
    out.push_back(cell);
  return out;
}

std::string number(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", v);  // as the solver's columns
  return buffer;
}

}  // namespace

ResultTable::ResultTable(const solver::ResultLayout& layout, const RequestOutputs& requests,
                         const DerivedOutputs* derived)
    : m_columns(split(solver::resultCsvHeader(layout)))
{
  m_columns.insert(m_columns.end(), requests.columns().begin(), requests.columns().end());
  if (derived)
    m_columns.insert(m_columns.end(), derived->columns().begin(), derived->columns().end());
}

void ResultTable::streamTo(std::ostream& out)
{
  m_stream = &out;
  for (std::size_t k = 0; k < m_columns.size(); ++k)
    out << (k ? "," : "") << m_columns[k];
  out << '\n';
}

void ResultTable::beginRun(const solver::ResultLayout& layout, const RequestOutputs& requests,
                           const DerivedOutputs* derived)
{
  m_runLayout = layout;
  std::vector<std::string> columns = split(solver::resultCsvHeader(layout));
  columns.insert(columns.end(), requests.columns().begin(), requests.columns().end());
  if (derived)
    columns.insert(columns.end(), derived->columns().begin(), derived->columns().end());
  std::map<std::string, std::size_t> position;
  for (std::size_t k = 0; k < columns.size(); ++k)
    position.emplace(columns[k], k);
  m_runPosition.assign(m_columns.size(), std::string::npos);
  for (std::size_t k = 0; k < m_columns.size(); ++k)
    if (const auto it = position.find(m_columns[k]); it != position.end())
      m_runPosition[k] = it->second;
}

void ResultTable::appendFrame(const solver::ResultFrame& frame, const RequestOutputs& requests,
                              const DerivedOutputs* derived)
{
  std::ostringstream solverRow;
  solver::writeResultCsvRow(m_runLayout, frame, solverRow);
  std::string line = solverRow.str();
  if (!line.empty() && line.back() == '\n')
    line.pop_back();
  std::vector<std::string> cells = split(line);
  for (const double v : requests.evaluate(frame))
    cells.push_back(number(v));
  if (derived)
    for (const double v : derived->evaluate(frame))
      cells.push_back(number(v));
  std::string row;
  for (std::size_t k = 0; k < m_columns.size(); ++k) {
    const std::size_t at = k < m_runPosition.size() ? m_runPosition[k] : std::string::npos;
    row += (k ? "," : "") + (at < cells.size() ? cells[at] : std::string("0"));
  }
  ++m_rowCount;
  m_lastTime = frame.state.t;
  if (m_stream)
    *m_stream << row << '\n';
  else
    m_rows.push_back(std::move(row));
}

void ResultTable::append(const solver::ResultStore& results, const RequestOutputs& requests,
                         const DerivedOutputs* derived, std::size_t first)
{
  beginRun(results.layout(), requests, derived);
  const std::size_t count = results.size();
  for (std::size_t frame = std::max(first, results.firstIndex()); frame < count; ++frame)
    appendFrame(results.frame(frame), requests, derived);
}

std::optional<std::vector<double>> ResultTable::column(std::string_view name) const
{
  std::size_t index = 0;
  while (index < m_columns.size() && m_columns[index] != name)
    ++index;
  if (index == m_columns.size())
    return std::nullopt;
  std::vector<double> values;
  values.reserve(m_rows.size());
  for (const std::string& row : m_rows) {
    const char* cell = row.c_str();
    for (std::size_t k = 0; k < index && cell; ++k) {
      cell = std::strchr(cell, ',');
      cell = cell ? cell + 1 : nullptr;
    }
    values.push_back(cell ? std::strtod(cell, nullptr) : 0.0);
  }
  return values;
}

std::vector<double> ResultTable::row(std::size_t index) const
{
  std::vector<double> values;
  values.reserve(m_columns.size());
  for (const std::string& cell : split(m_rows.at(index)))
    values.push_back(std::strtod(cell.c_str(), nullptr));
  return values;
}

solver::Status ResultTable::write(const std::string& path) const
{
  AtomicFileWriter file(path);
  if (!file.isOpen())
    return solver::Status::failure(solver::StatusCode::BadInput,
                                   "cannot open result file '" + path + "' for writing", path);
  std::ostream& out = file.stream();
  for (std::size_t k = 0; out && k < m_columns.size(); ++k)
    out << (k ? "," : "") << m_columns[k];
  out << '\n';
  for (const auto& row : m_rows)
    out << row << '\n';
  if (const auto error = file.commit())
    return solver::Status::failure(solver::StatusCode::BadInput, "result file: " + *error, path);
  return solver::Status::success();
}

}  // namespace mbs::core
