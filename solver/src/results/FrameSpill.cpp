#include "results/FrameSpill.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace mbs::solver::detail {
namespace {

class Writer {
public:
  void number(double v) { m_out.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void count(std::size_t n) { number(static_cast<double>(n)); }
  void vec3(const Vec3& v)
  {
    number(v.x());
    number(v.y());
    number(v.z());
  }
  void vec(const Vec& v)
  {
    count(static_cast<std::size_t>(v.size()));
    m_out.append(reinterpret_cast<const char*>(v.data()),
                 sizeof(double) * static_cast<std::size_t>(v.size()));
  }
  std::string take() { return std::move(m_out); }

private:
  std::string m_out;
};

class Reader {
public:
  Reader(const char* data, std::size_t size) : m_data(data), m_end(data + size) {}
  double number()
  {
    if (m_end - m_data < static_cast<std::ptrdiff_t>(sizeof(double)))
      throw std::runtime_error("result spill file: a frame is cut short");
    double v;
    std::memcpy(&v, m_data, sizeof v);
    m_data += sizeof v;
    return v;
  }
  std::size_t count()
  {
    const double n = number();
    if (!(n >= 0.0 && n <= double(m_end - m_data)))
      throw std::runtime_error("result spill file: a frame's length is out of range");
    return static_cast<std::size_t>(n);
  }
  Vec3 vec3()
  {
    const double x = number(), y = number(), z = number();
    return {x, y, z};
  }
  Vec vec()
  {
    Vec v(static_cast<Eigen::Index>(count()));
    for (Eigen::Index k = 0; k < v.size(); ++k)
      v[k] = number();
    return v;
  }
  bool atEnd() const { return m_data == m_end; }

private:
  const char* m_data;
  const char* m_end;
};

template <class T, class Put>
void putList(Writer& w, const std::vector<T>& list, Put put)
{
  w.count(list.size());
  for (const T& item : list)
    put(item);
}

template <class T, class Get>
void getList(Reader& r, std::vector<T>& list, Get get)
{
  list.resize(r.count());
  for (T& item : list)
    get(item);
}

}  // namespace

std::string serializeFrame(const ResultFrame& f)
{
  Writer w;
  w.number(f.state.t);
  for (const Vec* v : {&f.state.q, &f.state.qd, &f.state.qdd, &f.state.lambda, &f.state.stictionStart})
    w.vec(*v);
  putList(w, f.bodies, [&](const BodyOutput& b) {
    w.vec3(b.position);
    w.vec3(b.velocity);
    w.vec3(b.acceleration);
    for (double c : {b.orientation.w(), b.orientation.x(), b.orientation.y(), b.orientation.z()})
      w.number(c);
    w.vec3(b.angularVelocity);
    w.vec3(b.angularAcceleration);
  });
  const auto reaction = [&](const Reaction& r) {
    w.vec3(r.force);
    w.vec3(r.torque);
  };
  putList(w, f.joints, reaction);
  putList(w, f.motions, reaction);
  putList(w, f.forces, [&](const ForceOutput& o) {
    w.vec3(o.force);
    w.vec3(o.torque);
    w.number(o.length);
    w.number(o.rate);
  });
  putList(w, f.friction, [&](const FrictionOutput& o) {
    w.vec3(o.force);
    w.vec3(o.torque);
    for (double n : o.contactNormals)
      w.number(n);
    for (double v : {o.normalForce, o.slidingSpeed, o.stick ? 1.0 : 0.0, o.power})
      w.number(v);
  });
  putList(w, f.clearance, [&](const ClearanceOutput& o) {
    w.vec3(o.force);
    for (double v : {o.normalForce, o.frictionForce, o.penetration, o.eccentricityX, o.eccentricityY,
                     o.eccentricityZ, o.contact ? 1.0 : 0.0})
      w.number(v);
  });
  putList(w, f.contacts, [&](const SolidContactOutput& o) {
    w.vec3(o.force);
    w.vec3(o.torqueI);
    w.vec3(o.torqueJ);
    for (double v : {o.normalForce, o.frictionForce, o.penetration, o.slipVelocity})
      w.number(v);
    w.vec3(o.point);
    w.vec3(o.normal);
    w.number(double(o.points));
  });
  putList(w, f.modal, [&](const Vec& v) { w.vec(v); });
  w.vec(f.differentials);
  w.vec(f.differentialRates);
  w.vec(f.curveParameters);
  w.vec(f.curveRates);
  return w.take();
}

ResultFrame deserializeFrame(const char* data, std::size_t size)
{
  Reader r(data, size);
  ResultFrame f;
  f.state.t = r.number();
  for (Vec* v : {&f.state.q, &f.state.qd, &f.state.qdd, &f.state.lambda, &f.state.stictionStart})
    *v = r.vec();
  getList(r, f.bodies, [&](BodyOutput& b) {
    b.position = r.vec3();
    b.velocity = r.vec3();
    b.acceleration = r.vec3();
    const double qw = r.number(), qx = r.number(), qy = r.number(), qz = r.number();
    b.orientation = Quat(qw, qx, qy, qz);
    b.angularVelocity = r.vec3();
    b.angularAcceleration = r.vec3();
  });
  const auto reaction = [&](Reaction& o) {
    o.force = r.vec3();
    o.torque = r.vec3();
  };
  getList(r, f.joints, reaction);
  getList(r, f.motions, reaction);
  getList(r, f.forces, [&](ForceOutput& o) {
    o.force = r.vec3();
    o.torque = r.vec3();
    o.length = r.number();
    o.rate = r.number();
  });
  getList(r, f.friction, [&](FrictionOutput& o) {
    o.force = r.vec3();
    o.torque = r.vec3();
    for (double& n : o.contactNormals)
      n = r.number();
    o.normalForce = r.number();
    o.slidingSpeed = r.number();
    o.stick = r.number() != 0.0;
    o.power = r.number();
  });
  getList(r, f.clearance, [&](ClearanceOutput& o) {
    o.force = r.vec3();
    o.normalForce = r.number();
    o.frictionForce = r.number();
    o.penetration = r.number();
    o.eccentricityX = r.number();
    o.eccentricityY = r.number();
    o.eccentricityZ = r.number();
    o.contact = r.number() != 0.0;
  });
  getList(r, f.contacts, [&](SolidContactOutput& o) {
    o.force = r.vec3();
    o.torqueI = r.vec3();
    o.torqueJ = r.vec3();
    o.normalForce = r.number();
    o.frictionForce = r.number();
    o.penetration = r.number();
    o.slipVelocity = r.number();
    o.point = r.vec3();
    o.normal = r.vec3();
    o.points = static_cast<int>(r.number());
  });
  getList(r, f.modal, [&](Vec& v) { v = r.vec(); });
  f.differentials = r.vec();
  f.differentialRates = r.vec();
  f.curveParameters = r.vec();
  f.curveRates = r.vec();
  if (!r.atEnd())
    throw std::runtime_error("result spill file: a frame has trailing bytes");
  return f;
}

FrameSpill::FrameSpill(const std::string& directory)
{
  std::string path = (std::filesystem::path(directory) / "mbstudio-results-XXXXXX").string();
  m_fd = mkstemp(path.data());
  if (m_fd < 0)
    throw std::runtime_error("cannot create a temporary results file in '" + directory +
                             "': " + std::strerror(errno));
  unlink(path.c_str());  // the open descriptor keeps it; nothing is left behind
}

FrameSpill::~FrameSpill()
{
  if (m_fd >= 0)
    close(m_fd);
}

bool FrameSpill::write(const std::deque<ResultFrame>& frames, std::size_t count)
{
  std::string bytes;
  m_pending.clear();
  std::uint64_t end = m_offsets.back();
  for (std::size_t k = 0; k < count && k < frames.size(); ++k) {
    bytes += serializeFrame(frames[k]);
    m_pending.push_back(end + bytes.size());
  }
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = pwrite(m_fd, bytes.data() + done, bytes.size() - done, off_t(end + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      m_pending.clear();
      return false;
    }
    done += std::size_t(n);
  }
  return true;
}

void FrameSpill::publish()
{
  m_offsets.insert(m_offsets.end(), m_pending.begin(), m_pending.end());
  m_pending.clear();
}

std::string FrameSpill::readBytes(std::uint64_t offset, std::uint64_t size) const
{
  std::string bytes(size, '\0');
  std::uint64_t done = 0;
  while (done < size) {
    const ssize_t n = pread(m_fd, bytes.data() + done, size - done, off_t(offset + done));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      throw std::runtime_error(std::string("cannot read the temporary results file: ") +
                               (n < 0 ? std::strerror(errno) : "it is shorter than written"));
    done += std::uint64_t(n);
  }
  return bytes;
}

ResultFrame FrameSpill::read(std::size_t k) const
{
  const std::string bytes = readBytes(m_offsets.at(k), m_offsets.at(k + 1) - m_offsets[k]);
  return deserializeFrame(bytes.data(), bytes.size());
}

void FrameSpill::readRange(std::size_t from, std::size_t to,
                           const std::function<void(const ResultFrame&)>& visit) const
{
  constexpr std::size_t kFramesPerRead = 256;
  for (std::size_t a = from; a < to && a < size(); a += kFramesPerRead) {
    const std::size_t b = std::min({a + kFramesPerRead, to, size()});
    const std::string bytes = readBytes(m_offsets[a], m_offsets[b] - m_offsets[a]);
    for (std::size_t k = a; k < b; ++k)
      visit(deserializeFrame(bytes.data() + (m_offsets[k] - m_offsets[a]), m_offsets[k + 1] - m_offsets[k]));
  }
}

}  // namespace mbs::solver::detail
