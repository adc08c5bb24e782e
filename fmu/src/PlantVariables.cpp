#include "mbs/fmu/PlantVariables.hpp"

#include <algorithm>
#include <cctype>

#include "mbs/core/Parameters.hpp"

namespace mbs::fmu {

namespace {

std::string upper(std::string s)
{
  for (char& c : s)
    c = char(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

const core::Variable* findVariable(const core::Model& model, const std::string& name)
{
  const std::string wanted = upper(name);
  for (const core::Variable& v : model.variables())
    if (upper(v.name) == wanted)
      return &v;
  return nullptr;
}

}  // namespace

PlantVariables plantVariables(const core::Model& model)
{
  PlantVariables out;
  if (model.plantInputs.empty() || model.plantOutputs.empty()) {
    out.error = std::string("the model has no plant ") +
                (model.plantInputs.empty() ? "input (PINPUT)" : "output (POUTPUT)") +
                ": a co-simulation FMU takes its inputs from the model's PINPUT VARIABLEs and gives its "
                "outputs from its POUTPUT VARIABLEs";
    return out;
  }
  std::vector<std::string> seen;  // upper-case names of the inputs and outputs so far
  for (const bool inputs : {true, false}) {
    const auto& ports = inputs ? model.plantInputs : model.plantOutputs;
    for (std::size_t p = 0; p < ports.size(); ++p) {
      for (std::size_t s = 0; s < ports[p].variables.size(); ++s) {
        const std::string& name = ports[p].variables[s];
        const core::Variable* v = findVariable(model, name);
        const std::string kind = inputs ? "plant input '" : "plant output '";
        if (!v) {
          out.error = kind + ports[p].name + "': '" + name + "' is not a VARIABLE of the model";
          return out;
        }
        const auto at = std::find(seen.begin(), seen.end(), upper(v->name));
        if (at != seen.end()) {
          // (inputs come first: an earlier one of the same name is an input when this is)
          const bool earlierInput =
              out.variables[std::size_t(at - seen.begin())].causality == Causality::Input;
          if (inputs || earlierInput) {
            out.error = "VARIABLE '" + v->name + "' is listed by a plant input and again by " + kind +
                        ports[p].name + "': an FMU variable is either an input or an output, once";
            return out;
          }
          continue;  // the same output in two POUTPUTs: one FMU output
        }
        seen.push_back(upper(v->name));
        PlantVariable var;
        var.name = v->name;
        var.causality = inputs ? Causality::Input : Causality::Output;
        var.port = p;
        var.signal = s;
        var.description = std::string(inputs ? "PINPUT '" : "POUTPUT '") + ports[p].name + "', signal " +
                          std::to_string(s + 1);
        if (!ports[p].description.empty())
          var.description += ": " + ports[p].description;
        if (inputs) {
          const core::ParameterValue start = core::evaluateParameterExpression(model, v->function);
          var.start = start.value.value_or(0.0);
        }
        out.variables.push_back(std::move(var));
      }
    }
  }
  for (std::size_t k = 0; k < model.parameters.size(); ++k) {
    PlantVariable var;
    var.name = model.parameters[k].name;
    var.causality = Causality::Parameter;
    var.start = model.parameters[k].value;
    var.parameter = k;
    var.description =
        model.parameters[k].description.empty() ? "model parameter" : model.parameters[k].description;
    out.variables.push_back(std::move(var));
  }
  for (std::size_t k = 0; k < out.variables.size(); ++k)
    out.variables[k].valueReference = unsigned(k + 1);
  return out;
}

}  // namespace mbs::fmu
