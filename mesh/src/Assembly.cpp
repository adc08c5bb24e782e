#include "mbs/mesh/Assembly.hpp"

#include <algorithm>
#include <cmath>

#include "mbs/mesh/PlaneElement.hpp"
#include "mbs/mesh/TetElement.hpp"

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

namespace {

// Adds one element's stiffness and mass (d DOFs per node, node-major) to the global triplets. The
// consistent mass is isotropic: only its direction-diagonal blocks are non-zero.
template <class ElementMatrix>
void scatterElement(const int* nodes, int nen, int d, const ElementMatrix& ke, const ElementMatrix& me,
                    solver::Triplets& kt, solver::Triplets& mt)
{
  for (int a = 0; a < nen; ++a)
    for (int b = 0; b < nen; ++b)
      for (int i = 0; i < d; ++i)
        for (int j = 0; j < d; ++j) {
          const int r = d * nodes[a] + i, c = d * nodes[b] + j;
          kt.emplace_back(r, c, ke(d * a + i, d * b + j));
          if (i == j)
            mt.emplace_back(r, c, me(d * a + i, d * b + j));
        }
}

void buildMatrices(int ndof, const solver::Triplets& kt, const solver::Triplets& mt, solver::SparseMat& K,
                   solver::SparseMat& M)
{
  K.resize(ndof, ndof);
  M.resize(ndof, ndof);
  K.setFromTriplets(kt.begin(), kt.end());
  M.setFromTriplets(mt.begin(), mt.end());
}

}  // namespace

Status assembleSolid(const FeMesh& mesh, const Material& material, solver::SparseMat& K, solver::SparseMat& M,
                     const std::string& bodyName)
{
  if (Status s = material.validate(); !s.ok())
    return Status::failure(s.code, "body '" + bodyName + "': " + s.message, bodyName);
  const int ndof = 3 * mesh.nodeCount();
  solver::Triplets kt, mt;
  SolidElementMatrices em;
  int tetCount = 0;
  for (const auto& block : mesh.blocks) {
    if (dimension(block.type) != 3)
      continue;
    const int nen = nodesPerElement(block.type);
    const std::size_t reserve = static_cast<std::size_t>(block.count()) * 9 * nen * nen;
    kt.reserve(kt.size() + reserve);
    mt.reserve(mt.size() + reserve);
    Eigen::Matrix3Xd x(3, nen);
    for (int e = 0; e < block.count(); ++e) {
      const int* n = block.element(e);
      for (int a = 0; a < nen; ++a)
        x.col(a) = mesh.nodes.col(n[a]);
      if (!tetElementMatrices(block.type, x, material, em))
        return Status::failure(StatusCode::BadInput,
                               "body '" + bodyName + "': " + toString(block.type) + " element " +
                                   std::to_string(tetCount + e) + " is inverted or degenerate",
                               bodyName);
      scatterElement(n, nen, 3, em.stiffness, em.mass, kt, mt);
    }
    tetCount += block.count();
  }
  if (tetCount == 0)
    return Status::failure(StatusCode::BadInput, "body '" + bodyName + "': the mesh has no tetrahedra",
                           bodyName);
  buildMatrices(ndof, kt, mt, K, M);
  return Status::success();
}

Status assemblePlanar(const FeMesh& mesh, const Material& material, double thickness, solver::SparseMat& K,
                      solver::SparseMat& M, const std::string& bodyName)
{
  if (Status s = material.validate(); !s.ok())
    return Status::failure(s.code, "body '" + bodyName + "': " + s.message, bodyName);
  if (!(thickness > 0.0) || !std::isfinite(thickness))
    return Status::failure(StatusCode::BadInput, "body '" + bodyName + "': the thickness must be positive",
                           bodyName);
  const int ndof = 2 * mesh.nodeCount();
  solver::Triplets kt, mt;
  PlaneElementMatrices em;
  int count = 0;
  for (const auto& block : mesh.blocks) {
    if (dimension(block.type) != 2)
      continue;
    const int nen = nodesPerElement(block.type);
    Eigen::Matrix2Xd x(2, nen);
    for (int e = 0; e < block.count(); ++e) {
      const int* n = block.element(e);
      for (int a = 0; a < nen; ++a)
        x.col(a) = mesh.nodes.col(n[a]).head<2>();
      if (!planeElementMatrices(block.type, x, material, thickness, em))
        return Status::failure(StatusCode::BadInput,
                               "body '" + bodyName + "': " + toString(block.type) + " element " +
                                   std::to_string(count + e) + " is inverted or degenerate",
                               bodyName);
      scatterElement(n, nen, 2, em.stiffness, em.mass, kt, mt);
    }
    count += block.count();
  }
  if (count == 0)
    return Status::failure(StatusCode::BadInput, "body '" + bodyName + "': the mesh has no planar elements",
                           bodyName);
  buildMatrices(ndof, kt, mt, K, M);
  return Status::success();
}

std::vector<int> nodeDofs(const std::vector<int>& nodes)
{
  std::vector<int> dofs;
  dofs.reserve(3 * nodes.size());
  for (int n : nodes)
    for (int d = 0; d < 3; ++d)
      dofs.push_back(3 * n + d);
  std::sort(dofs.begin(), dofs.end());
  return dofs;
}

std::vector<int> complementDofs(int n, const std::vector<int>& removed)
{
  std::vector<bool> drop(static_cast<std::size_t>(n), false);
  for (int d : removed)
    if (d >= 0 && d < n)
      drop[d] = true;
  std::vector<int> keep;
  keep.reserve(n);
  for (int i = 0; i < n; ++i)
    if (!drop[i])
      keep.push_back(i);
  return keep;
}

solver::SparseMat restrictToDofs(const solver::SparseMat& A, const std::vector<int>& dofs)
{
  std::vector<int> map(static_cast<std::size_t>(A.rows()), -1);
  for (std::size_t k = 0; k < dofs.size(); ++k)
    map[dofs[k]] = static_cast<int>(k);
  solver::Triplets t;
  t.reserve(A.nonZeros());
  for (int c = 0; c < A.outerSize(); ++c) {
    if (map[c] < 0)
      continue;
    for (solver::SparseMat::InnerIterator it(A, c); it; ++it)
      if (map[it.row()] >= 0)
        t.emplace_back(map[it.row()], map[c], it.value());
  }
  const int n = static_cast<int>(dofs.size());
  solver::SparseMat out(n, n);
  out.setFromTriplets(t.begin(), t.end());
  return out;
}

}  // namespace mbs::mesh
