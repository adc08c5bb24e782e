#include "mbs/ui/panels/AnimationPanel.hpp"

#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSlider>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/view/ModelScene.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {

AnimationPanel::AnimationPanel(SimulationResults& results, ModelView& view, QWidget* parent)
    : QWidget(parent), m_results(results), m_view(view)
{
  setObjectName("animationPanel");
  auto* layout = new QVBoxLayout(this);
  auto* controls = new QHBoxLayout;
  auto button = [this, controls](QStyle::StandardPixmap icon, const QString& tip) {
    auto* b = new QPushButton(style()->standardIcon(icon), QString());
    b->setToolTip(tip);
    controls->addWidget(b);
    return b;
  };
  QPushButton* first = button(QStyle::SP_MediaSkipBackward, tr("First frame"));
  QPushButton* back = button(QStyle::SP_MediaSeekBackward, tr("Step back"));
  m_play = button(QStyle::SP_MediaPlay, tr("Play / pause"));
  m_play->setObjectName("playButton");
  QPushButton* forward = button(QStyle::SP_MediaSeekForward, tr("Step forward"));
  QPushButton* last = button(QStyle::SP_MediaSkipForward, tr("Last frame"));
  m_loop = new QCheckBox(tr("Loop"));
  m_loop->setChecked(true);
  controls->addWidget(m_loop);
  controls->addWidget(new QLabel(tr("Speed")));
  m_speed = new QDoubleSpinBox;
  m_speed->setRange(0.01, 100.0);
  m_speed->setValue(1.0);
  m_speed->setSuffix("×");
  controls->addWidget(m_speed);
  QPushButton* exportButton = new QPushButton(tr("Export PNGs..."));
  controls->addWidget(exportButton);
  controls->addStretch();
  layout->addLayout(controls);
  auto* sliderRow = new QHBoxLayout;
  m_slider = new QSlider(Qt::Horizontal);
  m_slider->setObjectName("timeSlider");
  m_time = new QLabel(tr("no results"));
  m_time->setMinimumWidth(140);
  sliderRow->addWidget(m_slider, 1);
  sliderRow->addWidget(m_time);
  layout->addLayout(sliderRow);
  m_timer = new QTimer(this);
  m_timer->setInterval(33);

  connect(m_slider, &QSlider::valueChanged, this, &AnimationPanel::setFrame);
  connect(first, &QPushButton::clicked, this, [this] { setFrame(0); });
  connect(last, &QPushButton::clicked, this,
          [this] { setFrame(static_cast<int>(m_results.frameCount()) - 1); });
  connect(back, &QPushButton::clicked, this, [this] { step(-1); });
  connect(forward, &QPushButton::clicked, this, [this] { step(1); });
  connect(m_play, &QPushButton::clicked, this, [this] { isPlaying() ? pause() : play(); });
  connect(m_timer, &QTimer::timeout, this, &AnimationPanel::tick);
  connect(exportButton, &QPushButton::clicked, this, [this] {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export frames to"));
    if (!dir.isEmpty())
      exportPngSequence(dir);
  });
  connect(&m_results, &SimulationResults::started, this, [this] {
    pause();
    m_frame = 0;
    m_view.scene().resetPoses();
    m_view.requestRender();
    updateRange();
  });
  connect(&m_results, &SimulationResults::framesAdded, this, &AnimationPanel::updateRange);
  updateRange();
}

void AnimationPanel::updateRange()
{
  const int count = static_cast<int>(m_results.frameCount());
  const QSignalBlocker blocker(m_slider);
  m_slider->setRange(0, std::max(0, count - 1));
  m_slider->setEnabled(count > 0);
  m_play->setEnabled(count > 1);
  if (count == 0)
    m_time->setText(tr("no results"));
}

void AnimationPanel::setFrame(int frame)
{
  const int count = static_cast<int>(m_results.frameCount());
  if (count == 0)
    return;
  m_frame = std::clamp(frame, 0, count - 1);
  {
    const QSignalBlocker blocker(m_slider);
    m_slider->setValue(m_frame);
  }
  const double t = m_results.time(m_frame);
  m_time->setText(tr("t = %1 s  (%2/%3)").arg(t, 0, 'f', 4).arg(m_frame + 1).arg(count));
  m_view.scene().setPartPoses(m_results.partPoses(m_frame));
  m_view.requestRender();
  emit timeChanged(t);
}

void AnimationPanel::step(int delta)
{
  const int count = static_cast<int>(m_results.frameCount());
  if (count == 0)
    return;
  int next = m_frame + delta;
  if (m_loop->isChecked())
    next = ((next % count) + count) % count;
  setFrame(next);
}

void AnimationPanel::play()
{
  if (m_results.frameCount() < 2)
    return;
  if (m_frame >= static_cast<int>(m_results.frameCount()) - 1)
    setFrame(0);
  m_playTime = m_results.time(m_frame);
  m_lastTick = QDateTime::currentMSecsSinceEpoch();
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPause));
  m_timer->start();
}

void AnimationPanel::pause()
{
  m_timer->stop();
  m_play->setIcon(style()->standardIcon(QStyle::SP_MediaPlay));
}

bool AnimationPanel::isPlaying() const
{
  return m_timer->isActive();
}
void AnimationPanel::setLoop(bool loop)
{
  m_loop->setChecked(loop);
}
void AnimationPanel::setSpeed(double speed)
{
  m_speed->setValue(speed);
}

void AnimationPanel::tick()
{
  // Real time scaled by the speed: the animation shows simulated time, not frame numbers.
  const qint64 now = QDateTime::currentMSecsSinceEpoch();
  m_playTime += m_speed->value() * (now - m_lastTick) / 1000.0;
  m_lastTick = now;
  const int count = static_cast<int>(m_results.frameCount());
  const double start = m_results.time(0), end = m_results.time(count - 1);
  if (m_playTime > end) {
    if (!m_loop->isChecked()) {
      setFrame(count - 1);
      pause();
      return;
    }
    m_playTime = start + std::fmod(m_playTime - start, std::max(end - start, 1e-12));
  }
  int frame = m_frame;
  if (m_results.time(frame) > m_playTime)
    frame = 0;
  while (frame + 1 < count && m_results.time(frame + 1) <= m_playTime)
    ++frame;
  if (frame != m_frame)
    setFrame(frame);
}

int AnimationPanel::exportPngSequence(const QString& directory)
{
  QDir dir(directory);
  if (!dir.exists() && !dir.mkpath("."))
    return 0;
  pause();
  const int count = static_cast<int>(m_results.frameCount());
  int written = 0;
  for (int k = 0; k < count; ++k) {
    setFrame(k);
    const QImage image = m_view.grabFramebuffer();  // renders the frame through paintGL
    if (image.save(dir.filePath(QStringLiteral("frame_%1.png").arg(k, 4, 10, QChar('0')))))
      ++written;
  }
  return written;
}

}  // namespace mbs::ui
