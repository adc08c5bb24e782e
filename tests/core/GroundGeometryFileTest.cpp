// The ground's solids (a floor a ball lands on, issue 30) survive the native file: before, the
// ground's "geometry" was neither written nor read, so a contact floor vanished on save.
#include <gtest/gtest.h>

#include "mbs/core/Commands.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs::core;

TEST(GroundGeometryFile, FloorOnTheGroundIsWrittenReadAndSetByProperty)
{
  Model model;
  Geometry floor;
  floor.kind = GeometryKind::Box;
  floor.size = Vec3(0.6, 0.6, 0.05);
  floor.position = Vec3(0.0, 0.0, -0.025);
  floor.color = "#8a9aa8";
  model.part(model.ground().id)->geometry.push_back(floor);

  const LoadResult loaded = modelFromString(modelToString(model));
  ASSERT_TRUE(loaded.ok()) << (loaded.errors.empty() ? "" : loaded.errors.front().toString());
  ASSERT_EQ(loaded.model->ground().geometry.size(), 1u);
  EXPECT_EQ(loaded.model->ground().geometry.front(), floor);

  // Without solids the ground's entry stays as it was ({"id", "name", "ground"}).
  EXPECT_FALSE(toJson(Model(), EntityRef(Model().ground().id)).contains("geometry"));

  // The GUI's Add Solid on the ground: one SetProperty of /geometry, undone exactly.
  Model edited;
  Diagnostics errors;
  nlohmann::ordered_json solids = nlohmann::ordered_json::array();
  solids.push_back({{"kind", "sphere"}, {"radius", 0.02}, {"position", {0.1, 0.0, 0.0}}});
  SetProperty set(EntityRef(edited.ground().id), "/geometry", solids);
  ASSERT_TRUE(set.redo(edited, errors)) << (errors.empty() ? "" : errors.front().toString());
  ASSERT_EQ(edited.ground().geometry.size(), 1u);
  EXPECT_EQ(edited.ground().geometry.front().kind, GeometryKind::Sphere);
  EXPECT_DOUBLE_EQ(edited.ground().geometry.front().radius, 0.02);
  set.undo(edited);
  EXPECT_TRUE(edited.ground().geometry.empty());
}
