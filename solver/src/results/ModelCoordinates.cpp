#include "mbs/solver/ModelCoordinates.hpp"

#include <stdexcept>
#include <string>

#include "System.hpp"

namespace mbs::solver {

ModelCoordinates::ModelCoordinates(Model model) : m_system(std::make_unique<const System>(std::move(model)))
{
}

ModelCoordinates::~ModelCoordinates() = default;

int ModelCoordinates::numBodies() const
{
  return m_system->numBodies();
}

int ModelCoordinates::numCoordinates() const
{
  return m_system->numCoordinates();
}

namespace {

void checkSize(const System& system, const Vec& q)
{
  if (q.size() != system.numCoordinates())
    throw std::invalid_argument("ModelCoordinates: q has " + std::to_string(q.size()) +
                                " entries, the model " + std::to_string(system.numCoordinates()));
}

void checkBody(const System& system, int body, const Vec& q)
{
  checkSize(system, q);
  if (body < 0 || body >= system.numBodies())
    throw std::invalid_argument("ModelCoordinates: no body " + std::to_string(body));
}

}  // namespace

Vec3 ModelCoordinates::bodyPosition(int body, const Vec& q) const
{
  checkBody(*m_system, body, q);
  return q.segment<3>(System::kCoordinatesPerBody * body);
}

std::vector<BodyOutput> ModelCoordinates::bodyPoses(const Vec& q) const
{
  checkSize(*m_system, q);
  Vec normalized = q;
  m_system->normalize(normalized);
  const Vec zero = Vec::Zero(q.size());
  std::vector<BodyOutput> poses;
  poses.reserve(m_system->numBodies());
  for (int b = 0; b < m_system->numBodies(); ++b)
    poses.push_back(m_system->bodyOutput(b, normalized, zero, zero));
  return poses;
}

Vec ModelCoordinates::modalCoordinates(int body, const Vec& q) const
{
  checkBody(*m_system, body, q);
  const int offset = m_system->modalOffset(body);
  return offset < 0 ? Vec() : Vec(q.segment(offset, m_system->modeCount(body)));
}

}  // namespace mbs::solver
