#pragma once
// The Plot panel (Qt Charts): part results (CM position, velocity, acceleration, angular
// velocity), joint results (reaction force and torque; friction force, torque, normal force,
// sliding speed, stick and power for joints with friction) and force-element results (force,
// torque, deformation) and flexible-part results (modal coordinates; largest von Mises and
// principal stress) against time. Several curves per subplot and several subplots sharing the
// time axis, a cursor synced with the animation time with a readout of every curve, zoom/pan, and
// export to PNG, SVG, PDF and CSV. Axes carry titles with units and ticks at 1, 2, 5 × 10ⁿ; curves
// differ in dash pattern as well as colour (greyscale print); exports leave the cursor out, have
// print-size fonts and a page the size of the plot. Spectrum... shows the amplitude spectrum of the
// last subplot's curves (SpectrumDialog). A clearance joint's orbit (eccentricity y against x in the
// bearing's axes) goes in a subplot of its own with equal scales on both axes, the clearance circle
// and, as the cursor, the journal centre at the cursor time.
#include <QPointF>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QWidget>
#include <vector>

#include "mbs/core/Units.hpp"

class QComboBox;
class QLineEdit;
class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
class QLabel;
class QPainter;
class QLineSeries;
class QScrollArea;
class QSplitter;
class QValueAxis;

namespace mbs::ui {

class SimulationResults;
class SpectrumDialog;
namespace plot {
struct Entity;
}

// A time read-out in `units`' time unit ("t = 12.5000 ms"), from a time in seconds.
QString timeText(const core::UnitSystem& units, double seconds);

class PlotPanel : public QWidget {
  Q_OBJECT
public:
  explicit PlotPanel(SimulationResults& results, QWidget* parent = nullptr);
  ~PlotPanel() override;

  // Adds the curve of the chosen entity (index into the entity list) and quantity to the current
  // (last) subplot; false if there is no such entity or quantity.
  bool addCurve(int entity, int quantity);
  bool addCurve(const QString& entityName, const QString& quantityName);
  // Starts a new, empty subplot below the others: the next curves go there.
  void addSubplot();
  int subplotCount() const { return static_cast<int>(m_subplots.size()); }
  int curveCount() const { return static_cast<int>(m_curves.size()); }
  // Removes every curve and every subplot but the first.
  void clearCurves();
  // Keeps a copy of the current run's curves (same subplots, own style, labelled with the run) so
  // that the next run of the model can be compared with it; returns how many were kept. Kept
  // curves go with Clear and with the model (New, Open).
  int keepRunForComparison();
  void setCursorTime(double time);
  // "t = …" and each curve's value at the cursor time (linear interpolation).
  QString readout() const;
  // Export by extension: .png, .svg, .pdf or .csv. Returns false if the file could not be written.
  bool exportTo(const QString& path);
  // Opens (or brings up to date) the spectrum view of the last subplot's curves.
  SpectrumDialog* showSpectrum();
  // Points of a curve as drawn: (time, value), or (x, y) of an orbit.
  std::vector<std::pair<double, double>> samples(int curve) const;
  // True if the subplot shows orbits (x: eccentricity x, not time).
  bool isOrbitSubplot(int subplot) const;
  // The points handed to the chart for a curve: a long curve decimated to its subplot's pixel
  // columns (PlotDecimation.hpp), the samples themselves when they are fewer.
  std::vector<std::pair<double, double>> drawnPoints(int curve) const;
  // The width in pixels of a subplot's plot area: the columns its curves are decimated to.
  int plotColumns(int subplot) const;
  // The model's display units (Settings > Units): quantity lists, curves, axes and exports show
  // values in them (the time axis stays in seconds).
  void setDisplayUnits(const core::UnitSystem& units);
  // The SENSOR firings of the run marked in a time subplot (as Adams/PostProcessor marks events): a
  // vertical line at each firing time with the sensor's name. Per marker its name, its x on the time
  // axis (display units) and where its label is drawn in the chart; empty for an orbit subplot.
  struct EventMarker {
    QString name;
    double x = 0.0;
    QPointF labelPosition;
    bool visible = false;  // inside the time axis's range
  };
  std::vector<EventMarker> eventMarkers(int subplot) const;

private:
  struct Subplot {
    QChart* chart;
    QChartView* view;
    QValueAxis* x;
    QValueAxis* y;
    QLineSeries* cursor;
    bool orbit = false;
    QLineSeries* circle = nullptr;  // orbit subplots: the clearance circle
    double circleRadius = 0.0;
    double fittedAspect = 0.0;         // plot-area width / height the orbit's ranges were made for
    bool slider = false;               // orbit of a translational clearance: |x| + |y| = c
    std::vector<QLineSeries*> events;  // a vertical line per SENSOR firing (PlotEvents.cpp)
    std::vector<QGraphicsSimpleTextItem*> eventLabels;
  };
  struct Curve {
    QString label;
    QString quantity;    // its label with unit in the display units, "CM position y [mm]"
    QString siQuantity;  // the label of plot::quantities, "CM position y [m]"
    double scale = 1.0;  // display value = value of plot::valueOf * scale
    QLineSeries* series;
    int subplot;
    int kind;           // plot::EntityKind
    int index;          // in the result layout's list of that kind
    int frictionIndex;  // joints: in ResultLayout::frictionJoints, or -1
    int quantityRow;    // row of the entity's quantity list
    bool kept = false;  // a copy of an earlier run's curve: its samples, not the store's
    std::vector<std::pair<double, double>> keptSamples;
    bool orbit = false;  // a clearance orbit: samples are (x, y)
    std::vector<std::vector<std::pair<double, double>>> keptSeries;
    // Every sample of the curve (read once per refresh), of which the series holds what is drawn.
    std::vector<std::pair<double, double>> data;
  };
  // A curve against time: one (time, value) series, or an orbit's x and y.
  std::vector<std::vector<std::pair<double, double>>> timeSeries(int curve) const;
  // Orbit subplot (or back to a time subplot): axes, circle of radius `clearance`, height.
  // A translational clearance (slider) is bounded by |x| + |y| = c instead.
  void setOrbitSubplot(Subplot& subplot, bool orbit, double clearance, bool slider = false);
  // Equal scales on both axes of an orbit subplot for its present plot area.
  void fitOrbit(Subplot& subplot);
  // Y axis title of a subplot from its curves' quantities ("Reaction force x [N]").
  QString valueAxisTitle(int subplot) const;
  // Larger fonts and no cursor for files; `on` false gives the panel's look back.
  void setExportLook(bool on);
  // The plot entity of an entity-list row (flexible parts' stress entities carry their record).
  plot::Entity entityOf(int kind, int index, int frictionIndex) const;
  void fillEntities();
  // Shows the entity rows whose name contains the filter text (and their group headings).
  void applyEntityFilter();
  bool isEntityRow(int row) const;  // not a group heading
  void fillQuantities();
  void refreshCurves();
  // Hands the chart the points of a subplot's curves for its visible range and width.
  void drawCurves(int subplot);
  void updateAxes();
  void updateReadout();
  void renderCharts(QPainter& painter, const QRectF& target, QSize chartSize);
  // The time axis is in the model's time unit (the samples and the cursor time in seconds).
  double timePerSecond() const;
  QString timeAxisTitle() const;
  // The run's SENSOR firings as lines and names in every time subplot (PlotEvents.cpp), and their
  // placement after a change of the axes' ranges or the plot area.
  void updateEventMarkers();
  void placeEventMarkers(Subplot& subplot);
  std::vector<std::pair<QString, double>> m_firings;  // (sensor, time [s]) of the run shown

  SimulationResults& m_results;
  QComboBox* m_entity;        // entities grouped under headings (parts, joints, forces, ...)
  QLineEdit* m_entityFilter;  // narrows the entity list by name
  QComboBox* m_quantity;
  QLabel* m_readout;
  QScrollArea* m_scroll;
  QSplitter* m_splitter;
  std::vector<Subplot> m_subplots;
  std::vector<Curve> m_curves;
  SpectrumDialog* m_spectrum = nullptr;
  double m_cursorTime = 0.0;
  int m_keptRuns = 0;
  core::UnitSystem m_units = core::defaultDisplayUnits();
};

}  // namespace mbs::ui
