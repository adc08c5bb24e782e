// Small hand-written decks for the statements the Chrono decks do not use, and for bad input.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/SolverSettings.hpp"

using namespace mbs::core;

namespace {

const char* kDeck = R"(my deck: all statements
UNITS/FORCE = NEWTON, MASS = GRAM, LENGTH = MILLIMETER, TIME = SECOND
PART/1, GROUND
MARKER/10, PART = 1
MARKER/11, PART = 1, QP = 100, 0, 0, ZP = 100, 0, 50, XP = 200, 0, 0
PART/2, MASS = 500, CM = 20, IP = 2000, 2000, 3000, 10, 20, 30
, QG = 0, 0, 1000, REULER = 90D, 0, 0
, VX = 10, WZ = 2
MARKER/20, PART = 2, QP = 50, 0, 0
MARKER/21, PART = 2
MARKER/22, PART = 2, QP = 100, 0, 0
MARKER/23, PART = 2, QP = 50, 0, 0, ZP = 50, -10, 0
PART/3, MASS = 1000, IP = 1E4, 1E4, 1E4, QG = 0, 0, 2000
MARKER/30, PART = 3
MARKER/31, PART = 3, FLOATING
JOINT/1, REVOLUTE, I = 21, J = 10
JOINT/2, CYLINDRICAL, I = 30, J = 22
JOINT/3, TRANSLATIONAL, I = 31, J = 11
JPRIM/1, INPLANE, I = 30, J = 10
GEAR/5, JOINTS = 1, 2, CV = 23
COUPLER/6, JOINTS = 1, 3, TYPE = R:T, SCALES = 1, -0.5
MOTION/1, JOINT = 2, TRANSLATION, VELOCITY, FUNCTION = 10*STEP(TIME, 0, 0, 1, 1)
MOTION/2, I = 30, J = 10, B3, FUNCTION = 30D*TIME
SPRINGDAMPER/1, TRANSLATION, I = 20, J = 10, K = 2, C = 0.1, LENGTH = 500, FORCE = 3
SPRINGDAMPER/2, ROTATION, I = 20, J = 10, KT = 1000, CT = 10, ANGLE = 10D, TORQUE = 5
BUSHING/1, I = 22, J = 11, K = 1, 2, 3, C = 0.1, 0.2, 0.3, KT = 10, 20, 30, CT = 1, 2, 3
, FORCE = 1, 2, 3, TORQUE = 4, 5, 6
GFORCE/1, I = 20, JFLOAT = 31, RM = 10, FX = -DX(20,10)\ FY = 0\
, FZ = VARVAL(1)\ TX = 0\ TY = 0\ TZ = -WZ(20, 10)
VFORCE/2, I = 20, JFLOAT = 31, RM = 10, FX = 1\ FY = 2\ FZ = 3
SFORCE/3, ROTATIONAL, ACTIONONLY, I = 20, J = 10, FUNCTION = IF(TIME - 1: 0, 1, 2)
ACCGRAV/IGRAV = 0, JGRAV = -9806.65, KGRAV = 0
FRICTION/1, JOINT = 1, MU_STATIC = 0.3, MU_DYNAMIC = 0.2, PIN_RADIUS = 10, FRICTION_ARM = 5
, INPUTS = PRELOAD:REACTION_FORCE
VARIABLE/1, FUNCTION = 2*DM(20, 10)
REQUEST/1, DISPLACEMENT, I = 20, J = 10
END
PART/99, this is after END and never read
)";

}  // namespace

TEST(AdmDeck, EveryStatementWithUnitConversion)
{
  auto r = importAdmFromString(kDeck, "deck.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  const Model& m = *r.model;
  EXPECT_EQ(m.name, "all_statements");
  const Part& p2 = *m.part(m.findPart("PART_2"));
  EXPECT_DOUBLE_EQ(p2.mass, 0.5);
  EXPECT_DOUBLE_EQ(p2.inertia.ixx, 2000 * 1e-3 * 1e-6);
  EXPECT_DOUBLE_EQ(p2.inertia.iyz, 30 * 1e-3 * 1e-6);
  EXPECT_TRUE(p2.position.isApprox(Vec3(0, 0, 1)));
  EXPECT_NEAR(p2.orientation[0], std::numbers::pi / 2, 1e-15);
  EXPECT_TRUE(p2.velocity.isApprox(Vec3(0.01, 0, 0)));
  EXPECT_TRUE(p2.velocityExact[0] && !p2.velocityExact[1]);
  // WZ is about the CM marker's z: aligned with ground z here.
  EXPECT_TRUE(p2.angularVelocity.isApprox(Vec3(0, 0, 2)));
  const Marker& m11 = *m.marker(m.findMarker("MARKER_11"));
  EXPECT_EQ(m11.mode, OrientationMode::Points);
  EXPECT_TRUE(m.markerGlobalOrientation(m11.id).col(2).isApprox(Vec3(0, 0, 1)));
  EXPECT_TRUE(m.marker(m.findMarker("MARKER_31"))->floating);
  EXPECT_EQ(m.joint(m.findJoint("JPRIM_1"))->kind, JointKind::Inplane);
  // GEAR: CV at 50 mm from joint 1's axis and 50 mm from joint 2's axis (opposite sides).
  const Joint& gear = *m.joint(m.findJoint("GEAR_5"));
  EXPECT_EQ(gear.kind, JointKind::Gear);
  EXPECT_NEAR(std::abs(gear.ratio), 1.0, 1e-12);
  const Joint& coupler = *m.joint(m.findJoint("COUPLER_6"));
  EXPECT_EQ(coupler.kind, JointKind::Coupler);
  // TYPE = R:T: 1 rad of joint 1 goes with 0.5 mm of joint 3, so -0.5 per mm is -500 per m.
  EXPECT_DOUBLE_EQ(coupler.scales[0], 1.0);
  EXPECT_DOUBLE_EQ(coupler.scales[1], -500.0);
  const Motion& m1 = *m.motion(m.findMotion("MOTION_1"));
  EXPECT_EQ(m1.quantity, MotionQuantity::Velocity);
  EXPECT_EQ(m1.axis, MotionAxis::Z);
  const Motion& m2 = *m.motion(m.findMotion("MOTION_2"));
  EXPECT_EQ(m2.axis, MotionAxis::RotationZ);
  EXPECT_EQ(m2.function, "(30*DTOR)*TIME");
  const Force& s1 = *m.force(m.findForce("SPRINGDAMPER_1"));
  EXPECT_DOUBLE_EQ(s1.stiffness, 2000.0);  // N/mm -> N/m
  EXPECT_DOUBLE_EQ(s1.damping, 100.0);
  EXPECT_DOUBLE_EQ(s1.freeLength, 0.5);
  const Force& s2 = *m.force(m.findForce("SPRINGDAMPER_2"));
  EXPECT_EQ(s2.kind, ForceKind::RotationalSpringDamper);
  EXPECT_DOUBLE_EQ(s2.stiffness, 1.0);  // N mm/rad -> N m/rad
  EXPECT_NEAR(s2.freeLength, 10 * std::numbers::pi / 180, 1e-15);
  const Force& b = *m.force(m.findForce("BUSHING_1"));
  EXPECT_TRUE(b.translationalStiffness.isApprox(Vec3(1000, 2000, 3000)));
  EXPECT_TRUE(b.preloadTorque.isApprox(Vec3(4e-3, 5e-3, 6e-3)));
  const Force& g = *m.force(m.findForce("GFORCE_1"));
  EXPECT_EQ(g.kind, ForceKind::General);
  // Expressions are rewritten to SI: DX in mm reads the SI distance / 0.001; WZ is rad/s either way
  // and the torque TZ is in N*mm.
  EXPECT_EQ(g.functions[0], "-(DX(MARKER_20,MARKER_10)/0.001)");
  EXPECT_EQ(g.functions[2], "VARVAL(VARIABLE_1)");
  EXPECT_EQ(g.functions[5], "0.001*(-WZ(MARKER_20, MARKER_10))");  // N*mm -> N*m
  EXPECT_EQ(m.variable(m.findVariable("VARIABLE_1"))->function, "2*(DM(MARKER_20, MARKER_10)/0.001)");
  EXPECT_EQ(m.marker(g.jMarker)->name, "MARKER_31");
  EXPECT_EQ(m.force(m.findForce("VFORCE_2"))->kind, ForceKind::VectorForce);
  EXPECT_TRUE(m.force(m.findForce("SFORCE_3"))->actionOnly);
  EXPECT_TRUE(m.gravity.isApprox(Vec3(0, -9.80665, 0)));
  const auto& fr = m.joint(m.findJoint("JOINT_1"))->friction;
  ASSERT_TRUE(fr);
  EXPECT_DOUBLE_EQ(fr->staticCoefficient, 0.3);
  EXPECT_DOUBLE_EQ(fr->pinRadius, 0.01);
  EXPECT_TRUE(fr->usePreload && fr->useReactionForce && !fr->useBendingMoment);
  // The REQUEST (line 36) is read; nothing after END.
  ASSERT_EQ(m.requests.size(), 1u);
  EXPECT_EQ(m.requests[0].kind, RequestKind::Displacement);
  EXPECT_FALSE(m.findPart("PART_99"));
  auto c = compile(m);
  for (const auto& e : c.diagnostics)
    SCOPED_TRACE(e.toString());
  ASSERT_TRUE(c.ok);
}

namespace {

// Every marker at the origin except `moving`, which is at `d` with velocity `v` (ground frame).
class TwoMarkers : public mbs::solver::StateView {
public:
  int moving = 0;
  Vec3 d = Vec3::Zero(), v = Vec3::Zero();
  double time() const override { return 0.0; }
  Vec3 position(int m) const override { return m == moving ? d : Vec3::Zero(); }
  Mat3 orientation(int) const override { return Mat3::Identity(); }
  Vec3 velocity(int m) const override { return m == moving ? v : Vec3::Zero(); }
  Vec3 angularVelocity(int) const override { return Vec3::Zero(); }
  Vec3 acceleration(int) const override { return Vec3::Zero(); }
  Vec3 angularAcceleration(int) const override { return Vec3::Zero(); }
};

}  // namespace

TEST(AdmDeck, FunctionExpressionsAreConvertedFromTheDeckUnits)
{
  // kN, mm, ms: a spring of 2 kN/mm with a damper of 0.5 kN per (mm/ms), a motion of 3 mm per ms.
  auto r = importAdmFromString(R"(units
UNITS/FORCE = KNEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = MILLISECOND
PART/1, GROUND
MARKER/3, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1
MARKER/4, PART = 2
SFORCE/1, I = 4, J = 3, FUNCTION = -2*DM(4, 3) - 0.5*VR(4, 3)
MOTION/1, I = 4, J = 3, X, FUNCTION = 3*TIME
MOTION/2, I = 4, J = 3, B3, VELOCITY, FUNCTION = 0.002
VARIABLE/1, FUNCTION = DM(4, 3)
SFORCE/2, ROTATIONAL, I = 4, J = 3, FUNCTION = VARVAL(1)
END
)",
                               "units.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  auto c = compile(*r.model);
  ASSERT_TRUE(c.ok);
  const auto& forces = c.model.forces;
  ASSERT_EQ(forces.size(), 2u);
  TwoMarkers s;
  s.d = Vec3(0.01, 0, 0);  // 10 mm
  s.v = Vec3(2.0, 0, 0);   // 2 m/s = 2 mm/ms
  s.moving = c.map.marker(r.model->findMarker("MARKER_4"));
  // (-2*10 - 0.5*2) kN = -21 kN.
  EXPECT_NEAR(forces[0].functions[0]->evaluate(s), -21000.0, 1e-9);
  // VARVAL stays in the deck's units (10 mm) and the torque is read in kN*mm: 10 kN*mm = 10 N*m.
  EXPECT_NEAR(forces[1].functions[0]->evaluate(s), 10.0, 1e-12);
  // 3 mm/ms * 2 ms = 6 mm at t = 0.002 s; rotation at 0.002 rad/ms = 2 rad/s: 0.004 rad at 2 ms.
  ASSERT_EQ(c.model.motions.size(), 2u);
  EXPECT_NEAR(c.model.motions[0].displacement->value(0.002), 0.006, 1e-15);
  EXPECT_NEAR(c.model.motions[1].displacement->value(0.002), 0.004, 1e-12);
}

TEST(AdmDeck, IntegratorStatementSetsTheDynamicAnalysis)
{
  const char* head = R"(integrator
UNITS/LENGTH = MILLIMETER, TIME = MILLISECOND
PART/1, GROUND
PART/2, MASS = 1, IP = 1, 1, 1
)";
  {
    auto r = importAdmFromString(
        std::string(head) + "INTEGRATOR/WSTIFF, I3, ERROR = 2E-3, HMAX = 0.5, HINIT = 0.01, MAXIT = 8\nEND\n",
        "integrator.adm");
    ASSERT_TRUE(r.ok());
    const AnalysisSettings& a = r.model->analysis;
    EXPECT_EQ(a.integrator, Integrator::Wstiff);
    EXPECT_EQ(a.formulation, Formulation::I3);
    EXPECT_DOUBLE_EQ(a.errorTolerance, 2e-6);  // 2e-3 mm
    EXPECT_DOUBLE_EQ(a.maxStepSize, 5e-4);     // 0.5 ms
    EXPECT_DOUBLE_EQ(a.initialStepSize, 1e-5);
    EXPECT_EQ(a.maxIterations, 8);
    EXPECT_EQ(a.maxOrder, 0);  // no KMAX: the integrator's own
    EXPECT_TRUE(r.warnings.empty()) << r.warnings.front().toString();
    // They reach the solver (the GUI's Run panel and mbsolve both go through toSolverSettings).
    const mbs::solver::AnalysisSettings s = toSolverSettings(a);
    EXPECT_DOUBLE_EQ(s.initialStep, 1e-5);
    EXPECT_EQ(s.maxIterations, 8);
  }
  {
    // KMAX, written as Adams/View writes a continued statement: the BDFs' highest order, 1 to 6;
    // ABAM's 1 to 12; out of range an error on the line; HHT has no variable order (a warning).
    auto r = importAdmFromString(std::string(head) + "INTEGRATOR/\n, GSTIFF\n, SI2\n, KMAX = 3\nEND\n",
                                 "kmax.adm");
    ASSERT_TRUE(r.ok()) << r.errors.front().toString();
    EXPECT_EQ(r.model->analysis.maxOrder, 3);
    EXPECT_EQ(toSolverSettings(r.model->analysis).maxOrder, 3);
    EXPECT_TRUE(r.warnings.empty());
    auto abam = importAdmFromString(std::string(head) + "INTEGRATOR/ABAM, KMAX = 9\nEND\n", "kmax_abam.adm");
    ASSERT_TRUE(abam.ok());
    EXPECT_EQ(abam.model->analysis.maxOrder, 9);
    auto high =
        importAdmFromString(std::string(head) + "INTEGRATOR/WSTIFF\n, KMAX = 9\nEND\n", "kmax_high.adm");
    EXPECT_FALSE(high.ok());
    ASSERT_FALSE(high.errors.empty());
    EXPECT_NE(high.errors.front().toString().find("KMAX must be 1 to 6 for WSTIFF"), std::string::npos)
        << high.errors.front().toString();
    EXPECT_EQ(high.errors.front().line, 6);
    auto hht = importAdmFromString(std::string(head) + "INTEGRATOR/HHT, KMAX = 4\nEND\n", "kmax_hht.adm");
    ASSERT_TRUE(hht.ok());
    EXPECT_EQ(hht.model->analysis.maxOrder, 0);
    ASSERT_EQ(hht.warnings.size(), 1u);
    EXPECT_NE(hht.warnings.front().toString().find("HHT has no variable order"), std::string::npos);
    auto maxit = importAdmFromString(std::string(head) + "INTEGRATOR/GSTIFF, MAXIT = 0\nEND\n", "maxit.adm");
    EXPECT_FALSE(maxit.ok());
  }
  {
    // ABAM is its own integrator; the SI1 formulation runs as SI2, and says so.
    auto r = importAdmFromString(std::string(head) + "INTEGRATOR/ABAM, FORMULATION = SI1\nEND\n", "abam.adm");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.model->analysis.integrator, Integrator::Abam);
    EXPECT_EQ(r.model->analysis.formulation, Formulation::SI2);
    ASSERT_EQ(r.warnings.size(), 1u);
    EXPECT_NE(r.warnings.front().toString().find("SI1"), std::string::npos);
  }
  {
    // Adams integrators the solver lacks map to the nearest one, and say so.
    auto r = importAdmFromString(std::string(head) + "INTEGRATOR/HASTIFF\nEND\n", "hastiff.adm");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.model->analysis.integrator, Integrator::Gstiff);
    EXPECT_EQ(r.warnings.size(), 1u);
  }
  {
    auto r = importAdmFromString(std::string(head) + "INTEGRATOR/GSTIFF, FORMULATION = I4\nEND\n", "bad.adm");
    EXPECT_FALSE(r.ok());
    ASSERT_FALSE(r.errors.empty());
    EXPECT_NE(r.errors.front().toString().find("FORMULATION must be I3, SI2 or SI1"), std::string::npos);
  }
  {
    // Without an INTEGRATOR statement: GSTIFF, the formulation chosen per model when the run starts.
    auto r = importAdmFromString(std::string(head) + "END\n", "default.adm");
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r.model->analysis.integrator, Integrator::Gstiff);
    EXPECT_EQ(r.model->analysis.formulation, Formulation::Auto);
  }
}

TEST(AdmDeck, MalformedDecksGiveLineAndReason)
{
  struct Case {
    const char* deck;
    int line;
    const char* reason;
  };
  const Case cases[] = {
      {"t\nPART/1, GROUND\nMARKER/2, PART = 7\nEND\n", 3, "PART/7 does not exist"},
      {"t\nPART/1, GROUND\nMARKER/2, PART = 1\nMARKER/2, PART = 1\n", 4, "duplicate MARKER/2"},
      {"t\nUNITS/LENGTH = FURLONG\nPART/1, GROUND\n", 2, "unknown LENGTH unit"},
      {"t\nPART/1, GROUND\nPART/2, MASS = 0, IP = 1, 1, 1\n", 3, "a part without MASS cannot have inertia"},
      {"t\nPART/1, GROUND\nPART/2, MASS = -1, IP = 1, 1, 1\n", 3, "MASS must not be negative"},
      {"t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, -1\n", 3, "not positive definite"},
      {"t\nPART/1, GROUND\nMARKER/3, PART = 1, QP = 1, x, 3\n", 3, "QP: expected"},
      {"t\nPART/1, GROUND\nJOINT/1, REVOLUTE, I = 5, J = 6\n", 3, "MARKER/5 does not exist"},
      {"t\nPART/1, GROUND\nthis is not a statement\n", 3, "syntax error"},
      {"t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nMARKER/3, PART = 1\nMARKER/4, PART = 2\n"
       "SFORCE/1, I = 3, J = 4, FUNCTION = DX(3, 99)\n",
       6, "MARKER/99"},
      {"t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nMARKER/3, PART = 1\nMARKER/4, PART = 2\n"
       "SFORCE/1, I = 3, J = 4, FUNCTION = 2*(TIME\n",
       6, "expression error"},
      {"t\nMARKER/3, PART = 1\n", 0, ""},
  };
  for (const auto& c : cases) {
    auto r = importAdmFromString(std::string(c.deck) + "END\n", "bad.adm");  // a complete dataset
    EXPECT_FALSE(r.ok()) << c.deck;
    ASSERT_FALSE(r.errors.empty()) << c.deck;
    bool found = false;
    for (const auto& e : r.errors) {
      EXPECT_EQ(e.file, "bad.adm");
      found |= (c.line == 0 || e.line == c.line) && e.toString().find(c.reason) != std::string::npos;
    }
    EXPECT_TRUE(found) << c.deck << "\n got: " << r.errors[0].toString();
  }
}

// Faithful or refused: a force whose function cannot be evaluated (a user subroutine) fails the
// import naming it, unless dropping it is allowed.
TEST(AdmDeck, ElementsWithUnsupportedFunctionsAreRefusedUnlessDroppingIsAllowed)
{
  const std::string deck =
      "t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nMARKER/3, PART = 1\nMARKER/4, PART = 2\n"
      "SFORCE/1, I = 3, J = 4, FUNCTION = USER(5, 4, 3)\n"
      "SFORCE/2, I = 3, J = 4, FUNCTION = DX(3, 4)\n"
      "SFORCE/3, I = 3, J = 4, FUNCTION = USER(1, 2)\nEND\n";
  const auto refused = importAdmFromString(deck, "impact.adm");
  EXPECT_FALSE(refused.ok());
  ASSERT_EQ(refused.errors.size(), 2u);
  EXPECT_EQ(refused.errors[0].toString().rfind("impact.adm:6: SFORCE/1: SFORCE/1 cannot be imported", 0), 0u)
      << refused.errors[0].toString();
  EXPECT_NE(refused.errors[0].reason.find("USER"), std::string::npos);
  EXPECT_NE(refused.errors[1].reason.find("USER"), std::string::npos);
  EXPECT_EQ(refused.dropped.size(), 2u);

  const auto allowed = importAdmFromString(deck, "impact.adm", {.allowUnsupported = true});
  ASSERT_TRUE(allowed.ok());
  ASSERT_EQ(allowed.model->forces().size(), 1u);
  EXPECT_EQ(allowed.model->forces()[0].name, "SFORCE_2");
  ASSERT_EQ(allowed.dropped.size(), 2u);
  EXPECT_EQ(allowed.dropped[0].line, 6);
  EXPECT_EQ(allowed.dropped[1].line, 8);
  ASSERT_EQ(allowed.warnings.size(), 2u);
  EXPECT_NE(allowed.warnings[0].reason.find("dropped"), std::string::npos);
}

// A VARIABLE whose function cannot be evaluated (a USER subroutine) is left out with a warning; a
// force that uses it is refused, not imported with a broken function.
TEST(AdmDeck, ElementsUsingADroppedVariableAreRefused)
{
  const std::string deck =
      "t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nMARKER/3, PART = 1\nMARKER/4, PART = 2\n"
      "VARIABLE/1, FUNCTION = USER(1, 0.01)\nSFORCE/1, I = 3, J = 4, FUNCTION = "
      "2*VARVAL(1)\nEND\n";
  const auto refused = importAdmFromString(deck, "v.adm");
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.errors[0].toString(),
            "v.adm:7: SFORCE/1: SFORCE/1 cannot be imported: it uses VARIABLE/1, whose function cannot be "
            "evaluated (use --allow-unsupported to drop it)");
  const auto allowed = importAdmFromString(deck, "v.adm", {.allowUnsupported = true});
  ASSERT_TRUE(allowed.ok());
  EXPECT_TRUE(allowed.model->forces().empty());
  EXPECT_TRUE(allowed.model->variables().empty());
}

// GRAPHICS become part geometry: a frustum as a cylinder of its larger radius starting at its CM
// marker, an outline as links through its markers.
TEST(AdmDeck, GraphicsBecomePartGeometry)
{
  const auto r = importAdmFromString(
      "t\nPART/1, GROUND\nPART/2, MASS = 1, IP = 1, 1, 1\nMARKER/3, PART = 2, QP = 1, 0, 0, REULER = 0, 90D, "
      "0\n"
      "MARKER/4, PART = 2, QP = 0, 2, 0\nMARKER/5, PART = 2\n"
      "GRAPHICS/1, FRUSTUM, CM = 3, LENGTH = 2, TOP = 0.1, BOTTOM = 0.3\nGRAPHICS/2, OUTLINE = 5, 3, "
      "4\nEND\n",
      "g.adm");
  ASSERT_TRUE(r.ok()) << r.errors[0].toString();
  const auto& g = r.model->parts()[1].geometry;
  ASSERT_EQ(g.size(), 3u);
  EXPECT_EQ(g[0].kind, GeometryKind::Cylinder);
  EXPECT_DOUBLE_EQ(g[0].radius, 0.3);
  // Marker 3's z axis is -y (REULER 0, 90D, 0 turns z about x): the centre is 1 below it.
  EXPECT_TRUE(g[0].position.isApprox(Vec3(1, -1, 0), 1e-12)) << g[0].position.transpose();
  EXPECT_EQ(g[1].kind, GeometryKind::Link);
  EXPECT_TRUE(g[1].point1.isApprox(Vec3(0, 0, 0)) && g[1].point2.isApprox(Vec3(1, 0, 0)));
  EXPECT_TRUE(g[2].point1.isApprox(Vec3(1, 0, 0)) && g[2].point2.isApprox(Vec3(0, 2, 0)));
  bool warned = false;
  for (const auto& w : r.warnings)
    warned |=
        w.line == 7 && w.reason.starts_with("FRUSTUM graphics are drawn as a cylinder of the larger radius");
  EXPECT_TRUE(warned);
}

// Adams: a MARKER without PART= belongs to the PART statement before it.
TEST(AdmDeck, MarkersWithoutPartBelongToThePrecedingPart)
{
  const auto r = importAdmFromString(
      "t\nPART/1, GROUND\nMARKER/10\nPART/2, MASS = 1, IP = 1, 1, 1, CM = 20\n"
      "MARKER/20, QP = 1, 0, 0\nMARKER/21, PART = 1\nEND\n",
      "p.adm");
  ASSERT_TRUE(r.ok()) << r.errors[0].toString();
  const Model& m = *r.model;
  EXPECT_EQ(m.marker(m.findMarker("MARKER_10"))->part, kGroundId);
  EXPECT_EQ(m.marker(m.findMarker("MARKER_20"))->part, m.findPart("PART_2"));
  EXPECT_EQ(m.marker(m.findMarker("MARKER_21"))->part, kGroundId);
  const auto orphan = importAdmFromString("t\nMARKER/10\nPART/1, GROUND\nEND\n", "o.adm");
  ASSERT_FALSE(orphan.ok());
  EXPECT_EQ(orphan.errors[0].toString(),
            "o.adm:2: MARKER/10: MARKER/10 is on no part (no PART= and no PART statement before it)");
}

TEST(AdmDeck, RandomMutationsNeverCrash)
{
  std::mt19937 rng(7);
  const std::string base = kDeck;
  const std::string alphabet = "=,/!\\()0123456789.-DEX \n";
  int loaded = 0;
  for (int iter = 0; iter < 600; ++iter) {
    std::string s = base;
    const int edits = 1 + int(rng() % 4);
    for (int e = 0; e < edits; ++e) {
      const std::size_t at = rng() % s.size();
      switch (rng() % 3) {
        case 0:
          s[at] = alphabet[rng() % alphabet.size()];
          break;
        case 1:
          s.erase(at, 1 + rng() % 8);
          break;
        default:
          s.insert(at, 1, alphabet[rng() % alphabet.size()]);
          break;
      }
    }
    auto r = importAdmFromString(s);
    EXPECT_NE(r.ok(), !r.errors.empty());
    loaded += r.ok();
    if (r.ok()) {
      (void)compile(*r.model);
    }
  }
  EXPECT_GT(loaded, 0);
}
