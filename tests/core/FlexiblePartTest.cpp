// A flexible part's modal record in the native file (exact round trip, located errors) and through
// compile() into the solver model.
#include <gtest/gtest.h>

#include <cmath>

#include "System.hpp"
#include "dynamics/DynamicAnalysis.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Results.hpp"

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

TEST(FlexiblePart, InitialModalStateRoundTripsAndReachesTheSolver)
{
  Model model = flexibleModel();
  Part beam = model.parts().back();
  beam.flexible.initialModal = Eigen::Vector2d(1.0 / 3.0e4, -2.0 / 7.0e5);
  beam.flexible.initialModalVelocity = Eigen::Vector2d(0.444896105 / 3.0, 4.63434311e-3);
  Model edited;
  const PartId id = edited.add(beam);
  Marker root = model.markers().back();
  root.part = id;
  edited.add(root);
  const std::string saved = modelToString(edited);
  EXPECT_NE(saved.find("\"initial_modal_coordinates\""), std::string::npos);
  EXPECT_NE(saved.find("\"initial_modal_velocities\""), std::string::npos);
  const auto loaded = modelFromString(saved);
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(modelToString(*loaded.model), saved);
  const Part& part = loaded.model->parts().back();
  EXPECT_TRUE(part.flexible == beam.flexible);  // every double exact
  const CompileResult c = compile(*loaded.model);
  ASSERT_TRUE(c.ok);
  EXPECT_EQ(c.model.bodies[0].modalCoordinates, beam.flexible.initialModal);
  EXPECT_EQ(c.model.bodies[0].modalVelocities, beam.flexible.initialModalVelocity);
  const solver::System sys(c.model);
  EXPECT_EQ(sys.initialPositions().tail(2), beam.flexible.initialModal);
  EXPECT_EQ(sys.initialVelocities().tail(2), beam.flexible.initialModalVelocity);
  // Absent fields mean zero (and are not written); a wrong count is a located error.
  EXPECT_EQ(modelToString(model).find("initial_modal"), std::string::npos);
  std::string bad = saved;
  const std::string key = "\"initial_modal_velocities\": [";
  const auto at = bad.find(key);
  ASSERT_NE(at, std::string::npos);
  const auto comma = bad.find(',', at + key.size());
  bad.erase(comma, bad.find(']', comma) - comma);
  const auto broken = modelFromString(bad);
  ASSERT_FALSE(broken.ok());
  bool located = false;
  for (const auto& e : broken.errors)
    located |= e.field.find("initial_modal_velocities") != std::string::npos;
  EXPECT_TRUE(located);
}

TEST(FlexiblePart, BundledFlexibleSliderCrankRoundTripsAndRunsTheBenchmark)
{
  // resources/models/flexible_slider_crank.mbs.json: Simeon's benchmark (see
  // tests/solver/flexible_slider_crank_test.cpp) stored with the rod's modal record and the
  // benchmark's consistent initial modal state.
  const auto loaded = loadModel(std::string(MBS_RESOURCES_DIR) + "/models/flexible_slider_crank.mbs.json");
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  const std::string saved = modelToString(*loaded.model);
  const auto again = modelFromString(saved);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(modelToString(*again.model), saved);
  const Part* rod = nullptr;
  for (const Part& p : again.model->parts())
    if (p.name == "rod")
      rod = &p;
  ASSERT_NE(rod, nullptr);
  ASSERT_TRUE(rod->flexible);
  EXPECT_EQ(rod->flexible.initialModal.size(), 4);
  EXPECT_EQ(rod->flexible.initialModalVelocity.size(), 4);

  const CompileResult c = compile(*again.model);
  for (const auto& e : c.diagnostics)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(c.ok);
  const solver::System sys(c.model);
  solver::DynamicOptions options;
  options.endTime = 0.1;
  options.outputStep = 0.01;
  options.integrator = solver::IntegratorType::Hht;
  options.integratorOptions.alpha = -0.05;
  options.integratorOptions.fixedStep = true;
  options.integratorOptions.hinit = 2e-5;
  options.integratorOptions.tolerance = 1e-9;
  // As a GUI run: the initial-condition analysis starts from the file's (already consistent) state;
  // it moves q1(0.1 s) by only 1.5e-4 relative (1.89468e-4 m with it, 1.89440e-4 m without).
  options.solveInitialConditions = true;
  solver::ResultStore results;
  const solver::Status s = solver::runDynamics(sys, options, nullptr, results);
  ASSERT_TRUE(s.ok()) << s.message;
  const solver::ResultFrame last = results.frame(results.size() - 1);
  ASSERT_NEAR(last.state.t, 0.1, 1e-12);
  ASSERT_EQ(last.modal.size(), 1u);
  // Midpoint deflection against the reference 1.893192460247178e-4 m (tolerance as in the solver test).
  EXPECT_NEAR(last.modal[0][0] / 1.893192460247178e-4, 1.0, 2e-3);
}

TEST(FlexiblePart, StressShapesRoundTripAndAreOptional)
{
  Model model = flexibleModel();
  auto data = std::make_shared<solver::FlexibleBodyData>(*model.parts().back().flexible.data);
  data->stressNodes = {1};  // the second node only: 6 x m
  data->nodalStressShapes = solver::Mat::Random(6, data->modeCount()) * 1e8;
  ASSERT_EQ(data->problem(), "");
  model.part(model.parts().back().id)->flexible.data = data;
  const std::string saved = modelToString(model);
  EXPECT_NE(saved.find("\"stress_nodes\""), std::string::npos);
  EXPECT_NE(saved.find("\"nodal_stress_shapes\""), std::string::npos);
  const auto loaded = modelFromString(saved);
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  const solver::FlexibleBodyData& back = *loaded.model->parts().back().flexible.data;
  EXPECT_TRUE(back == *data);  // every double exact
  EXPECT_TRUE(back.hasStress());
  EXPECT_EQ(modelToString(*loaded.model), saved);

  // A file without the stress fields (as written before they existed) loads without stresses.
  const Model plain = flexibleModel();
  const auto old = modelFromString(modelToString(plain));
  ASSERT_TRUE(old.ok());
  EXPECT_FALSE(old.model->parts().back().flexible.data->hasStress());
  EXPECT_TRUE(old.model->parts().back().flexible.data->stressNodes.empty());

  // A stress node that is not one of the nodes is a located error.
  std::string bad = saved;
  const std::string key = "\"stress_nodes\": [";
  const auto at = bad.find(key);
  ASSERT_NE(at, std::string::npos);
  const auto digit = bad.find('1', at + key.size());  // the listed node index
  ASSERT_NE(digit, std::string::npos);
  bad.replace(digit, 1, "7");
  const auto wrong = modelFromString(bad);
  ASSERT_FALSE(wrong.ok());
  bool located = false;
  for (const auto& e : wrong.errors)
    located |= e.field.find("/flexible") != std::string::npos &&
               e.toString().find("stress_nodes") != std::string::npos;
  EXPECT_TRUE(located);
}

TEST(FlexiblePart, SurfaceTrianglesRoundTripAndAreCheckedAgainstTheNodes)
{
  Model model = flexibleModel();
  auto data = std::make_shared<solver::FlexibleBodyData>(*model.parts().back().flexible.data);
  data->surfaceTriangles = {{0, 1, 1}, {1, 0, 0}};  // indices into the two nodes (drawing only)
  ASSERT_EQ(data->problem(), "");
  model.part(model.parts().back().id)->flexible.data = data;
  const std::string saved = modelToString(model);
  EXPECT_NE(saved.find("\"surface_triangles\""), std::string::npos);
  const auto loaded = modelFromString(saved);
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  EXPECT_TRUE(*loaded.model->parts().back().flexible.data == *data);
  EXPECT_EQ(modelToString(*loaded.model), saved);

  // Files without the field (as written before it existed) load with no surface.
  const auto old = modelFromString(modelToString(flexibleModel()));
  ASSERT_TRUE(old.ok());
  EXPECT_TRUE(old.model->parts().back().flexible.data->surfaceTriangles.empty());

  // A triangle node outside `nodes` is a located error naming the field; so is it in the data.
  auto badData = std::make_shared<solver::FlexibleBodyData>(*data);
  badData->surfaceTriangles.push_back({0, 1, 2});
  EXPECT_NE(badData->problem().find("surface triangle node 2"), std::string::npos) << badData->problem();
  std::string bad = saved;
  const std::string key = "\"surface_triangles\": [";
  const auto at = bad.find(key);
  ASSERT_NE(at, std::string::npos);
  const auto digit = bad.find('1', at + key.size());
  ASSERT_NE(digit, std::string::npos);
  bad.replace(digit, 1, "5");
  const auto wrong = modelFromString(bad);
  ASSERT_FALSE(wrong.ok());
  bool located = false;
  for (const auto& e : wrong.errors)
    located |= e.field.find("/flexible") != std::string::npos &&
               e.toString().find("surface_triangles") != std::string::npos;
  EXPECT_TRUE(located);
}
