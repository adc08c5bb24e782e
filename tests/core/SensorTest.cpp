// SENSOR (issue 31): a falling ball halted at a height at the exact time of free fall, in every
// integrator and formulation; RETURN, PRINT, EQ crossings within a step, RESTART/STEPSIZE leaving
// the physics alone; the Adams import and export and command-file (de)activation.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "mbs/core/AdamsCommandFile.hpp"
#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/solver/Analysis.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

constexpr double kG = 9806.65;  // mm/s^2

// Adams/View style, MMKS: a ball falling from y = 1000 mm; SENSOR/1 halts it at 500 mm.
std::string deck(const std::string& sensor)
{
  return R"(ADAMS/View model name: falling_ball
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
, CM = 3
, IP = 1, 1, 1
!
MARKER/3
, PART = 2
, QP = 0, 1000, 0
!
ACCGRAV/
, JGRAVITY = -9806.65
!
!                      adams_view_name='floor_sensor'
)" + sensor +
         "!\nEND\n";
}

struct Run {
  CompileResult compiled;
  solver::ResultStore results;
  solver::AnalysisOutcome outcome;
};

std::unique_ptr<Run> run(const Model& model, double end, double step, solver::IntegratorType integrator,
                         solver::Formulation formulation = solver::Formulation::SI2)
{
  auto r = std::make_unique<Run>();
  r->compiled = compile(model);
  EXPECT_TRUE(r->compiled.ok);
  for (const auto& d : r->compiled.diagnostics)
    ADD_FAILURE() << d.toString();
  solver::AnalysisSettings s;
  s.kind = solver::AnalysisKind::Dynamic;
  s.endTime = end;
  s.outputStep = step;
  s.tolerance = 1e-8;
  s.integrator = integrator;
  s.formulation = formulation;
  r->outcome = solver::runAnalysis(r->compiled.model, s, nullptr, r->results);
  return r;
}

Model imported(const std::string& text)
{
  auto r = importAdmFromString(text, "ball.adm");
  for (const auto& e : r.errors)
    ADD_FAILURE() << e.toString();
  return r.ok() ? *r.model : Model();
}

double height(const solver::ResultFrame& f)
{
  return f.bodies[0].position.y();
}

}  // namespace

TEST(Sensor, HaltsAFallingBallAtTheExactTime)
{
  // LE: true when DY <= VALUE + ERROR = 500.000001 mm, first at 1000 - g t^2 / 2 = 500.000001.
  const Model model =
      imported(deck("SENSOR/1\n, VALUE = 500\n, ERROR = 1E-6\n, LE\n"
                    ", HALT\n, FUNCTION = DY(3, 1)\n"));
  ASSERT_EQ(model.sensors.size(), 1u);
  EXPECT_EQ(model.sensors[0].name, "floor_sensor");
  const double expected = std::sqrt(2.0 * (500.0 - 1e-6) / kG);  // 0.319322... s
  struct Case {
    solver::IntegratorType integrator;
    solver::Formulation formulation;
  };
  for (const Case c : {Case{solver::IntegratorType::Gstiff, solver::Formulation::SI2},
                       Case{solver::IntegratorType::Gstiff, solver::Formulation::I3},
                       Case{solver::IntegratorType::Wstiff, solver::Formulation::SI2},
                       Case{solver::IntegratorType::Wstiff, solver::Formulation::I3},
                       Case{solver::IntegratorType::Hht, solver::Formulation::I3},
                       Case{solver::IntegratorType::Rkf45, solver::Formulation::SI2}}) {
    SCOPED_TRACE(int(c.integrator) * 10 + int(c.formulation));
    const auto r = run(model, 1.0, 0.05, c.integrator, c.formulation);
    const auto& st = r->outcome.status;
    ASSERT_TRUE(st.ok()) << st.message;
    EXPECT_EQ(st.stoppedBySensor, "floor_sensor");
    EXPECT_TRUE(st.halted);
    // The firing recorded for the plots' time axis: one, at the same time.
    ASSERT_EQ(st.sensorFirings.size(), 1u);
    EXPECT_EQ(st.sensorFirings[0].sensor, "floor_sensor");
    EXPECT_DOUBLE_EQ(st.sensorFirings[0].time, st.time);
    // The firing is where the integrated height crosses 500.000001 mm (root found to 1e-13 s); the
    // integrated fall itself follows the closed form to the tolerance (1e-8): within 2e-8 s.
    EXPECT_NEAR(st.time, expected, 2e-8);
    ASSERT_GT(r->results.size(), 2u);
    const auto last = r->results.frame(r->results.size() - 1);
    EXPECT_EQ(last.state.t, st.time);
    EXPECT_NEAR(height(last), 0.500000001, 1e-12);  // m: the root
    // The output times before it are all there: 0, 0.05, ..., 0.30, then the firing.
    EXPECT_EQ(r->results.size(), 8u);
    EXPECT_NEAR(r->results.frame(6).state.t, 0.30, 1e-12);
    bool noted = false;
    for (const auto& n : st.notes)
      noted |= n.find("SENSOR 'floor_sensor' fired at t = 0.3193") != std::string::npos;
    EXPECT_TRUE(noted);
  }
}

TEST(Sensor, PrintAddsAFrameAndEqCatchesABandCrossedInOneStep)
{
  // EQ with a band of 1e-9 mm: every step crosses it; PRINT writes the frame at the crossing and the
  // run goes on to its end.
  const Model model =
      imported(deck("SENSOR/1\n, VALUE = 500\n, ERROR = 1E-9\n, EQ\n"
                    ", PRINT\n, EVALUATE = TIME * 1000\\\n, FUNCTION = DY(3, 1)\n"));
  const auto r = run(model, 0.5, 0.1, solver::IntegratorType::Gstiff);
  ASSERT_TRUE(r->outcome.status.ok());
  EXPECT_TRUE(r->outcome.status.stoppedBySensor.empty());
  ASSERT_EQ(r->results.size(), 7u);  // 0, 0.1, 0.2, 0.3, the firing, 0.4, 0.5
  const double expected = std::sqrt(2.0 * (500.0 + 1e-9) / kG);
  EXPECT_NEAR(r->results.frame(4).state.t, expected, 2e-8);
  EXPECT_NEAR(height(r->results.frame(4)), 0.5 + 1e-12, 1e-13);  // the band entered from above
  EXPECT_NEAR(r->results.frame(5).state.t, 0.4, 1e-12);
  bool evaluated = false;
  for (const auto& n : r->outcome.status.notes)
    evaluated |= n.find("EVALUATE = 319.32") != std::string::npos;
  EXPECT_TRUE(evaluated);
}

TEST(Sensor, TwoSensorsFiringInOneStepEachActAtTheirOwnTime)
{
  // PRINT at 600 mm and HALT at 599.9 mm: 36 µs apart, within one step of the free fall. The PRINT
  // frame comes first, then the run ends at the HALT's own time (not lost behind the first firing).
  const std::string print = "SENSOR/1\n, VALUE = 600\n, ERROR = 0\n, LE\n, PRINT\n, FUNCTION = DY(3, 1)\n";
  const std::string halt = "!\nSENSOR/2\n, VALUE = 599.9\n, ERROR = 0\n, LE\n, HALT\n, FUNCTION = DY(3, 1)\n";
  for (const auto integrator : {solver::IntegratorType::Gstiff, solver::IntegratorType::Rkf45}) {
    SCOPED_TRACE(int(integrator));
    const Model model = imported(deck(print + halt));
    ASSERT_EQ(model.sensors.size(), 2u);
    const auto r = run(model, 1.0, 0.1, integrator);
    const auto& st = r->outcome.status;
    ASSERT_TRUE(st.ok()) << st.message;
    EXPECT_EQ(st.stoppedBySensor, model.sensors[1].name);
    EXPECT_TRUE(st.halted);
    const double tPrint = std::sqrt(2.0 * 400.0 / kG), tHalt = std::sqrt(2.0 * 400.1 / kG);
    EXPECT_NEAR(st.time, tHalt, 2e-8);
    // 0, 0.1, 0.2, the PRINT frame, the HALT frame.
    ASSERT_EQ(r->results.size(), 5u);
    EXPECT_NEAR(r->results.frame(3).state.t, tPrint, 2e-8);
    EXPECT_NEAR(height(r->results.frame(3)), 0.6, 1e-9);
    EXPECT_NEAR(r->results.frame(4).state.t, tHalt, 2e-8);
    EXPECT_NEAR(height(r->results.frame(4)), 0.5999, 1e-9);
  }
}

TEST(Sensor, ReturnRestartAndStepSize)
{
  // GE on the speed: |VY| >= 2000 mm/s at t = 2000 / g. RETURN ends the run there.
  const Model stop =
      imported(deck("SENSOR/1\n, VALUE = 2000\n, ERROR = 0\n, GE\n"
                    ", RETURN\n, FUNCTION = -VY(3, 1)\n"));
  const auto r = run(stop, 1.0, 0.1, solver::IntegratorType::Hht, solver::Formulation::I3);
  ASSERT_TRUE(r->outcome.status.ok());
  EXPECT_FALSE(r->outcome.status.halted);
  EXPECT_EQ(r->outcome.status.stoppedBySensor, "floor_sensor");
  EXPECT_NEAR(r->outcome.status.time, 2000.0 / kG, 2e-8);

  // RESTART with STEPSIZE restarts the integrator; the motion is the same free fall to the end.
  const Model restart =
      imported(deck("SENSOR/1\n, VALUE = 500\n, LE\n, RESTART\n"
                    ", STEPSIZE = 1E-4\n, FUNCTION = DY(3, 1)\n"));
  ASSERT_EQ(restart.sensors.size(), 1u);
  EXPECT_NEAR(restart.sensors[0].error, 1e-3, 0.0);  // Adams' default ERROR
  const auto rr = run(restart, 0.5, 0.1, solver::IntegratorType::Gstiff);
  ASSERT_TRUE(rr->outcome.status.ok());
  ASSERT_EQ(rr->results.size(), 6u);
  EXPECT_NEAR(height(rr->results.frame(5)), 1.0 - 0.5 * 9.80665 * 0.25, 1e-7);
}

TEST(Sensor, FileExportAndMisuse)
{
  const Model model =
      imported(deck("SENSOR/1\n, VALUE = 500\n, LE\n, HALT\n, PRINT\n, FUNCTION = DY(3, 1)\n"));
  const auto back = modelFromString(modelToString(model));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back.model->sensors, model.sensors);
  const auto adm = exportAdm(model);
  ASSERT_TRUE(adm.errors.empty());
  auto again = importAdmFromString(adm.text, "again.adm");
  for (const auto& e : again.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(again.ok());
  ASSERT_EQ(again.model->sensors.size(), 1u);
  EXPECT_TRUE(again.model->sensors[0].halt && again.model->sensors[0].print);
  EXPECT_EQ(again.model->sensors[0].compare, SensorCompare::LessEqual);

  const auto error = [](const std::string& sensor) {
    auto r = importAdmFromString(deck(sensor), "bad.adm");
    return r.errors.empty() ? std::string() : r.errors.front().toString();
  };
  EXPECT_NE(error("SENSOR/1, VALUE = 1, DT = 0.1, FUNCTION = DY(3, 1)\n").find("output step"),
            std::string::npos);
  EXPECT_NE(error("SENSOR/1, VALUE = 1, GE, LE, FUNCTION = DY(3, 1)\n").find("one of EQ, GE and LE"),
            std::string::npos);
  EXPECT_NE(error("SENSOR/1, VALUE = 1, FUNCTION = USER(1)\n").find("USER"), std::string::npos);
  EXPECT_NE(error("SENSOR/1, FUNCTION = DY(3, 1)\n").find("VALUE="), std::string::npos);

  // A sensor is evaluated on positions and velocities: accelerations (also through a VARIABLE) and
  // solved loads are refused, naming the sensor.
  const auto refusal = [](const std::string& text) {
    auto r = importAdmFromString(deck(text), "bad.adm");
    if (!r.ok())
      return r.errors.front().toString();
    const CompileResult c = compile(*r.model);
    return c.ok ? std::string() : c.diagnostics.front().toString();
  };
  const std::string acc = refusal("SENSOR/1\n, VALUE = 1\n, GE\n, FUNCTION = -ACCY(3, 1)\n");
  EXPECT_NE(acc.find("sensor 'floor_sensor': ACCY() reads an acceleration"), std::string::npos) << acc;
  const std::string viaVariable =
      refusal("VARIABLE/1\n, FUNCTION = WDTZ(3)\n!\nSENSOR/1\n, VALUE = 1\n, GE\n, FUNCTION = VARVAL(1)\n");
  EXPECT_NE(viaVariable.find("(WDTZ()) reads an acceleration"), std::string::npos) << viaVariable;
  const std::string load = refusal("SENSOR/1\n, VALUE = 1\n, GE\n, FUNCTION = FY(3)\n");
  EXPECT_NE(load.find("reads a solved load"), std::string::npos) << load;

  // DMBS does not evaluate sensors: refused, naming the sensor.
  const auto d = run(model, 1.0, 0.1, solver::IntegratorType::Gstiff, solver::Formulation::DMBS);
  EXPECT_FALSE(d->outcome.status.ok());
  EXPECT_NE(d->outcome.status.message.find("floor_sensor"), std::string::npos);
  // The automatic formulation (the default) therefore takes SI2 for it, and says why.
  const auto a = run(model, 1.0, 0.1, solver::IntegratorType::Gstiff, solver::Formulation::Auto);
  ASSERT_TRUE(a->outcome.status.ok()) << a->outcome.status.message;
  EXPECT_EQ(a->outcome.status.stoppedBySensor, "floor_sensor");
  ASSERT_FALSE(a->outcome.status.notes.empty());
  EXPECT_NE(a->outcome.status.notes.front().find("formulation (automatic): SI2"), std::string::npos)
      << a->outcome.status.notes.front();
}

TEST(Sensor, CommandFilesActivateAndDeactivate)
{
  const auto dir = std::filesystem::temp_directory_path() / "mbs_sensor_acf_test";
  std::filesystem::create_directories(dir);
  std::ofstream(dir / "ball.adm") << deck("SENSOR/1\n, VALUE = 500\n, LE\n, HALT\n, FUNCTION = DY(3, 1)\n");
  std::ofstream(dir / "run.acf")
      << "ball\nresults\nDEACTIVATE/SENSOR, ID = 1\nSIMULATE/DYNAMIC, END = 1, STEPS = 10\n"
         "ACTIVATE/SENSOR, ID = 1\nSIMULATE/DYNAMIC, END = 2, STEPS = 10\nSTOP\n";
  const auto acf = readAdamsCommandFile((dir / "run.acf").string());
  for (const auto& e : acf.errors)
    ADD_FAILURE() << e.toString();
  for (const auto& e : acf.dataset.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(acf.ok());
  ASSERT_EQ(acf.commands.size(), 5u);
  EXPECT_EQ(acf.commands[0].sensors, std::vector<std::string>{"floor_sensor"});
  Diagnostics notes;
  const Model first = modelForFirstSimulate(acf, notes);
  ASSERT_EQ(first.sensors.size(), 1u);
  EXPECT_FALSE(first.sensors[0].active);
  // Inactive: compiled without it, the fall runs to its end.
  const auto r = run(first, 0.5, 0.1, solver::IntegratorType::Gstiff);
  EXPECT_TRUE(r->outcome.status.stoppedBySensor.empty());
  EXPECT_EQ(r->results.size(), 6u);
}
