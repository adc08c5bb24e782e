#include "dmbs/Topology.hpp"

#include <algorithm>
#include <deque>

#include "forces/ClearanceKinds.hpp"
#include "forces/LoadReadingForces.hpp"

namespace mbs::solver::dmbs {
namespace {

int markerBody(const Model& model, int marker)
{
  return marker < 0 ? kGround : model.markers[marker].body;
}

Status refuse(const std::string& what, const std::string& name, const std::string& why)
{
  return Status::failure(
      StatusCode::BadInput,
      what + " '" + name + "': " + why +
          "; the DMBS (joint-coordinate) formulation does not cover it — run it with the SI2 "
          "formulation",
      name);
}

Status checkSupported(const Model& model)
{
  for (const Body& b : model.bodies) {
    if (b.flexible)
      return refuse("body", b.name, "flexible body");
    // A point mass (Adams POINT_MASS) or a part with mass but no rotary inertia: its rotation is
    // held by constraints, which the tree's recursive inertias cannot invert.
    if (b.mass > 0.0 && b.inertia.isZero(0.0))
      return refuse("body", b.name, "body with mass but no rotary inertia (a point mass)");
  }
  for (const Joint& j : model.joints) {
    if (j.type == JointType::PointCurve)  // its curve parameter is a coordinate of the absolute equations
      return refuse("joint", j.name, "point-to-curve (PTCV) joint");
    if (j.type == JointType::CurveCurve)  // so are its two
      return refuse("joint", j.name, "curve-to-curve (CVCV) joint");
    if (j.type == JointType::Screw || j.type == JointType::Coupler || j.type == JointType::ConstantVelocity)
      return refuse("joint", j.name, std::string(toString(j.type)) + " joint");
  }
  for (const Force& f : model.forces)
    if (mbs::solver::detail::readsLoads(f))
      return refuse("force", f.name, "force whose function reads solved loads (JOINT(), FX() ...)");
  // Its states are coordinates of the absolute equations only (System, "First-order states").
  for (const Differential& d : model.differentials)
    return refuse("differential equation (DIFF)", d.name, "first-order state");
  return Status::success();
}

}  // namespace

Status buildTopology(const Model& model, Topology& topology)
{
  if (Status st = checkSupported(model); !st.ok())
    return st;
  return buildTree(model, topology);
}

Model withClearanceSubstituted(const Model& model)
{
  Model substituted = model;
  detail::substituteClearanceJoints(substituted);
  return substituted;
}

Status buildTree(const Model& model, Topology& topology)
{
  const int nb = static_cast<int>(model.bodies.size());
  const int nj = static_cast<int>(model.joints.size());
  topology = Topology{};
  topology.bodyMobilizer.assign(nb, -1);
  topology.jointMobilizer.assign(nj, -1);

  // Joints incident to each body (and to ground = slot nb), in the order the search takes them.
  std::vector<char> driven(nj, 0);
  for (const Motion& m : model.motions)
    for (int j = 0; j < nj; ++j) {
      const Joint& jt = model.joints[j];
      if ((jt.iMarker == m.iMarker && jt.jMarker == m.jMarker) ||
          (jt.iMarker == m.jMarker && jt.jMarker == m.iMarker))
        driven[j] = 1;
    }
  std::vector<std::vector<int>> incident(nb + 1);
  auto slot = [&](int body) { return body == kGround ? nb : body; };
  for (int j = 0; j < nj; ++j) {
    MobilizerKind kind;
    if (!mobilizerKind(model.joints[j].type, kind))
      continue;
    const int bi = markerBody(model, model.joints[j].iMarker),
              bj = markerBody(model, model.joints[j].jMarker);
    if (bi == bj)
      continue;
    incident[slot(bi)].push_back(j);
    incident[slot(bj)].push_back(j);
  }
  for (auto& list : incident)
    std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
      if (driven[a] != driven[b])
        return driven[a] > driven[b];
      return equationCount(model.joints[a].type) > equationCount(model.joints[b].type);
    });

  std::vector<char> reached(nb, 0);
  std::vector<int> component(nb, -1);  // the tree each body hangs in: 0 ground's, then each free root
  int currentComponent = 0;
  auto addMobilizer = [&](Mobilizer m) {
    m.nq = coordinateCount(m.kind);
    m.nv = rateCount(m.kind);
    m.qOffset = topology.nq;
    m.vOffset = topology.nv;
    topology.nq += m.nq;
    topology.nv += m.nv;
    topology.bodyMobilizer[m.child] = static_cast<int>(topology.mobilizers.size());
    if (m.joint >= 0)
      topology.jointMobilizer[m.joint] = static_cast<int>(topology.mobilizers.size());
    topology.mobilizers.push_back(m);
    reached[m.child] = 1;
    component[m.child] = currentComponent;
  };
  auto search = [&](int root) {
    std::deque<int> queue{root};
    while (!queue.empty()) {
      const int body = queue.front();
      queue.pop_front();
      for (int j : incident[slot(body)]) {
        if (topology.jointMobilizer[j] >= 0 || model.joints[j].constraintElement)
          continue;
        const Joint& joint = model.joints[j];
        const int bi = markerBody(model, joint.iMarker), bj = markerBody(model, joint.jMarker);
        const int other = bi == body ? bj : bi;
        if (other == kGround || reached[other])
          continue;
        Mobilizer m;
        mobilizerKind(joint.type, m.kind);
        m.joint = j;
        m.parent = body;
        m.child = other;
        m.reversed = bi == body;  // I on the parent
        const Marker& mi = model.markers[joint.iMarker];
        const Marker& mj = model.markers[joint.jMarker];
        m.rotI = mi.orientation, m.posI = mi.position;
        m.rotJ = mj.orientation, m.posJ = mj.position;
        m.rotIIdentity = m.rotI == Mat3::Identity();
        m.rotJIdentity = m.rotJ == Mat3::Identity();
        addMobilizer(m);
        queue.push_back(other);
      }
    }
  };
  search(kGround);
  for (int b = 0; b < nb; ++b)
    if (!reached[b]) {
      ++currentComponent;
      Mobilizer m;
      m.kind = MobilizerKind::Free;
      m.child = b;
      addMobilizer(m);
      search(b);
    }
  // A constraint element joining two trees was needed to span them (core's validation says so
  // first; a solver model built elsewhere may still have it).
  auto componentOf = [&](int body) { return body == kGround ? 0 : component[body]; };
  for (int j = 0; j < nj; ++j) {
    const Joint& joint = model.joints[j];
    MobilizerKind kind;
    if (!joint.constraintElement || !mobilizerKind(joint.type, kind))
      continue;
    const int bi = markerBody(model, joint.iMarker), bj = markerBody(model, joint.jMarker);
    if (componentOf(bi) != componentOf(bj)) {
      const int cutOff = componentOf(bi) == 0 ? bj : bi;
      topology = Topology{};
      return Status::failure(StatusCode::BadInput,
                             "joint '" + joint.name +
                                 "' cannot be a constraint element (cut joint): without it body '" +
                                 model.bodies[cutOff].name +
                                 "' has no path of tree joints to ground, so DMBS has no spanning tree; "
                                 "unmark it",
                             joint.name);
    }
  }
  // (A joint without equations — a ball in a socket with clearance, only its contact force — is
  // neither a tree joint nor a cut.)
  for (int j = 0; j < nj; ++j)
    if (topology.jointMobilizer[j] < 0 && equationCount(model.joints[j].type) > 0) {
      MobilizerKind kind;
      topology.cutJoints.push_back(j);
      topology.cutReasons.push_back(model.joints[j].constraintElement           ? CutReason::ConstraintElement
                                    : mobilizerKind(model.joints[j].type, kind) ? CutReason::ClosesLoop
                                                                                : CutReason::NeverTreeJoint);
    }
  return Status::success();
}

}  // namespace mbs::solver::dmbs

namespace mbs::solver {

DmbsTree dmbsTree(const Model& model)
{
  DmbsTree tree;
  dmbs::Topology topology;
  tree.status = dmbs::buildTree(dmbs::withClearanceSubstituted(model), topology);
  if (!tree.status.ok())
    return tree;
  for (const dmbs::Mobilizer& m : topology.mobilizers)
    if (m.joint >= 0)
      tree.treeJoints.push_back(m.joint);
  for (std::size_t k = 0; k < topology.cutJoints.size(); ++k)
    tree.cuts.push_back({topology.cutJoints[k], topology.cutReasons[k]});
  return tree;
}

std::string describeCuts(const Model& model, const std::vector<CutJoint>& cuts)
{
  if (cuts.empty())
    return "no cut joints (the model is a tree)";
  std::string text = "cut joints: ";
  for (std::size_t k = 0; k < cuts.size(); ++k) {
    const CutJoint& cut = cuts[k];
    text += (k ? ", '" : "'") + model.joints[cut.joint].name + "' (";
    switch (cut.reason) {
      case CutReason::ConstraintElement:
        text += "constraint element, marked by the user)";
        break;
      case CutReason::ClosesLoop:
        text += "closes a loop, chosen automatically)";
        break;
      case CutReason::NeverTreeJoint:
        text += "joint primitive, always cut)";
        break;
    }
  }
  return text;
}

}  // namespace mbs::solver
