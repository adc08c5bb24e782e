#pragma once
// Many rigid parts drawn as two actors (surfaces; lines) instead of one actor per piece. VTK costs
// about 0.1 ms per actor and frame whatever the actor's size (pipeline checks, GL state), so a
// 1000-link chain drawn as 4000 actors (geometry, marker triads and a joint glyph per link) renders at
// 1–3 frames/s under Mesa (tests/bench/ui/bench_animation_large). Merged, a frame is one upload of
// the points. Every piece hangs off its part: a pose moves the part's points and normals on the CPU.
// A piece keeps its entity, so that a picked cell gives the entity and a highlight colours the
// entity's points.
#include <array>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include <vtkSmartPointer.h>
#include <vtkType.h>

#include "mbs/core/Ids.hpp"
#include "mbs/core/Rotation.hpp"

class vtkActor;
class vtkPolyData;
class vtkProp;

namespace mbs::ui {

struct PartPose;

class MergedParts {
public:
  using Rgb = std::array<unsigned char, 3>;
  MergedParts();
  ~MergedParts();

  // A piece of `part`: `local` in the part's frame, drawn in `color` (0–1) unless it carries RGB point
  // scalars of its own (marker triads). Only before build().
  void add(core::PartId part, const core::EntityRef& entity, vtkPolyData* local, const double color[3]);
  bool empty() const { return m_pieces.empty(); }
  int pieceCount() const { return static_cast<int>(m_pieces.size()); }

  // The actors (no user transform: their points are in ground), placed at `poses`.
  std::vector<vtkSmartPointer<vtkActor>> build(const std::map<core::PartId, PartPose>& poses);
  // Moves the listed parts' pieces.
  void setPoses(const std::map<core::PartId, PartPose>& poses);
  // The entity of cell `cell` of `prop`; nullopt if `prop` is not one of the actors.
  std::optional<core::EntityRef> entityOf(const vtkProp* prop, vtkIdType cell) const;
  // Draws the pieces of the listed entities in the given colours, the others in their own.
  void setHighlights(const std::vector<std::pair<core::EntityRef, Rgb>>& highlights);
  // Leaves out (or draws again) the part's own geometry (the pieces whose entity is the part).
  void setGeometryHidden(core::PartId part, bool hidden);

private:
  struct Piece {
    core::PartId part;
    core::EntityRef entity;
    int layer = 0;  // 0: surfaces, 1: lines
    vtkSmartPointer<vtkPolyData> local;
    vtkIdType firstPoint = 0, pointCount = 0;
    bool hidden = false;
  };
  struct Layer;
  void rebuildCells(Layer& layer);

  std::vector<Piece> m_pieces;
  std::vector<Rgb> m_pieceColor;  // per piece: its colour when it has no point colours
  std::unique_ptr<Layer> m_layers[2];
  std::unordered_map<std::uint32_t, std::vector<int>> m_piecesOfPart;  // part id -> pieces
};

}  // namespace mbs::ui
