// POINT_MASS (Adams: three translational degrees of freedom, no rotation; docs/adams-interop.md)
// through the Adams import and export, the model file and the solver: the Adams/View style deck
// tests/data/adams_view/adm_point_mass_mmks.adm hangs a 1 kg point mass by a spring (k2) from a
// 3 kg carrier on a vertical slide, itself hung by a spring (k1) from the ceiling, under gravity;
// the lower spring pulls at a marker 20 mm beside the point mass's centre, whose moment must do
// nothing. Closed forms: the springs' statics, the chain's vertical frequencies, the pendulum
// √(g/d) of the point mass on its spring, and a point mass alone on a spring, ω = √(k/m).
#include <gtest/gtest.h>

#include "TestUtil.hpp"

#include <cmath>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>

#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

std::string deckText()
{
  std::ifstream in(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_point_mass_mmks.adm");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Model importOk(const std::string& text)
{
  const AdmImportResult r = importAdmFromString(text, "adm_point_mass_mmks.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r.model : Model();
}

// The deck in SI.
const double kM1 = 3.0, kM2 = 1.0, kK1 = 4000.0, kK2 = 2000.0, kL1 = 0.15, kL2 = 0.08, kG = 9.80665;

struct Solved {
  CompileResult c;
  solver::ResultStore results;
  solver::AnalysisOutcome outcome;
};

std::unique_ptr<Solved> solve(const Model& m, solver::AnalysisKind kind, double end = 0.0)
{
  auto s = std::make_unique<Solved>();
  s->c = compile(m);
  for (const auto& d : s->c.diagnostics)
    if (!s->c.ok)
      ADD_FAILURE() << d.reason;
  if (!s->c.ok)
    return s;
  solver::AnalysisSettings settings;
  settings.kind = kind;
  if (end > 0.0) {
    settings.endTime = end;
    settings.outputStep = end / 100;
    settings.tolerance = 1e-9;
  }
  s->outcome = solver::runAnalysis(s->c.model, settings, nullptr, s->results);
  EXPECT_TRUE(s->outcome.status.ok()) << s->outcome.status.message;
  return s;
}

TEST(PointMassDeck, ImportsAPointMassAndItsMarkers)
{
  const Model m = importOk(deckText());
  const Part* bob = m.part(m.findPart("bob"));
  ASSERT_TRUE(bob);
  EXPECT_TRUE(bob->pointMass);
  EXPECT_EQ(bob->mass, kM2);
  EXPECT_TRUE(bob->inertia.matrix().isZero(0.0));
  EXPECT_EQ(bob->cmMarker, m.findMarker("bob_cm"));
  EXPECT_EQ(m.marker(m.findMarker("bob_eye"))->part, bob->id);
}

TEST(PointMassDeck, HangsAsTheSpringsSayAndDoesNotTurn)
{
  const Model m = importOk(deckText());
  const auto s = solve(m, solver::AnalysisKind::Static);
  ASSERT_GT(s->results.size(), 0u);
  const solver::Vec& q = s->results.frame(s->results.size() - 1).state.q;
  const int carrier = s->c.map.body(m.findPart("carrier")), bob = s->c.map.body(m.findPart("bob"));
  const double y1 = 0.2 - kL1 - (kM1 + kM2) * kG / kK1;  // the carrier's hook
  const double eye = y1 - kL2 - kM2 * kG / kK2;          // the bob's eye, straight below it
  EXPECT_NEAR(q[7 * carrier + 1], y1, 1e-10);
  EXPECT_NEAR(q[7 * bob + 0], 0.02, 1e-10);  // the centre stays 20 mm beside the eye: no rotation
  EXPECT_NEAR(q[7 * bob + 1], eye, 1e-10);
  EXPECT_NEAR(q[7 * bob + 2], 0.0, 1e-10);
  EXPECT_NEAR(std::abs(q[7 * bob + 3]), 1.0, 1e-12);  // the initial orientation
  std::printf("[point mass] bob y %.10f m, closed form %.10f m\n", q[7 * bob + 1], eye);
}

TEST(PointMassDeck, FrequenciesAreTheChainsAndThePendulums)
{
  const Model m = importOk(deckText());
  const auto s = solve(m, solver::AnalysisKind::Linear);
  // Degrees of freedom: the carrier's slide and the point mass's three translations.
  EXPECT_EQ(s->outcome.linearDegreesOfFreedom, 4);
  const double a = kM1 * kM2, b = kM1 * kK2 + kM2 * (kK1 + kK2), c = kK1 * kK2;
  const double disc = std::sqrt(b * b - 4 * a * c);
  const double length = kL2 + kM2 * kG / kK2;  // the lower spring's length: a pendulum √(g/d)
  const std::pair<double, int> expected[] = {{std::sqrt(kG / length), 2},
                                             {std::sqrt((b - disc) / (2 * a)), 1},
                                             {std::sqrt((b + disc) / (2 * a)), 1}};
  for (const auto& [omega, count] : expected) {
    const double hz = omega / (2 * std::numbers::pi);
    int found = 0;
    for (const auto& mode : s->outcome.modes)
      found += std::abs(mode.naturalFrequency - hz) < 1e-6 * hz;
    EXPECT_EQ(found, count) << hz << " Hz";
    std::printf("[point mass] mode %.6f Hz (closed form) found %d times\n", hz, found);
  }
}

// Swinging sideways: the spring's pull at the eye has a moment about the centre all the time, yet
// the point mass keeps its orientation and moves exactly as one whose centre is at the eye
// (shifted 20 mm).
TEST(PointMassDeck, TorquesOnItDoNothing)
{
  std::string text = deckText();
  const std::string start = "POINT_MASS/1\n, MASS = 1\n, CM = 30\n, QG = 0, 0, 0";
  ASSERT_NE(text.find(start), std::string::npos);
  text.replace(text.find(start), start.size(), start + "\n, VX = 200, VZ = -100");
  std::string centred = text;
  const std::string centre = "MARKER/30\n, POINT_MASS = 1\n, QP = 20, -100, 0";
  ASSERT_NE(centred.find(centre), std::string::npos);
  centred.replace(centred.find(centre), centre.size(), "MARKER/30\n, POINT_MASS = 1\n, QP = 0, -100, 0");
  const Model offset = importOk(text), atCentre = importOk(centred);
  const auto a = solve(offset, solver::AnalysisKind::Dynamic, 0.5);
  const auto b = solve(atCentre, solver::AnalysisKind::Dynamic, 0.5);
  ASSERT_EQ(a->results.size(), b->results.size());
  const int bob = a->c.map.body(offset.findPart("bob"));
  double worstAngle = 0.0, worstShift = 0.0;
  for (std::size_t k = 0; k < a->results.size(); ++k) {
    const solver::Vec& qa = a->results.frame(k).state.q;
    const solver::Vec& qb = b->results.frame(k).state.q;
    worstAngle = std::max(worstAngle, qa.segment<3>(7 * bob + 4).norm());
    // The offset deck's centre is 20 mm beside the centred deck's: the same motion, shifted.
    worstShift = std::max(
        worstShift, (qa.segment<3>(7 * bob) - qb.segment<3>(7 * bob) - solver::Vec3(0.02, 0.0, 0.0)).norm());
  }
  EXPECT_LT(worstAngle, 1e-10);
  EXPECT_LT(worstShift, 1e-6);
  std::printf("[point mass] swinging 0.5 s: largest rotation %.2e, largest path difference %.2e m\n",
              worstAngle, worstShift);
}

// A point mass alone on a spring (no gravity), started 50 mm long: x(t) = L + A cos(√(k/m) t).
TEST(PointMassDeck, OnASpringOscillatesAtRootKOverM)
{
  const std::string deck =
      "point mass on a spring\nUNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND\n"
      "PART/1, GROUND\nMARKER/1, PART = 1, QP = 0, 0, 0\n"
      "POINT_MASS/4, MASS = 2, CM = 40, QG = 150, 0, 0\nMARKER/40, POINT_MASS = 4, QP = 0, 0, 0\n"
      "SPRINGDAMPER/1, TRANSLATIONAL, I = 40, J = 1, K = 8, C = 0, LENGTH = 100\nEND\n";
  const Model m = importOk(deck);
  const auto s = solve(m, solver::AnalysisKind::Dynamic, 0.2);
  ASSERT_GT(s->results.size(), 0u);
  const double omega = std::sqrt(8000.0 / 2.0);
  double worst = 0.0;
  for (std::size_t k = 0; k < s->results.size(); ++k) {
    const auto& f = s->results.frame(k);
    worst = std::max(worst, std::abs(f.state.q[0] - (0.1 + 0.05 * std::cos(omega * f.state.t))));
  }
  EXPECT_LT(worst, 1e-6);
  std::printf("[point mass] on a spring: largest error %.2e m over 0.2 s (omega %.4f rad/s)\n", worst, omega);
}

TEST(PointMassDeck, ExportReimportAndModelFileKeepIt)
{
  const Model m = importOk(deckText());
  const AdmExportResult out = exportAdm(m);
  for (const auto& e : out.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(out.ok());
  EXPECT_NE(out.text.find("POINT_MASS/1"), std::string::npos);
  EXPECT_NE(out.text.find("POINT_MASS = 1"), std::string::npos);
  const Model back = importOk(out.text);
  const Part* bob = back.part(back.findPart("bob"));
  ASSERT_TRUE(bob);
  EXPECT_TRUE(bob->pointMass);
  EXPECT_EQ(bob->mass, kM2);
  const LoadResult file = modelFromString(modelToString(m), "point_mass.mbs.json");
  for (const auto& e : file.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(*m.part(m.findPart("bob")), *file.model->part(file.model->findPart("bob")));
}

// Adams applies only translational forces to a point mass; the rest is refused by name.
TEST(PointMassDeck, RefusesWhatAdamsDoesNotApplyToAPointMass)
{
  const std::string head =
      "title\nUNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND\n"
      "PART/1, GROUND\nMARKER/1, PART = 1\nPOINT_MASS/2, MASS = 1, CM = 2\nMARKER/2, POINT_MASS = 2\n";
  auto errorsOf = [&](const std::string& statement) {
    return test::refusedImportErrors(head + statement + "END\n", statement);
  };
  for (const char* statement :
       {"JOINT/1, SPHERICAL, I = 2, J = 1\n", "BUSHING/1, I = 2, J = 1, K = 1, 1, 1\n",
        "SFORCE/1, ROTATIONAL, I = 2, J = 1, FUNCTION = 1\n",
        "GFORCE/1, I = 2, JFLOAT = 1, RM = 1, FX = 1\\\n"})
    EXPECT_NE(errorsOf(statement).find("acts on POINT_MASS/2"), std::string::npos) << statement;
  EXPECT_NE(errorsOf("POINT_MASS/3, CM = 2\n").find("MASS must be positive"), std::string::npos);
  EXPECT_NE(errorsOf("MARKER/9, POINT_MASS = 7\n").find("POINT_MASS/7 does not exist"), std::string::npos);
}

}  // namespace
