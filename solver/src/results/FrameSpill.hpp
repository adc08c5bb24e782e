#pragma once
// The on-disk part of a ResultStore with a spill directory (ResultStore::setSpill): frames written
// in chunks to an unlinked temporary file (it disappears when the store closes it or the process
// ends, also after a crash), read back on demand with pread, so that readers on other threads need
// no file position. Memory per spilled frame: its 8-byte offset.
#include <cstdint>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "mbs/solver/Results.hpp"

namespace mbs::solver::detail {

class FrameSpill {
public:
  // A new temporary file in `directory`; throws std::runtime_error naming the folder and the reason.
  explicit FrameSpill(const std::string& directory);
  ~FrameSpill();
  FrameSpill(const FrameSpill&) = delete;
  FrameSpill& operator=(const FrameSpill&) = delete;

  // Writer: appends frames[0 .. count) to the file; false (nothing recorded) if it cannot be written.
  bool write(const std::deque<ResultFrame>& frames, std::size_t count);
  // Writer, under the store's exclusive lock: makes the frames of the last write() readable.
  void publish();

  std::size_t size() const { return m_offsets.size() - 1; }  // frames readable
  std::uint64_t bytes() const { return m_offsets.back(); }
  // Readers (any thread, under the store's shared lock): frame k < size(), or frames [from, to)
  // in order, read a chunk at a time.
  ResultFrame read(std::size_t k) const;
  void readRange(std::size_t from, std::size_t to,
                 const std::function<void(const ResultFrame&)>& visit) const;

private:
  std::string readBytes(std::uint64_t offset, std::uint64_t size) const;

  int m_fd = -1;
  std::vector<std::uint64_t> m_offsets{0};  // frame k is [m_offsets[k], m_offsets[k + 1])
  std::vector<std::uint64_t> m_pending;     // ends of the frames written but not yet published
};

// A frame as bytes and back (every field; the format is private to this file).
std::string serializeFrame(const ResultFrame& frame);
ResultFrame deserializeFrame(const char* data, std::size_t size);

}  // namespace mbs::solver::detail
