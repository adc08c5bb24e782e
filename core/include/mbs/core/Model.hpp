#pragma once
// The editable model document: entities with typed ids and unique names, in SI units. Entities
// are kept sorted by id, so a removed entity restored with its id (undo) lands where it was.
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "mbs/core/AnalysisSettings.hpp"
#include "mbs/core/DataElements.hpp"
#include "mbs/core/Diagnostics.hpp"
#include "mbs/core/Force.hpp"
#include "mbs/core/Joint.hpp"
#include "mbs/core/Marker.hpp"
#include "mbs/core/Motion.hpp"
#include "mbs/core/Parameters.hpp"
#include "mbs/core/Part.hpp"
#include "mbs/core/Plant.hpp"
#include "mbs/core/Request.hpp"
#include "mbs/core/Sensor.hpp"
#include "mbs/core/SystemElements.hpp"
#include "mbs/core/Units.hpp"

namespace mbs::core {

class Model {
public:
  Model();  // an empty model with its ground part (id kGroundId, name "ground")

  std::string name = "model";
  std::string description;
  Vec3 gravity = Vec3(0.0, -9.80665, 0.0);  // [m/s^2], ground frame
  AnalysisSettings analysis;
  // The units the GUI shows and takes numbers in (fields, plots, exports); the model stays in SI.
  UnitSystem displayUnits = defaultDisplayUnits();
  // Output requests (not entities: nothing refers to them; names unique among requests).
  std::vector<Request> requests;
  // Design parameters and the numeric fields computed from them (Parameters.hpp). Not entities:
  // expressions read parameters by bare name, bindings refer to entities by id.
  std::vector<Parameter> parameters;
  std::vector<ParameterBinding> bindings;
  // Reference data read by expressions (DataElements.hpp): names unique among entities and data.
  std::vector<Spline> splines;
  std::vector<DataArray> arrays;
  std::vector<DataCurve> curves;
  std::vector<DataMatrix> matrices;
  // Event sensors of dynamic runs (Sensor.hpp); names unique as the data's.
  std::vector<Sensor> sensors;
  // Control plant inputs and outputs (Plant.hpp): lists of VARIABLE names; names unique as the data's.
  std::vector<PlantPort> plantInputs;
  std::vector<PlantPort> plantOutputs;
  // First-order states (SystemElements.hpp, Adams DIFF); names unique as the data's.
  std::vector<DifferentialEquation> differentials;

  // Lookup by id (nullptr if absent).
  const Part* part(PartId id) const;
  Part* part(PartId id);
  const Marker* marker(MarkerId id) const;
  Marker* marker(MarkerId id);
  const Joint* joint(JointId id) const;
  Joint* joint(JointId id);
  const Motion* motion(MotionId id) const;
  Motion* motion(MotionId id);
  const Force* force(ForceId id) const;
  Force* force(ForceId id);
  const Variable* variable(VariableId id) const;
  Variable* variable(VariableId id);
  const Part& ground() const { return m_parts.front(); }

  // Lookup by name (case-insensitive, as in Adams expressions); invalid id if absent.
  PartId findPart(std::string_view name) const;
  MarkerId findMarker(std::string_view name) const;
  JointId findJoint(std::string_view name) const;
  MotionId findMotion(std::string_view name) const;
  ForceId findForce(std::string_view name) const;
  VariableId findVariable(std::string_view name) const;
  // Any entity by name.
  std::optional<EntityRef> findEntity(std::string_view name) const;
  std::string entityName(const EntityRef& ref) const;  // empty if absent
  bool contains(const EntityRef& ref) const;

  // Iteration (sorted by id).
  const std::vector<Part>& parts() const { return m_parts; }
  const std::vector<Marker>& markers() const { return m_markers; }
  const std::vector<Joint>& joints() const { return m_joints; }
  const std::vector<Motion>& motions() const { return m_motions; }
  const std::vector<Force>& forces() const { return m_forces; }
  const std::vector<Variable>& variables() const { return m_variables; }
  std::vector<MarkerId> markersOf(PartId part) const;

  // Adding: an invalid id gets a fresh one, an empty name a unique one ("PART_2"). Returns the
  // id. Throws std::invalid_argument if the id or the name is already taken (a broken contract:
  // callers check with isNameFree / contains first).
  PartId add(Part p);
  MarkerId add(Marker m);
  JointId add(Joint j);
  MotionId add(Motion m);
  ForceId add(Force f);
  VariableId add(Variable v);

  // Removing one entity (no dependents: see dependentsOf / RemoveEntity). The ground cannot be
  // removed. Returns false if absent.
  bool remove(const EntityRef& ref);
  // Entities that refer to `ref` directly or indirectly (markers of a part, joints on a marker,
  // couplers on a joint, motions, forces...), not including `ref` itself.
  std::vector<EntityRef> dependentsOf(const EntityRef& ref) const;

  // "PART_2": prefix + "_" + the smallest number >= 1 (from the next id) not taken.
  std::string uniqueName(std::string_view prefix) const;
  bool isNameFree(std::string_view name, const EntityRef& except = {}) const;
  static bool isValidName(std::string_view name);  // [A-Za-z_][A-Za-z0-9_]*, not a function name
  std::uint32_t nextId() const { return m_nextId; }

  // Structural and physical checks: names, references, masses, inertias, marker frames,
  // expressions. Empty when the model is consistent.
  Diagnostics validate() const;

  // Frames in ground at the initial configuration.
  Mat3 partRotation(PartId id) const;
  Vec3 markerGlobalPosition(MarkerId id) const;
  Mat3 markerGlobalOrientation(MarkerId id) const;
  // The part a marker is on (invalid id if the marker is absent).
  PartId partOf(MarkerId id) const;

private:
  std::uint32_t takeId(std::uint32_t requested);
  // Name lookups are hashed so that building a model of N entities is O(N), not O(N²): upper-cased
  // name → the entities carrying it. add/remove keep the index; a non-const accessor may rename
  // its entity, so it drops the index, rebuilt at the next lookup (do not rename through a pointer
  // kept across other calls on the model).
  const std::vector<EntityRef>& named(std::string_view name) const;
  template <class T>
  void indexName(const T& entity, EntityKind kind) const;
  void dropNameIndex() const;
  mutable std::unordered_map<std::string, std::vector<EntityRef>> m_nameIndex;
  mutable bool m_nameIndexValid = false;
  mutable std::unordered_map<std::string, std::uint32_t> m_firstFreeNumber;  // uniqueName, per prefix

  std::vector<Part> m_parts;
  std::vector<Marker> m_markers;
  std::vector<Joint> m_joints;
  std::vector<Motion> m_motions;
  std::vector<Force> m_forces;
  std::vector<Variable> m_variables;
  std::uint32_t m_nextId = kGroundId.value + 1;
};

}  // namespace mbs::core
