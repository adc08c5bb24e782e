#include "mbs/mesh/ModeTable.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

namespace mbs::mesh {
namespace {

constexpr int kSlices = 20;

struct Axis {
  Eigen::Vector3d centre = Eigen::Vector3d::Zero();
  Eigen::Vector3d direction = Eigen::Vector3d::UnitX();
};

// The nodes' centroid and the direction of their largest spread (a rod's axis).
Axis principalAxis(const Eigen::Matrix3Xd& nodes)
{
  Axis axis;
  if (nodes.cols() == 0)
    return axis;
  axis.centre = nodes.rowwise().mean();
  const Eigen::Matrix3Xd centred = nodes.colwise() - axis.centre;
  Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(centred * centred.transpose());
  axis.direction = eig.eigenvectors().col(2);  // largest eigenvalue last
  return axis;
}

// Axial, bending and torsion measures of one nodal displacement field (3N) by slices along the axis.
Eigen::Vector3d displacementMeasures(const Eigen::Matrix3Xd& nodes, const Eigen::VectorXd& u,
                                     const Axis& axis)
{
  const Eigen::Index n = nodes.cols();
  Eigen::VectorXd s(n);
  for (Eigen::Index k = 0; k < n; ++k)
    s[k] = (nodes.col(k) - axis.centre).dot(axis.direction);
  const double lo = s.minCoeff(), span = std::max(s.maxCoeff() - lo, 1e-300);
  std::vector<std::vector<Eigen::Index>> slices(kSlices);
  for (Eigen::Index k = 0; k < n; ++k)
    slices[std::min(kSlices - 1, static_cast<int>((s[k] - lo) / span * kSlices))].push_back(k);
  const Eigen::Vector3d& a = axis.direction;
  double axial = 0.0, bending = 0.0, torsion = 0.0;
  for (const auto& slice : slices) {
    if (slice.empty())
      continue;
    Eigen::Vector3d centre = Eigen::Vector3d::Zero(), mean = Eigen::Vector3d::Zero();
    for (Eigen::Index k : slice) {
      centre += nodes.col(k);
      mean += u.segment<3>(3 * k);
    }
    const double count = static_cast<double>(slice.size());
    centre /= count;
    mean /= count;
    const double meanAxial = mean.dot(a);
    axial += count * meanAxial * meanAxial;
    bending += count * (mean - meanAxial * a).squaredNorm();
    // Best-fit rotation about the axis of the slice's displacements relative to their mean.
    double moment = 0.0, inertia = 0.0;
    for (Eigen::Index k : slice) {
      Eigen::Vector3d r = nodes.col(k) - centre;
      r -= r.dot(a) * a;
      moment += r.cross(u.segment<3>(3 * k) - mean).dot(a);
      inertia += r.squaredNorm();
    }
    if (inertia > 0.0)
      torsion += moment * moment / inertia;  // Σ (θ |r|)² with θ = moment / inertia
  }
  return {axial, bending, torsion};
}

}  // namespace

const char* toString(ModeType type)
{
  switch (type) {
    case ModeType::Rigid:
      return "rigid";
    case ModeType::Bending:
      return "bending";
    case ModeType::Axial:
      return "axial";
    case ModeType::Torsion:
      return "torsion";
    case ModeType::Boundary:
      return "boundary";
  }
  return "rigid";
}

bool modeTypeFromString(const std::string& text, ModeType& out)
{
  for (ModeType t :
       {ModeType::Rigid, ModeType::Bending, ModeType::Axial, ModeType::Torsion, ModeType::Boundary})
    if (text == toString(t)) {
      out = t;
      return true;
    }
  return false;
}

std::vector<ModeRow> modeTable(const ReducedBody& body, const Eigen::Matrix3Xd& nodes)
{
  const int m = body.modeCount();
  const int nf = static_cast<int>(body.cbStiffness.rows()) - body.constraintModeCount;
  const int nb = body.constraintModeCount;
  const bool haveCb = body.cbToModal.cols() == m && nf >= 0 && body.cbToModal.rows() == nf + nb;
  const bool haveNodes = nodes.cols() > 0 && body.modeShapes.rows() == 3 * nodes.cols();
  const Axis axis = haveNodes ? principalAxis(nodes) : Axis{};
  std::vector<ModeRow> rows(m);
  // Inertia-relief strain energy (φ_iᵀF)²/ω_i² per unit interface load j, normalized per load.
  Eigen::VectorXd energy = Eigen::VectorXd::Zero(m);
  int loads = 0;
  if (haveCb)
    for (int j = 0; j < nb; ++j) {
      Eigen::VectorXd e = Eigen::VectorXd::Zero(m);
      for (int i = body.rigidModeCount; i < m; ++i)
        if (body.eigenvalues[i] > 0.0)
          e[i] = std::pow(body.cbToModal(nf + j, i), 2) / body.eigenvalues[i];
      if (e.sum() > 0.0) {
        energy += e / e.sum();
        ++loads;
      }
    }
  if (loads > 0)
    energy /= loads;
  // Each fixed-interface mode has one free counterpart (interlacing); the nb − rigid highest elastic
  // modes have none: they are the constraint modes' own (boundary) vibration.
  const int firstBoundary = m - std::max(nb - body.rigidModeCount, 0);
  for (int i = 0; i < m; ++i) {
    ModeRow& row = rows[i];
    row.index = i;
    row.frequencyHz = body.frequenciesHz[i];
    row.energyShare = energy[i];
    if (i < body.rigidModeCount) {
      row.type = ModeType::Rigid;
      continue;
    }
    if (i >= firstBoundary) {
      row.type = ModeType::Boundary;
      continue;
    }
    row.type = ModeType::Bending;
    if (haveNodes) {
      const Eigen::Vector3d measure = displacementMeasures(nodes, body.modeShapes.col(i), axis);
      Eigen::Index largest = 0;
      measure.maxCoeff(&largest);
      row.type = largest == 0 ? ModeType::Axial : largest == 1 ? ModeType::Bending : ModeType::Torsion;
    }
  }
  return rows;
}

std::vector<int> lowestModes(const std::vector<ModeRow>& rows, int count)
{
  std::vector<int> elastic;
  for (const ModeRow& row : rows)
    if (row.type != ModeType::Rigid)
      elastic.push_back(row.index);
  std::stable_sort(elastic.begin(), elastic.end(),
                   [&](int a, int b) { return rows[a].frequencyHz < rows[b].frequencyHz; });
  elastic.resize(std::min<std::size_t>(elastic.size(), static_cast<std::size_t>(std::max(count, 0))));
  std::sort(elastic.begin(), elastic.end());
  return elastic;
}

std::vector<int> modesAboveEnergy(const std::vector<ModeRow>& rows, double threshold)
{
  std::vector<int> out;
  for (const ModeRow& row : rows)
    if (row.type != ModeType::Rigid && row.energyShare >= threshold)
      out.push_back(row.index);
  return out;
}

}  // namespace mbs::mesh
