#include "RequestCsv.hpp"

#include <cstdio>
#include <fstream>
#include <sstream>

#include "mbs/solver/ResultCsv.hpp"

namespace mbs::app {

solver::Status writeCsvWithRequests(const solver::ResultStore& results, const core::RequestOutputs& requests,
                                    const std::string& path)
{
  if (requests.columns().empty())
    return solver::writeResultCsv(results, path);
  // The solver's rows, each extended by the request values of the same frame.
  std::stringstream base;
  solver::writeResultCsv(results, base);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out)
    return solver::Status::failure(solver::StatusCode::BadInput, "cannot write '" + path + "'");
  std::string line;
  std::size_t row = 0;
  while (std::getline(base, line)) {
    out << line;
    if (row == 0) {
      for (const auto& c : requests.columns())
        out << ',' << c;
    } else if (row - 1 < results.size()) {
      for (const double v : requests.evaluate(results.frame(row - 1))) {
        char buffer[32];
        std::snprintf(buffer, sizeof buffer, "%.12g", v);  // as the solver's columns
        out << ',' << buffer;
      }
    }
    out << '\n';
    ++row;
  }
  if (!out.flush())
    return solver::Status::failure(solver::StatusCode::BadInput, "cannot write '" + path + "'");
  return solver::Status::success();
}

}  // namespace mbs::app
