#pragma once
// The Plot panel (Qt Charts): part results (CM position, velocity, acceleration, angular
// velocity) and joint results (reaction force and torque) against time, several curves at once,
// a cursor synced with the animation time, rubber-band zoom, and export to PNG, SVG, PDF and CSV.
#include <QWidget>
#include <vector>

class QComboBox;
class QChart;
class QChartView;
class QLineSeries;
class QValueAxis;

namespace mbs::ui {

class SimulationResults;

class PlotPanel : public QWidget {
  Q_OBJECT
public:
  explicit PlotPanel(SimulationResults& results, QWidget* parent = nullptr);

  // Adds the curve of the chosen entity (index into the entity list) and quantity; false if none.
  bool addCurve(int entity, int quantity);
  bool addCurve(const QString& entityName, const QString& quantityName);
  int curveCount() const { return static_cast<int>(m_curves.size()); }
  void clearCurves();
  void setCursorTime(double time);
  // Export by extension: .png, .svg, .pdf or .csv. Returns false if the file could not be written.
  bool exportTo(const QString& path);
  // Samples of a curve (time, value), for tests and CSV.
  std::vector<std::pair<double, double>> samples(int curve) const;

private:
  struct Curve {
    QString label;
    QLineSeries* series;
    bool isPart;
    int index;     // body or joint index in the result layout
    int quantity;  // row of the quantity list of parts or joints
  };
  void fillEntities();
  void refreshCurves();
  void updateAxes();

  SimulationResults& m_results;
  QComboBox* m_entity;
  QComboBox* m_quantity;
  QChart* m_chart;
  QChartView* m_view;
  QValueAxis* m_x;
  QValueAxis* m_y;
  QLineSeries* m_cursor;
  std::vector<Curve> m_curves;
  double m_cursorTime = 0.0;
};

}  // namespace mbs::ui
