#include "mbs/core/Model.hpp"

#include <algorithm>
#include <cctype>
#include <stdexcept>

#include "mbs/core/Expression.hpp"

namespace mbs::core {
namespace {

template <class T>
auto findById(std::vector<T>& v, std::uint32_t id)
{
  auto it =
      std::lower_bound(v.begin(), v.end(), id, [](const T& e, std::uint32_t i) { return e.id.value < i; });
  return (it != v.end() && it->id.value == id) ? &*it : nullptr;
}

template <class T>
auto findById(const std::vector<T>& v, std::uint32_t id)
{
  auto it =
      std::lower_bound(v.begin(), v.end(), id, [](const T& e, std::uint32_t i) { return e.id.value < i; });
  return (it != v.end() && it->id.value == id) ? &*it : nullptr;
}

std::string upperCase(std::string_view s)
{
  std::string u(s);
  for (char& c : u)
    c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return u;
}

template <class Id>
Id idOf(const std::vector<EntityRef>& refs, EntityKind kind)
{
  for (const EntityRef& r : refs)
    if (r.kind == kind)
      return Id(r.id);
  return {};
}

template <class T>
void insertSorted(std::vector<T>& v, T e)
{
  auto it = std::lower_bound(v.begin(), v.end(), e.id.value,
                             [](const T& x, std::uint32_t i) { return x.id.value < i; });
  v.insert(it, std::move(e));
}

template <class T>
bool eraseById(std::vector<T>& v, std::uint32_t id)
{
  auto* e = findById(v, id);
  if (!e) {
    return false;
  }
  v.erase(v.begin() + (e - v.data()));
  return true;
}

}  // namespace

std::string Diagnostic::toString() const
{
  // Appended piece by piece: GCC 12 warns falsely (-Wrestrict) on "x" + std::string temporaries.
  std::string s;
  if (!file.empty()) {
    s.append(file);
    if (line > 0) {
      s.append(":").append(std::to_string(line));
    }
    s.append(": ");
  } else if (line > 0) {
    s.append("line ").append(std::to_string(line)).append(": ");
  }
  if (!field.empty()) {
    s.append(field).append(": ");
  }
  std::string quoted = "'";
  quoted.append(entity).append("'");
  if (!entity.empty() && reason.find(quoted) == std::string::npos) {
    s.append(quoted).append(": ");
  }
  return s + reason;
}

Mat3 Inertia::matrix() const
{
  Mat3 m;
  m << ixx, -ixy, -ixz, -ixy, iyy, -iyz, -ixz, -iyz, izz;
  return m;
}

std::optional<Mat3> Marker::localOrientation() const
{
  switch (mode) {
    case OrientationMode::Euler313:
      return euler313ToMatrix(euler);
    case OrientationMode::Points:
      return frameFromAxes(zPoint - position, xPoint - position);
    case OrientationMode::Axes:
      return frameFromAxes(zAxis, xAxis);
  }
  return std::nullopt;
}

Model::Model()
{
  Part g;
  g.id = kGroundId;
  g.name = "ground";
  g.ground = true;
  g.mass = 0.0;
  m_parts.push_back(std::move(g));
}

const Part* Model::part(PartId id) const
{
  return findById(m_parts, id.value);
}
Part* Model::part(PartId id)
{
  dropNameIndex();
  return findById(m_parts, id.value);
}
const Marker* Model::marker(MarkerId id) const
{
  return findById(m_markers, id.value);
}
Marker* Model::marker(MarkerId id)
{
  dropNameIndex();
  return findById(m_markers, id.value);
}
const Joint* Model::joint(JointId id) const
{
  return findById(m_joints, id.value);
}
Joint* Model::joint(JointId id)
{
  dropNameIndex();
  return findById(m_joints, id.value);
}
const Motion* Model::motion(MotionId id) const
{
  return findById(m_motions, id.value);
}
Motion* Model::motion(MotionId id)
{
  dropNameIndex();
  return findById(m_motions, id.value);
}
const Force* Model::force(ForceId id) const
{
  return findById(m_forces, id.value);
}
Force* Model::force(ForceId id)
{
  dropNameIndex();
  return findById(m_forces, id.value);
}
const Variable* Model::variable(VariableId id) const
{
  return findById(m_variables, id.value);
}
Variable* Model::variable(VariableId id)
{
  dropNameIndex();
  return findById(m_variables, id.value);
}

PartId Model::findPart(std::string_view n) const
{
  return idOf<PartId>(named(n), EntityKind::Part);
}
MarkerId Model::findMarker(std::string_view n) const
{
  return idOf<MarkerId>(named(n), EntityKind::Marker);
}
JointId Model::findJoint(std::string_view n) const
{
  return idOf<JointId>(named(n), EntityKind::Joint);
}
MotionId Model::findMotion(std::string_view n) const
{
  return idOf<MotionId>(named(n), EntityKind::Motion);
}
ForceId Model::findForce(std::string_view n) const
{
  return idOf<ForceId>(named(n), EntityKind::Force);
}
VariableId Model::findVariable(std::string_view n) const
{
  return idOf<VariableId>(named(n), EntityKind::Variable);
}

const std::vector<EntityRef>& Model::named(std::string_view n) const
{
  if (!m_nameIndexValid) {
    m_nameIndex.clear();
    m_nameIndexValid = true;  // before indexName, which keeps a valid index only
    for (const auto& e : m_parts)
      indexName(e, EntityKind::Part);
    for (const auto& e : m_markers)
      indexName(e, EntityKind::Marker);
    for (const auto& e : m_joints)
      indexName(e, EntityKind::Joint);
    for (const auto& e : m_motions)
      indexName(e, EntityKind::Motion);
    for (const auto& e : m_forces)
      indexName(e, EntityKind::Force);
    for (const auto& e : m_variables)
      indexName(e, EntityKind::Variable);
  }
  static const std::vector<EntityRef> none;
  const auto it = m_nameIndex.find(upperCase(n));
  return it == m_nameIndex.end() ? none : it->second;
}

template <class T>
void Model::indexName(const T& entity, EntityKind kind) const
{
  if (m_nameIndexValid)
    m_nameIndex[upperCase(entity.name)].emplace_back(kind, entity.id.value);
}

void Model::dropNameIndex() const
{
  // Cheap when already dropped: clear() walks every bucket even of an empty map, and the importer
  // reaches each part through the mutable accessor (quadratic on a 10,000-part deck).
  if (m_nameIndexValid) {
    m_nameIndexValid = false;
    m_nameIndex.clear();
  }
  if (!m_firstFreeNumber.empty())
    m_firstFreeNumber.clear();
}

std::optional<EntityRef> Model::findEntity(std::string_view n) const
{
  if (auto id = findPart(n))
    return EntityRef(id);
  if (auto id = findMarker(n))
    return EntityRef(id);
  if (auto id = findJoint(n))
    return EntityRef(id);
  if (auto id = findMotion(n))
    return EntityRef(id);
  if (auto id = findForce(n))
    return EntityRef(id);
  if (auto id = findVariable(n))
    return EntityRef(id);
  return std::nullopt;
}

std::string Model::entityName(const EntityRef& r) const
{
  switch (r.kind) {
    case EntityKind::Model:
      return name;
    case EntityKind::Part:
      return part(PartId(r.id)) ? part(PartId(r.id))->name : "";
    case EntityKind::Marker:
      return marker(MarkerId(r.id)) ? marker(MarkerId(r.id))->name : "";
    case EntityKind::Joint:
      return joint(JointId(r.id)) ? joint(JointId(r.id))->name : "";
    case EntityKind::Motion:
      return motion(MotionId(r.id)) ? motion(MotionId(r.id))->name : "";
    case EntityKind::Force:
      return force(ForceId(r.id)) ? force(ForceId(r.id))->name : "";
    case EntityKind::Variable:
      return variable(VariableId(r.id)) ? variable(VariableId(r.id))->name : "";
  }
  return {};
}

bool Model::contains(const EntityRef& r) const
{
  return r.kind == EntityKind::Model || !entityName(r).empty();
}

std::vector<MarkerId> Model::markersOf(PartId p) const
{
  std::vector<MarkerId> out;
  for (const auto& m : m_markers) {
    if (m.part == p) {
      out.push_back(m.id);
    }
  }
  return out;
}

std::uint32_t Model::takeId(std::uint32_t requested)
{
  if (requested == 0) {
    requested = m_nextId;
  } else {
    for (EntityKind k : {EntityKind::Part, EntityKind::Marker, EntityKind::Joint, EntityKind::Motion,
                         EntityKind::Force, EntityKind::Variable}) {
      if (contains(EntityRef(k, requested))) {
        throw std::invalid_argument("id " + std::to_string(requested) + " is already used");
      }
    }
  }
  m_nextId = std::max(m_nextId, requested + 1);
  return requested;
}

namespace {
template <class T>
void prepare(Model& m, T& e, const char* prefix)
{
  if (e.name.empty()) {
    e.name = m.uniqueName(prefix);
  } else if (!m.isNameFree(e.name)) {
    throw std::invalid_argument("name '" + e.name + "' is already used");
  }
}
}  // namespace

PartId Model::add(Part p)
{
  prepare(*this, p, "PART");
  p.id = PartId(takeId(p.id.value));
  indexName(p, EntityKind::Part);
  insertSorted(m_parts, p);
  return p.id;
}

MarkerId Model::add(Marker m)
{
  prepare(*this, m, "MARKER");
  m.id = MarkerId(takeId(m.id.value));
  indexName(m, EntityKind::Marker);
  insertSorted(m_markers, m);
  return m.id;
}

JointId Model::add(Joint j)
{
  prepare(*this, j, "JOINT");
  j.id = JointId(takeId(j.id.value));
  indexName(j, EntityKind::Joint);
  insertSorted(m_joints, j);
  return j.id;
}

MotionId Model::add(Motion m)
{
  prepare(*this, m, "MOTION");
  m.id = MotionId(takeId(m.id.value));
  indexName(m, EntityKind::Motion);
  insertSorted(m_motions, m);
  return m.id;
}

ForceId Model::add(Force f)
{
  prepare(*this, f, "FORCE");
  f.id = ForceId(takeId(f.id.value));
  indexName(f, EntityKind::Force);
  insertSorted(m_forces, f);
  return f.id;
}

VariableId Model::add(Variable v)
{
  prepare(*this, v, "VARIABLE");
  v.id = VariableId(takeId(v.id.value));
  indexName(v, EntityKind::Variable);
  insertSorted(m_variables, v);
  return v.id;
}

bool Model::remove(const EntityRef& r)
{
  dropNameIndex();
  switch (r.kind) {
    case EntityKind::Model:
      return false;
    case EntityKind::Part:
      return r.id != kGroundId.value && eraseById(m_parts, r.id);
    case EntityKind::Marker:
      return eraseById(m_markers, r.id);
    case EntityKind::Joint:
      return eraseById(m_joints, r.id);
    case EntityKind::Motion:
      return eraseById(m_motions, r.id);
    case EntityKind::Force:
      return eraseById(m_forces, r.id);
    case EntityKind::Variable:
      return eraseById(m_variables, r.id);
  }
  return false;
}

std::vector<EntityRef> Model::dependentsOf(const EntityRef& root) const
{
  std::vector<EntityRef> out;
  auto has = [&](const EntityRef& r) {
    return r == root || std::find(out.begin(), out.end(), r) != out.end();
  };
  auto add = [&](const EntityRef& r) {
    if (!has(r)) {
      out.push_back(r);
    }
  };
  // Fixed point over the reference relations (small models: quadratic is fine).
  bool changed = true;
  auto gone = [&](const EntityRef& r) { return r.id != 0 && has(r); };
  while (changed) {
    const std::size_t before = out.size();
    for (const auto& m : m_markers) {
      if (gone(EntityRef(m.part)))
        add(EntityRef(m.id));
    }
    for (const auto& j : m_joints) {
      if (gone(EntityRef(j.iMarker)) || gone(EntityRef(j.jMarker)) || gone(EntityRef(j.joints[0])) ||
          gone(EntityRef(j.joints[1])) || gone(EntityRef(j.floatingMarker)) ||
          gone(EntityRef(j.iFloatingMarker)))
        add(EntityRef(j.id));
    }
    for (const auto& m : m_motions) {
      if (gone(EntityRef(m.joint)) || gone(EntityRef(m.iMarker)) || gone(EntityRef(m.jMarker)))
        add(EntityRef(m.id));
    }
    for (const auto& f : m_forces) {
      const bool multiPointGone =
          f.multiPoint && std::any_of(f.multiPoint->iMarkers.begin(), f.multiPoint->iMarkers.end(),
                                      [&](MarkerId m) { return gone(EntityRef(m)); });
      if (gone(EntityRef(f.iMarker)) || gone(EntityRef(f.jMarker)) || gone(EntityRef(f.referenceMarker)) ||
          multiPointGone)
        add(EntityRef(f.id));
    }
    changed = out.size() != before;
  }
  return out;
}

std::string Model::uniqueName(std::string_view prefix) const
{
  // Names are only taken while the index lives (a removal or rename drops both), so no number
  // below the last one found is free again: the search resumes there.
  named(prefix);  // (re)builds the index, and with it the validity of the remembered numbers
  std::uint32_t& first = m_firstFreeNumber[upperCase(prefix)];
  for (std::uint32_t n = std::max(first, 1u);; ++n) {
    std::string candidate = std::string(prefix) + "_" + std::to_string(n);
    if (isNameFree(candidate)) {
      first = n;
      return candidate;
    }
  }
}

bool Model::isNameFree(std::string_view n, const EntityRef& except) const
{
  if (findParameter(*this, n))  // expressions read parameters and entities by the same names
    return false;
  const auto same = [&](const std::string& other) {
    return other.size() == n.size() && std::equal(other.begin(), other.end(), n.begin(), [](char a, char b) {
             return std::toupper(static_cast<unsigned char>(a)) ==
                    std::toupper(static_cast<unsigned char>(b));
           });
  };
  for (const auto& s : splines)
    if (same(s.name))
      return false;
  for (const auto& a : arrays)
    if (same(a.name))
      return false;
  for (const auto& c : curves)
    if (same(c.name))
      return false;
  for (const auto& m : matrices)
    if (same(m.name))
      return false;
  for (const auto& s : sensors)
    if (same(s.name))
      return false;
  for (const auto& d : differentials)
    if (same(d.name))
      return false;
  for (const auto* ports : {&plantInputs, &plantOutputs})
    for (const auto& p : *ports)
      if (same(p.name))
        return false;
  const auto& refs = named(n);
  return std::all_of(refs.begin(), refs.end(),
                     [&](const EntityRef& r) { return except.id != 0 && r == except; });
}

bool Model::isValidName(std::string_view n)
{
  if (n.empty() || n.size() > 128 || !(std::isalpha(static_cast<unsigned char>(n[0])) || n[0] == '_')) {
    return false;
  }
  for (char c : n) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) {
      return false;
    }
  }
  return !isReservedExpressionName(n);
}

Mat3 Model::partRotation(PartId id) const
{
  const Part* p = part(id);
  return p ? euler313ToMatrix(p->orientation) : Mat3::Identity();
}

PartId Model::partOf(MarkerId id) const
{
  const Marker* m = marker(id);
  return m ? m->part : PartId{};
}

Vec3 Model::markerGlobalPosition(MarkerId id) const
{
  const Marker* m = marker(id);
  if (!m) {
    return Vec3::Zero();
  }
  const Part* p = part(m->part);
  return p ? Vec3(p->position + euler313ToMatrix(p->orientation) * m->position) : m->position;
}

Mat3 Model::markerGlobalOrientation(MarkerId id) const
{
  const Marker* m = marker(id);
  if (!m) {
    return Mat3::Identity();
  }
  const Mat3 local = m->localOrientation().value_or(Mat3::Identity());
  return partRotation(m->part) * local;
}

}  // namespace mbs::core
