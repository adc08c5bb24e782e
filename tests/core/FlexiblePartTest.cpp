// A flexible part's modal record in the native file (exact round trip, located errors) and through
// compile() into the solver model.
#include <gtest/gtest.h>

#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/System.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

// A consistent two-mode record with values that need all 17 digits to round-trip.
std::shared_ptr<solver::FlexibleBodyData> record()
{
  auto f = std::make_shared<solver::FlexibleBodyData>();
  const int m = 2;
  f->mass = 3.14159265358979;
  f->secondMoment.diagonal() << 0.2617993877991494, 1.0 / 3.0e4, 1.0 / 7.0e4;
  f->modalMass = solver::Mat::Identity(m, m);
  f->modalStiffness = Eigen::Vector2d(446446.1234567891, 3395470.987654321).asDiagonal();
  f->modalDamping = Eigen::Vector2d(13.36, 36.85).asDiagonal();
  f->modalFirstMoment = solver::Mat::Zero(3, m);
  for (int i = 0; i < 9; ++i) {
    f->Ibar[i] = solver::Mat::Zero(1, m);
    f->Sbar[i] = solver::Mat::Zero(m, m);
  }
  f->Ibar[1] << 0.1 / 3.0, -0.2 / 7.0;
  f->Sbar[4] = solver::Mat::Identity(m, m);
  for (double x : {-0.5, 0.5}) {
    solver::FlexibleInterface node;
    node.name = x < 0 ? "root" : "tip";
    node.position = solver::Vec3(x, 0, 0);
    node.shapes = solver::Mat::Zero(6, m);
    node.shapes.row(1) << 1.0 / 3.0 * x, -2.0 / 3.0;
    node.shapes.row(5) << 5.0 / 7.0, x / 11.0;
    f->interfaces.push_back(node);
  }
  f->nodes = solver::Mat::Zero(3, 2);
  f->nodes.row(0) << -0.5, 0.5;
  f->nodalShapes = solver::Mat::Random(6, m);
  return f;
}

Model flexibleModel()
{
  Model model;
  Part beam;
  beam.name = "beam";
  beam.mass = 3.14159265358979;
  beam.flexible.data = record();
  const PartId id = model.add(beam);
  Marker root;
  root.name = "beam_root";
  root.part = id;
  root.position = Vec3(-0.5, 0, 0);
  root.interfaceNode = 0;
  model.add(root);
  return model;
}

}  // namespace

TEST(FlexiblePart, NativeFileRoundTripIsExact)
{
  const Model model = flexibleModel();
  const std::string saved = modelToString(model);
  EXPECT_NE(saved.find("\"flexible\""), std::string::npos);
  EXPECT_NE(saved.find("\"interface_node\": 0"), std::string::npos);
  const auto loaded = modelFromString(saved);
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(modelToString(*loaded.model), saved);
  const Part& part = loaded.model->parts().back();
  ASSERT_TRUE(part.flexible);
  EXPECT_TRUE(*part.flexible.data == *model.parts().back().flexible.data);  // every double exact
  EXPECT_EQ(loaded.model->markers().back().interfaceNode, 0);
}

TEST(FlexiblePart, CompilePassesTheRecordAndInterfaceNodes)
{
  const Model model = flexibleModel();
  const CompileResult c = compile(model);
  for (const auto& e : c.diagnostics)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(c.ok);
  ASSERT_EQ(c.model.bodies.size(), 1u);
  ASSERT_TRUE(c.model.bodies[0].flexible);
  EXPECT_TRUE(*c.model.bodies[0].flexible == *model.parts().back().flexible.data);
  EXPECT_EQ(c.model.markers.back().interfaceNode, 0);
  EXPECT_TRUE(solver::System::validate(c.model).ok()) << solver::System::validate(c.model).message;
  EXPECT_EQ(solver::System(c.model).numCoordinates(), 7 + 2);
}

TEST(FlexiblePart, WrongSizedShapesAreLocatedErrors)
{
  std::string text = modelToString(flexibleModel());
  // Drop the second column of the root's first shape row: 6 x 2 becomes ragged.
  const std::string shapes = "\"shapes\": [";
  const auto at = text.find(shapes);
  ASSERT_NE(at, std::string::npos);
  const auto comma = text.find(',', text.find('[', at + shapes.size()));
  const auto close = text.find(']', comma);
  text.erase(comma, close - comma);
  const auto loaded = modelFromString(text);
  ASSERT_FALSE(loaded.ok());
  bool located = false;
  for (const auto& e : loaded.errors)
    located |= e.field.find("/flexible/interfaces/0") != std::string::npos;
  EXPECT_TRUE(located);
}
