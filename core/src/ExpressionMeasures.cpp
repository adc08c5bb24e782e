#include "ExpressionMeasures.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "mbs/core/Rotation.hpp"

namespace mbs::core::detail {
namespace {

using mbs::solver::Mat3;
using mbs::solver::Vec3;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A component of a load as Adams' load functions give it: 0 |F|, 1-3 F in RM's axes, 4 |T|,
// 5-7 T in RM's axes.
double loadComponent(const mbs::solver::ElementLoad& load, int component, const Mat3& axes)
{
  const Vec3& v = component < 4 ? load.force : load.torque;
  const int c = component % 4;
  return c == 0 ? v.norm() : (axes.transpose() * v)[c - 1];
}

// Adams' axis numbering in ORIENT: 1 = x, 2 = y, 3 = z.
constexpr int kSequences[12][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {1, 0, 2}, {2, 1, 0},
                                   {0, 1, 0}, {0, 2, 0}, {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2}};

}  // namespace

int markerArgument(const double* a, int n, int k)
{
  if (k >= n)
    return mbs::solver::kGround;
  const long code = std::lround(a[k]);
  return code <= 0 ? mbs::solver::kGround : int(code - 1);
}

double measureValue(int kind, const StateView& s, const double* a, int n)
{
  const int i = markerArgument(a, n, 0);
  const int j = markerArgument(a, n, 1);
  const int k = markerArgument(a, n, 2);
  auto inK = [&](const Vec3& v) -> Vec3 { return s.orientation(k).transpose() * v; };
  const int group = kind < 4 ? 0 : kind < 9 ? 1 : kind < 13 ? 2 : kind < 17 ? 3 : kind < 21 ? 4 : 5;
  if (group == 0) {  // DX DY DZ DM
    const Vec3 d = s.position(i) - s.position(j);
    return kind == 3 ? d.norm() : inK(d)[kind];
  }
  if (group == 1) {  // VX VY VZ VM VR
    const Vec3 v = s.velocity(i) - s.velocity(j);
    if (kind == 7) {
      return v.norm();
    }
    if (kind == 8) {
      const Vec3 d = s.position(i) - s.position(j);
      const double len = d.norm();
      return len > 0.0 ? v.dot(d) / len : 0.0;
    }
    return inK(v)[kind - 4];
  }
  if (group == 2) {  // WX WY WZ WM
    const Vec3 w = s.angularVelocity(i) - s.angularVelocity(j);
    return kind == 12 ? w.norm() : inK(w)[kind - 9];
  }
  if (group == 3) {  // ACCX ACCY ACCZ ACCM
    const Vec3 acc = s.acceleration(i) - s.acceleration(j);
    return kind == 16 ? acc.norm() : inK(acc)[kind - 13];
  }
  if (group == 4) {  // WDTX WDTY WDTZ WDTM
    const Vec3 wd = s.angularAcceleration(i) - s.angularAcceleration(j);
    return kind == 20 ? wd.norm() : inK(wd)[kind - 17];
  }
  const Mat3 ri = s.orientation(i);
  const Mat3 rj = s.orientation(j);
  switch (kind) {
    case 21:
      return std::atan2(-ri.col(2).dot(rj.col(1)), ri.col(2).dot(rj.col(2)));  // AX
    case 22:
      return std::atan2(ri.col(2).dot(rj.col(0)), ri.col(2).dot(rj.col(2)));  // AY
    case 23:
      return std::atan2(ri.col(0).dot(rj.col(1)), ri.col(0).dot(rj.col(0)));  // AZ
    default:
      break;
  }
  const Mat3 rel = rj.transpose() * ri;
  if (kind <= 26) {
    return matrixToEuler313(rel)[kind - 24];  // PSI THETA PHI
  }
  switch (kind) {
    case 27:
      return std::atan2(rel(1, 0), rel(0, 0));  // YAW (3-2-1)
    case 28:
      return -std::asin(std::clamp(rel(2, 0), -1.0, 1.0));  // PITCH
    default:
      return std::atan2(rel(2, 1), rel(2, 2));  // ROLL
  }
}

double includedAngle(const StateView& s, const double* a, int n,
                     std::map<std::tuple<int, int, int>, IncludedAngle>& memory)
{
  const int i = markerArgument(a, n, 0), j = markerArgument(a, n, 1), k = markerArgument(a, n, 2);
  const Vec3 first = s.position(i) - s.position(j), second = s.position(k) - s.position(j);
  const Vec3 normal = first.cross(second);
  const double cosine = first.dot(second);
  IncludedAngle& m = memory[{i, j, k}];
  if (!m.haveAxis) {
    if (normal.norm() <= 1e-12 * first.norm() * second.norm())
      return m.last = std::atan2(0.0, cosine);  // 0 or pi until the lines part
    m.haveAxis = true;
    m.axis = normal.normalized();
    return m.last = std::atan2(normal.norm(), cosine);
  }
  double angle = std::atan2(normal.dot(m.axis), cosine);
  // Continuous past +-pi: the branch nearest to the previous value.
  angle += 2.0 * std::numbers::pi * std::round((m.last - angle) / (2.0 * std::numbers::pi));
  return m.last = angle;
}

bool orientSequence(int system, int& a, int& b, int& c, bool& spaceFixed)
{
  if (system < 1 || system > 24)
    return false;
  // 1-12 body-fixed, 13-24 the space-fixed sequences in the same order (Adams' ORIENT table).
  spaceFixed = system > 12;
  const int k = (system - 1) % 12;
  a = kSequences[k][0];
  b = kSequences[k][1];
  c = kSequences[k][2];
  return true;
}

Vec3 eulerAngles(const Mat3& r, int a, int b, int c)
{
  if (a != c) {                                          // Tait-Bryan: three different axes
    const double e = (b - a + 3) % 3 == 1 ? 1.0 : -1.0;  // +1 for the cyclic orders x-y-z ...
    const double second = std::asin(std::clamp(e * r(a, c), -1.0, 1.0));
    return {std::atan2(-e * r(b, c), r(c, c)), second, std::atan2(-e * r(a, b), r(a, a))};
  }
  const int k = 3 - a - b;  // proper Euler: a-b-a
  const double e = (b - a + 3) % 3 == 1 ? 1.0 : -1.0;
  const double second = std::acos(std::clamp(r(a, a), -1.0, 1.0));
  return {std::atan2(r(b, a), -e * r(k, a)), second, std::atan2(r(a, b), e * r(a, k))};
}

double orientValue(const StateView& s, const double* a, int n)
{
  int x = 0, y = 0, z = 0;
  bool spaceFixed = false;
  const long component = n > 1 ? std::lround(a[1]) : 0;
  if (n < 3 || !orientSequence(int(std::lround(a[0])), x, y, z, spaceFixed) || component < 1 || component > 3)
    return kNaN;
  const Mat3 rel =
      s.orientation(markerArgument(a, n, 3)).transpose() * s.orientation(markerArgument(a, n, 2));
  if (!spaceFixed)
    return eulerAngles(rel, x, y, z)[int(component - 1)];
  // Rotations about the fixed axes x, then y, then z: R = R_z R_y R_x, the body-fixed z-y-x
  // sequence with its angles in reverse order.
  return eulerAngles(rel, z, y, x)[int(3 - component)];
}

double markerLoadValue(int kind, const StateView& s, const double* a, int n)
{
  const auto load = s.markerLoad(markerArgument(a, n, 0), markerArgument(a, n, 1));
  if (!load)
    return kNaN;
  return loadComponent(*load, kind, s.orientation(markerArgument(a, n, 2)));
}

namespace {

// Adams' NFORCE(id, at_marker, comp, rm): the load at one of its I markers (that entry's), or at
// its J marker (the sum of the entries' reactions); NaN at a marker it does not act at.
double multiPointLoadValue(const StateView& s, const double* a, int n)
{
  const long first = std::lround(a[0]) - 1, component = std::lround(a[2]);
  const int at = markerArgument(a, n, 1);
  if (first < 0 || at == mbs::solver::kGround || component < 1 || component > 8)
    return kNaN;
  std::optional<mbs::solver::ElementLoad> atJ;
  int i = 0, j = 0, group = 0;
  for (int e = int(first); s.elementEnds(mbs::solver::LoadElement::Force, e, i, j, group) && group == first;
       ++e) {
    if (i == at) {
      const auto load = s.elementLoad(mbs::solver::LoadElement::Force, e, false);
      return load ? loadComponent(*load, int(component - 1), s.orientation(markerArgument(a, n, 3))) : kNaN;
    }
    if (j != at)
      continue;
    const auto reaction = s.elementLoad(mbs::solver::LoadElement::Force, e, true);
    if (!reaction)
      return kNaN;
    atJ = atJ ? mbs::solver::ElementLoad{atJ->force + reaction->force, atJ->torque + reaction->torque}
              : *reaction;
  }
  return atJ ? loadComponent(*atJ, int(component - 1), s.orientation(markerArgument(a, n, 3))) : kNaN;
}

}  // namespace

double elementLoadValue(ElementKind kind, const StateView& s, const double* a, int n)
{
  if (n < 3)
    return kNaN;
  if (kind == ElementKind::MultiPoint)
    return multiPointLoadValue(s, a, n);
  const long index = std::lround(a[0]) - 1, jflag = std::lround(a[1]), component = std::lround(a[2]);
  if (index < 0 || (jflag != 0 && jflag != 1) || component < 1 || component > 8)
    return kNaN;
  const auto list = kind == ElementKind::Joint     ? mbs::solver::LoadElement::Joint
                    : kind == ElementKind::Motion  ? mbs::solver::LoadElement::Motion
                    : kind == ElementKind::Contact ? mbs::solver::LoadElement::Contact
                                                   : mbs::solver::LoadElement::Force;
  const auto load = s.elementLoad(list, int(index), jflag == 1);
  if (!load)
    return kNaN;
  return loadComponent(*load, int(component - 1), s.orientation(markerArgument(a, n, 3)));
}

}  // namespace mbs::core::detail
