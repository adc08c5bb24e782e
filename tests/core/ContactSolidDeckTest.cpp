// Adams CONTACT between solids other than a sphere on a plane (issue 30, core/src/adm/AdmContact.cpp
// "solidContact"): Adams/View-style MMKS decks imported, compiled and run through the solver's entry
// point against closed forms — a block sliding to rest on a BOX floor (v²/(2 μ_d g)), a ball
// dropped on a BOX with POISSON (rebound e² h) —, the native file and the .adm export round trips,
// DEACTIVATE/CONTACT from a command file, a Newton's cradle of four balls; the Adams/View-style deck and
// command file tests/data/adams_view/acf_box_incline_contact_mmks.adm/.acf ('&' continuations, D angles): a
// block held on a 30° ramp by stiction (tan 30° < μ_s) and one sliding down it at g (sin − μ_d cos).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/RequestOutputs.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kG = 9.80665;

// A 1 kg block 200 mm cube resting on a ground BOX floor (top face z = 0), pushed at `vx` mm/s.
std::string blockDeck(double vx, const std::string& law)
{
  return "Adams View model name: block_on_floor\n"
         "!\n"
         "UNITS/\n"
         ", FORCE = NEWTON\n"
         ", MASS = KILOGRAM\n"
         ", LENGTH = MILLIMETER\n"
         ", TIME = SECOND\n"
         "!\n"
         "!                            adams_view_name='ground'\n"
         "PART/1\n"
         ", GROUND\n"
         "!\n"
         "MARKER/101\n"
         ", PART = 1\n"
         ", QP = -2000, -2000, -500\n"
         "!                                adams_view_name='floor'\n"
         "GRAPHICS/1\n"
         ", BOX\n"
         ", CORNER = 101\n"
         ", X = 4000\n"
         ", Y = 4000\n"
         ", Z = 500\n"
         "!\n"
         "!                            adams_view_name='block'\n"
         "PART/2\n"
         ", MASS = 1\n"
         ", CM = 201\n"
         ", IP = 6666.67, 6666.67, 6666.67\n"
         ", VX = " +
         std::to_string(vx) +
         "\n"
         "!\n"
         "MARKER/201\n"
         ", PART = 2\n"
         ", QP = 0, 0, 100\n"
         ", REULER = 0D, 0D, 0D\n"
         "!\n"
         "MARKER/202\n"
         ", PART = 2\n"
         ", QP = -100, -100, 0\n"
         "!                                adams_view_name='block_shape'\n"
         "GRAPHICS/2\n"
         ", BOX\n"
         ", CORNER = 202\n"
         ", X = 200\n"
         ", Y = 200\n"
         ", Z = 200\n"
         "!\n"
         "!                           adams_view_name='block_on_floor'\n"
         "CONTACT/1\n"
         ", IGEOM = 2\n"
         ", JGEOM = 1\n" +
         law +
         "!\n"
         "ACCGRAV/\n"
         ", KGRAVITY = -9806.65\n"
         "!\n"
         "END\n";
}

std::vector<solver::ResultFrame> runDeck(const Model& model, double end, double step)
{
  const CompileResult compiled = compile(model);
  EXPECT_TRUE(compiled.ok) << (compiled.diagnostics.empty() ? "" : compiled.diagnostics[0].toString());
  solver::AnalysisSettings settings;
  settings.endTime = end;
  settings.outputStep = step;
  settings.tolerance = 1e-6;
  solver::ResultStore results;
  const auto outcome = solver::runAnalysis(compiled.model, settings, nullptr, results);
  EXPECT_TRUE(outcome.status.ok()) << outcome.status.message;
  std::vector<solver::ResultFrame> frames;
  for (std::size_t k = 0; k < results.size(); ++k)
    frames.push_back(results.frame(k));
  return frames;
}

const std::string kImpactFriction =
    ", IMPACT\n"
    ", STIFFNESS = 1E4\n"  // N/mm: 1e7 N/m
    ", EXPONENT = 1\n"
    ", DAMPING = 2\n"  // N s/mm: 2000 N s/m
    ", DMAX = 0.01\n"
    ", COULOMB_FRICTION = ON\n"
    ", MU_STATIC = 0.3\n"
    ", MU_DYNAMIC = 0.3\n"
    ", STICTION_TRANSITION_VELOCITY = 1\n"
    ", FRICTION_TRANSITION_VELOCITY = 2\n";

TEST(ContactSolidDeck, BlockSlidesToRestOnABoxFloorAfterTheCoulombDistance)
{
  const auto imported = importAdmFromString(blockDeck(1000.0, kImpactFriction), "block.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  ASSERT_EQ(imported.model->forces().size(), 1u);
  const Force& f = imported.model->forces()[0];
  ASSERT_EQ(f.kind, ForceKind::Contact);
  ASSERT_TRUE(f.contact);
  EXPECT_DOUBLE_EQ(f.contact->stiffness, 1e7);
  EXPECT_DOUBLE_EQ(f.contact->damping, 2e3);
  EXPECT_DOUBLE_EQ(f.contact->dmax, 1e-5);
  EXPECT_DOUBLE_EQ(f.contact->stictionVelocity, 1e-3);
  const auto results = runDeck(*imported.model, 0.6, 0.01);
  ASSERT_GT(results.size(), 0u);
  const auto last = results.back();
  const double distance = 1.0 / (2 * 0.3 * kG);  // 0.16995 m
  EXPECT_NEAR(last.bodies[0].position.x(), distance, 2e-3);
  ASSERT_EQ(last.contacts.size(), 1u);
  EXPECT_NEAR(last.contacts[0].normalForce, kG, 1e-3 * kG);
}

TEST(ContactSolidDeck, BallDroppedOnABoxWithPoissonReboundsToESquaredH)
{
  // The block made a 100 mm ball (ELLIPSOID) 200 mm above the floor, POISSON e = 0.5.
  std::string text = blockDeck(0.0, ", POISSON\n, PENALTY = 1E5\n, RESTITUTION_COEFFICIENT = 0.5\n");
  text.replace(text.find(", QP = 0, 0, 100\n"), 17, ", QP = 0, 0, 250\n");
  const std::string boxShape = ", BOX\n, CORNER = 202\n, X = 200\n, Y = 200\n, Z = 200\n";
  text.replace(text.find(boxShape), boxShape.size(),
               ", ELLIPSOID\n, CM = 201\n, XSCALE = 100\n, YSCALE = 100\n, ZSCALE = 100\n");
  const auto imported = importAdmFromString(text, "ball.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const auto results = runDeck(*imported.model, 0.45, 1e-3);
  double apex = 0.0;
  for (std::size_t k = 0; k < results.size(); ++k) {
    const auto& f = results[k];
    if (f.state.t > 0.25)
      apex = std::max(apex, f.bodies[0].position.z() - 0.05);
  }
  EXPECT_NEAR(apex, 0.25 * 0.2, 0.01 * 0.05);  // e² h = 0.25 · 0.2 m
}

TEST(ContactSolidDeck, NativeFileAndAdmExportKeepTheContact)
{
  const auto imported =
      importAdmFromString(blockDeck(1000.0, kImpactFriction + ", INACTIVE_DURING = STATIC\n"), "block.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const Force& f = imported.model->forces()[0];
  EXPECT_TRUE(f.contact->inactiveInStatics);
  // Native file.
  const auto reloaded = modelFromString(modelToString(*imported.model), "block.mbs.json");
  ASSERT_TRUE(reloaded.model) << (reloaded.errors.empty() ? "" : reloaded.errors[0].toString());
  const Force& g = *reloaded.model->force(reloaded.model->findForce(f.name));
  ASSERT_TRUE(g.contact);
  EXPECT_EQ(*g.contact, *f.contact);
  // .adm export and back.
  const auto exported = exportAdm(*imported.model);
  ASSERT_TRUE(exported.ok()) << exported.errors[0].toString();
  const auto again = importAdmFromString(exported.text, "exported.adm");
  ASSERT_TRUE(again.ok()) << again.errors[0].toString() << "\n" << exported.text;
  ASSERT_EQ(again.model->forces().size(), 1u);
  const ContactParameters& c = *again.model->forces()[0].contact;
  EXPECT_EQ(c.law, ContactLaw::Impact);
  EXPECT_NEAR(c.stiffness, 1e7, 1e-6);
  EXPECT_NEAR(c.frictionVelocity, 2e-3, 1e-15);
  EXPECT_TRUE(c.inactiveInStatics);
  ASSERT_EQ(c.iSolids.size(), 1u);
  EXPECT_TRUE(c.iSolids[0].size.isApprox(Vec3(0.2, 0.2, 0.2)));
  const auto a = runDeck(*imported.model, 0.3, 0.05), b = runDeck(*again.model, 0.3, 0.05);
  EXPECT_NEAR(a.back().bodies[0].position.x(), b.back().bodies[0].position.x(), 1e-9);
}

TEST(ContactSolidDeck, CommandFileDeactivatesTheContact)
{
  const auto imported = importAdmFromString(blockDeck(0.0, kImpactFriction), "block.adm");
  ASSERT_TRUE(imported.ok());
  const auto ref = EntityRef(imported.model->forces()[0].id);
  const Model without = withoutInactive(*imported.model, {ref});
  EXPECT_TRUE(without.forces().empty());
  // Without the contact the block falls freely: z = 0.1 − g t²/2.
  const auto results = runDeck(without, 0.1, 0.05);
  EXPECT_NEAR(results.back().bodies[0].position.z(), 0.1 - 0.5 * kG * 0.01, 1e-5);
}

// Two 1 kg blocks on a ground BOX ramp tilted 30° about x (the deck and command file in
// tests/data/adams_view): friction holds the one with μ_s = 0.7, μ_d = 0.6 > tan 30° (it slips
// while the contact settles), creeping below the stiction transition velocity; the one with μ_s = 0.5, μ_d =
// 0.4 slides down the slope at a = g (sin 30° − μ_d cos 30°) = 1.50620 m/s², s = a t²/2.
TEST(ContactSolidDeck, AdamsViewRampDeckHoldsOneBlockAndSlidesTheOther)
{
  const std::string dir = std::string(MBS_TEST_DATA_DIR) + "/adams_view/";
  const auto imported = importAdm(dir + "acf_box_incline_contact_mmks.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const Model& model = *imported.model;
  ASSERT_EQ(model.forces().size(), 2u);
  for (const Force& f : model.forces()) {
    ASSERT_EQ(f.kind, ForceKind::Contact) << f.name;
    EXPECT_DOUBLE_EQ(f.contact->stiffness, 1e6);  // 1E+03 N/mm, read across the '&' line
    EXPECT_DOUBLE_EQ(f.contact->damping, 1e3);
    EXPECT_DOUBLE_EQ(f.contact->dmax, 1e-6);
    EXPECT_DOUBLE_EQ(f.contact->stictionVelocity, 1e-3);
    EXPECT_DOUBLE_EQ(f.contact->frictionVelocity, 2e-3);
  }
  const double t = 0.5, theta = std::numbers::pi / 6;
  const auto results = runDeck(model, t, 0.05);
  ASSERT_FALSE(results.empty());
  const auto& last = results.back();
  ASSERT_NEAR(last.state.t, t, 1e-12);
  const CompileResult compiled = compile(model);
  const auto body = [&](const char* name) {
    return last.bodies.at(compiled.map.bodies.at(model.findPart(name)));
  };
  const Vec3 downhill(0.0, -std::cos(theta), -std::sin(theta));
  const Vec3 start(0.0, -0.05, 0.1 * std::cos(theta));  // the CM's y and z at t = 0
  // Held: creeping slower than the stiction transition velocity (1 mm/s), on the ramp.
  const auto held = body("held_block");
  EXPECT_LT(held.velocity.norm(), 1e-3);
  EXPECT_LT((held.position - Vec3(-0.5, start.y(), start.z())).norm(), 1e-3);
  // Sliding: s = a t²/2 along the slope (the contact settles by m g cos 30° / k ≈ 1 µm).
  const double a = kG * (std::sin(theta) - 0.4 * std::cos(theta));
  const auto sliding = body("sliding_block");
  const Vec3 moved = sliding.position - Vec3(0.5, start.y(), start.z());
  EXPECT_NEAR(moved.dot(downhill), 0.5 * a * t * t, 2e-4);  // 0.18828 m
  EXPECT_NEAR(sliding.velocity.dot(downhill), a * t, 1e-3 * a * t);
  EXPECT_NEAR(moved.cross(downhill).norm(), 0.0, 1e-5);  // along the slope
  ASSERT_EQ(last.contacts.size(), 2u);
  for (const auto& c : last.contacts) {
    EXPECT_NEAR(c.normalForce, kG * std::cos(theta), 1e-3 * kG);
    EXPECT_EQ(c.points, 4);  // a face on a face: its four corners
  }
  std::printf(
      "[contact] ramp: held block moved %.3e m, v %.3e m/s; sliding s = %.6f m (%.6f), v = %.6f "
      "m/s (%.6f)\n",
      (held.position - Vec3(-0.5, start.y(), start.z())).norm(), held.velocity.norm(), moved.dot(downhill),
      0.5 * a * t * t, sliding.velocity.dot(downhill), a * t);

  // The command file ('&' continuation): DEACTIVATE/CONTACT names CONTACT/1, the held block's.
  const auto acf = readAdamsCommandFile(dir + "acf_box_incline_contact_mmks.acf");
  ASSERT_TRUE(acf.ok()) << (acf.errors.empty() ? "" : acf.errors[0].toString());
  ASSERT_EQ(acf.commands.size(), 4u);
  EXPECT_EQ(acf.commands[1].kind, AdamsCommand::Kind::Deactivate);
  ASSERT_EQ(acf.commands[1].elements.size(), 1u);
  EXPECT_EQ(acf.commands[1].elements[0], acf.dataset.elements.at("CONTACT/1"));
  EXPECT_DOUBLE_EQ(acf.commands[2].end.value_or(0.0), 0.6);
  EXPECT_EQ(acf.commands[2].steps.value_or(0), 10);
}

// A CONTACT naming EXTERNAL graphics is refused naming the file and the reason; the GRAPHICS
// reference itself is kept (main's EXTERNAL handling).
TEST(ContactSolidDeck, ContactOnExternalGraphicsIsRefusedNamingTheFile)
{
  std::string text = blockDeck(0.0, kImpactFriction);
  const std::string boxShape = ", BOX\n, CORNER = 202\n, X = 200\n, Y = 200\n, Z = 200\n";
  for (const char* file : {"block.xmt_txt", "block.stl"}) {
    std::string deck = text;
    deck.replace(deck.find(boxShape), boxShape.size(),
                 std::string(", EXTERNAL\n, RM = 202\n, FILE = ") + file + "\n");
    const auto imported = importAdmFromString(deck, "external.adm");
    ASSERT_FALSE(imported.ok()) << file;
    bool named = false;
    for (const auto& e : imported.errors)
      named |= e.toString().find("GRAPHICS/2 is EXTERNAL geometry in '" + std::string(file) + "'") !=
               std::string::npos;
    EXPECT_TRUE(named) << imported.errors[0].toString();
  }
}

}  // namespace

// Newton's cradle (tests/data/adams_view/adm_newtons_cradle_mmks.adm): four equal 20 mm balls
// 1 mm apart in a row, Hertzian IMPACT contacts without damping between neighbours, the first ball
// moving at 500 mm/s. Each elastic collision of equal masses swaps their velocities, so the
// momentum passes along the row: balls 1–3 end at rest and ball 4 leaves at 500 mm/s, with the
// momentum and the kinetic energy kept.
TEST(ContactSolidDeck, NewtonsCradlePassesTheMomentumAlongTheRow)
{
  const auto imported = importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_newtons_cradle_mmks.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  ASSERT_EQ(imported.model->forces().size(), 3u);
  const auto results = runDeck(*imported.model, 0.03, 1e-3);
  ASSERT_FALSE(results.empty());
  const auto& last = results.back();
  ASSERT_EQ(last.bodies.size(), 4u);
  const double v0 = 0.5, m = 0.1;
  for (int k = 0; k < 3; ++k)
    EXPECT_NEAR(last.bodies[k].velocity.norm(), 0.0, 1e-3 * v0) << "ball " << k + 1 << " at rest";
  EXPECT_NEAR(last.bodies[3].velocity.x(), v0, 1e-3 * v0) << "ball 4 leaves at the first ball's speed";
  double momentum = 0.0, energy = 0.0;
  for (const auto& b : last.bodies) {
    momentum += m * b.velocity.x();
    energy += 0.5 * m * b.velocity.squaredNorm();
  }
  EXPECT_NEAR(momentum, m * v0, 1e-6);
  EXPECT_NEAR(energy, 0.5 * m * v0 * v0, 1e-3 * 0.5 * m * v0 * v0);
  // The collisions happen one after another: at 5 ms ball 3 carries the momentum, ball 4 is still.
  const auto& middle = results[5];
  EXPECT_NEAR(middle.bodies[2].velocity.x(), v0, 1e-3 * v0);
  EXPECT_NEAR(middle.bodies[3].velocity.x(), 0.0, 1e-3 * v0);
}

// A cam and flat follower (tests/data/adams_view/adm_cam_flat_follower_mmks.adm): a 30 mm disc
// 10 mm off its pivot turned at 360°/s under a 1 kg flat-faced follower on a vertical slide,
// held on by gravity (e ω² = 0.39 m/s² < g: it never lifts off). The follower's face rides at the
// contact-free lift R + e sin ωt, the contact carries m (g − e ω² sin ωt), and the contact point
// is under the disc's centre, at x = e cos ωt. The first tenth of a second is left out: the follower
// starts at rest on a disc whose top rises at e ω, and that first impact rings down.
TEST(ContactSolidDeck, CamLiftsTheFlatFollowerAlongItsKinematicCurve)
{
  const auto imported =
      importAdm(std::string(MBS_TEST_DATA_DIR) + "/adams_view/adm_cam_flat_follower_mmks.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const auto results = runDeck(*imported.model, 1.0, 0.01);
  ASSERT_EQ(results.size(), 101u);
  const double R = 0.030, e = 0.010, w = 2 * std::numbers::pi, m = 1.0;
  int checked = 0;
  for (const auto& f : results) {
    const double t = f.state.t;
    if (t < 0.1)
      continue;
    ++checked;
    const auto& follower = f.bodies[1];
    EXPECT_NEAR(follower.position.y() - 0.010, R + e * std::sin(w * t), 1e-5) << "lift at t = " << t;
    ASSERT_EQ(f.contacts.size(), 1u);
    const double load = m * (kG - e * w * w * std::sin(w * t));
    EXPECT_NEAR(f.contacts[0].normalForce, load, 0.05 * load) << "contact force at t = " << t;
    EXPECT_NEAR(f.contacts[0].point.x(), e * std::cos(w * t), 1e-4) << "contact point at t = " << t;
    EXPECT_NEAR(std::abs(f.contacts[0].normal.y()), 1.0, 1e-6) << "normal along the slide";
  }
  EXPECT_EQ(checked, 91);
}

// CONTACT(id, jflag, comp, rm) in REQUESTs (issue 28): the load of CONTACT/1 on the block about
// its centre of mass (jflag 0) and on the ground about its origin (jflag 1), in the deck's units
// (N, N·mm). While the block slides and rocks, the readings are its Newton–Euler equations:
// F = m (a − g), T = I α about the CM (ω = 0), and on the ground the opposite force with its moment
// −T − c × F (c the CM).
TEST(ContactSolidDeck, ContactFunctionReadsTheLoadOnEachSide)
{
  std::string text = blockDeck(1000.0, kImpactFriction);
  text.replace(text.find("END\n"), 4,
               "REQUEST/1\n, F2 = CONTACT(1, 0, 2, 0)\\F4 = CONTACT(1, 0, 4, 0)\\F7 = CONTACT(1, 0, 7, 0)\n"
               "REQUEST/2\n, F2 = CONTACT(1, 1, 2, 0)\\F4 = CONTACT(1, 1, 4, 0)\\F7 = CONTACT(1, 1, 7, 0)\n"
               "END\n");
  const auto imported = importAdmFromString(text, "block.adm");
  ASSERT_TRUE(imported.ok()) << imported.errors[0].toString();
  const CompileResult compiled = compile(*imported.model);
  ASSERT_TRUE(compiled.ok);
  const RequestOutputs requests(*imported.model, compiled.map, compiled.model);
  ASSERT_TRUE(requests.ok()) << requests.diagnostics()[0].toString();
  const auto results = runDeck(*imported.model, 0.6, 0.1);
  ASSERT_EQ(results.size(), 7u);
  const double m = 1.0, inertia = 6666.67e-6, mu = 0.3;  // kg, kg·m²
  for (std::size_t k = 1; k < results.size(); ++k) {
    const auto& block = results[k].bodies[0];
    const auto v = requests.evaluate(results[k]);
    ASSERT_EQ(v.size(), 6u);
    SCOPED_TRACE("t = " + std::to_string(results[k].state.t));
    const mbs::solver::Vec3 force = m * (block.acceleration + mbs::solver::Vec3(0, 0, kG));
    const double torque = inertia * block.angularAcceleration.y();
    const double groundTorque = -torque - block.position.cross(force).y();
    EXPECT_NEAR(v[0], force.x(), 1e-6 * m * kG);
    EXPECT_NEAR(v[1], force.z(), 1e-6 * m * kG);
    EXPECT_NEAR(v[2], torque * 1e3, 1e-4);
    EXPECT_NEAR(v[3], -force.x(), 1e-6 * m * kG);
    EXPECT_NEAR(v[4], -force.z(), 1e-6 * m * kG);
    EXPECT_NEAR(v[5], groundTorque * 1e3, 1e-3);
    if (results[k].state.t < 0.3)  // sliding: Coulomb's μ m g against the motion
      EXPECT_NEAR(v[0] / v[1], -mu, 1e-3);
  }
}

// A contact's load is read from the solved frame: a force function may not read it, directly (the
// import refuses the force) or through a VARIABLE (the model check names the force and the VARIABLE).
TEST(ContactSolidDeck, ForceFunctionsMayNotReadAContactsLoad)
{
  std::string direct = blockDeck(0.0, kImpactFriction);
  direct.replace(direct.find("END\n"), 4,
                 "SFORCE/2, TRANSLATIONAL, I = 201, J = 101, FUNCTION = 0.1*CONTACT(1, 0, 4, 0)\nEND\n");
  const auto refused = importAdmFromString(direct, "direct.adm");
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.errors[0].toString().find(
                "SFORCE/2 reads CONTACT(1, ...): a contact's load is read from the solved frame"),
            std::string::npos)
      << refused.errors[0].toString();

  std::string throughVariable = blockDeck(0.0, kImpactFriction);
  throughVariable.replace(throughVariable.find("END\n"), 4,
                          "VARIABLE/1, FUNCTION = 0.1*CONTACT(1, 0, 4, 0)\n"
                          "SFORCE/2, TRANSLATIONAL, I = 201, J = 101, FUNCTION = VARVAL(1)\nEND\n");
  const auto imported = importAdmFromString(throughVariable, "variable.adm");
  ASSERT_FALSE(imported.ok());
  EXPECT_NE(
      imported.errors[0].toString().find(
          "'SFORCE_2': expression error at position 8: VARIABLE 'VARIABLE_1' calls CONTACT(), which reads "
          "a contact's load"),
      std::string::npos)
      << imported.errors[0].toString();
}
