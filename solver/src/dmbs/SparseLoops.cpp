#include "dmbs/SparseLoops.hpp"

#include <algorithm>
#include <cmath>

#include "dmbs/NearSingular.hpp"

namespace mbs::solver::dmbs {
namespace {

// target = the sum of `triplets`, whose positions are the same at every call (the tree's and the
// equations' structure fixes them): the first call sorts them into the matrix and remembers where
// each one lands, later calls only add the values there (setFromTriplets' sort was a fifth of an
// evaluation with many loops).
void assembleFixed(SparseMat& target, int rows, int cols, const Triplets& triplets, std::vector<int>& slots)
{
  if (slots.size() != triplets.size() || target.rows() != rows || target.cols() != cols) {
    target.resize(rows, cols);
    target.setFromTriplets(triplets.begin(), triplets.end());
    slots.resize(triplets.size());
    for (std::size_t k = 0; k < triplets.size(); ++k) {
      const int* begin = target.innerIndexPtr() + target.outerIndexPtr()[triplets[k].col()];
      const int* end = target.innerIndexPtr() + target.outerIndexPtr()[triplets[k].col() + 1];
      slots[k] = static_cast<int>(std::lower_bound(begin, end, triplets[k].row()) - target.innerIndexPtr());
    }
    return;
  }
  double* values = target.valuePtr();
  std::fill(values, values + target.nonZeros(), 0.0);
  for (std::size_t k = 0; k < triplets.size(); ++k)
    values[slots[k]] += triplets[k].value();
}

}  // namespace

SparseLoopSolver::SparseLoopSolver(const Topology& topology)
    : m_topology(topology), m_nv(topology.nv), m_composite(topology.bodyMobilizer.size())
{
}

void SparseLoopSolver::assembleMass(const TreeDynamics& tree)
{
  // Composite-rigid-body algorithm with every body's quantities about its own CM (world axes), as
  // the articulated-body recursion keeps them: the composite inertia of each subtree, then
  // M_ji = S_jᵀ (its force I_c,i S_i carried up to the ancestor j).
  const auto& mobs = m_topology.mobilizers;
  const auto& bodies = tree.bodies();
  for (const Mobilizer& m : mobs)
    m_composite[m.child] = bodies[m.child].inertia;
  for (std::size_t i = mobs.size(); i-- > 0;) {
    const Mobilizer& m = mobs[i];
    if (m.parent != kGround)
      m_composite[m.parent] += shiftInertia(m_composite[m.child], bodies[m.child].r - bodies[m.parent].r);
  }
  m_triplets.clear();
  for (const Mobilizer& m : mobs) {
    if (m.nv == 0)
      continue;
    const TreeBody& b = bodies[m.child];
    Mat6X force = m_composite[m.child] * b.s;
    const MatX6 diagonal = b.s.transpose() * force;
    for (int a = 0; a < m.nv; ++a)
      for (int c = 0; c <= a; ++c)  // (lower triangle: rate a later than c maps before it)
        m_triplets.emplace_back(permuted(m.vOffset + c), permuted(m.vOffset + a), diagonal(a, c));
    for (int body = m.child, parent = m.parent; parent != kGround;) {
      const Vec3 d = bodies[body].r - bodies[parent].r;
      for (int k = 0; k < m.nv; ++k)
        force.col(k) = shiftForce(force.col(k), d);
      const Mobilizer& up = mobs[m_topology.bodyMobilizer[parent]];
      if (up.nv > 0) {
        const MatX6 block = bodies[parent].s.transpose() * force;
        for (int a = 0; a < up.nv; ++a)
          for (int c = 0; c < m.nv; ++c)
            m_triplets.emplace_back(permuted(up.vOffset + a), permuted(m.vOffset + c), block(a, c));
      }
      body = parent;
      parent = up.parent;
    }
  }
  assembleFixed(m_mass, m_nv, m_nv, m_triplets, m_massSlots);
}

void SparseLoopSolver::assembleJacobian(const TreeDynamics& tree, const std::vector<ConstraintRow>& rows,
                                        const std::vector<int>& active, const std::vector<RowValues>& values)
{
  const auto& mobs = m_topology.mobilizers;
  const auto& bodies = tree.bodies();
  auto pathToRoot = [&](int body, std::vector<int>& path) {
    path.clear();
    for (int b = body; b != kGround; b = mobs[m_topology.bodyMobilizer[b]].parent)
      path.push_back(b);
  };
  m_triplets.clear();
  const int na = static_cast<int>(active.size());
  for (int r = 0; r < na; ++r) {
    const ConstraintRow& row = rows[active[r]];
    if (row.form == RowForm::Coordinate) {
      m_triplets.emplace_back(permuted(row.rate), r, row.sign);
      continue;
    }
    // The row is wᵀ(V_I − V_J): the joints above the two bodies' common ancestor move both alike
    // and cancel, so only the two paths below it enter.
    pathToRoot(row.bodyI, m_pathI);
    pathToRoot(row.bodyJ, m_pathJ);
    while (!m_pathI.empty() && !m_pathJ.empty() && m_pathI.back() == m_pathJ.back()) {
      m_pathI.pop_back();
      m_pathJ.pop_back();
    }
    for (const auto& [path, sign] : {std::pair{&m_pathI, 1.0}, std::pair{&m_pathJ, -1.0}})
      for (int b : *path) {
        const Mobilizer& m = mobs[m_topology.bodyMobilizer[b]];
        if (m.nv == 0)
          continue;
        // (S is referred to the body's CM: so is the wrench, for the same power wᵀS.)
        const VecX6 entries = bodies[b].s.transpose() * shiftForce(values[r].w, -bodies[b].r);
        for (int k = 0; k < m.nv; ++k)
          m_triplets.emplace_back(permuted(m.vOffset + k), r, sign * entries[k]);
      }
  }
  if (active != m_active) {  // (other equations: other positions)
    m_active = active;
    m_gtSlots.clear();
    m_h.resize(0, 0);
  }
  assembleFixed(m_gt, m_nv, na, m_triplets, m_gtSlots);
}

bool SparseLoopSolver::factor(const TreeDynamics& tree, const std::vector<ConstraintRow>& rows,
                              const std::vector<int>& active, const std::vector<RowValues>& values)
{
  assembleMass(tree);
  if (!m_massAnalyzed) {  // (the pattern of M depends on the tree only)
    m_massFactor.analyzePattern(m_mass);
    m_massAnalyzed = true;
  }
  m_massFactor.factorize(m_mass);
  if (m_massFactor.info() != Eigen::Success)
    return false;
  assembleJacobian(tree, rows, active, values);
  solveColumns();
  // H's pattern follows from the paths of the equations alone (Z keeps its structural zeros): the
  // first product fixes it and its fill-reducing ordering; later ones fill its entries as sparse
  // dot products of Z's columns.
  if (m_h.rows() != m_z.cols()) {
    m_h = SparseMat(m_z.transpose()) * m_z;
    m_hFactor.analyzePattern(m_h);
  } else {
    for (int c = 0; c < m_h.outerSize(); ++c)
      for (SparseMat::InnerIterator it(m_h, c); it; ++it)
        it.valueRef() = columnDot(static_cast<int>(it.row()), c);
  }
  m_hFactor.factorize(m_h);
  m_hFactored = m_hFactor.info() == Eigen::Success;
  return true;
}

void SparseLoopSolver::solveColumns()
{
  const SparseMat& l = m_massFactor.matrixL().nestedExpression();
  if (static_cast<int>(m_etreeParent.size()) != m_nv) {
    // The parent of column j in L's elimination tree is its first sub-diagonal row.
    m_etreeParent.assign(m_nv, -1);
    for (int j = 0; j < m_nv; ++j)
      for (SparseMat::InnerIterator it(l, j); it; ++it)
        if (it.row() > j && (m_etreeParent[j] < 0 || it.row() < m_etreeParent[j]))
          m_etreeParent[j] = static_cast<int>(it.row());
    m_marked.assign(m_nv, 0);
    m_work.setZero(m_nv);
  }
  const long expected = m_z.nonZeros() > 0 ? m_z.nonZeros() : 4 * m_gt.nonZeros();
  m_z.resize(m_nv, m_gt.cols());
  m_z.reserve(expected);
  for (int c = 0; c < m_gt.outerSize(); ++c) {
    // The column's non-zeros: the elimination-tree ancestors of its right-hand side's, in
    // ascending order (children before parents, as forward substitution needs them).
    m_reach.clear();
    for (SparseMat::InnerIterator it(m_gt, c); it; ++it) {
      m_work[it.row()] = it.value();
      for (int j = static_cast<int>(it.row()); j >= 0 && !m_marked[j]; j = m_etreeParent[j]) {
        m_marked[j] = 1;
        m_reach.push_back(j);
      }
    }
    std::sort(m_reach.begin(), m_reach.end());
    for (int j : m_reach) {
      SparseMat::InnerIterator it(l, j);
      for (; it && it.row() != j; ++it) {
      }
      m_work[j] /= it.value();
      for (SparseMat::InnerIterator below(l, j); below; ++below)
        if (below.row() > j)
          m_work[below.row()] -= below.value() * m_work[j];
    }
    m_z.startVec(c);
    for (int j : m_reach) {
      m_z.insertBack(j, c) = m_work[j];  // (structural zeros kept: a fixed pattern)
      m_work[j] = 0.0;
      m_marked[j] = 0;
    }
  }
  m_z.finalize();
}

double SparseLoopSolver::columnDot(int a, int b) const
{
  // Both columns' rows are ascending: a merge.
  const int* rows = m_z.innerIndexPtr();
  const double* values = m_z.valuePtr();
  int i = m_z.outerIndexPtr()[a], iEnd = m_z.outerIndexPtr()[a + 1];
  int j = m_z.outerIndexPtr()[b], jEnd = m_z.outerIndexPtr()[b + 1];
  double sum = 0.0;
  while (i < iEnd && j < jEnd) {
    if (rows[i] < rows[j])
      ++i;
    else if (rows[j] < rows[i])
      ++j;
    else
      sum += values[i++] * values[j++];
  }
  return sum;
}

bool SparseLoopSolver::nearSingular() const
{
  auto rowSums = [&]() {
    Vec sums = Vec::Zero(m_h.rows());  // (H is stored whole: column sums are row sums)
    for (int c = 0; c < m_h.outerSize(); ++c)
      for (SparseMat::InnerIterator it(m_h, c); it; ++it)
        sums[c] += std::abs(it.value());
    return sums;
  };
  return dmbs::nearSingular(m_hFactor.vectorD(), rowSums,
                            [&](const Vec& x) { return Vec(m_hFactor.solve(x)); });
}

Vec SparseLoopSolver::dampedSolve(const Vec& rhs, double damping) const
{
  // The largest eigenvalue by power iteration (H is symmetric positive semi-definite).
  Vec x = Vec::Ones(m_h.rows()), y;
  double largest = 0.0;
  for (int k = 0; k < 50; ++k) {
    y = m_h * x;
    const double norm = y.norm();
    if (!(norm > 0.0))
      return Vec::Zero(m_h.rows());
    const double estimate = x.dot(y) / x.squaredNorm();
    x = y / norm;
    if (std::abs(estimate - largest) <= 1e-6 * estimate)
      break;
    largest = estimate;
  }
  largest = std::max(largest, x.dot(m_h * x));
  const double delta = damping * largest;
  SparseMat squared = m_h * m_h;
  SparseMat ridge(m_h.rows(), m_h.cols());
  ridge.setIdentity();
  squared += (delta * delta) * ridge;
  Eigen::SimplicialLDLT<SparseMat> ldlt(squared);
  return ldlt.solve(m_h * rhs);
}

void SparseLoopSolver::addResponse(const Vec& mu, Vec& vd) const
{
  Vec x = m_z * mu;  // M⁻¹Gᵀμ = L⁻ᵀ Z μ
  m_massFactor.matrixU().solveInPlace(x);
  for (int i = 0; i < m_nv; ++i)
    vd[i] += x[permuted(i)];
}

}  // namespace mbs::solver::dmbs
