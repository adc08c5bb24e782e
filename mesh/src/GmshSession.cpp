#include "mbs/mesh/GmshSession.hpp"

#include <gmsh.h>

namespace mbs::mesh {

std::mutex& GmshSession::gmshMutex()
{
  static std::mutex mutex;
  return mutex;
}

GmshSession::GmshSession(const std::string& modelName) : m_lock(gmshMutex())
{
  // No config files: results must not depend on the user's ~/.gmshrc.
  gmsh::initialize(0, nullptr, false);
  gmsh::option::setNumber("General.Terminal", 0);
  gmsh::option::setNumber("General.Verbosity", 2);
  gmsh::logger::start();
  gmsh::model::add(modelName.empty() ? std::string("mbs") : modelName);
}

GmshSession::~GmshSession()
{
  try {
    gmsh::logger::stop();
    gmsh::finalize();
  } catch (...) {
    // finalize must not throw out of a destructor; Gmsh is reinitialized by the next session.
  }
}

std::string GmshSession::lastError() const
{
  std::string error;
  try {
    gmsh::logger::getLastError(error);
  } catch (...) {
    error.clear();
  }
  return error;
}

}  // namespace mbs::mesh
