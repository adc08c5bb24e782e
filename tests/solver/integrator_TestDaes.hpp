#pragma once
// Small hand-written DAEs for the integrator tests (independent of System).
#include <algorithm>
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "Dae.hpp"
#include "integrators/Integrator.hpp"

namespace mbs::solver::testing {

inline SparseMat diagonal(const Vec& d)
{
  SparseMat M(d.size(), d.size());
  for (int i = 0; i < d.size(); ++i)
    M.insert(i, i) = d[i];
  M.makeCompressed();
  return M;
}

// Point mass m on a massless link of length L in Cartesian coordinates (x, y), gravity −y:
// Φ = (x² + y² − L²)/2.
class CartesianPendulum : public Dae {
public:
  double m = 1.0, L = 1.0, g = 9.81;
  int numCoordinates() const override { return 2; }
  int numConstraints() const override { return 1; }
  void mass(const Vec&, SparseMat& M) const override { M = diagonal(Vec::Constant(2, m)); }
  void forces(double, const Vec&, const Vec&, Vec& Q) const override { Q = Vec2(0.0, -m * g); }
  void constraints(double, const Vec& q, Vec& phi) const override
  {
    phi.resize(1);
    phi[0] = 0.5 * (q.squaredNorm() - L * L);
  }
  void constraintJacobian(double, const Vec& q, SparseMat& J) const override
  {
    J.resize(1, 2);
    J.setZero();
    J.insert(0, 0) = q[0];
    J.insert(0, 1) = q[1];
    J.makeCompressed();
  }
  void constraintTimeDerivative(double, const Vec&, Vec& phiT) const override { phiT = Vec::Zero(1); }
  void accelerationRhs(double, const Vec&, const Vec& qd, Vec& gamma) const override
  {
    gamma.resize(1);
    gamma[0] = -qd.squaredNorm();
  }
  // Consistent state at rest with the link at angle θ from the downward vertical.
  State initialState(double theta) const
  {
    State s;
    s.q = Vec2(L * std::sin(theta), -L * std::cos(theta));
    s.qd = Vec::Zero(2);
    return s;
  }
  double energy(const Vec& q, const Vec& qd) const { return 0.5 * m * qd.squaredNorm() + m * g * q[1]; }

private:
  using Vec2 = Eigen::Vector2d;
};

// Two point masses on massless links, Cartesian coordinates (x1, y1, x2, y2).
class DoublePendulum : public Dae {
public:
  double m1 = 1.0, m2 = 1.0, L1 = 1.0, L2 = 1.0, g = 9.81;
  int numCoordinates() const override { return 4; }
  int numConstraints() const override { return 2; }
  void mass(const Vec&, SparseMat& M) const override { M = diagonal(Eigen::Vector4d(m1, m1, m2, m2)); }
  void forces(double, const Vec&, const Vec&, Vec& Q) const override
  {
    Q = Eigen::Vector4d(0, -m1 * g, 0, -m2 * g);
  }
  void constraints(double, const Vec& q, Vec& phi) const override
  {
    phi.resize(2);
    phi[0] = 0.5 * (q[0] * q[0] + q[1] * q[1] - L1 * L1);
    phi[1] = 0.5 * ((q[2] - q[0]) * (q[2] - q[0]) + (q[3] - q[1]) * (q[3] - q[1]) - L2 * L2);
  }
  void constraintJacobian(double, const Vec& q, SparseMat& J) const override
  {
    Triplets t{{0, 0, q[0]},        {0, 1, q[1]},        {1, 0, q[0] - q[2]},
               {1, 1, q[1] - q[3]}, {1, 2, q[2] - q[0]}, {1, 3, q[3] - q[1]}};
    J.resize(2, 4);
    J.setFromTriplets(t.begin(), t.end());
  }
  void constraintTimeDerivative(double, const Vec&, Vec& phiT) const override { phiT = Vec::Zero(2); }
  void accelerationRhs(double, const Vec&, const Vec& qd, Vec& gamma) const override
  {
    gamma.resize(2);
    gamma[0] = -(qd[0] * qd[0] + qd[1] * qd[1]);
    gamma[1] = -((qd[2] - qd[0]) * (qd[2] - qd[0]) + (qd[3] - qd[1]) * (qd[3] - qd[1]));
  }
  double energy(const Vec& q, const Vec& qd) const
  {
    return 0.5 * m1 * (qd[0] * qd[0] + qd[1] * qd[1]) + 0.5 * m2 * (qd[2] * qd[2] + qd[3] * qd[3]) +
           g * (m1 * q[1] + m2 * q[3]);
  }
};

// Unconstrained linear oscillators q̈_i = −ω_i² q_i − 2ζ_i ω_i q̇_i (mass 1). With a large ω this
// is the stiff spring-mass case.
class Oscillators : public Dae {
public:
  explicit Oscillators(std::vector<double> omega, std::vector<double> zeta = {})
      : m_omega(std::move(omega)), m_zeta(std::move(zeta))
  {
    m_zeta.resize(m_omega.size(), 0.0);
  }
  int numCoordinates() const override { return static_cast<int>(m_omega.size()); }
  int numConstraints() const override { return 0; }
  void mass(const Vec&, SparseMat& M) const override { M = diagonal(Vec::Ones(numCoordinates())); }
  void forces(double, const Vec& q, const Vec& qd, Vec& Q) const override
  {
    Q.resize(numCoordinates());
    for (int i = 0; i < numCoordinates(); ++i)
      Q[i] = -m_omega[i] * m_omega[i] * q[i] - 2.0 * m_zeta[i] * m_omega[i] * qd[i];
  }
  void constraints(double, const Vec&, Vec& phi) const override { phi.resize(0); }
  void constraintJacobian(double, const Vec&, SparseMat& J) const override { J.resize(0, numCoordinates()); }
  void constraintTimeDerivative(double, const Vec&, Vec& phiT) const override { phiT.resize(0); }
  void accelerationRhs(double, const Vec&, const Vec&, Vec& gamma) const override { gamma.resize(0); }

private:
  std::vector<double> m_omega, m_zeta;
};

struct ExactPendulumRow {
  double t, x, y;
};

// derived_exact/pendulum_A01_exact_0to10s.csv (t, x, y, θ, θ̇, vx, vy).
inline std::vector<ExactPendulumRow> loadExactPendulum()
{
  std::ifstream in(std::string(MBS_SHARED_DIR) + "/refs/data/derived_exact/pendulum_A01_exact_0to10s.csv");
  std::vector<ExactPendulumRow> rows;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#')
      continue;
    std::replace(line.begin(), line.end(), ',', ' ');
    std::istringstream ls(line);
    ExactPendulumRow r{};
    if (ls >> r.t >> r.x >> r.y)
      rows.push_back(r);
  }
  return rows;
}

// Consistent initial state: q, q̇ given, q̈ and λ from the equations of motion.
inline State consistentState(const Dae& dae, State s)
{
  LinearSolver solver;
  solveAccelerations(dae, s.t, s.q, s.qd, s.qdd, s.lambda, solver);
  return s;
}

}  // namespace mbs::solver::testing
