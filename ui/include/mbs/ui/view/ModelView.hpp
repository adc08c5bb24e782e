#pragma once
// The 3-D view of the open document: keeps the ModelScene in step with the Document and turns
// clicks into selections.
#include <memory>

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

private:
  void rebuildScene(bool resetCamera);
  void pick(QPoint position, Qt::KeyboardModifiers modifiers);

  Document& m_document;
  std::unique_ptr<ModelScene> m_scene;
};

}  // namespace mbs::ui
