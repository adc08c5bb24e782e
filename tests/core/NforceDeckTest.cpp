// NFORCE through the Adams import and export, the model file and the solver: the Adams/View style
// deck tests/data/adams_view/adm_nforce_chain_mmks.adm (MMKS, comma-first continuations,
// adams_view_name comments, MATRIX statements column by column) holds two springs in series,
// ground -k1- first -k2- second, as one NFORCE with a preload on its second I marker, under
// gravity. Its equilibrium and natural frequencies must be the springs' closed forms.
#include <gtest/gtest.h>

#include "TestUtil.hpp"

#include <cmath>
#include <numbers>
#include <string>

#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

std::string deckPath()
{
  return std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_nforce_chain_mmks.adm";
}

Model importOk(const AdmImportResult& r)
{
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r.model : Model();
}

// The deck in SI.
const double kK1 = 2000.0, kK2 = 1000.0, kM1 = 1.5, kM2 = 0.5, kG = 9.80665, kPreload = 12.0;

solver::AnalysisOutcome run(const Model& model, solver::AnalysisKind kind, solver::ResultStore& results,
                            CompileResult& c)
{
  c = compile(model);
  EXPECT_TRUE(c.ok);
  solver::AnalysisSettings s;
  s.kind = kind;
  auto outcome = solver::runAnalysis(c.model, s, nullptr, results);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  return outcome;
}

TEST(NforceDeck, ImportsTheMatricesInSI)
{
  const Model m = importOk(importAdm(deckPath()));
  const Force* f = m.force(m.findForce("chain"));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, ForceKind::MultiPoint);
  ASSERT_TRUE(f->multiPoint);
  const MultiPointData& d = *f->multiPoint;
  ASSERT_EQ(d.iMarkers.size(), 2u);
  EXPECT_EQ(d.iMarkers[0], m.findMarker("first_node"));
  EXPECT_EQ(d.iMarkers[1], m.findMarker("second_node"));
  EXPECT_EQ(f->iMarker, d.iMarkers[0]);
  EXPECT_EQ(f->jMarker, m.findMarker("chain_root"));
  ASSERT_EQ(d.stiffness.size(), 144u);
  EXPECT_NEAR(d.stiffness[0], kK1 + kK2, 1e-9);       // (x1, x1)
  EXPECT_NEAR(d.stiffness[12 * 0 + 6], -kK2, 1e-9);   // (x1, x2)
  EXPECT_NEAR(d.stiffness[12 * 3 + 3], 150.0, 1e-9);  // (a1, a1): N m/rad
  EXPECT_NEAR(d.stiffness[12 * 9 + 3], -50.0, 1e-9);  // (a2, a1)
  ASSERT_EQ(d.reference.size(), 12u);
  EXPECT_NEAR(d.reference[0], 0.1, 1e-15);
  EXPECT_NEAR(d.reference[6], 0.2, 1e-15);
  ASSERT_EQ(d.preload.size(), 12u);
  EXPECT_EQ(d.preload[6], kPreload);
  EXPECT_EQ(f->dampingRatio, 1e-4);
  // The matrices are the NFORCE's, not reference data of the model.
  EXPECT_TRUE(m.matrices.empty());
}

TEST(NforceDeck, EquilibriumIsTheSpringsInSeries)
{
  const Model m = importOk(importAdm(deckPath()));
  solver::ResultStore results;
  CompileResult c;
  run(m, solver::AnalysisKind::Static, results, c);
  ASSERT_GT(results.size(), 0u);
  const solver::Vec& q = results.frame(results.size() - 1).state.q;
  const int b1 = c.map.body(m.findPart("first")), b2 = c.map.body(m.findPart("second"));
  // y: gravity on both parts through k1, on the second through k2; x: the preload on the second.
  const double y1 = -(kM1 + kM2) * kG / kK1, y2 = y1 - kM2 * kG / kK2;
  const double x1 = kPreload / kK1, x2 = x1 + kPreload / kK2;
  EXPECT_NEAR(q[7 * b1 + 0] - 0.1, x1, 1e-11);
  EXPECT_NEAR(q[7 * b1 + 1], y1, 1e-11);
  EXPECT_NEAR(q[7 * b2 + 0] - 0.2, x2, 1e-11);
  EXPECT_NEAR(q[7 * b2 + 1], y2, 1e-11);
  std::printf("[nforce deck] second part x %.9e y %.9e m; closed form %.9e %.9e m\n", q[7 * b2] - 0.2,
              q[7 * b2 + 1], x2, y2);
  // The NFORCE's load on its second I marker (at the part's CM) holds that part's weight; along x
  // its preload is balanced by the stretch of the springs.
  const auto& frame = results.frame(results.size() - 1);
  const int second = c.map.force(m.findForce("chain")) + 1;
  EXPECT_NEAR(frame.forces[second].force.y(), kM2 * kG, 1e-9);
  EXPECT_NEAR(frame.forces[second].force.x(), 0.0, 1e-9);
}

TEST(NforceDeck, NaturalFrequenciesAreTheChainsClosedForm)
{
  const Model m = importOk(importAdm(deckPath()));
  solver::ResultStore results;
  CompileResult c;
  const auto outcome = run(m, solver::AnalysisKind::Linear, results, c);
  const double a = kM1 * kM2, b = kM1 * kK2 + kM2 * (kK1 + kK2), cc = kK1 * kK2;
  const double disc = std::sqrt(b * b - 4 * a * cc);
  for (double w2 : {(b - disc) / (2 * a), (b + disc) / (2 * a)}) {
    const double hz = std::sqrt(w2) / (2 * std::numbers::pi);
    int found = 0;
    for (const auto& mode : outcome.modes)
      found += std::abs(mode.naturalFrequency - hz) < 1e-6 * hz;
    EXPECT_EQ(found, 3) << hz << " Hz";  // along x, y and z
    std::printf("[nforce deck] mode %.6f Hz (closed form) found %d times\n", hz, found);
  }
}

TEST(NforceDeck, ExportReimportAndModelFileKeepIt)
{
  const Model m = importOk(importAdm(deckPath()));
  const AdmExportResult out = exportAdm(m);
  for (const auto& e : out.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(out.ok());
  EXPECT_NE(out.text.find("NFORCE/1"), std::string::npos);
  const Model back = importOk(importAdmFromString(out.text, "exported.adm"));
  const Force* a = m.force(m.findForce("chain"));
  const Force* b = back.force(back.findForce("chain"));
  ASSERT_TRUE(a && b && a->multiPoint && b->multiPoint);
  EXPECT_EQ(a->multiPoint->stiffness, b->multiPoint->stiffness);
  EXPECT_EQ(a->multiPoint->reference, b->multiPoint->reference);
  EXPECT_EQ(a->multiPoint->preload, b->multiPoint->preload);
  EXPECT_EQ(a->dampingRatio, b->dampingRatio);
  EXPECT_EQ(b->multiPoint->iMarkers.size(), 2u);
  EXPECT_TRUE(back.matrices.empty());
  const LoadResult file = modelFromString(modelToString(m), "nforce.mbs.json");
  for (const auto& e : file.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(file.ok());
  EXPECT_EQ(*a, *file.model->force(file.model->findForce("chain")));
}

// Faithful or refused: what cannot be modelled is named.
TEST(NforceDeck, RefusesWhatItCannotModel)
{
  const std::string head =
      "title\nUNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND\n"
      "PART/1, GROUND\nMARKER/1, PART = 1\nPART/2, MASS = 1, CM = 2, IP = 1, 1, 1\n"
      "MARKER/2, PART = 2\nMATRIX/1, FULL = RORDER, ROWS = 6, COLUMNS = 6, VALUES = 1, 0, 0, 0, 0, 0, "
      "0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1\n"
      "MATRIX/2, FULL = RORDER, ROWS = 2, COLUMNS = 1, VALUES = 1, 2\n";
  auto errorsOf = [&](const std::string& statement) {
    return test::refusedImportErrors(head + statement + "END\n", statement);
  };
  EXPECT_NE(errorsOf("NFORCE/1, I = 2, J = 1, JFLOAT = 1, KMATRIX = 1\n").find("JFLOAT"), std::string::npos);
  EXPECT_NE(errorsOf("NFORCE/1, I = 2, J = 1\n").find("KMATRIX"), std::string::npos);
  EXPECT_NE(errorsOf("NFORCE/1, I = 2, J = 1, KMATRIX = 7\n").find("MATRIX/7 does not exist"),
            std::string::npos);
  EXPECT_NE(errorsOf("NFORCE/1, I = 2, J = 1, KMATRIX = 1, LENGTH = 2\n").find("needs 3 x 1"),
            std::string::npos);
  EXPECT_NE(errorsOf("NFORCE/1, I = 2, J = 1, KMATRIX = 2\n").find("needs 6 x 6"), std::string::npos);
  EXPECT_NE(errorsOf("NFORCE/1, I = 2, J = 1, KMATRIX = 1, CMATRIX = 1, CRATIO = 0.1\n").find("not both"),
            std::string::npos);
  EXPECT_NE(errorsOf("NFORCE/1, I = 1, J = 1, KMATRIX = 1\n").find("is the J marker"), std::string::npos);
}

}  // namespace
