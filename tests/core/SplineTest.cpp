// Splines, arrays and matrices (issue 31): the interpolants against hand-computed values and
// polynomials they must reproduce, the expression functions CUBSPL, AKISPL, INTERP and ARYVAL, the
// native file, and the Adams import and export.
#include <gtest/gtest.h>

#include <cmath>

#include "TestUtil.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Interpolation.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs::core;

namespace {

double cubic(double x)
{
  return x * x * x - 2.0 * x + 1.0;
}

// The spline through the cubic above at unevenly spaced knots.
Spline cubicSpline(bool linearExtrapolate = false)
{
  Spline s;
  s.name = "S";
  s.x = {0.0, 0.5, 1.5, 2.0, 3.0, 4.0};
  s.y.emplace_back();
  for (const double x : s.x)
    s.y[0].push_back(cubic(x));
  s.linearExtrapolate = linearExtrapolate;
  return s;
}

}  // namespace

TEST(Spline, CubicIsExactAtKnotsAndReproducesACubic)
{
  // The not-a-knot cubic spline reproduces any cubic: value, slope and curvature everywhere.
  const Spline s = cubicSpline();
  ASSERT_EQ(checkSpline(s), "");
  const SplineInterpolant f(s);
  for (const double x : s.x)
    EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, x, 0, 0), cubic(x), 1e-13) << x;
  for (const double x : {0.25, 1.0, 1.7, 2.5, 3.9}) {
    EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, x, 0, 0), cubic(x), 1e-12) << x;
    EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, x, 0, 1), 3 * x * x - 2, 1e-11) << x;
    EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, x, 0, 2), 6 * x, 1e-10) << x;
  }
  // Beyond the data the end cubic continues (Adams' default extrapolation).
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, 5.0, 0, 0), cubic(5.0), 1e-10);
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, -1.0, 0, 0), cubic(-1.0), 1e-10);
}

TEST(Spline, CubicEndConditionIsNotAKnot)
{
  // Data that is no cubic: the third derivative must still be the same on the first two pieces and on
  // the last two (not-a-knot), and jump at the interior knots between them.
  Spline s;
  s.name = "S";
  s.x = {0, 1, 2, 3, 4, 5};
  s.y = {{0, 1, 0, 1, 0, 1}};
  const CurveInterpolant f(s.x, s.y[0], InterpolationMethod::Cubic, false);
  const auto third = [&](double a, double b) { return (f.evaluate(b, 2) - f.evaluate(a, 2)) / (b - a); };
  EXPECT_NEAR(third(0.1, 0.9), third(1.1, 1.9), 1e-9);
  EXPECT_NEAR(third(3.1, 3.9), third(4.1, 4.9), 1e-9);
  EXPECT_GT(std::abs(third(1.1, 1.9) - third(2.1, 2.9)), 1.0);
  // Continuous slope and curvature at every knot.
  for (const double x : {1.0, 2.0, 3.0, 4.0}) {
    EXPECT_NEAR(f.evaluate(x - 1e-9, 1), f.evaluate(x + 1e-9, 1), 1e-7);
    EXPECT_NEAR(f.evaluate(x - 1e-9, 2), f.evaluate(x + 1e-9, 2), 1e-7);
  }
}

TEST(Spline, LinearExtrapolationIsTheTangentAtTheEndKnot)
{
  const SplineInterpolant f(cubicSpline(true));
  // y(4) = 57, y'(4) = 46; y(0) = 1, y'(0) = -2.
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, 5.0, 0, 0), 57.0 + 46.0, 1e-10);
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, 5.0, 0, 1), 46.0, 1e-10);
  EXPECT_EQ(f.evaluate(InterpolationMethod::Cubic, 5.0, 0, 2), 0.0);
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, -2.0, 0, 0), 1.0 + 4.0, 1e-10);
  // Inside the data nothing changes.
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, 2.5, 0, 0), cubic(2.5), 1e-12);
}

TEST(Spline, AkimaMatchesHandComputedValues)
{
  // x = 1..4, y = 0, 2, 1, 3. Slopes 2, -1, 2; Akima's extended slopes 8, 5 | 5, 8; knot slopes
  // 3.5, 0.5, 0.5, 3.5 (equal weights); on [1, 2] y = 3.5 t - 1.5 t^2, on [2, 3]
  // y = 2 + 0.5 t - 4.5 t^2 + 3 t^3, on [3, 4] y = 1 + 0.5 t + 1.5 t^2. The same ten values Adams/View
  // documents for AKIMA_SPLINE({1, 2, 3, 4}, {0, 2, 1, 3}, 10).
  const CurveInterpolant f({1, 2, 3, 4}, {0, 2, 1, 3}, InterpolationMethod::Akima, false);
  const double expected[10] = {0.0, 1.0, 5.0 / 3, 2.0, 16.0 / 9, 11.0 / 9, 1.0, 4.0 / 3, 2.0, 3.0};
  for (int k = 0; k < 10; ++k)
    EXPECT_NEAR(f.evaluate(1.0 + k / 3.0, 0), expected[k], 1e-14) << k;
  EXPECT_NEAR(f.evaluate(2.0, 1), 0.5, 1e-14);
  EXPECT_NEAR(f.evaluate(1.0, 1), 3.5, 1e-14);
  EXPECT_NEAR(f.evaluate(2.5, 2), -9.0 + 18.0 * 0.5, 1e-13);
}

TEST(Spline, AkimaReproducesAParabolaOnEvenKnots)
{
  std::vector<double> x, y;
  for (int k = 0; k <= 6; ++k) {
    x.push_back(k);
    y.push_back(k * k);
  }
  const CurveInterpolant f(x, y, InterpolationMethod::Akima, false);
  for (const double at : {0.3, 2.5, 5.9}) {
    EXPECT_NEAR(f.evaluate(at, 0), at * at, 1e-12);
    EXPECT_NEAR(f.evaluate(at, 1), 2 * at, 1e-12);
    EXPECT_NEAR(f.evaluate(at, 2), 2.0, 1e-12);
  }
}

TEST(Spline, FamilyOfCurvesIsLinearInZ)
{
  Spline s;
  s.name = "S";
  s.x = {0, 1, 2, 3};
  s.z = {10, 20};
  s.y = {{0, 1, 2, 3}, {0, 3, 6, 9}};  // y = x at z = 10, y = 3x at z = 20
  ASSERT_EQ(checkSpline(s), "");
  const SplineInterpolant f(s);
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Akima, 1.5, 15, 0), 3.0, 1e-14);  // 2x at z = 15
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, 2.0, 12.5, 0), 3.0, 1e-13);
  EXPECT_NEAR(f.evaluate(InterpolationMethod::Cubic, 2.0, 25, 0), 8.0, 1e-13);  // 4x: z extrapolated
}

TEST(Spline, BadDataIsNamed)
{
  Spline s = cubicSpline();
  s.x[2] = s.x[1];
  EXPECT_NE(checkSpline(s).find("strictly increasing"), std::string::npos);
  s = cubicSpline();
  s.y[0].pop_back();
  EXPECT_NE(checkSpline(s).find("6 x values"), std::string::npos);
  s.x = {0, 1, 2};
  EXPECT_NE(checkSpline(s).find("at least 4"), std::string::npos);
}

TEST(SplineExpression, FunctionsReadTheModelsSplinesAndArrays)
{
  test::MotionModel m;
  m.model.splines.push_back(cubicSpline());
  m.model.arrays.push_back({"A", {1.5, -2.0, 7.25}, {}});
  EXPECT_NEAR(m.value("CUBSPL(TIME, 0, S)", 2.5), cubic(2.5), 1e-12);
  EXPECT_NEAR(m.value("cubspl(time, 0, s, 1)", 2.5), 3 * 2.5 * 2.5 - 2, 1e-11);
  EXPECT_NEAR(m.value("CUBSPL(TIME, 0, S, 2)", 2.5), 15.0, 1e-10);
  EXPECT_NEAR(m.value("AKISPL(TIME, 0, S)", 1.5), cubic(1.5), 1e-14);  // exact at a knot
  EXPECT_NEAR(m.value("INTERP(TIME, 1, S)", 1.0), 0.5 * (cubic(0.5) + cubic(1.5)), 1e-14);
  EXPECT_NEAR(m.value("INTERP(TIME, 3, S)", 2.5), cubic(2.5), 1e-12);
  EXPECT_NEAR(m.value("ARYVAL(A, 3) * TIME + ARYVAL(A, 1)", 2.0), 16.0, 1e-14);
  // The argument is any expression.
  EXPECT_NEAR(m.value("CUBSPL(2*TIME - ARYVAL(A, 1), 0, S)", 2.0), cubic(2.5), 1e-12);
}

TEST(SplineExpression, MisuseIsNamed)
{
  test::MotionModel m;
  m.model.splines.push_back(cubicSpline());
  Spline surface;
  surface.name = "SURF";
  surface.x = {0, 1, 2, 3};
  surface.z = {0, 1};
  surface.y = {{0, 1, 2, 3}, {1, 2, 3, 4}};
  m.model.splines.push_back(surface);
  m.model.arrays.push_back({"A", {1, 2}, {}});
  EXPECT_NE(m.error("CUBSPL(TIME, 0, NOPE)").find("unknown SPLINE 'NOPE'"), std::string::npos);
  EXPECT_NE(m.error("CUBSPL(TIME, 0, S, 3)").find("iord"), std::string::npos);
  EXPECT_NE(m.error("CUBSPL(TIME, 0, A)").find("is an ARRAY"), std::string::npos);
  EXPECT_NE(m.error("AKISPL(TIME, 0.5, SURF, 1)").find("family of curves"), std::string::npos);
  EXPECT_NE(m.error("INTERP(TIME, 2, S)").find("1 (linear) or 3 (cubic)"), std::string::npos);
  EXPECT_NE(m.error("ARYVAL(A, 3)").find("has 2 values"), std::string::npos);
  EXPECT_NE(m.error("S + 1").find("reference data"), std::string::npos);
  EXPECT_EQ(m.error("AKISPL(TIME, 0.5, SURF)"), "");
}

TEST(SplineFile, SplinesArraysAndMatricesRoundTrip)
{
  test::MotionModel m;
  m.model.splines.push_back(cubicSpline(true));
  Spline surface;
  surface.name = "surf";
  surface.x = {0, 1, 2, 3};
  surface.z = {0, 1};
  surface.y = {{0, 1, 2, 3}, {1, 2, 3, 4}};
  surface.description = "two curves";
  m.model.splines.push_back(surface);
  m.model.arrays.push_back({"gains", {1.5, -2.0}, {}});
  m.model.matrices.push_back({"A", 2, 3, {1, 2, 3, 4, 5, 6}, {}});
  const std::string text = modelToString(m.model);
  auto r = modelFromString(text);
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r.model->splines, m.model.splines);
  EXPECT_EQ(r.model->arrays, m.model.arrays);
  EXPECT_EQ(r.model->matrices, m.model.matrices);
  // A bad spline in a file is refused naming it.
  std::string bad = text;
  const auto at = bad.find("0.5,");
  ASSERT_NE(at, std::string::npos) << text;
  bad.replace(at, 4, "0.0,");
  auto rb = modelFromString(bad);
  ASSERT_FALSE(rb.ok());
  EXPECT_NE(rb.errors.front().toString().find("spline 'S'"), std::string::npos)
      << rb.errors.front().toString();
  // A data name taken by an entity is a duplicate.
  m.model.arrays.push_back({"slider", {1}, {}});
  bool duplicate = false;
  for (const auto& d : m.model.validate())
    duplicate |= d.reason.find("duplicate name 'slider'") != std::string::npos;
  EXPECT_TRUE(duplicate);
}

namespace {

// Adams/View style: MMKS, comma-first continuations, a view name, a spline of a cubic in mm driving
// a motion, an Akima spline force law, an IC array and both matrix forms.
const char* kSplineDeck = R"(ADAMS/View model name: spline_deck
!
UNITS/
, FORCE = NEWTON
, MASS = KILOGRAM
, LENGTH = MILLIMETER
, TIME = SECOND
!
PART/1
, GROUND
!
MARKER/1
, PART = 1
!
PART/2
, MASS = 1
, IP = 1, 1, 1
!
MARKER/2
, PART = 2
!
JOINT/1
, TRANSLATIONAL
, I = 2
, J = 1
!
!                      adams_view_name='stroke'
SPLINE/7
, X = 0, 0.5, 1.5, 2
, 3, 4
, Y = 1, 0.125, 1.375, 5
, 22, 57
!
SPLINE/8
, X = 1, 2, 3, 4
, Y = 0, 2, 1, 3
, LINEAR_EXTRAPOLATE
!
ARRAY/3
, IC
, SIZE = 2
, NUMBERS = 2.5, -1
!
MATRIX/1
, FULL = CORDER
, ROWS = 2
, COLUMNS = 2
, VALUES = 1, 2, 3, 4
!
MATRIX/2
, SPARSE
, ROWS = 3
, COLUMNS = 3
, I = 1, 3
, J = 2, 3
, VALUES = 5, 6
!
MOTION/1
, JOINT = 1
, TRANSLATION
, FUNCTION = CUBSPL(TIME, 0, 7) * ARYVAL(3, 1)
!
VARIABLE/1
, FUNCTION = AKISPL(DZ(2, 1, 1), 0, 8, 1)
!
END
)";

}  // namespace

TEST(SplineAdm, ImportedSplinesDriveTheMotionInTheDecksUnits)
{
  auto r = importAdmFromString(kSplineDeck, "spline.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  ASSERT_EQ(m.splines.size(), 2u);
  EXPECT_EQ(m.splines[0].name, "stroke");
  EXPECT_EQ(m.splines[1].name, "SPLINE_8");
  EXPECT_TRUE(m.splines[1].linearExtrapolate);
  ASSERT_EQ(m.arrays.size(), 1u);
  EXPECT_EQ(m.arrays[0].values, (std::vector<double>{2.5, -1}));
  ASSERT_EQ(m.matrices.size(), 2u);
  EXPECT_EQ(m.matrices[0].values, (std::vector<double>{1, 3, 2, 4}));  // CORDER: by columns
  EXPECT_EQ(m.matrices[1].values, (std::vector<double>{0, 5, 0, 0, 0, 0, 0, 0, 6}));
  auto c = compile(m);
  ASSERT_TRUE(c.ok);
  // The spline gives mm, scaled by 2.5 from the array: at t = 2.5 s, 2.5 * cubic(2.5) mm.
  EXPECT_NEAR(c.model.motions[0].displacement->value(2.5), 2.5 * cubic(2.5) * 1e-3, 1e-14);

  // Exported and read back: the same data and the same motion.
  const auto out = exportAdm(m);
  ASSERT_TRUE(out.errors.empty());
  auto back = importAdmFromString(out.text, "back.adm");
  for (const auto& e : back.errors)
    ADD_FAILURE() << e.toString() << "\n" << out.text;
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.model->splines.size(), 2u);
  EXPECT_EQ(back.model->splines[1].y, m.splines[1].y);
  EXPECT_TRUE(back.model->splines[1].linearExtrapolate);
  EXPECT_EQ(back.model->arrays[0].values, m.arrays[0].values);
  EXPECT_EQ(back.model->matrices[0].values, m.matrices[0].values);
  EXPECT_EQ(back.model->matrices[1].values, m.matrices[1].values);
  auto cb = compile(*back.model);
  ASSERT_TRUE(cb.ok);
  EXPECT_NEAR(cb.model.motions[0].displacement->value(2.5), 2.5 * cubic(2.5) * 1e-3, 1e-14);
}

TEST(SplineAdm, BadDataIsRefusedAtItsLine)
{
  auto error = [](const std::string& statement) {
    const std::string deck = "t\nPART/1, GROUND\n" + statement + "\nEND\n";
    auto r = importAdmFromString(deck, "bad.adm");
    return r.errors.empty() ? std::string() : r.errors.front().toString();
  };
  EXPECT_NE(error("SPLINE/1, X = 0, 1, 2, 3, Y = 0, 1, 2").find("3 values for 4 X values"),
            std::string::npos);
  EXPECT_NE(error("SPLINE/1, X = 0, 2, 1, 3, Y = 0, 1, 2, 3").find("strictly increasing"), std::string::npos);
  EXPECT_NE(error("SPLINE/1, FILE = road.rsp").find("not read"), std::string::npos);
  EXPECT_NE(error("ARRAY/1, IC, SIZE = 3, NUMBERS = 1, 2").find("SIZE=3 but NUMBERS has 2"),
            std::string::npos);
  EXPECT_NE(error("ARRAY/1, U").find("a U array needs VARIABLES"), std::string::npos);
  EXPECT_NE(error("MATRIX/1, ROWS = 2, COLUMNS = 2, VALUES = 1, 2, 3, 4").find("FULL=RORDER"),
            std::string::npos);
  EXPECT_NE(error("MATRIX/1, FULL = RORDER, ROWS = 2, COLUMNS = 2, VALUES = 1, 2, 3").find("needs 4 VALUES"),
            std::string::npos);
  EXPECT_NE(error("MATRIX/1, SPARSE, ROWS = 2, COLUMNS = 2, I = 3, J = 1, VALUES = 1").find("outside"),
            std::string::npos);
}
