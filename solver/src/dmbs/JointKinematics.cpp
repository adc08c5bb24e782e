#include "dmbs/JointKinematics.hpp"

#include <Eigen/LU>
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

namespace mbs::solver::dmbs {
namespace {

// Max |Φ| of the active rows at (t, q) and the row's description.
double residual(JointSpaceEquations& eq, double t, const Vec& q, Vec& phi, const Vec& zeroRates,
                std::string* where)
{
  TreeDynamics& tree = eq.tree();
  tree.kinematics(q, zeroRates);
  const std::vector<int>& active = eq.activeRows();
  phi.resize(static_cast<int>(active.size()));
  double largest = 0.0;
  for (int r = 0; r < phi.size(); ++r) {
    phi[r] = evaluateRow(eq.rows()[active[r]], tree, q, zeroRates, t).phi;
    if (std::abs(phi[r]) >= largest) {
      largest = std::abs(phi[r]);
      if (where)
        *where = describeRow(eq.model(), eq.rows()[active[r]]);
    }
  }
  return largest;
}

// G factored, or false when it is singular (a lock-up, a change of assembly branch).
bool factorJacobian(JointSpaceEquations& eq, Eigen::PartialPivLU<Mat>& lu)
{
  const Mat g = eq.jacobian();
  lu.compute(g);
  const auto& f = lu.matrixLU();
  double largest = 0.0, smallest = std::numeric_limits<double>::infinity();
  for (int i = 0; i < f.rows(); ++i) {
    largest = std::max(largest, std::abs(f(i, i)));
    smallest = std::min(smallest, std::abs(f(i, i)));
  }
  return f.rows() == 0 || smallest > 1e-12 * largest;
}

}  // namespace

Status checkZeroDof(const JointSpaceEquations& equations, const std::string& modelName)
{
  const int dof = equations.numRates() - static_cast<int>(equations.activeRows().size());
  if (dof == 0)
    return Status::success();
  return Status::failure(StatusCode::BadInput,
                         "kinematics: the model has " + std::to_string(dof) +
                             " degrees of freedom; kinematic analysis needs motions on all of them",
                         modelName);
}

Status solveJointKinematics(JointSpaceEquations& eq, double t, Vec& q, Vec& v,
                            const JointKinematicsOptions& options)
{
  const Topology& topology = eq.tree().topology();
  const Vec zeroRates = Vec::Zero(topology.nv);
  Eigen::PartialPivLU<Mat> lu;
  Vec phi, step, dq(topology.nq);
  std::string where;
  double largest = residual(eq, t, q, phi, zeroRates, &where);
  for (int it = 0; largest > options.positionTolerance; ++it) {
    if (it == options.maxIterations || !std::isfinite(largest)) {
      std::ostringstream msg;
      msg << "kinematics (DMBS): positions did not converge at t = " << t << " s (largest residual "
          << largest << " in " << where << ")";
      return Status::failure(StatusCode::NoConvergence, msg.str(), {}, t);
    }
    if (!factorJacobian(eq, lu))
      return Status::failure(StatusCode::SingularJacobian,
                             "kinematics (DMBS): singular joint-space Jacobian at t = " + std::to_string(t) +
                                 " s (a lock-up or change of assembly branch)",
                             {}, t);
    step = lu.solve(-phi);
    // The increment is in the rates: q ← q + Q(q) Δ, unit quaternions kept.
    for (const Mobilizer& m : topology.mobilizers)
      coordinateRates(m, q.data() + m.qOffset, step.data() + m.vOffset, dq.data() + m.qOffset);
    q += dq;
    for (const Mobilizer& m : topology.mobilizers)
      normalizeCoordinates(m, q.data() + m.qOffset);
    largest = residual(eq, t, q, phi, zeroRates, &where);
  }
  // Velocities: Φ̇ = G v + Φ_t = 0, Φ_t being Φ̇ at v = 0 (the tree's kinematics are at (q, 0)).
  if (!factorJacobian(eq, lu))
    return Status::failure(StatusCode::SingularJacobian,
                           "kinematics (DMBS): singular joint-space Jacobian at t = " + std::to_string(t) +
                               " s (a lock-up or change of assembly branch)",
                           {}, t);
  const std::vector<int>& active = eq.activeRows();
  Vec phiT(static_cast<int>(active.size()));
  for (int r = 0; r < phiT.size(); ++r)
    phiT[r] = evaluateRow(eq.rows()[active[r]], eq.tree(), q, zeroRates, t).phiDot;
  v = lu.solve(-phiT);
  return Status::success();
}

}  // namespace mbs::solver::dmbs
