#pragma once
// RAII ownership of the Gmsh SDK: Gmsh keeps one global model, so a session initializes it,
// holds a process-wide lock for its lifetime (two meshings never overlap) and finalizes it.
#include <mutex>
#include <string>

namespace mbs::mesh {

class GmshSession {
public:
  explicit GmshSession(const std::string& modelName);
  ~GmshSession();
  GmshSession(const GmshSession&) = delete;
  GmshSession& operator=(const GmshSession&) = delete;

  // Last error logged by Gmsh (empty when none).
  std::string lastError() const;

private:
  // The lock lives in the implementation because it guards Gmsh's own global state.
  static std::mutex& gmshMutex();
  std::unique_lock<std::mutex> m_lock;
};

}  // namespace mbs::mesh
