#include "flexible/FlexibleForces.hpp"

namespace mbs::solver::detail {
namespace {

double plain(double v, int)
{
  return v;
}

int bodyOf(const Model& model, int marker)
{
  return marker < 0 ? kGround : model.markers[marker].body;
}

}  // namespace

const FlexibleInterface* markerInterface(const Model& model, int marker)
{
  if (marker < 0)
    return nullptr;
  const Marker& mk = model.markers[marker];
  if (mk.body == kGround || mk.interfaceNode < 0 || !model.bodies[mk.body].flexible)
    return nullptr;
  return &model.bodies[mk.body].flexible->interfaces[mk.interfaceNode];
}

bool forceOnFlexibleMarker(const Model& model, const Force& force)
{
  return markerInterface(model, force.iMarker) || markerInterface(model, force.jMarker);
}

BodyVars<double> markerBodyVars(const Model& model, const std::vector<int>& modalOffset, int marker,
                                const Vec& q, const Vec& qd, std::array<double, 6>& storage)
{
  const int body = bodyOf(model, marker);
  BodyVars<double> b = bodyVars<double>(q, &qd, body, plain, plain);
  const FlexibleInterface* node = markerInterface(model, marker);
  if (!node)
    return b;
  const int m = static_cast<int>(node->shapes.cols()), o = modalOffset[body];
  const Vec w = node->shapes * q.segment(o, m), wd = node->shapes * qd.segment(o, m);
  for (int k = 0; k < 6; ++k)
    storage[k] = w[k];
  b.deformation = &storage;
  // Deformation rates in the ground frame: origin dv = A δ̇, rotation dω = A θ̇. ω = 2 E ṗ with
  // E Eᵀ = I, so ṗ += ½ Eᵀ dω adds dω; ṙ += dv − dω × (o − r) keeps ṙ + ω × (o − r) right at o.
  const Vec3 dv = values(b.A.apply(Vec3(wd.head<3>()))), dw = values(b.A.apply(Vec3(wd.tail<3>())));
  const Vec3 origin = values(markerFrame(model.markers[marker], b).o), r = values(b.r);
  const Vec3 e(b.p[1], b.p[2], b.p[3]);
  const Vec3 rd = values(b.rd) + dv - dw.cross(origin - r);
  for (int k = 0; k < 3; ++k)
    b.rd[k] = rd[k];
  b.pd[0] += -0.5 * e.dot(dw);
  const Vec3 tail = 0.5 * (b.p[0] * dw - e.cross(dw));
  for (int k = 0; k < 3; ++k)
    b.pd[1 + k] += tail[k];
  return b;
}

void addModalLoad(const Model& model, const std::vector<int>& modalOffset, int marker, const Vec& q,
                  const Vec3& force, const Vec3& torque, const Vec3& point, Vec& Q)
{
  const FlexibleInterface* node = markerInterface(model, marker);
  if (!node)
    return;
  const int body = bodyOf(model, marker), m = static_cast<int>(node->shapes.cols()), o = modalOffset[body];
  const Rot<double> r =
      rotation<double>({q[7 * body + 3], q[7 * body + 4], q[7 * body + 5], q[7 * body + 6]});
  Mat3 a;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      a(i, j) = r.a[3 * i + j];
  const Vec3 at = q.segment<3>(7 * body) +
                  a * (model.markers[marker].position + node->shapes.topRows<3>() * q.segment(o, m));
  const Vec3 fLocal = a.transpose() * force;
  const Vec3 mLocal = a.transpose() * (torque + (point - at).cross(force));
  Q.segment(o, m) +=
      node->shapes.topRows<3>().transpose() * fLocal + node->shapes.bottomRows<3>().transpose() * mLocal;
}

}  // namespace mbs::solver::detail
