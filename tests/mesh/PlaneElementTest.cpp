// Plane-stress elements: quadrature, rigid modes, uniform strain, planar beam vs Euler-Bernoulli.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <Eigen/Eigenvalues>

#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/ModalSolver.hpp"
#include "mbs/mesh/PlaneElement.hpp"

using namespace mbs::mesh;

namespace {

double factorial(int n)
{
  return n <= 1 ? 1.0 : n * factorial(n - 1);
}

// Distorted straight-sided element of each type (edge nodes at edge midpoints, centre at the mean).
Eigen::Matrix2Xd distorted(ElementType type)
{
  const bool tri = type == ElementType::Tri3 || type == ElementType::Tri6;
  Eigen::Matrix2Xd corners(2, tri ? 3 : 4);
  if (tri)
    corners << 0.1, 1.2, 0.3, -0.1, 0.2, 0.9;
  else
    corners << 0.0, 1.1, 1.3, -0.2, 0.0, -0.1, 0.9, 1.0;
  const int nc = static_cast<int>(corners.cols());
  Eigen::Matrix2Xd x(2, nodesPerElement(type));
  x.leftCols(nc) = corners;
  for (int i = nc; i < x.cols() && i < 2 * nc; ++i)
    x.col(i) = 0.5 * (corners.col(i - nc) + corners.col((i - nc + 1) % nc));
  if (type == ElementType::Quad9)
    x.col(8) = corners.rowwise().mean();
  return x;
}

const ElementType kTypes[] = {ElementType::Tri3, ElementType::Tri6, ElementType::Quad4, ElementType::Quad8,
                              ElementType::Quad9};

}  // namespace

TEST(PlaneQuadrature, TriangleAndGaussRulesAreExact)
{
  for (int degree : {1, 2, 4})
    for (int a = 0; a <= degree; ++a)
      for (int b = 0; a + b <= degree; ++b) {
        double sum = 0.0;
        for (const auto& q : triangleQuadrature(degree))
          sum += q.weight * std::pow(q.xi, a) * std::pow(q.eta, b);
        EXPECT_NEAR(sum, factorial(a) * factorial(b) / factorial(a + b + 2), 1e-14) << degree << a << b;
      }
  for (int points : {1, 2, 3})
    for (int a = 0; a < 2 * points; ++a)
      for (int b = 0; b < 2 * points; ++b) {
        double sum = 0.0;
        for (const auto& q : quadQuadrature(points))
          sum += q.weight * std::pow(q.xi, a) * std::pow(q.eta, b);
        auto exact1d = [](int k) { return k % 2 ? 0.0 : 2.0 / (k + 1); };
        EXPECT_NEAR(sum, exact1d(a) * exact1d(b), 1e-14) << points << a << b;
      }
}

TEST(PlaneElement, MassRigidModesAndUniformStrain)
{
  const Material mat{"test", 2.0e3, 0.25, 3.0};
  const double t = 0.1;
  Eigen::Matrix2d A;
  A << 1e-3, 2e-3, -0.5e-3, -1e-3;
  const Eigen::Vector3d eps(A(0, 0), A(1, 1), A(0, 1) + A(1, 0));
  for (ElementType type : kTypes) {
    const Eigen::Matrix2Xd x = distorted(type);
    PlaneElementMatrices em;
    ASSERT_TRUE(planeElementMatrices(type, x, mat, t, em)) << toString(type);
    const int n = static_cast<int>(x.cols());
    // Exact area of the straight-sided polygon (shoelace).
    const int nc = (type == ElementType::Tri3 || type == ElementType::Tri6) ? 3 : 4;
    double area = 0.0;
    for (int i = 0; i < nc; ++i)
      area += 0.5 * (x(0, i) * x(1, (i + 1) % nc) - x(0, (i + 1) % nc) * x(1, i));
    EXPECT_NEAR(em.area, area, 1e-13) << toString(type);
    Eigen::MatrixXd R = Eigen::MatrixXd::Zero(2 * n, 3);
    for (int a = 0; a < n; ++a) {
      R(2 * a, 0) = R(2 * a + 1, 1) = 1.0;
      R(2 * a, 2) = -x(1, a);
      R(2 * a + 1, 2) = x(0, a);
    }
    EXPECT_NEAR(R.col(0).dot(em.mass * R.col(0)), mat.density * t * area, 1e-12) << toString(type);
    EXPECT_LT((em.stiffness * R).norm(), 1e-12 * em.stiffness.norm()) << toString(type);
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(em.stiffness);
    EXPECT_GT(eig.eigenvalues()[3] / eig.eigenvalues().maxCoeff(), 1e-6)
        << toString(type) << ": spurious mode";
    Eigen::VectorXd u(2 * n);
    for (int a = 0; a < n; ++a)
      u.segment<2>(2 * a) = A * x.col(a);
    const double exact = 0.5 * t * area * eps.dot(mat.planeStress() * eps);
    EXPECT_NEAR(0.5 * u.dot(em.stiffness * u), exact, 1e-12 * exact) << toString(type);
  }
}

TEST(PlaneElement, PlanarCantileverMatchesEulerBernoulli)
{
  // Steel bar 1 m long, 20 mm deep in the plane (any thickness): in-plane bending.
  const Material steel{"steel", 210e9, 0.3, 7850.0};
  const double h = 0.02;
  const double f1 = 1.87510406871196 * 1.87510406871196 / (2 * std::numbers::pi) *
                    std::sqrt(steel.youngsModulus * h * h / (12.0 * steel.density));
  for (bool quads : {false, true}) {
    MeshOptions options;
    options.elementSize = 0.01;
    options.quadrilaterals = quads;
    FeMesh mesh;
    ASSERT_TRUE(MeshGenerator(options).meshPlanar(Solid::bar("strip", 1.0, h, 0.01), mesh).ok());
    mbs::solver::SparseMat K, M;
    ASSERT_TRUE(assemblePlanar(mesh, steel, 0.01, K, M, "strip").ok());
    std::vector<int> fixed;
    for (int node : mesh.nodeGroups.at("end_x0"))
      fixed.insert(fixed.end(), {2 * node, 2 * node + 1});
    const auto keep = complementDofs(static_cast<int>(K.rows()), fixed);
    ModalOptions modal;
    modal.count = 2;
    ModalResult modes;
    ASSERT_TRUE(solveModes(restrictToDofs(K, keep), restrictToDofs(M, keep), modal, modes, "strip").ok());
    // Plane stress of a slender strip: Euler-Bernoulli within shear/mesh effects.
    EXPECT_NEAR(modes.frequenciesHz()[0] / f1, 1.0, 5e-3) << (quads ? "Quad8" : "Tri6");
  }
}
