// DIFF: the model's own first-order states (SystemElements.hpp). The state stays in the deck's
// units (as VARIABLEs: whatever the user's quantity is), its derivative per the deck's time unit.
#include "AdmImporter.hpp"

namespace mbs::core::adm {

// The name first (DIF(id) in VARIABLEs and forces read before the DIFFs), the equation last.
void Importer::differentialName(const Statement& st)
{
  if (!st.id || m_differentialNames.count(*st.id)) {
    error(st, 0, st.id ? "duplicate " + label(st) : "DIFF needs an id");
    return;
  }
  DifferentialEquation d;
  std::string n = st.viewName.empty() ? "" : sanitize(st.viewName);
  if (n.empty() || !Model::isValidName(n) || !m_model.isNameFree(n))
    n = "DIFF_" + std::to_string(*st.id);
  if (!m_model.isNameFree(n))
    n = m_model.uniqueName("DIFF");
  d.name = n;
  d.function = "0";
  m_lineOf[d.name] = st.line;
  m_differentialNames[*st.id] = d.name;
  m_model.differentials.push_back(std::move(d));
}

void Importer::differential(const Statement& st)
{
  if (!st.id || !m_differentialNames.count(*st.id) || m_failed.count(&st))
    return;
  DifferentialEquation* target = nullptr;
  for (DifferentialEquation& candidate : m_model.differentials)
    if (candidate.name == m_differentialNames[*st.id])
      target = &candidate;
  if (!target)
    return;
  const auto drop = [&] {  // refused (dropped with --allow-unsupported): nothing is left behind
    const std::string name = target->name;
    std::erase_if(m_model.differentials, [&](const DifferentialEquation& x) { return x.name == name; });
  };
  const Argument* fn = arg(st, "FUNCTION");
  if (!fn) {
    error(st, 0, "DIFF needs FUNCTION= (a user subroutine, ROUTINE=, cannot be run)");
    return drop();
  }
  if (!supported(st, fn->values[0], fn->line))
    return drop();
  // ẋ in the deck's units per its time unit: × 1/time to per second (the state keeps its unit). An
  // IMPLICIT function is a residual 0 = F: its scale does not matter (DIF1 in it is converted).
  const bool implicit = flag(st, "IMPLICIT");
  const auto text = expression(st, fn->values[0], fn->line, implicit ? 1.0 : 1.0 / m_u.time);
  if (!text)
    return drop();
  DifferentialEquation d;
  d.name = target->name;
  d.function = *text;
  d.implicit = implicit;
  if (const Argument* ic = arg(st, "IC")) {
    // IC = value[, derivative]: an explicit equation's derivative is its function (Adams needs the
    // second value only for implicit ones, where the search for ẋ(0) starts), so it is not used.
    if (ic->values.empty() || ic->values.size() > 2) {
      error(st, ic->line, "IC takes the initial value and, optionally, its derivative (IC = r1[, r2])");
      return drop();
    }
    const auto value = number(st, *ic, 0, 1.0);
    if (!value)
      return drop();
    d.initialValue = *value;
    if (ic->values.size() == 2 && implicit) {
      const auto rate = number(st, *ic, 1, 1.0 / m_u.time);
      if (!rate)
        return drop();
      d.initialRate = *rate;
    } else if (ic->values.size() == 2)
      warn(st, ic->line,
           "IC's second value (the initial derivative) is not used: an explicit DIFF's derivative is its "
           "FUNCTION");
  }
  d.staticHold = flag(st, "STATIC_HOLD");
  *target = std::move(d);
}

}  // namespace mbs::core::adm
