// The bundled clearance example (issue 14, resources/models/journal_bearing_clearance.mbs.json) run
// from the GUI: the Plot panel offers the joint's contact outputs, and the journal ends resting at
// the closed-form penetration (m g / K)^(1/n) with the normal force m g, hanging straight down.
#include <gtest/gtest.h>

#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

TEST(PlotPanel, OffersTheContactOutputsOfAClearanceJoint)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(
      window.openFile(QString(MBS_RESOURCES_DIR) + "/models/journal_bearing_clearance.mbs.json", true));
  ASSERT_EQ(test::runDynamic(window, 0.5, 100), "");
  ui::PlotPanel& plot = window.plot();
  const char* entity = "bearing (clearance contact)";
  ASSERT_TRUE(plot.addCurve(entity, "Penetration [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "Contact normal force [N]"));
  ASSERT_TRUE(plot.addCurve(entity, "Eccentricity y [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "In contact (1 = contact)"));
  const auto penetration = plot.samples(0), normal = plot.samples(1), ey = plot.samples(2),
             contact = plot.samples(3);
  ASSERT_EQ(penetration.size(), 101u);
  EXPECT_NEAR(penetration.front().second, -5e-4, 1e-9);  // released at the bearing centre
  EXPECT_EQ(contact.front().second, 0.0);
  const double mg = 2.0 * 9.81, expected = std::pow(mg / 1e9, 1.0 / 1.5);
  EXPECT_NEAR(penetration.back().second, expected, 1e-3 * expected);
  EXPECT_NEAR(normal.back().second, mg, 1e-3 * mg);
  EXPECT_NEAR(ey.back().second, -(5e-4 + expected), 1e-3 * expected);
  EXPECT_EQ(contact.back().second, 1.0);
}
