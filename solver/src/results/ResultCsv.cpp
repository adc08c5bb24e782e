#include "mbs/solver/ResultCsv.hpp"

#include <cstdio>
#include <fstream>
#include <limits>

namespace mbs::solver {
namespace {

void writeNumber(std::ostream& out, double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", v);
  out << ',' << buffer;
}

void writeVec3(std::ostream& out, const Vec3& v)
{
  writeNumber(out, v.x());
  writeNumber(out, v.y());
  writeNumber(out, v.z());
}

}  // namespace

std::string resultCsvHeader(const ResultLayout& layout)
{
  std::string header = "time";
  for (const auto& b : layout.bodies)
    for (const char* c :
         {"x", "y", "z", "e0", "e1", "e2", "e3", "vx", "vy", "vz", "wx", "wy", "wz", "ax", "ay", "az"})
      header += "," + b + "." + c;
  for (const auto& j : layout.joints)
    for (const char* c : {"fx", "fy", "fz", "tx", "ty", "tz"})
      header += "," + j + "." + c;
  // Joint friction after the mandatory columns (docs/mbsolve.md).
  for (const auto& j : layout.frictionJoints)
    for (const char* c : {"ffx", "ffy", "ffz", "ftx", "fty", "ftz", "stick", "fn", "power"})
      header += "," + j + "." + c;
  // Clearance joints: contact force (normal, friction), penetration, eccentricity, contact state.
  for (const auto& j : layout.clearanceJoints)
    for (const char* c : {"cfn", "cff", "cpen", "cex", "cey", "cez", "ccontact"})
      header += "," + j + "." + c;
  // Contacts between solids: force on I, normal and friction force, penetration, slip velocity,
  // deepest contact point, contact points carrying load.
  for (const auto& c : layout.contacts)
    for (const char* k : {"fx", "fy", "fz", "fn", "ff", "pen", "slip", "px", "py", "pz", "points"})
      header += "," + c + "." + k;
  // Modal coordinates of flexible bodies, last (docs/flexible-bodies.md).
  for (size_t b = 0; b < layout.flexibleBodies.size(); ++b)
    for (int k = 1; k <= layout.flexibleModeCounts[b]; ++k)
      header += "," + layout.flexibleBodies[b] + ".q" + std::to_string(k);
  // Nodal displacements (body frame; relative to a chord when the output has one).
  for (const auto& node : layout.nodeOutputs)
    for (const char* c : {"dx", "dy", "dz"})
      header += "," + node.name + "." + c;
  // First-order states (DIFF): the value and its time derivative.
  for (const auto& d : layout.differentials)
    header += "," + d + ".value," + d + ".rate";
  // Point-to-curve joints: the contact point's curve parameter α and its rate.
  for (const auto& c : layout.curveParameters)
    header += "," + c + "," + c + "_rate";
  return header;
}

void writeResultCsvRow(const ResultLayout& layout, const ResultFrame& f, std::ostream& out)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.12g", f.state.t);
  out << buffer;
  for (const BodyOutput& b : f.bodies) {
    writeVec3(out, b.position);
    writeNumber(out, b.orientation.w());
    writeNumber(out, b.orientation.x());
    writeNumber(out, b.orientation.y());
    writeNumber(out, b.orientation.z());
    writeVec3(out, b.velocity);
    writeVec3(out, b.angularVelocity);
    writeVec3(out, b.acceleration);
  }
  for (const Reaction& r : f.joints) {
    writeVec3(out, r.force);
    writeVec3(out, r.torque);
  }
  for (const FrictionOutput& fr : f.friction) {
    writeVec3(out, fr.force);
    writeVec3(out, fr.torque);
    writeNumber(out, fr.stick ? 1.0 : 0.0);
    writeNumber(out, fr.normalForce);
    writeNumber(out, fr.power);
  }
  for (const ClearanceOutput& c : f.clearance) {
    writeNumber(out, c.normalForce);
    writeNumber(out, c.frictionForce);
    writeNumber(out, c.penetration);
    writeNumber(out, c.eccentricityX);
    writeNumber(out, c.eccentricityY);
    writeNumber(out, c.eccentricityZ);
    writeNumber(out, c.contact ? 1.0 : 0.0);
  }
  for (const SolidContactOutput& c : f.contacts) {
    writeVec3(out, c.force);
    writeNumber(out, c.normalForce);
    writeNumber(out, c.frictionForce);
    writeNumber(out, c.penetration);
    writeNumber(out, c.slipVelocity);
    writeVec3(out, c.point);
    writeNumber(out, c.points);
  }
  for (const Vec& eta : f.modal)
    for (int k = 0; k < eta.size(); ++k)
      writeNumber(out, eta[k]);
  for (const auto& node : layout.nodeOutputs) {
    const auto b = static_cast<std::size_t>(node.flexibleBody);
    const bool have = b < f.modal.size() && f.modal[b].size() == node.shapes.cols();
    writeVec3(out, have ? Vec3(node.shapes * f.modal[b]) : Vec3::Zero());
  }
  for (std::size_t k = 0; k < layout.differentials.size(); ++k) {
    const auto i = static_cast<Eigen::Index>(k);
    const bool have = i < f.differentials.size() && i < f.differentialRates.size();
    writeNumber(out, have ? f.differentials[i] : std::numeric_limits<double>::quiet_NaN());
    writeNumber(out, have ? f.differentialRates[i] : std::numeric_limits<double>::quiet_NaN());
  }
  for (std::size_t k = 0; k < layout.curveParameters.size(); ++k) {
    const auto i = static_cast<Eigen::Index>(k);
    const bool have = i < f.curveParameters.size() && i < f.curveRates.size();
    writeNumber(out, have ? f.curveParameters[i] : std::numeric_limits<double>::quiet_NaN());
    writeNumber(out, have ? f.curveRates[i] : std::numeric_limits<double>::quiet_NaN());
  }
  out << '\n';
}

void writeResultCsv(const ResultStore& results, std::ostream& out)
{
  const ResultLayout layout = results.layout();
  out << resultCsvHeader(layout) << '\n';
  const size_t count = results.size();
  for (size_t i = results.firstIndex(); i < count; ++i)
    writeResultCsvRow(layout, results.frame(i), out);
}

Status writeResultCsv(const ResultStore& results, const std::string& path)
{
  std::ofstream out(path);
  if (!out)
    return Status::failure(StatusCode::BadInput, "cannot open result file '" + path + "' for writing", path);
  writeResultCsv(results, out);
  out.flush();
  if (!out)
    return Status::failure(StatusCode::BadInput, "error while writing result file '" + path + "'", path);
  return Status::success();
}

}  // namespace mbs::solver
