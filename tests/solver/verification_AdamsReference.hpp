#pragma once
// Reading the Project Chrono / MSC Adams joint reference histories (tab separated, 3 header lines)
// and the single-pendulum models they describe (CASES.md, "Joint-by-joint ADAMS references").
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "mbs/solver/Model.hpp"

namespace mbs::solver::verification {

// Rows of numbers: column 0 is time.
inline std::vector<std::vector<double>> loadAdamsTable(const std::string& folder, const std::string& file)
{
  std::ifstream in(std::string(MBS_SHARED_DIR) + "/refs/data/chrono_joints_adams/" + folder + "/" + file);
  std::vector<std::vector<double>> rows;
  std::string line;
  int lineNo = 0;
  while (std::getline(in, line)) {
    if (++lineNo <= 3)
      continue;
    std::istringstream ls(line);
    std::vector<double> row;
    double v;
    while (ls >> v)
      row.push_back(v);
    if (!row.empty())
      rows.push_back(row);
  }
  return rows;
}

// Chrono's acceptance measure: RMS over the rows of the difference in one column.
inline double rmsError(const std::vector<std::vector<double>>& reference, int column,
                       const std::vector<double>& computed)
{
  double sum = 0.0;
  const size_t count = std::min(reference.size(), computed.size());
  for (size_t i = 0; i < count; ++i) {
    const double d = reference[i][column] - computed[i];
    sum += d * d;
  }
  return count ? std::sqrt(sum / count) : INFINITY;
}

// The common pendulum: m = 1 kg, CM at `cm` with orientation `orientation`, inertia `inertia` in
// the CM frame, a joint of `type` at `jointPosition` whose frame (I on the body, J on ground) is the
// body's CM frame orientation at t = 0, gravity 9.80665 m/s² along −Z.
inline Model jointPendulum(JointType type, const Vec3& cm, const Quat& orientation, const Vec3& jointPosition,
                           const Vec3& inertia = Vec3(0.04, 0.1, 0.1))
{
  Model model;
  model.name = "pendulum";
  model.gravity = Vec3(0.0, 0.0, -9.80665);
  Body body;
  body.name = "pendulum";
  body.mass = 1.0;
  body.inertia = inertia.asDiagonal();
  body.position = cm;
  body.orientation = orientation;
  body.positionExact = {true, true, true};
  body.orientationExact = true;
  body.velocityExact = {true, true, true};
  body.angularVelocityExact = {true, true, true};
  model.bodies.push_back(body);
  const Mat3 R = orientation.toRotationMatrix();
  Marker i;
  i.name = "joint_i";
  i.body = 0;
  i.position = R.transpose() * (jointPosition - cm);
  Marker j;
  j.name = "joint_j";
  j.body = kGround;
  j.position = jointPosition;
  j.orientation = R;
  model.markers = {i, j};
  Joint joint;
  joint.name = "joint";
  joint.type = type;
  joint.iMarker = 0;
  joint.jMarker = 1;
  model.joints.push_back(joint);
  return model;
}

}  // namespace mbs::solver::verification
