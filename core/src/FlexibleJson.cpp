#include "FlexibleJson.hpp"

namespace mbs::core::detail {
namespace {

json matrix(const solver::Mat& a)
{
  json rows = json::array();
  for (int i = 0; i < a.rows(); ++i) {
    json row = json::array();
    for (int k = 0; k < a.cols(); ++k)
      row.push_back(a(i, k));
    rows.push_back(row);
  }
  return rows;
}

// Reads an array of equal-length numeric rows; rows/cols < 0 accept any size.
bool readMatrix(JsonReader& rd, const char* key, int rows, int cols, solver::Mat& out, bool required = true)
{
  const json* j = rd.child(key, required);
  if (!j)
    return !required;
  const int n = j->is_array() ? static_cast<int>(j->size()) : -1;
  int m = n > 0 && (*j)[0].is_array() ? static_cast<int>((*j)[0].size()) : (n == 0 ? 0 : -1);
  bool ok = n >= 0 && m >= 0 && (rows < 0 || n == rows) && (cols < 0 || m == cols);
  if (ok) {
    out.resize(n, m);
    for (int i = 0; i < n && ok; ++i) {
      ok = (*j)[i].is_array() && static_cast<int>((*j)[i].size()) == m;
      for (int k = 0; k < m && ok; ++k) {
        ok = (*j)[i][k].is_number();
        if (ok)
          out(i, k) = (*j)[i][k].get<double>();
      }
    }
  }
  if (!ok)
    rd.error(key, "expected a " + (rows < 0 ? std::string("n") : std::to_string(rows)) + " x " +
                      (cols < 0 ? std::string("m") : std::to_string(cols)) + " array of numeric rows");
  return ok;
}

// The kept modes as chosen in the mode table: number, type, energy share and damping ratio each;
// the damping ratios give the modal damping matrix diag(2 ζ_i ω_i).
void readModes(const json& list, const std::string& at, const std::string& part, int m,
               solver::FlexibleBodyData& f, Diagnostics& errors)
{
  if (!list.is_array() || static_cast<int>(list.size()) != m) {
    errors.push_back(
        {{}, 0, at, part, "expected an array of " + std::to_string(m) + " modes (one per modal coordinate)"});
    return;
  }
  f.modeInfo.clear();
  for (std::size_t i = 0; i < list.size(); ++i) {
    JsonReader rm(list[i], at + "/" + std::to_string(i), errors, part);
    if (!rm.isObject())
      return;
    solver::FlexibleModeInfo mode;
    mode.number = rm.integer("number");
    mode.type = rm.string("type", std::string());
    if (!mode.type.empty() && mode.type != "bending" && mode.type != "axial" && mode.type != "torsion" &&
        mode.type != "boundary")
      rm.error("type", "'" + mode.type + "' is not a mode type (bending, axial, torsion, boundary)");
    mode.energyShare = rm.number("energy_share", 1.0, 0.0);
    mode.dampingRatio = rm.number("damping_ratio");
    if (!(mode.dampingRatio >= 0.0))
      rm.error("damping_ratio", "mode " + std::to_string(mode.number) + ": the damping ratio must be >= 0");
    if (mode.number < 1 || (!f.modeInfo.empty() && mode.number <= f.modeInfo.back().number))
      rm.error("number", "mode numbers must be positive and ascending");
    rm.finish();
    f.modeInfo.push_back(mode);
  }
  if (f.modalMass.rows() == m && f.modalStiffness.rows() == m)
    f.modalDamping = solver::modalDampingFromRatios(f.modalMass, f.modalStiffness, f.dampingRatios());
}

// Nodal displacement outputs: name, node and optionally the chord's two end nodes.
void readNodeOutputs(const json& list, const std::string& at, const std::string& part,
                     solver::FlexibleBodyData& f, Diagnostics& errors)
{
  if (!list.is_array()) {
    errors.push_back({{}, 0, at, part, "expected an array of node outputs"});
    return;
  }
  for (std::size_t i = 0; i < list.size(); ++i) {
    JsonReader ro(list[i], at + "/" + std::to_string(i), errors, part);
    if (!ro.isObject())
      return;
    solver::FlexibleNodeOutput out;
    out.name = ro.string("name");
    out.node = ro.integer("node");
    if (const json* chord = ro.child("chord", false)) {
      if (chord->is_array() && chord->size() == 2 && (*chord)[0].is_number_integer() &&
          (*chord)[1].is_number_integer()) {
        out.chordFrom = (*chord)[0].get<int>();
        out.chordTo = (*chord)[1].get<int>();
      } else {
        ro.error("chord", "expected [a, b]: the indices of the chord's two end nodes");
      }
    }
    ro.finish();
    f.nodeOutputs.push_back(out);
  }
}

}  // namespace

json flexibleToJson(const solver::FlexibleBodyData& f)
{
  return flexibleToJson(f, {}, {});
}

void flexibleFromJson(const json& j, const std::string& at, const std::string& part,
                      solver::FlexibleBodyData& f, Diagnostics& errors)
{
  solver::Vec eta, etaRate;
  flexibleFromJson(j, at, part, f, eta, etaRate, errors);
}

json flexibleToJson(const solver::FlexibleBodyData& f, const solver::Vec& initialModal,
                    const solver::Vec& initialModalVelocity)
{
  json j;
  j["mass"] = f.mass;
  j["first_moment"] = matrix(f.firstMoment.transpose());
  j["second_moment"] = matrix(f.secondMoment);
  j["modal_mass"] = matrix(f.modalMass);
  j["modal_stiffness"] = matrix(f.modalStiffness);
  // With the mode list, each mode's damping ratio defines the damping matrix (not written twice).
  if (f.modeInfo.empty())
    j["modal_damping"] = matrix(f.modalDamping);
  j["modal_first_moment"] = matrix(f.modalFirstMoment);
  json ibar = json::array(), sbar = json::array();
  for (int i = 0; i < 9; ++i) {
    ibar.push_back(matrix(f.Ibar[i]));
    sbar.push_back(matrix(f.Sbar[i]));
  }
  j["ibar"] = ibar;
  j["sbar"] = sbar;
  json interfaces = json::array();
  for (const auto& node : f.interfaces)
    interfaces.push_back({{"name", node.name},
                          {"position", matrix(node.position.transpose())},
                          {"shapes", matrix(node.shapes)}});
  j["interfaces"] = interfaces;
  if (f.nodalShapes.size() != 0) {
    j["nodes"] = matrix(f.nodes);
    j["nodal_shapes"] = matrix(f.nodalShapes);
  }
  if (f.hasStress()) {
    j["stress_nodes"] = f.stressNodes;
    j["nodal_stress_shapes"] = matrix(f.nodalStressShapes);
  }
  if (!f.surfaceTriangles.empty())
    j["surface_triangles"] = f.surfaceTriangles;
  if (!f.modeInfo.empty()) {
    json modes = json::array();
    for (const auto& mode : f.modeInfo) {
      json entry = {{"number", mode.number}};
      if (!mode.type.empty())
        entry["type"] = mode.type;
      entry["energy_share"] = mode.energyShare;
      entry["damping_ratio"] = mode.dampingRatio;
      modes.push_back(entry);
    }
    j["modes"] = modes;
  }
  if (!f.nodeOutputs.empty()) {
    json outputs = json::array();
    for (const auto& out : f.nodeOutputs) {
      json entry = {{"name", out.name}, {"node", out.node}};
      if (out.hasChord())
        entry["chord"] = {out.chordFrom, out.chordTo};
      outputs.push_back(entry);
    }
    j["node_outputs"] = outputs;
  }
  if (initialModal.size() != 0)
    j["initial_modal_coordinates"] = matrix(initialModal.transpose())[0];
  if (initialModalVelocity.size() != 0)
    j["initial_modal_velocities"] = matrix(initialModalVelocity.transpose())[0];
  return j;
}

void flexibleFromJson(const json& j, const std::string& at, const std::string& part,
                      solver::FlexibleBodyData& f, solver::Vec& initialModal,
                      solver::Vec& initialModalVelocity, Diagnostics& errors)
{
  JsonReader rd(j, at, errors, part);
  if (!rd.isObject())
    return;
  f.mass = rd.number("mass");
  solver::Mat v;
  if (readMatrix(rd, "first_moment", 1, 3, v))
    f.firstMoment = v.row(0).transpose();
  if (readMatrix(rd, "second_moment", 3, 3, v))
    f.secondMoment = v;
  readMatrix(rd, "modal_stiffness", -1, -1, f.modalStiffness);
  const int m = static_cast<int>(f.modalStiffness.rows());
  readMatrix(rd, "modal_mass", m, m, f.modalMass);
  const json* modes = rd.child("modes", false);
  if (!modes)
    readMatrix(rd, "modal_damping", m, m, f.modalDamping);
  else if (rd.child("modal_damping", false))
    rd.error("modal_damping",
             "give either 'modal_damping' or a 'damping_ratio' per entry of 'modes', not both");
  if (modes)
    readModes(*modes, at + "/modes", part, m, f, errors);
  readMatrix(rd, "modal_first_moment", 3, m, f.modalFirstMoment);
  for (const char* key : {"ibar", "sbar"}) {
    const json* list = rd.child(key);
    if (!list)
      continue;
    if (!list->is_array() || list->size() != 9) {
      rd.error(key, "expected 9 matrices (index 3 k + l)");
      continue;
    }
    json wrapper = json::object();
    for (int i = 0; i < 9; ++i)
      wrapper[std::to_string(i)] = (*list)[i];
    JsonReader rl(wrapper, at + "/" + key, errors, part);
    for (int i = 0; i < 9; ++i) {
      const std::string k = std::to_string(i);
      if (key[0] == 'i')
        readMatrix(rl, k.c_str(), 1, m, f.Ibar[i]);
      else
        readMatrix(rl, k.c_str(), m, m, f.Sbar[i]);
    }
    rl.finish();
  }
  if (const json* list = rd.child("interfaces")) {
    for (std::size_t i = 0; list->is_array() && i < list->size(); ++i) {
      JsonReader ri((*list)[i], at + "/interfaces/" + std::to_string(i), errors, part);
      if (!ri.isObject())
        continue;
      solver::FlexibleInterface node;
      node.name = ri.string("name");
      if (readMatrix(ri, "position", 1, 3, v))
        node.position = v.row(0).transpose();
      readMatrix(ri, "shapes", 6, m, node.shapes);
      ri.finish();
      f.interfaces.push_back(std::move(node));
    }
    if (!list->is_array())
      rd.error("interfaces", "expected an array");
  }
  if (readMatrix(rd, "nodes", 3, -1, f.nodes, false) && f.nodes.size() != 0)
    readMatrix(rd, "nodal_shapes", static_cast<int>(3 * f.nodes.cols()), m, f.nodalShapes);
  // Optional modal stress shapes: node indices, then 6 rows per listed node.
  if (const json* list = rd.child("stress_nodes", false)) {
    bool ok = list->is_array();
    f.stressNodes.clear();
    for (std::size_t i = 0; ok && i < list->size(); ++i) {
      ok = (*list)[i].is_number_integer() && (*list)[i].get<long long>() >= 0 &&
           (*list)[i].get<long long>() < f.nodes.cols();
      if (ok)
        f.stressNodes.push_back((*list)[i].get<int>());
    }
    if (!ok)
      rd.error("stress_nodes", "expected an array of node indices in [0, " + std::to_string(f.nodes.cols()) +
                                   ") (indices into 'nodes')");
    else
      readMatrix(rd, "nodal_stress_shapes", static_cast<int>(6 * f.stressNodes.size()), m,
                 f.nodalStressShapes);
    if (!ok)
      f.stressNodes.clear();
  } else if (rd.child("nodal_stress_shapes", false)) {
    rd.error("nodal_stress_shapes", "needs 'stress_nodes' (the nodes whose stresses are listed)");
  }
  // Optional drawing surface: triangles of node indices.
  if (const json* list = rd.child("surface_triangles", false)) {
    bool ok = list->is_array();
    for (std::size_t i = 0; ok && i < list->size(); ++i) {
      const json& t = (*list)[i];
      ok = t.is_array() && t.size() == 3;
      std::array<int, 3> triangle{};
      for (std::size_t k = 0; ok && k < 3; ++k) {
        ok = t[k].is_number_integer() && t[k].get<long long>() >= 0 && t[k].get<long long>() < f.nodes.cols();
        if (ok)
          triangle[k] = t[k].get<int>();
      }
      if (ok)
        f.surfaceTriangles.push_back(triangle);
    }
    if (!ok) {
      rd.error("surface_triangles", "expected an array of [a, b, c] node indices in [0, " +
                                        std::to_string(f.nodes.cols()) + ") (indices into 'nodes')");
      f.surfaceTriangles.clear();
    }
  }
  if (const json* list = rd.child("node_outputs", false))
    readNodeOutputs(*list, at + "/node_outputs", part, f, errors);
  // Initial modal state: one row of m numbers each (wrapped as a 1 x m matrix for the reader).
  for (const char* key : {"initial_modal_coordinates", "initial_modal_velocities"}) {
    const json* list = rd.child(key, false);
    if (!list)
      continue;
    json wrapper = {{key, json::array({*list})}};
    JsonReader rv(wrapper, at, errors, part);
    solver::Mat row;
    if (list->is_array() && readMatrix(rv, key, 1, m, row))
      (std::string(key) == "initial_modal_coordinates" ? initialModal : initialModalVelocity) =
          row.row(0).transpose();
    else if (!list->is_array())
      rd.error(key, "expected an array of " + std::to_string(m) + " numbers");
    rv.finish();
  }
  rd.finish();
  const std::string problem = f.problem();
  if (!problem.empty())
    rd.error("", "flexible body: " + problem);
}

}  // namespace mbs::core::detail
