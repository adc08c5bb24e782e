// The record of delayed signals (Adams' DELAY, loads/SignalRecord.hpp): a step retried from an
// earlier state drops what was recorded at or after it; the interpolation is exact for polynomials
// up to order 6 on uneven steps, linear across a jump and never across a corner; recordedValue reads
// only the record of the run in progress and the current value.
#include <gtest/gtest.h>

#include <cmath>

#include "loads/SignalRecord.hpp"

namespace mbs::solver {
namespace {

// A signal equal to the time (so the record is known exactly).
class Clock final : public RecordedSignal {
public:
  double value(const StateView& state) const override { return 3.0 * state.time(); }
  std::string describe() const override { return "clock"; }
};

double poly(double t)
{
  return 1.0 - 2.0 * t + 0.5 * t * t * t - 0.25 * std::pow(t, 6);
}

}  // namespace

TEST(DelayRecord, RetriedStepsReplaceWhatWasRecordedAfterTheirStart)
{
  Model model;
  const auto clock = std::make_shared<Clock>();
  model.recordedSignals.push_back(clock);
  loads::SignalRecord record;
  const Vec q, qd;
  for (double t : {0.0, 0.1, 0.25, 0.4})
    record.record(model, t, q, qd);
  record.record(model, 0.25, q, qd);  // the step from 0.25 was rejected and is retried
  EXPECT_EQ(record.times, (std::vector<double>{0.0, 0.1, 0.25}));
  record.record(model, 0.2, q, qd);  // a restart from an earlier state
  EXPECT_EQ(record.times, (std::vector<double>{0.0, 0.1, 0.2}));
  ASSERT_EQ(record.values.size(), 1u);
  EXPECT_EQ(record.values[0], (std::vector<double>{0.0, 0.30000000000000004, 0.6000000000000001}));

  // recordedValue reads the record of the run in progress only, and the value now at t.
  EXPECT_FALSE(recordedValue(*clock, 0.15, 0.3, 0.9).has_value());
  {
    const loads::ScopedSignalRecord run(&record);
    EXPECT_NEAR(*recordedValue(*clock, 0.15, 0.3, 0.9), 0.45, 1e-14);
    EXPECT_NEAR(*recordedValue(*clock, 0.25, 0.3, 0.9), 0.75, 1e-14);  // between the record and now
    EXPECT_TRUE(std::isnan(*recordedValue(*clock, -0.05, 0.3, 0.9)));  // before the record
    const Clock other;
    EXPECT_FALSE(recordedValue(other, 0.15, 0.3, 0.9).has_value());  // not recorded
  }
  EXPECT_FALSE(recordedValue(*clock, 0.15, 0.3, 0.9).has_value());
}

TEST(DelayRecord, InterpolationIsExactForOrderSixOnUnevenSteps)
{
  std::vector<double> times, values;
  double t = 0.0;
  for (int k = 0; k < 30; ++k) {
    times.push_back(t);
    values.push_back(poly(t));
    t += 0.01 * (1.0 + 0.7 * std::sin(3.0 * k));  // uneven steps, as an integrator takes them
  }
  for (double s : {0.003, 0.05, 0.1234, 0.2, times.back() - 1e-3})
    EXPECT_NEAR(loads::detail::interpolateSignal(times, values, s), poly(s), 1e-13) << s;
  EXPECT_DOUBLE_EQ(loads::detail::interpolateSignal(times, values, times.back()), values.back());
  EXPECT_TRUE(std::isnan(loads::detail::interpolateSignal(times, values, -1e-9)));
  // Order 1 is linear interpolation.
  EXPECT_NEAR(loads::detail::interpolateSignal({0.0, 1.0, 2.0}, {0.0, 1.0, 4.0}, 1.5, 1), 2.5, 1e-15);
}

TEST(DelayRecord, JumpsAndCornersAreNotInterpolatedAcross)
{
  // A step of 2 between t = 0.5 and 0.6 (more than the jump threshold 0.5): linear inside that
  // interval; the constant pieces on either side stay exactly constant (no ringing).
  std::vector<double> times, values;
  for (int k = 0; k <= 10; ++k) {
    times.push_back(0.1 * k);
    values.push_back(k <= 5 ? 1.0 : 3.0);
  }
  EXPECT_NEAR(loads::detail::interpolateSignal(times, values, 0.55), 2.0, 1e-14);
  EXPECT_NEAR(loads::detail::interpolateSignal(times, values, 0.45), 1.0, 1e-14);
  EXPECT_NEAR(loads::detail::interpolateSignal(times, values, 0.65), 3.0, 1e-14);
  // |t − 0.5|: a corner of 90° at 0.5; each side is interpolated on its own straight piece.
  values.clear();
  for (double tk : times)
    values.push_back(std::abs(tk - 0.5));
  EXPECT_NEAR(loads::detail::interpolateSignal(times, values, 0.47), 0.03, 1e-14);
  EXPECT_NEAR(loads::detail::interpolateSignal(times, values, 0.52), 0.02, 1e-14);
}

}  // namespace mbs::solver
