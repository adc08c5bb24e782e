// Plane bodies (plane-stress Tri6/Quad8 with a thickness, Gmsh 2-D mesh):
//  - FE level: an in-plane cantilever's static tip deflection against Timoshenko beam theory
//    (P L^3 / 3EI + P L / kappa G A) and its first bending frequency against Euler-Bernoulli;
//  - Craig-Bampton: the reduced plane body's fixed-interface modes are the FE cantilever's, its
//    inertia invariants are the plate's closed forms (thickness term included) and its interface
//    and stress shapes are embedded in 3-D in a plane that is not the body's x-y plane;
//  - solver: the reduced body clamped in the FFR dynamics sags under gravity as the closed form
//    q L^4 / 8EI + q L^2 / 2 kappa G A and has the fixed-interface frequencies, with no zero modes.
#include <gtest/gtest.h>

#include <Eigen/SparseCholesky>
#include <cmath>
#include <numbers>

#include "analysis/LinearAnalysis.hpp"
#include "analysis/StaticAnalysis.hpp"
#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/CraigBampton.hpp"
#include "mbs/mesh/FlexibleBodyConversion.hpp"
#include "mbs/mesh/MeshGenerator.hpp"
#include "mbs/mesh/ModalSolver.hpp"

using namespace mbs;
using mesh::FeMesh;

namespace {

const mesh::Material kSteel{"steel", 210e9, 0.3, 7850.0};
constexpr double kThickness = 0.01;  // t (out of plane)
// Timoshenko's shear coefficient of a rectangle in plane stress (Cowper): 10 (1 + nu) / (12 + 11 nu).
const double kKappa = 10.0 * (1.0 + kSteel.poissonRatio) / (12.0 + 11.0 * kSteel.poissonRatio);

double bendingStiffness(double h)
{
  return kSteel.youngsModulus * kThickness * h * h * h / 12.0;
}

// A bar profile L x h in the x-y plane (root edge x = 0 "end_x0", tip edge x = L "end_x1").
FeMesh beamMesh(double L, double h, bool quads)
{
  mesh::MeshOptions options;
  options.elementSize = h / 4.0;
  options.order = 2;
  options.quadrilaterals = quads;
  FeMesh fe;
  const auto status = mesh::MeshGenerator(options).meshPlanar(mesh::Solid::bar("beam", L, h, kThickness), fe);
  EXPECT_TRUE(status.ok()) << status.message;
  return fe;
}

// In-plane DOFs (2 per node) of the nodes.
std::vector<int> planeDofs(const std::vector<int>& nodes)
{
  std::vector<int> dofs;
  for (int n : nodes)
    dofs.insert(dofs.end(), {2 * n, 2 * n + 1});
  std::sort(dofs.begin(), dofs.end());
  return dofs;
}

// Consistent nodal forces of a uniform shear traction (total -P along y) on the straight tip edge
// of a quadratic mesh: corner and mid-side nodes alternate along the edge (Simpson weights).
solver::Vec tipLoad(const FeMesh& fe, double P)
{
  std::vector<int> edge = fe.nodeGroups.at("end_x1");
  std::sort(edge.begin(), edge.end(), [&](int a, int b) { return fe.nodes(1, a) < fe.nodes(1, b); });
  const double h = fe.nodes(1, edge.back()) - fe.nodes(1, edge.front());
  solver::Vec f = solver::Vec::Zero(2 * fe.nodeCount());
  for (std::size_t k = 0; k + 2 < edge.size(); k += 2) {
    const double len = fe.nodes(1, edge[k + 2]) - fe.nodes(1, edge[k]);
    const double q = -P / h * len;
    f[2 * edge[k] + 1] += q / 6.0;
    f[2 * edge[k + 1] + 1] += 4.0 * q / 6.0;
    f[2 * edge[k + 2] + 1] += q / 6.0;
  }
  return f;
}

// Mean y displacement of the tip edge of the cantilever (root clamped) under a tip shear P.
double tipDeflection(const FeMesh& fe, double P)
{
  solver::SparseMat K, M;
  EXPECT_TRUE(mesh::assemblePlanar(fe, kSteel, kThickness, K, M, "beam").ok());
  const std::vector<int> free =
      mesh::complementDofs(static_cast<int>(K.rows()), planeDofs(fe.nodeGroups.at("end_x0")));
  const solver::Vec f = tipLoad(fe, P);
  EXPECT_NEAR(-f.sum(), P, 1e-9 * P);
  Eigen::SimplicialLDLT<solver::SparseMat> ldlt(mesh::restrictToDofs(K, free));
  EXPECT_EQ(ldlt.info(), Eigen::Success);
  const solver::Vec u = ldlt.solve(f(free));
  solver::Vec full = solver::Vec::Zero(K.rows());
  full(free) = u;
  double sum = 0.0;
  for (int n : fe.nodeGroups.at("end_x1"))
    sum += full[2 * n + 1];
  return sum / static_cast<double>(fe.nodeGroups.at("end_x1").size());
}

double timoshenkoTip(double P, double L, double h)
{
  const double G = kSteel.shearModulus(), A = h * kThickness;
  return P * L * L * L / (3.0 * bendingStiffness(h)) + P * L / (kKappa * G * A);
}

double eulerBernoulliHz(double betaL, double L, double h)
{
  const double rhoA = kSteel.density * h * kThickness;
  return betaL * betaL / (2.0 * std::numbers::pi) * std::sqrt(bendingStiffness(h) / (rhoA * std::pow(L, 4)));
}

}  // namespace

TEST(PlaneBody, CantileverTipDeflectionIsTimoshenkos)
{
  const double P = 1000.0;
  // Slender (L/h = 10, shear 0.8 % of the deflection) and stubby (L/h = 4, shear 4.8 %), triangles
  // and quadrangles. The clamped root edge (no Poisson contraction there) stiffens slightly.
  for (const auto& [L, h] : {std::pair{0.5, 0.05}, std::pair{0.2, 0.05}})
    for (bool quads : {false, true}) {
      const FeMesh fe = beamMesh(L, h, quads);
      const double fem = -tipDeflection(fe, P);
      const double exact = timoshenkoTip(P, L, h);
      const double bending = P * L * L * L / (3.0 * bendingStiffness(h));
      EXPECT_NEAR(fem / exact, 1.0, 0.01) << "L/h " << L / h << (quads ? " Quad8" : " Tri6");
      // The shear term is really there: without it the error would be larger than with it.
      if (L / h < 5.0)
        EXPECT_LT(std::abs(fem - exact), std::abs(fem - bending)) << (quads ? " Quad8" : " Tri6");
    }
}

TEST(PlaneBody, CantileverFirstFrequencyIsEulerBernoullis)
{
  const double L = 1.0, h = 0.05;  // L/h = 20: Timoshenko corrections ~0.3 %
  for (bool quads : {false, true}) {
    const FeMesh fe = beamMesh(L, h, quads);
    solver::SparseMat K, M;
    ASSERT_TRUE(mesh::assemblePlanar(fe, kSteel, kThickness, K, M, "beam").ok());
    const std::vector<int> free =
        mesh::complementDofs(static_cast<int>(K.rows()), planeDofs(fe.nodeGroups.at("end_x0")));
    mesh::ModalOptions options;
    options.count = 2;
    mesh::ModalResult modes;
    ASSERT_TRUE(
        mesh::solveModes(mesh::restrictToDofs(K, free), mesh::restrictToDofs(M, free), options, modes, "beam")
            .ok());
    const solver::Vec f = modes.frequenciesHz();
    EXPECT_NEAR(f[0] / eulerBernoulliHz(1.87510406871196, L, h), 1.0, 0.01) << (quads ? "Quad8" : "Tri6");
    EXPECT_NEAR(f[1] / eulerBernoulliHz(4.69409113297418, L, h), 1.0, 0.02) << (quads ? "Quad8" : "Tri6");
  }
}

namespace {

constexpr double kL = 1.0, kH = 0.05;

// The plane beam placed in the body's x-z plane (in-plane x = x, in-plane y = z, normal = -y) and
// reduced with one interface at its root edge.
struct Reduced {
  FeMesh fe;  // nodes in the body frame
  Eigen::Matrix3d axes;
  mesh::ReducedBody body;
};

const Reduced& rootReducedBeam()
{
  static const Reduced r = [] {
    Reduced out;
    out.fe = beamMesh(kL, kH, false);
    out.axes.col(0) = Eigen::Vector3d::UnitX();
    out.axes.col(1) = Eigen::Vector3d::UnitZ();
    out.axes.col(2) = -Eigen::Vector3d::UnitY();
    out.fe.nodes = out.axes * out.fe.nodes;
    mesh::CraigBamptonOptions cb;
    cb.fixedInterfaceModes = 8;
    cb.planeThickness = kThickness;
    cb.planeAxes = out.axes;
    const auto status =
        mesh::CraigBampton(cb).reduce("beam", out.fe, kSteel, {{"root", {0, 0, 0}, 0.0, "end_x0"}}, out.body);
    EXPECT_TRUE(status.ok()) << status.message;
    return out;
  }();
  return r;
}

solver::Model clampedBeam(const Eigen::Vector3d& gravity)
{
  const Reduced& r = rootReducedBeam();
  auto data = std::make_shared<solver::FlexibleBodyData>(mesh::toFlexibleBodyData(r.body, {}, r.fe));
  solver::Model m;
  m.gravity = gravity;
  solver::Body b;
  b.name = "beam";
  b.mass = data->mass;
  b.position = r.body.invariants.centreOfMass();
  b.flexible = data;
  m.bodies.push_back(b);
  solver::Marker root;
  root.name = "beam_root";
  root.body = 0;
  root.position = data->interfaces[0].position;
  root.interfaceNode = 0;
  m.markers.push_back(root);
  solver::Marker ground;
  ground.name = "ground_root";
  ground.body = solver::kGround;
  ground.position = r.body.interfaces[0].position;
  m.markers.push_back(ground);
  solver::Joint clamp;
  clamp.name = "clamp";
  clamp.type = solver::JointType::Fixed;
  clamp.iMarker = 0;
  clamp.jMarker = 1;
  m.joints.push_back(clamp);
  return m;
}

}  // namespace

TEST(PlaneBody, CraigBamptonKeepsThreeRigidModesAndTheCantileverModes)
{
  const Reduced& r = rootReducedBeam();
  const mesh::ReducedBody& body = r.body;
  EXPECT_EQ(body.rigidModeCount, 3);
  EXPECT_EQ(body.constraintModeCount, 3);
  ASSERT_EQ(body.modeCount(), 8 + 3);
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(body.frequenciesHz[i], 0.0);
  // No spurious zero modes: the elastic spectrum starts at the free-free beam's first bending mode.
  EXPECT_NEAR(body.frequenciesHz[3] / eulerBernoulliHz(4.73004074486270, kL, kH), 1.0, 0.02);
  // A spider whose master is clamped clamps its nodes: the fixed-interface modes are the FE cantilever's.
  EXPECT_NEAR(body.fixedInterfaceFrequenciesHz[0] / eulerBernoulliHz(1.87510406871196, kL, kH), 1.0, 0.02);
  // Modes and interface shapes have no out-of-plane (y) component and rotate about the normal only.
  for (int i = 0; i < r.fe.nodeCount(); ++i)
    ASSERT_EQ(body.modeShapes.row(3 * i + 1).cwiseAbs().maxCoeff(), 0.0);
  const mesh::InterfaceNode& root = body.interfaces[0];
  EXPECT_EQ(root.shapes.row(1).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(root.shapes.row(3).cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(root.shapes.row(5).cwiseAbs().maxCoeff(), 0.0);
  // Spider nodes move rigidly with the interface node, in 3-D.
  for (int s : root.spiderNodes)
    for (int j = 0; j < body.modeCount(); ++j) {
      const Eigen::Vector3d expected = root.shapes.col(j).head<3>() +
                                       Eigen::Vector3d(root.shapes.col(j).tail<3>()).cross(r.fe.nodes.col(s));
      ASSERT_LT((body.modeShapes.block(3 * s, j, 3, 1) - expected).norm(), 1e-9 * (1.0 + expected.norm()));
    }
}

TEST(PlaneBody, InertiaInvariantsAreThePlatesIncludingItsThickness)
{
  const mesh::InertiaInvariants& inv = rootReducedBeam().body.invariants;
  const double m = kSteel.density * kL * kH * kThickness;
  EXPECT_NEAR(inv.mass / m, 1.0, 1e-12);
  EXPECT_LT((inv.centreOfMass() - Eigen::Vector3d(0.5 * kL, 0, 0)).norm(), 1e-12);
  // Body axes: length along x, height h along z, thickness t along y.
  Eigen::Matrix3d exact = Eigen::Matrix3d::Zero();
  exact.diagonal() << m * (kH * kH + kThickness * kThickness) / 12, m * (kL * kL + kH * kH) / 12,
      m * (kL * kL + kThickness * kThickness) / 12;
  EXPECT_LT((inv.centralInertia() - exact).norm(), 1e-10 * exact.norm());
  // The elastic modes satisfy the mean-axis conditions.
  const mesh::InertiaInvariants e = inv.select(rootReducedBeam().body.elasticModes());
  EXPECT_LT(e.modalFirstMoment.cwiseAbs().maxCoeff(), 1e-9 * std::sqrt(m));
  EXPECT_LT(e.modalAngularMoment().cwiseAbs().maxCoeff(), 1e-9 * std::sqrt(m) * kL);
}

TEST(PlaneBody, StressShapesArePlaneStressInTheBodyAxes)
{
  const mesh::ReducedBody& body = rootReducedBeam().body;
  ASSERT_FALSE(body.stressNodes.empty());
  ASSERT_EQ(body.stressShapes.rows(), 6 * static_cast<Eigen::Index>(body.stressNodes.size()));
  // In-plane axes x and z: sigma_xx, sigma_zz, sigma_xz carry the stress, the y rows are zero.
  double inPlane = 0.0;
  for (Eigen::Index r = 0; r < body.stressShapes.rows(); r += 6) {
    inPlane = std::max(inPlane, body.stressShapes.row(r).cwiseAbs().maxCoeff());
    for (int k : {1, 3, 5})
      ASSERT_LT(body.stressShapes.row(r + k).cwiseAbs().maxCoeff(), 1e-6 * (1.0 + inPlane));
  }
  EXPECT_GT(inPlane, 0.0);
}

TEST(PlaneBody, ReducedBodyClampedInTheSolverSagsAsTheClosedForm)
{
  const double g = 9.81;
  const solver::System sys(clampedBeam(Eigen::Vector3d(0, 0, -g)));
  solver::State state;
  const auto s = solver::solveStatics(sys, state);
  ASSERT_TRUE(s.ok()) << s.message;
  const Reduced& r = rootReducedBeam();
  const solver::Vec u = sys.nodalDisplacements(0, state.q);
  const auto& flex = *sys.model().bodies[0].flexible;
  const Eigen::Quaterniond rot(state.q[3], state.q[4], state.q[5], state.q[6]);
  const auto& tipNodes = r.fe.nodeGroups.at("end_x1");
  double tipZ = 0.0, tipY = 0.0;
  for (int n : tipNodes) {
    const Eigen::Vector3d p = state.q.head<3>() + rot * (flex.nodes.col(n) + u.segment<3>(3 * n));
    tipZ += p.z();
    tipY += p.y();
  }
  tipZ /= static_cast<double>(tipNodes.size());
  tipY /= static_cast<double>(tipNodes.size());
  // Uniform load q = rho g h t: q L^4 / 8EI + q L^2 / (2 kappa G A).
  const double q = kSteel.density * g * kH * kThickness;
  const double exact = q * std::pow(kL, 4) / (8.0 * bendingStiffness(kH)) +
                       q * kL * kL / (2.0 * kKappa * kSteel.shearModulus() * kH * kThickness);
  EXPECT_NEAR(-tipZ / exact, 1.0, 0.01);
  EXPECT_NEAR(tipY, 0.0, 1e-12);  // nothing moves out of the plane

  // Linearized about the sagged state: the fixed-interface frequencies, all elastic, none zero.
  solver::LinearSystem lin;
  ASSERT_TRUE(solver::linearize(sys, state, lin).ok());
  ASSERT_EQ(static_cast<int>(lin.modes.size()), 8);
  const auto& fixed = r.body.fixedInterfaceFrequenciesHz;
  for (int i = 0; i < 4; ++i)
    EXPECT_NEAR(lin.modes[i].naturalFrequency / fixed[i], 1.0, 1e-4) << "mode " << i;
}

TEST(PlaneBody, RefusesAPlaneMeshWithoutThicknessOrOutOfItsPlane)
{
  const FeMesh fe = beamMesh(0.2, 0.05, false);
  mesh::ReducedBody body;
  mesh::CraigBamptonOptions cb;
  cb.fixedInterfaceModes = 2;
  auto s = mesh::CraigBampton(cb).reduce("beam", fe, kSteel, {{"root", {0, 0, 0}, 0.0, "end_x0"}}, body);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("'beam'"), std::string::npos);
  EXPECT_NE(s.message.find("thickness"), std::string::npos);
  cb.planeThickness = kThickness;
  cb.planeAxes = Eigen::AngleAxisd(0.3, Eigen::Vector3d::UnitX()).toRotationMatrix();
  s = mesh::CraigBampton(cb).reduce("beam", fe, kSteel, {{"root", {0, 0, 0}, 0.0, "end_x0"}}, body);
  EXPECT_FALSE(s.ok());
  EXPECT_NE(s.message.find("do not lie in the plane"), std::string::npos) << s.message;
}
