// Decks written as Adams/View exports them (tests/data/adams_view/adm_*.adm: adams_view_name
// comments, comma-first continuation lines, D angle suffixes, MMKS and IPS units): joint and
// marker motions, rotational spring-dampers, friction with Adams' defaults and massless parts,
// each run through the solver and checked against its closed form (issue 28).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs::core;
namespace solver = mbs::solver;

namespace {

constexpr double kPi = std::numbers::pi;

std::string viewDeck(const std::string& name)
{
  return std::string(MBS_TEST_DATA_DIR) + "/adams_view/" + name;
}

std::string readDeckText(const std::string& name)
{
  std::ifstream in(viewDeck(name));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Run {
  solver::ResultStore results;
  solver::AnalysisOutcome outcome;
  CompileResult compiled;
};

std::unique_ptr<Run> runModel(const Model& model, solver::AnalysisSettings settings)
{
  auto run = std::make_unique<Run>();
  run->compiled = compile(model);
  EXPECT_TRUE(run->compiled.ok);
  if (!run->compiled.ok)
    return run;
  run->outcome = solver::runAnalysis(run->compiled.model, settings, nullptr, run->results);
  return run;
}

Model importOk(const std::string& path)
{
  auto r = importAdm(path);
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  EXPECT_TRUE(r.ok());
  return r.ok() ? *r.model : Model();
}

solver::AnalysisSettings dynamic(double end, double step, double tolerance = 1e-7)
{
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Dynamic;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = tolerance;
  return s;
}

// Rotation angle about ground z of a body whose rotation is about z only.
double angleAboutZ(const solver::Quat& q)
{
  return 2.0 * std::atan2(q.z(), q.w());
}

}  // namespace

// MOTION/1, JOINT = 1, TRANSLATIONAL on a cylindrical joint drives the slide; the rotation stays
// free and keeps the initial spin WX (no torque about the axis: the CM is on it).
TEST(AdmViewDeck, TranslationalMotionOnCylindricalJointDrivesTheSlide)
{
  const Model model = importOk(viewDeck("adm_cylinder_slider_mmks.adm"));
  ASSERT_EQ(model.motions().size(), 1u);
  EXPECT_EQ(model.motions()[0].axis, MotionAxis::Z);
  auto run = runModel(model, dynamic(1.0, 0.01));
  ASSERT_TRUE(run->outcome.status.ok()) << run->outcome.status.message;
  ASSERT_GT(run->results.size(), 90u);
  double worstSlide = 0.0, worstSpin = 0.0;
  for (std::size_t k = 0; k < run->results.size(); ++k) {
    const auto f = run->results.frame(k);
    const double t = f.state.t;
    const auto& b = f.bodies[0];
    worstSlide = std::max(worstSlide, std::abs(b.position.x() - 0.050 * std::sin(2 * kPi * t)));
    worstSpin = std::max(worstSpin, std::abs(b.angularVelocity.x() - 3.0));
    EXPECT_NEAR(b.position.y(), 0.0, 1e-9);
  }
  EXPECT_LT(worstSlide, 1e-9);  // m
  EXPECT_LT(worstSpin, 1e-6);   // rad/s
}

// A cylindrical joint motion that does not say which freedom it drives is refused (it used to
// drive the rotation), as is one that names both.
TEST(AdmViewDeck, CylindricalJointMotionMustNameItsFreedom)
{
  std::string text =
      "model\nPART/1, GROUND\nMARKER/1, PART = 1\nPART/2, MASS = 1, IP = 1, 1, 1\n"
      "MARKER/2, PART = 2\nJOINT/1, CYLINDRICAL, I = 2, J = 1\n";
  for (const char* kind : {"", ", TRANSLATIONAL, ROTATIONAL"}) {
    AdmImportOptions allow;
    allow.allowUnsupported = true;
    auto r =
        importAdmFromString(text + "MOTION/1, JOINT = 1" + kind + ", FUNCTION = TIME\nEND\n", "m.adm", allow);
    ASSERT_FALSE(r.ok()) << kind;
    EXPECT_NE(r.errors[0].toString().find("MOTION/1"), std::string::npos) << r.errors[0].toString();
  }
  for (const char* kind : {"ROTATIONAL", "ROTATION", "ROT"}) {
    auto r = importAdmFromString(text + "MOTION/1, JOINT = 1, " + kind + ", FUNCTION = TIME\nEND\n", "m.adm");
    ASSERT_TRUE(r.ok()) << kind << ": " << r.errors[0].toString();
    EXPECT_EQ(r.model->motions()[0].axis, MotionAxis::RotationZ) << kind;
  }
  for (const char* kind : {"TRANSLATIONAL", "TRANSLATION", "TRANS"}) {
    auto r = importAdmFromString(text + "MOTION/1, JOINT = 1, " + kind + ", FUNCTION = TIME\nEND\n", "m.adm");
    ASSERT_TRUE(r.ok()) << kind << ": " << r.errors[0].toString();
    EXPECT_EQ(r.model->motions()[0].axis, MotionAxis::Z) << kind;
  }
}

// MOTION on marker pairs: B1, B2, B3 are the body-fixed 1-2-3 angles of I relative to J (the
// MOTION statement reference), so R_Jᵀ R_I = Rx(b1) Ry(b2) Rz(b3) exactly; X, Y, Z are the I
// origin's coordinates in J's axes (a VELOCITY motion integrated from 0).
TEST(AdmViewDeck, MarkerMotionsFollowBody123AnglesAndJAxes)
{
  const Model model = importOk(viewDeck("adm_marker_motions_mmks.adm"));
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Kinematic;
  s.endTime = 1.0;
  s.outputStep = 0.05;
  auto run = runModel(model, s);
  ASSERT_TRUE(run->outcome.status.ok()) << run->outcome.status.message;
  const auto& c = run->compiled;
  const auto& markers = c.model.markers;
  auto markerIndex = [&](const char* name) {
    for (std::size_t k = 0; k < markers.size(); ++k)
      if (markers[k].name == name)
        return int(k);
    return -1;
  };
  const int i21 = markerIndex("MARKER_21"), j10 = markerIndex("MARKER_10");
  const int i31 = markerIndex("MARKER_31"), j11 = markerIndex("MARKER_11");
  ASSERT_GE(i21, 0);
  ASSERT_GE(i31, 0);
  double worstAngle = 0.0, worstPosition = 0.0;
  for (std::size_t k = 0; k < run->results.size(); ++k) {
    const auto f = run->results.frame(k);
    const double t = f.state.t;
    auto frame = [&](int m) {
      const auto& mk = markers[m];
      solver::Mat3 r = mk.orientation;
      solver::Vec3 o = mk.position;
      if (mk.body >= 0) {
        const auto& b = f.bodies[mk.body];
        r = b.orientation.toRotationMatrix() * mk.orientation;
        o = b.position + b.orientation.toRotationMatrix() * mk.position;
      }
      return std::pair{r, o};
    };
    const auto [ri, oi] = frame(i21);
    const auto [rj, oj] = frame(j10);
    const double b1 = 40 * kPi / 180 * std::sin(2 * kPi * t), b2 = 30 * kPi / 180 * t,
                 b3 = 90 * kPi / 180 * t;
    const solver::Mat3 expected =
        (Eigen::AngleAxisd(b1, solver::Vec3::UnitX()) * Eigen::AngleAxisd(b2, solver::Vec3::UnitY()) *
         Eigen::AngleAxisd(b3, solver::Vec3::UnitZ()))
            .toRotationMatrix();
    worstAngle = std::max(worstAngle, (rj.transpose() * ri - expected).cwiseAbs().maxCoeff());
    const auto [ri3, oi3] = frame(i31);
    const auto [rj3, oj3] = frame(j11);
    const solver::Vec3 local = rj3.transpose() * (oi3 - oj3);
    const solver::Vec3 want(0.020 * t, 0.005 * t * t, 0.010 * std::sin(t));
    worstPosition = std::max(worstPosition, (local - want).cwiseAbs().maxCoeff());
  }
  EXPECT_LT(worstAngle, 1e-8);
  EXPECT_LT(worstPosition, 1e-8);
}

// SPRINGDAMPER/1, ROTATIONAL in IPS: KT = 50 lbf in/rad, CT = 0.05 lbf in s/rad, ANGLE = 10D on
// a disk of Izz = 40 lbm in². Released at 0 (10° from the free angle): θ(t) = θ0 − θ0 e^(−ζωt)
// (cos ω_d t + ζ ω/ω_d sin ω_d t), ω = √(kt/I), ζ = ct / (2√(kt I)).
TEST(AdmViewDeck, RotationalSpringDamperIsADampedTorsionalOscillator)
{
  const Model model = importOk(viewDeck("adm_torsion_pendulum_ips.adm"));
  ASSERT_EQ(model.forces().size(), 1u);
  const Force& spring = model.forces()[0];
  ASSERT_EQ(spring.kind, ForceKind::RotationalSpringDamper);
  const double lbf = 4.4482216152605, lbm = 0.45359237, in = 0.0254;
  const double kt = 50 * lbf * in, ct = 0.05 * lbf * in, inertia = 40 * lbm * in * in;
  EXPECT_NEAR(spring.stiffness, kt, 1e-12);
  EXPECT_NEAR(spring.damping, ct, 1e-12);
  EXPECT_NEAR(spring.freeLength, 10 * kPi / 180, 1e-12);
  auto run = runModel(model, dynamic(1.0, 0.002, 1e-8));
  ASSERT_TRUE(run->outcome.status.ok()) << run->outcome.status.message;
  const double w = std::sqrt(kt / inertia), zeta = ct / (2 * std::sqrt(kt * inertia));
  const double wd = w * std::sqrt(1 - zeta * zeta), theta0 = 10 * kPi / 180;
  double worst = 0.0;
  std::vector<double> upCrossings;
  double previous = -1.0;
  for (std::size_t k = 0; k < run->results.size(); ++k) {
    const auto f = run->results.frame(k);
    const double t = f.state.t;
    const double theta = angleAboutZ(f.bodies[0].orientation);
    const double want =
        theta0 - theta0 * std::exp(-zeta * w * t) * (std::cos(wd * t) + zeta * w / wd * std::sin(wd * t));
    worst = std::max(worst, std::abs(theta - want));
    const double x = theta - theta0;
    if (k > 0 && previous < 0 && x >= 0)
      upCrossings.push_back(t - x / (x - previous) * 0.002);
    previous = x;
  }
  std::printf("torsion pendulum: period %.6f s (2π/ω_d %.6f s), ζ %.5f, worst angle error %.2e rad\n",
              upCrossings.size() > 1 ? upCrossings.back() - upCrossings[upCrossings.size() - 2] : 0.0,
              2 * kPi / wd, zeta, worst);
  EXPECT_LT(worst, 1e-5 * theta0);
  ASSERT_GE(upCrossings.size(), 3u);
  EXPECT_NEAR(upCrossings[2] - upCrossings[1], 2 * kPi / wd, 1e-4 * 2 * kPi / wd);
}

// SPRINGDAMPER kinds: ROTATIONAL takes KT, CT, ANGLE, TORQUE; TRANSLATIONAL K, C, LENGTH, FORCE;
// the other kind's arguments are refused, not dropped, and the kind is required.
TEST(AdmViewDeck, SpringDamperKindAndArguments)
{
  const std::string head =
      "model\nPART/1, GROUND\nMARKER/1, PART = 1\nPART/2, MASS = 1, IP = 1, 1, 1\n"
      "MARKER/2, PART = 2\n";
  auto ok = importAdmFromString(head +
                                    "SPRINGDAMPER/1\n, TRANSLATIONAL\n, I = 2\n, J = 1\n, K = 3\n, C = 0.5\n"
                                    ", LENGTH = 0.2\n, FORCE = 1\nEND\n",
                                "m.adm");
  ASSERT_TRUE(ok.ok());
  EXPECT_EQ(ok.model->forces()[0].kind, ForceKind::TranslationalSpringDamper);
  EXPECT_EQ(ok.model->forces()[0].stiffness, 3.0);
  auto wrong =
      importAdmFromString(head + "SPRINGDAMPER/1, ROTATIONAL, I = 2, J = 1, K = 3, KT = 2\nEND\n", "m.adm");
  ASSERT_FALSE(wrong.ok());
  EXPECT_NE(wrong.errors[0].toString().find("K is not supported"), std::string::npos)
      << wrong.errors[0].toString();
  auto none = importAdmFromString(head + "SPRINGDAMPER/1, I = 2, J = 1, KT = 2\nEND\n", "m.adm");
  ASSERT_FALSE(none.ok());
  EXPECT_NE(none.errors[0].toString().find("ROTATIONAL or TRANSLATIONAL"), std::string::npos);
}

// FRICTION with only MU_STATIC and MU_DYNAMIC given, in MMKS: Adams' defaults apply in the deck's
// units (MAX_STICTION_DEFORMATION 0.01 mm, STICTION_TRANSITION_VELOCITY 0.1 mm/s, transition
// coefficient 1.5). On a 20° incline (tan 20° < μs = 0.5) the block is held: it stops within the
// stiction deformation instead of creeping. On 30° (tan 30° > μs) it slides with
// a = g (sin 30° − μd cos 30°).
TEST(AdmViewDeck, FrictionDefaultsHoldABlockAndLetAnotherSlide)
{
  const Model model = importOk(viewDeck("adm_friction_incline_mmks.adm"));
  const auto& friction = model.joints()[0].friction;
  ASSERT_TRUE(friction.has_value());
  EXPECT_DOUBLE_EQ(friction->maxStictionDeformation, 0.01e-3);
  EXPECT_DOUBLE_EQ(friction->stictionTransitionVelocity, 0.1e-3);
  EXPECT_DOUBLE_EQ(friction->transitionVelocityFactor, 1.5);
  EXPECT_DOUBLE_EQ(friction->pinRadius, 1e-3);
  EXPECT_DOUBLE_EQ(friction->frictionArm, 1e-3);
  EXPECT_DOUBLE_EQ(friction->bendingReflectArm, 1e-3);
  // The automatic formulation runs it in joint coordinates (DMBS, the BDF holding the stiff stick
  // branch from the start); SI2 in absolute ones. Both against the closed forms, and each other.
  const double g = 9.80665, a = g * (std::sin(kPi / 6) - 0.3 * std::cos(kPi / 6));
  const solver::Vec3 down20(std::cos(kPi / 9), -std::sin(kPi / 9), 0), down30(std::cos(kPi / 6), -0.5, 0);
  std::vector<std::vector<double>> held(2), sliding(2);
  for (int k = 0; k < 2; ++k) {
    solver::AnalysisSettings settings = dynamic(1.0, 0.01, 1e-6);
    settings.formulation = k == 0 ? solver::Formulation::Auto : solver::Formulation::SI2;
    auto run = runModel(model, settings);
    ASSERT_TRUE(run->outcome.status.ok()) << run->outcome.status.message;
    if (k == 0) {
      ASSERT_FALSE(run->outcome.status.notes.empty());
      EXPECT_NE(run->outcome.status.notes.front().find("formulation (automatic): DMBS"), std::string::npos)
          << run->outcome.status.notes.front();
    }
    double creep = 0.0, heldSpeed = 0.0, atHalf = 0.0;
    for (std::size_t f = 0; f < run->results.size(); ++f) {
      const auto frame = run->results.frame(f);
      held[k].push_back(frame.bodies[0].position.dot(down20));
      sliding[k].push_back(frame.bodies[1].position.dot(down30));
      creep = std::max(creep, std::abs(held[k].back()));
      if (frame.state.t >= 0.5)
        heldSpeed = std::max(heldSpeed, std::abs(frame.bodies[0].velocity.dot(down20)));
      if (std::abs(frame.state.t - 0.5) < 1e-9)
        atHalf = held[k].back();
    }
    const auto last = run->results.frame(run->results.size() - 1);
    std::printf(
        "%s: held block: largest creep %.3e mm, largest speed after 0.5 s %.3e mm/s; sliding block a = %.6f "
        "m/s^2 (closed form %.6f)\n",
        k == 0 ? "auto (DMBS)" : "SI2", creep * 1e3, heldSpeed * 1e3, last.bodies[1].acceleration.dot(down30),
        a);
    EXPECT_LE(creep, 0.01e-3 * 1.001);  // within the stiction deformation
    EXPECT_LT(heldSpeed, 1e-3 * 1e-3);  // below 0.001 mm/s
    // Stopped: over the last half second it moves less than 0.1 µm (creeping at 0.6 mm/s it moved 0.3 mm).
    EXPECT_LT(std::abs(held[k].back() - atHalf), 1e-7);
    EXPECT_NEAR(last.bodies[1].acceleration.dot(down30), a, 1e-6 * a);
    EXPECT_NEAR(last.bodies[1].velocity.dot(down30), a * last.state.t, 1e-3 * a);
  }
  // The two formulations at tolerance 1e-6: the held block's creep to 2 % of δ_max, the slide to
  // 0.2 mm (its breakaway from the bristles at the start is where their steps differ).
  ASSERT_EQ(held[0].size(), held[1].size());
  for (std::size_t f = 0; f < held[0].size(); ++f) {
    EXPECT_NEAR(held[0][f], held[1][f], 0.02 * 0.01e-3) << "frame " << f;
    EXPECT_NEAR(sliding[0][f], sliding[1][f], 2e-4) << "frame " << f;
  }
}

// FRICTION, INACTIVE = STATIC: no friction in a static equilibrium, so a block held by friction
// in dynamics slides to the end stop of a spring in statics: k x = m g sin 20°.
TEST(AdmViewDeck, FrictionInactiveInStatics)
{
  std::string text = readDeckText("adm_friction_incline_mmks.adm");
  const std::string add =
      "SPRINGDAMPER/9\n, TRANSLATIONAL\n, I = 21\n, J = 12\n, K = 1\n, C = 0\n, LENGTH = 100\n"
      "MARKER/12\n, PART = 1\n, QP = -93.9693, 34.2020, 0\n"
      "!\n";
  // The 30° block (which slides) is fixed here, without its friction: statics needs an equilibrium.
  const std::size_t second = text.find("!                         adams_view_name='FRICTION_2'");
  text.erase(second, text.find("!------------------------------- ACCELERATIONS") - second);
  text.replace(text.find("JOINT/2\n, TRANSLATIONAL"), 23, "JOINT/2\n, FIXED");
  text.insert(text.find("!------------------------------- ACCELERATIONS"), add);
  for (bool inactive : {false, true}) {
    std::string deck = text;
    if (inactive)
      deck.insert(deck.find(", MU_DYNAMIC = 0.3\n") + 19, ", INACTIVE = STATIC\n");
    auto r = importAdmFromString(deck, "incline.adm");
    ASSERT_TRUE(r.ok()) << r.errors[0].toString();
    EXPECT_EQ(r.model->joints()[0].friction->inactiveInStatics, inactive);
    solver::AnalysisSettings s;
    s.kind = solver::AnalysisKind::Static;
    auto run = runModel(*r.model, s);
    ASSERT_TRUE(run->outcome.status.ok()) << run->outcome.status.message;
    const auto f = run->results.frame(run->results.size() - 1);
    const solver::Vec3 down20(std::cos(kPi / 9), -std::sin(kPi / 9), 0);
    const double x = f.bodies[0].position.dot(down20);
    const double free = 9.80665 * std::sin(kPi / 9) / 1000.0;  // k = 1 N/mm = 1000 N/m
    if (inactive)
      EXPECT_NEAR(x, free, 1e-6) << "without friction the spring alone holds the block";
    else
      EXPECT_LT(std::abs(x), 0.011e-3) << "friction holds it within the stiction deformation";
  }
}

// A massless connector part (PART without MASS or IP) between ground and a pendulum rod: a
// revolute joint to ground and a fixed joint to the rod hold all 6 of its freedoms. The rod is a
// physical pendulum, ω_n = √(m g d / (I_cm + m d²)); with IC = 0, 0.05 rad/s on the revolute,
// ω(t) = 0.05 cos(ω t), ω = ω_n (1 − θ0²/16) for the amplitude θ0 = 9 mrad.
// Every analysis and formulation runs.
TEST(AdmViewDeck, MasslessConnectorPartInEveryAnalysis)
{
  const Model model = importOk(viewDeck("adm_massless_connector_mmks.adm"));
  ASSERT_EQ(model.parts().size(), 3u);
  EXPECT_EQ(model.parts()[1].mass, 0.0);
  const double m = 2.0, d = 0.3, icm = 0.015, g = 9.80665;
  const double wn = std::sqrt(m * g * d / (icm + m * d * d));
  // The pendulum's amplitude θ0 = 0.05/ω_n lowers its frequency by the factor 1 − θ0²/16 (5e-6,
  // a phase of 6e-5 rad after 2 s): taken into the closed form.
  const double theta0 = 0.05 / wn, w = wn * (1 - theta0 * theta0 / 16);
  for (auto formulation : {solver::Formulation::I3, solver::Formulation::SI2, solver::Formulation::DMBS}) {
    auto settings = dynamic(2.0, 0.01, 1e-8);
    settings.formulation = formulation;
    auto run = runModel(model, settings);
    ASSERT_TRUE(run->outcome.status.ok())
        << solver::toString(formulation) << ": " << run->outcome.status.message;
    double worst = 0.0;
    for (std::size_t k = 0; k < run->results.size(); ++k) {
      const auto f = run->results.frame(k);
      worst = std::max(worst, std::abs(f.bodies[1].angularVelocity.z() - 0.05 * std::cos(w * f.state.t)));
      EXPECT_NEAR(f.bodies[0].angularVelocity.z(), f.bodies[1].angularVelocity.z(), 1e-9);
    }
    std::printf("massless connector, %s: worst rod angular velocity error %.2e rad/s of 0.05\n",
                solver::toString(formulation), worst);
    // I3 controls the error of positions only, its velocities are less accurate (solver notes).
    const double tolerance = formulation == solver::Formulation::I3 ? 2e-4 : 1e-5;
    EXPECT_LT(worst, tolerance * 0.05) << solver::toString(formulation);
  }
  // Statics: the revolute joint carries the rod's weight through the massless part.
  solver::AnalysisSettings statics;
  statics.kind = solver::AnalysisKind::Static;
  auto st = runModel(model, statics);
  ASSERT_TRUE(st->outcome.status.ok()) << st->outcome.status.message;
  const auto sf = st->results.frame(st->results.size() - 1);
  EXPECT_NEAR(sf.joints[0].force.norm(), m * g, 1e-9 * m * g);
  // Linear: one mode at ω_n.
  solver::AnalysisSettings linear;
  linear.kind = solver::AnalysisKind::Linear;
  auto lin = runModel(model, linear);
  ASSERT_TRUE(lin->outcome.status.ok()) << lin->outcome.status.message;
  ASSERT_EQ(lin->outcome.modes.size(), 1u);
  EXPECT_NEAR(lin->outcome.modes[0].naturalFrequency, wn / (2 * kPi), 1e-6 * wn);
  // Initial conditions, and kinematics with the revolute driven.
  solver::AnalysisSettings initial;
  initial.kind = solver::AnalysisKind::InitialConditions;
  EXPECT_TRUE(runModel(model, initial)->outcome.status.ok());
  std::string text = readDeckText("adm_massless_connector_mmks.adm");
  text.insert(text.find("!------------------------------- ACCELERATIONS"),
              "MOTION/1\n, JOINT = 1\n, ROTATIONAL\n, FUNCTION = 30D * time\n!\n");
  text.erase(text.find(", IC = 0, 0.05\n"), 15);  // the motion gives the velocity
  auto driven = importAdmFromString(text, "driven.adm");
  ASSERT_TRUE(driven.ok()) << driven.errors[0].toString();
  solver::AnalysisSettings kin;
  kin.kind = solver::AnalysisKind::Kinematic;
  kin.endTime = 1.0;
  kin.outputStep = 0.1;
  auto k = runModel(*driven.model, kin);
  ASSERT_TRUE(k->outcome.status.ok()) << k->outcome.status.message;
  const auto kf = k->results.frame(k->results.size() - 1);
  EXPECT_NEAR(angleAboutZ(kf.bodies[1].orientation), kPi / 6, 1e-9);
}

// A massless part whose freedoms are not all held is refused, naming the part and the freedom.
TEST(AdmViewDeck, MasslessPartWithAFreeDegreeIsRefused)
{
  std::string text = readDeckText("adm_massless_connector_mmks.adm");
  // Without the fixed joint the connector turns freely on its revolute joint.
  const std::string fixed = "JOINT/2\n, FIXED\n, I = 5\n, J = 3\n";
  ASSERT_NE(text.find(fixed), std::string::npos);
  text.erase(text.find(fixed), fixed.size());
  auto r = importAdmFromString(text, "free.adm");
  ASSERT_TRUE(r.ok()) << r.errors[0].toString();
  auto run = runModel(*r.model, dynamic(0.1, 0.01));
  ASSERT_FALSE(run->outcome.status.ok());
  const std::string& message = run->outcome.status.message;
  EXPECT_NE(message.find("'connector'"), std::string::npos) << message;
  EXPECT_NE(message.find("massless"), std::string::npos) << message;
  EXPECT_NE(message.find("rotation about its"), std::string::npos) << message;
}

// Every GRAPHICS form Adams writes parses; what is not drawn is one warning per form for the whole
// deck (two CIRCLEs, three EXTERNAL CAD files: one warning each), never an error.
TEST(AdmViewDeck, EveryGraphicsFormParsesWithOneWarningPerForm)
{
  auto r = importAdm(viewDeck("adm_graphics_forms_ips.adm"));
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(r.ok());
  auto count = [&](const std::string& word) {
    int n = 0;
    for (const auto& w : r.warnings)
      n += w.toString().find(word) != std::string::npos;
    return n;
  };
  for (const char* form :
       {"CIRCLE", "ARC:", "CURVE:", "EXTERNAL", "POINT", "TORUS", "FORCE:", "SPDP", "LINK", "REVOLUTION",
        "EXTRUSION", "unbounded PLANE", "FRUSTUM", "ELLIPSOID", "SIDES", "SEG ", "RANGLE"})
    EXPECT_EQ(count(form), 1) << form;
  int graphicsWarnings = 0;
  for (const auto& w : r.warnings) {
    const std::string text = w.toString();
    graphicsWarnings += text.find("GRAPHICS") != std::string::npos;
    std::printf("  %s\n", text.c_str());
  }
  EXPECT_EQ(graphicsWarnings, 17);
  // Drawn: box, cylinder, two frustums (as cylinders), two ellipsoids (as spheres), the outline's
  // segment and the bounded plane; kept: the three EXTERNAL file references.
  std::vector<std::string> files;
  std::size_t shapes = 0;
  for (const Part& p : r.model->parts())
    for (const Geometry& g : p.geometry) {
      ++shapes;
      if (g.kind == GeometryKind::MeshFile)
        files.push_back(std::filesystem::path(g.path).filename().string());
    }
  EXPECT_EQ(shapes, 11u);
  EXPECT_EQ(files, (std::vector<std::string>{"PART_2.xmt_txt", "housing.x_t", "bracket.slp"}));
  // The references are written back as EXTERNAL graphics (issue 28) and read again.
  const auto exported = exportAdm(*r.model);
  ASSERT_TRUE(exported.ok());
  for (const char* file : {"PART_2.xmt_txt", "housing.x_t", "bracket.slp"})
    EXPECT_NE(exported.text.find(file), std::string::npos) << file;
  EXPECT_NE(exported.text.find("EXTERNAL"), std::string::npos);
  const auto back = importAdmFromString(exported.text, viewDeck("back.adm"));
  ASSERT_TRUE(back.ok()) << back.errors[0].toString();
  std::size_t backFiles = 0;
  for (const Part& p : back.model->parts())
    for (const Geometry& g : p.geometry)
      if (g.kind == GeometryKind::MeshFile) {
        ++backFiles;
        EXPECT_TRUE(std::find(files.begin(), files.end(),
                              std::filesystem::path(g.path).filename().string()) != files.end())
            << g.path;
      }
  EXPECT_EQ(backFiles, 3u);
}

// What these decks import is what the export writes back: joint and marker motions, rotational
// and translational spring-dampers, friction with its defaults and INACTIVE = STATIC, massless
// parts; read back, the model is the same.
TEST(AdmViewDeck, ExportRoundTripIsFaithful)
{
  for (const char* deck :
       {"adm_cylinder_slider_mmks.adm", "adm_torsion_pendulum_ips.adm", "adm_marker_motions_mmks.adm",
        "adm_friction_incline_mmks.adm", "adm_massless_connector_mmks.adm"}) {
    std::string text = readDeckText(deck);
    if (std::string(deck) == "adm_friction_incline_mmks.adm")
      text.insert(text.find(", MU_DYNAMIC = 0.3\n") + 19, ", INACTIVE = STATIC\n");
    const auto a = importAdmFromString(text, deck);
    ASSERT_TRUE(a.ok()) << deck << ": " << a.errors[0].toString();
    const auto exported = exportAdm(*a.model);
    ASSERT_TRUE(exported.ok()) << deck << ": " << exported.errors[0].reason;
    const auto b = importAdmFromString(exported.text, "back.adm");
    ASSERT_TRUE(b.ok()) << deck << ": " << b.errors[0].toString() << "\n" << exported.text;
    const Model &ma = *a.model, &mb = *b.model;
    ASSERT_EQ(ma.motions().size(), mb.motions().size()) << deck;
    for (std::size_t k = 0; k < ma.motions().size(); ++k) {
      EXPECT_EQ(ma.motions()[k].axis, mb.motions()[k].axis) << deck;
      EXPECT_EQ(ma.motions()[k].quantity, mb.motions()[k].quantity) << deck;
      EXPECT_EQ(ma.motions()[k].joint.valid(), mb.motions()[k].joint.valid()) << deck;
    }
    ASSERT_EQ(ma.forces().size(), mb.forces().size()) << deck;
    for (std::size_t k = 0; k < ma.forces().size(); ++k) {
      EXPECT_EQ(ma.forces()[k].kind, mb.forces()[k].kind) << deck;
      EXPECT_DOUBLE_EQ(ma.forces()[k].stiffness, mb.forces()[k].stiffness) << deck;
      EXPECT_DOUBLE_EQ(ma.forces()[k].damping, mb.forces()[k].damping) << deck;
      EXPECT_DOUBLE_EQ(ma.forces()[k].freeLength, mb.forces()[k].freeLength) << deck;
      EXPECT_DOUBLE_EQ(ma.forces()[k].preload, mb.forces()[k].preload) << deck;
    }
    ASSERT_EQ(ma.parts().size(), mb.parts().size()) << deck;
    for (std::size_t k = 0; k < ma.parts().size(); ++k) {
      EXPECT_EQ(ma.parts()[k].mass, mb.parts()[k].mass) << deck;
      EXPECT_EQ(ma.parts()[k].inertia, mb.parts()[k].inertia) << deck;
    }
    ASSERT_EQ(ma.joints().size(), mb.joints().size()) << deck;
    for (std::size_t k = 0; k < ma.joints().size(); ++k)
      EXPECT_EQ(ma.joints()[k].friction, mb.joints()[k].friction) << deck;
  }
}
