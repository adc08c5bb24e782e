#include "mbs/solver/Results.hpp"

#include "results/FrameSpill.hpp"

#include <algorithm>
#include <mutex>
#include <stdexcept>

namespace mbs::solver {

ResultLayout ResultLayout::fromModel(const Model& model)
{
  ResultLayout layout;
  for (const auto& b : model.bodies)
    layout.bodies.push_back(b.name);
  for (const auto& j : model.joints) {
    layout.joints.push_back(j.name);
    if (j.friction && j.friction->active())
      layout.frictionJoints.push_back(j.name);
    if (j.clearance)
      layout.clearanceJoints.push_back(j.name);
  }
  for (const auto& m : model.motions)
    layout.motions.push_back(m.name);
  for (const auto& f : model.forces)
    layout.forces.push_back(f.name);
  for (const auto& c : model.contacts)
    layout.contacts.push_back(c.name);
  for (const auto& b : model.bodies)
    if (b.flexible) {
      layout.flexibleBodies.push_back(b.name);
      layout.flexibleModeCounts.push_back(b.flexible->modeCount());
      for (int k = 0; k < static_cast<int>(b.flexible->nodeOutputs.size()); ++k)
        layout.nodeOutputs.push_back({b.name + "." + b.flexible->nodeOutputs[k].name,
                                      static_cast<int>(layout.flexibleBodies.size()) - 1,
                                      b.flexible->nodeOutputShapes(k)});
    }
  for (const auto& d : model.differentials)
    layout.differentials.push_back(d.name);
  for (const auto& j : model.joints) {
    if (curveParameterCount(j.type) > 0)
      layout.curveParameters.push_back(j.name + ".alpha");
    if (curveParameterCount(j.type) > 1)
      layout.curveParameters.push_back(j.name + ".beta");
  }
  return layout;
}

void ResultStore::setSink(FrameSink sink)
{
  std::unique_lock lock(m_mutex);
  m_sink = std::move(sink);
}

void ResultStore::setRetention(size_t frames)
{
  std::unique_lock lock(m_mutex);
  m_retention = frames;
}

void ResultStore::setSpill(std::string directory, size_t residentFrames)
{
  std::unique_lock lock(m_mutex);
  m_spillDirectory = std::move(directory);
  m_spillResident = std::max<size_t>(residentFrames, 1);
}

size_t ResultStore::spilledFrames() const
{
  std::shared_lock lock(m_mutex);
  return m_spill ? m_spill->size() : 0;
}

size_t ResultStore::residentFrames() const
{
  std::shared_lock lock(m_mutex);
  return m_frames.size();
}

std::string ResultStore::spillError() const
{
  std::shared_lock lock(m_mutex);
  return m_spillError;
}

void ResultStore::reset(ResultLayout layout)
{
  std::unique_lock lock(m_mutex);
  m_layout = std::move(layout);
  m_frames.clear();
  m_spill.reset();
  m_spillError.clear();
  m_first = 0;
  m_status = Status::success();
  m_count.store(0, std::memory_order_release);
  m_finished.store(false, std::memory_order_release);
}

void ResultStore::append(ResultFrame frame)
{
  if (m_sink)  // the writer's own thread: readers only ever take the lock shared
    m_sink(frame);
  std::unique_lock lock(m_mutex);
  m_frames.push_back(std::move(frame));
  while (m_retention > 0 && m_frames.size() > m_retention) {
    m_frames.pop_front();
    ++m_first;
  }
  m_count.store(m_first + m_frames.size(), std::memory_order_release);
  constexpr size_t kChunk = 1024;
  if (m_retention > 0 || m_spillDirectory.empty() || !m_spillError.empty() ||
      m_frames.size() < m_spillResident + kChunk)
    return;
  if (!m_spill) {
    try {
      m_spill = std::make_shared<detail::FrameSpill>(m_spillDirectory);
    } catch (const std::exception& e) {
      m_spillError = e.what();
      return;
    }
  }
  // The oldest chunk goes to the file without the lock (readers only read m_frames, and only this
  // writer changes it), then becomes readable there as it leaves memory.
  lock.unlock();
  const bool written = m_spill->write(m_frames, kChunk);
  lock.lock();
  if (!written) {
    m_spillError = "cannot write the temporary results file in '" + m_spillDirectory +
                   "' (is the disk full?): the frames stay in memory";
    return;
  }
  m_spill->publish();
  m_frames.erase(m_frames.begin(), m_frames.begin() + kChunk);
  m_first += kChunk;
}

void ResultStore::finish(const Status& status)
{
  std::unique_lock lock(m_mutex);
  m_status = status;
  m_finished.store(true, std::memory_order_release);
}

Status ResultStore::finalStatus() const
{
  std::shared_lock lock(m_mutex);
  return m_status;
}

ResultLayout ResultStore::layout() const
{
  std::shared_lock lock(m_mutex);
  return m_layout;
}

ResultFrame ResultStore::frame(size_t index) const
{
  std::shared_lock lock(m_mutex);
  if (m_spill && index < m_first)
    return m_spill->read(index);
  if (index < m_first || index - m_first >= m_frames.size())
    throw std::out_of_range("ResultStore::frame: index outside the frames held");
  return m_frames[index - m_first];
}

size_t ResultStore::firstIndex() const
{
  std::shared_lock lock(m_mutex);
  return m_spill ? 0 : m_first;
}

std::vector<double> ResultStore::times() const
{
  return series([](const ResultFrame& f) { return f.state.t; });
}

std::vector<double> ResultStore::series(const std::function<double(const ResultFrame&)>& value,
                                        size_t from) const
{
  std::shared_lock lock(m_mutex);
  std::vector<double> out;
  if (m_spill && from < m_first) {
    out.reserve(m_first + m_frames.size() - from);
    m_spill->readRange(from, m_first, [&](const ResultFrame& f) { out.push_back(value(f)); });
  }
  for (size_t i = std::max(from, m_first) - m_first; i < m_frames.size(); ++i)
    out.push_back(value(m_frames[i]));
  return out;
}

}  // namespace mbs::solver
