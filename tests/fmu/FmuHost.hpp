#pragma once
// A minimal FMI 2.0 Co-Simulation host for the tests: unzips an FMU (minizip), dlopens its
// binaries/linux64/<modelIdentifier>.so and looks the fmi2 functions up by their standard names,
// as any FMI tool does. Logger messages are collected per host.
#include <dlfcn.h>
#include <unzip.h>

#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "mbs/fmu/Fmi2.hpp"

namespace mbs::fmu::test {

// Extracts every entry of `zipPath` below `dir`; false when the archive cannot be read.
inline bool unzipAll(const std::string& zipPath, const std::filesystem::path& dir)
{
  unzFile zip = unzOpen64(zipPath.c_str());
  if (!zip)
    return false;
  bool ok = unzGoToFirstFile(zip) == UNZ_OK;
  while (ok) {
    char name[1024];
    unz_file_info64 info;
    if (unzGetCurrentFileInfo64(zip, &info, name, sizeof name, nullptr, 0, nullptr, 0) != UNZ_OK ||
        unzOpenCurrentFile(zip) != UNZ_OK) {
      ok = false;
      break;
    }
    const std::filesystem::path target = dir / name;
    std::filesystem::create_directories(target.parent_path());
    std::ofstream out(target, std::ios::binary);
    char buffer[65536];
    int n = 0;
    while ((n = unzReadCurrentFile(zip, buffer, sizeof buffer)) > 0)
      out.write(buffer, n);
    unzCloseCurrentFile(zip);
    if (n < 0 || !out) {
      ok = false;
      break;
    }
    const int next = unzGoToNextFile(zip);
    if (next == UNZ_END_OF_LIST_OF_FILE)
      break;
    ok = next == UNZ_OK;
  }
  unzClose(zip);
  return ok;
}

inline void collectMessage(fmi2ComponentEnvironment env, fmi2String, fmi2Status status, fmi2String category,
                           fmi2String message, ...)
{
  char text[4096];
  va_list args;
  va_start(args, message);
  std::vsnprintf(text, sizeof text, message, args);
  va_end(args);
  static_cast<std::vector<std::string>*>(env)->push_back(std::string(category ? category : "") + ": " + text +
                                                         (status >= fmi2Error ? " [error]" : ""));
}

struct FmuHost {
  std::filesystem::path dir;  // where the FMU was unzipped
  void* library = nullptr;
  std::vector<std::string> messages;
  fmi2CallbackFunctions callbacks{collectMessage, nullptr, nullptr, nullptr, &messages};

  fmi2InstantiateTYPE* instantiate = nullptr;
  fmi2FreeInstanceTYPE* freeInstance = nullptr;
  fmi2SetupExperimentTYPE* setupExperiment = nullptr;
  fmi2EnterInitializationModeTYPE* enterInitializationMode = nullptr;
  fmi2ExitInitializationModeTYPE* exitInitializationMode = nullptr;
  fmi2TerminateTYPE* terminate = nullptr;
  fmi2ResetTYPE* reset = nullptr;
  fmi2GetRealTYPE* getReal = nullptr;
  fmi2SetRealTYPE* setReal = nullptr;
  fmi2DoStepTYPE* doStep = nullptr;
  fmi2GetFMUstateTYPE* getFMUstate = nullptr;
  fmi2GetVersionTYPE* getVersion = nullptr;
  fmi2GetRealStatusTYPE* getRealStatus = nullptr;
  fmi2GetBooleanStatusTYPE* getBooleanStatus = nullptr;

  // Unzips `fmuPath` into `into` and loads binaries/linux64/<modelIdentifier>.so.
  FmuHost(const std::string& fmuPath, const std::filesystem::path& into, const std::string& modelIdentifier)
      : dir(into)
  {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    if (!unzipAll(fmuPath, dir))
      throw std::runtime_error("cannot unzip " + fmuPath);
    const std::string so = (dir / "binaries" / "linux64" / (modelIdentifier + ".so")).string();
    library = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!library)
      throw std::runtime_error(std::string("dlopen: ") + dlerror());
    load(instantiate, "fmi2Instantiate");
    load(freeInstance, "fmi2FreeInstance");
    load(setupExperiment, "fmi2SetupExperiment");
    load(enterInitializationMode, "fmi2EnterInitializationMode");
    load(exitInitializationMode, "fmi2ExitInitializationMode");
    load(terminate, "fmi2Terminate");
    load(reset, "fmi2Reset");
    load(getReal, "fmi2GetReal");
    load(setReal, "fmi2SetReal");
    load(doStep, "fmi2DoStep");
    load(getFMUstate, "fmi2GetFMUstate");
    load(getVersion, "fmi2GetVersion");
    load(getRealStatus, "fmi2GetRealStatus");
    load(getBooleanStatus, "fmi2GetBooleanStatus");
  }
  ~FmuHost()
  {
    if (library)
      dlclose(library);
  }
  FmuHost(const FmuHost&) = delete;
  FmuHost& operator=(const FmuHost&) = delete;

  std::string resourceUri() const { return "file://" + (dir / "resources").string(); }
  std::string allMessages() const
  {
    std::string out;
    for (const auto& m : messages)
      out += m + "\n";
    return out;
  }
  bool logged(const std::string& text) const
  {
    for (const auto& m : messages)
      if (m.find(text) != std::string::npos)
        return true;
    return false;
  }

private:
  template <class F>
  void load(F*& function, const char* name)
  {
    function = reinterpret_cast<F*>(dlsym(library, name));
    if (!function)
      throw std::runtime_error(std::string("the FMU binary does not export ") + name);
  }
};

}  // namespace mbs::fmu::test
