// The CURVE function (issue 31): CURVE(alpha, iord, comp, curve) reads a data curve (Adams CURVE),
// its point or its derivatives in alpha. Checked against a curve through points of a polynomial it
// must reproduce (a cubic B-spline through points of a quadratic is the quadratic), in expressions,
// the native file, and an Adams/View style MMKS deck (tests/data/adams_view/
// adm_curve_function_mmks.adm) whose MOTION and VFORCE read it, run to the closed form.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <sstream>

#include "TestUtil.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

// x = 30 alpha, y = 20 alpha^2, z = 0 at seven equally spaced alpha in [-1, 1].
DataCurve liftCurve()
{
  DataCurve c;
  c.name = "LIFT";
  for (int k = 0; k < 7; ++k) {
    const double a = -1.0 + k / 3.0;
    c.shape.points.push_back({30.0 * a, 20.0 * a * a, 0.0});
  }
  return c;
}

// The shared motion model (TestUtil.hpp) with the curve LIFT.
struct CurveModel : test::MotionModel {
  CurveModel() { model.curves.push_back(liftCurve()); }
};

std::string deckText()
{
  std::ifstream in(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_curve_function_mmks.adm");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Model importOk(const std::string& text, const char* name)
{
  const AdmImportResult r = importAdmFromString(text, name);
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r.model : Model();
}

// Runs the deck's dynamics for 2.5 s; the slider and the block against their closed forms.
void expectClosedForm(const Model& m)
{
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings settings;
  settings.endTime = 2.5;
  settings.outputStep = 0.05;
  settings.tolerance = 1e-9;
  solver::ResultStore results;
  const solver::AnalysisOutcome out = solver::runAnalysis(c.model, settings, nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  const int slider = c.map.body(m.findPart("slider"));
  const int block = c.map.body(m.findPart("block"));
  double worstSlide = 0.0, worstBlock = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    const double t = f.state.t, a = 0.4 * t - 1.0;
    worstSlide = std::max(worstSlide, std::abs(f.bodies[std::size_t(slider)].position.x() - 0.020 * a * a));
    const double x = 0.2 * (t * t * t / 15.0 - t * t / 2.0);
    worstBlock = std::max(worstBlock, std::abs(f.bodies[std::size_t(block)].position.x() - x));
  }
  EXPECT_LT(worstSlide, 1e-10);  // (the position solve's tolerance)
  EXPECT_LT(worstBlock, 1e-7);
}

}  // namespace

TEST(CurveFunction, ReadsThePointAndItsDerivatives)
{
  CurveModel m;
  for (const double t : {0.0, 0.3, 0.5, 1.0, 1.7, 2.0}) {
    const double a = t - 1.0;
    EXPECT_NEAR(m.value("CURVE(TIME - 1, 0, 1, LIFT)", t), 30.0 * a, 1e-12);
    EXPECT_NEAR(m.value("curve(time - 1, 0, 2, lift)", t), 20.0 * a * a, 1e-12);
    EXPECT_NEAR(m.value("CURVE(TIME - 1, 0, 3, LIFT)", t), 0.0, 1e-14);
    EXPECT_NEAR(m.value("CURVE(TIME - 1, 1, 1, LIFT)", t), 30.0, 1e-11);
    EXPECT_NEAR(m.value("CURVE(TIME - 1, 1, 2, LIFT)", t), 40.0 * a, 1e-11);
    EXPECT_NEAR(m.value("CURVE(TIME - 1, 2, 2, LIFT)", t), 40.0, 1e-9);
  }
  // Beyond [-1, 1] an open curve's end pieces continue (a solver may read just past the ends).
  EXPECT_NEAR(m.value("CURVE(TIME - 1, 0, 2, LIFT)", -0.001), 20.0 * 1.001 * 1.001, 1e-9);
  // Through the points: at a point's parameter the curve is the point, for any data.
  m.model.curves[0].shape.points[2] = {-7.0, 3.5, 1.25};
  EXPECT_NEAR(m.value("CURVE(TIME - 1, 0, 1, LIFT)", 2.0 / 3.0), -7.0, 1e-12);
  EXPECT_NEAR(m.value("CURVE(TIME - 1, 0, 3, LIFT)", 2.0 / 3.0), 1.25, 1e-12);
}

TEST(CurveFunction, MisuseIsNamed)
{
  CurveModel m;
  m.model.arrays.push_back({"A", {1, 2}, {}});
  EXPECT_NE(m.error("CURVE(TIME, 0, 1, NOPE)").find("unknown CURVE 'NOPE'"), std::string::npos);
  EXPECT_NE(m.error("CURVE(TIME, 3, 1, LIFT)").find("iord"), std::string::npos);
  EXPECT_NE(m.error("CURVE(TIME, 0, 4, LIFT)").find("comp (1 x, 2 y, 3 z)"), std::string::npos);
  EXPECT_NE(m.error("CURVE(TIME, 0, 1, A)").find("is an ARRAY"), std::string::npos);
  EXPECT_NE(m.error("CURVE(TIME, 0, 1)").find("takes 4 arguments"), std::string::npos);
  EXPECT_NE(m.error("LIFT * TIME").find("reference data"), std::string::npos);
  EXPECT_EQ(m.error("CURVE(TIME, 0, 1, LIFT)"), "");
  // Data that make no curve, named with the reason.
  m.model.curves[0].shape.points.resize(2);
  EXPECT_NE(m.error("TIME").find("curve 'LIFT'"), std::string::npos);
  // A name already taken.
  m.model.curves[0] = liftCurve();
  m.model.curves[0].name = "slider";
  EXPECT_NE(m.error("TIME").find("slider"), std::string::npos);
}

TEST(CurveFunction, ModelFileKeepsTheCurves)
{
  CurveModel m;
  m.model.curves[0].shape.closed = false;
  m.model.curves[0].shape.order = 3;
  m.model.curves[0].description = "a lift profile";
  const std::string text = modelToString(m.model);
  EXPECT_NE(text.find("\"curves\""), std::string::npos);
  const auto back = modelFromString(text);
  ASSERT_TRUE(back.ok()) << (back.errors.empty() ? "" : back.errors[0].toString());
  ASSERT_EQ(back.model->curves.size(), 1u);
  EXPECT_EQ(back.model->curves[0], m.model.curves[0]);
  // A model without curves writes no key.
  m.model.curves.clear();
  EXPECT_EQ(modelToString(m.model).find("\"curves\""), std::string::npos);
  // A bad point is named by its place in the file.
  std::string bad = text;
  bad.replace(bad.find("\"points\""), 10, "\"points\": [[1, 2]], \"x\":");
  const auto refused = modelFromString(bad);
  ASSERT_FALSE(refused.ok());
}

TEST(CurveFunction, AdamsDeckRunsToTheClosedForm)
{
  const Model m = importOk(deckText(), "adm_curve_function_mmks.adm");
  ASSERT_EQ(m.curves.size(), 1u);
  EXPECT_EQ(m.curves[0].name, "lift_profile");
  EXPECT_EQ(m.curves[0].shape.points[0], (std::array<double, 3>{-30, 20, 0}));  // the deck's numbers
  EXPECT_TRUE(m.matrices.empty()) << "the curve's MATRIX belongs to the curve";
  expectClosedForm(m);
}

TEST(CurveFunction, AdamsExportKeepsTheCurveAndItsReaders)
{
  const Model m = importOk(deckText(), "adm_curve_function_mmks.adm");
  const AdmExportResult exported = exportAdm(m);
  for (const auto& e : exported.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_NE(exported.text.find("CURVE/1"), std::string::npos);
  const Model back = importOk(exported.text, "back.adm");
  ASSERT_EQ(back.curves.size(), 1u);
  EXPECT_EQ(back.curves[0].shape, m.curves[0].shape);
  expectClosedForm(back);
}

TEST(CurveFunction, AdamsDeckErrorsNameTheStatement)
{
  std::string text = deckText();
  text.replace(text.find("CURVE(0.4*time - 1, 0, 2, 8)"), 28, "CURVE(0.4*time - 1, 0, 2, 9)");
  const AdmImportResult r = importAdmFromString(text, "bad.adm");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.errors[0].toString().find("CURVE/9 in CURVE() does not exist"), std::string::npos)
      << r.errors[0].toString();
  // A CURVE nothing reads is said so, and its MATRIX kept as data.
  std::string unused = deckText();
  unused.replace(unused.find("CURVE(0.4*time - 1, 0, 2, 8)"), 28, "20*(0.4*time - 1)**2");
  unused.replace(unused.find("CURVE(.4*TIME - 1, 1, 2, 8)"), 27, "40*(0.4*time - 1)");
  const AdmImportResult u = importAdmFromString(unused, "unused.adm");
  ASSERT_TRUE(u.ok());
  EXPECT_TRUE(u.model->curves.empty());
  EXPECT_EQ(u.model->matrices.size(), 1u);
  bool warned = false;
  for (const auto& w : u.warnings)
    warned =
        warned || w.toString().find("not used by a PTCV, a CVCV or a CURVE function") != std::string::npos;
  EXPECT_TRUE(warned);
}
