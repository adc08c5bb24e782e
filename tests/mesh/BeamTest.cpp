// Euler-Bernoulli beam elements against closed-form frequencies; sparse and dense modal solvers.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/BeamElement.hpp"
#include "mbs/mesh/ModalSolver.hpp"

using namespace mbs::mesh;

namespace {

// Steel bar 1 m x 20 mm x 20 mm (the verification case of issue 6).
constexpr double kL = 1.0, kB = 0.02;
const Material kSteel{"steel", 210e9, 0.3, 7850.0};

// Euler-Bernoulli bending frequency [Hz] for the root beta_n L of the characteristic equation.
double eulerBernoulliHz(double betaL)
{
  const double EI = kSteel.youngsModulus * kB * kB * kB * kB / 12.0;
  const double rhoA = kSteel.density * kB * kB;
  return betaL * betaL / (2.0 * std::numbers::pi) * std::sqrt(EI / (rhoA * std::pow(kL, 4)));
}

constexpr double kCantileverBetaL[] = {1.87510406871196, 4.69409113297418, 7.85475743823761};
constexpr double kFreeFreeBetaL[] = {4.73004074486270, 7.85320462409584, 10.9956078380017};

}  // namespace

TEST(BeamElement, CantileverFrequenciesMatchEulerBernoulli)
{
  const BeamModel beam =
      BeamModel::straight({0, 0, 0}, {kL, 0, 0}, 40, BeamSection::rectangle(kB, kB), kSteel);
  mbs::solver::SparseMat K, M;
  ASSERT_TRUE(assembleBeam(beam, K, M, "beam").ok());
  const auto keep = complementDofs(static_cast<int>(K.rows()), {0, 1, 2, 3, 4, 5});
  ModalOptions options;
  options.count = 8;
  options.denseLimit = 0;  // exercise the sparse shift-invert path
  ModalResult modes;
  const auto status = solveModes(restrictToDofs(K, keep), restrictToDofs(M, keep), options, modes, "beam");
  ASSERT_TRUE(status.ok()) << status.message;
  const auto f = modes.frequenciesHz();
  // Square section: every bending frequency appears twice (y and z planes).
  for (int n = 0; n < 3; ++n) {
    const double exact = eulerBernoulliHz(kCantileverBetaL[n]);
    EXPECT_NEAR(f[2 * n] / exact, 1.0, 1e-3) << "mode " << n;
    EXPECT_NEAR(f[2 * n + 1] / exact, 1.0, 1e-3) << "mode " << n;
  }
}

TEST(BeamElement, FreeFreeFrequenciesMatchEulerBernoulli)
{
  // Rectangular section so that the two bending planes separate; the beam axis is skewed to test
  // the element rotation.
  const double b = 0.02, h = 0.03;
  const Eigen::Vector3d axis = Eigen::Vector3d(1, 2, -1).normalized();
  const BeamModel beam = BeamModel::straight({0.1, 0.2, 0.3}, Eigen::Vector3d(0.1, 0.2, 0.3) + kL * axis, 30,
                                             BeamSection::rectangle(b, h), kSteel, Eigen::Vector3d(0, 0, 1));
  mbs::solver::SparseMat K, M;
  ASSERT_TRUE(assembleBeam(beam, K, M, "beam").ok());
  ModalOptions options;
  options.count = 12;
  ModalResult dense, sparse;
  ASSERT_TRUE(solveModes(K, M, options, dense, "beam").ok());
  options.denseLimit = 0;
  const auto status = solveModes(K, M, options, sparse, "beam");
  ASSERT_TRUE(status.ok()) << status.message;
  const auto f = dense.frequenciesHz();
  // Rigid modes are zero up to round-off of K (entries ~1e12); elastic ones agree closely.
  for (int i = 0; i < 6; ++i) {
    EXPECT_LT(f[i], 1e-2) << "rigid mode " << i;
    EXPECT_LT(sparse.frequenciesHz()[i], 1e-2) << "rigid mode " << i;
  }
  for (int i = 6; i < 12; ++i)
    EXPECT_NEAR(sparse.frequenciesHz()[i] / f[i], 1.0, 1e-9) << "mode " << i;
  const double scaleZ = h / b;  // bending with the larger height is stiffer by h/b
  const double f1y = eulerBernoulliHz(kFreeFreeBetaL[0]) * (b / kB);
  const double f1z = f1y * scaleZ;
  EXPECT_NEAR(f[6] / f1y, 1.0, 1e-3);
  EXPECT_NEAR(f[7] / f1z, 1.0, 1e-3);
  EXPECT_NEAR(f[8] / (eulerBernoulliHz(kFreeFreeBetaL[1]) * (b / kB)), 1.0, 1e-3);
  // Mass: total translational mass equals rho A L.
  Eigen::VectorXd ex = Eigen::VectorXd::Zero(K.rows());
  for (int i = 0; i < beam.nodes.cols(); ++i)
    ex[6 * i] = 1.0;
  EXPECT_NEAR(ex.dot(M * ex), kSteel.density * b * h * kL, 1e-9);
}

TEST(BeamElement, InvalidElementsAreReported)
{
  BeamModel beam = BeamModel::straight({0, 0, 0}, {1, 0, 0}, 2, BeamSection::rectangle(kB, kB), kSteel);
  beam.elements[1].up = Eigen::Vector3d::UnitX();
  mbs::solver::SparseMat K, M;
  const auto status = assembleBeam(beam, K, M, "shaft");
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message.find("'shaft'"), std::string::npos);
  EXPECT_NE(status.message.find("element 1"), std::string::npos);
}
