// mbstudio: the GUI. Usage: mbstudio [MODEL] [--screenshot FILE.png] [--quit-after-screenshot]
//                                  [--language en|zh_CN]
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QPainter>
#include <QTimer>

#include "mbs/ui/Application.hpp"
#include "mbs/ui/Language.hpp"
#include "mbs/ui/MainWindow.hpp"
#include "mbs/ui/view/ModelView.hpp"

int main(int argc, char** argv)
{
  mbs::ui::configureSurfaceFormat();
  QApplication app(argc, argv);
  QApplication::setApplicationName("mbstudio");
  QApplication::setOrganizationName("mbstudio");
  QApplication::setApplicationVersion("0.1.0");

  QCommandLineParser parser;
  parser.setApplicationDescription("Multibody dynamics pre/post-processor");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addPositionalArgument("model", "Model to open (.mbs.json or Adams .adm)", "[MODEL]");
  QCommandLineOption screenshot("screenshot", "Save a picture of the main window to FILE once shown.",
                                "FILE");
  QCommandLineOption quitAfter("quit-after-screenshot", "Quit after --screenshot has been written.");
  QCommandLineOption language("language",
                              "Interface language for this session: en, zh_CN (default: the choice made in "
                              "Edit > Preferences, else the system locale).",
                              "CODE");
  parser.addOption(screenshot);
  parser.addOption(quitAfter);
  parser.addOption(language);
  parser.process(app);
  mbs::ui::Language::install(app, parser.value(language));

  mbs::ui::MainWindow window;
  window.show();
  // Work autosaved by a session that was killed or crashed comes first; unattended runs
  // (screenshots) never stop at the question.
  const bool restored = !parser.isSet(quitAfter) && window.offerRecovery();
  if (!restored && !parser.positionalArguments().isEmpty()) {
    const QString path = parser.positionalArguments().front();
    if (!window.openFile(path, parser.isSet(quitAfter)) && parser.isSet(quitAfter))
      return 2;
  }

  if (parser.isSet(screenshot)) {
    const QString file = parser.value(screenshot);
    QTimer::singleShot(800, &window, [&] {
      // The 3-D view is a native child window that QWidget::grab cannot read: its own frame is
      // painted over the widgets' picture.
      QImage whole = window.grab().toImage();
      mbs::ui::ModelView& view = window.modelView();
      QPainter painter(&whole);
      painter.drawImage(QRect(view.mapTo(&window, QPoint(0, 0)), view.size()), view.grabFramebuffer());
      painter.end();
      const bool written = whole.save(file);
      if (parser.isSet(quitAfter))
        app.exit(written ? 0 : 1);
    });
  }
  return app.exec();
}
