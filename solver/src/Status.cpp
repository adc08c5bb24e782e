#include "mbs/solver/Status.hpp"

namespace mbs::solver {

const char* toString(StatusCode code)
{
  switch (code) {
    case StatusCode::Ok:
      return "ok";
    case StatusCode::BadInput:
      return "bad input";
    case StatusCode::NoConvergence:
      return "no convergence";
    case StatusCode::SingularJacobian:
      return "singular Jacobian";
    case StatusCode::RedundantConstraints:
      return "redundant constraints";
    case StatusCode::StepSizeTooSmall:
      return "step size too small";
    case StatusCode::Cancelled:
      return "cancelled";
    case StatusCode::ResourceLimit:
      return "resource limit";
    case StatusCode::Implausible:
      return "implausible result";
  }
  return "unknown";
}

}  // namespace mbs::solver
