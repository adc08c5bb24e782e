#include "mbs/ui/view/ModelView.hpp"

#include <vtkCellPicker.h>
#include <vtkRenderer.h>

#include "mbs/ui/Document.hpp"
#include "mbs/ui/view/ModelScene.hpp"

namespace mbs::ui {

ModelView::ModelView(Document& document, QWidget* parent)
    : VtkView(parent), m_document(document), m_scene(std::make_unique<ModelScene>(renderer()))
{
  setObjectName("modelView");
  connect(&m_document, &Document::modelReset, this, [this] { rebuildScene(true); });
  connect(&m_document, &Document::modelChanged, this, [this] { rebuildScene(false); });
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
  m_scene->setSelection(m_document.selection());
  if (resetCamera)
    setStandardView(StandardView::Iso);
  else
    requestRender();
}

void ModelView::pick(QPoint position, Qt::KeyboardModifiers modifiers)
{
  const double ratio = devicePixelRatioF();
  // Software ray picking: hardware picking would need the GL context outside paintGL.
  vtkNew<vtkCellPicker> picker;
  picker->SetTolerance(0.005);
  picker->Pick(position.x() * ratio, (height() - position.y() - 1) * ratio, 0.0, renderer());
  std::vector<core::EntityRef> selection;
  if (modifiers & Qt::ControlModifier) selection = m_document.selection();
  if (auto entity = m_scene->entityOf(picker->GetViewProp())) selection.push_back(*entity);
  m_document.setSelection(std::move(selection));
}

}  // namespace mbs::ui
