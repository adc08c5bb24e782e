// Joint initial conditions in the property editor: a revolute joint offers rotation and angular
// velocity (degrees in the panel, radians in the model), each with a "set" box; ticking and typing
// is one undo step, unticking removes the value.
#include <gtest/gtest.h>

#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <cmath>

#include "GuiTestSupport.hpp"
#include "mbs/core/Model.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/PropertyPanel.hpp"

using namespace mbs;

TEST(PropertyPanel, JointInitialConditionsWithUnitsAndOneUndoStep)
{
  test::application();
  ui::MainWindow window;
  ASSERT_TRUE(window.openFile(QString(MBS_RESOURCES_DIR) + "/models/slider_crank.mbs.json", true));
  ui::Document& doc = window.document();
  const core::JointId pin = doc.model().findJoint("crank_pin_joint");
  ASSERT_TRUE(pin.valid());
  doc.setSelection({core::EntityRef(pin)});
  ui::PropertyPanel& panel = window.properties();
  auto* set = panel.findChild<QCheckBox*>("/initial_conditions/angular_velocity/set");
  auto* value = panel.findChild<QDoubleSpinBox*>("/initial_conditions/angular_velocity");
  ASSERT_NE(set, nullptr);
  ASSERT_NE(value, nullptr);
  EXPECT_EQ(panel.findChild<QDoubleSpinBox*>("/initial_conditions/translation"), nullptr)
      << "a revolute joint has no translation";
  EXPECT_FALSE(set->isChecked());
  EXPECT_FALSE(value->isEnabled());

  const auto steps = doc.undoStack().size();
  set->setChecked(true);
  value = panel.findChild<QDoubleSpinBox*>("/initial_conditions/angular_velocity");
  ASSERT_NE(value, nullptr);
  EXPECT_TRUE(value->isEnabled());
  value->setValue(M_PI / 2.0);  // the box holds SI (rad/s); it shows 90 deg/s
  EXPECT_TRUE(value->text().startsWith("90")) << value->text().toStdString();
  const core::Joint& joint = *doc.model().joint(pin);
  ASSERT_TRUE(joint.initial.angularVelocity.has_value());
  EXPECT_NEAR(*joint.initial.angularVelocity, M_PI / 2.0, 1e-12);
  EXPECT_FALSE(joint.initial.rotation.has_value()) << "unticked values stay free";
  EXPECT_EQ(doc.undoStack().size(), steps + 1) << "tick + value is one undo step";

  // Unticking removes it; undo brings the model back to no initial conditions.
  set = panel.findChild<QCheckBox*>("/initial_conditions/angular_velocity/set");
  set->setChecked(false);
  EXPECT_FALSE(doc.model().joint(pin)->initial.angularVelocity.has_value());
  window.findChild<QAction*>("actionUndo")->trigger();
  EXPECT_TRUE(doc.model().joint(pin)->initial.empty());
  EXPECT_FALSE(panel.findChild<QCheckBox*>("/initial_conditions/angular_velocity/set")->isChecked());
}
