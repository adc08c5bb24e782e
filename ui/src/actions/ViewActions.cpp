// View menu: fit, the standard view directions and what the animation draws over the model.
#include <QAction>
#include <QMenu>
#include <QToolBar>

#include "Actions.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {

void installViewActions(MainWindow& window, QMenu& menu, QToolBar& toolbar)
{
  QAction* fit = menu.addAction(QObject::tr("&Fit All"));
  fit->setShortcut(QKeySequence(Qt::Key_F));
  QObject::connect(fit, &QAction::triggered, &window, [&window] { window.modelView().fitAll(); });
  toolbar.addAction(fit);
  menu.addSeparator();
  const std::pair<const char*, StandardView> views[] = {
      {QT_TRANSLATE_NOOP("QObject", "&Isometric"), StandardView::Iso},
      {QT_TRANSLATE_NOOP("QObject", "F&ront"), StandardView::Front},
      {QT_TRANSLATE_NOOP("QObject", "&Back"), StandardView::Back},
      {QT_TRANSLATE_NOOP("QObject", "&Top"), StandardView::Top},
      {QT_TRANSLATE_NOOP("QObject", "Botto&m"), StandardView::Bottom},
      {QT_TRANSLATE_NOOP("QObject", "&Left"), StandardView::Left},
      {QT_TRANSLATE_NOOP("QObject", "R&ight"), StandardView::Right}};
  int key = Qt::Key_1;
  for (const auto& [name, view] : views) {
    QAction* action = menu.addAction(QObject::tr(name));
    action->setShortcut(QKeySequence(key++));
    QObject::connect(action, &QAction::triggered, &window,
                     [&window, view] { window.modelView().setStandardView(view); });
    if (view == StandardView::Iso || view == StandardView::Front || view == StandardView::Top)
      toolbar.addAction(action);
  }
  menu.addSeparator();
  // Contact pairs' points, normals and forces during the animation (issue 30).
  QAction* contacts = menu.addAction(QObject::tr("&Contact Forces"));
  contacts->setObjectName("actionContactForces");
  contacts->setCheckable(true);
  contacts->setChecked(window.animation().showsContactForces());
  QObject::connect(contacts, &QAction::toggled, &window,
                   [&window](bool on) { window.animation().setShowContactForces(on); });
}

}  // namespace mbs::ui
