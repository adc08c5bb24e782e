#pragma once
// The result views of Tools > Design Study: a response against one variable (one curve per value
// of a second variable) and, for two variables, a 2-D map of the response coloured over the
// variables' plane (cells for a grid design, dots for a Latin hypercube).
#include <QWidget>
#include <vector>

class QChart;
class QChartView;

namespace mbs::ui {

// One run's point: the variables' values and the response (NaN: the run gave none).
struct StudyPoint {
  std::vector<double> variables;
  double response;
};

// Fills `chart` with response vs variables[x], one series per value of variables[group] (group
// < 0: one series). Returns the number of series.
int fillStudyChart(QChart& chart, const std::vector<StudyPoint>& points, int x, int group,
                   const QString& xTitle, const QString& yTitle, const QString& groupTitle);

class StudyMap : public QWidget {
  Q_OBJECT
public:
  explicit StudyMap(QWidget* parent = nullptr);
  // The response over variables[x] (horizontal) and variables[y] (vertical).
  void setData(std::vector<StudyPoint> points, int x, int y, const QString& xTitle, const QString& yTitle,
               const QString& valueTitle);
  int pointCount() const { return int(m_points.size()); }
  QSize sizeHint() const override { return {520, 380}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  std::vector<StudyPoint> m_points;
  int m_x = 0, m_y = 1;
  QString m_xTitle, m_yTitle, m_valueTitle;
};

}  // namespace mbs::ui
