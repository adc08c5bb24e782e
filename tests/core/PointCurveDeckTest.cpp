// Adams CURVE and PTCV (issue 30) through the Adams import and export, the model file and the
// solver: the Adams/View style deck tests/data/adams_view/adm_ptcv_cam_mmks.adm drives an eccentric
// circular cam (R = 40 mm, e = 10 mm) at one turn per second under a point follower on a vertical
// slide; the follower's lift is y = e sin θ + √(R² − e² cos² θ) (closed form).
#include <gtest/gtest.h>

#include "TestUtil.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kR = 0.040, kE = 0.010, kPi = std::numbers::pi;

std::string deckText()
{
  return test::readFile(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_ptcv_cam_mmks.adm");
}

Model importOk(const std::string& text)
{
  const AdmImportResult r = importAdmFromString(text, "adm_ptcv_cam_mmks.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r.model : Model();
}

const Joint& contact(const Model& m)
{
  for (const Joint& j : m.joints())
    if (j.kind == JointKind::PointCurve)
      return j;
  throw std::runtime_error("no point-to-curve joint");
}

// Runs the model's dynamics for two cam turns; checks the lift against the closed form.
void expectClosedFormLift(const Model& m)
{
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings settings;  // the automatic formulation: SI2 (DMBS has no PTCV)
  settings.endTime = 2.0;
  settings.outputStep = 0.01;
  settings.tolerance = 1e-8;
  solver::ResultStore results;
  const solver::AnalysisOutcome out = solver::runAnalysis(c.model, settings, nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.size(), 201u);
  ASSERT_EQ(results.layout().curveParameters, std::vector<std::string>{contact(m).name + ".alpha"});
  const int follower = c.map.body(m.findPart("follower"));
  double worst = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    const double th = 2.0 * kPi * f.state.t;
    const double lift = kE * std::sin(th) + std::sqrt(kR * kR - std::pow(kE * std::cos(th), 2));
    worst = std::max(worst, std::abs(f.bodies[std::size_t(follower)].position.y() - lift));
  }
  // The B-spline through 36 points of the circle is within a fraction of a micrometre of it.
  EXPECT_LT(worst, 1e-6);
  std::printf("[ptcv cam] largest lift error %.3g m over two turns\n", worst);
}

TEST(PointCurveDeck, ImportsTheCurveAndThePtcv)
{
  const Model m = importOk(deckText());
  const Joint& j = contact(m);
  EXPECT_EQ(j.name, "cam_contact");
  ASSERT_TRUE(j.curve);
  EXPECT_TRUE(j.curve->closed);
  EXPECT_TRUE(j.curve->throughPoints);
  EXPECT_EQ(j.curve->order, 4);
  ASSERT_EQ(j.curve->points.size(), 37u);
  EXPECT_NEAR(j.curve->points[0][0], kR + kE, 1e-15);  // MMKS: millimetres to metres
  EXPECT_NEAR(j.curve->points[9][1], kR, 1e-12);
  EXPECT_EQ(m.partOf(j.jMarker), m.findPart("cam"));
  EXPECT_EQ(m.partOf(j.iMarker), m.findPart("follower"));
  ASSERT_TRUE(j.floatingMarker);
  EXPECT_TRUE(m.marker(j.floatingMarker)->floating);
  EXPECT_FALSE(j.curveStart);
  EXPECT_FALSE(j.curveVelocity);
  EXPECT_TRUE(m.matrices.empty()) << "the curve's MATRIX belongs to the joint";
}

TEST(PointCurveDeck, FollowerLiftIsTheClosedForm)
{
  expectClosedFormLift(importOk(deckText()));
}

TEST(PointCurveDeck, ExportAndModelFileKeepIt)
{
  const Model m = importOk(deckText());
  const AdmExportResult exported = exportAdm(m);
  for (const auto& e : exported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_NE(exported.text.find("PTCV/1"), std::string::npos);
  ASSERT_NE(exported.text.find("CURVE/1"), std::string::npos);
  const Model back = importOk(exported.text);
  const Joint &a = contact(m), &b = contact(back);
  ASSERT_TRUE(b.curve);
  EXPECT_EQ(b.curve->order, a.curve->order);
  EXPECT_EQ(b.curve->closed, a.curve->closed);
  EXPECT_EQ(b.curve->throughPoints, a.curve->throughPoints);
  EXPECT_EQ(b.curve->points, a.curve->points);
  EXPECT_EQ(back.marker(b.floatingMarker)->name, m.marker(a.floatingMarker)->name);
  EXPECT_EQ(back.markers().size(), m.markers().size()) << "no second floating marker";
  // The native file, with DISP and VEL set.
  Model withIc = m;
  Joint changed = contact(m);
  changed.curveStart = std::array<double, 3>{kR + kE, 0.0, 0.0};
  changed.curveVelocity = 0.25;
  *withIc.joint(changed.id) = changed;
  const LoadResult loaded = modelFromString(modelToString(withIc), "cam.mbs.json");
  for (const auto& e : loaded.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(contact(*loaded.model), changed);
  // DISP/VEL go to Adams and back.
  const Model again = importOk(exportAdm(withIc).text);
  ASSERT_TRUE(contact(again).curveStart);
  for (int k = 0; k < 3; ++k)
    EXPECT_NEAR((*contact(again).curveStart)[std::size_t(k)], (*changed.curveStart)[std::size_t(k)], 1e-15);
  EXPECT_NEAR(*contact(again).curveVelocity, 0.25, 1e-15);
  expectClosedFormLift(back);
}

// PTCV(id, jflag, comp, rm) reads the joint by its PTCV statement, as Adams does: the cam holds the
// 0.2 kg follower (its slide carries no vertical force) against gravity and its inertia, so the
// vertical force on the follower (I, jflag 0) is m (ÿ + g): ÿ of the run to the solver's accuracy,
// and ÿ of the closed-form lift to the B-spline's (36 points: 0.1 % of the force).
TEST(PointCurveDeck, PtcvFunctionReadsTheContactForce)
{
  std::string text = deckText();
  text.insert(text.rfind("END"), "REQUEST/1, F1 = PTCV(1, 0, 3, 0)\\F2 = PTCV(1, 1, 3, 0)\n");
  const Model m = importOk(text);
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings settings;
  settings.endTime = 1.0;
  settings.outputStep = 0.01;
  settings.tolerance = 1e-9;
  solver::ResultStore results;
  ASSERT_TRUE(solver::runAnalysis(c.model, settings, nullptr, results).status.ok());
  const RequestOutputs requests(m, c.map, c.model);
  ASSERT_EQ(requests.columns().size(), 2u);
  const auto lift = [](double t) {
    const double th = 2.0 * kPi * t;
    return kE * std::sin(th) + std::sqrt(kR * kR - std::pow(kE * std::cos(th), 2));
  };
  const int follower = c.map.body(m.findPart("follower"));
  double worstRun = 0.0, worstClosedForm = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    const double t = f.state.t, h = 1e-4;
    const double closedForm = (lift(t + h) - 2.0 * lift(t) + lift(t - h)) / (h * h);
    const std::vector<double> v = requests.evaluate(f);
    worstRun = std::max(worstRun,
                        std::abs(v[0] - 0.2 * (f.bodies[std::size_t(follower)].acceleration.y() + 9.80665)));
    worstClosedForm = std::max(worstClosedForm, std::abs(v[0] - 0.2 * (closedForm + 9.80665)));
    EXPECT_NEAR(v[1], -v[0], 1e-9);  // the reaction on the cam at J
  }
  EXPECT_LT(worstRun, 1e-7);         // N
  EXPECT_LT(worstClosedForm, 2e-3);  // N, of about 2 N
}

TEST(PointCurveDeck, RefusesWhatItCannotRead)
{
  const std::string text = deckText();
  // A user-written curve (CURSUB).
  std::string user = text;
  const std::string matrixLine = ", MATRIX = 1\n, ORDER = 4";
  ASSERT_NE(user.find(matrixLine), std::string::npos);
  user.replace(user.find(matrixLine), matrixLine.size(), ", FUNCTION = USER(1, 2)");
  AdmImportResult r = importAdmFromString(user, "user_curve.adm");
  ASSERT_FALSE(r.ok());
  bool named = false;
  for (const auto& e : r.errors)
    named = named || (e.field.find("CURVE/1") != std::string::npos &&
                      e.reason.find("user subroutine (CURSUB)") != std::string::npos);
  EXPECT_TRUE(named) << r.errors.front().toString();
  // A curve whose closed ends differ.
  std::string open = text;
  const std::string last = ", 50, 0, 0.0\n";
  const auto at = open.rfind(last);
  ASSERT_NE(at, std::string::npos);
  open.replace(at, last.size(), ", 49, 0, 0.0\n");
  r = importAdmFromString(open, "open_ends.adm");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.errors.front().reason.find("first and last points must be the same"), std::string::npos)
      << r.errors.front().toString();
  // PTCV naming no CURVE that exists.
  std::string missing = text;
  missing.replace(missing.find(", CURVE = 1\n"), 12, ", CURVE = 7\n");
  r = importAdmFromString(missing, "missing_curve.adm");
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.errors.front().reason.find("CURVE/7 does not exist"), std::string::npos)
      << r.errors.front().toString();
}

TEST(PointCurveDeck, ModelFileErrorsNameTheField)
{
  const Model m = importOk(deckText());
  std::string text = modelToString(m);
  const std::string order = "\"order\": 4";
  ASSERT_NE(text.find(order), std::string::npos);
  text.replace(text.find(order), order.size(), "\"order\": 12");
  const LoadResult r = modelFromString(text, "cam.mbs.json");
  ASSERT_FALSE(r.ok());
  bool named = false;
  for (const auto& e : r.errors)
    named = named || (e.field.find("/curve") != std::string::npos &&
                      e.reason.find("order must be between 2 and 8") != std::string::npos);
  EXPECT_TRUE(named) << r.errors.front().toString();
}

}  // namespace
