#include "forces/ModelStateView.hpp"

namespace mbs::solver::detail {
namespace {
double plain(double v, int)
{
  return v;
}
}  // namespace

BodyVars<double> ModelStateView::body(int marker) const
{
  if (marker == kGround)
    return {};
  return bodyVars<double>(m_q, &m_qd, m_model.markers[marker].body, plain, plain);
}

FrameT<double> ModelStateView::frame(int marker) const
{
  if (marker == kGround) {
    FrameT<double> f;
    f.x = constant<double>(Vec3::UnitX());
    f.y = constant<double>(Vec3::UnitY());
    f.z = constant<double>(Vec3::UnitZ());
    return f;
  }
  return markerFrame(m_model.markers[marker], body(marker));
}

Mat3 ModelStateView::orientation(int marker) const
{
  const FrameT<double> f = frame(marker);
  Mat3 r;
  r << values(f.x), values(f.y), values(f.z);
  return r;
}

Vec3 ModelStateView::velocity(int marker) const
{
  if (marker == kGround)
    return Vec3::Zero();
  return values(pointVelocity(body(marker), frame(marker).o));
}

Vec3 ModelStateView::angularVelocity(int marker) const
{
  if (marker == kGround)
    return Vec3::Zero();
  return values(detail::angularVelocity(body(marker)));
}

}  // namespace mbs::solver::detail
