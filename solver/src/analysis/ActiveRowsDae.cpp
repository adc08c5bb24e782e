#include "analysis/ActiveRowsDae.hpp"

#include <stdexcept>

#include "analysis/ConstraintRows.hpp"

namespace mbs::solver {

ActiveRowsDae::ActiveRowsDae(const Dae& system, std::vector<int> rows)
    : m_system(system), m_rows(std::move(rows))
{
  for (std::size_t k = 0; k < m_rows.size(); ++k)
    if (m_rows[k] < 0 || m_rows[k] >= system.numConstraints() || (k > 0 && m_rows[k] <= m_rows[k - 1]))
      throw std::invalid_argument("ActiveRowsDae: rows must be ascending indices of the system's rows");
}

Vec ActiveRowsDae::fullMultipliers(const Vec& lambda) const
{
  return detail::scatterRows(lambda, m_rows, m_system.numConstraints());
}

void ActiveRowsDae::constraints(double t, const Vec& q, Vec& phi) const
{
  Vec all;
  m_system.constraints(t, q, all);
  phi = detail::selectRows(all, m_rows);
}

void ActiveRowsDae::constraintJacobian(double t, const Vec& q, SparseMat& phiQ) const
{
  SparseMat all;
  m_system.constraintJacobian(t, q, all);
  phiQ = detail::selectRows(all, m_rows);
}

void ActiveRowsDae::constraintProducts(double t, const Vec& q, const Vec& v, const Mat& multipliers, Vec& phi,
                                       Vec& phiQv, Mat& phiQtMultipliers) const
{
  // The removed rows carry zero multipliers, so Φ_qᵀ over all rows gives the active rows' sum.
  Mat all = Mat::Zero(m_system.numConstraints(), multipliers.cols());
  for (std::size_t k = 0; k < m_rows.size(); ++k)
    all.row(m_rows[k]) = multipliers.row(static_cast<Eigen::Index>(k));
  Vec phiAll, phiQvAll;
  m_system.constraintProducts(t, q, v, all, phiAll, phiQvAll, phiQtMultipliers);
  phi = detail::selectRows(phiAll, m_rows);
  phiQv = detail::selectRows(phiQvAll, m_rows);
}

void ActiveRowsDae::constraintSecondDerivatives(double t, const Vec& q, const Vec& lambda, const Vec& v,
                                                SparseMat& dPhiQtLambda, SparseMat& dPhiQv) const
{
  SparseMat all;
  m_system.constraintSecondDerivatives(t, q, fullMultipliers(lambda), v, dPhiQtLambda, all);
  dPhiQv = detail::selectRows(all, m_rows);
}

void ActiveRowsDae::constraintTimeDerivative(double t, const Vec& q, Vec& phiT) const
{
  Vec all;
  m_system.constraintTimeDerivative(t, q, all);
  phiT = detail::selectRows(all, m_rows);
}

void ActiveRowsDae::accelerationRhs(double t, const Vec& q, const Vec& qd, Vec& gamma) const
{
  Vec all;
  m_system.accelerationRhs(t, q, qd, all);
  gamma = detail::selectRows(all, m_rows);
}

void ActiveRowsDae::reactionForceJacobians(double t, const Vec& q, const Vec& qd, const Vec& lambda,
                                           SparseMat& dQdLambda, SparseMat& dQdqd) const
{
  SparseMat all;
  m_system.reactionForceJacobians(t, q, qd, fullMultipliers(lambda), all, dQdqd);
  dQdLambda = SparseMat(detail::selectRows(SparseMat(all.transpose()), m_rows).transpose());
}

}  // namespace mbs::solver
