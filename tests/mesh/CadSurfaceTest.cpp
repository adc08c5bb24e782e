// The surface of a STEP or IGES solid as an STL file for contact (mesh/CadSurface): a block with a
// through hole written by Gmsh in millimetres comes back in metres, closed, facing out, enclosing
// the block's volume (from STEP and from OpenCASCADE's BREP); a file without a volume and a missing
// file are refused naming the file.
#include <gtest/gtest.h>

#include <gmsh.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <map>
#include <numbers>
#include <sstream>
#include <vector>

#include "mbs/mesh/CadSurface.hpp"
#include "mbs/mesh/GmshSession.hpp"

namespace mbs::mesh {
namespace {

using Point = std::array<double, 3>;

std::filesystem::path tempPath(const std::string& name)
{
  return std::filesystem::temp_directory_path() /
         ("mbs_cad_surface_" + std::to_string(::getpid()) + "_" + name);
}

std::vector<std::array<Point, 3>> readStl(const std::filesystem::path& path)
{
  std::ifstream in(path);
  std::vector<std::array<Point, 3>> facets;
  std::array<Point, 3> f{};
  int k = 0;
  for (std::string word; in >> word;)
    if (word == "vertex") {
      in >> f[k][0] >> f[k][1] >> f[k][2];
      if (++k == 3) {
        facets.push_back(f);
        k = 0;
      }
    }
  return facets;
}

void writeBlockWithHole(const std::string& path, bool sheetOnly)
{
  GmshSession session("export");
  if (sheetOnly) {
    gmsh::model::occ::addRectangle(0, 0, 0, 100, 40);
  } else {
    // 100 mm x 40 mm x 20 mm with a 10 mm hole through it, in millimetres like most CAD files.
    const int box = gmsh::model::occ::addBox(0, 0, 0, 100, 40, 20);
    const int hole = gmsh::model::occ::addCylinder(50, 20, 0, 0, 0, 20, 5);
    std::vector<std::pair<int, int>> out;
    std::vector<std::vector<std::pair<int, int>>> map;
    gmsh::model::occ::cut({{3, box}}, {{3, hole}}, out, map);
  }
  gmsh::model::occ::synchronize();
  gmsh::write(path);
}

TEST(CadSurface, StepBlockComesBackClosedOutwardInMetres)
{
  for (const char* suffix : {".step", ".brep"}) {  // (Gmsh 4.8 cannot write IGES to test with)
    const auto cad = tempPath(std::string("block") + suffix), stl = tempPath("block.stl");
    writeBlockWithHole(cad.string(), false);
    const auto status = writeCadSurfaceStl(cad.string(), stl.string());
    ASSERT_TRUE(status.ok()) << status.message;
    const auto facets = readStl(stl);
    std::filesystem::remove(cad);
    std::filesystem::remove(stl);
    ASSERT_GT(facets.size(), 20u) << suffix;
    Point low{1e9, 1e9, 1e9}, high{-1e9, -1e9, -1e9};
    double volume = 0.0;
    std::map<std::pair<Point, Point>, int> edges;  // directed edges: each must meet its reverse
    for (const auto& f : facets) {
      for (int k = 0; k < 3; ++k)
        for (int c = 0; c < 3; ++c) {
          low[c] = std::min(low[c], f[k][c]);
          high[c] = std::max(high[c], f[k][c]);
        }
      const Point &a = f[0], &b = f[1], &c = f[2];
      volume += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                 a[2] * (b[0] * c[1] - b[1] * c[0])) /
                6.0;
      for (int k = 0; k < 3; ++k)
        ++edges[{f[k], f[(k + 1) % 3]}];
    }
    EXPECT_NEAR(high[0] - low[0], 0.1, 1e-9) << suffix;  // metres
    EXPECT_NEAR(high[1] - low[1], 0.04, 1e-9) << suffix;
    EXPECT_NEAR(high[2] - low[2], 0.02, 1e-9) << suffix;
    // Positive: facing out. The hole's wall is a polygon inside the circle: a little more volume.
    const double exact = 0.1 * 0.04 * 0.02 - std::numbers::pi * 0.005 * 0.005 * 0.02;
    EXPECT_NEAR(volume / exact, 1.0, 5e-3) << suffix;
    int unmatched = 0;
    for (const auto& [edge, count] : edges)
      unmatched += edges.count({edge.second, edge.first}) == 0;
    EXPECT_EQ(unmatched, 0) << suffix << ": the surface is closed and consistently oriented";
  }
}

TEST(CadSurface, FilesWithoutAVolumeAreRefusedNamingTheFile)
{
  const auto sheet = tempPath("sheet.step"), stl = tempPath("sheet.stl");
  writeBlockWithHole(sheet.string(), true);
  auto status = writeCadSurfaceStl(sheet.string(), stl.string());
  std::filesystem::remove(sheet);
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message.find("sheet.step"), std::string::npos) << status.message;
  EXPECT_NE(status.message.find("no closed solid"), std::string::npos) << status.message;
  status = writeCadSurfaceStl("/nonexistent/part.step", stl.string());
  EXPECT_FALSE(status.ok());
  EXPECT_NE(status.message.find("does not exist"), std::string::npos) << status.message;
  EXPECT_FALSE(std::filesystem::exists(stl));
}

}  // namespace
}  // namespace mbs::mesh
