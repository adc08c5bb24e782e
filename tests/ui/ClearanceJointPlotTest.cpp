// The bundled clearance example (issue 14, resources/models/journal_bearing_clearance.mbs.json) run
// from the GUI: the Plot panel offers the joint's contact outputs, and the journal ends resting at
// the closed-form penetration (m g / K)^(1/n) with the normal force m g, hanging straight down.
#include <gtest/gtest.h>

#include <QFile>
#include <QImage>

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

// The orbit quantity: the journal centre's path relative to the bearing (eccentricity y against x in
// the bearing's axes) in a subplot of its own, bounded by the clearance circle, ending where the
// journal rests: straight below the centre at |e| = c + (m g / K)^(1/n).
TEST(PlotPanel, DrawsTheJournalOrbitOfAClearanceJoint)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 1000);
  window.show();
  ASSERT_TRUE(
      window.openFile(QString(MBS_RESOURCES_DIR) + "/models/journal_bearing_clearance.mbs.json", true));
  ASSERT_EQ(test::runDynamic(window, 0.5, 200), "");
  ui::PlotPanel& plot = window.plot();
  const char* entity = "bearing (clearance contact)";
  ASSERT_TRUE(plot.addCurve(entity, "Eccentricity x [m]"));
  ASSERT_TRUE(plot.addCurve(entity, "Orbit: eccentricity y vs x [m]"));
  EXPECT_EQ(plot.subplotCount(), 2) << "an orbit does not share the time subplot";
  EXPECT_FALSE(plot.isOrbitSubplot(0));
  EXPECT_TRUE(plot.isOrbitSubplot(1));
  ASSERT_TRUE(plot.addCurve(entity, "Eccentricity y [m]"));
  EXPECT_EQ(plot.subplotCount(), 3) << "a time curve after an orbit starts a subplot of time again";

  const auto ex = plot.samples(0), orbit = plot.samples(1), ey = plot.samples(2);
  ASSERT_EQ(orbit.size(), 201u);
  ASSERT_EQ(ex.size(), orbit.size());
  const double c = 5e-4, mg = 2.0 * 9.81, resting = std::pow(mg / 1e9, 1.0 / 1.5);
  double deepest = 0.0;
  for (std::size_t k = 0; k < orbit.size(); ++k) {
    EXPECT_DOUBLE_EQ(orbit[k].first, ex[k].second) << "x of the orbit is the eccentricity x at frame " << k;
    EXPECT_DOUBLE_EQ(orbit[k].second, ey[k].second) << "y of the orbit is the eccentricity y at frame " << k;
    deepest = std::max(deepest, std::hypot(orbit[k].first, orbit[k].second) - c);
  }
  EXPECT_NEAR(std::hypot(orbit.front().first, orbit.front().second), 0.0, 1e-12) << "released at the centre";
  EXPECT_NEAR(orbit.back().first, 0.0, 1e-3 * c);
  EXPECT_NEAR(orbit.back().second, -(c + resting), 1e-3 * resting);
  // The first impact (0.5 mm fall: v = √(2 g c)) goes deeper than resting but stays a small part of c.
  EXPECT_GT(deepest, resting);
  EXPECT_LT(deepest, 0.1 * c);

  // The cursor readout gives the journal centre; the CSV has the orbit's x and y against time.
  plot.setCursorTime(0.5);
  EXPECT_TRUE(plot.readout().contains(QString("%1: Orbit: eccentricity y vs x [m] = (").arg(entity)))
      << plot.readout().toStdString();
  const QString csv = test::screenshotDir() + "/clearance_orbit.csv";
  ASSERT_TRUE(plot.exportTo(csv));
  QFile file(csv);
  ASSERT_TRUE(file.open(QIODevice::ReadOnly | QIODevice::Text));
  const QString header = QString::fromUtf8(file.readLine()).trimmed();
  EXPECT_TRUE(header.contains("Orbit: eccentricity y vs x [m] (x)")) << header.toStdString();
  EXPECT_TRUE(header.contains("Orbit: eccentricity y vs x [m] (y)")) << header.toStdString();
  EXPECT_EQ(header.count(','), 4) << "time, e_x, orbit x, orbit y, e_y";
  ASSERT_TRUE(plot.exportTo(test::screenshotDir() + "/clearance_orbit_plot.png"));
  QImage figure(test::screenshotDir() + "/clearance_orbit_plot.png");
  EXPECT_GT(test::distinctColours(figure), 8);
}
