#pragma once
// The values of a model's output requests (mbs/core/Request.hpp) at the result frames of a run:
// the columns mbsolve appends to its CSV and the GUI plots by name.
#include <memory>
#include <string>
#include <vector>

#include "mbs/core/Compile.hpp"
#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/solver/Results.hpp"

namespace mbs::core {

class RequestOutputs {
public:
  // `map` and `compiled` come from compile(model); `compiled` must outlive this object (the
  // System's model). A request function that does not compile is an error in diagnostics().
  RequestOutputs(const Model& model, const IndexMap& map, const solver::Model& compiled);
  ~RequestOutputs();

  bool ok() const { return m_diagnostics.empty(); }
  const Diagnostics& diagnostics() const { return m_diagnostics; }
  // "<request>.<component>", e.g. "REQUEST_1.x", in request order (components a kind lacks and
  // functions a request leaves empty are not columns).
  const std::vector<std::string>& columns() const { return m_columns; }
  // One value per column at a frame of the run.
  std::vector<double> evaluate(const solver::ResultFrame& frame) const;

private:
  struct Compiled;
  std::vector<Compiled> m_requests;
  std::vector<std::string> m_columns;
  Diagnostics m_diagnostics;
  const solver::Model* m_model;
};

}  // namespace mbs::core
