#pragma once
// The flexible slider-crank benchmark of Simeon (Math. Modelling of Systems 2, 1996; the "crank"
// problem of the Test Set for IVP Solvers, crank.f, B. Simeon 1998): rigid crank L1 = 0.15 m
// driven at Ω = 150 rad/s, elastic steel connecting rod L2 = 0.30 m with an 8 mm × 8 mm section
// (E = 2e11 Pa, ρ = 7870 kg/m³), sliding block M3 = 0.075552 kg, no gravity, no damping. The rod's
// deformation is that of crank.f: two lateral modes sin(π ξ), sin(2π ξ) (ξ = s / L2 from the crank
// pin) and a quadratic axial ansatz with nodes at the middle and at the slider end. Here the rod
// is an FFR body with the frame at its undeformed CM and exactly these four shapes, so its modal
// coordinates are crank.f's q1..q4 (q1 = the midpoint's transverse deflection).
#include <cmath>
#include <memory>
#include <numbers>

#include "flexible_BeamModel.hpp"
#include "system_test_models.hpp"

namespace mbs::solver::test {

struct SimeonCrank {
  static constexpr double crankLength = 0.15, rodLength = 0.30;
  static constexpr double width = 0.008, height = 0.008, youngsModulus = 0.20e12, density = 7870.0;
  static constexpr double crankMass = 0.36, sliderMass = 0.075552, omega = 150.0;
  static double rodMass() { return density * width * height * rodLength; }  // 0.151104 kg
};

// Shapes of crank.f's rod at ξ ∈ [0, 1]: (axial, lateral) rows × 4 modes.
inline Eigen::Matrix<double, 2, 4> simeonShapes(double xi)
{
  const double pi = std::numbers::pi;
  Eigen::Matrix<double, 2, 4> s = Eigen::Matrix<double, 2, 4>::Zero();
  s(1, 0) = std::sin(pi * xi);
  s(1, 1) = std::sin(2 * pi * xi);
  s(0, 2) = 4 * xi * (1 - xi);
  s(0, 3) = xi * (2 * xi - 1);
  return s;
}

inline std::shared_ptr<FlexibleBodyData> simeonRod()
{
  using C = SimeonCrank;
  const double pi = std::numbers::pi, l = C::rodLength, h = C::height, b = C::width;
  const double mu = C::density * b * h, facm = mu * l, fack = C::youngsModulus * b * h / l;
  auto rod = std::make_shared<FlexibleBodyData>();
  const int m = 4;
  // crank.f's MQ and KQ. Its axial mass block FACM·[8 1; 1 2] is 15 × the consistent ∫ρA NᵀN of
  // the quadratic ansatz (FACM/15·[8 1; 1 2]); it is kept as published, and used consistently as
  // S̄_xx below (crank.f uses MQ in both the modal mass and the rotational terms qᵀ MQ q).
  Mat mq = Mat::Zero(m, m), kq = Mat::Zero(m, m);
  mq(0, 0) = mq(1, 1) = 0.5 * facm;
  mq(2, 2) = 8 * facm;
  mq(2, 3) = mq(3, 2) = facm;
  mq(3, 3) = 2 * facm;
  kq(0, 0) = fack * std::pow(pi, 4) / 24.0 * std::pow(h / l, 2);
  kq(1, 1) = fack * std::pow(pi, 4) * 2.0 / 3.0 * std::pow(h / l, 2);
  kq(2, 2) = fack * 16.0 / 3.0;
  kq(2, 3) = kq(3, 2) = -fack * 8.0 / 3.0;
  kq(3, 3) = fack * 7.0 / 3.0;
  rod->modalMass = mq;
  rod->modalStiffness = kq;
  rod->modalDamping = Mat::Zero(m, m);
  rod->mass = facm;
  // About the CM: ∫ρ x² along the rod, the section's ∫ρ y² (crank.f's J2 = M2 (L²/3 + h²/12) about
  // the crank pin) and ∫ρ z² (out of plane, only for a positive inertia).
  rod->secondMoment.diagonal() << facm * l * l / 12.0, facm * h * h / 12.0, facm * b * b / 12.0;
  rod->modalFirstMoment = Mat::Zero(3, m);
  for (int i = 0; i < 9; ++i) {
    rod->Ibar[i] = Mat::Zero(1, m);
    rod->Sbar[i] = Mat::Zero(m, m);
  }
  // Centreline integrals by composite 4-point Gauss (exact to round-off for these smooth shapes).
  const double gx[] = {0.0694318442029737, 0.3300094782075719, 0.6699905217924281, 0.9305681557970263};
  const double gw[] = {0.1739274225687269, 0.3260725774312731, 0.3260725774312731, 0.1739274225687269};
  const int segments = 64;
  for (int e = 0; e < segments; ++e)
    for (int g = 0; g < 4; ++g) {
      const double xi = (e + gx[g]) / segments, w = mu * l * gw[g] / segments, x = (xi - 0.5) * l;
      const Eigen::Matrix<double, 2, 4> s = simeonShapes(xi);
      for (int k = 0; k < 2; ++k) {
        rod->modalFirstMoment.row(k) += w * s.row(k);
        rod->Ibar[0 * 3 + k] += w * x * s.row(k);
        for (int l2 = 0; l2 < 2; ++l2)
          rod->Sbar[3 * k + l2] += w * s.row(k).transpose() * s.row(l2);
      }
    }
  rod->Sbar[0].bottomRightCorner(2, 2) = mq.bottomRightCorner(2, 2);  // as published (above)
  // Interface nodes: the crank pin (ξ = 0) and the wrist pin (ξ = 1); small rotation about z is the
  // slope of the lateral shapes, π/L cos(π ξ) and 2π/L cos(2π ξ).
  for (int n = 0; n < 2; ++n) {
    FlexibleInterface node;
    node.name = n == 0 ? "crank_pin" : "wrist_pin";
    node.position = Vec3((n - 0.5) * l, 0, 0);
    node.shapes = Mat::Zero(6, m);
    node.shapes.topRows<2>() = simeonShapes(n);
    node.shapes(5, 0) = pi / l * std::cos(pi * n);
    node.shapes(5, 1) = 2 * pi / l * std::cos(2 * pi * n);
    rod->interfaces.push_back(node);
  }
  // Recovery nodes every L/10 along the centreline (node 5 = the midpoint).
  const int nodes = 11;
  rod->nodes = Mat::Zero(3, nodes);
  rod->nodalShapes = Mat::Zero(3 * nodes, m);
  for (int n = 0; n < nodes; ++n) {
    const double xi = n / 10.0;
    rod->nodes(0, n) = (xi - 0.5) * l;
    rod->nodalShapes.middleRows<2>(3 * n) = simeonShapes(xi);
  }
  return rod;
}

// The mechanism at crank angle 0 (crank along x, rod and slider on the x axis), in the state of
// crank.f: rod angle rate φ2', slider position/velocity x3, x3' and the rod's modal state.
struct SimeonInitial {
  double rodRate = -75.0, sliderX = 0.45, sliderRate = 0.0;
  Vec eta = Vec::Zero(4), etaRate = Vec::Zero(4);
};

// `rodData`: the rod's modal record (null: simeonRod()); any record of the 0.30 m rod with its frame
// at the CM and interface nodes 0 / 1 at the crank pin / wrist pin (e.g. a Craig-Bampton rod).
inline Model simeonSliderCrank(const SimeonInitial& init = {},
                               std::shared_ptr<const FlexibleBodyData> rodData = nullptr)
{
  using C = SimeonCrank;
  Model m;
  m.name = "flexible_slider_crank";
  m.gravity = Vec3::Zero();
  const double l1 = C::crankLength, l2 = C::rodLength;
  // Crank: a uniform bar (its inertia does not matter, the crank is driven).
  Body crank =
      makeBody("crank", C::crankMass, {1e-5, C::crankMass * l1 * l1 / 12, C::crankMass * l1 * l1 / 12},
               Vec3(0.5 * l1, 0, 0));
  crank.velocity = Vec3(0, C::omega * 0.5 * l1, 0);
  crank.angularVelocity = Vec3(0, 0, C::omega);
  m.bodies.push_back(crank);
  Body rod = flexibleBody("rod", rodData ? std::move(rodData) : simeonRod(), Vec3(l1 + 0.5 * l2, 0, 0));
  rod.velocity = Vec3(0, C::omega * l1 + init.rodRate * 0.5 * l2, 0);
  rod.angularVelocity = Vec3(0, 0, init.rodRate);
  if (init.eta.size() == rod.flexible->modeCount()) {
    rod.modalCoordinates = init.eta;
    rod.modalVelocities = init.etaRate;
  }
  m.bodies.push_back(rod);
  Body slider = makeBody("slider", C::sliderMass, {1e-6, 1e-6, 1e-6}, Vec3(init.sliderX, 0, 0));
  slider.velocity = Vec3(init.sliderRate, 0, 0);
  m.bodies.push_back(slider);

  const int crankO = addMarker(m, "crank_O", 0, Vec3(-0.5 * l1, 0, 0));
  const int groundO = addMarker(m, "ground_O", kGround, Vec3::Zero());
  const int crankA = addMarker(m, "crank_A", 0, Vec3(0.5 * l1, 0, 0));
  const int rodA = addNodeMarker(m, "rod_A", 1, 0);
  const int rodB = addNodeMarker(m, "rod_B", 1, 1);
  const int sliderB = addMarker(m, "slider_B", 2, Vec3::Zero());
  const Mat3 alongX = Eigen::AngleAxisd(std::numbers::pi / 2, Vec3::UnitY()).matrix();
  const int sliderT = addMarker(m, "slider_T", 2, Vec3::Zero(), alongX);
  const int groundT = addMarker(m, "ground_T", kGround, Vec3::Zero(), alongX);
  addJoint(m, "crank_pivot", JointType::Revolute, crankO, groundO);
  addJoint(m, "crank_pin", JointType::Revolute, rodA, crankA);
  addJoint(m, "wrist_pin", JointType::Revolute, rodB, sliderB);
  addJoint(m, "slide", JointType::Translational, sliderT, groundT);
  Motion drive;
  drive.name = "crank_drive";
  drive.iMarker = crankO;
  drive.jMarker = groundO;
  drive.axis = MotionAxis::RotationZ;
  drive.displacement = std::make_shared<Polynomial>(0.0, C::omega);
  m.motions.push_back(drive);
  return m;
}

}  // namespace mbs::solver::test
