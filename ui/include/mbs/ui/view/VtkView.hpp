#pragma once
// A VTK render window in a native child window of its own. Debian's VTK Qt module is built
// against Qt 5, so this widget bridges VTK's vtkGenericOpenGLRenderWindow to Qt 6 itself: VTK
// renders with the view's OpenGL context (frame blit mode "to current") into the child window, and
// mouse events are forwarded to a vtkGenericRenderWindowInteractor.
// Why a native child (QWidget::createWindowContainer, as VTK's QVTKOpenGLStereoWidget) and not a
// QOpenGLWidget: a QOpenGLWidget makes Qt compose and swap the whole main window with OpenGL on
// every frame (16-18 ms under Mesa's software renderer, docs/performance.md); the child window
// swaps the view alone and the rest of the window stays raster.
#include <vtkNew.h>
#include <vtkSmartPointer.h>
#include <QImage>
#include <QWidget>

class vtkGenericOpenGLRenderWindow;
class vtkGenericRenderWindowInteractor;
class vtkRenderer;
class vtkOrientationMarkerWidget;

namespace mbs::ui {

enum class StandardView { Iso, Front, Back, Top, Bottom, Left, Right };

class VtkView : public QWidget {
  Q_OBJECT
public:
  explicit VtkView(QWidget* parent = nullptr);
  ~VtkView() override;

  vtkRenderer* renderer() const;
  vtkGenericOpenGLRenderWindow* renderWindow() const;
  vtkGenericRenderWindowInteractor* interactor() const;

  // Fits the camera to the model (contentBounds, else every visible prop) and keeps the current
  // view direction.
  void fitAll();
  void setStandardView(StandardView view);
  // Looks along a world axis: the camera on the +axis (sign > 0) or -axis side, up as in the
  // standard views. axis: 0 = x, 1 = y, 2 = z.
  void viewFromAxis(int axis, int sign);
  // The orientation triad in the lower-left corner is clickable: a click near an axis tip looks
  // from that axis (as viewFromAxis(axis, +1)). Returns the axis hit, or -1 outside the triad.
  int orientationAxisAt(QPoint position) const;
  // Which world axis the standard views show pointing up: +z (the default, as engineers draw) or
  // ±y (models whose gravity is along y, like most planar mechanisms). axis: 1 = y, 2 = z.
  void setVerticalAxis(int axis, int sign);
  // Schedules a frame (posted, so several requests in one event-loop pass draw once). Rendering
  // always happens with the view's context current: in that frame or in grabFramebuffer.
  void requestRender();
  // Draws the scene now and returns the frame (the window shows the same frame when it is on
  // screen). Works whether or not the view is shown.
  QImage grabFramebuffer();
  // The view's OpenGL context current on its window (false: no context could be made), e.g. to
  // release VTK's graphics resources.
  bool makeCurrent();
  void doneCurrent();

signals:
  // Left click without drag, in widget pixel coordinates (for picking).
  void clicked(QPoint position, Qt::KeyboardModifiers modifiers);

protected:
  // The bounds [xmin xmax ymin ymax zmin zmax] Fit All frames; false: all visible props.
  virtual bool contentBounds(double bounds[6]) const;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void keyReleaseEvent(QKeyEvent* event) override;
  void enterEvent(QEnterEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  class Surface;
  // Renders the scene into the framebuffer bound now, `pixels` large; the context is current.
  void renderScene(QSize pixels);
  void initializeScene();
  QSize pixelSize() const;
  void forwardMouse(QMouseEvent* event, unsigned long vtkEvent);
  void setEventPosition(QPointF position, Qt::KeyboardModifiers modifiers, bool repeat = false);

  vtkSmartPointer<vtkGenericOpenGLRenderWindow> m_renderWindow;
  vtkSmartPointer<vtkRenderer> m_renderer;
  vtkSmartPointer<vtkGenericRenderWindowInteractor> m_interactor;
  vtkSmartPointer<vtkOrientationMarkerWidget> m_axesWidget;
  Surface* m_surface = nullptr;  // owned by its container widget
  QPoint m_pressPosition;
  bool m_initialized = false;
  int m_verticalAxis = 2;
  int m_verticalSign = 1;
};

}  // namespace mbs::ui
