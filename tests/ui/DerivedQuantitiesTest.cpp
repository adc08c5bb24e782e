// The post-processing quantities computed from the results (DMBS manual §5.3–5.4): on the
// pendulum released from the horizontal, the total mechanical energy stays at its start value, the
// joint angle equals the part's Bryant angle about z and its rate the relative angular velocity,
// the CM marker moves with the part's CM and the pivot marker stays on the pivot.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QTest>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

TEST(PlotPanel, DerivedQuantitiesOfTheFreePendulum)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/pendulum.mbs.json", true));
  ASSERT_EQ(test::runDynamic(window, 1.0, 200), "");

  ui::PlotPanel& plot = window.plot();
  auto curve = [&plot](const char* entity, const char* quantity) {
    EXPECT_TRUE(plot.addCurve(entity, quantity)) << entity << ": " << quantity;
    return plot.samples(plot.curveCount() - 1);
  };
  const auto kinetic = curve("Whole model", "Kinetic energy [J]");
  const auto total = curve("Whole model", "Total mechanical energy [J]");
  const auto partKinetic = curve("bob", "Kinetic energy [J]");
  const auto jointAngle = curve("pivot_joint", "Relative angle about z [deg]");
  const auto jointRate = curve("pivot_joint", "Relative angular velocity z [deg/s]");
  const auto bryantZ = curve("bob", "Bryant angle γ (about z) [deg]");
  const auto markerY = curve("bob_cm", "Position y [m]");
  const auto cmY = curve("bob", "CM position y [m]");
  const auto pivotSpeed = curve("bob_pivot", "Speed |v| [m/s]");
  ASSERT_EQ(total.size(), 201u);

  double largestKinetic = 0.0;
  for (const auto& [t, e] : kinetic)
    largestKinetic = std::max(largestKinetic, e);
  EXPECT_GT(largestKinetic, 9.0) << "1 kg falling 1 m gains about 9.8 J";
  for (std::size_t k = 0; k < total.size(); ++k) {
    EXPECT_NEAR(total[k].second, total.front().second, 2e-3 * largestKinetic) << "t = " << total[k].first;
    EXPECT_NEAR(partKinetic[k].second, kinetic[k].second, 1e-9);
    EXPECT_NEAR(jointAngle[k].second, bryantZ[k].second, 1e-6);
    EXPECT_NEAR(markerY[k].second, cmY[k].second, 1e-12);
    EXPECT_LT(pivotSpeed[k].second, 1e-3) << "the pivot marker stays on the pivot";
  }
  // The angle's rate is the relative angular velocity (central differences inside the run).
  for (std::size_t k = 20; k + 20 < jointAngle.size(); k += 20) {
    const double rate = (jointAngle[k + 1].second - jointAngle[k - 1].second) /
                        (jointAngle[k + 1].first - jointAngle[k - 1].first);
    EXPECT_NEAR(rate, jointRate[k].second, 0.02 * std::abs(jointRate[k].second) + 1.0)
        << "t = " << jointAngle[k].first;
  }
  // A quarter swing down from the horizontal: the bob passes below the pivot (angle about -90°
  // from its start at 180°, as the bob hangs on the -x side).
  double lowest = 0.0;
  for (const auto& [t, y] : cmY)
    lowest = std::min(lowest, y);
  EXPECT_NEAR(lowest, -1.0, 1e-3);
}
