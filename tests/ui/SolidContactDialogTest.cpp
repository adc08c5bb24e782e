// Build ▸ Contact and a part's Add Solid (issue 30), as a user does them: a ball over a box floor
// gets its contact through the dialog, falls, hits and rebounds; the plot picker offers the pair's
// force, which is zero in free fall and carries the ball's weight-scaled impact after it; undo and
// redo remove and restore the contact, a double-click edits it, Delete removes it. Bad choices are
// refused in the dialog with the reason.
#include <gtest/gtest.h>

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <cmath>

#include <gmsh.h>

#include "GuiTestSupport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/mesh/GmshSession.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/dialogs/ContactDialog.hpp"
#include "mbs/ui/dialogs/SolidDialog.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/panels/ModelTreePanel.hpp"
#include "mbs/ui/panels/PlotPanel.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

using namespace mbs;

namespace {

// The bundled ball-drop example without its contact: the ball falls through the floor.
void openBallWithoutContact(ui::MainWindow& window)
{
  ASSERT_TRUE(window.openFile(test::exampleModel("ball_drop_contact.mbs.json"), true));
  ui::Document& doc = window.document();
  const core::ForceId contact = doc.model().findForce("ball_on_floor");
  ASSERT_TRUE(contact.valid());
  QString error;
  ASSERT_TRUE(doc.execute(std::make_unique<core::RemoveEntity>(core::EntityRef(contact)), &error))
      << error.toStdString();
  ASSERT_TRUE(doc.model().forces().empty());
}

ui::ContactDialog* openContactDialog(ui::MainWindow& window)
{
  auto* action = window.findChild<QAction*>("actionContact");
  if (!action)
    return nullptr;
  action->trigger();
  for (auto* dialog : window.findChildren<ui::ContactDialog*>())
    if (dialog->isVisible())
      return dialog;
  return nullptr;
}

QPushButton* applyButton(QDialog* dialog)
{
  return dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Apply);
}

}  // namespace

TEST(SolidContactDialog, BallOnFloorBuiltRunPlottedUndoneEditedDeleted)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  openBallWithoutContact(window);
  ui::Document& doc = window.document();
  const auto stepsBefore = doc.undoStack().size();

  ui::ContactDialog* dialog = openContactDialog(window);
  ASSERT_NE(dialog, nullptr);
  // Adams/View's defaults in SI: K = 1e5 N/mm^2.2, c = 10 N·s/mm, d = 0.1 mm, e = 2.2;
  // μs 0.3, μd 0.1, 100 and 1000 mm/s.
  EXPECT_NEAR(dialog->stiffness->value(), 1e5 * std::pow(1000.0, 2.2), 1.0);
  EXPECT_DOUBLE_EQ(dialog->exponent->value(), 2.2);
  EXPECT_DOUBLE_EQ(dialog->damping->value(), 1e4);
  EXPECT_DOUBLE_EQ(dialog->penetrationDepth->value(), 1e-4);
  EXPECT_DOUBLE_EQ(dialog->muStatic->value(), 0.3);
  EXPECT_DOUBLE_EQ(dialog->muDynamic->value(), 0.1);
  EXPECT_DOUBLE_EQ(dialog->stictionVelocity->value(), 0.1);
  EXPECT_DOUBLE_EQ(dialog->frictionVelocity->value(), 1.0);
  EXPECT_FALSE(dialog->penalty->isVisibleTo(dialog)) << "POISSON's fields hidden under IMPACT";
  EXPECT_FALSE(dialog->muStatic->isVisibleTo(dialog)) << "no friction fields without friction";

  dialog->name->setText("ball_floor");
  ASSERT_TRUE(dialog->choose(dialog->iSolids, "ball", 0));
  ASSERT_TRUE(dialog->choose(dialog->jSolids, "ground"));  // all its solids: the floor box
  dialog->law->setCurrentIndex(1);                         // POISSON
  EXPECT_TRUE(dialog->penalty->isVisibleTo(dialog));
  EXPECT_FALSE(dialog->stiffness->isVisibleTo(dialog));
  dialog->penalty->setValue(1e7);
  dialog->restitution->setValue(0.8);
  dialog->friction->setCurrentIndex(1);  // Coulomb
  EXPECT_TRUE(dialog->muStatic->isVisibleTo(dialog));
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/contact_dialog.png");

  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), stepsBefore + 1) << "one undo step";
  const core::ForceId id = doc.model().findForce("ball_floor");
  ASSERT_TRUE(id.valid());
  const core::Force created = *doc.model().force(id);
  EXPECT_EQ(created.kind, core::ForceKind::Contact);
  ASSERT_TRUE(created.contact.has_value());
  const core::ContactParameters& c = *created.contact;
  EXPECT_EQ(c.law, core::ContactLaw::Poisson);
  EXPECT_DOUBLE_EQ(c.penalty, 1e7);
  EXPECT_DOUBLE_EQ(c.restitution, 0.8);
  EXPECT_EQ(c.friction, core::ContactFriction::On);
  ASSERT_EQ(c.iSolids.size(), 1u);
  EXPECT_EQ(c.iSolids[0].kind, core::ContactSolidKind::Sphere);
  EXPECT_DOUBLE_EQ(c.iSolids[0].radius, 0.05);
  ASSERT_EQ(c.jSolids.size(), 1u);
  EXPECT_EQ(c.jSolids[0].kind, core::ContactSolidKind::Box);
  EXPECT_EQ(c.jSolids[0].size, core::Vec3(0.6, 0.6, 0.05));
  EXPECT_EQ(doc.model().partOf(created.iMarker), doc.model().findPart("ball"));
  EXPECT_EQ(doc.model().partOf(created.jMarker), doc.model().ground().id);
  dialog->close();

  // Undo removes it, redo restores the very same contact.
  doc.undoStack().undo();
  EXPECT_FALSE(doc.model().force(id));
  doc.undoStack().redo();
  ASSERT_TRUE(doc.model().force(id));
  EXPECT_EQ(*doc.model().force(id), created);

  // Run: free fall to t = sqrt(2 h / g) = 0.319 s, then the floor pushes the ball back up.
  const std::string run = test::runDynamic(window, 0.7, 350, 120000);
  ASSERT_TRUE(run.empty()) << run;
  auto* entities = window.plot().findChild<QComboBox*>("plotEntity");
  ASSERT_NE(entities, nullptr);
  ASSERT_GE(entities->findText("ball_floor"), 0) << "the contact is in the plot picker by name";
  window.plot().clearCurves();
  ASSERT_TRUE(window.plot().addCurve("ball_floor", "Contact normal force [N]"));
  ASSERT_TRUE(window.plot().addCurve("ball_floor", "Penetration [m]"));
  ASSERT_TRUE(window.plot().addCurve("ball_floor", "Slip velocity [m/s]"));
  ASSERT_TRUE(window.plot().addCurve("ball_floor", "Contact point z [m]"));
  ASSERT_TRUE(window.plot().addCurve("ball", "CM position z [m]"));
  const auto force = window.plot().samples(0);
  const auto penetration = window.plot().samples(1);
  ASSERT_FALSE(force.empty());
  const double impact = std::sqrt(2.0 * 0.5 / 9.81);
  double before = 0.0, after = 0.0;
  for (std::size_t k = 0; k < force.size(); ++k) {
    if (force[k].first < impact - 0.01) {
      before = std::max(before, std::abs(force[k].second));
      EXPECT_LT(penetration[k].second, 0.0) << "apart before the impact, t = " << force[k].first;
    } else {
      after = std::max(after, force[k].second);
    }
  }
  EXPECT_EQ(before, 0.0) << "no contact force in free fall";
  // The impact stops 1 kg at 3.13 m/s within a few ms: far more than its weight.
  EXPECT_GT(after, 10.0 * 9.81) << "a contact force after the impact";
  // It rebounds to e² h = 0.32 m above the floor (its centre 0.05 m higher), apex at 0.575 s.
  double apex = 0.0;
  for (const auto& [t, z] : window.plot().samples(4))
    if (t > impact + 0.05)
      apex = std::max(apex, z);
  EXPECT_NEAR(apex, 0.05 + 0.8 * 0.8 * 0.5, 0.01 * 0.32) << "rebound height e² h";
  // At 0.7 s it is falling again, apart from the floor (next impact at 0.830 s).
  const solver::ResultFrame last = window.results().frame(window.results().frameCount() - 1);
  ASSERT_EQ(last.contacts.size(), 1u);
  EXPECT_LT(last.contacts[0].penetration, 0.0) << "apart again after the rebound";

  // The 3-D view draws the pair's point, normal and force only at frames where it touches, and
  // View ▸ Contact Forces turns them off and on.
  ui::ModelScene& scene = window.modelView().scene();
  ui::AnimationPanel& animation = window.animation();
  animation.setFrame(0);
  EXPECT_EQ(scene.contactGlyphCount(), 0) << "apart at t = 0";
  int peak = 0;
  for (int k = 0; k < animation.frameCount(); ++k)
    if (window.results().frame(k).contacts[0].normalForce >
        window.results().frame(peak).contacts[0].normalForce)
      peak = k;
  ASSERT_GT(window.results().time(peak), impact - 0.01);
  animation.setFrame(peak);
  EXPECT_EQ(scene.contactGlyphCount(), 1) << "touching at t = " << window.results().time(peak);
  auto* toggle = window.findChild<QAction*>("actionContactForces");
  ASSERT_NE(toggle, nullptr);
  EXPECT_TRUE(toggle->isChecked());
  toggle->trigger();
  EXPECT_EQ(scene.contactGlyphCount(), 0);
  toggle->trigger();
  EXPECT_EQ(scene.contactGlyphCount(), 1);
  window.modelView().setStandardView(ui::StandardView::Front);
  const QImage shot = test::saveWindowScreenshot(window, "contact_forces_view");
  EXPECT_GT(test::distinctColours(shot), 8) << "not a blank view";

  // A double-click on the contact in the model tree opens it for editing; the change is one step.
  ui::ModelTreePanel& tree = window.modelTree();
  QTreeWidgetItem* item = tree.itemOf(core::EntityRef(id));
  ASSERT_NE(item, nullptr);
  tree.scrollToItem(item);
  const QPoint at = tree.visualItemRect(item).center();
  QTest::mouseClick(tree.viewport(), Qt::LeftButton, {}, at);
  QTest::mouseDClick(tree.viewport(), Qt::LeftButton, {}, at);
  ui::ContactDialog* edit = nullptr;
  ASSERT_TRUE(test::waitFor(
      [&] {
        for (auto* d : window.findChildren<ui::ContactDialog*>())
          if (d->isVisible() && d->editing() == id)
            edit = d;
        return edit != nullptr;
      },
      2000));
  EXPECT_EQ(edit->name->text(), "ball_floor");
  EXPECT_EQ(edit->law->currentIndex(), 1);
  EXPECT_DOUBLE_EQ(edit->restitution->value(), 0.8);
  EXPECT_EQ(edit->friction->currentIndex(), 1);
  EXPECT_TRUE(edit->iSolids->currentText().contains("sphere 1"))
      << edit->iSolids->currentText().toStdString();
  EXPECT_TRUE(edit->jSolids->currentText().contains("ground")) << edit->jSolids->currentText().toStdString();
  const auto stepsEdit = doc.undoStack().size();
  edit->restitution->setValue(0.5);
  applyButton(edit)->click();
  ASSERT_TRUE(edit->errorText().isEmpty()) << edit->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), stepsEdit + 1);
  EXPECT_DOUBLE_EQ(doc.model().force(id)->contact->restitution, 0.5);
  EXPECT_EQ(doc.model().force(id)->contact->iSolids, created.contact->iSolids) << "solids kept";
  doc.undoStack().undo();
  EXPECT_DOUBLE_EQ(doc.model().force(id)->contact->restitution, 0.8);
  edit->close();

  // Edit ▸ Delete removes it; undo restores it.
  doc.setSelection({core::EntityRef(id)});
  window.findChild<QAction*>("actionDelete")->trigger();
  EXPECT_FALSE(doc.model().force(id));
  doc.undoStack().undo();
  EXPECT_TRUE(doc.model().force(id));
}

TEST(SolidContactDialog, BadChoicesAreRefusedWithTheReason)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  openBallWithoutContact(window);
  ui::Document& doc = window.document();
  // A part without solids.
  core::Part bare;
  bare.name = "bare";
  QString error;
  ASSERT_TRUE(doc.execute(core::makeAddPart(bare), &error)) << error.toStdString();
  const auto steps = doc.undoStack().size();

  ui::ContactDialog* dialog = openContactDialog(window);
  ASSERT_NE(dialog, nullptr);
  auto refusal = [&] {
    applyButton(dialog)->click();
    return dialog->errorText();
  };
  ASSERT_TRUE(dialog->choose(dialog->iSolids, "ball"));
  ASSERT_TRUE(dialog->choose(dialog->jSolids, "ball", 0));
  QString why = refusal();
  EXPECT_TRUE(why.contains("'ball'") && why.contains("cannot touch itself")) << why.toStdString();

  ASSERT_TRUE(dialog->choose(dialog->iSolids, "ground"));
  ASSERT_TRUE(dialog->choose(dialog->jSolids, "ground"));
  why = refusal();
  EXPECT_TRUE(why.contains("Both sides are on the ground")) << why.toStdString();

  ASSERT_TRUE(dialog->choose(dialog->iSolids, "bare"));
  EXPECT_TRUE(dialog->iSolids->currentText().contains("no solid"))
      << dialog->iSolids->currentText().toStdString();
  why = refusal();
  EXPECT_TRUE(why.contains("'bare' has no solid") && why.contains("Add Solid")) << why.toStdString();

  // A law's parameters out of range: the core's reason.
  ASSERT_TRUE(dialog->choose(dialog->iSolids, "ball"));
  dialog->penetrationDepth->setValue(0);
  why = refusal();
  EXPECT_TRUE(why.contains("DMAX > 0")) << why.toStdString();
  dialog->penetrationDepth->setValue(0.1e-3);

  // A name in use.
  dialog->name->setText("ball");
  why = refusal();
  EXPECT_TRUE(why.contains("'ball' is not a valid, unused name")) << why.toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps) << "nothing refused reached the model";
  EXPECT_TRUE(doc.model().forces().empty());

  // The Chinese interface gives the reason in Chinese.
  {
    test::ChineseForThisScope chinese;
    ASSERT_TRUE(chinese.installed());
    dialog->name->clear();
    ASSERT_TRUE(dialog->choose(dialog->jSolids, "ball"));
    why = refusal();
    EXPECT_FALSE(why.contains("cannot touch itself")) << why.toStdString();
    EXPECT_TRUE(why.contains("ball")) << why.toStdString();
  }
  dialog->close();
}

TEST(SolidContactDialog, PartContextMenuAddsSolidsAndCadSolidsAndRefusesBadFiles)
{
  test::application();
  ui::MainWindow window;
  window.resize(1500, 950);
  window.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
  openBallWithoutContact(window);
  ui::Document& doc = window.document();
  const core::PartId ball = doc.model().findPart("ball");

  // Right-click on the ball in the model tree ▸ Add Solid...
  ui::ModelTreePanel& tree = window.modelTree();
  QTreeWidgetItem* item = tree.itemOf(core::EntityRef(ball));
  ASSERT_NE(item, nullptr);
  tree.scrollToItem(item);
  const QPoint at = tree.visualItemRect(item).center();
  QStringList offered;
  QTimer::singleShot(200, [&] {
    for (QWidget* w : QApplication::topLevelWidgets())
      if (auto* menu = qobject_cast<QMenu*>(w); menu && menu->objectName() == "modelTreeContextMenu") {
        for (QAction* a : menu->actions())
          offered << a->objectName();
        if (auto* add = menu->findChild<QAction*>("actionAddSolid"))
          add->trigger();
        menu->close();
      }
  });
  emit tree.customContextMenuRequested(at);
  EXPECT_TRUE(offered.contains("actionAddSolid")) << offered.join(", ").toStdString();
  ui::SolidDialog* dialog = nullptr;
  ASSERT_TRUE(test::waitFor(
      [&] {
        dialog = window.findChild<ui::SolidDialog*>();
        return dialog && dialog->isVisible();
      },
      2000));
  EXPECT_EQ(dialog->part->current(), core::EntityRef(ball));

  // A cylinder placed at the ball's CM marker.
  dialog->kind->setCurrentIndex(1);
  dialog->radius->setValue(0.02);
  dialog->length->setValue(0.3);
  dialog->placement->setCurrentIndex(dialog->placement->findText("ball_cm"));
  QTest::qWait(50);
  dialog->grab().save(test::screenshotDir() + "/add_solid_dialog.png");
  const auto steps = doc.undoStack().size();
  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 1);
  ASSERT_EQ(doc.model().part(ball)->geometry.size(), 2u);
  const core::Geometry& added = doc.model().part(ball)->geometry.back();
  EXPECT_EQ(added.kind, core::GeometryKind::Cylinder);
  EXPECT_DOUBLE_EQ(added.radius, 0.02);
  EXPECT_DOUBLE_EQ(added.length, 0.3);

  // A STEP file that is not one, a Parasolid file and a missing STL are refused with the reason;
  // nothing changes.
  QTemporaryDir dir;
  const QString broken = dir.filePath("broken.step");
  QFile(broken).open(QIODevice::WriteOnly);
  dialog->kind->setCurrentIndex(3);
  dialog->file->setText(broken);
  applyButton(dialog)->click();
  EXPECT_TRUE(dialog->errorText().contains("broken.step")) << dialog->errorText().toStdString();
  const QString parasolid = dir.filePath("bracket.x_t");
  QFile(parasolid).open(QIODevice::WriteOnly);
  dialog->file->setText(parasolid);
  applyButton(dialog)->click();
  EXPECT_TRUE(dialog->errorText().contains("bracket.x_t") && dialog->errorText().contains("Parasolid"))
      << dialog->errorText().toStdString();
  dialog->file->setText(dir.filePath("missing.stl"));
  applyButton(dialog)->click();
  EXPECT_TRUE(dialog->errorText().contains("does not exist")) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 1);

  // A STEP solid (a 100 x 40 x 20 mm block, in millimetres as CAD files are): Gmsh meshes its
  // surface into bracket_surface.stl beside it, in metres, which the part then carries.
  const QString step = dir.filePath("bracket.step");
  {
    mesh::GmshSession session("bracket");
    gmsh::model::occ::addBox(0, 0, 0, 100, 40, 20);
    gmsh::model::occ::synchronize();
    gmsh::write(step.toStdString());
  }
  dialog->file->setText(step);
  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.undoStack().size(), steps + 2);
  const core::Geometry& cad = doc.model().part(ball)->geometry.back();
  ASSERT_EQ(cad.kind, core::GeometryKind::MeshFile);
  EXPECT_EQ(QFileInfo(QString::fromStdString(cad.path)).fileName().toStdString(), "bracket_surface.stl");
  ASSERT_TRUE(QFileInfo::exists(QString::fromStdString(cad.path)));
  QFile stl(QString::fromStdString(cad.path));
  ASSERT_TRUE(stl.open(QIODevice::ReadOnly));
  EXPECT_TRUE(stl.readAll().contains("vertex 0.1 "));  // metres: the block's 100 mm edge
  doc.undoStack().undo();

  // A solid on the ground (a second floor), kept by undo/redo.
  dialog->part->select(core::EntityRef(doc.model().ground().id));
  dialog->kind->setCurrentIndex(2);
  dialog->radius->setValue(0.04);
  applyButton(dialog)->click();
  ASSERT_TRUE(dialog->errorText().isEmpty()) << dialog->errorText().toStdString();
  EXPECT_EQ(doc.model().ground().geometry.size(), 2u);
  doc.undoStack().undo();
  EXPECT_EQ(doc.model().ground().geometry.size(), 1u);
  doc.undoStack().undo();
  EXPECT_EQ(doc.model().part(ball)->geometry.size(), 1u);
  dialog->close();
}
