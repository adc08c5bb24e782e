// INVPSD (issue 28): a signal regenerated from a power spectral density spline. Its phases are
// random, so the checks are what Adams defines: the mean square equals the spectrum's integral from
// f0 to f1, each sine's amplitude is sqrt(2 S(f) Δf), the same seed gives the same signal.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "TestUtil.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Compile.hpp"

using namespace mbs::core;

namespace {

// A motion driven by `function`, with the spectrum `psd` as the model's spline "psd"; samples of the
// function at N = 1000 points of one second (every frequency below is a whole number of Hz, so
// the samples' sums of products of sines are exact).
struct Signal {
  std::vector<double> samples;
  explicit Signal(const std::string& function, const Spline& psd)
  {
    test::MotionModel m;
    m.model.splines.push_back(psd);
    m.model.motion(m.model.motions().front().id)->function = function;
    const CompileResult c = compile(m.model);
    for (const auto& d : c.diagnostics)
      ADD_FAILURE() << d.toString();
    if (!c.ok)
      return;
    for (int k = 0; k < 1000; ++k)
      samples.push_back(c.model.motions.front().displacement->value(k / 1000.0));
  }
  double meanSquare() const
  {
    double s = 0.0;
    for (const double x : samples)
      s += x * x;
    return s / double(samples.size());
  }
  // The amplitude of the signal's sine of frequency f (Hz): its discrete Fourier coefficient.
  double amplitude(double f) const
  {
    double a = 0.0, b = 0.0;
    for (std::size_t k = 0; k < samples.size(); ++k) {
      const double w = 2.0 * std::numbers::pi * f * double(k) / double(samples.size());
      a += samples[k] * std::sin(w);
      b += samples[k] * std::cos(w);
    }
    return 2.0 * std::hypot(a, b) / double(samples.size());
  }
};

Spline spectrum(std::vector<double> f, std::vector<double> s)
{
  Spline psd;
  psd.name = "psd";
  psd.x = std::move(f);
  psd.y = {std::move(s)};
  return psd;
}

}  // namespace

TEST(PowerSpectrum, AFlatSpectrumGivesItsIntegralAsTheMeanSquare)
{
  const double s0 = 0.01;  // unit²/Hz
  const Signal x("INVPSD(TIME, psd, 1, 10, 10, 0, 7)", spectrum({0, 30, 60, 100}, {s0, s0, s0, s0}));
  ASSERT_EQ(x.samples.size(), 1000u);
  EXPECT_NEAR(x.meanSquare(), s0 * (10 - 1), 1e-12);
  // Ten sines 1 Hz apart: sqrt(2 S Δf) inside, the trapezoid's half weight at the two ends.
  EXPECT_NEAR(x.amplitude(4), std::sqrt(2 * s0 * 1.0), 1e-12);
  EXPECT_NEAR(x.amplitude(1), std::sqrt(2 * s0 * 0.5), 1e-12);
  EXPECT_NEAR(x.amplitude(10), std::sqrt(2 * s0 * 0.5), 1e-12);
  EXPECT_NEAR(x.amplitude(11), 0.0, 1e-12);
}

TEST(PowerSpectrum, TheSeedChoosesThePhasesOnly)
{
  const Spline psd = spectrum({0, 30, 60, 100}, {0.01, 0.01, 0.01, 0.01});
  const Signal a("INVPSD(TIME, psd, 2, 20, 10, 0, 3)", psd), b("INVPSD(TIME, psd, 2, 20, 10, 0, 3.7)", psd),
      c("INVPSD(TIME, psd, 2, 20, 10, 0, 4)", psd);
  EXPECT_EQ(a.samples, b.samples);  // int(3.7) = 3, as Adams casts the seed
  EXPECT_NE(a.samples, c.samples);
  EXPECT_NEAR(a.meanSquare(), c.meanSquare(), 1e-12);
  for (const double f : {2.0, 8.0, 20.0})
    EXPECT_NEAR(a.amplitude(f), c.amplitude(f), 1e-12) << f;
}

// linlog = 1 interpolates the spectrum as a straight line in log-log axes: S = 1/f² through its
// points at 1, 10, 100 and 1000 Hz is exact between them, where linear interpolation is not.
TEST(PowerSpectrum, LogarithmicInterpolationFollowsAPowerLaw)
{
  const Spline psd = spectrum({1, 10, 100, 1000}, {1.0, 1e-2, 1e-4, 1e-6});
  const Signal logLog("INVPSD(TIME, psd, 2, 20, 10, 1, 0)", psd),
      linear("INVPSD(TIME, psd, 2, 20, 10, 0, 0)", psd);
  for (const double f : {4.0, 6.0, 14.0})
    EXPECT_NEAR(logLog.amplitude(f), std::sqrt(2 * 2.0 / (f * f)), 1e-12) << f;
  const double linearS4 = 1.0 + (1e-2 - 1.0) * (4.0 - 1.0) / 9.0;
  EXPECT_NEAR(linear.amplitude(4), std::sqrt(2 * 2.0 * linearS4), 1e-12);
}

TEST(PowerSpectrum, ArgumentsOutOfRangeAreNamed)
{
  test::MotionModel m;
  m.model.splines.push_back(spectrum({0, 30, 60, 100}, {0.01, 0.01, 0.01, 0.01}));
  EXPECT_NE(m.error("INVPSD(TIME, psd, 1, 10, 1, 0, 0)").find("nf (the number of frequencies, 2 or more)"),
            std::string::npos);
  EXPECT_NE(m.error("INVPSD(TIME, psd, 1, 10, 10, 2, 0)").find("linlog"), std::string::npos);
  EXPECT_NE(m.error("INVPSD(TIME, drive, 1, 10, 10, 0, 0)").find("SPLINE"), std::string::npos);
}

// As Adams/View writes it: the spline by its id, which the import names.
TEST(PowerSpectrum, AnAdamsDeckReadsItsSplineById)
{
  const auto deck = importAdmFromString(R"(road
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = MILLIMETER, TIME = SECOND
PART/1, GROUND
MARKER/10, PART = 1
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2
JOINT/1, TRANSLATIONAL, I = 20, J = 10
!                      adams_view_name='road_psd'
SPLINE/3
, X = 0.5, 5, 20, 50
, Y = 4E-4, 4E-4, 4E-4, 4E-4
MOTION/1, JOINT = 1, TRANSLATION, FUNCTION = INVPSD(TIME, 3, 1, 10, 10, 0, 1)
END
)",
                                        "road.adm");
  ASSERT_TRUE(deck.ok()) << deck.errors[0].toString();
  EXPECT_NE(deck.model->motions()[0].function.find("INVPSD(TIME, road_psd, 1, 10, 10, 0, 1)"),
            std::string::npos)
      << deck.model->motions()[0].function;
}
