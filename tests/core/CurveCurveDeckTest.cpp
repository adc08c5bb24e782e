// Adams CVCV (issue 30) through the Adams import and export, the model file and the solver: the
// Adams/View style deck tests/data/adams_view/adm_cvcv_cam_mmks.adm (MMKS) drives an eccentric
// circular cam (R = 40 mm, e = 10 mm) at one turn per second under a flat-faced follower on a
// vertical slide; the lift is y = e sin θ + R and the contact force on the 0.2 kg follower
// m (g + ÿ) = m (g − e ω² sin θ) (closed forms).
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <string>

#include "TestUtil.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kR = 0.040, kE = 0.010, kMass = 0.2, kG = 9.80665, kPi = std::numbers::pi;

std::string deckText()
{
  return test::readFile(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_cvcv_cam_mmks.adm");
}

Model importOk(const std::string& text)
{
  const AdmImportResult r = importAdmFromString(text, "adm_cvcv_cam_mmks.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r.model : Model();
}

const Joint& contact(const Model& m)
{
  for (const Joint& j : m.joints())
    if (j.kind == JointKind::CurveCurve)
      return j;
  throw std::runtime_error("no curve-to-curve joint");
}

std::string firstError(const AdmImportResult& r)
{
  return r.errors.empty() ? std::string("(no error)") : r.errors.front().toString();
}

// Runs the model's dynamics for a turn and a half: the lift and the contact force against the
// closed forms.
void expectClosedForm(const Model& m)
{
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  solver::AnalysisSettings settings;  // the automatic formulation: SI2 (DMBS has no CVCV)
  settings.endTime = 1.5;
  settings.outputStep = 0.01;
  settings.tolerance = 1e-8;
  solver::ResultStore results;
  const solver::AnalysisOutcome out = solver::runAnalysis(c.model, settings, nullptr, results);
  ASSERT_TRUE(out.status.ok()) << out.status.message;
  ASSERT_EQ(results.size(), 151u);
  const std::string name = contact(m).name;
  ASSERT_EQ(results.layout().curveParameters, (std::vector<std::string>{name + ".alpha", name + ".beta"}));
  const int follower = c.map.body(m.findPart("follower"));
  const int joint = c.map.joint(contact(m).id);
  double worstLift = 0.0, worstForce = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    const double th = 2.0 * kPi * f.state.t;
    worstLift = std::max(worstLift,
                         std::abs(f.bodies[std::size_t(follower)].position.y() - (kE * std::sin(th) + kR)));
    // The reaction on the follower (I's part): the 36-point B-spline's curvature is the circle's to
    // a few per cent, which ÿ follows (e ω² = 0.39 m/s² of g = 9.8).
    const double force = kMass * (kG - kE * 4.0 * kPi * kPi * std::sin(th));
    worstForce = std::max(worstForce, std::abs(f.joints[std::size_t(joint)].force.y() - force));
    EXPECT_NEAR(f.joints[std::size_t(joint)].force.x(), 0.0, 1e-6);
  }
  // The B-spline through 36 points of the circle is within a micrometre of it.
  EXPECT_LT(worstLift, 1e-6);
  EXPECT_LT(worstForce, 2e-3);  // N, of about 2 N
  std::printf("[cvcv cam] largest lift error %.3g m, contact force error %.3g N\n", worstLift, worstForce);
}

TEST(CurveCurveDeck, ImportsBothCurvesAndTheCvcv)
{
  const Model m = importOk(deckText());
  const Joint& j = contact(m);
  EXPECT_EQ(j.name, "cam_contact");
  ASSERT_TRUE(j.curve);
  ASSERT_TRUE(j.iCurve);
  EXPECT_TRUE(j.curve->closed);
  EXPECT_EQ(j.curve->points.size(), 37u);
  EXPECT_NEAR(j.curve->points[0][0], kR + kE, 1e-15);  // MMKS: millimetres to metres
  EXPECT_FALSE(j.iCurve->closed);
  EXPECT_FALSE(j.iCurve->throughPoints);
  EXPECT_EQ(j.iCurve->order, 2);
  ASSERT_EQ(j.iCurve->points.size(), 2u);
  EXPECT_NEAR(j.iCurve->points[1][0], 0.030, 1e-15);
  EXPECT_EQ(m.partOf(j.iMarker), m.findPart("follower"));
  EXPECT_EQ(m.partOf(j.jMarker), m.findPart("cam"));
  ASSERT_TRUE(j.iFloatingMarker);
  ASSERT_TRUE(j.floatingMarker);
  EXPECT_EQ(m.partOf(j.iFloatingMarker), m.findPart("follower"));
  EXPECT_EQ(m.partOf(j.floatingMarker), m.findPart("cam"));
  EXPECT_FALSE(j.iCurveStart || j.curveStart || j.iCurveVelocity || j.curveVelocity);
  EXPECT_TRUE(m.matrices.empty()) << "the curves' MATRIXes belong to the joint";
}

TEST(CurveCurveDeck, LiftAndContactForceAreTheClosedForms)
{
  expectClosedForm(importOk(deckText()));
}

// CVCV(id, jflag, comp, rm) reads the joint's reaction on the follower (issue 28): m (g − e ω² sin θ)
// up, by its statement id in the deck and in the export.
TEST(CurveCurveDeck, CvcvFunctionReadsTheContactForce)
{
  std::string text = deckText();
  text.replace(text.rfind("END"), 3, "REQUEST/9, F3 = CVCV(1, 0, 3, 0)\nEND");
  const Model m = importOk(text);
  ASSERT_EQ(m.requests.size(), 1u);
  EXPECT_EQ(m.requests[0].functions[2], "CVCV(" + contact(m).name + ", 0, 3, 0)");
  const AdmExportResult exported = exportAdm(m);
  EXPECT_NE(exported.text.find("F3 = CVCV(1, 0, 3, 0)"), std::string::npos) << exported.text;
  const CompileResult c = compile(m);
  ASSERT_TRUE(c.ok);
  const RequestOutputs requests(m, c.map, c.model);
  ASSERT_TRUE(requests.ok()) << requests.diagnostics()[0].toString();
  solver::AnalysisSettings settings;
  settings.endTime = 0.5;
  settings.outputStep = 0.125;
  settings.tolerance = 1e-8;
  solver::ResultStore results;
  ASSERT_TRUE(solver::runAnalysis(c.model, settings, nullptr, results).status.ok());
  for (std::size_t k = 1; k < results.size(); ++k) {
    const solver::ResultFrame f = results.frame(k);
    const double force = kMass * (kG - kE * 4.0 * kPi * kPi * std::sin(2.0 * kPi * f.state.t));
    EXPECT_NEAR(requests.evaluate(f).at(0), force, 2e-3) << f.state.t;
  }
}

TEST(CurveCurveDeck, ExportAndModelFileKeepIt)
{
  Model m = importOk(deckText());
  // Initial contact points and speeds travel too (IDISP at the face's middle, JDISP at the top of
  // the cam: where the contact starts anyway, so the closed form still holds).
  Joint* cvcv = m.joint(contact(m).id);
  cvcv->iCurveStart = std::array<double, 3>{0.0, 0.0, 0.0};
  cvcv->curveStart = std::array<double, 3>{kE, kR, 0.0};
  const AdmExportResult exported = exportAdm(m);
  for (const auto& e : exported.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_NE(exported.text.find("CVCV/1"), std::string::npos);
  ASSERT_NE(exported.text.find("CURVE/2"), std::string::npos);
  ASSERT_NE(exported.text.find("IDISP = "), std::string::npos);
  const Model back = importOk(exported.text);
  const Joint &a = contact(m), &b = contact(back);
  ASSERT_TRUE(b.curve && b.iCurve);
  EXPECT_EQ(b.curve->closed, a.curve->closed);
  EXPECT_EQ(b.iCurve->order, a.iCurve->order);
  EXPECT_EQ(b.iCurve->throughPoints, a.iCurve->throughPoints);
  ASSERT_EQ(b.iCurve->points.size(), a.iCurve->points.size());
  for (std::size_t k = 0; k < a.curve->points.size(); ++k)
    for (int c = 0; c < 3; ++c)
      EXPECT_NEAR(b.curve->points[k][std::size_t(c)], a.curve->points[k][std::size_t(c)], 1e-15);
  ASSERT_TRUE(b.iCurveStart && b.curveStart);
  EXPECT_NEAR((*b.curveStart)[1], kR, 1e-15);
  EXPECT_EQ(back.partOf(b.iFloatingMarker), back.findPart("follower"));
  expectClosedForm(back);

  // The model file: the joint's keys, and nothing else changed.
  cvcv->iCurveVelocity = 0.1;
  cvcv->curveVelocity = -0.2;
  const LoadResult again = modelFromString(modelToString(m), "cvcv.mbs.json");
  ASSERT_TRUE(again.ok()) << again.errors.front().toString();
  const Joint& c = contact(*again.model);
  EXPECT_EQ(c.iCurve, contact(m).iCurve);
  EXPECT_EQ(c.curve, contact(m).curve);
  EXPECT_EQ(c.iCurveStart, contact(m).iCurveStart);
  EXPECT_NEAR(*c.iCurveVelocity, 0.1, 1e-15);
  EXPECT_NEAR(*c.curveVelocity, -0.2, 1e-15);
  EXPECT_EQ(c.iFloatingMarker, contact(m).iFloatingMarker);
  EXPECT_EQ(modelToString(*again.model), modelToString(m));
}

TEST(CurveCurveDeck, RefusesWhatItCannotRead)
{
  const std::string text = deckText();
  auto importErrors = [](const std::string& deck) {
    const AdmImportResult r = importAdmFromString(deck, "bad_cvcv.adm");
    EXPECT_FALSE(r.ok());
    return firstError(r);
  };
  // ICURVE naming no CURVE.
  std::string missing = text;
  missing.replace(missing.find(", ICURVE = 2\n"), 13, ", ICURVE = 7\n");
  EXPECT_NE(importErrors(missing).find("ICURVE: CURVE/7 does not exist"), std::string::npos);
  // A face off the IRM marker's xy plane.
  std::string bent = text;
  bent.replace(bent.find(", 30, 0, 0.0\n"), 13, ", 30, 0, 2.0\n");
  EXPECT_NE(importErrors(bent).find("a CVCV curve must lie in the xy plane of its IRM marker"),
            std::string::npos);
  // IFLOAT on the cam, not on IRM's part.
  std::string wrongFloat = text;
  wrongFloat.replace(wrongFloat.find(", IFLOAT = 33\n"), 14, ", IFLOAT = 23\n");
  EXPECT_NE(importErrors(wrongFloat).find("IFLOAT must be a floating marker (MARKER/…, FLOATING) on the IRM"),
            std::string::npos);
  // The model file names the field of a bad I curve.
  std::string file = modelToString(importOk(text));
  const std::string order = "\"order\": 2";
  ASSERT_NE(file.find(order), std::string::npos);
  file.replace(file.find(order), order.size(), "\"order\": 1");
  const LoadResult r = modelFromString(file, "cvcv.mbs.json");
  ASSERT_FALSE(r.ok());
  bool named = false;
  for (const auto& e : r.errors)
    named = named || (e.field.find("/i_curve") != std::string::npos &&
                      e.reason.find("order must be between 2 and 8") != std::string::npos);
  EXPECT_TRUE(named) << r.errors.front().toString();
}

}  // namespace
