#include "mbs/core/ResultTable.hpp"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

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

void ResultTable::append(const solver::ResultStore& results, const RequestOutputs& requests,
                         const DerivedOutputs* derived, std::size_t first)
{
  std::stringstream csv;
  solver::writeResultCsv(results, csv);
  std::string line;
  std::getline(csv, line);
  std::vector<std::string> columns = split(line);
  columns.insert(columns.end(), requests.columns().begin(), requests.columns().end());
  if (derived)
    columns.insert(columns.end(), derived->columns().begin(), derived->columns().end());
  std::map<std::string, std::size_t> position;
  for (std::size_t k = 0; k < columns.size(); ++k)
    position.emplace(columns[k], k);
  for (std::size_t frame = 0; std::getline(csv, line) && frame < results.size(); ++frame) {
    if (frame < first)
      continue;
    std::vector<std::string> cells = split(line);
    const solver::ResultFrame values = results.frame(frame);
    for (const double v : requests.evaluate(values))
      cells.push_back(number(v));
    if (derived)
      for (const double v : derived->evaluate(values))
        cells.push_back(number(v));
    std::string row;
    for (std::size_t k = 0; k < m_columns.size(); ++k) {
      const auto it = position.find(m_columns[k]);
      row += (k ? "," : "") + (it != position.end() && it->second < cells.size() ? cells[it->second] : "0");
    }
    m_rows.push_back(std::move(row));
  }
}

double ResultTable::lastTime() const
{
  return m_rows.empty() ? -1.0 : std::strtod(m_rows.back().c_str(), nullptr);
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
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return solver::Status::failure(solver::StatusCode::BadInput,
                                   "cannot open result file '" + path + "' for writing", path);
  for (std::size_t k = 0; out && k < m_columns.size(); ++k)
    out << (k ? "," : "") << m_columns[k];
  out << '\n';
  for (const auto& row : m_rows)
    out << row << '\n';
  if (!out.flush())
    return solver::Status::failure(solver::StatusCode::BadInput,
                                   "error while writing result file '" + path + "'", path);
  return solver::Status::success();
}

}  // namespace mbs::core
