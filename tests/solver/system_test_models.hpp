#pragma once
// Small models and finite-difference helpers shared by the System / analysis tests.
#include <fstream>
#include <functional>
#include <numbers>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "System.hpp"

namespace mbs::solver::test {

// a + b t + c t² with exact derivatives.
class Polynomial final : public TimeFunction {
public:
  Polynomial(double a, double b, double c = 0.0) : m_a(a), m_b(b), m_c(c) {}
  double value(double t) const override { return m_a + m_b * t + m_c * t * t; }
  double derivative(double t, int order) const override { return order == 1 ? m_b + 2 * m_c * t : 2 * m_c; }

private:
  double m_a, m_b, m_c;
};

// A StateFunction given by a lambda.
class LambdaFunction final : public StateFunction {
public:
  explicit LambdaFunction(std::function<double(const StateView&)> f) : m_f(std::move(f)) {}
  double evaluate(const StateView& s) const override { return m_f(s); }

private:
  std::function<double(const StateView&)> m_f;
};

inline Mat3 randomRotation(std::mt19937& rng)
{
  std::normal_distribution<double> n;
  return Quat(n(rng), n(rng), n(rng), n(rng)).normalized().toRotationMatrix();
}

inline Vec3 randomVec(std::mt19937& rng, double scale = 1.0)
{
  std::uniform_real_distribution<double> u(-scale, scale);
  return {u(rng), u(rng), u(rng)};
}

inline Body makeBody(const std::string& name, double mass, const Vec3& inertia, const Vec3& position,
                     const Quat& orientation = Quat::Identity())
{
  Body b;
  b.name = name;
  b.mass = mass;
  b.inertia = inertia.asDiagonal();
  b.position = position;
  b.orientation = orientation;
  return b;
}

inline int addMarker(Model& m, const std::string& name, int body, const Vec3& position,
                     const Mat3& orientation = Mat3::Identity())
{
  Marker mk;
  mk.name = name;
  mk.body = body;
  mk.position = position;
  mk.orientation = orientation;
  m.markers.push_back(mk);
  return static_cast<int>(m.markers.size()) - 1;
}

inline int addJoint(Model& m, const std::string& name, JointType type, int iMarker, int jMarker)
{
  Joint j;
  j.name = name;
  j.type = type;
  j.iMarker = iMarker;
  j.jMarker = jMarker;
  m.joints.push_back(j);
  return static_cast<int>(m.joints.size()) - 1;
}

// Random unit Euler parameters and positions for every body; q̇ consistent with pᵀṗ = 0.
inline void randomState(const System& sys, std::mt19937& rng, Vec& q, Vec& qd)
{
  const int nb = sys.numBodies();
  q.resize(7 * nb);
  qd.resize(7 * nb);
  std::normal_distribution<double> n;
  for (int b = 0; b < nb; ++b) {
    q.segment<3>(7 * b) = randomVec(rng, 2.0);
    const Vec4 p = Vec4(n(rng), n(rng), n(rng), n(rng)).normalized();
    q.segment<4>(7 * b + 3) = p;
    qd.segment<3>(7 * b) = randomVec(rng, 1.0);
    Vec4 pd = Vec4(n(rng), n(rng), n(rng), n(rng));
    pd -= p * p.dot(pd);
    qd.segment<4>(7 * b + 3) = pd;
  }
}

// Central-difference Jacobian of f: R^n → R^m.
inline Mat numericJacobian(const std::function<Vec(const Vec&)>& f, const Vec& x, double h = 1e-6)
{
  const Vec f0 = f(x);
  Mat J(f0.size(), x.size());
  Vec xp = x;
  for (int k = 0; k < x.size(); ++k) {
    xp[k] = x[k] + h;
    const Vec fp = f(xp);
    xp[k] = x[k] - h;
    const Vec fm = f(xp);
    xp[k] = x[k];
    J.col(k) = (fp - fm) / (2 * h);
  }
  return J;
}

// Planar slider-crank in the xy plane (CASES.md closed form 1), all joints as in a 3-D model:
// revolute crank–ground, revolute rod–crank, revolute rod–slider, translational slider–ground
// along x, and a rotation motion of the crank θ(t) = θ0 + ω t. Bodies start near (not at) the
// assembled position. Rows: 3 normalization + 15 + 5 + 1 = 24 on 21 coordinates (3 redundant).
inline Model sliderCrank(double r, double l, double theta0, double omega, bool perturb = true)
{
  Model m;
  m.name = "slider_crank";
  const double x = r * std::cos(theta0) + std::sqrt(l * l - std::pow(r * std::sin(theta0), 2));
  const Vec3 a(r * std::cos(theta0), r * std::sin(theta0), 0.0), b(x, 0.0, 0.0);
  const double psi = std::atan2(b.y() - a.y(), b.x() - a.x());
  const double e = perturb ? 0.01 : 0.0;
  m.bodies.push_back(makeBody("crank", 0.5, {1e-4, 4e-4, 4e-4}, 0.5 * a + Vec3(e, -e, e),
                              Quat(Eigen::AngleAxisd(theta0 + 5 * e, Vec3::UnitZ()))));
  m.bodies.push_back(makeBody("rod", 1.2, {2e-4, 9e-3, 9e-3}, 0.5 * (a + b) + Vec3(-e, e, 0),
                              Quat(Eigen::AngleAxisd(psi - 3 * e, Vec3::UnitZ()))));
  m.bodies.push_back(makeBody("slider", 2.0, {1e-3, 1e-3, 1e-3}, b + Vec3(e, e, -e)));
  const int crankO = addMarker(m, "crank_O", 0, Vec3(-r / 2, 0, 0));
  const int groundO = addMarker(m, "ground_O", kGround, Vec3::Zero());
  const int crankA = addMarker(m, "crank_A", 0, Vec3(r / 2, 0, 0));
  const int rodA = addMarker(m, "rod_A", 1, Vec3(-l / 2, 0, 0));
  const int rodB = addMarker(m, "rod_B", 1, Vec3(l / 2, 0, 0));
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
  drive.displacement = std::make_shared<Polynomial>(theta0, omega);
  m.motions.push_back(drive);
  return m;
}

// Data row `row` (0-based, after the 3 header lines) of an ADAMS reference file of the Chrono
// joint tests (tab separated: time then the columns).
inline std::vector<double> adamsRow(const std::string& relativePath, int row)
{
  std::ifstream in(std::string(MBS_SHARED_DIR) + "/refs/data/chrono_joints_adams/" + relativePath);
  std::string line;
  for (int k = 0; k < 3 && std::getline(in, line); ++k) {
  }
  for (int k = 0; k <= row && std::getline(in, line); ++k) {
  }
  std::istringstream fields(line);
  std::vector<double> values;
  for (double v; fields >> v;)
    values.push_back(v);
  return values;
}

}  // namespace mbs::solver::test
