#include "mbs/core/Topology.hpp"

#include <algorithm>
#include <deque>
#include <functional>
#include <map>

namespace mbs::core {
namespace {

struct Edge {
  JointId joint;
  PartId a, b;
};

std::vector<ElasticLink> elasticLinks(const Model& model)
{
  std::vector<ElasticLink> links;
  auto add = [&](const Force& f, MarkerId i) {
    const PartId a = model.partOf(i), b = model.partOf(f.jMarker);
    if (a && b && a != b && model.part(a) && model.part(b))
      links.push_back({f.id, a, b});
  };
  for (const Force& f : model.forces()) {
    if (f.kind == ForceKind::Beam || f.kind == ForceKind::Bushing || f.kind == ForceKind::Field)
      add(f, f.iMarker);
    else if (f.kind == ForceKind::MultiPoint && f.multiPoint)
      for (MarkerId i : f.multiPoint->iMarkers)
        add(f, i);
  }
  return links;
}

}  // namespace

TopologyReport analyzeTopology(const Model& model, const std::vector<JointId>& preferredCuts)
{
  TopologyReport r;
  using Kind = TopologyIssue::Kind;
  for (const Marker& m : model.markers()) {
    if (!model.part(m.part)) {
      r.issues.push_back({Kind::MarkerOnNoPart, EntityRef(m.id), "marker '" + m.name + "' is on no part"});
    }
  }
  // Edges: ordinary joints between two existing parts; preferred cuts go last so the tree avoids them.
  std::vector<Edge> edges;
  for (const Joint& j : model.joints()) {
    r.constraintEquations += equationCount(j.kind);
    if (isCoupler(j.kind)) {
      if (!model.joint(j.joints[0]) || !model.joint(j.joints[1])) {
        r.issues.push_back(
            {Kind::CouplerMissingJoint, EntityRef(j.id), "coupler '" + j.name + "' misses a coupled joint"});
      }
      continue;
    }
    const PartId a = model.partOf(j.iMarker), b = model.partOf(j.jMarker);
    if (!a || !b || !model.part(a) || !model.part(b)) {
      r.issues.push_back(
          {Kind::JointMissingMarker, EntityRef(j.id), "joint '" + j.name + "' is on a missing marker"});
      continue;
    }
    if (a == b) {
      r.issues.push_back(
          {Kind::JointSamePart, EntityRef(j.id), "joint '" + j.name + "' connects a part to itself"});
      continue;
    }
    edges.push_back({j.id, a, b});
  }
  std::stable_partition(edges.begin(), edges.end(), [&](const Edge& e) {
    return std::find(preferredCuts.begin(), preferredCuts.end(), e.joint) == preferredCuts.end();
  });
  r.motionEquations = int(model.motions().size());

  // Spanning forest by union-find over the edges in order (preferred cuts last, so they close
  // loops rather than join the tree), then rooted breadth first at the ground.
  std::map<PartId, PartId> root;
  std::function<PartId(PartId)> find = [&](PartId p) {
    auto it = root.find(p);
    if (it == root.end() || it->second == p)
      return p;
    return it->second = find(it->second);
  };
  std::vector<bool> inTree(edges.size(), false);
  std::map<PartId, std::vector<std::size_t>> adjacent;
  for (std::size_t k = 0; k < edges.size(); ++k) {
    const PartId ra = find(edges[k].a), rb = find(edges[k].b);
    if (ra == rb)
      continue;
    root[ra] = rb;
    inTree[k] = true;
    adjacent[edges[k].a].push_back(k);
    adjacent[edges[k].b].push_back(k);
  }
  std::map<PartId, std::pair<PartId, JointId>> parent;  // tree parent and joint
  std::map<PartId, int> depth;
  std::vector<PartId> roots{kGroundId};
  for (const Part& p : model.parts()) {
    if (!p.ground)
      roots.push_back(p.id);
  }
  for (PartId start : roots) {
    if (depth.count(start))
      continue;
    depth[start] = 0;
    r.componentParts.emplace_back();
    std::deque<PartId> queue{start};
    while (!queue.empty()) {
      const PartId p = queue.front();
      queue.pop_front();
      r.componentParts.back().push_back(p);
      for (std::size_t k : adjacent[p]) {
        const PartId q = edges[k].a == p ? edges[k].b : edges[k].a;
        if (depth.count(q))
          continue;
        depth[q] = depth[p] + 1;
        parent[q] = {p, edges[k].joint};
        r.treeJoints.push_back(edges[k].joint);
        queue.push_back(q);
      }
    }
  }
  r.components = int(r.componentParts.size());
  // Components that elastic links join to the ground's (breadth first over the components) are
  // held, not loose.
  r.elasticLinks = elasticLinks(model);
  std::map<PartId, std::size_t> componentOf;
  for (std::size_t c = 0; c < r.componentParts.size(); ++c)
    for (PartId p : r.componentParts[c])
      componentOf[p] = c;
  std::vector<std::vector<std::size_t>> linked(r.componentParts.size());
  for (const ElasticLink& link : r.elasticLinks) {
    const std::size_t ca = componentOf.at(link.a), cb = componentOf.at(link.b);
    linked[ca].push_back(cb);
    linked[cb].push_back(ca);
  }
  std::vector<bool> held(r.componentParts.size(), false);
  held[0] = true;
  for (std::deque<std::size_t> queue{0}; !queue.empty(); queue.pop_front())
    for (std::size_t c : linked[queue.front()])
      if (!held[c]) {
        held[c] = true;
        queue.push_back(c);
        r.elasticallyHeld.insert(r.elasticallyHeld.end(), r.componentParts[c].begin(),
                                 r.componentParts[c].end());
      }
  for (std::size_t c = 1; c < r.componentParts.size(); ++c) {
    for (PartId p : r.componentParts[c]) {
      if (!held[c])
        r.issues.push_back({Kind::PartNotGrounded, EntityRef(p),
                            "part '" + model.part(p)->name + "' is not connected to ground"});
    }
  }
  // Each non-tree edge closes one independent loop: its tree path plus itself.
  for (std::size_t k = 0; k < edges.size(); ++k) {
    if (inTree[k])
      continue;
    TopologyLoop loop;
    std::vector<JointId> left, right;
    PartId a = edges[k].a, b = edges[k].b;
    while (a != b) {
      if (depth[a] >= depth[b]) {
        left.push_back(parent[a].second);
        a = parent[a].first;
      } else {
        right.push_back(parent[b].second);
        b = parent[b].first;
      }
    }
    loop.joints = left;
    loop.joints.insert(loop.joints.end(), right.rbegin(), right.rend());
    loop.joints.push_back(edges[k].joint);
    loop.suggestedCut = edges[k].joint;
    r.loops.push_back(std::move(loop));
  }

  // Gruebler-Kutzbach counts.
  r.movingParts = int(model.parts().size()) - 1;
  r.spatialDof = 6 * r.movingParts - r.constraintEquations;
  // Planar if every joint can act in a plane with a common normal n: revolute axes parallel to n,
  // translational axes perpendicular to it, planar joints' normals parallel to it.
  std::optional<Vec3> normal;
  bool planar = !model.joints().empty();
  int planarEquations = 0;
  for (const Joint& j : model.joints()) {
    const int eq = planarEquationCount(j.kind);
    if (eq < 0) {
      planar = false;
      break;
    }
    planarEquations += eq;
    if (isCoupler(j.kind) || !model.marker(j.jMarker))
      continue;
    const Vec3 z = model.markerGlobalOrientation(j.jMarker).col(2);
    if (j.kind == JointKind::Revolute || j.kind == JointKind::Planar) {
      if (!normal) {
        normal = z;
      } else if (normal->cross(z).norm() > 1e-6) {
        planar = false;
      }
    }
  }
  if (planar) {
    for (const Joint& j : model.joints()) {
      if (j.kind == JointKind::Translational && normal && model.marker(j.jMarker) &&
          std::abs(normal->dot(model.markerGlobalOrientation(j.jMarker).col(2))) > 1e-6) {
        planar = false;
      }
    }
  }
  if (planar) {
    r.planarDof = 3 * r.movingParts - planarEquations;
  }
  r.dof = r.planarDof.value_or(r.spatialDof);
  r.dofWithMotions = r.dof - r.motionEquations;
  return r;
}

nlohmann::json TopologyReport::toJson(const Model& model) const
{
  using nlohmann::json;
  auto name = [&](EntityRef ref) { return model.entityName(ref); };
  json comps = json::array();
  for (const auto& c : componentParts) {
    json parts = json::array();
    for (PartId p : c)
      parts.push_back(name(EntityRef(p)));
    comps.push_back(parts);
  }
  json tree = json::array();
  for (JointId j : treeJoints)
    tree.push_back(name(EntityRef(j)));
  json loopsJson = json::array();
  for (const auto& l : loops) {
    json joints = json::array();
    for (JointId j : l.joints)
      joints.push_back(name(EntityRef(j)));
    loopsJson.push_back({{"joints", joints}, {"suggested_cut", name(EntityRef(l.suggestedCut))}});
  }
  json links = json::array();
  for (const auto& l : elasticLinks)
    links.push_back(
        {{"force", name(EntityRef(l.force))}, {"parts", {name(EntityRef(l.a)), name(EntityRef(l.b))}}});
  json heldJson = json::array();
  for (PartId p : elasticallyHeld)
    heldJson.push_back(name(EntityRef(p)));
  static const char* kinds[] = {"part_not_grounded", "joint_missing_marker", "joint_same_part",
                                "marker_on_no_part", "coupler_missing_joint"};
  json issuesJson = json::array();
  for (const auto& i : issues) {
    issuesJson.push_back({{"kind", kinds[int(i.kind)]},
                          {"entity_kind", toString(i.entity.kind)},
                          {"entity_id", i.entity.id},
                          {"message", i.message}});
  }
  return {{"moving_parts", movingParts},
          {"components", components},
          {"component_parts", comps},
          {"tree_joints", tree},
          {"loops", loopsJson},
          {"loop_count", loops.size()},
          {"elastic_links", links},
          {"elastically_held", heldJson},
          {"constraint_equations", constraintEquations},
          {"motion_equations", motionEquations},
          {"spatial_dof", spatialDof},
          {"planar_dof", planarDof ? json(*planarDof) : json(nullptr)},
          {"dof", dof},
          {"dof_with_motions", dofWithMotions},
          {"rank_dof", rankDof ? json(*rankDof) : json(nullptr)},
          {"redundant_equations", redundantEquations ? json(*redundantEquations) : json(nullptr)},
          {"issues", issuesJson}};
}

}  // namespace mbs::core
