#include "mbs/ui/panels/EventTicks.hpp"

#include <QPainter>
#include <QPainterPath>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>

namespace mbs::ui {

EventTicks::EventTicks(QSlider* slider, QWidget* parent) : QWidget(parent), m_slider(slider)
{
  setObjectName("sensorEventTicks");
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  setVisible(false);
}

void EventTicks::setMarks(std::vector<Mark> marks)
{
  m_marks = std::move(marks);
  QStringList names;
  for (const Mark& m : m_marks)
    names << m.name;
  setToolTip(names.isEmpty() ? QString() : tr("Sensor firings: %1").arg(names.join(", ")));
  setVisible(!m_marks.empty());
  update();
}

double EventTicks::markX(std::size_t k) const
{
  if (k >= m_marks.size())
    return 0.0;
  // The handle's centre runs over the groove less the handle's own length (the style's rule).
  QStyleOptionSlider option;
  option.initFrom(m_slider);
  option.orientation = m_slider->orientation();
  option.minimum = m_slider->minimum();
  option.maximum = m_slider->maximum();
  option.sliderPosition = m_slider->minimum();
  option.sliderValue = m_slider->minimum();
  const QRect first =
      m_slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, m_slider);
  option.sliderPosition = option.sliderValue = m_slider->maximum();
  const QRect last =
      m_slider->style()->subControlRect(QStyle::CC_Slider, &option, QStyle::SC_SliderHandle, m_slider);
  const double span = m_slider->maximum() - m_slider->minimum();
  const double f = span > 0 ? (m_marks[k].value - m_slider->minimum()) / span : 0.0;
  return first.center().x() + f * (last.center().x() - first.center().x());
}

QSize EventTicks::sizeHint() const
{
  return {100, fontMetrics().height() + 8};
}

void EventTicks::paintEvent(QPaintEvent*)
{
  QPainter painter(this);
  painter.setRenderHint(QPainter::Antialiasing);
  const QColor colour("#c53030");
  const QPoint offset = m_slider->mapTo(window(), QPoint(0, 0)) - mapTo(window(), QPoint(0, 0));
  const int textWidthLimit = width();
  for (std::size_t k = 0; k < m_marks.size(); ++k) {
    const double x = markX(k) + offset.x();
    QPainterPath triangle;  // pointing up at the slider
    triangle.moveTo(x, 0.0);
    triangle.lineTo(x - 5.0, 7.0);
    triangle.lineTo(x + 5.0, 7.0);
    triangle.closeSubpath();
    painter.fillPath(triangle, colour);
    const QString& name = m_marks[k].name;
    const int w = fontMetrics().horizontalAdvance(name);
    // Right of the mark, or left of it near the end of the slider.
    const double left = x + 7.0 + w <= textWidthLimit ? x + 7.0 : x - 7.0 - w;
    painter.setPen(colour);
    painter.drawText(QPointF(left, 7.0 + fontMetrics().ascent() - 2.0), name);
  }
}

}  // namespace mbs::ui
