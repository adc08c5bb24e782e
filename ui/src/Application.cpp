#include "mbs/ui/Application.hpp"

#include <QSurfaceFormat>

namespace mbs::ui {

void configureSurfaceFormat()
{
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
