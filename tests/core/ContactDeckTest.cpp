// The Adams CONTACT statement for a sphere on a plane and a pin in a hole (issue 14,
// core/src/adm/AdmContact.cpp):
// decks imported, compiled and run through the solver's entry point, checked against closed forms:
//   rest:     the ball settles at the penetration δ = (m g / k)^(1/e);
//   drop:     without damping, it rebounds to its release height;
//   friction: a solid ball (I = 2/5 m R²) thrown along the plane without spin slides, decelerated
//             by μ g, until it rolls: after t* = 2 v₀/(7 μ g) it rolls at 5/7 v₀ with ω = v/R;
//   a ball rolling off the plane's rectangle falls;
//   a plane on a hinged board: the hinge's motion holds the ball's moment m g a;
//   a pin in a flipped cylinder: a revolute clearance joint whose pin rests at (m g / K)^(1/n);
// and what is not read is refused naming the statement and the reason.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kG = 9.80665, kMass = 1.0, kRadius = 0.05, kStiffness = 1e6, kExponent = 1.5;

std::string literal(double value)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", value);
  return text;
}

// A 1 kg ball of radius 0.05 m (PART/2, centre marker 201) and a ground PLANE (marker 101, z up,
// 20 m × 20 m unless `bounds` says otherwise); `contact` is the CONTACT statement's arguments.
std::string deck(double z0, double vx0, const std::string& contact,
                 const std::string& bounds = "-10, 10, -10, 10")
{
  const auto b = [&](int k) {
    std::string s = bounds;
    for (int i = 0; i < k; ++i)
      s = s.substr(s.find(',') + 1);
    return s.substr(0, s.find(','));
  };
  return "ball on a plane\n"
         "PART/1, GROUND\n"
         "MARKER/101, PART = 1\n"
         "GRAPHICS/1, PLANE, RM = 101, XMIN = " +
         b(0) + ", XMAX = " + b(1) + ", YMIN = " + b(2) + ", YMAX = " + b(3) +
         "\n"
         "PART/2, MASS = 1, CM = 201, IP = 1E-3, 1E-3, 1E-3, VX = " +
         std::to_string(vx0) +
         "\n"
         "MARKER/201, PART = 2, QP = 0, 0, " +
         literal(z0) +
         "\n"
         "GRAPHICS/2, ELLIPSOID, CM = 201, XSCALE = 0.1, YSCALE = 0.1, ZSCALE = 0.1\n"
         "CONTACT/1, IGEOM = 2, JGEOM = 1, IMPACT, STIFFNESS = 1E6, EXPONENT = 1.5\n" +
         contact +
         "\n"
         "ACCGRAV/KGRAVITY = -9.80665\n"
         "END\n";
}

struct ContactRun {
  solver::ResultStore results;
  bool ok = false;
};

void run(const std::string& text, double endTime, double outputStep, ContactRun& out)
{
  const auto imported = importAdmFromString(text, "contact.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const CompileResult compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  solver::AnalysisSettings settings;
  settings.endTime = endTime;
  settings.outputStep = outputStep;
  settings.tolerance = 1e-6;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, out.results);
  ASSERT_TRUE(outcome.status.ok()) << outcome.status.message;
  out.ok = true;
}

double restingPenetration()
{
  return std::pow(kMass * kG / kStiffness, 1.0 / kExponent);
}

TEST(ContactDeck, SphereOnPlaneImportsAsAForceWithItsVariables)
{
  const auto imported = importAdmFromString(
      deck(0.3, 0.0,
           ", DAMPING = 50, DMAX = 1E-4, COULOMB_FRICTION = ON, MU_STATIC = 0.3, MU_DYNAMIC = 0.2\n"
           ", STICTION_TRANSITION_VELOCITY = 1E-3, FRICTION_TRANSITION_VELOCITY = 2E-3"),
      "contact.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  ASSERT_EQ(imported.model->forces().size(), 1u);
  const Force& f = imported.model->forces().front();
  EXPECT_EQ(f.name, "CONTACT_1");
  EXPECT_EQ(f.kind, ForceKind::General);
  EXPECT_FALSE(f.jMarker);  // action only: the plane is ground
  std::vector<std::string> names;
  for (const Variable& v : imported.model->variables())
    names.push_back(v.name);
  for (const char* expected :
       {"CONTACT_1_normal_force", "CONTACT_1_slip_x", "CONTACT_1_slip_y", "CONTACT_1_slip_speed",
        "CONTACT_1_friction_coefficient", "CONTACT_1_friction_x", "CONTACT_1_friction_y"})
    EXPECT_NE(std::find(names.begin(), names.end(), expected), names.end()) << expected;
  // The plane is drawn: a thin plate on ground.
  EXPECT_EQ(imported.model->part(kGroundId)->geometry.size(), 1u);
}

TEST(ContactDeck, BallRestsAtTheStaticPenetration)
{
  ContactRun r;
  run(deck(kRadius + 0.01, 0.0, ", DAMPING = 100, DMAX = 1E-4"), 1.0, 0.01, r);
  ASSERT_TRUE(r.ok);
  const double z = r.results.frame(r.results.size() - 1).bodies[0].position.z();
  std::printf("[contact] rest: penetration %.6e m, closed form %.6e m\n", kRadius - z, restingPenetration());
  EXPECT_NEAR(kRadius - z, restingPenetration(), 1e-3 * restingPenetration());
}

TEST(ContactDeck, UndampedDropReboundsToItsHeight)
{
  const double drop = 0.2;
  ContactRun r;
  run(deck(kRadius + drop, 0.0, ", DAMPING = 0, DMAX = 1E-4"), 0.6, 0.001, r);
  ASSERT_TRUE(r.ok);
  bool touched = false;
  double apex = 0.0;
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    const double z = r.results.frame(i).bodies[0].position.z();
    touched = touched || z < kRadius;
    if (touched)
      apex = std::max(apex, z);
  }
  std::printf("[contact] drop from %.3f m: apex after the bounce %.6f m\n", kRadius + drop, apex);
  ASSERT_TRUE(touched);
  EXPECT_NEAR(apex, kRadius + drop, 2e-3 * drop);  // the output grid (1 ms) samples the apex
}

TEST(ContactDeck, SlidingBallStartsRollingAtFiveSeventhsOfItsSpeed)
{
  const double v0 = 2.0, mu = 0.2, tStar = 2.0 * v0 / (7.0 * mu * kG);
  ContactRun r;
  run(deck(kRadius - restingPenetration(), v0,
           ", DAMPING = 100, DMAX = 1E-4, COULOMB_FRICTION = ON, MU_STATIC = 0.2, MU_DYNAMIC = 0.2\n"
           ", STICTION_TRANSITION_VELOCITY = 1E-3, FRICTION_TRANSITION_VELOCITY = 2E-3"),
      2.0 * tStar, 0.005, r);
  ASSERT_TRUE(r.ok);
  for (std::size_t i = 0; i < r.results.size(); ++i) {
    const auto frame = r.results.frame(i);  // frame() returns a copy: keep it while b is used
    const auto& b = frame.bodies[0];
    const double t = frame.state.t;
    if (t < 0.9 * tStar) {  // sliding: v = v₀ − μ g t, ω = 5 μ g t/(2 R)
      EXPECT_NEAR(b.velocity.x(), v0 - mu * kG * t, 2e-3 * v0) << "t = " << t;
      EXPECT_NEAR(b.angularVelocity.y(), 2.5 * mu * kG * t / kRadius, 2e-3 * v0 / kRadius) << "t = " << t;
    } else if (t > 1.1 * tStar) {  // rolling
      EXPECT_NEAR(b.velocity.x(), 5.0 / 7.0 * v0, 2e-3 * v0) << "t = " << t;
      EXPECT_NEAR(b.angularVelocity.y() * kRadius, b.velocity.x(), 2e-3 * v0) << "t = " << t;
    }
  }
  const auto last = r.results.frame(r.results.size() - 1).bodies[0];
  std::printf("[contact] sliding ball: t* = %.4f s; at %.4f s v = %.6f m/s (5/7 v0 = %.6f), R w = %.6f m/s\n",
              tStar, 2.0 * tStar, last.velocity.x(), 5.0 / 7.0 * v0, last.angularVelocity.y() * kRadius);
}

TEST(ContactDeck, BallRollingOffThePlaneFalls)
{
  ContactRun r;
  // Rolling at 1 m/s without friction on a plane that ends at x = 0.1 m.
  run(deck(kRadius - restingPenetration(), 1.0, ", DAMPING = 100, DMAX = 1E-4", "-1, 0.1, -1, 1"), 0.3, 0.01,
      r);
  ASSERT_TRUE(r.ok);
  const auto last = r.results.frame(r.results.size() - 1).bodies[0];
  // Off the edge at t = 0.1 s, then a free fall for 0.2 s.
  EXPECT_NEAR(last.position.z(), kRadius - restingPenetration() - 0.5 * kG * 0.2 * 0.2, 5e-3);
}

// A plane on a board hinged to ground about y at the origin and held level by a motion; the ball
// rests on it at x = a. The motion's reaction torque is the ball's moment m g a about the hinge
// (the board's centre of mass is on the hinge): the board takes the contact force at the contact.
TEST(ContactDeck, PlaneOnAMovingPartTakesTheReactionAtTheContact)
{
  const double a = 0.3, z0 = kRadius - restingPenetration();
  const std::string text =
      "ball on a hinged board\n"
      "PART/1, GROUND\n"
      "MARKER/102, PART = 1, REULER = 0, 90D, 0\n"
      "PART/3, MASS = 2, CM = 301, IP = 1, 1, 1\n"
      "MARKER/301, PART = 3\n"
      "MARKER/302, PART = 3\n"
      "MARKER/303, PART = 3, REULER = 0, 90D, 0\n"
      "GRAPHICS/1, PLANE, RM = 302, XMIN = -1, XMAX = 1, YMIN = -1, YMAX = 1\n"
      "JOINT/1, REVOLUTE, I = 303, J = 102\n"
      "MOTION/1, JOINT = 1, FUNCTION = 0\n"
      "PART/2, MASS = 1, CM = 201, IP = 1E-3, 1E-3, 1E-3\n"
      "MARKER/201, PART = 2, QP = " +
      literal(a) + ", 0, " + literal(z0) +
      "\n"
      "GRAPHICS/2, ELLIPSOID, CM = 201, XSCALE = 0.1, YSCALE = 0.1, ZSCALE = 0.1\n"
      "CONTACT/1, IGEOM = 2, JGEOM = 1, IMPACT, STIFFNESS = 1E6, EXPONENT = 1.5, DAMPING = 100, DMAX = 1E-4\n"
      "ACCGRAV/KGRAVITY = -9.80665\n"
      "END\n";
  ContactRun r;
  run(text, 0.5, 0.01, r);
  ASSERT_TRUE(r.ok);
  const auto& last = r.results.frame(r.results.size() - 1);
  ASSERT_EQ(last.motions.size(), 1u);
  std::printf("[contact] hinged board: motion torque %.6f N m, m g a = %.6f N m\n",
              last.motions[0].torque.norm(), kMass * kG * a);
  EXPECT_NEAR(last.motions[0].torque.norm(), kMass * kG * a, 1e-4 * kMass * kG * a);
  EXPECT_NEAR(last.bodies[1].position.x(), a, 1e-6);  // the ball stays where it was put
}

// A pin (radius 10 mm) in a flipped cylinder (radius 10.5 mm) on ground, axes along z, gravity
// along −y: imported as a revolute joint with a 0.5 mm radial clearance and the IMPACT law; the pin
// settles at the penetration (m g / K)^(1/n) below the hole's centre. Lengths in mm in the deck.
TEST(ContactDeck, PinInAFlippedCylinderIsARevoluteJointWithClearance)
{
  const std::string text =
      "pin in a hole\n"
      "UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND\n"
      "PART/1, GROUND\n"
      "MARKER/101, PART = 1, QP = 0, 0, -10\n"
      "GRAPHICS/1, CYLINDER, CM = 101, RADIUS = 10.5, LENGTH = 20\n"
      "PART/2, MASS = 2, CM = 201, IP = 100, 100, 100\n"
      "MARKER/201, PART = 2\n"
      "MARKER/202, PART = 2, QP = 0, 0, -5\n"
      "GRAPHICS/2, CYLINDER, CM = 202, RADIUS = 10, LENGTH = 10\n"
      "CONTACT/3, IGEOM = 2, JGEOM = 1, JFLIP_GEOMETRY = 1, IMPACT, STIFFNESS = 31622.7766016838\n"
      ", EXPONENT = 1.5, DAMPING = 0.2, DMAX = 0.001\n"
      "ACCGRAV/JGRAVITY = -9810\n"
      "END\n";
  const auto imported = importAdmFromString(text, "contact.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  ASSERT_EQ(imported.model->joints().size(), 1u);
  const Joint& j = imported.model->joints().front();
  EXPECT_EQ(j.name, "CONTACT_3");
  EXPECT_EQ(j.kind, JointKind::Revolute);
  ASSERT_TRUE(j.clearance);
  EXPECT_EQ(j.clearance->law, ClearanceLaw::Impact);
  EXPECT_NEAR(j.clearance->clearance, 5e-4, 1e-12);
  EXPECT_NEAR(j.clearance->journalRadius, 0.01, 1e-12);
  EXPECT_NEAR(j.clearance->stiffness, 1e9, 1e-3);
  EXPECT_NEAR(j.clearance->maxDamping, 200.0, 1e-9);
  EXPECT_NEAR(j.clearance->penetrationDepth, 1e-6, 1e-15);
  // The pin's joint marker sits at the hole's centre (z = -10 mm), on the pin's part.
  EXPECT_EQ(imported.model->partOf(j.iMarker),
            imported.model->partOf(imported.model->findMarker("MARKER_201")));
  EXPECT_NEAR(imported.model->markerGlobalPosition(j.iMarker).z(), -0.01, 1e-12);

  const CompileResult compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  solver::AnalysisSettings settings;
  settings.endTime = 0.5;
  settings.outputStep = 0.01;
  solver::ResultStore results;
  const auto run = solver::runAnalysis(compiled.model, settings, nullptr, results);
  ASSERT_TRUE(run.status.ok()) << run.status.message;
  const auto& last = results.frame(results.size() - 1);
  ASSERT_EQ(last.clearance.size(), 1u);
  const double closedForm = std::pow(2.0 * 9.81 / 1e9, 1.0 / 1.5);
  std::printf("[contact] pin in a hole: penetration %.6e m, closed form %.6e m\n",
              last.clearance[0].penetration, closedForm);
  EXPECT_NEAR(last.clearance[0].penetration, closedForm, 1e-3 * closedForm);
  EXPECT_NEAR(last.clearance[0].eccentricityY, -(5e-4 + closedForm), 1e-3 * closedForm);
}

std::string refusal(const std::string& text)
{
  const auto imported = importAdmFromString(text, "contact.adm");
  EXPECT_FALSE(imported.ok());
  return imported.errors.empty() ? "" : imported.errors[0].toString();
}

TEST(ContactDeck, WhatIsNotReadIsRefusedNamingTheReason)
{
  std::string m = refusal(deck(0.3, 0.0, ", DAMPING = 100, DMAX = 1E-4\n, JFLIP_GEOMETRY = 1"));
  EXPECT_NE(m.find("CONTACT/1"), std::string::npos) << m;
  EXPECT_NE(m.find("flipped geometry"), std::string::npos) << m;

  // POISSON and the augmented Lagrangian refinement it may ask for: the first is a contact between
  // solids (ContactSolidDeckTest.cpp), the second is refused by name.
  std::string poisson = deck(0.3, 0.0, "");
  poisson.replace(poisson.find("IMPACT, STIFFNESS = 1E6, EXPONENT = 1.5"), 39,
                  "POISSON, PENALTY = 1E5, RESTITUTION_COEFFICIENT = 0.5");
  const auto read = importAdmFromString(poisson, "contact.adm");
  ASSERT_TRUE(read.ok()) << read.errors[0].toString();
  ASSERT_EQ(read.model->forces().size(), 1u);
  EXPECT_EQ(read.model->forces()[0].kind, ForceKind::Contact);
  poisson.replace(poisson.find("RESTITUTION_COEFFICIENT = 0.5"), 29,
                  "RESTITUTION_COEFFICIENT = 0.5, AUGMENTED_LAGRANGIAN_FORMULATION");
  m = refusal(poisson);
  EXPECT_NE(m.find("AUGMENTED_LAGRANGIAN_FORMULATION"), std::string::npos) << m;

  m = refusal(deck(0.3, 0.0, ", DMAX = 1E-4"));
  EXPECT_NE(m.find("IMPACT needs DAMPING="), std::string::npos) << m;

  m = refusal(deck(0.3, 0.0, ", DAMPING = 100, DMAX = 1E-4, COULOMB_FRICTION = ON, MU_STATIC = 0.3"));
  EXPECT_NE(m.find("needs MU_DYNAMIC="), std::string::npos) << m;

  const std::string solidPins =
      "two solid pins\n"
      "PART/1, GROUND\n"
      "MARKER/101, PART = 1\n"
      "GRAPHICS/1, CYLINDER, CM = 101, RADIUS = 0.0105, LENGTH = 0.02\n"
      "PART/2, MASS = 1, CM = 201, IP = 1E-3, 1E-3, 1E-3\n"
      "MARKER/201, PART = 2\n"
      "GRAPHICS/2, CYLINDER, CM = 201, RADIUS = 0.01, LENGTH = 0.02\n"
      "CONTACT/7, IGEOM = 2, JGEOM = 1, IMPACT, STIFFNESS = 1E10, EXPONENT = 1.5, DAMPING = 1E3, DMAX = "
      "1E-5\n"
      "END\n";
  // Two solid cylinders touch as solids (a contact between solids, not a clearance joint).
  const auto solids = importAdmFromString(solidPins, "contact.adm");
  ASSERT_TRUE(solids.ok()) << solids.errors[0].toString();
  EXPECT_TRUE(solids.model->joints().empty());
  ASSERT_EQ(solids.model->forces().size(), 1u);
  EXPECT_EQ(solids.model->forces()[0].kind, ForceKind::Contact);
  // A GRAPHICS form that is not read as contact geometry is named.
  std::string circle = solidPins;
  circle.replace(circle.find("GRAPHICS/2, CYLINDER, CM = 201, RADIUS = 0.01, LENGTH = 0.02"), 60,
                 "GRAPHICS/2, CIRCLE, CM = 201, RADIUS = 0.01");
  m = refusal(circle);
  EXPECT_EQ(m.rfind("contact.adm:8: CONTACT/7", 0), 0u) << m;
  EXPECT_NE(m.find("GRAPHICS/2 is not a solid mbstudio reads as contact geometry"), std::string::npos) << m;

  std::string tilted = solidPins + "";
  tilted.replace(tilted.find("MARKER/201, PART = 2"), 20, "MARKER/201, PART = 2, REULER = 0, 10D, 0");
  tilted.replace(tilted.find("DMAX = 1E-5"), 11, "DMAX = 1E-5, JFLIP_GEOMETRY = 1");
  m = refusal(tilted);
  EXPECT_NE(m.find("axes are not parallel"), std::string::npos) << m;
}

}  // namespace
