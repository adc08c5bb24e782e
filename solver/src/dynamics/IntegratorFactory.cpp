#include "dynamics/DynamicAnalysis.hpp"
#include "integrators/Abam.hpp"
#include "integrators/Bdf.hpp"
#include "integrators/Hht.hpp"
#include "integrators/Rkf45.hpp"

#include <stdexcept>

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
    case IntegratorType::ConstantBdf:
      return "CONSTANT_BDF";
    case IntegratorType::Dstiff:
      return "DSTIFF";
    case IntegratorType::Abam:
      return "ABAM";
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
    case IntegratorType::ConstantBdf: {
      // One step all the run (hinit, else hmax), no error test; the order follows the error
      // estimates. With a constant step the fixed- and variable-coefficient BDFs coincide.
      IntegratorOptions constant = options;
      constant.fixedStep = true;
      constant.selectOrderAtFixedStep = true;
      if (!(constant.hinit > 0.0))
        constant.hinit = constant.hmax;
      if (!(constant.hinit > 0.0))
        throw std::invalid_argument("CONSTANT_BDF needs its step (IntegratorOptions::hinit or hmax)");
      return std::make_unique<BdfIntegrator>(dae, constant, BdfVariant::FixedLeadingCoefficient);
    }
    case IntegratorType::Dstiff:
      return std::make_unique<BdfIntegrator>(dae, options, BdfVariant::DasslFixedLeadingCoefficient);
    case IntegratorType::Abam:
      return std::make_unique<AbamIntegrator>(dae, options);
  }
  return nullptr;
}

}  // namespace mbs::solver
