#pragma once
// The 3-D view of the open document: keeps the ModelScene in step with the Document and turns
// clicks into selections.
#include <memory>
#include <optional>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Rotation.hpp"

#include "mbs/ui/view/VtkView.hpp"

namespace mbs::ui {

class Document;
class ModelScene;

class ModelView : public VtkView {
  Q_OBJECT
public:
  explicit ModelView(Document& document, QWidget* parent = nullptr);
  ~ModelView() override;

  ModelScene& scene() { return *m_scene; }
  // World position of the geometry (or, missing it, of the ground grid plane) under a widget
  // pixel; nullopt when the ray hits neither.
  std::optional<core::Vec3> worldPointAt(QPoint position) const;
  // The geometry face under the last click (nullopt if the click hit no part geometry): the picked
  // point and the face's unit normal in ground, as pointPicked was emitted, and the face's edge
  // nearest the click (from == to if the face has none).
  struct PickedFace {
    core::Vec3 point;
    core::Vec3 normal;
    core::Vec3 edgeFrom = core::Vec3::Zero(), edgeTo = core::Vec3::Zero();
  };
  std::optional<PickedFace> pickedFace() const { return m_pickedFace; }
  int sceneRebuilds() const { return m_rebuilds; }  // how often the scene was built (for tests)

signals:
  // Every left click: the picked world point (on geometry or the grid plane) and the entity hit.
  void pointPicked(const core::Vec3& point, const core::EntityRef& entity);

protected:
  bool contentBounds(double bounds[6]) const override;  // the model without the floor grid

private:
  void rebuildScene(bool resetCamera);
  void pick(QPoint position, Qt::KeyboardModifiers modifiers);

  Document& m_document;
  std::unique_ptr<ModelScene> m_scene;
  double m_fittedSize = 0.0;                       // model size at the last camera fit
  int m_verticalAxis = 0;                          // as last given to setVerticalAxis (0: not yet)
  core::Vec3 m_sceneGravity = core::Vec3::Zero();  // the gravity the scene was built with
  int m_rebuilds = 0;
  int m_verticalSign = 0;
  std::optional<PickedFace> m_pickedFace;
};

}  // namespace mbs::ui
