#pragma once
// The cut-joint multipliers of a tree with many loops, without a dense G M⁻¹ Gᵀ. The tree's
// joint-space mass matrix M (composite-rigid-body algorithm) has branch-induced sparsity: M_ij ≠ 0
// only if the joints of rates i and j lie on one path to the root. With the rates numbered leaves
// first, its Cholesky factor M = L Lᵀ has no fill (Featherstone, "Efficient factorization of the
// joint-space inertia matrix for branched kinematic trees", 2005). Each equation's row of the
// joint-space Jacobian G is non-zero only on the paths from its two bodies up to their common
// ancestor, and Z = L⁻¹ Gᵀ keeps those paths, so H = G M⁻¹ Gᵀ = Zᵀ Z couples only equations whose
// paths share a joint: for a chain of N four-bar loops it is block tridiagonal, and the cost per
// evaluation is O(N) instead of the dense O(m² N + m³).
#include <Eigen/SparseCholesky>
#include <vector>

#include "dmbs/CutConstraints.hpp"

namespace mbs::solver::dmbs {

class SparseLoopSolver {
public:
  explicit SparseLoopSolver(const Topology& topology);

  // Assembles and factors M at the tree's current kinematics and H = G M⁻¹ Gᵀ for the given rows
  // (their wrenches in `values`, one per active row). False if M could not be factored (a body
  // without mass); hFactored() tells whether H's LDLᵀ succeeded.
  bool factor(const TreeDynamics& tree, const std::vector<ConstraintRow>& rows,
              const std::vector<int>& active, const std::vector<RowValues>& values);
  // Whether H's LDLᵀ succeeded, whether H is near singular (dmbs/NearSingular.hpp, with that
  // LDLᵀ), and μ = H⁻¹ rhs.
  bool hFactored() const { return m_hFactored; }
  bool nearSingular() const;
  Vec solve(const Vec& rhs) const { return m_hFactor.solve(rhs); }
  // The damped least-squares μ near a singular position, each eigenvalue s of H entering as
  // s/(s² + δ²) with δ = damping × the largest: (H² + δ²) μ = H rhs, sparse (the same filter as
  // an eigendecomposition, which at 300 equations cost ten times the rest of an evaluation).
  Vec dampedSolve(const Vec& rhs, double damping) const;
  // vd += M⁻¹ Gᵀ μ (the joint accelerations the multipliers cause).
  void addResponse(const Vec& mu, Vec& vd) const;

private:
  // Rate i of the tree is row/column nv − 1 − i of M, L and Z (leaves first).
  int permuted(int rate) const { return m_nv - 1 - rate; }
  void assembleMass(const TreeDynamics& tree);
  void assembleJacobian(const TreeDynamics& tree, const std::vector<ConstraintRow>& rows,
                        const std::vector<int>& active, const std::vector<RowValues>& values);
  // Z = L⁻¹ Gᵀ one column at a time over the column's reach in L's elimination tree (the paths
  // to the root): O(path length) per column, where a general sparse solve sweeps all nv rates.
  void solveColumns();
  double columnDot(int a, int b) const;  // (column a of Z)·(column b of Z)

  const Topology& m_topology;
  int m_nv = 0;
  std::vector<Mat6> m_composite;
  std::vector<Eigen::Matrix<double, 6, Eigen::Dynamic, 0, 6, 6>> m_carried;
  Triplets m_triplets;
  SparseMat m_mass, m_gt, m_z, m_h;
  Eigen::SimplicialLLT<SparseMat, Eigen::Lower, Eigen::NaturalOrdering<int>> m_massFactor;
  Eigen::SimplicialLDLT<SparseMat> m_hFactor;
  bool m_massAnalyzed = false, m_hFactored = false;
  std::vector<int> m_pathI, m_pathJ;
  std::vector<int> m_etreeParent, m_reach;  // (of L, whose pattern is fixed by analyzePattern)
  std::vector<char> m_marked;
  Vec m_work;
  std::vector<int> m_massSlots, m_gtSlots, m_active;
};

}  // namespace mbs::solver::dmbs
