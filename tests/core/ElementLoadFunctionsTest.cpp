// Adams' BEAM(id, jflag, comp, rm), FIELD(id, jflag, comp, rm) and NFORCE(id, at_marker, comp, rm)
// in REQUESTs and VARIABLEs, read from the solved loads as SFORCE() and BUSH() are: the cantilever
// deck tests/data/adams_view/adm_beam_cantilever_mmks.adm (a 20 N tip load along −y and a
// 5 N·m tip torque about x on a 500 mm rod, once as a BEAM and once as a FIELD) in static
// equilibrium, where the closed forms are statics: the element holds the tip's loads at I (jflag 0)
// and their reaction at the root, with the lever arm, at J (jflag 1); and the NFORCE chain deck
// tests/data/adams_view/adm_nforce_chain_mmks.adm, whose I markers each carry their part's weight.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

// The deck with `extra` statements before its END, solved for static equilibrium; the request
// columns at the equilibrium by name (in the deck's units, as Adams prints them).
std::map<std::string, double> staticRequestsOf(const std::string& s, const std::string& deck)
{
  const AdmImportResult r = importAdmFromString(s, deck);
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  if (!r.ok())
    return {};
  const Model& m = *r.model;
  const CompileResult c = compile(m);
  EXPECT_TRUE(c.ok);
  solver::AnalysisSettings settings;
  settings.kind = solver::AnalysisKind::Static;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(c.model, settings, nullptr, results);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  const RequestOutputs requests(m, c.map, c.model);
  for (const auto& d : requests.diagnostics())
    ADD_FAILURE() << d.toString();
  std::map<std::string, double> out;
  if (results.size() == 0)
    return out;
  const std::vector<double> values = requests.evaluate(results.frame(results.size() - 1));
  for (std::size_t k = 0; k < values.size() && k < requests.columns().size(); ++k)
    out[requests.columns()[k]] = values[k];
  return out;
}

std::map<std::string, double> staticRequests(const std::string& deck, const std::string& extra)
{
  std::ifstream in(std::string(MBS_TEST_DATA_DIR) + "/adams_view/" + deck);
  std::stringstream text;
  text << in.rdbuf();
  std::string s = text.str();
  const auto end = s.rfind("END");
  EXPECT_NE(end, std::string::npos);
  return staticRequestsOf(s.substr(0, end) + extra + "END\n", deck);
}

// JPRIM(id, jflag, comp, rm) reads a joint primitive by its own statement id, as Adams does: a
// 2 kg block held at its centre by an ATPOINT and in its orientation by an ORIENTATION primitive,
// under MMKS gravity; the ATPOINT carries m g at I (up) and at J (down), the ORIENTATION nothing.
TEST(ElementLoadFunctions, JprimReadsAJointPrimitiveByItsStatement)
{
  const std::string deck = R"(block on two primitives
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND
PART/1, GROUND
MARKER/1, PART = 1, QP = 0, 0, 100
PART/2, MASS = 2, CM = 20, IP = 1000, 1000, 1000
MARKER/20, PART = 2, QP = 0, 0, 100
JPRIM/1, ATPOINT, I = 20, J = 1
JPRIM/2, ORIENTATION, I = 20, J = 1
ACCGRAV/KGRAVITY = -9806.65
REQUEST/7, F1 = JPRIM(1, 0, 4, 0)\F2 = JPRIM(1, 1, 4, 0)\F3 = JPRIM(2, 0, 5, 0)\F4 = JPRIM(1, 0, 1, 0)
END
)";
  const std::string text = deck;
  const auto v = staticRequestsOf(text, "jprim.adm");
  ASSERT_EQ(v.size(), 4u);
  const double mg = 2 * 9.80665;
  EXPECT_NEAR(v.at("REQUEST_7.f1"), mg, 1e-9);
  EXPECT_NEAR(v.at("REQUEST_7.f2"), -mg, 1e-9);
  EXPECT_NEAR(v.at("REQUEST_7.f3"), 0.0, 1e-9);
  EXPECT_NEAR(v.at("REQUEST_7.f4"), mg, 1e-9);
  // JPRIM of a JOINT statement's id is refused naming it (Adams' JPRIM/1 is not JOINT/1).
  std::string wrong = text;
  wrong.replace(wrong.find("JPRIM(2, 0, 5, 0)"), 17, "JPRIM(3, 0, 5, 0)");
  const AdmImportResult r = importAdmFromString(wrong, "jprim.adm");
  bool named = false;
  for (const auto& w : r.warnings)
    named = named || w.toString().find("JPRIM/3") != std::string::npos;
  for (const auto& e : r.errors)
    named = named || e.toString().find("JPRIM/3") != std::string::npos;
  EXPECT_TRUE(named);
}

TEST(ElementLoadFunctions, BeamAndFieldAtIAndJInAnyFrame)
{
  // MMKS: forces in N, torques in N·mm. Marker 4's axes: x = X, y = Z, z = −Y.
  const auto v =
      staticRequests("adm_beam_cantilever_mmks.adm",
                     "VARIABLE/9, FUNCTION = BEAM(1, 1, 3, 0)\n"
                     "REQUEST/7, F1 = BEAM(1, 0, 3, 0)\\F2 = BEAM(1, 0, 6, 0)\\F3 = BEAM(1, 1, 8, 0)\\"
                     "F4 = BEAM(1, 0, 4, 4)\\F5 = BEAM(1, 0, 1, 0)\\F6 = FIELD(1, 1, 3, 0)\\"
                     "F7 = FIELD(1, 0, 6, 0)\\F8 = VARVAL(9)\n");
  ASSERT_EQ(v.size(), 8u);
  const double load = 20.0, torque = 5000.0, arm = 500.0;
  EXPECT_NEAR(v.at("REQUEST_7.f1"), load, 1e-7);         // the beam holds the tip up: +y on I
  EXPECT_NEAR(v.at("REQUEST_7.f2"), -torque, 1e-4);      // and against the torque about x
  EXPECT_NEAR(v.at("REQUEST_7.f3"), -load * arm, 1e-3);  // at the root: the moment of the load
  EXPECT_NEAR(v.at("REQUEST_7.f4"), -load, 1e-7);        // +Y is marker 4's −z
  EXPECT_NEAR(v.at("REQUEST_7.f5"), load, 1e-7);         // magnitude
  EXPECT_NEAR(v.at("REQUEST_7.f6"), -load, 1e-7);        // the FIELD's reaction at J
  EXPECT_NEAR(v.at("REQUEST_7.f7"), -torque, 1e-4);
  EXPECT_NEAR(v.at("REQUEST_7.f8"), -load, 1e-7);  // a VARIABLE reading BEAM()
}

TEST(ElementLoadFunctions, NforceAtEachIMarkerAndAtJ)
{
  const double g = 9.80665, m1 = 1.5, m2 = 0.5;
  const auto v =
      staticRequests("adm_nforce_chain_mmks.adm",
                     "REQUEST/7, F1 = NFORCE(1, 21, 3, 0)\\F2 = NFORCE(1, 31, 3, 0)\\"
                     "F3 = NFORCE(1, 1, 3, 0)\\F4 = NFORCE(1, 1, 8, 0)\\F5 = NFORCE(1, 31, 2, 0)\n");
  ASSERT_EQ(v.count("REQUEST_7.f5"), 1u);
  EXPECT_NEAR(v.at("REQUEST_7.f1"), m1 * g, 1e-7);  // each I marker at its part's CM holds its weight
  EXPECT_NEAR(v.at("REQUEST_7.f2"), m2 * g, 1e-7);
  EXPECT_NEAR(v.at("REQUEST_7.f3"), -(m1 + m2) * g, 1e-7);  // J: the reaction
  // About J's origin: −(x1 m1 g + x2 m2 g) in N·mm, x at the equilibrium (the preload stretches x).
  const double x1 = 100.0 + 12.0 / 2.0, x2 = 200.0 + 12.0 / 2.0 + 12.0 / 1.0;  // k1 = 2, k2 = 1 N/mm
  EXPECT_NEAR(v.at("REQUEST_7.f4"), -(x1 * m1 * g + x2 * m2 * g), 1e-3);
  EXPECT_NEAR(v.at("REQUEST_7.f5"), 0.0, 1e-7);  // along x the springs hold the preload
}

}  // namespace
