#include "analysis/AutoFormulation.hpp"

#include <algorithm>

#include "dmbs/DmbsAnalysis.hpp"

namespace mbs::solver {
namespace {

// The refusal's reason without its advice to run SI2 (the choice below does that itself).
std::string reasonOf(const Status& refusal)
{
  std::string reason = refusal.message;
  if (const auto cut = reason.find("; the DMBS (joint-coordinate) formulation does not cover it");
      cut != std::string::npos)
    reason.erase(cut);
  return reason;
}

}  // namespace

FormulationChoice chooseFormulation(const Model& model, const AnalysisSettings& settings)
{
  FormulationChoice choice;
  if (settings.formulation != Formulation::Auto) {
    choice.formulation = settings.formulation;
    return choice;
  }
  const bool posed = settings.kind == AnalysisKind::Dynamic || settings.kind == AnalysisKind::Kinematic;
  if (!posed) {  // (initial conditions, statics and linearization are the same in every formulation)
    choice.formulation = Formulation::SI2;
    return choice;
  }
  if (settings.kind == AnalysisKind::Dynamic && settings.integrator == IntegratorType::Hht) {
    choice.formulation = Formulation::I3;
    choice.note =
        "formulation (automatic): I3, absolute coordinates — the HHT integrator was asked for, an "
        "index-3 method of the absolute coordinates";
    return choice;
  }
  if (settings.kind == AnalysisKind::Dynamic && settings.integrator == IntegratorType::Dstiff) {
    choice.formulation = Formulation::I3;
    choice.note =
        "formulation (automatic): I3, absolute coordinates — DSTIFF was asked for, posed in I3 only (as "
        "Adams' DSTIFF)";
    return choice;
  }
  if (settings.kind == AnalysisKind::Dynamic && settings.integrator == IntegratorType::ConstantBdf) {
    choice.formulation = Formulation::SI2;
    choice.note =
        "formulation (automatic): SI2, absolute coordinates — CONSTANT_BDF was asked for, a BDF of the "
        "absolute coordinates (the joint-coordinate integrators have no constant-step BDF)";
    return choice;
  }
  if (settings.kind == AnalysisKind::Dynamic && settings.integrator == IntegratorType::Abam) {
    choice.formulation = Formulation::SI2;
    choice.note =
        "formulation (automatic): absolute coordinates — ABAM was asked for, which integrates the "
        "independent absolute coordinates of a coordinate partitioning (the joint-coordinate integrators "
        "have no Adams–Bashforth–Moulton)";
    return choice;
  }
  if (settings.kind == AnalysisKind::Dynamic && !model.sensors.empty()) {
    choice.formulation = Formulation::SI2;
    choice.note =
        "formulation (automatic): SI2, absolute coordinates — the joint-coordinate (DMBS) "
        "integrators do not evaluate sensors: '" +
        model.sensors.front().name + "'";
    return choice;
  }
  if (const Status covered = dmbs::checkModel(model); !covered.ok()) {
    choice.formulation = Formulation::SI2;
    choice.note =
        "formulation (automatic): SI2, absolute coordinates — the joint-coordinate (DMBS) "
        "formulation does not cover " +
        reasonOf(covered);
    return choice;
  }
  choice.formulation = Formulation::DMBS;
  // (Stiction bristles are stiff while they hold: GSTIFF/WSTIFF take the BDF from the start, DmbsAnalysis.)
  const bool bristles = std::any_of(model.joints.begin(), model.joints.end(), [](const Joint& j) {
    return j.friction && j.friction->active() && j.friction->maxStictionDeformation > 0.0;
  });
  choice.note = settings.kind != AnalysisKind::Dynamic
                    ? "formulation (automatic): DMBS, joint coordinates — it covers every element of the "
                      "model; Newton on the joint coordinates"
                : bristles
                    ? "formulation (automatic): DMBS, joint coordinates — it covers every element of the "
                      "model; O(N) tree dynamics, the BDF from the start for the stiction bristles"
                    : "formulation (automatic): DMBS, joint coordinates — it covers every element of the "
                      "model; O(N) tree dynamics, explicit steps until the model proves stiff";
  return choice;
}

}  // namespace mbs::solver
