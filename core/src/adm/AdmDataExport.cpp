// Data elements, outputs and settings of the Adams dataset writer (AdmWriter.hpp): SPLINE, CURVE,
// ARRAY, SENSOR, DIFF, MATRIX, VARIABLE, PINPUT/POUTPUT, REQUEST, ACCGRAV and INTEGRATOR.
#include <algorithm>

#include "AdmCurveExport.hpp"
#include "AdmWriter.hpp"

namespace mbs::core::adm {

std::string numberList(const std::string& key, const std::vector<double>& values)
{
  std::string out = key + " = ";
  for (std::size_t k = 0; k < values.size(); ++k) {
    if (k > 0)
      out += k % 8 == 0 ? "\n, " : ", ";
    out += num(values[k]);
  }
  return out;
}

void Writer::dataElements()
{
  for (std::size_t k = 0; k < m_model.splines.size(); ++k) {
    const Spline& s = m_model.splines[k];
    Statement st{s.name, "SPLINE/" + std::to_string(k + 1), {numberList("X", s.x)}};
    for (std::size_t r = 0; r < s.y.size(); ++r) {
      std::vector<double> row = s.y[r];
      if (!s.z.empty())
        row.insert(row.begin(), s.z[r]);
      st.args.push_back(numberList("Y", row));
    }
    if (s.linearExtrapolate)
      st.args.push_back("LINEAR_EXTRAPOLATE");
    m_rest.push_back(st);
  }
  for (std::size_t k = 0; k < m_model.curves.size(); ++k) {
    const long matrix = long(m_model.matrices.size()) + ++m_extraMatrices;
    const adm::CurveArguments c = adm::curveArguments(m_model.curves[k].shape, matrix);
    m_rest.push_back({"", "MATRIX/" + std::to_string(matrix), c.matrix});
    m_rest.push_back(
        {m_model.curves[k].name, "CURVE/" + std::to_string(firstDataCurveId() + long(k)), c.curve});
  }
  for (std::size_t k = 0; k < m_model.arrays.size(); ++k) {
    const DataArray& a = m_model.arrays[k];
    m_rest.push_back({a.name,
                      "ARRAY/" + std::to_string(k + 1),
                      {"IC", "SIZE = " + std::to_string(a.values.size()), numberList("NUMBERS", a.values)}});
  }
  for (std::size_t k = 0; k < m_model.sensors.size(); ++k) {
    const Sensor& s = m_model.sensors[k];
    Statement st{s.name, "SENSOR/" + std::to_string(k + 1), {"VALUE = " + num(s.value)}};
    st.args.push_back("ERROR = " + num(s.error));
    st.args.push_back(s.compare == SensorCompare::GreaterEqual ? "GE"
                      : s.compare == SensorCompare::LessEqual  ? "LE"
                                                               : "EQ");
    for (const auto& [word, on] : {std::pair{"HALT", s.halt}, std::pair{"RETURN", s.stop},
                                   std::pair{"PRINT", s.print}, std::pair{"RESTART", s.restart}})
      if (on)
        st.args.push_back(word);
    if (s.stepSize > 0.0)
      st.args.push_back("STEPSIZE = " + num(s.stepSize));
    // The expressions last, the first ended by '\\' (Adams' rule for an expression not last).
    st.args.push_back((s.evaluate.empty() ? "" : "EVALUATE = " + expression(s.evaluate) + "\\ ") +
                      "FUNCTION = " + expression(s.function));
    if (!s.active)
      error(s.name, "a deactivated sensor has no dataset form (a command file's DEACTIVATE/SENSOR)");
    m_rest.push_back(st);
  }
  // DIFF: the state and its function in SI (the dataset's units), the function last.
  for (std::size_t k = 0; k < m_model.differentials.size(); ++k) {
    const DifferentialEquation& d = m_model.differentials[k];
    Statement st{d.name,
                 "DIFF/" + std::to_string(k + 1),
                 {"IC = " + num(d.initialValue) + (d.implicit ? ", " + num(d.initialRate) : std::string())}};
    if (d.staticHold)
      st.args.push_back("STATIC_HOLD");
    if (d.implicit)
      st.args.push_back("IMPLICIT");
    st.args.push_back("FUNCTION = " + expression(d.function));
    m_rest.push_back(st);
  }
  for (std::size_t k = 0; k < m_model.matrices.size(); ++k) {
    const DataMatrix& m = m_model.matrices[k];
    m_rest.push_back({m.name,
                      "MATRIX/" + std::to_string(k + 1),
                      {"FULL = RORDER", "ROWS = " + std::to_string(m.rows),
                       "COLUMNS = " + std::to_string(m.columns), numberList("VALUES", m.values)}});
  }
}

void Writer::outputsAndSettings()
{
  for (std::size_t k = 0; k < m_model.variables().size(); ++k) {
    const Variable& v = m_model.variables()[k];
    m_rest.push_back({v.name, "VARIABLE/" + std::to_string(k + 1), {"FUNCTION = " + expression(v.function)}});
  }
  // PINPUT and POUTPUT list their VARIABLEs by the ids written above (VARIABLE/k+1).
  for (const bool inputs : {true, false}) {
    const auto& ports = inputs ? m_model.plantInputs : m_model.plantOutputs;
    for (std::size_t k = 0; k < ports.size(); ++k) {
      const PlantPort& p = ports[k];
      std::string ids;
      for (const std::string& name : p.variables) {
        const VariableId id = m_model.findVariable(name);
        const auto& vs = m_model.variables();
        const auto at = std::find_if(vs.begin(), vs.end(), [&](const Variable& v) { return v.id == id; });
        if (!id || at == vs.end()) {
          error(p.name, std::string(inputs ? "plant input '" : "plant output '") + p.name + "': '" + name +
                            "' is not a VARIABLE of the model");
          continue;
        }
        ids += (ids.empty() ? "" : ", ") + std::to_string(at - vs.begin() + 1);
      }
      m_rest.push_back({p.name,
                        std::string(inputs ? "PINPUT/" : "POUTPUT/") + std::to_string(k + 1),
                        {"VARIABLES = " + ids}});
    }
  }
  long id = 1;
  for (const Request& r : m_model.requests) {
    Statement s{r.name, "REQUEST/" + std::to_string(id++), {}};
    if (r.kind == RequestKind::Functions) {
      std::string components;
      for (int k = 0; k < 8; ++k)
        if (!r.functions[k].empty())
          components += std::string(components.empty() ? "" : "\\ ") + "F" + std::to_string(k + 1) + " = " +
                        expression(r.functions[k]);
      if (!r.comment.empty())
        s.args.push_back("COMMENT = " + r.comment);
      s.args.push_back(components);
    } else {
      static const char* kinds[] = {"DISPLACEMENT", "VELOCITY", "ACCELERATION", "FORCE"};
      s.args = {
          kinds[int(r.kind)], "I = " + std::to_string(markerId(r.iMarker)),
          "J = " + (r.jMarker ? std::to_string(markerId(r.jMarker)) : std::string("0")),
          "RM = " + (r.referenceMarker ? std::to_string(markerId(r.referenceMarker)) : std::string("0"))};
      if (!r.comment.empty())
        s.args.push_back("COMMENT = " + r.comment);
    }
    m_rest.push_back(s);
  }
  m_rest.push_back({"",
                    "ACCGRAV/",
                    {"IGRAVITY = " + num(m_model.gravity.x()), "JGRAVITY = " + num(m_model.gravity.y()),
                     "KGRAVITY = " + num(m_model.gravity.z())}});
  const AnalysisSettings& a = m_model.analysis;
  static const char* integrators[] = {"GSTIFF", "WSTIFF", "HHT", "RKF45", "CONSTANT_BDF", "DSTIFF", "ABAM"};
  Statement s{"",
              "INTEGRATOR/",
              {integrators[int(a.integrator)], "ERROR = " + num(a.errorTolerance),
               "MAXIT = " + std::to_string(a.maxIterations)}};
  // I3 and SI2 are Adams' words; the automatic and the DMBS formulations have none (the deck then
  // leaves the choice to the reader: mbstudio reads it back as automatic).
  if (a.formulation == Formulation::I3 || a.formulation == Formulation::SI2)
    s.args.insert(s.args.begin() + 1, a.formulation == Formulation::I3 ? "I3" : "SI2");
  if (a.maxStepSize > 0.0)
    s.args.push_back("HMAX = " + num(a.maxStepSize));
  if (a.initialStepSize > 0.0)
    s.args.push_back("HINIT = " + num(a.initialStepSize));
  if (a.maxOrder > 0)
    s.args.push_back("KMAX = " + std::to_string(a.maxOrder));
  m_rest.push_back(s);
}

}  // namespace mbs::core::adm
