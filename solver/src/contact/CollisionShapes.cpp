// FCL 0.7 behind CollisionShapes (docs/solver-notes.md, "Solid contact: choice of the collision
// library" has the measurement that chose it over Bullet).
#include "contact/CollisionShapes.hpp"

#include <fcl/fcl.h>
#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mbs::solver::contact {
namespace {

using Geometry = std::shared_ptr<fcl::CollisionGeometryd>;

Geometry meshGeometry(const ContactShape& s)
{
  if (s.kind == ContactShapeKind::ConvexMesh) {
    auto vertices = std::make_shared<std::vector<fcl::Vector3d>>(s.vertices.begin(), s.vertices.end());
    auto faces = std::make_shared<std::vector<int>>();
    for (const auto& t : s.triangles)
      faces->insert(faces->end(), {3, t[0], t[1], t[2]});
    return std::make_shared<fcl::Convexd>(vertices, static_cast<int>(s.triangles.size()), faces);
  }
  auto model = std::make_shared<fcl::BVHModel<fcl::OBBRSSd>>();
  std::vector<fcl::Vector3d> vertices(s.vertices.begin(), s.vertices.end());
  std::vector<fcl::Triangle> triangles;
  triangles.reserve(s.triangles.size());
  for (const auto& t : s.triangles)
    triangles.emplace_back(t[0], t[1], t[2]);
  model->beginModel();
  model->addSubModel(vertices, triangles);
  model->endModel();
  return model;
}

Geometry makeGeometry(const ContactShape& s)
{
  switch (s.kind) {
    case ContactShapeKind::Sphere:
      return std::make_shared<fcl::Sphered>(s.size.x());
    case ContactShapeKind::Ellipsoid:
      return std::make_shared<fcl::Ellipsoidd>(s.size);
    case ContactShapeKind::Box:
      return std::make_shared<fcl::Boxd>(s.size);
    case ContactShapeKind::Cylinder:
      return std::make_shared<fcl::Cylinderd>(s.size.x(), s.size.z());
    case ContactShapeKind::Capsule:
      return std::make_shared<fcl::Capsuled>(s.size.x(), s.size.z());
    case ContactShapeKind::Plane:
      return std::make_shared<fcl::Halfspaced>(fcl::Vector3d::UnitZ(), 0.0);
    default:
      return meshGeometry(s);
  }
}

// Distance from the shape frame's origin to the farthest material point (infinite for a plane).
double shapeReach(const ContactShape& s)
{
  switch (s.kind) {
    case ContactShapeKind::Sphere:
      return s.size.x();
    case ContactShapeKind::Ellipsoid:
      return s.size.maxCoeff();
    case ContactShapeKind::Box:
      return 0.5 * s.size.norm();
    case ContactShapeKind::Cylinder:
      return std::hypot(s.size.x(), 0.5 * s.size.z());
    case ContactShapeKind::Capsule:
      return s.size.x() + 0.5 * s.size.z();
    case ContactShapeKind::Plane:
      return std::numeric_limits<double>::infinity();
    default: {
      double r = 0.0;
      for (const Vec3& v : s.vertices)
        r = std::max(r, v.norm());
      return r;
    }
  }
}

}  // namespace

std::string shapeProblem(const ContactShape& s)
{
  const bool finite = s.size.allFinite() && s.position.allFinite() && s.orientation.allFinite();
  if (!finite)
    return "its size or pose is not finite";
  switch (s.kind) {
    case ContactShapeKind::Sphere:
      return s.size.x() > 0.0 ? "" : "a sphere needs a radius > 0";
    case ContactShapeKind::Ellipsoid:
    case ContactShapeKind::Box:
      return s.size.minCoeff() > 0.0 ? "" : std::string("a ") + toString(s.kind) + " needs sizes > 0";
    case ContactShapeKind::Cylinder:
    case ContactShapeKind::Capsule:
      return s.size.x() > 0.0 && s.size.z() >= 0.0 &&
                     (s.kind == ContactShapeKind::Capsule || s.size.z() > 0.0)
                 ? ""
                 : std::string("a ") + toString(s.kind) + " needs a radius and a length > 0";
    case ContactShapeKind::Plane:
      return "";
    default: {
      if (s.vertices.size() < 4 || s.triangles.size() < 4)
        return "a mesh needs at least 4 vertices and 4 triangles";
      const int n = static_cast<int>(s.vertices.size());
      for (const auto& t : s.triangles)
        for (int k : t)
          if (k < 0 || k >= n)
            return "a triangle's vertex index " + std::to_string(k) + " is outside the " + std::to_string(n) +
                   " vertices";
      for (const Vec3& v : s.vertices)
        if (!v.allFinite())
          return "a vertex is not finite";
      return "";
    }
  }
}

// The shape's point farthest along d (shape frame): FCL 0.7's GJK distance has no support
// function for a half-space, so the distance to a plane is taken from the other shape's support.
namespace {

Vec3 support(const ContactShape& s, const Vec3& d)
{
  const auto sign = [](double v) { return v >= 0.0 ? 1.0 : -1.0; };
  switch (s.kind) {
    case ContactShapeKind::Sphere:
      return s.size.x() * d.normalized();
    case ContactShapeKind::Ellipsoid: {
      const Vec3 a2 = s.size.cwiseProduct(s.size);
      const double n = std::sqrt(a2.dot(d.cwiseProduct(d)));
      return n > 0.0 ? Vec3(a2.cwiseProduct(d) / n) : Vec3::Zero();
    }
    case ContactShapeKind::Box:
      return 0.5 * Vec3(sign(d.x()) * s.size.x(), sign(d.y()) * s.size.y(), sign(d.z()) * s.size.z());
    case ContactShapeKind::Cylinder:
    case ContactShapeKind::Capsule: {
      const double h = 0.5 * s.size.z(), r = s.size.x();
      if (s.kind == ContactShapeKind::Capsule)
        return Vec3(0, 0, sign(d.z()) * h) + r * d.normalized();
      const double radial = std::hypot(d.x(), d.y());
      const Vec3 rim = radial > 0.0 ? Vec3(r * d.x() / radial, r * d.y() / radial, 0.0) : Vec3::Zero();
      return rim + Vec3(0, 0, sign(d.z()) * h);
    }
    default: {
      Vec3 best = s.vertices.front();
      for (const Vec3& v : s.vertices)
        if (v.dot(d) > best.dot(d))
          best = v;
      return best;
    }
  }
}

}  // namespace

struct CollisionShapes::Impl {
  struct Object {
    std::unique_ptr<fcl::CollisionObjectd> object;
    Pose local;  // shape frame in the body frame
    ContactShape shape;
    Pose world;  // shape frame in ground (setPoses)
  };
  std::vector<Object> side[2];  // 0 = I, 1 = J
  fcl::AABBd box[2];
};

CollisionShapes::CollisionShapes(const std::vector<ContactShape>& iShapes,
                                 const std::vector<ContactShape>& jShapes)
    : m_impl(std::make_unique<Impl>())
{
  const std::vector<ContactShape>* sides[2] = {&iShapes, &jShapes};
  for (int k = 0; k < 2; ++k)
    for (const ContactShape& s : *sides[k]) {
      if (const std::string why = shapeProblem(s); !why.empty())
        throw std::invalid_argument("contact shape '" + s.name + "': " + why);
      Impl::Object o;
      o.object = std::make_unique<fcl::CollisionObjectd>(makeGeometry(s));
      o.local = {s.orientation, s.position};
      o.shape = s;
      m_impl->side[k].push_back(std::move(o));
      m_radius[k] = std::max(m_radius[k], s.position.norm() + shapeReach(s));
    }
}

CollisionShapes::~CollisionShapes() = default;

void CollisionShapes::setPoses(const Pose& iBody, const Pose& jBody)
{
  const Pose* bodies[2] = {&iBody, &jBody};
  for (int k = 0; k < 2; ++k) {
    fcl::AABBd& box = m_impl->box[k];
    bool first = true;
    for (Impl::Object& o : m_impl->side[k]) {
      const Mat3 r = bodies[k]->rotation * o.local.rotation;
      const Vec3 x = bodies[k]->rotation * o.local.translation + bodies[k]->translation;
      o.object->setTransform(r, x);
      o.world = {r, x};
      o.object->computeAABB();
      box = first ? o.object->getAABB() : box + o.object->getAABB();
      first = false;
    }
  }
}

bool CollisionShapes::boxesOverlap(double margin) const
{
  fcl::AABBd a = m_impl->box[0];
  a.expand(fcl::Vector3d::Constant(margin));
  return a.overlap(m_impl->box[1]);
}

double CollisionShapes::boxGap() const
{
  const fcl::AABBd &a = m_impl->box[0], &b = m_impl->box[1];
  Vec3 gap;
  for (int k = 0; k < 3; ++k)
    gap[k] = std::max({0.0, a.min_[k] - b.max_[k], b.min_[k] - a.max_[k]});
  return gap.allFinite() ? gap.norm() : 0.0;
}

namespace {

// FCL 0.7 (Debian 12) answers a triangle mesh against a primitive solid in its own ways, checked in
// tests/solver/contact_mesh_test.cpp: the contact normal points from the mesh to the primitive
// whichever of the two is o1; sphere–triangle depths come negated; and a distance query gives the
// sphere's and the mesh's nearest points in their own frames, the mesh's first.
constexpr bool kFcl07MeshQuirks = FCL_MAJOR_VERSION == 0 && FCL_MINOR_VERSION <= 7;

bool isMesh(const ContactShape& s)
{
  return s.kind == ContactShapeKind::TriangleMesh;
}

}  // namespace

void CollisionShapes::contacts(std::vector<ContactPoint>& out) const
{
  out.clear();
  fcl::CollisionRequestd request(kMaxPointsPerPair, true);
  request.gjk_tolerance = kDepthTolerance;
  int group = 0;
  for (const auto& i : m_impl->side[0])
    for (const auto& j : m_impl->side[1]) {
      ++group;
      if (!i.object->getAABB().overlap(j.object->getAABB()))
        continue;
      fcl::CollisionResultd result;
      // o1 = J, o2 = I: FCL's normal points from o1 to o2, i.e. from J into I.
      fcl::collide(j.object.get(), i.object.get(), request, result);
      const bool meshOnPrimitive = kFcl07MeshQuirks && isMesh(i.shape) != isMesh(j.shape);
      const double normalSign = meshOnPrimitive && isMesh(i.shape) ? -1.0 : 1.0;
      const bool sphereOnMesh =
          meshOnPrimitive && (isMesh(i.shape) ? j : i).shape.kind == ContactShapeKind::Sphere;
      for (std::size_t c = 0; c < result.numContacts(); ++c) {
        const auto& contact = result.getContact(c);
        const double depth = sphereOnMesh ? -contact.penetration_depth : contact.penetration_depth;
        if (!(depth > 0.0) || !contact.normal.allFinite())
          continue;
        out.push_back({contact.pos, normalSign * contact.normal.normalized(), depth, group});
      }
    }
}

Separation CollisionShapes::separation() const
{
  Separation best;
  best.distance = std::numeric_limits<double>::infinity();
  fcl::DistanceRequestd request(true);
  for (const auto& i : m_impl->side[0])
    for (const auto& j : m_impl->side[1]) {
      const bool iPlane = i.shape.kind == ContactShapeKind::Plane;
      if (iPlane || j.shape.kind == ContactShapeKind::Plane) {
        // The other solid's lowest point against the plane (outward normal n = the plane's z).
        const auto& plane = iPlane ? i : j;
        const auto& solid = iPlane ? j : i;
        const Vec3 n = plane.world.rotation.col(2);
        const Vec3 lowest =
            solid.world.rotation * support(solid.shape, solid.world.rotation.transpose() * -n) +
            solid.world.translation;
        const double d = n.dot(lowest - plane.world.translation);
        if (d < best.distance) {
          best.distance = d;
          const Vec3 onPlane = lowest - d * n;
          best.pointI = iPlane ? onPlane : lowest;
          best.pointJ = iPlane ? lowest : onPlane;
        }
        continue;
      }
      fcl::DistanceResultd result;
      if (kFcl07MeshQuirks && isMesh(i.shape) != isMesh(j.shape)) {
        const auto& mesh = isMesh(i.shape) ? i : j;
        const auto& other = isMesh(i.shape) ? j : i;
        fcl::distance(mesh.object.get(), other.object.get(), request, result);
        Vec3 onMesh = result.nearest_points[0], onOther = result.nearest_points[1];
        if (other.shape.kind == ContactShapeKind::Sphere) {
          onMesh = mesh.world.rotation * onMesh + mesh.world.translation;
          const Vec3 centre = other.world.translation;
          onOther = centre + other.shape.size.x() * (onMesh - centre).normalized();
        }
        if (result.min_distance < best.distance) {
          best.distance = result.min_distance;
          best.pointI = isMesh(i.shape) ? onMesh : onOther;
          best.pointJ = isMesh(i.shape) ? onOther : onMesh;
        }
        continue;
      }
      fcl::distance(i.object.get(), j.object.get(), request, result);
      if (result.min_distance < best.distance) {
        best.distance = result.min_distance;
        best.pointI = result.nearest_points[0];
        best.pointJ = result.nearest_points[1];
      }
    }
  return best;
}

}  // namespace mbs::solver::contact

namespace mbs::solver {

const char* toString(ContactShapeKind kind)
{
  switch (kind) {
    case ContactShapeKind::Sphere:
      return "sphere";
    case ContactShapeKind::Ellipsoid:
      return "ellipsoid";
    case ContactShapeKind::Box:
      return "box";
    case ContactShapeKind::Cylinder:
      return "cylinder";
    case ContactShapeKind::Capsule:
      return "capsule";
    case ContactShapeKind::Plane:
      return "plane";
    case ContactShapeKind::ConvexMesh:
      return "convex mesh";
    default:
      return "triangle mesh";
  }
}

}  // namespace mbs::solver
