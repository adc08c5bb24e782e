#pragma once
// Non-stiff Runge–Kutta–Fehlberg 4(5) on the independent coordinates of a coordinate partitioning
// (Wehage–Haug, detail::PartitionedOde): the dependent coordinates are recovered at every stage.
#include <vector>

#include "integrators/Integrator.hpp"
#include "integrators/PartitionedOde.hpp"

namespace mbs::solver {

class Rkf45Integrator final : public Integrator {
public:
  Rkf45Integrator(const Dae& dae, IntegratorOptions options);

  const char* name() const override { return "RKF45 (coordinate partitioning)"; }
  Status initialize(const State& initial) override;
  Status step(double tLimit) override;
  int order() const override { return 5; }
  std::string stiffnessNote() const override;
  std::string workLimitHint() const override;

  const std::vector<int>& independentCoordinates() const { return m_ode.independentCoordinates(); }
  long repartitions() const { return m_ode.repartitions(); }

private:
  using Evaluation = detail::PartitionedOde::Evaluation;
  Status evaluate(double t, const Vec& yI, const Vec& qGuess, Evaluation& out);

  detail::PartitionedOde m_ode;
  double m_h = 0.0;
  Evaluation m_current;  // at m_state.t (first stage of the next step)
  // Stiffness test (Hairer–Wanner II, IV.2, as DOPRI5's): h·ρ with ρ = ‖k₅ − k₄‖ / ‖y₅ − y₄‖, the
  // Lipschitz estimate from the last two stages, near the stability boundary on many accepted steps
  // in a row means the step size is held by stability, not accuracy.
  int m_stiffSteps = 0;
  double m_stiffSince = -1.0;  // time stiffness was detected, −1 if never
  double m_stiffRho = 0.0;
  double m_stiffStep = 0.0;
};

}  // namespace mbs::solver
