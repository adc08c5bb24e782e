#pragma once
// Many rigid parts drawn as two actors (surfaces; lines) instead of one actor per piece. VTK costs
// about 0.1 ms per actor and frame whatever the actor's size (pipeline checks, GL state), so a
// 1000-link chain drawn as 4000 actors (geometry, marker triads and a joint glyph per link) renders at
// 1–3 frames/s under Mesa (tests/bench/ui/bench_animation_large). Merged, a frame is one upload of
// the points. Every piece hangs off its part: a pose moves the part's points and normals on the CPU.
// A piece keeps its entity, so that a picked cell gives the entity and a highlight colours the
// entity's points. A surface piece may come with a lighter version (fewer triangles) drawn instead
// while an animation plays: Mesa's software renderer pays per triangle (docs/performance.md).
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
#include "mbs/ui/view/ModelScene.hpp"

class vtkActor;
class vtkPolyData;
class vtkProp;

namespace mbs::ui {

class MergedParts {
public:
  using Rgb = std::array<unsigned char, 3>;
  MergedParts();
  ~MergedParts();

  // A piece of `part`: `local` in the part's frame, drawn in `color` (0–1) unless it carries RGB point
  // scalars of its own (marker triads); `light`, if given, is the same surface at lower detail, drawn
  // during playback. Only before build().
  void add(core::PartId part, const core::EntityRef& entity, vtkPolyData* local, const double color[3],
           vtkPolyData* light = nullptr);
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
  // Draws the surfaces' light versions (true) or the full ones. Without light pieces: no change.
  void setPlayback(bool playback);
  bool playback() const { return m_playback; }
  bool hasLightPieces() const { return m_hasLight; }

private:
  // Layers (one actor each): 0 surfaces, 1 lines, 2 the surfaces at playback detail.
  static constexpr int kLayers = 3;
  struct Piece {
    core::PartId part;
    core::EntityRef entity;
    int layer = 0;  // 0: surfaces (also in layer 2), 1: lines
    vtkSmartPointer<vtkPolyData> local, light;
    std::array<vtkIdType, kLayers> firstPoint{}, pointCount{};  // per layer
    bool hidden = false;
  };
  struct Layer;
  // The piece's polydata in layer l (nullptr: not in that layer).
  vtkPolyData* source(const Piece& piece, int l) const;
  void rebuildCells(int l);
  // Writes the poses into the points and normals of the layers flagged.
  void place(std::array<bool, kLayers> layers, const std::map<core::PartId, PartPose>& poses);
  bool drawn(int l) const { return l == 1 || (l == 2) == m_playback; }

  std::vector<Piece> m_pieces;
  std::vector<Rgb> m_pieceColor;  // per piece: its colour when it has no point colours
  std::unique_ptr<Layer> m_layers[kLayers];
  std::unordered_map<std::uint32_t, std::vector<int>> m_piecesOfPart;  // part id -> pieces
  std::map<core::PartId, PartPose> m_poses;  // the latest pose of every part (for a layer switch)
  bool m_hasLight = false, m_playback = false;
};

}  // namespace mbs::ui
