#include "ContactSolids.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <numbers>
#include <sstream>

#include "mbs/core/Rotation.hpp"

namespace mbs::core {
namespace {

constexpr int kSegments = 48;  // around a circle (a chord error of 0.2 % of the radius)
using Triangles = std::vector<std::array<int, 3>>;

// A ring of kSegments points at height z, radius r.
void ring(double r, double z, std::vector<Vec3>& v)
{
  for (int k = 0; k < kSegments; ++k) {
    const double a = 2.0 * std::numbers::pi * k / kSegments;
    v.emplace_back(r * std::cos(a), r * std::sin(a), z);
  }
}

// The closed surface of a (r, z) profile revolved about z: consecutive profile points joined
// around; a point on the axis (r = 0) is one vertex.
void revolve(const std::vector<Vec3>& profile, std::vector<Vec3>& v, Triangles& t)
{
  std::vector<int> first;  // per profile point: its first vertex (one vertex if on the axis)
  for (const Vec3& p : profile) {
    first.push_back(static_cast<int>(v.size()));
    if (p.x() <= 0.0)
      v.emplace_back(0.0, 0.0, p.z());
    else
      ring(p.x(), p.z(), v);
  }
  const std::size_t n = profile.size();
  for (std::size_t k = 0; k < n; ++k) {
    const std::size_t m = (k + 1) % n;
    const bool axisK = profile[k].x() <= 0.0, axisM = profile[m].x() <= 0.0;
    if (axisK && axisM)
      continue;
    for (int s = 0; s < kSegments; ++s) {
      const int s1 = (s + 1) % kSegments;
      const int a = axisK ? first[k] : first[k] + s, b = axisK ? first[k] : first[k] + s1;
      const int c = axisM ? first[m] : first[m] + s, d = axisM ? first[m] : first[m] + s1;
      if (!axisK)
        t.push_back({a, b, axisM ? c : d});
      if (!axisM)
        t.push_back({axisK ? a : b, d, c});
    }
  }
}

bool convexOutline(const std::vector<Vec3>& p)
{
  int sign = 0;
  for (std::size_t k = 0; k < p.size(); ++k) {
    const Vec3 a = p[(k + 1) % p.size()] - p[k], b = p[(k + 2) % p.size()] - p[(k + 1) % p.size()];
    const double c = a.x() * b.y() - a.y() * b.x();
    if (std::abs(c) < 1e-15)
      continue;
    if (sign == 0)
      sign = c > 0 ? 1 : -1;
    else if ((c > 0 ? 1 : -1) != sign)
      return false;
  }
  return true;
}

// Whether a closed triangle surface is convex: every vertex on the inner side of every face's plane
// (faces all outward or all inward). A convex surface becomes a convex polytope for the collision
// library, whose penetrations are robust where a box lies on a flat triangle of a general mesh.
// Large surfaces (more than 10^7 vertex-face tests) are kept as general meshes without testing.
bool convexSurface(const std::vector<Vec3>& v, const std::vector<std::array<int, 3>>& t)
{
  if (v.size() * t.size() > 10'000'000)
    return false;
  double size = 0.0;
  for (const Vec3& p : v)
    size = std::max(size, (p - v.front()).norm());
  const double tolerance = 1e-9 * size;
  int orientation = 0;
  for (const auto& f : t) {
    const Vec3 n = (v[f[1]] - v[f[0]]).cross(v[f[2]] - v[f[0]]);
    if (n.norm() <= 1e-12 * size * size)
      continue;  // a sliver says nothing
    const Vec3 u = n.normalized();
    double above = 0.0, below = 0.0;
    for (const Vec3& p : v) {
      const double d = u.dot(p - v[f[0]]);
      above = std::max(above, d);
      below = std::min(below, d);
    }
    const int side = above <= tolerance ? 1 : below >= -tolerance ? -1 : 0;  // 1: outward face
    if (side == 0 || (orientation != 0 && side != orientation))
      return false;
    orientation = side;
  }
  return orientation != 0;
}

}  // namespace

std::string contactProblem(const ContactParameters& c)
{
  if (c.iSolids.empty() || c.jSolids.empty())
    return "each side needs at least one solid";
  for (const auto* side : {&c.iSolids, &c.jSolids})
    for (const ContactSolid& s : *side) {
      solver::ContactShape shape;
      if (const std::string why = toSolverShape(s, Mat3::Identity(), Vec3::Zero(), shape); !why.empty())
        return "solid '" + s.name + "': " + why;
    }
  if (c.law == ContactLaw::Impact) {
    if (!(c.stiffness >= 0.0 && c.exponent >= 1.0 && c.damping >= 0.0 && c.dmax > 0.0) ||
        !std::isfinite(c.stiffness + c.exponent + c.damping + c.dmax))
      return "IMPACT needs STIFFNESS ≥ 0, EXPONENT ≥ 1, DAMPING ≥ 0 and DMAX > 0";
  } else if (!(c.penalty > 0.0 && std::isfinite(c.penalty) && c.restitution >= 0.0 && c.restitution <= 1.0 &&
               c.normalTransitionVelocity > 0.0)) {
    return "POISSON needs PENALTY > 0 and 0 ≤ RESTITUTION_COEFFICIENT ≤ 1";
  }
  if (c.friction == ContactFriction::On &&
      !(c.muStatic >= 0.0 && c.muDynamic >= 0.0 && c.stictionVelocity > 0.0 &&
        c.frictionVelocity > c.stictionVelocity &&
        std::isfinite(c.frictionVelocity + c.muStatic + c.muDynamic)))
    return "friction needs MU_STATIC, MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > "
           "STICTION_TRANSITION_VELOCITY > 0";
  if (c.friction == ContactFriction::DynamicsOnly &&
      !(c.muDynamic >= 0.0 && c.frictionVelocity > 0.0 && std::isfinite(c.frictionVelocity + c.muDynamic)))
    return "friction needs MU_DYNAMIC ≥ 0 and FRICTION_TRANSITION_VELOCITY > 0";
  return "";
}

std::string toSolverShape(const ContactSolid& s, const Mat3& rotation, const Vec3& translation,
                          solver::ContactShape& out)
{
  using K = solver::ContactShapeKind;
  out = {};
  out.name = s.name;
  out.position = rotation * s.position + translation;
  out.orientation = rotation * euler313ToMatrix(s.orientation);
  const auto positive = [](double v) { return v > 0.0 && std::isfinite(v); };
  switch (s.kind) {
    case ContactSolidKind::Sphere:
      if (!positive(s.radius))
        return "a sphere needs a radius > 0";
      out.kind = K::Sphere;
      out.size = Vec3::Constant(s.radius);
      return "";
    case ContactSolidKind::Ellipsoid:
      if (!(s.size.minCoeff() > 0.0) || !s.size.allFinite())
        return "an ellipsoid needs semi-axes > 0";
      out.kind = K::Ellipsoid;
      out.size = s.size;
      return "";
    case ContactSolidKind::Box:
      if (!(s.size.minCoeff() > 0.0) || !s.size.allFinite())
        return "a box needs edge lengths > 0";
      out.kind = K::Box;
      out.size = s.size;
      return "";
    case ContactSolidKind::Cylinder:
      if (!positive(s.radius) || !positive(s.length))
        return "a cylinder needs a radius and a length > 0";
      out.kind = K::Cylinder;
      out.size = Vec3(s.radius, s.radius, s.length);
      return "";
    case ContactSolidKind::Frustum: {
      if (!positive(s.length) || !(s.radius >= 0.0 && s.topRadius >= 0.0) ||
          !positive(s.radius + s.topRadius))
        return "a frustum needs a length > 0 and radii ≥ 0, not both 0";
      out.kind = K::ConvexMesh;
      const double h = 0.5 * s.length;
      revolve({Vec3(0, 0, -h), Vec3(s.radius, 0, -h), Vec3(s.topRadius, 0, h), Vec3(0, 0, h)}, out.vertices,
              out.triangles);
      return "";
    }
    case ContactSolidKind::Torus: {
      if (!positive(s.minorRadius) || !(s.radius > s.minorRadius))
        return "a torus needs 0 < minor radius < radius";
      out.kind = K::TriangleMesh;
      std::vector<Vec3> profile;  // the tube's circle in the (r, z) half plane
      for (int k = 0; k < kSegments / 2; ++k) {
        const double a = 2.0 * std::numbers::pi * k / (kSegments / 2);
        profile.emplace_back(s.radius + s.minorRadius * std::cos(a), 0.0, s.minorRadius * std::sin(a));
      }
      revolve(profile, out.vertices, out.triangles);
      return "";
    }
    case ContactSolidKind::Plane:
      out.kind = K::Plane;
      return "";
    case ContactSolidKind::Extrusion: {
      if (s.profile.size() < 3 || !positive(s.length))
        return "an extrusion needs a profile of at least 3 points and a length > 0";
      const int n = static_cast<int>(s.profile.size());
      for (const Vec3& p : s.profile)
        out.vertices.emplace_back(p.x(), p.y(), 0.0);
      for (const Vec3& p : s.profile)
        out.vertices.emplace_back(p.x(), p.y(), s.length);
      Vec3 c = Vec3::Zero();
      for (const Vec3& p : s.profile)
        c += Vec3(p.x(), p.y(), 0.0) / n;
      // Caps fanned from the outline's centroid (exact for outlines star-shaped about it).
      out.vertices.push_back(c);
      out.vertices.push_back(c + Vec3(0, 0, s.length));
      for (int k = 0; k < n; ++k) {
        const int m = (k + 1) % n;
        out.triangles.push_back({k, m, n + m});
        out.triangles.push_back({k, n + m, n + k});
        out.triangles.push_back({2 * n, m, k});
        out.triangles.push_back({2 * n + 1, n + k, n + m});
      }
      out.kind = convexOutline(s.profile) ? K::ConvexMesh : K::TriangleMesh;
      return "";
    }
    case ContactSolidKind::Revolution: {
      if (s.profile.size() < 2)
        return "a revolution needs a profile of at least 2 points";
      for (const Vec3& p : s.profile)
        if (!(p.x() >= 0.0) || !p.allFinite())
          return "a revolution's profile needs radii ≥ 0";
      std::vector<Vec3> closed = s.profile;  // closed through the axis at both ends
      if (closed.front().x() > 0.0)
        closed.insert(closed.begin(), Vec3(0, 0, closed.front().z()));
      if (closed.back().x() > 0.0)
        closed.emplace_back(0, 0, closed.back().z());
      out.kind = K::TriangleMesh;
      revolve(closed, out.vertices, out.triangles);
      return "";
    }
    case ContactSolidKind::MeshFile: {
      if (!positive(s.scale))
        return "a mesh file needs a scale > 0";
      const std::string problem = readTriangleFile(s.path, s.scale, out.vertices, out.triangles);
      out.kind =
          problem.empty() && convexSurface(out.vertices, out.triangles) ? K::ConvexMesh : K::TriangleMesh;
      return problem;
    }
  }
  return "unknown solid";
}

std::string readTriangleFile(const std::string& path, double scale, std::vector<Vec3>& vertices,
                             Triangles& triangles)
{
  vertices.clear();
  triangles.clear();
  const auto dot = path.find_last_of('.');
  std::string ext = dot == std::string::npos ? "" : path.substr(dot + 1);
  for (char& ch : ext)
    ch = char(std::tolower(static_cast<unsigned char>(ch)));
  if (ext == "step" || ext == "stp" || ext == "iges" || ext == "igs")
    return "'" + path +
           "': STEP and IGES solids are not read for contact (their OpenCASCADE reader is in the mesh "
           "library, not in the model core); export the solid as STL";
  if (ext == "x_t" || ext == "x_b" || ext == "xmt_txt" || ext == "xmt_bin" || ext == "sat" || ext == "sldprt")
    return "'" + path +
           "': a proprietary CAD file (Parasolid, ACIS, SolidWorks) is not read; export the "
           "solid as STL";
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return "cannot open '" + path + "'";
  std::map<std::array<double, 3>, int> index;  // shared corners become one vertex
  auto vertex = [&](double x, double y, double z) {
    const std::array<double, 3> key{x, y, z};
    const auto [it, added] = index.emplace(key, static_cast<int>(vertices.size()));
    if (added)
      vertices.emplace_back(x * scale, y * scale, z * scale);
    return it->second;
  };
  constexpr std::size_t kMaxTriangles = 5'000'000;
  if (ext == "obj") {
    std::vector<int> raw;  // OBJ vertex number -> our vertex
    std::string line;
    int lineNo = 0;
    while (std::getline(in, line)) {
      ++lineNo;
      std::istringstream ls(line);
      std::string tag;
      ls >> tag;
      if (tag == "v") {
        double x, y, z;
        if (!(ls >> x >> y >> z) || !std::isfinite(x + y + z))
          return "'" + path + "' line " + std::to_string(lineNo) + ": a vertex needs three finite numbers";
        raw.push_back(vertex(x, y, z));
      } else if (tag == "f") {
        std::vector<int> face;
        std::string item;
        while (ls >> item) {
          const long k = std::strtol(item.c_str(), nullptr, 10);
          const long n = static_cast<long>(raw.size());
          const long at = k < 0 ? n + k : k - 1;
          if (k == 0 || at < 0 || at >= n)
            return "'" + path + "' line " + std::to_string(lineNo) + ": face vertex '" + item +
                   "' does not exist";
          face.push_back(raw[static_cast<std::size_t>(at)]);
        }
        if (face.size() < 3)
          return "'" + path + "' line " + std::to_string(lineNo) + ": a face needs at least 3 vertices";
        for (std::size_t k = 1; k + 1 < face.size(); ++k)
          triangles.push_back({face[0], face[k], face[k + 1]});
        if (triangles.size() > kMaxTriangles)
          return "'" + path + "': more than 5,000,000 triangles";
      }
    }
  } else if (ext == "stl") {
    std::string data((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::uint32_t count = 0;
    if (data.size() >= 84)
      std::memcpy(&count, data.data() + 80, 4);
    const bool binary = data.size() >= 84 && data.size() == 84 + 50ull * count;
    if (binary) {
      if (count > kMaxTriangles)
        return "'" + path + "': more than 5,000,000 triangles";
      for (std::uint32_t t = 0; t < count; ++t) {
        std::array<int, 3> tri;
        for (int c = 0; c < 3; ++c) {
          float xyz[3];
          std::memcpy(xyz, data.data() + 84 + 50ull * t + 12 + 12 * c, 12);
          if (!std::isfinite(xyz[0] + xyz[1] + xyz[2]))
            return "'" + path + "': triangle " + std::to_string(t + 1) + " has a non-finite vertex";
          tri[c] = vertex(xyz[0], xyz[1], xyz[2]);
        }
        triangles.push_back(tri);
      }
    } else {
      std::istringstream ls(data);
      std::string word;
      std::vector<int> corners;
      while (ls >> word) {
        if (word == "vertex") {
          double x, y, z;
          if (!(ls >> x >> y >> z) || !std::isfinite(x + y + z))
            return "'" + path + "': a vertex needs three finite numbers";
          corners.push_back(vertex(x, y, z));
        } else if (word == "endloop") {
          if (corners.size() != 3)
            return "'" + path + "': a facet needs 3 vertices";
          triangles.push_back({corners[0], corners[1], corners[2]});
          corners.clear();
          if (triangles.size() > kMaxTriangles)
            return "'" + path + "': more than 5,000,000 triangles";
        }
      }
    }
  } else {
    return "'" + path + "': not an STL or OBJ file (by its extension)";
  }
  if (triangles.size() < 4)
    return "'" + path + "': fewer than 4 triangles (not a closed solid)";
  return "";
}

}  // namespace mbs::core
