#include "mbs/mesh/BeamElement.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <Eigen/Geometry>

namespace mbs::mesh {

using solver::Status;
using solver::StatusCode;

BeamSection BeamSection::rectangle(double b, double h)
{
  BeamSection s;
  s.area = b * h;
  s.Iy = b * h * h * h / 12.0;
  s.Iz = h * b * b * b / 12.0;
  const double a = std::max(b, h), t = std::min(b, h);
  const double r = t / a;
  s.J = a * t * t * t * (1.0 / 3.0 - 0.21 * r * (1.0 - r * r * r * r / 12.0));  // Roark
  return s;
}

BeamSection BeamSection::circle(double radius)
{
  BeamSection s;
  const double pi = std::numbers::pi;
  s.area = pi * radius * radius;
  s.Iy = s.Iz = 0.25 * pi * std::pow(radius, 4);
  s.J = s.Iy + s.Iz;
  return s;
}

void beamElementMatrices(const Eigen::Vector3d& a, const Eigen::Vector3d& b, const Eigen::Vector3d& up,
                         const BeamSection& s, const Material& mat, Matrix12d& K, Matrix12d& M)
{
  const Eigen::Vector3d ex = (b - a).normalized();
  const Eigen::Vector3d ey = (up - up.dot(ex) * ex).normalized();
  const Eigen::Vector3d ez = ex.cross(ey);
  const double L = (b - a).norm(), L2 = L * L, L3 = L2 * L;
  const double E = mat.youngsModulus, G = mat.shearModulus(), rho = mat.density;

  Matrix12d k = Matrix12d::Zero(), m = Matrix12d::Zero();
  // Local DOF order: u1 v1 w1 rx1 ry1 rz1 u2 v2 w2 rx2 ry2 rz2.
  auto bar = [&](int i, int j, double kv, double mv) {
    k(i, i) += kv, k(j, j) += kv, k(i, j) -= kv, k(j, i) -= kv;
    m(i, i) += 2.0 * mv, m(j, j) += 2.0 * mv, m(i, j) += mv, m(j, i) += mv;
  };
  bar(0, 6, E * s.area / L, rho * s.area * L / 6.0);
  bar(3, 9, G * s.J / L, rho * (s.Iy + s.Iz) * L / 6.0);

  // Bending: (v, rz) with EIz and (w, ry) with EIy; ry = -dw/dx flips the coupling signs.
  auto bending = [&](int v1, int r1, int v2, int r2, double EI, double sign) {
    const int idx[4] = {v1, r1, v2, r2};
    const double kb[4][4] = {{12, 6 * L, -12, 6 * L},
                             {6 * L, 4 * L2, -6 * L, 2 * L2},
                             {-12, -6 * L, 12, -6 * L},
                             {6 * L, 2 * L2, -6 * L, 4 * L2}};
    const double mb[4][4] = {{156, 22 * L, 54, -13 * L},
                             {22 * L, 4 * L2, 13 * L, -3 * L2},
                             {54, 13 * L, 156, -22 * L},
                             {-13 * L, -3 * L2, -22 * L, 4 * L2}};
    const double mScale = rho * s.area * L / 420.0;
    for (int i = 0; i < 4; ++i)
      for (int j = 0; j < 4; ++j) {
        const double sg = ((i % 2) != (j % 2)) ? sign : 1.0;  // displacement-rotation coupling
        k(idx[i], idx[j]) += sg * EI / L3 * kb[i][j];
        m(idx[i], idx[j]) += sg * mScale * mb[i][j];
      }
  };
  bending(1, 5, 7, 11, E * s.Iz, 1.0);
  bending(2, 4, 8, 10, E * s.Iy, -1.0);

  Eigen::Matrix3d R;
  R.row(0) = ex.transpose();
  R.row(1) = ey.transpose();
  R.row(2) = ez.transpose();
  Matrix12d T = Matrix12d::Zero();
  for (int blk = 0; blk < 4; ++blk)
    T.block<3, 3>(3 * blk, 3 * blk) = R;
  K = T.transpose() * k * T;
  M = T.transpose() * m * T;
}

BeamModel BeamModel::straight(const Eigen::Vector3d& start, const Eigen::Vector3d& end, int count,
                              const BeamSection& section, const Material& material, const Eigen::Vector3d& up)
{
  BeamModel model;
  model.material = material;
  model.nodes.resize(3, count + 1);
  for (int i = 0; i <= count; ++i)
    model.nodes.col(i) = start + (end - start) * (static_cast<double>(i) / count);
  for (int e = 0; e < count; ++e)
    model.elements.push_back({e, e + 1, section, up});
  return model;
}

Status assembleBeam(const BeamModel& model, solver::SparseMat& K, solver::SparseMat& M,
                    const std::string& bodyName)
{
  if (Status s = model.material.validate(); !s.ok())
    return Status::failure(s.code, "body '" + bodyName + "': " + s.message, bodyName);
  const int n = static_cast<int>(model.nodes.cols());
  solver::Triplets kt, mt;
  Matrix12d ke, me;
  for (std::size_t e = 0; e < model.elements.size(); ++e) {
    const auto& el = model.elements[e];
    auto bad = [&](const std::string& why) {
      return Status::failure(StatusCode::BadInput,
                             "body '" + bodyName + "': beam element " + std::to_string(e) + " " + why,
                             bodyName);
    };
    if (el.a < 0 || el.b < 0 || el.a >= n || el.b >= n || el.a == el.b)
      return bad("has invalid nodes");
    const Eigen::Vector3d a = model.nodes.col(el.a), b = model.nodes.col(el.b);
    if ((b - a).norm() <= 0.0)
      return bad("has zero length");
    if ((b - a).normalized().cross(el.up).norm() < 1e-8)
      return bad("has an up vector parallel to its axis");
    const auto& s = el.section;
    if (!(s.area > 0.0 && s.Iy > 0.0 && s.Iz > 0.0 && s.J > 0.0))
      return bad("has a section with non-positive properties");
    beamElementMatrices(a, b, el.up, s, model.material, ke, me);
    const int dofs[2] = {6 * el.a, 6 * el.b};
    for (int i = 0; i < 12; ++i)
      for (int j = 0; j < 12; ++j) {
        const int r = dofs[i / 6] + i % 6, c = dofs[j / 6] + j % 6;
        kt.emplace_back(r, c, ke(i, j));
        mt.emplace_back(r, c, me(i, j));
      }
  }
  K.resize(6 * n, 6 * n);
  M.resize(6 * n, 6 * n);
  K.setFromTriplets(kt.begin(), kt.end());
  M.setFromTriplets(mt.begin(), mt.end());
  return Status::success();
}

}  // namespace mbs::mesh
