#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "mbs/core/Expression.hpp"
#include "mbs/core/Rotation.hpp"

using namespace mbs::core;

namespace {

// A StateView of two markers with fixed kinematics (marker 0 moving, marker 1 rotated about z).
class FakeState : public mbs::solver::StateView {
public:
  double time() const override { return 0.0; }
  Vec3 position(int m) const override
  {
    return m == 0 ? Vec3(3, 4, 12) : m == 1 ? Vec3(1, 1, 0) : Vec3::Zero();
  }
  Mat3 orientation(int m) const override
  {
    return m == 1 ? euler313ToMatrix(Vec3(std::numbers::pi / 2, 0, 0)) : Mat3::Identity();
  }
  Vec3 velocity(int m) const override { return m == 0 ? Vec3(1, 2, 2) : Vec3::Zero(); }
  Vec3 angularVelocity(int m) const override { return m == 0 ? Vec3(0, 0, 5) : Vec3(0, 0, 1); }
  Vec3 acceleration(int m) const override { return m == 0 ? Vec3(0, 0, -9.81) : Vec3::Zero(); }
  Vec3 angularAcceleration(int) const override { return Vec3::Zero(); }
};

ExpressionContext twoMarkers()
{
  ExpressionContext c;
  c.marker = [](std::string_view n) -> std::optional<int> {
    if (n == "M_I")
      return 0;
    if (n == "M_J")
      return 1;
    return std::nullopt;
  };
  return c;
}

double eval(const std::string& text, double t = 0.0)
{
  auto r = Expression::compile(text, twoMarkers());
  EXPECT_TRUE(r.ok()) << text << ": " << (r.error ? r.error->message : "");
  return r.ok() ? r.expression->evaluate(t) : std::nan("");
}

}  // namespace

TEST(Expression, ArithmeticAndAdamsMathAreCaseInsensitive)
{
  EXPECT_DOUBLE_EQ(eval("2**3 + 1"), 9.0);
  EXPECT_DOUBLE_EQ(eval("sin(pi/2) + COS(0)"), 2.0);
  EXPECT_DOUBLE_EQ(eval("time*2", 1.5), 3.0);
  EXPECT_DOUBLE_EQ(eval("30*dtor"), std::numbers::pi / 6);
  EXPECT_DOUBLE_EQ(eval("RTOD*PI"), 180.0);
  EXPECT_DOUBLE_EQ(eval("ATAN2(1, 1)"), std::numbers::pi / 4);
  EXPECT_DOUBLE_EQ(eval("SIGN(3, -1)"), -3.0);
  EXPECT_DOUBLE_EQ(eval("MOD(-7, 3)"), -1.0);
  EXPECT_DOUBLE_EQ(eval("MIN(3, 1, 2) + MAX(4, 9)"), 10.0);
  EXPECT_DOUBLE_EQ(eval("POLY(3, 1, 1, 2, 3)"), 1 + 2 * 2 + 3 * 4);
  EXPECT_DOUBLE_EQ(eval("IF(TIME-1: 10, 20, 30)", 0.5), 10.0);
  EXPECT_DOUBLE_EQ(eval("IF(TIME-1: 10, 20, 30)", 1.0), 20.0);
  EXPECT_DOUBLE_EQ(eval("if(time-1 : 10, 20, 30)", 2.0), 30.0);
  EXPECT_DOUBLE_EQ(eval("SHF(TIME, 0, 2, PI, 0, 1)", 0.5), 3.0);
}

// CHEBY, FORCOS, FORSIN and SWEEP as Adams defines them (issue 28: every function), against closed
// forms: T_n(cos θ) = cos nθ, the Fourier series written out, and a linear chirp's phase.
TEST(Expression, SeriesAndSweepFunctionsAreTheirDefinitions)
{
  EXPECT_NEAR(eval("CHEBY(0.5, 0, 1, 2, 3)"), 1 + 2 * 0.5 + 3 * (2 * 0.25 - 1), 1e-15);
  EXPECT_NEAR(eval("CHEBY(COS(0.3) + 2, 2, 0, 0, 0, 1)"), std::cos(0.9), 1e-14);
  EXPECT_NEAR(eval("CHEBY(COS(0.3), 0, 0, 0, 0, 0, 0, 0, 0, 1)"), std::cos(2.1), 1e-14);
  const double t = 0.37, w = 2 * std::numbers::pi;
  EXPECT_NEAR(eval("FORCOS(TIME, 0, 360D, 1, 2, 3, 4)", t),
              1 + 2 * std::cos(w * t) + 3 * std::cos(2 * w * t) + 4 * std::cos(3 * w * t), 1e-13);
  EXPECT_NEAR(eval("FORSIN(TIME, 0.1, 2, -1, 0.5, 0.25)", t),
              -1 + 0.5 * std::sin(2 * (t - 0.1)) + 0.25 * std::sin(4 * (t - 0.1)), 1e-14);
  // 2 Hz at x0 = 0 rising to 6 Hz at x1 = 5: the phase is 2x + 0.4x² cycles, then 6x − 10.
  const char* chirp = "SWEEP(TIME, 1.5, 0, 2, 5, 6, 0.01)";
  EXPECT_NEAR(eval(chirp, 1.0), 1.5 * std::sin(w * (2.0 + 4.0 / 10.0)), 1e-12);
  EXPECT_NEAR(eval(chirp, 6.2), 1.5 * std::sin(w * (6.0 * 6.2 - 10.0)), 1e-11);
  // Faded in by STEP5 over dx: half way (STEP5 = 0.5) at x0 + dx/2.
  EXPECT_NEAR(eval(chirp, 0.005), 0.5 * 1.5 * std::sin(w * (2.0 * 0.005 + 0.4 * 0.005 * 0.005)), 1e-14);
  // The instantaneous frequency rises linearly, 2 + 0.8 x Hz: the derivative at x = 2.5 is
  // a 2π (2 + 0.8 x) cos(2π φ), φ = f0 x + (f1 − f0)(x − x0)²/(2(x1 − x0)).
  const double h = 1e-6, x = 2.5, phase = 2.0 * x + 0.4 * x * x;
  EXPECT_NEAR((eval(chirp, x + h) - eval(chirp, x - h)) / (2 * h),
              1.5 * w * (2.0 + 0.8 * x) * std::cos(w * phase), 1e-4);
  EXPECT_TRUE(std::isnan(eval("SWEEP(TIME, 1, 5, 2, 5, 6, 0.01)", 1.0)));  // x1 must exceed x0
}

// Adams writes degrees with a D right after a number ("30D" = 30*DTOR), in any case.
TEST(Expression, DegreeSuffixAfterANumberIsDegrees)
{
  EXPECT_DOUBLE_EQ(eval("cos(60d)"), std::cos(std::numbers::pi / 3));
  EXPECT_DOUBLE_EQ(eval("90D"), std::numbers::pi / 2);
  EXPECT_DOUBLE_EQ(eval("-45d + 1.5e1D"), -30.0 * std::numbers::pi / 180);
  EXPECT_DOUBLE_EQ(eval("360D*TIME", 0.5), std::numbers::pi);
  EXPECT_EQ(expressionIdentifiers("SIN(30D)*DX(m_i)"), (std::vector<std::string>{"SIN", "DX", "M_I"}));
  EXPECT_EQ(renameIdentifier("30d + D", "D", "x"), "30d + x");  // the suffix is not a name
  // Only right after a number: "30 D" is the number and an unknown name.
  auto r = Expression::compile("30 D", twoMarkers());
  EXPECT_FALSE(r.ok());
}

TEST(Expression, StepFunctionsMatchClosedForm)
{
  // STEP: cubic h0 + a d^2 (3 - 2d); STEP5: h0 + a d^3 (10 - 15d + 6d^2); HAVSIN: h0 + a/2 (1 - cos(pi d)).
  for (double t : {-1.0, 0.0, 0.25, 0.5, 0.8, 1.0, 2.0}) {
    const double d = std::clamp(t, 0.0, 1.0);
    EXPECT_NEAR(eval("STEP(TIME, 0, 1, 1, 3)", t), 1 + 2 * d * d * (3 - 2 * d), 1e-14);
    EXPECT_NEAR(eval("STEP5(TIME, 0, 1, 1, 3)", t), 1 + 2 * d * d * d * (10 - 15 * d + 6 * d * d), 1e-14);
    EXPECT_NEAR(eval("HAVSIN(TIME, 0, 1, 1, 3)", t), 1 + (1 - std::cos(std::numbers::pi * d)), 1e-14);
  }
}

TEST(Expression, MeasureFunctionsReadTheStateView)
{
  auto r = Expression::compile("DM(m_i, m_j)", twoMarkers());
  ASSERT_TRUE(r.ok());
  FakeState s;
  const Vec3 d = Vec3(3, 4, 12) - Vec3(1, 1, 0);
  EXPECT_DOUBLE_EQ(r.expression->evaluate(0, &s), d.norm());
  auto value = [&](const char* text) {
    auto e = Expression::compile(text, twoMarkers());
    EXPECT_TRUE(e.ok()) << text << (e.error ? e.error->message : "");
    return e.ok() ? e.expression->evaluate(0, &s) : std::nan("");
  };
  EXPECT_DOUBLE_EQ(value("DX(M_I)"), 3.0);
  EXPECT_DOUBLE_EQ(value("DZ(M_I, 0)"), 12.0);
  // Components in marker J's frame (rotated +90 deg about z): x_J = y_ground.
  EXPECT_NEAR(value("DX(M_I, M_J, M_J)"), d.y(), 1e-12);
  EXPECT_NEAR(value("DY(M_I, M_J, M_J)"), -d.x(), 1e-12);
  EXPECT_DOUBLE_EQ(value("VM(M_I)"), 3.0);
  EXPECT_NEAR(value("VR(M_I, M_J)"), Vec3(1, 2, 2).dot(d) / d.norm(), 1e-12);
  EXPECT_DOUBLE_EQ(value("WZ(M_I, M_J)"), 4.0);
  EXPECT_DOUBLE_EQ(value("ACCZ(M_I)"), -9.81);
  EXPECT_NEAR(value("AZ(M_J)"), std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(value("AZ(M_I, M_J)"), -std::numbers::pi / 2, 1e-12);
  EXPECT_NEAR(value("PSI(M_J) + PHI(M_J)"), std::numbers::pi / 2, 1e-12);
  EXPECT_TRUE(r.expression->dependsOnState());
}

TEST(Expression, ErrorsNameThePosition)
{
  auto ctx = twoMarkers();
  auto r = Expression::compile("1 + FOO(2)", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->position, 4);
  EXPECT_NE(r.error->message.find("FOO"), std::string::npos);

  r = Expression::compile("DX(M_I, NOPE)", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->position, 8);

  r = Expression::compile("STEP(TIME, 0, 1, 1)", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->message.find("5"), std::string::npos);

  r = Expression::compile("M_I + 1", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->position, 0);

  r = Expression::compile("2 * (TIME + 1", ctx);
  ASSERT_FALSE(r.ok());

  // muparser's own position (0-based, in its rewritten text) is left out: the error has ours.
  r = Expression::compile("2 * TIME +", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->message, "Unexpected end of expression");
  r = Expression::compile("2 3", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error->message.find("position"), std::string::npos) << r.error->message;

  ctx.allowMeasures = false;
  r = Expression::compile("DX(M_I)", ctx);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error->message.find("TIME only"), std::string::npos);
}

TEST(Expression, RewritesAdamsIdsAndRenames)
{
  auto marker = [](long id) -> std::optional<std::string> {
    if (id == 204 || id == 205)
      return "MARKER_" + std::to_string(id);
    return std::nullopt;
  };
  auto variable = [](long id) -> std::optional<std::string> { return "VARIABLE_" + std::to_string(id); };
  auto r = rewriteIdArguments(" - 100.0*(dm(204,205)-2.0) - 1.0*vr(204, 205) + VARVAL(3)", marker, variable);
  ASSERT_FALSE(r.error);
  EXPECT_EQ(r.text,
            " - 100.0*(dm(MARKER_204,MARKER_205)-2.0) - 1.0*vr(MARKER_204, MARKER_205) + VARVAL(VARIABLE_3)");
  EXPECT_TRUE(rewriteIdArguments("DX(9)", marker, variable).error);
  EXPECT_EQ(renameIdentifier("dx(a, ab) + DX(A)", "A", "base"), "dx(base, ab) + DX(base)");
}
