// The family table: a new kind of load element is one line here (docs/developer-guide.md,
// "Adding a force").
#include "loads/Registry.hpp"

#include "beams/CorotationalBeamElement.hpp"
#include "beams/MultiPointForceElement.hpp"
#include "contact/SolidContactElement.hpp"
#include "differentials/DifferentialElement.hpp"
#include "flexible/ModalElasticityElement.hpp"
#include "forces/ClearanceElement.hpp"
#include "forces/FunctionForceElement.hpp"
#include "forces/LoadReadingForces.hpp"
#include "forces/SpringDamperElement.hpp"
#include "friction/JointFrictionElement.hpp"

namespace mbs::solver::loads {

const std::vector<Family>& families()
{
  static const std::vector<Family> table{
      family<ModalElasticityElement>("flexible body elasticity"),
      family<SpringDamperElement>("spring-dampers, bushings, beams and fields"),
      family<MultiPointForceElement>("multi-point forces (NFORCE)"),
      family<CorotationalBeamElement>("FE beam elements (FE_PART)"),
      family<FunctionForceElement>("SFORCE and GFORCE function forces"),
      family<ClearanceElement>("clearance joint contacts"),
      family<JointFrictionElement>("joint friction"),
      family<LoadReadingForceElement>("forces whose functions read solved loads"),
      family<contact::SolidContactElement>("contacts between solids"),
      family<DifferentialElement>("differential equations (DIFF)"),
  };
  return table;
}

Status validate(const Model& model)
{
  for (const Family& f : families())
    if (Status s = f.validate(model); !s.ok())
      return s;
  return Status::success();
}

Elements build(const Model& model, const Host& host)
{
  Elements out;
  for (const Family& f : families())
    f.build(model, host, out);
  return out;
}

}  // namespace mbs::solver::loads
