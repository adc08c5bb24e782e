#include "mbs/core/SolverSettings.hpp"

#include <algorithm>

namespace mbs::core {
namespace {

solver::AnalysisKind analysisKind(AnalysisType type)
{
  switch (type) {
    case AnalysisType::InitialConditions:
      return solver::AnalysisKind::InitialConditions;
    case AnalysisType::Kinematic:
      return solver::AnalysisKind::Kinematic;
    case AnalysisType::Static:
      return solver::AnalysisKind::Static;
    case AnalysisType::QuasiStatic:
      return solver::AnalysisKind::QuasiStatic;
    case AnalysisType::Dynamic:
      break;
  }
  return solver::AnalysisKind::Dynamic;
}

solver::IntegratorType integratorType(Integrator integrator)
{
  switch (integrator) {
    case Integrator::Wstiff:
      return solver::IntegratorType::Wstiff;
    case Integrator::HhtAlpha:
      return solver::IntegratorType::Hht;
    case Integrator::Rkf45:
      return solver::IntegratorType::Rkf45;
    case Integrator::ConstantBdf:
      return solver::IntegratorType::ConstantBdf;
    case Integrator::Dstiff:
      return solver::IntegratorType::Dstiff;
    case Integrator::Abam:
      return solver::IntegratorType::Abam;
    case Integrator::Gstiff:
      break;
  }
  return solver::IntegratorType::Gstiff;
}

}  // namespace

solver::AnalysisSettings toSolverSettings(const AnalysisSettings& settings)
{
  solver::AnalysisSettings s;
  s.kind = analysisKind(settings.type);
  s.formulation = settings.formulation == Formulation::I3     ? solver::Formulation::I3
                  : settings.formulation == Formulation::SI2  ? solver::Formulation::SI2
                  : settings.formulation == Formulation::Dmbs ? solver::Formulation::DMBS
                                                              : solver::Formulation::Auto;
  s.integrator = integratorType(settings.integrator);
  s.endTime = settings.endTime;
  s.outputStep = settings.endTime / std::max(settings.outputSteps, 1);
  s.tolerance = settings.errorTolerance;
  s.maxStep = settings.maxStepSize;
  s.initialStep = settings.initialStepSize;
  s.maxOrder = settings.maxOrder;
  s.maxIterations = settings.maxIterations;
  return s;
}

}  // namespace mbs::core
