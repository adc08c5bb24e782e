// A long run in the GUI keeps every frame readable with bounded memory (issue 29): past the newest
// 4096 frames the Run panel's result store spills to a temporary file. A free fall with 6000 output
// steps: frames are spilled, and the first, a middle and the last frame read back through the store
// and the Plot panel follow y = -g t^2 / 2.
#include <gtest/gtest.h>

#include <QDir>
#include <QFile>

#include "GuiTestSupport.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"

using namespace mbs;

TEST(ResultSpill, LongRunsSpillFramesThatStayReadable)
{
  test::application();
  const QString path = QDir::temp().filePath("mbs_spill_free_fall.mbs.json");
  {
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write(R"({"format": "mbstudio-model", "version": 1, "name": "free fall", "gravity": [0, -9.81, 0],
      "parts": [{"id": 1, "name": "ground", "ground": true},
                {"id": 10, "name": "ball", "mass": 1, "cm_marker": "ball_cm",
                 "inertia": {"ixx": 1, "iyy": 1, "izz": 1}, "position": [0, 0, 0]}],
      "markers": [{"id": 11, "name": "ball_cm", "part": "ball", "position": [0, 0, 0]}]})");
  }
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(path, true));
  ASSERT_EQ(test::runDynamic(window, 1.0, 6000, 120000), "");
  const solver::ResultStore* store = window.results().store();
  ASSERT_NE(store, nullptr);
  ASSERT_EQ(store->size(), 6001u);
  EXPECT_GT(store->spilledFrames(), 0u);
  EXPECT_LE(store->residentFrames(), 4096u + 1024u);
  for (const size_t k : {size_t(0), size_t(3000), size_t(6000)}) {
    const solver::ResultFrame frame = store->frame(k);
    const double t = frame.state.t;
    EXPECT_NEAR(t, k / 6000.0, 1e-12);
    EXPECT_NEAR(frame.bodies.at(0).position.y(), -0.5 * 9.81 * t * t, 1e-6) << "frame " << k;
  }
  QFile::remove(path);
}
