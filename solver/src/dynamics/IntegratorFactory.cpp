#include "dynamics/DynamicAnalysis.hpp"
#include "integrators/Bdf.hpp"
#include "integrators/Hht.hpp"
#include "integrators/Rkf45.hpp"

namespace mbs::solver {

const char* toString(IntegratorType type)
{
  switch (type) {
    case IntegratorType::Gstiff:
      return "GSTIFF";
    case IntegratorType::Wstiff:
      return "WSTIFF";
    case IntegratorType::Hht:
      return "HHT";
    case IntegratorType::Rkf45:
      return "RKF45";
  }
  return "unknown";
}

std::unique_ptr<Integrator> makeIntegrator(IntegratorType type, const Dae& dae,
                                           const IntegratorOptions& options)
{
  switch (type) {
    case IntegratorType::Gstiff:
      return std::make_unique<BdfIntegrator>(dae, options, BdfVariant::FixedLeadingCoefficient);
    case IntegratorType::Wstiff:
      return std::make_unique<BdfIntegrator>(dae, options, BdfVariant::VariableCoefficient);
    case IntegratorType::Hht:
      return std::make_unique<HhtIntegrator>(dae, options);
    case IntegratorType::Rkf45:
      return std::make_unique<Rkf45Integrator>(dae, options);
  }
  return nullptr;
}

}  // namespace mbs::solver
