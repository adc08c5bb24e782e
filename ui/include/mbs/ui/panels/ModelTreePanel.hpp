#pragma once
// The model browser: ground, parts with their markers, joints, motions, forces. Selection is
// two-way with the Document (clicking here selects in the 3-D view and vice versa).
#include <QTreeWidget>
#include <cstdint>
#include <map>
#include <utility>

#include "mbs/core/Ids.hpp"

namespace mbs::ui {

class Document;

class ModelTreePanel : public QTreeWidget {
  Q_OBJECT
public:
  explicit ModelTreePanel(Document& document, QWidget* parent = nullptr);

  // Item of an entity (nullptr if not shown).
  QTreeWidgetItem* itemOf(const core::EntityRef& entity) const;

private:
  void rebuild();
  void syncSelectionFromDocument();
  void pushSelectionToDocument();

  Document& m_document;
  bool m_syncing = false;
  // (kind, id) -> item: selecting in a 200,000-marker model must not walk the whole tree.
  std::map<std::pair<int, std::uint32_t>, QTreeWidgetItem*> m_items;
};

}  // namespace mbs::ui
