// Expressions as Adams writes them and as attackers write them (issues 28 and 29): chains of signs,
// names in the wrong role (never read as marker indices), nesting and length limits refused before
// any work that grows faster than the text, VARIABLE chains of any depth in any order.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/core/Rotation.hpp"

using namespace mbs::core;

namespace {

class StillState : public mbs::solver::StateView {
public:
  double time() const override { return 0.0; }
  Vec3 position(int m) const override { return m == 0 ? Vec3(3, 4, 12) : Vec3::Zero(); }
  Mat3 orientation(int m) const override { return m == 0 ? m_rotation : Mat3::Identity(); }
  Vec3 velocity(int) const override { return Vec3::Zero(); }
  Vec3 angularVelocity(int) const override { return Vec3::Zero(); }
  Vec3 acceleration(int) const override { return Vec3::Zero(); }
  Vec3 angularAcceleration(int) const override { return Vec3::Zero(); }
  Mat3 m_rotation = Mat3::Identity();
};

ExpressionContext context()
{
  ExpressionContext c;
  c.marker = [](std::string_view n) -> std::optional<int> {
    return n == "M_I" ? std::optional<int>(0) : n == "M_J" ? std::optional<int>(1) : std::nullopt;
  };
  c.parameter = [](std::string_view n) -> std::optional<double> {
    return n == "PA" ? std::optional<double>(1e9) : std::nullopt;
  };
  c.variable = [](std::string_view n) -> std::optional<int> {
    return n == "V1" ? std::optional<int>(0) : std::nullopt;
  };
  return c;
}

double value(const std::string& text)
{
  auto r = Expression::compile(text, context());
  EXPECT_TRUE(r.ok()) << text << ": " << (r.error ? r.error->message : "");
  return r.ok() ? r.expression->evaluate(0.0) : std::nan("");
}

std::string error(const std::string& text, const ExpressionContext& c = context())
{
  auto r = Expression::compile(text, c);
  EXPECT_FALSE(r.ok()) << text;
  return r.ok() ? std::string() : r.error->message;
}

std::string nested(int levels, const std::string& inner)
{
  std::string s;
  for (int k = 0; k < levels; ++k)
    s += "SIN(";
  s += inner;
  s.append(std::size_t(levels), ')');
  return s;
}

}  // namespace

// Adams/View writes "- -8.3E-03*x" (a negated negative coefficient); any chain of signs reads as
// Adams reads it, and a sign after an operator still works.
TEST(ExpressionLimits, ChainsOfSignsReadAsAdamsReadsThem)
{
  EXPECT_DOUBLE_EQ(value("- -8.3E-03*2"), 0.0166);
  EXPECT_DOUBLE_EQ(value("- - -2"), -2.0);
  EXPECT_DOUBLE_EQ(value("-+-+-3"), -3.0);
  EXPECT_DOUBLE_EQ(value("+-2"), -2.0);
  EXPECT_DOUBLE_EQ(value("2*- -3"), 6.0);
  EXPECT_DOUBLE_EQ(value("1 - -2"), 3.0);
  EXPECT_DOUBLE_EQ(value("1 - - -2"), -1.0);
  EXPECT_DOUBLE_EQ(value("2**- -1"), 2.0);
  EXPECT_DOUBLE_EQ(value("MAX(1, - -4)"), 4.0);
  EXPECT_DOUBLE_EQ(value("IF(- -1: 1, 2, - - 3)"), 3.0);
  EXPECT_DOUBLE_EQ(value("-2**2"), -4.0);  // one sign as before: below the power
}

// "pa*0 + DX(pa)": a parameter (or a VARIABLE) used as a marker argument was read as a marker
// index (out of bounds, a use-after-free under ASan). Every argument's kind is checked at compile
// time, in either order, naming the argument, the function and what the name is.
TEST(ExpressionLimits, NamesInTheWrongRoleAreRefusedNamingTheArgument)
{
  for (const std::string text : {"pa*0 + DX(pa)", "DX(pa) + pa*0", "DX(M_I, pa)", "DX(M_I, M_J, pa)"}) {
    const std::string e = error(text);
    EXPECT_NE(e.find("of DX() must be a marker name or 0"), std::string::npos) << e;
    EXPECT_NE(e.find("'PA' is a parameter"), std::string::npos) << e;
  }
  EXPECT_NE(error("DX(V1)").find("'V1' is a VARIABLE"), std::string::npos);
  EXPECT_NE(error("VARVAL(M_I)").find("unknown variable 'M_I'"), std::string::npos);
  EXPECT_NE(error("VARVAL(pa)").find("'PA' is a parameter"), std::string::npos);
  EXPECT_NE(error("DX(TIME)").find("must be a marker name or 0"), std::string::npos);
  EXPECT_NE(error("DX(5)").find("must be a marker name or 0, not '5'"), std::string::npos);
  EXPECT_NE(error("DX(M_I + 1)").find("must be a marker name or 0"), std::string::npos);
  // A marker name read as a number, in either order.
  EXPECT_NE(error("DX(M_I) + M_I").find("'M_I' may only be an argument"), std::string::npos);
  EXPECT_NE(error("M_I + DX(M_I)").find("'M_I' may only be an argument"), std::string::npos);
  // Integer arguments: ORIENT's system and component, the element functions' jflag and comp.
  EXPECT_NE(error("ORIENT(25, 1, M_I)").find("ORIENT orientation system 25 is not supported"),
            std::string::npos);
  EXPECT_NE(error("ORIENT(1, 4, M_I)").find("component (1 to 3)"), std::string::npos);
  EXPECT_NE(error("ORIENT(pa, 1, M_I)").find("argument 1 of ORIENT()"), std::string::npos);
  // An element function without elements bound: its argument is not an element.
  EXPECT_NE(error("JOINT(M_I, 0, 2, 0)").find("argument 1 of JOINT() must be a joint name"),
            std::string::npos);
}

// The state a marker argument reads is always a marker's: with a parameter of value 1e9 in the
// expression, DX still reads marker 0.
TEST(ExpressionLimits, ParametersBesideMarkersKeepTheirValues)
{
  auto r = Expression::compile("pa*1e-9 + DX(M_I)", context());
  ASSERT_TRUE(r.ok()) << r.error->message;
  StillState s;
  EXPECT_DOUBLE_EQ(r.expression->evaluate(0.0, &s), 1.0 + 3.0);
}

// Nesting is bounded (documented in docs/file-format.md) before anything walks it: 100,000
// levels and a 100 KB run of blanks are refused at once with the limit in the message; 256
// levels still evaluate.
TEST(ExpressionLimits, DeepNestingAndLongTextAreRefusedWithTheLimit)
{
  EXPECT_NEAR(
      value(nested(256, "0.5")),
      [] {
        double x = 0.5;
        for (int k = 0; k < 256; ++k)
          x = std::sin(x);
        return x;
      }(),
      1e-15);
  const std::string deep = error(nested(257, "1"));
  EXPECT_NE(deep.find("nested 257 deep; at most 256"), std::string::npos) << deep;
  std::string parens(5000, '(');
  parens += "1" + std::string(5000, ')');
  EXPECT_NE(error(parens).find("nested 5000 deep"), std::string::npos);
  const std::string huge = error(nested(100000, "1"));
  EXPECT_NE(huge.find("at most 20000 are allowed"), std::string::npos) << huge;
  const std::string blanks = error("VARVAL(" + std::string(100000, ' ') + "V1)");
  EXPECT_NE(blanks.find("has 100010 characters"), std::string::npos) << blanks;
}

// ORIENT's twelve body-fixed sequences give back the angles a rotation was built from.
TEST(ExpressionLimits, OrientReturnsTheAnglesOfEachBodyFixedSequence)
{
  const int sequences[12][3] = {{0, 1, 2}, {1, 2, 0}, {2, 0, 1}, {0, 2, 1}, {1, 0, 2}, {2, 1, 0},
                                {0, 1, 0}, {0, 2, 0}, {1, 0, 1}, {1, 2, 1}, {2, 0, 2}, {2, 1, 2}};
  const double angles[3] = {0.3, 0.7, -1.1};
  auto axis = [](int a, double t) -> Mat3 { return Eigen::AngleAxisd(t, Vec3::Unit(a)).toRotationMatrix(); };
  for (int s = 0; s < 12; ++s) {
    StillState state;
    state.m_rotation = axis(sequences[s][0], angles[0]) * axis(sequences[s][1], angles[1]) *
                       axis(sequences[s][2], angles[2]);
    for (int c = 1; c <= 3; ++c) {
      const std::string text = "ORIENT(" + std::to_string(s + 1) + ", " + std::to_string(c) + ", M_I, M_J)";
      auto r = Expression::compile(text, context());
      ASSERT_TRUE(r.ok()) << text << ": " << r.error->message;
      // Proper Euler sequences (a-b-a) take their second angle in [0, pi]: 0.7 is.
      EXPECT_NEAR(r.expression->evaluate(0.0, &state), angles[c - 1], 1e-12) << text;
    }
  }
  // Systems 13-24: the same axis orders about the space-fixed axes, R = R_c(t3) R_b(t2) R_a(t1)
  // (the first rotation about the fixed first axis, the others about the fixed, not the turned, axes).
  for (int s = 0; s < 12; ++s) {
    StillState state;
    state.m_rotation = axis(sequences[s][2], angles[2]) * axis(sequences[s][1], angles[1]) *
                       axis(sequences[s][0], angles[0]);
    for (int c = 1; c <= 3; ++c) {
      const std::string text = "ORIENT(" + std::to_string(s + 13) + ", " + std::to_string(c) + ", M_I, M_J)";
      auto r = Expression::compile(text, context());
      ASSERT_TRUE(r.ok()) << text << ": " << r.error->message;
      EXPECT_NEAR(r.expression->evaluate(0.0, &state), angles[c - 1], 1e-12) << text;
    }
  }
  // Space-fixed 1-2-3 (system 13) is body-fixed 3-2-1 (system 6) read backwards: roll, pitch, yaw.
  {
    StillState state;
    state.m_rotation = axis(2, 0.4) * axis(1, -0.2) * axis(0, 1.3);
    auto both = Expression::compile(
        "ORIENT(13, 1, M_I) - ORIENT(6, 3, M_I) + ORIENT(13, 3, M_I) - ORIENT(6, 1, M_I)", context());
    ASSERT_TRUE(both.ok());
    EXPECT_NEAR(both.expression->evaluate(0.0, &state), 0.0, 1e-12);
  }
  // System 11 is Adams' own 3-1-3: PSI, THETA, PHI.
  StillState state;
  state.m_rotation = euler313ToMatrix(Vec3(0.2, 0.5, 0.9));
  auto orient =
      Expression::compile("ORIENT(11, 1, M_I) - PSI(M_I) + ORIENT(11, 3, M_I) - PHI(M_I)", context());
  ASSERT_TRUE(orient.ok());
  EXPECT_NEAR(orient.expression->evaluate(0.0, &state), 0.0, 1e-12);
}

// A chain of 10,000 VARIABLEs written last-first (each reads the one after it in the file) folds
// and evaluates: compiled in dependency order, evaluated once each without recursion. Chains
// deeper than 64 used to give NaN.
TEST(ExpressionLimits, TenThousandVariableChainInReverseFileOrderEvaluates)
{
  Model m;
  const int n = 10000;
  for (int k = n - 1; k >= 0; --k) {
    Variable v;
    v.name = "V" + std::to_string(k);
    v.function = k == 0 ? "TIME" : "VARVAL(V" + std::to_string(k - 1) + ") + 1";
    m.add(v);
  }
  const PartId body = test::addBar(m, "body", Vec3::Zero());
  const MarkerId at = test::addMarker(m, body, "at", Vec3::Zero());
  Force f;
  f.name = "push";
  f.kind = ForceKind::SingleForce;
  f.actionOnly = true;
  f.iMarker = at;
  f.functions[0] = "VARVAL(V" + std::to_string(n - 1) + ")";
  m.add(f);
  const auto compiled = compile(m);
  ASSERT_TRUE(compiled.ok) << (compiled.diagnostics.empty() ? "" : compiled.diagnostics[0].reason);
  StillState s;
  EXPECT_DOUBLE_EQ(compiled.model.forces[0].functions[0]->evaluate(s), double(n - 1));
}

// The same chain of constant VARIABLEs in a dataset folds to 10,000 parameters in one pass.
TEST(ExpressionLimits, TenThousandConstantVariablesFoldInOnePass)
{
  std::string deck = "constant chain\nPART/1, GROUND\nMARKER/1, PART = 1\n";
  const int n = 10000;
  for (int k = n; k >= 1; --k)
    deck += "VARIABLE/" + std::to_string(k) +
            ", FUNCTION = " + (k == 1 ? "0.5" : "VARVAL(" + std::to_string(k - 1) + ") + 1") + "\n";
  deck += "END\n";
  const auto imported = importAdmFromString(deck, "chain.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  EXPECT_TRUE(imported.model->variables().empty());
  ASSERT_EQ(imported.model->parameters.size(), std::size_t(n));
  const Parameter* last = findParameter(*imported.model, "VARIABLE_" + std::to_string(n));
  ASSERT_NE(last, nullptr);
  EXPECT_DOUBLE_EQ(last->value, n - 0.5);
}

// A cycle of VARIABLEs is read (an algebraic loop, solved when evaluated: VariableLoopTest).
TEST(ExpressionLimits, VariableCycleIsRead)
{
  const auto imported = importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_variable_cycle.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  EXPECT_EQ(imported.model->variables().size(), 3u);
  EXPECT_TRUE(compile(*imported.model).ok);
}

// The dataset form of "pa*0 + DX(pa)": refused with the argument named, never run.
TEST(ExpressionLimits, DatasetParameterAsMarkerArgumentIsRefused)
{
  const auto imported =
      importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/expr_parameter_as_marker.adm");
  ASSERT_FALSE(imported.ok());
  std::string all;
  for (const auto& e : imported.errors)
    all += e.toString() + "\n";
  EXPECT_NE(all.find("argument 1 of DX() must be a marker name or 0: 'PA' is a parameter"), std::string::npos)
      << all;
}
