#include "mbs/ui/view/ModelView.hpp"

#include <algorithm>

#include <vtkActor.h>
#include <vtkCell.h>
#include <vtkCellPicker.h>
#include <vtkDataSet.h>
#include <vtkMatrix4x4.h>
#include <vtkProp.h>
#include <vtkPropCollection.h>
#include <vtkRenderer.h>
#include <algorithm>
#include <cmath>
#include <limits>

#include "mbs/ui/Document.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {

ModelView::ModelView(Document& document, QWidget* parent)
    : VtkView(parent), m_document(document), m_scene(std::make_unique<ModelScene>(renderer()))
{
  setObjectName("modelView");
  connect(&m_document, &Document::modelReset, this, [this] { rebuildScene(true); });
  connect(&m_document, &Document::modelChanged, this, [this] {
    // An edit of the model's own settings (the Run panel's end time, steps, integrator; the name,
    // the units) leaves the scene as it is: only gravity, which sets the floor grid and the
    // vertical, is drawn. A 10,000-part scene takes about a second to rebuild.
    const auto& changed = m_document.lastChangedEntities();
    const bool settingsOnly =
        !changed.empty() && std::all_of(changed.begin(), changed.end(), [](const core::EntityRef& ref) {
          return ref.kind == core::EntityKind::Model;
        });
    if (settingsOnly && m_document.model().gravity == m_sceneGravity)
      return;
    rebuildScene(false);
  });
  connect(&m_document, &Document::selectionChanged, this, [this] {
    m_scene->setSelection(m_document.selection());
    requestRender();
  });
  connect(this, &VtkView::clicked, this, &ModelView::pick);
  rebuildScene(true);
}

ModelView::~ModelView() = default;

void ModelView::rebuildScene(bool resetCamera)
{
  m_scene->rebuild(m_document.model());
  m_sceneGravity = m_document.model().gravity;
  ++m_rebuilds;
  m_scene->setSelection(m_document.selection());
  // Up is against gravity when gravity lies along y (planar mechanisms drawn in xy), else +z; a
  // change of the vertical (gravity edited) re-orients the view.
  const core::Vec3& g = m_document.model().gravity;
  const bool alongY = std::abs(g.y()) > std::abs(g.z()) && std::abs(g.y()) > std::abs(g.x());
  const int axis = alongY ? 1 : 2, sign = alongY ? (g.y() < 0 ? 1 : -1) : (g.z() > 0 ? -1 : 1);
  if (axis != m_verticalAxis || sign != m_verticalSign) {
    m_verticalAxis = axis;
    m_verticalSign = sign;
    setVerticalAxis(axis, sign);
    resetCamera = true;
  }
  // Refit when the model grew or shrank a lot (building from an empty model starts tiny).
  const double size = m_scene->modelSize();
  if (!resetCamera && m_fittedSize > 0.0 && (size > 2.0 * m_fittedSize || size < 0.25 * m_fittedSize)) {
    m_fittedSize = size;
    fitAll();
    return;
  }
  if (resetCamera) {
    m_fittedSize = size;
    setStandardView(StandardView::Iso);
  } else {
    requestRender();
  }
}

bool ModelView::contentBounds(double bounds[6]) const
{
  bool any = false;
  vtkPropCollection* props = renderer()->GetViewProps();
  props->InitTraversal();
  while (vtkProp* prop = props->GetNextProp()) {
    if (!prop->GetVisibility() || prop == m_scene->grid())
      continue;
    const double* b = prop->GetBounds();
    if (!b || !(b[0] <= b[1]))
      continue;  // 2-D props (the scalar bar) and empty ones
    for (int k = 0; k < 6; k += 2) {
      bounds[k] = any ? std::min(bounds[k], b[k]) : b[k];
      bounds[k + 1] = any ? std::max(bounds[k + 1], b[k + 1]) : b[k + 1];
    }
    any = true;
  }
  return any;
}

void ModelView::pick(QPoint position, Qt::KeyboardModifiers modifiers)
{
  const double ratio = devicePixelRatioF();
  // Software ray picking: hardware picking would need the GL context outside paintGL.
  vtkNew<vtkCellPicker> picker;
  picker->SetTolerance(0.005);
  picker->Pick(position.x() * ratio, (height() - position.y() - 1) * ratio, 0.0, renderer());
  std::vector<core::EntityRef> selection;
  if (modifiers & Qt::ControlModifier)
    selection = m_document.selection();
  const auto entity = m_scene->entityOf(picker->GetViewProp(), picker->GetCellId());
  if (entity)
    selection.push_back(*entity);
  // The face under the click (its outward normal), for the axis helpers "normal to a picked face".
  m_pickedFace.reset();
  if (picker->GetViewProp() && picker->GetViewProp()->GetPickable() && picker->GetCellId() >= 0) {
    double p[3], n[3];
    picker->GetPickPosition(p);
    picker->GetPickNormal(n);
    const core::Vec3 normal(n[0], n[1], n[2]);
    if (normal.norm() > 1e-9)
      m_pickedFace = PickedFace{core::Vec3(p[0], p[1], p[2]), normal.normalized(), {}, {}};
    // The picked cell's edge nearest the click, in ground (the data are in the part's frame).
    vtkDataSet* data = picker->GetDataSet();
    vtkCell* cell = data ? data->GetCell(picker->GetCellId()) : nullptr;
    auto* actor = vtkActor::SafeDownCast(picker->GetViewProp());
    if (m_pickedFace && cell && actor && cell->GetNumberOfPoints() >= 2) {
      vtkMatrix4x4* matrix = actor->GetMatrix();
      auto world = [&](vtkIdType id) {
        double local[4] = {0, 0, 0, 1}, out[4];
        data->GetPoint(id, local);
        local[3] = 1.0;
        matrix->MultiplyPoint(local, out);
        return core::Vec3(out[0], out[1], out[2]);
      };
      const core::Vec3 at = m_pickedFace->point;
      double best = std::numeric_limits<double>::infinity();
      const vtkIdType count = cell->GetNumberOfPoints();
      for (vtkIdType k = 0; k < count; ++k) {
        const core::Vec3 a = world(cell->GetPointId(k)), b = world(cell->GetPointId((k + 1) % count));
        const core::Vec3 ab = b - a;
        if (ab.norm() <= 0.0)
          continue;
        const double s = std::clamp((at - a).dot(ab) / ab.squaredNorm(), 0.0, 1.0);
        const double distance = (a + s * ab - at).norm();
        if (distance < best) {
          best = distance;
          m_pickedFace->edgeFrom = a;
          m_pickedFace->edgeTo = b;
        }
      }
    }
  }
  if (const auto point = worldPointAt(position))
    emit pointPicked(*point, entity.value_or(core::EntityRef()));
  m_document.setSelection(std::move(selection));
}

std::optional<core::Vec3> ModelView::worldPointAt(QPoint position) const
{
  const double ratio = devicePixelRatioF();
  const double x = position.x() * ratio, y = (height() - position.y() - 1) * ratio;
  vtkNew<vtkCellPicker> picker;
  picker->SetTolerance(0.005);
  if (picker->Pick(x, y, 0.0, renderer()) && picker->GetViewProp() && picker->GetViewProp()->GetPickable()) {
    double p[3];
    picker->GetPickPosition(p);
    return core::Vec3(p[0], p[1], p[2]);
  }
  // Nothing hit: intersect the view ray with the grid plane (through the origin, normal to gravity).
  auto* r = renderer();
  double nearPoint[4], farPoint[4];
  r->SetDisplayPoint(x, y, 0.0);
  r->DisplayToWorld();
  r->GetWorldPoint(nearPoint);
  r->SetDisplayPoint(x, y, 1.0);
  r->DisplayToWorld();
  r->GetWorldPoint(farPoint);
  if (nearPoint[3] == 0.0 || farPoint[3] == 0.0)
    return std::nullopt;
  const core::Vec3 a = core::Vec3(nearPoint[0], nearPoint[1], nearPoint[2]) / nearPoint[3];
  const core::Vec3 b = core::Vec3(farPoint[0], farPoint[1], farPoint[2]) / farPoint[3];
  const core::Vec3& g = m_document.model().gravity;
  const core::Vec3 normal = g.norm() > 0 ? core::Vec3(-g.normalized()) : core::Vec3::UnitZ();
  const double denominator = normal.dot(b - a);
  if (std::abs(denominator) < 1e-12)
    return std::nullopt;
  const double s = -normal.dot(a) / denominator;
  if (s < 0.0 || s > 1.0)
    return std::nullopt;
  return core::Vec3(a + s * (b - a));
}

}  // namespace mbs::ui
