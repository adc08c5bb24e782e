#pragma once
// The VTK picture of a core::Model: part geometry, markers as triads, joints as glyphs by type,
// force elements, and a ground grid. Part actors hang off one vtkTransform per part, so the
// animation moves parts by setting poses without rebuilding anything.
#include <map>
#include <optional>
#include <vector>

#include <vtkSmartPointer.h>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Joint.hpp"
#include "mbs/core/Rotation.hpp"

class vtkAssembly;

class vtkActor;
class vtkProp;
class vtkRenderer;
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

class ModelScene {
public:
  explicit ModelScene(vtkRenderer* renderer);
  ~ModelScene();

  // Removes the previous actors and draws `model` in its initial configuration.
  void rebuild(const core::Model& model);
  // Moves parts (animation); parts not listed keep their pose. Force elements are redrawn.
  void setPartPoses(const std::map<core::PartId, PartPose>& poses);
  // Back to the initial configuration of the last rebuild.
  void resetPoses();

  // A temporary frame (joint preview while a dialog is open): a joint glyph and a triad at the
  // given ground pose; nullopt removes it.
  void setPreview(std::optional<PartPose> frame, core::JointKind kind = core::JointKind::Revolute);
  bool hasPreview() const { return !m_preview.empty(); }
  // Marker traces of the animation: one polyline per traced marker (ground frame); empty clears.
  void setTraces(const std::vector<std::vector<core::Vec3>>& polylines);
  bool hasTraces() const { return m_traces != nullptr; }

  std::optional<core::EntityRef> entityOf(vtkProp* prop) const;
  void setSelection(const std::vector<core::EntityRef>& selection);
  // Entities drawn in orange until the next call: redundant joints, disconnected parts (topology).
  void setProblems(const std::vector<core::EntityRef>& problems);
  bool isProblem(const core::EntityRef& entity) const;
  // Characteristic length of the model (used for glyph and grid sizes) [m].
  double modelSize() const { return m_size; }
  int actorCount() const { return static_cast<int>(m_actors.size()); }

private:
  struct ActorInfo {
    vtkSmartPointer<vtkActor> actor;
    core::EntityRef entity;
    double baseColor[3];
  };
  struct SpringInfo {
    core::ForceId force;
    core::PartId iPart, jPart;
    core::Vec3 iLocal, jLocal;  // attachment points in the part frames
    vtkSmartPointer<vtkActor> actor;
  };

  void addActor(vtkSmartPointer<vtkActor> actor, const core::EntityRef& entity, core::PartId part);
  void drawGround(const core::Model& model);
  void drawPart(const core::Model& model, core::PartId part, int colorIndex);
  void drawMarker(const core::Model& model, core::MarkerId marker);
  void drawJoint(const core::Model& model, core::JointId joint);
  void drawForce(const core::Model& model, core::ForceId force);
  void updateSprings();
  vtkTransform* partTransform(core::PartId part);
  core::Vec3 pointInGround(core::PartId part, const core::Vec3& local) const;

  vtkRenderer* m_renderer;
  std::vector<ActorInfo> m_actors;
  std::vector<SpringInfo> m_springs;
  std::map<core::PartId, vtkSmartPointer<vtkTransform>> m_partTransforms;
  std::map<core::PartId, PartPose> m_initialPoses, m_currentPoses;
  double m_size = 1.0;
  std::vector<vtkSmartPointer<vtkActor>> m_preview;
  vtkSmartPointer<vtkActor> m_traces;
  std::vector<core::EntityRef> m_selection, m_problems;
};

}  // namespace mbs::ui
