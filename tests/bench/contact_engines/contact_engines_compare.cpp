// FCL 0.7 against Bullet 3.24 (double precision) on contact cases with closed forms: penetration
// depth, normal and contact count, and the time of ~100 narrow-phase queries. Built by hand: the
// CMake build globs only tests/bench/*.cpp, and Bullet is not a dependency (docs/solver-notes.md,
// "Solid contact: choice of the collision library"):
//   g++ -O2 tests/bench/contact_engines/contact_engines_compare.cpp -o /tmp/cmp \
//     $(pkg-config --cflags --libs fcl bullet-float64) -std=c++20
#include <btBulletCollisionCommon.h>

#include <fcl/fcl.h>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace {

struct Case {
  std::string name;
  double depth;            // exact penetration
  Eigen::Vector3d normal;  // exact normal, from A towards B... here: the direction pushing B out of A
  int points;              // points of the exact contact patch's corners (1 for a point contact)
};

struct Found {
  double depth = 0.0;
  Eigen::Vector3d normal = Eigen::Vector3d::Zero();
  int points = 0;
};

// Shapes as a tiny description both libraries build from.
enum class Kind { Sphere, Box, Cylinder, Plane };
struct Shape {
  Kind kind;
  Eigen::Vector3d size;  // sphere: r; box: half extents; cylinder: r, half-length; plane: normal z
  Eigen::Isometry3d pose = Eigen::Isometry3d::Identity();
};

std::shared_ptr<fcl::CollisionGeometryd> fclShape(const Shape& s)
{
  switch (s.kind) {
    case Kind::Sphere:
      return std::make_shared<fcl::Sphered>(s.size.x());
    case Kind::Box:
      return std::make_shared<fcl::Boxd>(2.0 * s.size);
    case Kind::Cylinder:
      return std::make_shared<fcl::Cylinderd>(s.size.x(), 2.0 * s.size.y());
    default:
      return std::make_shared<fcl::Halfspaced>(Eigen::Vector3d::UnitZ(), 0.0);
  }
}

Found fclQuery(const Shape& a, const Shape& b)
{
  fcl::CollisionObjectd oa(fclShape(a), a.pose), ob(fclShape(b), b.pose);
  fcl::CollisionRequestd request(8, true);
  request.gjk_solver_type = fcl::GJKSolverType::GST_LIBCCD;
  fcl::CollisionResultd result;
  fcl::collide(&oa, &ob, request, result);
  Found f;
  f.points = static_cast<int>(result.numContacts());
  for (std::size_t i = 0; i < result.numContacts(); ++i) {
    const auto& c = result.getContact(i);
    if (c.penetration_depth > f.depth) {
      f.depth = c.penetration_depth;
      f.normal = c.normal;  // FCL 0.7: from o1 into o2
    }
  }
  return f;
}

std::unique_ptr<btCollisionShape> btShape(const Shape& s)
{
  switch (s.kind) {
    case Kind::Sphere:
      return std::make_unique<btSphereShape>(s.size.x());
    case Kind::Box:
      return std::make_unique<btBoxShape>(btVector3(s.size.x(), s.size.y(), s.size.z()));
    case Kind::Cylinder:
      return std::make_unique<btCylinderShapeZ>(btVector3(s.size.x(), s.size.x(), s.size.y()));
    default:
      return std::make_unique<btStaticPlaneShape>(btVector3(0, 0, 1), 0.0);
  }
}

btTransform btPose(const Eigen::Isometry3d& p)
{
  const Eigen::Matrix3d r = p.rotation();
  btMatrix3x3 m(r(0, 0), r(0, 1), r(0, 2), r(1, 0), r(1, 1), r(1, 2), r(2, 0), r(2, 1), r(2, 2));
  return btTransform(m, btVector3(p.translation().x(), p.translation().y(), p.translation().z()));
}

struct BulletWorld {
  btDefaultCollisionConfiguration config;
  btCollisionDispatcher dispatcher{&config};
  btDbvtBroadphase broadphase;
  btCollisionWorld world{&dispatcher, &broadphase, &config};
};

struct BtCallback : btCollisionWorld::ContactResultCallback {
  Found found;
  btScalar addSingleResult(btManifoldPoint& cp, const btCollisionObjectWrapper*, int, int,
                           const btCollisionObjectWrapper*, int, int) override
  {
    const double depth = -cp.getDistance();
    ++found.points;
    if (depth > found.depth) {
      found.depth = depth;
      // m_normalWorldOnB points from B towards A: the direction from A into B is its opposite.
      found.normal =
          -Eigen::Vector3d(cp.m_normalWorldOnB.x(), cp.m_normalWorldOnB.y(), cp.m_normalWorldOnB.z());
    }
    return 0;
  }
};

Found bulletQuery(BulletWorld& w, const Shape& a, const Shape& b)
{
  auto sa = btShape(a), sb = btShape(b);
  btCollisionObject oa, ob;
  oa.setCollisionShape(sa.get());
  ob.setCollisionShape(sb.get());
  oa.setWorldTransform(btPose(a.pose));
  ob.setWorldTransform(btPose(b.pose));
  BtCallback cb;
  w.world.contactPairTest(&oa, &ob, cb);
  return cb.found;
}

Eigen::Isometry3d at(double x, double y, double z, const Eigen::Matrix3d& r = Eigen::Matrix3d::Identity())
{
  Eigen::Isometry3d p = Eigen::Isometry3d::Identity();
  p.linear() = r;
  p.translation() = Eigen::Vector3d(x, y, z);
  return p;
}

}  // namespace

int main()
{
  using Eigen::AngleAxisd;
  using Eigen::Vector3d;
  const double s2 = std::sqrt(0.5);
  // B is the "floor" in every case; the normal is the direction B pushes A out (from B into A,
  // i.e. FCL's o1 = B into o2 = A).
  struct Test {
    Case c;
    Shape a, b;
  };
  const Shape floorBox{Kind::Box, Vector3d(2, 2, 0.5), at(0, 0, -0.5)};
  const Shape floorPlane{Kind::Plane, Vector3d::Zero(), at(0, 0, 0)};
  const double tilt = 0.3;  // cylinder axis tilted from vertical
  const double rimDrop = 0.5 * std::cos(tilt) + 0.3 * std::sin(tilt);
  std::vector<Test> tests = {
      {{"sphere r0.5 on box face, 0.05 deep", 0.05, Vector3d::UnitZ(), 1},
       {Kind::Sphere, Vector3d(0.5, 0, 0), at(0.2, 0.1, 0.45)},
       floorBox},
      {{"sphere r0.5 on box edge, 45 deg", 0.5 - 0.3 * std::sqrt(2.0), Vector3d(s2, 0, s2), 1},
       {Kind::Sphere, Vector3d(0.5, 0, 0), at(2.3, 0.0, 0.3)},
       floorBox},
      {{"box 1x1x1 on box face, 0.01 deep", 0.01, Vector3d::UnitZ(), 4},
       {Kind::Box, Vector3d(0.5, 0.5, 0.5), at(0, 0, 0.49)},
       floorBox},
      {{"box turned 30 deg about z, 0.01 deep", 0.01, Vector3d::UnitZ(), 4},
       {Kind::Box, Vector3d(0.5, 0.5, 0.5), at(0.3, 0, 0.49, AngleAxisd(0.5236, Vector3d::UnitZ()).matrix())},
       floorBox},
      {{"box on its edge (45 deg about x), 0.005 deep", 0.005, Vector3d::UnitZ(), 2},
       {Kind::Box, Vector3d(0.5, 0.5, 0.5),
        at(0, 0, std::sqrt(0.5) - 0.005, AngleAxisd(M_PI / 4, Vector3d::UnitX()).matrix())},
       floorBox},
      {{"cylinder r0.3 h1 lying on plane, 0.01 deep", 0.01, Vector3d::UnitZ(), 2},
       {Kind::Cylinder, Vector3d(0.3, 0.5, 0),
        at(0, 0, 0.29, AngleAxisd(M_PI / 2, Vector3d::UnitY()).matrix())},
       floorPlane},
      {{"cylinder standing on plane, 0.01 deep", 0.01, Vector3d::UnitZ(), 3},
       {Kind::Cylinder, Vector3d(0.3, 0.5, 0), at(0, 0, 0.49)},
       floorPlane},
      {{"cylinder tilted 0.3 rad on its rim, 0.002 deep", 0.002, Vector3d::UnitZ(), 1},
       {Kind::Cylinder, Vector3d(0.3, 0.5, 0),
        at(0, 0, rimDrop - 0.002, AngleAxisd(tilt, Vector3d::UnitX()).matrix())},
       floorPlane},
  };
  BulletWorld bw;
  std::printf("%-48s %12s | %10s %8s %3s | %10s %8s %3s\n", "case", "exact depth", "FCL depth", "n err", "#",
              "Bullet d", "n err", "#");
  for (const Test& t : tests) {
    const Found f = fclQuery(t.b, t.a);
    const Found g = bulletQuery(bw, t.b, t.a);
    auto angle = [&](const Vector3d& n) {
      return n.norm() > 0 ? std::acos(std::min(1.0, std::abs(n.normalized().dot(t.c.normal)))) : -1.0;
    };
    std::printf("%-48s %12.6f | %10.6f %8.1e %3d | %10.6f %8.1e %3d\n", t.c.name.c_str(), t.c.depth, f.depth,
                angle(f.normal), f.points, g.depth, angle(g.normal), g.points);
  }
  // Speed: 100 touching pairs (50 sphere-box, 50 box-box), repeated.
  const int reps = 200;
  auto time = [&](auto&& query) {
    const auto t0 = std::chrono::steady_clock::now();
    double sink = 0.0;
    for (int r = 0; r < reps; ++r)
      for (int k = 0; k < 100; ++k) {
        const Test& t = tests[k % 2 == 0 ? 0 : 3];
        sink += query(t.b, t.a).depth;
      }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return std::pair(s / reps * 1e6, sink);
  };
  const auto [fclUs, s1] = time([](const Shape& a, const Shape& b) { return fclQuery(a, b); });
  const auto [btUs, s2b] = time([&](const Shape& a, const Shape& b) { return bulletQuery(bw, a, b); });
  std::printf(
      "100 pairs (50 sphere-box, 50 box-box), objects built per query: FCL %.0f us, Bullet %.0f us (%g %g)\n",
      fclUs, btUs, s1 > 0, s2b > 0);
  return 0;
}
