#pragma once
// The VTK picture of a core::Model: part geometry, markers as triads, joints as glyphs by type,
// force elements, and a ground grid. Part actors hang off one vtkTransform per part, so the
// animation moves parts by setting poses without rebuilding anything. A model with many rigid parts
// is drawn merged instead (MergedParts: one actor for all their surfaces, one for their lines).
#include <algorithm>
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <vtkSmartPointer.h>
#include <vtkType.h>

#include "mbs/core/FeBeam.hpp"
#include "mbs/core/Ids.hpp"
#include "mbs/core/Joint.hpp"
#include "mbs/core/Marker.hpp"
#include "mbs/core/Rotation.hpp"
#include "mbs/solver/FlexibleBody.hpp"

class QColor;
class vtkAssembly;

class vtkActor;
class vtkPolyData;
class vtkPoints;
class vtkPolyData;
class vtkProp;
class vtkRenderer;
class vtkScalarBarActor;
class vtkTransform;

namespace mbs::core {
class Model;
}

namespace mbs::ui {

// Pose of a part frame in ground.
struct PartPose {
  core::Vec3 position = core::Vec3::Zero();
  core::Mat3 rotation = core::Mat3::Identity();
};

// The node poses of FE beam parts (core/FeBeam.hpp), per part in node order: node k's position in
// ground and its axes (the part's axes at rest).
using FeNodePoses = std::map<core::PartId, std::vector<PartPose>>;

class MergedParts;

class ModelScene {
public:
  explicit ModelScene(vtkRenderer* renderer);
  ~ModelScene();

  // Removes the previous actors and draws `model` in its initial configuration.
  void rebuild(const core::Model& model);
  // Moves parts (animation); parts not listed keep their pose. Force elements are redrawn.
  void setPartPoses(const std::map<core::PartId, PartPose>& poses);
  // Back to the initial configuration of the last rebuild (FE beams undeformed too).
  void resetPoses();
  // FE beam parts (core::Part::feBeam) are drawn as their centre line through the nodes (cubic
  // between them, along the nodes' x axes) swept by the section; markers, joints and forces on an
  // FE beam move with the node they follow. Moves the listed parts' nodes (animation); others keep theirs.
  void setFeNodePoses(const FeNodePoses& poses);
  // The drawn centre line of an FE beam part in ground as last set (empty if `part` is none).
  std::vector<core::Vec3> feBeamCentreLine(core::PartId part) const;

  // A temporary frame (joint preview while a dialog is open): a joint glyph and a triad at the
  // given ground pose; nullopt removes it.
  void setPreview(std::optional<PartPose> frame, core::JointKind kind = core::JointKind::Revolute);
  bool hasPreview() const { return !m_preview.empty(); }
  // A helper line of the joint or marker dialogs (DMBS §2.3.2: the line the axis is taken from),
  // ground frame; nullopt removes it.
  void setHelperLine(std::optional<std::pair<core::Vec3, core::Vec3>> line);
  bool hasHelperLine() const { return m_helperLine != nullptr; }
  // Marker traces of the animation: one polyline per traced marker (ground frame); empty clears.
  void setTraces(const std::vector<std::vector<core::Vec3>>& polylines);
  bool hasTraces() const { return m_traces != nullptr; }
  // Journal orbits of clearance joints, drawn over the model (the journal hides its own centre):
  // per joint the magnified clearance circle, the journal centre's path up to now and its present
  // place, all in ground coordinates, labelled "<joint>: journal orbit ×<magnification>".
  struct Orbit {
    std::string joint;
    double magnification = 1.0;
    std::vector<core::Vec3> circle, path;  // path.back(): the journal centre now
  };
  void setOrbits(const std::vector<Orbit>& orbits);  // empty clears
  const std::vector<Orbit>& orbits() const { return m_orbits; }

  // Contacts between solids during the animation (issue 30): per touching pair a dot at its deepest
  // point, its normal (from J into I, a fixed length) and its force on I as an arrow of
  // forceScale × |F| metres, in ground coordinates as displayed; empty clears. Drawn over the
  // solids (the point lies on their surfaces, the arrows inside one of them).
  struct ContactGlyph {
    core::Vec3 point = core::Vec3::Zero(), normal = core::Vec3::Zero(), force = core::Vec3::Zero();
  };
  void setContactGlyphs(const std::vector<ContactGlyph>& glyphs, double forceScale);
  int contactGlyphCount() const { return m_contactGlyphCount; }

  // An FE mesh drawn over the model (the Make-flexible dialog): its surface triangles with element
  // edges, in the part frame placed at `pose`; with `displacement` (3N, part frame) the nodes move
  // by scale × displacement and the surface is coloured by |displacement|.
  struct MeshOverlay {
    core::PartId part;  // its own geometry is hidden while the overlay is shown
    PartPose pose;
    Eigen::Matrix3Xd nodes;
    std::vector<Eigen::Vector3i> triangles;
    Eigen::VectorXd displacement;
    double scale = 1.0;
  };
  void setMeshOverlay(const MeshOverlay* overlay);  // nullptr removes it
  bool hasMeshOverlay() const { return m_overlay != nullptr; }

  // What colours the flexible parts: the displacement magnitude |u| [m] or the von Mises stress
  // recovered from the modal stress shapes (drawn in MPa; parts without stress shapes show 0).
  enum class Contour { Displacement, VonMises };
  void setContour(Contour contour) { m_contour = contour; }
  Contour contour() const { return m_contour; }
  // Flexible parts (core::Part::flexible with recovery nodes) are drawn as the surface of their FE
  // mesh (the record's surface triangles; the nodes' convex hull for records without them), large
  // surfaces decimated to at most maxDrawnTriangles() for drawing only. Their deformation at modal
  // coordinates eta (per part; parts not listed: undeformed) is shown scaled by `scale`, coloured by the
  // contour quantity of the unscaled deformation over [0, colourMax] (SI: m or Pa; colourMax <= 0: the
  // largest shown). Returns the largest unscaled displacement shown [m]; shownStress() then gives the largest
  // von Mises stress shown [Pa].
  double setModalCoordinates(const std::map<core::PartId, Eigen::VectorXd>& eta, double scale,
                             double colourMax = 0.0);
  double shownStress() const { return m_shownStress; }
  // Largest nodal displacement [m] / von Mises stress [Pa] of the drawn nodes of `part` at modal
  // coordinates eta (0 if not a drawn flexible part, or without stress shapes).
  double maxDisplacement(core::PartId part, const Eigen::VectorXd& eta) const;
  double maxVonMises(core::PartId part, const Eigen::VectorXd& eta) const;
  int flexiblePartCount() const { return static_cast<int>(m_flexible.size()); }
  // True if a drawn flexible part carries modal stress shapes.
  bool hasStress() const;
  // The drawn surface points of a flexible part in its part frame as last set (deformed and scaled),
  // and their contour values (m or MPa); empty if the part is not a drawn flexible part.
  Eigen::Matrix3Xd flexiblePoints(core::PartId part) const;
  std::vector<double> flexibleContourValues(core::PartId part) const;
  // The drawn triangles of a flexible part, as indices into flexiblePoints(part).
  std::vector<std::array<int, 3>> flexibleTriangles(core::PartId part) const;
  // Surfaces with more triangles are decimated for display (the model keeps every node); takes
  // effect at the next rebuild.
  void setMaxDrawnTriangles(std::size_t count) { m_maxDrawnTriangles = std::max<std::size_t>(count, 4); }
  std::size_t maxDrawnTriangles() const { return m_maxDrawnTriangles; }
  // Title of the colour bar ("" when it is hidden): "|u| [m]" or "von Mises\n[MPa]".
  std::string colourBarTitle() const;

  // The entity drawn by `prop` (its cell `cell` when the prop draws many entities merged).
  std::optional<core::EntityRef> entityOf(vtkProp* prop, vtkIdType cell = -1) const;
  // Models with at least this many moving rigid parts are drawn merged (see MergedParts.hpp).
  static constexpr int kMergedFromParts = 100;
  // ... and with at least this many, at minimal detail (links without rounded ends, six-sided).
  static constexpr int kMinimalDetailFromParts = 2000;
  bool drawsMerged() const { return m_merged != nullptr; }
  // Level of detail while an animation plays (issue 33): a merged model at coarse detail draws its
  // surfaces at minimal detail (about a seventh of the triangles, which is what Mesa's software
  // renderer pays for); a paused frame is drawn at the scene's own detail again.
  void setPlaybackDetail(bool playing);
  bool drawsPlaybackDetail() const;
  void setSelection(const std::vector<core::EntityRef>& selection);
  // Entities drawn in orange until the next call: redundant joints, disconnected parts (topology).
  void setProblems(const std::vector<core::EntityRef>& problems);
  bool isProblem(const core::EntityRef& entity) const;
  // Characteristic length of the model (used for glyph and grid sizes) [m].
  double modelSize() const { return m_size; }
  // The floor grid: scenery, not model (Fit All frames the model without it).
  const vtkProp* grid() const { return m_grid; }
  int actorCount() const { return static_cast<int>(m_actors.size()); }
  // The curve of a point-to-curve or curve-to-curve joint as drawn (issue 30, Adams CURVE
  // graphics): a polyline of the B-spline on the J marker's part (iCurve: a curve-to-curve joint's
  // I curve, on the I marker's part), in ground at the poses shown; empty if the joint has none.
  std::vector<core::Vec3> jointCurve(core::JointId joint, bool iCurve = false) const;

private:
  struct ActorInfo {
    vtkSmartPointer<vtkActor> actor;
    core::EntityRef entity;
    double baseColor[3];
  };
  struct SpringInfo {
    core::ForceId force;
    core::PartId iPart, jPart;
    core::Vec3 iLocal, jLocal;   // attachment points in the part frames
    int iNode = -1, jNode = -1;  // the FE nodes carrying them (−1: rigid parts)
    vtkSmartPointer<vtkActor> actor;
    bool straight = false;  // a beam or field: a thin rod from J to I instead of a coil
  };

  struct FlexibleInfo {
    core::PartId part;
    std::shared_ptr<const solver::FlexibleBodyData> data;
    core::Mat3 cmRotation;  // CM frame in the part frame
    core::Vec3 cmPosition;
    std::vector<int> nodeIds;      // surface point -> FE node
    std::vector<int> stressIndex;  // surface point -> index into data->stressNodes (-1: none)
    vtkSmartPointer<vtkActor> actor;
  };
  bool drawFlexiblePart(const core::Model& model, core::PartId part, const QColor& color);
  struct FeBeamInfo {
    core::FeBeam beam;
    double halfWidthY = 0.0, halfWidthZ = 0.0;  // the drawn section's semi-axes
    std::vector<PartPose> nodes;                // as last set
    std::vector<core::Vec3> centreLine;         // as drawn
    vtkSmartPointer<vtkPoints> points;
    vtkSmartPointer<vtkPolyData> poly;
    vtkSmartPointer<vtkActor> actor;
    std::vector<vtkSmartPointer<vtkTransform>> nodeTransforms;  // part frame → moved with node k
  };
  bool drawFeBeamPart(const core::Model& model, core::PartId part, const QColor& color);
  void updateFeBeam(FeBeamInfo& info);
  void resetFeNodePoses();
  // The node of an FE beam part that `marker` follows (−1: its part is rigid).
  int feNodeOf(const core::Marker& marker) const;
  // What carries geometry drawn at `marker` in its part's frame: the part, or the FE node it follows.
  vtkTransform* carrierTransform(const core::Marker& marker);
  // addPartShape for geometry attached at `marker` (its glyph, a joint's, a force's).
  void addMarkerShape(vtkSmartPointer<vtkPolyData> poly, const QColor& color, const core::EntityRef& entity,
                      const core::Marker& at, double lineWidth = 0.0,
                      vtkSmartPointer<vtkPolyData> light = nullptr);
  // An actor of its own (never merged) moved by `transform` (null: fixed in ground).
  void addOwnActor(vtkSmartPointer<vtkActor> actor, const core::EntityRef& entity, vtkTransform* transform);
  // Adds `actor` of `entity`, moving with `part` (none: fixed); when the scene draws merged, a
  // mergeable actor of a part becomes a piece of the merged actors instead.
  void addActor(vtkSmartPointer<vtkActor> actor, const core::EntityRef& entity, core::PartId part,
                bool mergeable = true);
  // Adds `poly` of `entity` on `part` in `color`: a merged piece when the scene draws merged (no
  // actor and mapper made for it: 40,000 of them at N = 10,000), else an actor with `lineWidth` and
  // `specular` (0: VTK's defaults). `light`: the same at playback detail (merged only).
  void addPartShape(vtkSmartPointer<vtkPolyData> poly, const QColor& color, const core::EntityRef& entity,
                    core::PartId part, double lineWidth = 0.0, double specular = 0.0,
                    vtkSmartPointer<vtkPolyData> light = nullptr);
  // Whether shapes made now get a playback-detail version (merged pieces at coarse detail).
  bool wantsPlaybackShapes() const;
  void drawGround(const core::Model& model);
  void drawGroundGeometry(const core::Model& model, core::PartId ground);
  void drawPart(const core::Model& model, core::PartId part, int colorIndex);
  void drawMarker(const core::Model& model, core::MarkerId marker);
  // The triads of a part with many markers as one actor of the part (a 200,000-marker deck would
  // otherwise make as many actors: VTK's AddActor is linear in their number, and each one is a
  // draw call). Picking it picks the part; a selected marker of it gets a highlight triad.
  void drawMarkerGroup(core::PartId part, const std::vector<const core::Marker*>& markers);
  void highlightGroupedMarkers(const std::vector<core::EntityRef>& selection);
  void drawJoint(const core::Model& model, core::JointId joint);
  // A point-to-curve joint's curve, a curve-to-curve joint's two: `shape` in marker j's axes.
  void drawJointCurve(const core::Joint& joint, const core::JointCurve& shape, const core::Marker* j,
                      bool iCurve);
  void drawForce(const core::Model& model, core::ForceId force);
  void updateSprings();
  vtkTransform* partTransform(core::PartId part);
  // `local` in `part`'s frame, in ground at the poses shown; on an FE beam, carried by node `feNode`.
  core::Vec3 pointInGround(core::PartId part, const core::Vec3& local, int feNode = -1) const;

  vtkRenderer* m_renderer;
  std::vector<ActorInfo> m_actors;
  std::unique_ptr<MergedParts> m_merged;  // null: one actor per piece
  bool m_playbackDetail = false;          // as last given to setPlaybackDetail
  struct GroupedMarker {
    core::PartId part;
    core::Vec3 position;
    core::Mat3 orientation;
  };
  std::unordered_map<std::uint32_t, GroupedMarker> m_groupedMarkers;  // by marker id
  std::vector<vtkSmartPointer<vtkActor>> m_markerHighlights;
  std::vector<SpringInfo> m_springs;
  // Per joint curve (by joint id, and whether it is a curve-to-curve joint's I curve): its part
  // and polyline in the part frame.
  std::map<std::pair<std::uint32_t, bool>, std::pair<core::PartId, std::vector<core::Vec3>>> m_jointCurves;
  std::map<core::PartId, vtkSmartPointer<vtkTransform>> m_partTransforms;
  std::map<core::PartId, PartPose> m_initialPoses, m_currentPoses;
  double m_size = 1.0;
  double m_glyphSize = 1.0;   // what joint glyphs, triads and arrows scale with (≤ m_size)
  vtkProp* m_grid = nullptr;  // owned by the renderer
  std::vector<vtkSmartPointer<vtkActor>> m_preview;
  vtkSmartPointer<vtkActor> m_traces;
  std::vector<Orbit> m_orbits;
  std::vector<vtkSmartPointer<vtkProp>> m_orbitProps;  // 2-D overlay: lines, point, labels
  vtkSmartPointer<vtkActor> m_helperLine;
  std::vector<vtkSmartPointer<vtkProp>> m_contactProps;  // 2-D overlay: points, normals, forces
  int m_contactGlyphCount = 0;
  vtkSmartPointer<vtkActor> m_overlay;
  core::PartId m_overlayPart;
  vtkSmartPointer<vtkScalarBarActor> m_scalarBar;
  std::vector<FlexibleInfo> m_flexible;
  std::map<core::PartId, FeBeamInfo> m_feBeams;
  Contour m_contour = Contour::Displacement;
  double m_shownStress = 0.0;
  // Drawn triangles per flexible body (kept with the data so the pointer stays unique): rebuilds
  // after every edit do not re-triangulate or re-decimate.
  struct DrawnSurface {
    std::shared_ptr<const solver::FlexibleBodyData> data;
    std::vector<std::array<long long, 3>> triangles;  // FE node indices
    std::size_t limit = 0;                            // m_maxDrawnTriangles when they were made
  };
  std::map<const solver::FlexibleBodyData*, DrawnSurface> m_surfaces;
  std::size_t m_maxDrawnTriangles = 60000;
  std::vector<core::EntityRef> m_selection, m_problems;
};

}  // namespace mbs::ui
