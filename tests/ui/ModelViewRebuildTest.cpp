// The 3-D view is rebuilt when what it draws changes, not for the model's own settings: the Run
// panel's end time (a second's pause per change on a 10,000-part model before), whereas gravity
// (the floor grid and the vertical) and a part's geometry are redrawn.
#include <gtest/gtest.h>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/RunPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs {
namespace {

TEST(ModelViewRebuild, SettingsEditsLeaveTheSceneWhileGravityAndPartsRebuildIt)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(test::showWithExample(window, "slider_crank.mbs.json"));
  ui::Document& doc = window.document();
  const ui::ModelView& view = window.modelView();
  const int before = view.sceneRebuilds();
  auto set = [&](core::EntityRef ref, const char* pointer, nlohmann::ordered_json value) {
    QString error;
    ASSERT_TRUE(doc.execute(std::make_unique<core::SetProperty>(ref, pointer, value), &error))
        << error.toStdString();
  };
  set(core::EntityRef(), "/analysis/end_time", 2.0);
  set(core::EntityRef(), "/analysis/output_steps", 300);
  set(core::EntityRef(), "/name", "renamed");
  EXPECT_EQ(view.sceneRebuilds(), before) << "the model's settings are not drawn";
  doc.undoStack().undo();
  EXPECT_EQ(view.sceneRebuilds(), before);

  set(core::EntityRef(), "/gravity", nlohmann::ordered_json::array({0.0, 0.0, -9.81}));
  EXPECT_EQ(view.sceneRebuilds(), before + 1) << "gravity sets the floor grid";
  const core::Part& crank = *doc.model().part(doc.model().findPart("crank"));
  set(core::EntityRef(crank.id), "/mass", 0.7);
  EXPECT_EQ(view.sceneRebuilds(), before + 2) << "a part's edit is drawn";
}

}  // namespace
}  // namespace mbs
