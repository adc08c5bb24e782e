#include "mbs/ui/Application.hpp"

#include <QDir>
#include <QSurfaceFormat>

// The icons are compiled into the static ui library: its resources must be registered by hand
// (Q_INIT_RESOURCE, outside any namespace) or ":/mbstudio/..." is not found.
static void initUiResources()
{
  Q_INIT_RESOURCE(resources);
}

namespace mbs::ui {

void configureSurfaceFormat()
{
  initUiResources();
  QSurfaceFormat format;
  format.setRenderableType(QSurfaceFormat::OpenGL);
  format.setVersion(3, 2);
  format.setProfile(QSurfaceFormat::CoreProfile);
  format.setSwapBehavior(QSurfaceFormat::DoubleBuffer);
  format.setRedBufferSize(8);
  format.setGreenBufferSize(8);
  format.setBlueBufferSize(8);
  format.setAlphaBufferSize(8);
  format.setDepthBufferSize(24);
  format.setSamples(0);  // VTK renders into its own framebuffer; no multisampling needed here
  QSurfaceFormat::setDefaultFormat(format);
}

}  // namespace mbs::ui
