#pragma once
// The Animation panel: play / pause / step / loop, speed, a time slider over the result frames
// (parts moved through ModelScene::setPartPoses), and export of the frames as a PNG sequence.
#include <QWidget>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QTimer;

namespace mbs::ui {

class ModelView;
class SimulationResults;

class AnimationPanel : public QWidget {
  Q_OBJECT
public:
  AnimationPanel(SimulationResults& results, ModelView& view, QWidget* parent = nullptr);

  int frame() const { return m_frame; }
  void setFrame(int frame);
  void step(int delta);
  void play();
  void pause();
  bool isPlaying() const;
  void setLoop(bool loop);
  void setSpeed(double speed);
  // Writes every frame of the view as dir/frame_0000.png...; returns the number written.
  int exportPngSequence(const QString& directory);

signals:
  void timeChanged(double time);

private:
  void updateRange();
  void tick();

  SimulationResults& m_results;
  ModelView& m_view;
  QSlider* m_slider;
  QLabel* m_time;
  QPushButton* m_play;
  QCheckBox* m_loop;
  QDoubleSpinBox* m_speed;
  QTimer* m_timer;
  int m_frame = 0;
  double m_playTime = 0.0;
  qint64 m_lastTick = 0;
};

}  // namespace mbs::ui
