#pragma once
// Files that are replaced whole or not at all: the text goes to a temporary file in the target's
// folder (the same file system) and then replaces the target by rename, so a failed or interrupted
// write never truncates the previous file and a reader never sees half of it. Model saving, the
// design-study files, --out, --export-adm and the GUI's exports all write this way.
#include <fstream>
#include <optional>
#include <string>
#include <string_view>

namespace mbs::core {

// Returns the error message (naming the path), nullopt on success.
std::optional<std::string> writeFileAtomically(const std::string& path, std::string_view text);

// The same for a file written piece by piece (a result CSV streamed while the run goes on).
class AtomicFileWriter {
public:
  // temporaryPath: where the text is written until commit() (default: "<path>.tmp<pid>").
  explicit AtomicFileWriter(std::string path, std::string temporaryPath = {});
  ~AtomicFileWriter();  // not committed: the temporary file is removed unless keepTemporary()
  AtomicFileWriter(const AtomicFileWriter&) = delete;
  AtomicFileWriter& operator=(const AtomicFileWriter&) = delete;

  bool isOpen() const { return m_out.is_open(); }
  std::ostream& stream() { return m_out; }
  const std::string& path() const { return m_path; }
  const std::string& temporaryPath() const { return m_temporary; }
  // Flushes, closes and renames the temporary file onto the path; the error message on failure.
  std::optional<std::string> commit();
  void keepTemporary() { m_keep = true; }

private:
  std::string m_path, m_temporary;
  std::ofstream m_out;
  bool m_done = false, m_keep = false;
};

}  // namespace mbs::core
