#pragma once
// A chart view with the interactions engineers expect from a plot: rubber-band zoom with the left
// button, wheel zoom about the plot centre, pan by dragging with the middle or right button, and
// double-click to reset.
#include <QChartView>
#include <QMouseEvent>
#include <QWheelEvent>
#include <functional>

namespace mbs::ui {

class ZoomPanChartView : public QChartView {
public:
  std::function<void()> onReset;  // resets the zoom on a double-click (default: QChart::zoomReset)

  explicit ZoomPanChartView(QChart* chart, QWidget* parent = nullptr) : QChartView(chart, parent)
  {
    setRenderHint(QPainter::Antialiasing);
    setRubberBand(QChartView::RectangleRubberBand);
    setFocusPolicy(Qt::StrongFocus);
  }

protected:
  void wheelEvent(QWheelEvent* event) override
  {
    chart()->zoom(event->angleDelta().y() > 0 ? 1.25 : 0.8);
    event->accept();
  }
  void mousePressEvent(QMouseEvent* event) override
  {
    if (event->button() == Qt::MiddleButton || event->button() == Qt::RightButton) {
      m_panFrom = event->position();
      m_panning = true;
      event->accept();
      return;
    }
    QChartView::mousePressEvent(event);
  }
  void mouseMoveEvent(QMouseEvent* event) override
  {
    if (m_panning) {
      const QPointF delta = event->position() - m_panFrom;
      chart()->scroll(-delta.x(), delta.y());
      m_panFrom = event->position();
      event->accept();
      return;
    }
    QChartView::mouseMoveEvent(event);
  }
  void mouseReleaseEvent(QMouseEvent* event) override
  {
    if (m_panning && (event->button() == Qt::MiddleButton || event->button() == Qt::RightButton)) {
      m_panning = false;
      event->accept();
      return;
    }
    QChartView::mouseReleaseEvent(event);
  }
  void mouseDoubleClickEvent(QMouseEvent* event) override
  {
    if (onReset)
      onReset();
    else
      chart()->zoomReset();
    event->accept();
  }

private:
  QPointF m_panFrom;
  bool m_panning = false;
};

}  // namespace mbs::ui
