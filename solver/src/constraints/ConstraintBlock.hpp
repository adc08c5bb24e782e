#pragma once
// A contiguous range of rows of Φ belonging to one model entity (System's row layout).

namespace mbs::solver {

enum class ConstraintKind { Joint, Motion, Normalization };

struct ConstraintBlock {
  ConstraintKind kind = ConstraintKind::Joint;
  int entity = -1;  // index into Model::joints / Model::motions / Model::bodies
  int firstRow = 0;
  int rows = 0;
};

}  // namespace mbs::solver
