// Stress recovery helpers of FlexibleBodyData: von Mises and principal stresses against closed
// forms, linear superposition of the modal stress shapes, and the size checks of problem().
#include <gtest/gtest.h>

#include <cmath>

#include "flexible_BeamModel.hpp"
#include "mbs/solver/FlexibleBody.hpp"

namespace mbs::solver {
namespace {

Vec6 voigt(double xx, double yy, double zz, double yz, double xz, double xy)
{
  Vec6 s;
  s << xx, yy, zz, yz, xz, xy;
  return s;
}

TEST(FlexibleStress, VonMisesAndPrincipalClosedForms)
{
  // Uniaxial tension: both equal sigma.
  EXPECT_NEAR(vonMisesStress(voigt(120e6, 0, 0, 0, 0, 0)), 120e6, 1e-6);
  EXPECT_NEAR(maxPrincipalStress(voigt(120e6, 0, 0, 0, 0, 0)), 120e6, 1e-6);
  // Pure shear tau (any plane): von Mises sqrt(3) tau, principal stresses +-tau.
  for (int k = 3; k < 6; ++k) {
    Vec6 s = Vec6::Zero();
    s[k] = 50e6;
    EXPECT_NEAR(vonMisesStress(s), std::sqrt(3.0) * 50e6, 1e-6);
    EXPECT_NEAR(maxPrincipalStress(s), 50e6, 1e-6);
  }
  // Hydrostatic pressure: no von Mises stress.
  EXPECT_NEAR(vonMisesStress(voigt(-7e6, -7e6, -7e6, 0, 0, 0)), 0.0, 1e-6);
  EXPECT_NEAR(maxPrincipalStress(voigt(-7e6, -7e6, -7e6, 0, 0, 0)), -7e6, 1e-6);
  // Plane stress (sx, sy, txy): sqrt(sx^2 - sx sy + sy^2 + 3 txy^2); s1 = (sx+sy)/2 + R.
  const double sx = 80e6, sy = -30e6, txy = 25e6;
  EXPECT_NEAR(vonMisesStress(voigt(sx, sy, 0, 0, 0, txy)),
              std::sqrt(sx * sx - sx * sy + sy * sy + 3 * txy * txy), 1e-6);
  EXPECT_NEAR(maxPrincipalStress(voigt(sx, sy, 0, 0, 0, txy)),
              0.5 * (sx + sy) + std::hypot(0.5 * (sx - sy), txy), 1e-6);
}

TEST(FlexibleStress, SuperpositionOfModalStressShapesAndSizeChecks)
{
  test::BeamProperties p;
  p.modes = 3;
  FlexibleBodyData data = *test::makeBeam(p);
  ASSERT_EQ(data.problem(), "");
  EXPECT_FALSE(data.hasStress());
  EXPECT_EQ(data.maxVonMisesStress(Vec::Ones(3)), 0.0);
  // Two stress nodes: mode 1 is uniaxial at node 0, mode 2 shear at node 1, mode 3 nothing.
  ASSERT_GE(data.nodes.cols(), 2);
  data.stressNodes = {0, 1};
  data.nodalStressShapes = Mat::Zero(12, 3);
  data.nodalStressShapes(0, 0) = 2e6;      // xx at node 0 per unit eta_1
  data.nodalStressShapes(6 + 5, 1) = 1e6;  // xy at node 1 per unit eta_2
  EXPECT_EQ(data.problem(), "");
  const Vec eta = Vec3(3.0, -4.0, 10.0);
  EXPECT_NEAR(data.nodalStress(0, eta)[0], 6e6, 1e-9);
  EXPECT_NEAR(data.nodalStress(1, eta)[5], -4e6, 1e-9);
  const Vec vm = data.vonMisesStresses(eta);
  ASSERT_EQ(vm.size(), 2);
  EXPECT_NEAR(vm[0], 6e6, 1e-6);
  EXPECT_NEAR(vm[1], std::sqrt(3.0) * 4e6, 1e-6);
  EXPECT_NEAR(data.maxVonMisesStress(eta), std::sqrt(3.0) * 4e6, 1e-6);
  EXPECT_NEAR(data.maxPrincipalStress(eta), 6e6, 1e-6);
  // Linear: twice eta, twice the stress; opposite eta, same von Mises.
  EXPECT_NEAR(data.maxVonMisesStress(2.0 * eta), 2.0 * std::sqrt(3.0) * 4e6, 1e-6);
  EXPECT_NEAR(data.maxVonMisesStress(-eta), std::sqrt(3.0) * 4e6, 1e-6);

  FlexibleBodyData bad = data;
  bad.nodalStressShapes = Mat::Zero(6, 3);  // one node's rows for two nodes
  EXPECT_NE(bad.problem().find("stress"), std::string::npos);
  bad = data;
  bad.stressNodes = {0, static_cast<int>(data.nodes.cols())};  // not a node
  EXPECT_NE(bad.problem().find("stress node"), std::string::npos);
  bad = data;
  bad.nodalStressShapes = Mat::Zero(12, 2);  // wrong mode count
  EXPECT_NE(bad.problem().find("stress"), std::string::npos);
  EXPECT_FALSE(bad == data);
}

}  // namespace
}  // namespace mbs::solver
