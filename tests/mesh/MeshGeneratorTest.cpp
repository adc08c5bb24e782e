// Gmsh meshing of the primitive and imported solids, planar profiles, quality and errors.
#include <gmsh.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <thread>

#include <Eigen/Geometry>

#include "mbs/mesh/Assembly.hpp"
#include "mbs/mesh/GmshSession.hpp"
#include "mbs/mesh/MeshGenerator.hpp"

using namespace mbs::mesh;

namespace {

// Volume (or area for planar meshes) from the consistent mass of a unit-density material.
double meshVolume(const FeMesh& mesh)
{
  mbs::solver::SparseMat K, M;
  const Material unit{"unit", 1.0, 0.3, 1.0};
  EXPECT_TRUE(assembleSolid(mesh, unit, K, M, "volume").ok());
  Eigen::VectorXd ex = Eigen::VectorXd::Zero(M.rows());
  for (int i = 0; i < mesh.nodeCount(); ++i)
    ex[3 * i] = 1.0;
  return ex.dot(M * ex);
}

double planarArea(const FeMesh& mesh)
{
  double area = 0.0;
  for (const auto& t : mesh.surfaceTriangles)
    area +=
        0.5 *
        (mesh.nodes.col(t[1]) - mesh.nodes.col(t[0])).cross(mesh.nodes.col(t[2]) - mesh.nodes.col(t[0])).z();
  return area;
}

// Every edge of a closed, consistently oriented surface appears once in each direction.
bool surfaceIsClosedAndOriented(const FeMesh& mesh)
{
  std::map<std::pair<int, int>, int> edges;
  for (const auto& t : mesh.surfaceTriangles)
    for (int k = 0; k < 3; ++k)
      ++edges[{t[k], t[(k + 1) % 3]}];
  for (const auto& [e, count] : edges) {
    auto it = edges.find({e.second, e.first});
    if (count != 1 || it == edges.end() || it->second != 1)
      return false;
  }
  return !edges.empty();
}

std::filesystem::path tempFile(const std::string& name)
{
  return std::filesystem::temp_directory_path() /
         ("mbs_mesh_test_" + std::to_string(::getpid()) + "_" + name);
}

}  // namespace

TEST(MeshGenerator, MeshesEveryPrimitiveSolid)
{
  const std::vector<Solid> solids{
      Solid::box("box", 0.2, 0.1, 0.05),
      Solid::cylinder("cylinder", 0.03, 0.12),
      Solid::sphere("sphere", 0.05),
      Solid::bar("bar", 0.3, 0.03, 0.02),
      Solid::link("link", 0.2, 0.04, 0.01, 0.016),
      Solid::link("plain_link", 0.2, 0.04, 0.01, 0.0),
  };
  for (int order : {1, 2}) {
    MeshOptions options;
    options.order = order;
    options.elementSize = 0.015;
    const MeshGenerator generator(options);
    for (const Solid& solid : solids) {
      FeMesh mesh;
      const auto status = generator.mesh3d(solid, mesh);
      ASSERT_TRUE(status.ok()) << status.message;
      EXPECT_EQ(mesh.order(), order) << solid.name;
      EXPECT_GT(mesh.quality.minScaledJacobian, 0.0) << solid.name;
      // Gmsh's Delaunay mesher leaves a few flat elements (gamma ~0.05) without Netgen optimisation.
      EXPECT_GT(mesh.quality.minGamma, 0.02) << solid.name;
      EXPECT_GT(mesh.quality.meanGamma, 0.5) << solid.name;
      EXPECT_EQ(mesh.quality.elementCounts.at(order == 1 ? ElementType::Tet4 : ElementType::Tet10),
                mesh.elementCount());
      EXPECT_TRUE(surfaceIsClosedAndOriented(mesh)) << solid.name;
      // Curved faces are approximated: quadratic geometry is much closer than linear.
      const double tol = solid.kind == SolidKind::Box || solid.kind == SolidKind::Bar ? 1e-10
                         : order == 2                                                 ? 2e-3
                                                                                      : 3e-2;
      EXPECT_NEAR(meshVolume(mesh) / solid.nominalVolume(), 1.0, tol) << solid.name << " order " << order;
    }
  }
}

TEST(MeshGenerator, Tet10EdgeNodesAreMidpointsOnStraightEdges)
{
  MeshOptions options;
  options.elementSize = 0.05;
  FeMesh mesh;
  ASSERT_TRUE(MeshGenerator(options).mesh3d(Solid::box("box", 0.2, 0.1, 0.1), mesh).ok());
  const auto& block = mesh.blocks.at(0);
  ASSERT_EQ(block.type, ElementType::Tet10);
  const int edges[6][2] = {{0, 1}, {1, 2}, {2, 0}, {3, 0}, {3, 2}, {3, 1}};
  for (int e = 0; e < block.count(); ++e) {
    const int* n = block.element(e);
    for (int k = 0; k < 6; ++k) {
      const Eigen::Vector3d mid = 0.5 * (mesh.nodes.col(n[edges[k][0]]) + mesh.nodes.col(n[edges[k][1]]));
      ASSERT_LT((mesh.nodes.col(n[4 + k]) - mid).norm(), 1e-12);
    }
  }
}

TEST(MeshGenerator, NamedGroupsHoldTheRightNodes)
{
  MeshOptions options;
  options.elementSize = 0.01;
  FeMesh bar;
  ASSERT_TRUE(MeshGenerator(options).mesh3d(Solid::bar("bar", 0.3, 0.03, 0.02), bar).ok());
  ASSERT_TRUE(bar.nodeGroups.count("end_x0") && bar.nodeGroups.count("end_x1"));
  for (int n : bar.nodeGroups.at("end_x0"))
    EXPECT_NEAR(bar.nodes(0, n), 0.0, 1e-12);
  for (int n : bar.nodeGroups.at("end_x1"))
    EXPECT_NEAR(bar.nodes(0, n), 0.3, 1e-12);

  FeMesh link;
  ASSERT_TRUE(MeshGenerator(options).mesh3d(Solid::link("crank", 0.2, 0.04, 0.01, 0.016), link).ok());
  for (const auto& [name, centre] : {std::pair{"hole_1", 0.0}, std::pair{"hole_2", 0.2}}) {
    ASSERT_TRUE(link.nodeGroups.count(name)) << name;
    EXPECT_GT(link.nodeGroups.at(name).size(), 8u);
    for (int n : link.nodeGroups.at(name))
      EXPECT_NEAR(std::hypot(link.nodes(0, n) - centre, link.nodes(1, n)), 0.008, 1e-9) << name;
  }
}

TEST(MeshGenerator, PlanarProfilesWithTrianglesAndQuads)
{
  const double pi = std::numbers::pi;
  const std::vector<std::pair<Solid, double>> cases{
      {Solid::box("plate", 0.2, 0.1, 0.01), 0.02},
      {Solid::link("rod", 0.3, 0.04, 0.01, 0.02), 0.3 * 0.04 + pi * (0.02 * 0.02 - 2 * 0.01 * 0.01)},
      {Solid::cylinder("disc", 0.05, 0.01), pi * 0.05 * 0.05},
  };
  for (bool quads : {false, true})
    for (int order : {1, 2}) {
      MeshOptions options;
      options.elementSize = 0.01;
      options.order = order;
      options.quadrilaterals = quads;
      for (const auto& [solid, area] : cases) {
        FeMesh mesh;
        const auto status = MeshGenerator(options).meshPlanar(solid, mesh);
        ASSERT_TRUE(status.ok()) << status.message;
        EXPECT_TRUE(mesh.nodes.row(2).isZero());
        EXPECT_GT(mesh.quality.minScaledJacobian, 0.0);
        const ElementType expected = quads ? (order == 1 ? ElementType::Quad4 : ElementType::Quad8)
                                           : (order == 1 ? ElementType::Tri3 : ElementType::Tri6);
        EXPECT_GT(mesh.quality.elementCounts[expected], 0) << solid.name;
        // Drawing triangles use straight edges: the curved profile is approximated.
        EXPECT_NEAR(planarArea(mesh) / area, 1.0, solid.kind == SolidKind::Box ? 1e-12 : 2e-2) << solid.name;
      }
    }
}

TEST(MeshGenerator, ImportsStepWrittenByGmsh)
{
  const auto path = tempFile("part.step");
  {
    GmshSession session("export");
    // A 100 mm x 40 mm x 20 mm block with a 10 mm hole, in millimetres like most CAD files.
    const int box = gmsh::model::occ::addBox(0, 0, 0, 100, 40, 20);
    const int hole = gmsh::model::occ::addCylinder(50, 20, 0, 0, 0, 20, 5);
    std::vector<std::pair<int, int>> out;
    std::vector<std::vector<std::pair<int, int>>> map;
    gmsh::model::occ::cut({{3, box}}, {{3, hole}}, out, map);
    gmsh::model::occ::synchronize();
    gmsh::write(path.string());
  }
  MeshOptions options;
  options.elementSize = 0.008;
  FeMesh mesh;
  const auto status = MeshGenerator(options).mesh3d(Solid::stepFile("block", path.string(), 1e-3), mesh);
  std::filesystem::remove(path);
  ASSERT_TRUE(status.ok()) << status.message;
  EXPECT_NEAR(mesh.nodes.row(0).maxCoeff(), 0.1, 1e-9);
  const double volume = 0.1 * 0.04 * 0.02 - std::numbers::pi * 0.005 * 0.005 * 0.02;
  EXPECT_NEAR(meshVolume(mesh) / volume, 1.0, 1e-3);
}

TEST(MeshGenerator, ImportsClosedStl)
{
  const auto path = tempFile("part.stl");
  {
    GmshSession session("export");
    gmsh::model::occ::addBox(0, 0, 0, 0.1, 0.05, 0.02);
    gmsh::model::occ::synchronize();
    gmsh::option::setNumber("Mesh.MeshSizeMax", 0.01);
    gmsh::model::mesh::generate(2);
    gmsh::write(path.string());
  }
  for (int order : {1, 2}) {
    MeshOptions options;
    options.order = order;
    options.elementSize = 0.01;
    FeMesh mesh;
    const auto status = MeshGenerator(options).mesh3d(Solid::stlFile("stl_block", path.string()), mesh);
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_TRUE(surfaceIsClosedAndOriented(mesh));
    EXPECT_NEAR(meshVolume(mesh) / (0.1 * 0.05 * 0.02), 1.0, 1e-9);
  }
  std::filesystem::remove(path);
}

TEST(MeshGenerator, BadInputsGiveErrorsNamingTheSolid)
{
  const MeshGenerator generator;
  FeMesh mesh;
  auto expectError = [&](const Solid& solid, const std::string& fragment, const MeshGenerator& g) {
    const auto status = g.mesh3d(solid, mesh);
    EXPECT_FALSE(status.ok());
    EXPECT_NE(status.message.find("'" + solid.name + "'"), std::string::npos) << status.message;
    EXPECT_NE(status.message.find(fragment), std::string::npos) << status.message;
    EXPECT_EQ(status.entity, solid.name);
  };
  expectError(Solid::box("flat", 0.1, 0.0, 0.1), "positive", generator);
  expectError(Solid::link("bad_link", 0.1, 0.02, 0.01, 0.03), "hole diameter", generator);
  expectError(Solid::stepFile("missing", "/nonexistent/part.step"), "does not exist", generator);

  const auto garbage = tempFile("garbage.step");
  std::ofstream(garbage) << "this is not a STEP file\n";
  expectError(Solid::stepFile("garbage", garbage.string()), "Gmsh", generator);
  std::filesystem::remove(garbage);

  MeshOptions tiny;
  tiny.elementSize = 1e-5;
  expectError(Solid::box("huge_mesh", 1.0, 1.0, 1.0), "elements", MeshGenerator(tiny));
  MeshOptions cubic;
  cubic.order = 3;
  expectError(Solid::box("cubic", 1.0, 1.0, 1.0), "order", MeshGenerator(cubic));

  const auto planar = generator.meshPlanar(Solid::stepFile("imported", "/nonexistent/part.step"), mesh);
  EXPECT_FALSE(planar.ok());
}

TEST(MeshGenerator, ConcurrentMeshingIsSerialized)
{
  MeshOptions options;
  options.elementSize = 0.01;
  const MeshGenerator generator(options);
  FeMesh a, b;
  mbs::solver::Status sa, sb;
  std::thread t1([&] { sa = generator.mesh3d(Solid::cylinder("c1", 0.02, 0.1), a); });
  std::thread t2([&] { sb = generator.mesh3d(Solid::bar("b2", 0.1, 0.02, 0.02), b); });
  t1.join();
  t2.join();
  ASSERT_TRUE(sa.ok()) << sa.message;
  ASSERT_TRUE(sb.ok()) << sb.message;
  EXPECT_NEAR(meshVolume(b), 0.1 * 0.02 * 0.02, 1e-12);
  EXPECT_GT(a.nodeCount(), 0);
}

TEST(MeshGenerator, OptimisationImprovesTheWorstElements)
{
  const Solid shaft = Solid::cylinder("shaft", 0.03, 0.12);
  MeshQuality quality[2];
  for (bool optimize : {false, true}) {
    MeshOptions options;
    options.elementSize = 0.015;
    options.optimize = optimize;
    FeMesh mesh;
    const auto status = MeshGenerator(options).mesh3d(shaft, mesh);
    ASSERT_TRUE(status.ok()) << status.message;
    EXPECT_GT(mesh.quality.minScaledJacobian, 0.0);
    EXPECT_NEAR(meshVolume(mesh) / shaft.nominalVolume(), 1.0, 2e-3);
    quality[optimize ? 1 : 0] = mesh.quality;
  }
  EXPECT_GT(quality[1].minGamma, quality[0].minGamma);
  EXPECT_LE(quality[1].poorElementCount, quality[0].poorElementCount);
}
