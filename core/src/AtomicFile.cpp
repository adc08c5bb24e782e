#include "mbs/core/AtomicFile.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace mbs::core {

AtomicFileWriter::AtomicFileWriter(std::string path, std::string temporaryPath)
    : m_path(std::move(path)),
      m_temporary(temporaryPath.empty() ? m_path + ".tmp" + std::to_string(::getpid())
                                        : std::move(temporaryPath))
{
  m_out.open(m_temporary, std::ios::binary | std::ios::trunc);
}

AtomicFileWriter::~AtomicFileWriter()
{
  if (!m_done && !m_keep) {
    m_out.close();
    std::remove(m_temporary.c_str());
  }
}

std::optional<std::string> AtomicFileWriter::commit()
{
  m_done = true;
  if (!m_out.is_open()) {
    std::remove(m_temporary.c_str());
    return "cannot open '" + m_temporary + "' for writing (to replace '" + m_path +
           "'): " + std::strerror(errno);
  }
  m_out.flush();
  const bool written = bool(m_out);
  m_out.close();
  if (!written || m_out.fail()) {
    std::remove(m_temporary.c_str());
    return "error while writing '" + m_path + "' (disk full?); the previous file is unchanged";
  }
  if (std::rename(m_temporary.c_str(), m_path.c_str()) != 0) {
    const std::string reason = std::strerror(errno);
    std::remove(m_temporary.c_str());
    return "cannot replace '" + m_path + "': " + reason;
  }
  return std::nullopt;
}

std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view text)
{
  AtomicFileWriter writer(path);
  if (writer.isOpen())
    writer.stream().write(text.data(), std::streamsize(text.size()));
  return writer.commit();
}

}  // namespace mbs::core
