#include "mbs/ui/view/VtkView.hpp"

#include <vtkAxesActor.h>
#include <vtkCamera.h>
#include <vtkCommand.h>
#include <vtkGenericOpenGLRenderWindow.h>
#include <vtkGenericRenderWindowInteractor.h>
#include <vtkInteractorStyleTrackballCamera.h>
#include <vtkMatrix4x4.h>
#include <vtkOrientationMarkerWidget.h>
#include <vtkRenderer.h>
#include <QCoreApplication>
#include <QMouseEvent>
#include <QOpenGLContext>
#include <QOpenGLFramebufferObject>
#include <QOpenGLFunctions>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <QWindow>
#include <cmath>
#include <memory>

namespace mbs::ui {

// The native child window VTK draws into. It owns the view's OpenGL context, draws a frame on an
// expose or a posted update request, and hands mouse events to the view widget, whose handlers
// (and the GUI tests that click on it) stay as they were.
class VtkView::Surface : public QWindow {
public:
  explicit Surface(VtkView& view) : m_view(view)
  {
    setSurfaceType(QWindow::OpenGLSurface);
    // Keyboard focus stays with the widgets, so Qt's shortcuts and the undo keys keep working.
    setFlag(Qt::WindowDoesNotAcceptFocus);
  }

  bool makeCurrent()
  {
    if (!handle())
      create();
    if (!m_context) {
      m_context = std::make_unique<QOpenGLContext>();
      m_context->setFormat(requestedFormat());
      if (!m_context->create()) {
        m_context.reset();
        return false;
      }
    }
    return m_context->makeCurrent(this);
  }
  void doneCurrent()
  {
    if (m_context)
      m_context->doneCurrent();
  }
  void swap() { m_context->swapBuffers(this); }
  void schedule()
  {
    if (m_pending)
      return;
    m_pending = true;
    QCoreApplication::postEvent(this, new QEvent(QEvent::UpdateRequest), Qt::LowEventPriority);
  }

protected:
  void exposeEvent(QExposeEvent*) override
  {
    if (isExposed())
      draw();
  }
  bool event(QEvent* event) override
  {
    switch (event->type()) {
      case QEvent::UpdateRequest:
        m_pending = false;
        draw();
        return true;
      case QEvent::MouseButtonPress:
      case QEvent::MouseButtonRelease:
      case QEvent::MouseButtonDblClick:
      case QEvent::MouseMove:
      case QEvent::Wheel:
      case QEvent::Enter:
      case QEvent::Leave:
        // The window fills the view widget from its origin: positions need no mapping.
        QCoreApplication::sendEvent(&m_view, event);
        return true;
      default:
        return QWindow::event(event);
    }
  }

private:
  void draw()
  {
    if (!isExposed() || !makeCurrent())
      return;
    m_context->functions()->glBindFramebuffer(GL_FRAMEBUFFER, m_context->defaultFramebufferObject());
    m_view.renderScene(size() * devicePixelRatio());
    m_context->swapBuffers(this);
  }

  VtkView& m_view;
  std::unique_ptr<QOpenGLContext> m_context;
  bool m_pending = false;
};

VtkView::VtkView(QWidget* parent)
    : QWidget(parent),
      m_renderWindow(vtkSmartPointer<vtkGenericOpenGLRenderWindow>::New()),
      m_renderer(vtkSmartPointer<vtkRenderer>::New()),
      m_interactor(vtkSmartPointer<vtkGenericRenderWindowInteractor>::New())
{
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(true);
  setMinimumSize(200, 150);
  m_surface = new Surface(*this);
  QWidget* container = QWidget::createWindowContainer(m_surface, this);
  container->setFocusPolicy(Qt::NoFocus);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(container);

  m_renderer->GradientBackgroundOn();
  m_renderer->SetBackground(0.93, 0.94, 0.96);
  m_renderer->SetBackground2(0.62, 0.68, 0.78);
  m_renderWindow->AddRenderer(m_renderer);
  m_renderWindow->SetMultiSamples(0);

  // The interactor never renders by itself: it would render without the view's context current.
  // Every forwarded event schedules a frame instead.
  m_interactor->SetRenderWindow(m_renderWindow);
  m_interactor->EnableRenderOff();
  vtkNew<vtkInteractorStyleTrackballCamera> style;
  m_interactor->SetInteractorStyle(style);
}

VtkView::~VtkView()
{
  if (m_initialized && makeCurrent()) {
    m_axesWidget->SetEnabled(0);
    m_renderWindow->Finalize();  // VTK's buffers and shaders belong to this context
  }
  m_renderWindow->SetReadyForRendering(false);
  doneCurrent();
}

vtkRenderer* VtkView::renderer() const
{
  return m_renderer;
}
vtkGenericOpenGLRenderWindow* VtkView::renderWindow() const
{
  return m_renderWindow;
}
vtkGenericRenderWindowInteractor* VtkView::interactor() const
{
  return m_interactor;
}

bool VtkView::makeCurrent()
{
  return m_surface->makeCurrent();
}

void VtkView::doneCurrent()
{
  m_surface->doneCurrent();
}

void VtkView::requestRender()
{
  m_surface->schedule();
}

QSize VtkView::pixelSize() const
{
  return size() * devicePixelRatioF();
}

void VtkView::initializeScene()
{
  m_renderWindow->SetOwnContext(0);
  m_renderWindow->SetFrameBlitModeToBlitToCurrent();
  m_renderWindow->SetReadyForRendering(false);
  m_interactor->Initialize();

  // Axes triad in the lower-left corner shows the view orientation.
  vtkNew<vtkAxesActor> axes;
  axes->SetShaftTypeToCylinder();
  axes->SetTotalLength(1.2, 1.2, 1.2);
  m_axesWidget = vtkSmartPointer<vtkOrientationMarkerWidget>::New();
  m_axesWidget->SetOrientationMarker(axes);
  m_axesWidget->SetInteractor(m_interactor);
  m_axesWidget->SetViewport(0.0, 0.0, 0.16, 0.22);
  m_axesWidget->SetEnabled(1);
  m_axesWidget->InteractiveOff();
  m_initialized = true;
}

void VtkView::renderScene(QSize pixels)
{
  if (!m_initialized)
    initializeScene();
  // VTK renders with the view's context current and blits into the bound framebuffer; at no other
  // time may it render at all.
  m_interactor->UpdateSize(pixels.width(), pixels.height());
  m_renderWindow->SetIsCurrent(true);
  m_renderWindow->SetReadyForRendering(true);
  m_renderWindow->SetSize(pixels.width(), pixels.height());
  m_renderWindow->Render();
  m_renderWindow->SetReadyForRendering(false);
}

QImage VtkView::grabFramebuffer()
{
  if (!makeCurrent())
    return {};
  const QSize pixels = pixelSize();
  QOpenGLFramebufferObject frame(pixels, QOpenGLFramebufferObject::CombinedDepthStencil);
  frame.bind();
  renderScene(pixels);
  QImage image = frame.toImage();
  if (m_surface->isExposed()) {  // the user sees the frame that was grabbed
    QOpenGLFramebufferObject::blitFramebuffer(nullptr, &frame);
    m_surface->swap();
  }
  frame.release();
  image.setDevicePixelRatio(devicePixelRatioF());
  return image;
}

bool VtkView::contentBounds(double[6]) const
{
  return false;
}

void VtkView::fitAll()
{
  double bounds[6];
  if (contentBounds(bounds))
    m_renderer->ResetCamera(bounds);
  else
    m_renderer->ResetCamera();
  m_renderer->ResetCameraClippingRange();
  requestRender();
}

void VtkView::viewFromAxis(int axis, int sign)
{
  double direction[3] = {0, 0, 0};
  double up[3] = {0, 0, 0};
  direction[axis] = sign >= 0 ? 1.0 : -1.0;
  if (axis != m_verticalAxis) {
    up[m_verticalAxis] = m_verticalSign;
  } else if (m_verticalAxis == 1) {
    up[2] = -m_verticalSign;  // as the Top view of a y-up model
  } else {
    up[1] = m_verticalSign;  // as the Top view of a z-up model
  }
  vtkCamera* camera = m_renderer->GetActiveCamera();
  camera->SetFocalPoint(0, 0, 0);
  camera->SetPosition(direction);
  camera->SetViewUp(up);
  fitAll();
}

int VtkView::orientationAxisAt(QPoint position) const
{
  // The triad's viewport (lower left, see initializeGL) in widget pixels, y down.
  const double w = 0.16 * width(), h = 0.22 * height();
  const double x = position.x(), y = height() - position.y();
  if (x < 0 || x > w || y < 0 || y > h)
    return -1;
  // Click direction from the triad's centre against the screen projection of each axis tip.
  const double dx = (x - 0.5 * w) / (0.5 * std::min(w, h)), dy = (y - 0.5 * h) / (0.5 * std::min(w, h));
  if (std::hypot(dx, dy) < 0.2)
    return -1;  // the origin: no axis
  vtkMatrix4x4* view = m_renderer->GetActiveCamera()->GetViewTransformMatrix();
  int best = -1;
  double bestScore = 0.0;
  for (int k = 0; k < 3; ++k) {
    const double px = view->GetElement(0, k), py = view->GetElement(1, k);
    const double length = std::hypot(px, py);
    if (length < 0.2)
      continue;  // axis pointing at the viewer: its tip sits on the origin
    const double score = (dx * px + dy * py) / (length * std::hypot(dx, dy));
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return bestScore > 0.8 ? best : -1;
}

void VtkView::setStandardView(StandardView view)
{
  // Direction from the focal point to the camera and the view-up vector (z up, as engineers draw).
  double direction[3] = {1, -1, 0.8};
  double up[3] = {0, 0, 1};
  switch (view) {
    case StandardView::Iso:
      break;
    case StandardView::Front:
      direction[0] = 0, direction[1] = -1, direction[2] = 0;
      break;
    case StandardView::Back:
      direction[0] = 0, direction[1] = 1, direction[2] = 0;
      break;
    case StandardView::Left:
      direction[0] = -1, direction[1] = 0, direction[2] = 0;
      break;
    case StandardView::Right:
      direction[0] = 1, direction[1] = 0, direction[2] = 0;
      break;
    case StandardView::Top:
      direction[0] = 0, direction[1] = 0, direction[2] = 1;
      up[0] = 0, up[1] = 1, up[2] = 0;
      break;
    case StandardView::Bottom:
      direction[0] = 0, direction[1] = 0, direction[2] = -1;
      up[0] = 0, up[1] = 1, up[2] = 0;
      break;
  }
  if (m_verticalAxis == 1) {
    // Rotate the z-up convention so that up is ±y: z → ±y, −y → ±z (Front looks at the xy plane).
    for (double* v : {direction, up}) {
      const double y = v[1], z = v[2];
      v[1] = m_verticalSign * z;
      v[2] = -m_verticalSign * y;
    }
  } else if (m_verticalSign < 0) {
    for (double* v : {direction, up})
      v[1] = -v[1], v[2] = -v[2];
  }
  vtkCamera* camera = m_renderer->GetActiveCamera();
  camera->SetFocalPoint(0, 0, 0);
  camera->SetPosition(direction);
  camera->SetViewUp(up);
  fitAll();
}

void VtkView::setVerticalAxis(int axis, int sign)
{
  m_verticalAxis = axis == 1 ? 1 : 2;
  m_verticalSign = sign < 0 ? -1 : 1;
}

void VtkView::setEventPosition(QPointF position, Qt::KeyboardModifiers modifiers, bool repeat)
{
  const double ratio = devicePixelRatioF();
  m_interactor->SetEventInformationFlipY(
      static_cast<int>(position.x() * ratio), static_cast<int>(position.y() * ratio),
      (modifiers & Qt::ControlModifier) ? 1 : 0, (modifiers & Qt::ShiftModifier) ? 1 : 0, 0, repeat ? 1 : 0);
  m_interactor->SetAltKey((modifiers & Qt::AltModifier) ? 1 : 0);
}

void VtkView::forwardMouse(QMouseEvent* event, unsigned long vtkEvent)
{
  setEventPosition(event->position(), event->modifiers(), event->type() == QEvent::MouseButtonDblClick);
  m_interactor->InvokeEvent(vtkEvent, event);
  requestRender();
}

void VtkView::mousePressEvent(QMouseEvent* event)
{
  m_pressPosition = event->position().toPoint();
  switch (event->button()) {
    case Qt::LeftButton:
      forwardMouse(event, vtkCommand::LeftButtonPressEvent);
      break;
    case Qt::MiddleButton:
      forwardMouse(event, vtkCommand::MiddleButtonPressEvent);
      break;
    case Qt::RightButton:
      forwardMouse(event, vtkCommand::RightButtonPressEvent);
      break;
    default:
      break;
  }
}

void VtkView::mouseReleaseEvent(QMouseEvent* event)
{
  switch (event->button()) {
    case Qt::LeftButton:
      forwardMouse(event, vtkCommand::LeftButtonReleaseEvent);
      if ((event->position().toPoint() - m_pressPosition).manhattanLength() < 4) {
        if (const int axis = orientationAxisAt(m_pressPosition); axis >= 0)
          viewFromAxis(axis, +1);
        else
          emit clicked(m_pressPosition, event->modifiers());
      }
      break;
    case Qt::MiddleButton:
      forwardMouse(event, vtkCommand::MiddleButtonReleaseEvent);
      break;
    case Qt::RightButton:
      forwardMouse(event, vtkCommand::RightButtonReleaseEvent);
      break;
    default:
      break;
  }
}

void VtkView::mouseMoveEvent(QMouseEvent* event)
{
  setEventPosition(event->position(), event->modifiers());
  m_interactor->InvokeEvent(vtkCommand::MouseMoveEvent, event);
  if (event->buttons() != Qt::NoButton)
    requestRender();
}

void VtkView::wheelEvent(QWheelEvent* event)
{
  setEventPosition(event->position(), event->modifiers());
  const int delta = event->angleDelta().y();
  if (delta > 0)
    m_interactor->InvokeEvent(vtkCommand::MouseWheelForwardEvent, event);
  if (delta < 0)
    m_interactor->InvokeEvent(vtkCommand::MouseWheelBackwardEvent, event);
  requestRender();
}

void VtkView::keyPressEvent(QKeyEvent* event)
{
  // Keys are left to Qt shortcuts; VTK's default key bindings (wireframe, quit, ...) would
  // surprise users of a CAD-like application.
  QWidget::keyPressEvent(event);
}

void VtkView::keyReleaseEvent(QKeyEvent* event)
{
  QWidget::keyReleaseEvent(event);
}

void VtkView::enterEvent(QEnterEvent* event)
{
  m_interactor->InvokeEvent(vtkCommand::EnterEvent, event);
  QWidget::enterEvent(event);
}

void VtkView::leaveEvent(QEvent* event)
{
  m_interactor->InvokeEvent(vtkCommand::LeaveEvent, event);
  QWidget::leaveEvent(event);
}

}  // namespace mbs::ui
