// A beam spinning about z (its bending plane) at Ω: the linear FFR elastic equation carries the
// centrifugal term of the quadratic-velocity vector, Q_η = −(Λ − Ω² I) η for in-plane bending
// (∫ρ Sᵀ ω̃ ω̃ u dV with S̄_yy = I). This is the known softening of linear FFR without geometric
// stiffening: the in-plane bending frequency becomes √(ω₁² − Ω²) instead of the correct
// √(ω₁² + 0.193 Ω²) (Southwell, cantilever), see docs/flexible-bodies.md.
#include <gtest/gtest.h>

#include "System.hpp"
#include "flexible_BeamModel.hpp"

namespace mbs::solver {
namespace {

TEST(FlexibleRotatingBeam, CentrifugalTermSoftensInPlaneBending)
{
  test::BeamProperties p;
  p.modes = 4;
  p.craigBamptonRoot = true;
  Model model;
  model.bodies.push_back(test::flexibleBody("blade", test::makeBeam(p)));
  const FlexibleBodyData& blade = *model.bodies[0].flexible;
  const double omega1 = std::sqrt(blade.modalStiffness(0, 0));
  const double spin = 0.5 * omega1;
  model.bodies[0].angularVelocity = Vec3(0, 0, spin);
  model.bodies[0].modalCoordinates = Vec::Zero(4);
  model.bodies[0].modalCoordinates[0] = 1e-3;
  const System sys(model);
  Vec q = sys.initialPositions(), qd = sys.initialVelocities(), f;
  sys.forces(0.0, q, qd, f);
  const Vec eta = q.segment(sys.modalOffset(0), 4);
  const Vec expected = -(blade.modalStiffness - spin * spin * Mat::Identity(4, 4)) * eta;
  EXPECT_LT((f.segment(sys.modalOffset(0), 4) - expected).norm(), 1e-9 * expected.norm());
  // Effective first-mode stiffness: ω₁² − Ω² = 0.75 ω₁² (frequency 0.866 f₁), where geometric
  // stiffening would give ω₁² + 0.193 Ω² = 1.048 ω₁² (1.024 f₁).
  EXPECT_NEAR(-f[sys.modalOffset(0)] / (1e-3 * omega1 * omega1), 0.75, 1e-9);
}

}  // namespace
}  // namespace mbs::solver
