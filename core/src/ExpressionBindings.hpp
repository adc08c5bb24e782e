#pragma once
// The names an expression may use from a model, built once per model: markers, VARIABLEs, the
// elements the load functions read (JOINT, MOTION, SFORCE ...) and the splines and arrays the data
// functions read (interpolated here, once), bound in an ExpressionContext.
#include <memory>

#include "mbs/core/Compile.hpp"
#include "mbs/core/Expression.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core {

class ModelNames {
public:
  // With `map`, markers and elements bind to their indices in the compiled solver model; without,
  // to their positions in the model's lists (checking only). VARIABLEs bind to their positions.
  ModelNames(const Model& model, const IndexMap* map);
  // Sets ctx.marker, ctx.variable, ctx.element, ctx.spline, ctx.array and ctx.data (the context
  // may outlive this object).
  void bind(ExpressionContext& ctx) const;

private:
  struct Tables;
  std::shared_ptr<const Tables> m_tables;
};

}  // namespace mbs::core
