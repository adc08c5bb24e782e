#pragma once
// Helper lines for a joint or marker frame (DMBS §2.3.2 "指定铰坐标系辅助线"): the z axis taken
// through two markers or two points, along a part's principal axis of inertia, normal to the plane
// of three markers or points, parallel or perpendicular to another joint's axis, normal to a
// face or along an edge picked in the 3-D view. The free functions are the geometry (ground frame);
// AxisHelper is the form rows the Joint and Marker dialogs share, which emits the axis and its helper line.
#include <QPointer>
#include <QWidget>
#include <optional>
#include <utility>

#include "mbs/core/Model.hpp"

class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QPushButton;

namespace mbs::ui {

class EntityCombo;
class ModelView;
class Vec3Edit;

// A unit axis and the segment the view draws for it (ground frame).
struct AxisLine {
  core::Vec3 axis;
  core::Vec3 from, to;
};

namespace axes {
// The line a -> b (drawn 20 % longer at each end); nullopt if the points coincide.
std::optional<AxisLine> throughPoints(const core::Vec3& a, const core::Vec3& b, QString* error = nullptr);
// The normal (b - a) x (c - a) of the plane through three points, drawn from their centroid with
// the triangle's largest edge as length; nullopt if they are (nearly) on one line.
std::optional<AxisLine> normalToPlane(const core::Vec3& a, const core::Vec3& b, const core::Vec3& c,
                                      QString* error = nullptr);
// Principal axis `index` (0: smallest moment, 2: largest) of a part's inertia, through its CM,
// drawn `halfLength` each side; nullopt for ground or a part with two equal moments there (the axis
// is not unique: the message names the equal moments).
std::optional<AxisLine> principalAxis(const core::Model& model, core::PartId part, int index,
                                      double halfLength, QString* error = nullptr);
// The z axis of a joint's J marker (for a coupler: of its first joint), through the marker.
std::optional<AxisLine> jointAxis(const core::Model& model, core::JointId joint, double halfLength,
                                  QString* error = nullptr);
// The direction perpendicular to `axis` closest to `toward` (its component normal to `axis`);
// nullopt if `toward` is parallel to `axis`.
std::optional<core::Vec3> perpendicularTo(const core::Vec3& axis, const core::Vec3& toward,
                                          QString* error = nullptr);
}  // namespace axes

class AxisHelper : public QObject {
  Q_OBJECT
public:
  enum class Method {
    Typed,
    TwoMarkers,
    TwoPoints,
    ThreeMarkers,
    ThreePoints,
    PrincipalAxis,
    ParallelToJoint,
    PerpendicularToJoint,
    PickedFace,
    PickedEdge,
  };

  // Adds the helper's rows to `form` after the row of `axisEdit` (the dialog's typed axis, which
  // shows the computed axis while a helper is chosen). `view` (may be null) supplies picks and
  // draws the helper line.
  AxisHelper(const core::Model& model, ModelView* view, QFormLayout* form, Vec3Edit* axisEdit,
             QObject* parent = nullptr);
  ~AxisHelper() override;

  void setMethod(Method method);
  Method method() const;
  // The axis the current inputs give, with its helper line; nullopt with the reason if they do
  // not give one. Typed: the typed axis, without a line.
  std::optional<AxisLine> compute(QString* error = nullptr) const;
  // Removes the helper line from the view (the dialog closes).
  void clearLine();
  void setVisible(bool visible);

  QComboBox* methodBox;
  EntityCombo* markers[3];
  Vec3Edit* points[3];
  QPushButton* pick;  // the next clicks fill the points (two or three) in turn
  EntityCombo* part;
  QComboBox* principalIndex;
  EntityCombo* joint;
  Vec3Edit* toward;  // perpendicular to a joint: the direction the axis should be closest to

signals:
  // The inputs changed: the axis edit already holds the computed axis (if any).
  void changed();

private:
  void update();
  void updateRows();
  void onPicked(const core::Vec3& point);
  double lineHalfLength() const;

  const core::Model& m_model;
  QPointer<ModelView> m_view;
  QFormLayout* m_form;
  Vec3Edit* m_axisEdit;
  int m_nextPoint = 0;
  std::optional<std::pair<core::Vec3, core::Vec3>> m_face;  // picked point, normal
  std::optional<std::pair<core::Vec3, core::Vec3>> m_edge;  // picked edge's ends
  bool m_visible = true;
};

}  // namespace mbs::ui
