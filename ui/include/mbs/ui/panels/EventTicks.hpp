#pragma once
// Marks under the animation's time slider (issue 31): a small triangle and the sensor's name at
// each SENSOR firing of the run, placed where the slider's handle stands at that time.
#include <QString>
#include <QWidget>
#include <vector>

class QSlider;

namespace mbs::ui {

class EventTicks : public QWidget {
  Q_OBJECT
public:
  struct Mark {
    QString name;
    double value = 0.0;  // a fractional slider value (frame index; between frames at their times)
  };
  explicit EventTicks(QSlider* slider, QWidget* parent = nullptr);
  void setMarks(std::vector<Mark> marks);
  const std::vector<Mark>& marks() const { return m_marks; }
  // The x of a mark in the slider's coordinates: the centre of the handle at that value.
  double markX(std::size_t k) const;
  QSize sizeHint() const override;

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  QSlider* m_slider;
  std::vector<Mark> m_marks;
};

}  // namespace mbs::ui
