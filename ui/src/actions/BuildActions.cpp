// Build menu, in the DMBS order: gravity, markers, parts, joints, motions, forces, joint friction,
// initial velocities, flexible bodies, discrete flexible links; then the output requests (menu only: an
// output, not a modelling step). Each opens its (modeless) dialog; each dialog use is one undo step.
#include <QAction>
#include <QMenu>
#include <QRegularExpression>
#include <QToolBar>

#include "Actions.hpp"
#include "mbs/core/Topology.hpp"
#include "mbs/ui/Document.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/dialogs/ContactDialog.hpp"
#include "mbs/ui/dialogs/FlexibleDialog.hpp"
#include "mbs/ui/dialogs/FlexibleLinkDialog.hpp"
#include "mbs/ui/dialogs/ForceDialog.hpp"
#include "mbs/ui/dialogs/FrictionDialog.hpp"
#include "mbs/ui/dialogs/InitialConditionsDialog.hpp"
#include "mbs/ui/dialogs/JointDialog.hpp"
#include "mbs/ui/dialogs/MarkerDialog.hpp"
#include "mbs/ui/dialogs/MotionDialog.hpp"
#include "mbs/ui/dialogs/PartDialog.hpp"
#include "mbs/ui/dialogs/RequestDialog.hpp"
#include "mbs/ui/dialogs/SystemElementsDialog.hpp"
#include "mbs/ui/panels/LogPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {
namespace {

// Shows the dialog (one of each kind at a time) and logs what it creates.
template <class Dialog>
void show(MainWindow& window, Dialog* dialog)
{
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  QObject::connect(dialog, &BuildDialog::applied, &window,
                   [&window](const QString& description) { window.log().info(description); });
  dialog->show();
  dialog->raise();
}

template <class Dialog>
bool raiseExisting(MainWindow& window)
{
  for (auto* dialog : window.findChildren<Dialog*>())
    if (dialog->isVisible()) {
      dialog->raise();
      dialog->activateWindow();
      return true;
    }
  return false;
}

void onGravity(MainWindow& w)
{
  if (!raiseExisting<GravityDialog>(w))
    show(w, new GravityDialog(w.document(), &w));
}
void onMarker(MainWindow& w)
{
  if (!raiseExisting<MarkerDialog>(w))
    show(w, new MarkerDialog(w.document(), &w.modelView(), &w));
}
void onPart(MainWindow& w)
{
  if (!raiseExisting<PartDialog>(w))
    show(w, new PartDialog(w.document(), &w));
}
// ", 2 problem(s): <what>; <what>" naming the entities, or empty.
QString problems(const core::TopologyReport& report)
{
  if (report.issues.empty())
    return {};
  QStringList what;
  for (const auto& issue : report.issues)
    what << QString::fromStdString(issue.message);
  return QObject::tr(", %n problem(s): ", nullptr, static_cast<int>(report.issues.size())) + what.join("; ");
}
void onJoint(MainWindow& w)
{
  if (raiseExisting<JointDialog>(w))
    return;
  auto* dialog = new JointDialog(w.document(), &w.modelView(), &w);
  show(w, dialog);  // connects the log of the created joint first
  // After each joint: the topology check (DOF, loops, problems) in the log.
  QObject::connect(dialog, &BuildDialog::applied, &w, [&w] {
    const core::TopologyReport report = core::analyzeTopology(w.document().model());
    w.log().info(QObject::tr("Topology: %1 moving parts, %2 loops, DOF %3 (%4 with motions)%5")
                     .arg(report.movingParts)
                     .arg(report.loops.size())
                     .arg(report.dof)
                     .arg(report.dofWithMotions)
                     .arg(problems(report)));
  });
}
void onMotion(MainWindow& w)
{
  if (!raiseExisting<MotionDialog>(w))
    show(w, new MotionDialog(w.document(), &w));
}
void onForce(MainWindow& w)
{
  if (!raiseExisting<ForceDialog>(w))
    show(w, new ForceDialog(w.document(), &w));
}
void onContact(MainWindow& w)
{
  if (!raiseExisting<ContactDialog>(w))
    show(w, new ContactDialog(w.document(), &w));
}
void onFriction(MainWindow& w)
{
  if (!raiseExisting<FrictionDialog>(w))
    show(w, new FrictionDialog(w.document(), &w));
}
void onInitialConditions(MainWindow& w)
{
  if (!raiseExisting<InitialConditionsDialog>(w))
    show(w, new InitialConditionsDialog(w.document(), &w));
}

void onRequests(MainWindow& w)
{
  if (!raiseExisting<RequestDialog>(w))
    show(w, new RequestDialog(w.document(), &w));
}

void onSystemElements(MainWindow& w)
{
  if (!raiseExisting<SystemElementsDialog>(w))
    show(w, new SystemElementsDialog(w.document(), &w));
}

void onFlexible(MainWindow& w)
{
  if (!raiseExisting<FlexibleDialog>(w))
    show(w, new FlexibleDialog(w.document(), &w.modelView(), &w));
}

void onFlexibleLink(MainWindow& w, core::LinkModel model)
{
  if (!raiseExisting<FlexibleLinkDialog>(w))
    show(w, new FlexibleLinkDialog(w.document(), &w.modelView(), &w));
  for (auto* dialog : w.findChildren<FlexibleLinkDialog*>())
    if (dialog->isVisible())
      dialog->setLinkModel(model);
}

}  // namespace

void installBuildActions(MainWindow& window, QMenu& menu, QToolBar& toolbar)
{
  struct Item {
    const char* objectName;
    const char* text;
    const char* shortcut;
    void (*handler)(MainWindow&);
  };
  const Item items[] = {
      {"actionGravity", QT_TRANSLATE_NOOP("QObject", "&Gravity..."), "Ctrl+Shift+G", onGravity},
      {"actionMarker", QT_TRANSLATE_NOOP("QObject", "&Marker..."), "Ctrl+Shift+M", onMarker},
      {"actionPart", QT_TRANSLATE_NOOP("QObject", "&Part..."), "Ctrl+Shift+P", onPart},
      {"actionJoint", QT_TRANSLATE_NOOP("QObject", "&Joint..."), "Ctrl+Shift+J", onJoint},
      {"actionMotion", QT_TRANSLATE_NOOP("QObject", "M&otion..."), "Ctrl+Shift+O", onMotion},
      {"actionForce", QT_TRANSLATE_NOOP("QObject", "&Force..."), "Ctrl+Shift+F", onForce},
      {"actionContact", QT_TRANSLATE_NOOP("QObject", "Con&tact..."), "Ctrl+Shift+T", onContact},
      {"actionFriction", QT_TRANSLATE_NOOP("QObject", "Joint F&riction..."), "Ctrl+Shift+R", onFriction},
      {"actionInitialConditions", QT_TRANSLATE_NOOP("QObject", "&Initial Velocities..."), "Ctrl+Shift+I",
       onInitialConditions},
      {"actionFlexible", QT_TRANSLATE_NOOP("QObject", "Make Fle&xible..."), "Ctrl+Shift+X", onFlexible},
  };
  for (const Item& item : items) {
    QAction* action = menu.addAction(QObject::tr(item.text));
    action->setObjectName(item.objectName);
    if (*item.shortcut)
      action->setShortcut(QKeySequence(item.shortcut));
    auto handler = item.handler;
    QObject::connect(action, &QAction::triggered, &window, [&window, handler] { handler(window); });
    // Toolbar text without the mnemonic: "&Joint..." -> "Joint", "铰(&J)..." -> "铰".
    QString text =
        action->text().remove(QRegularExpression(QStringLiteral("\\(&\\w\\)"))).remove('&').remove("...");
    toolbar.addAction(action);
    action->setIconText(text);
  }
  // Menu only (the toolbar keeps the DMBS steps): a compound of parts, beams and joints.
  QAction* link = menu.addAction(QObject::tr("Flexible &Link..."));
  link->setObjectName("actionFlexibleLink");
  link->setShortcut(QKeySequence("Ctrl+Shift+L"));
  QObject::connect(link, &QAction::triggered, &window,
                   [&window] { onFlexibleLink(window, core::LinkModel::Discrete); });
  QAction* feBeam = menu.addAction(QObject::tr("FE &Beam..."));
  feBeam->setObjectName("actionFeBeam");
  QObject::connect(feBeam, &QAction::triggered, &window,
                   [&window] { onFlexibleLink(window, core::LinkModel::FeBeam); });
  menu.addSeparator();
  QAction* requests = menu.addAction(QObject::tr("Output Re&quests..."));
  requests->setObjectName("actionRequests");
  requests->setShortcut(QKeySequence("Ctrl+Shift+Q"));
  QObject::connect(requests, &QAction::triggered, &window, [&window] { onRequests(window); });
  QAction* system = menu.addAction(QObject::tr("S&ystem Elements..."));
  system->setObjectName("actionSystemElements");
  QObject::connect(system, &QAction::triggered, &window, [&window] { onSystemElements(window); });
  installSolidActions(window);
}

}  // namespace mbs::ui
