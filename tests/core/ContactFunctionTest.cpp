// IMPACT and BISTOP (issue 14): values against Adams' documented definitions written with the
// expression language's own MAX, MIN and STEP, exact partial derivatives against central
// differences, invalid parameters and argument counts.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "mbs/core/ContactFunctions.hpp"
#include "mbs/core/Expression.hpp"

using namespace mbs::core;

namespace {

double eval(const std::string& text, double t)
{
  auto r = Expression::compile(text, ExpressionContext{});
  EXPECT_TRUE(r.ok()) << text << ": " << (r.error ? r.error->message : "");
  return r.ok() ? r.expression->evaluate(t) : std::nan("");
}

std::string num(double v)
{
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

struct Law {
  double x1, k, e, cmax, d;
};

// Points x = TIME around and inside a stop, velocities of both signs (approach and separation).
const double kXs[] = {1.3, 1.0, 0.999, 0.995, 0.99, 0.985, 0.95, 0.5};
const double kVs[] = {-2.0, -0.1, 0.0, 0.05, 3.0};
const Law kLaws[] = {{1.0, 1e5, 1.5, 10.0, 0.01}, {1.0, 2e3, 1.0, 50.0, 0.02}, {1.0, 1e4, 0.7, 0.0, 0.05}};

TEST(ContactFunctions, ImpactIsTheDocumentedDefinition)
{
  for (const Law& l : kLaws)
    for (double v : kVs)
      for (double x : kXs) {
        // Adams: max(0, k (x1 − x)^e − STEP(x, x1 − d, cmax, x1, 0) ẋ) for x < x1, else 0.
        const std::string args =
            num(v) + "," + num(l.x1) + "," + num(l.k) + "," + num(l.e) + "," + num(l.cmax) + "," + num(l.d);
        const double got = eval("IMPACT(TIME," + args + ")", x);
        const double documented =
            x >= l.x1
                ? 0.0
                : eval("MAX(0, " + num(l.k) + "*(" + num(l.x1) + "-TIME)**" + num(l.e) + " - STEP(TIME," +
                           num(l.x1 - l.d) + "," + num(l.cmax) + "," + num(l.x1) + ",0)*(" + num(v) + "))",
                       x);
        EXPECT_NEAR(got, documented, 1e-12 * std::max(1.0, std::abs(documented))) << "x=" << x << " v=" << v;
        EXPECT_GE(got, 0.0);
      }
  // The spring alone at rest: k δ^e.
  EXPECT_NEAR(eval("impact(TIME, 0, 1, 1e5, 1.5, 10, 0.01)", 0.99), 1e5 * std::pow(0.01, 1.5), 1e-9);
  // Separating fast from a shallow penetration: the damping would pull; the force is clamped at 0.
  EXPECT_EQ(eval("IMPACT(TIME, 100, 1, 1e5, 1.5, 1e4, 0.01)", 0.999), 0.0);
}

TEST(ContactFunctions, BistopIsTheDocumentedDefinition)
{
  const double x1 = 1.0, x2 = 2.0;
  for (const Law& l : kLaws)
    for (double v : kVs)
      for (double x : {0.5, 0.95, 0.99, 0.999, 1.0, 1.5, 2.0, 2.001, 2.01, 2.05, 2.5}) {
        const std::string args = num(v) + "," + num(x1) + "," + num(x2) + "," + num(l.k) + "," + num(l.e) +
                                 "," + num(l.cmax) + "," + num(l.d);
        const double got = eval("BISTOP(TIME," + args + ")", x);
        double documented = 0.0;
        if (x < x1)
          documented =
              eval("MAX(" + num(l.k) + "*(" + num(x1) + "-TIME)**" + num(l.e) + " - STEP(TIME," +
                       num(x1 - l.d) + "," + num(l.cmax) + "," + num(x1) + ",0)*(" + num(v) + "), 0)",
                   x);
        else if (x > x2)
          documented =
              eval("MIN(-" + num(l.k) + "*(TIME-" + num(x2) + ")**" + num(l.e) + " - STEP(TIME," + num(x2) +
                       ",0," + num(x2 + l.d) + "," + num(l.cmax) + ")*(" + num(v) + "), 0)",
                   x);
        EXPECT_NEAR(got, documented, 1e-12 * std::max(1.0, std::abs(documented))) << "x=" << x << " v=" << v;
        EXPECT_TRUE(x < x1 ? got >= 0.0 : x > x2 ? got <= 0.0 : got == 0.0) << "x=" << x;
      }
}

TEST(ContactFunctions, PartialDerivativesMatchCentralDifferences)
{
  // Points away from the kinks (first contact, the end of the damping ramp, the clamp).
  for (const Law& l : kLaws)
    for (double v : {-2.0, -0.1, 0.0, 0.05})
      for (double x : {0.999, 0.995, 0.985, 0.95, 0.5}) {
        const ContactValue c = impactFunction(x, v, l.x1, l.k, l.e, l.cmax, l.d);
        if (c.value <= 0.0)
          continue;
        const double hx = 1e-7, hv = 1e-6;
        const double dx = (impactFunction(x + hx, v, l.x1, l.k, l.e, l.cmax, l.d).value -
                           impactFunction(x - hx, v, l.x1, l.k, l.e, l.cmax, l.d).value) /
                          (2 * hx);
        const double dv = (impactFunction(x, v + hv, l.x1, l.k, l.e, l.cmax, l.d).value -
                           impactFunction(x, v - hv, l.x1, l.k, l.e, l.cmax, l.d).value) /
                          (2 * hv);
        EXPECT_NEAR(c.dx, dx, 1e-6 * std::max(1.0, std::abs(dx))) << "x=" << x << " v=" << v;
        EXPECT_NEAR(c.dxd, dv, 1e-6 * std::max(1.0, std::abs(dv))) << "x=" << x << " v=" << v;
        EXPECT_LT(c.dx, 0.0);  // a deeper penetration (smaller x) pushes harder
      }
  for (double x : {0.95, 0.995, 2.005, 2.05})
    for (double v : {-1.0, 0.0, 0.3}) {
      const ContactValue c = bistopFunction(x, v, 1.0, 2.0, 1e4, 1.3, 20.0, 0.01);
      if (c.value == 0.0)
        continue;
      const double h = 1e-7;
      const double dx = (bistopFunction(x + h, v, 1.0, 2.0, 1e4, 1.3, 20.0, 0.01).value -
                         bistopFunction(x - h, v, 1.0, 2.0, 1e4, 1.3, 20.0, 0.01).value) /
                        (2 * h);
      const double dv = (bistopFunction(x, v + h, 1.0, 2.0, 1e4, 1.3, 20.0, 0.01).value -
                         bistopFunction(x, v - h, 1.0, 2.0, 1e4, 1.3, 20.0, 0.01).value) /
                        (2 * h);
      EXPECT_NEAR(c.dx, dx, 1e-6 * std::max(1.0, std::abs(dx))) << "x=" << x << " v=" << v;
      EXPECT_NEAR(c.dxd, dv, 1e-6 * std::max(1.0, std::abs(dv))) << "x=" << x << " v=" << v;
    }
  // Free, or clamped at zero: no force and no derivative.
  const ContactValue free = impactFunction(1.5, -1.0, 1.0, 1e5, 1.5, 10.0, 0.01);
  EXPECT_EQ(free.value, 0.0);
  EXPECT_EQ(free.dx, 0.0);
  EXPECT_EQ(free.dxd, 0.0);
  const ContactValue clamped = impactFunction(0.999, 100.0, 1.0, 1e5, 1.5, 1e4, 0.01);
  EXPECT_EQ(clamped.value, 0.0);
  EXPECT_EQ(clamped.dx, 0.0);
  EXPECT_EQ(clamped.dxd, 0.0);
}

TEST(ContactFunctions, InvalidParametersAndArgumentCounts)
{
  EXPECT_TRUE(std::isnan(eval("IMPACT(TIME, 0, 1, -1, 1.5, 10, 0.01)", 0.5)));      // k < 0
  EXPECT_TRUE(std::isnan(eval("IMPACT(TIME, 0, 1, 1e5, 0, 10, 0.01)", 0.5)));       // e = 0
  EXPECT_TRUE(std::isnan(eval("IMPACT(TIME, 0, 1, 1e5, 1.5, -1, 0.01)", 0.5)));     // cmax < 0
  EXPECT_TRUE(std::isnan(eval("IMPACT(TIME, 0, 1, 1e5, 1.5, 10, 0)", 0.5)));        // d = 0
  EXPECT_TRUE(std::isnan(eval("BISTOP(TIME, 0, 2, 1, 1e5, 1.5, 10, 0.01)", 0.5)));  // x2 < x1
  EXPECT_TRUE(std::isnan(eval("IMPACT(TIME, 0, 1, -1, 1.5, 10, 0.01)", 2.0)));      // invalid even when free
  auto six = Expression::compile("IMPACT(TIME, 0, 1, 1e5, 1.5, 10)", ExpressionContext{});
  ASSERT_FALSE(six.ok());
  EXPECT_NE(six.error->message.find("takes 7 arguments"), std::string::npos) << six.error->message;
  auto seven = Expression::compile("BISTOP(TIME, 0, 1, 2, 1e5, 1.5, 10)", ExpressionContext{});
  ASSERT_FALSE(seven.ok());
  EXPECT_NE(seven.error->message.find("takes 8 arguments"), std::string::npos) << seven.error->message;
  EXPECT_TRUE(isReservedExpressionName("impact"));
  EXPECT_TRUE(isReservedExpressionName("BISTOP"));
}

}  // namespace
