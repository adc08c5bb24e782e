// The FMU binary (binaries/linux64/<modelIdentifier>.so of an exported FMU): the FMI 2.0
// Co-Simulation functions over a CoSimulationPlant. Only the fmi2 functions are exported
// (fmi2.map); core and solver are linked in statically. Every function catches everything: a
// failure is a status with its reason given to the logger, never a crash in the host.
#include <cstdarg>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "mbs/fmu/CoSimulationPlant.hpp"
#include "mbs/fmu/Fmi2.hpp"
#include "mbs/fmu/FmuExport.hpp"

#define MBS_FMI2_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

using mbs::fmu::CoSimulationPlant;

enum class Phase { Instantiated, Initialization, StepComplete, Terminated, Error };

struct Instance {
  std::string name;
  fmi2CallbackLogger logger = nullptr;
  fmi2ComponentEnvironment environment = nullptr;
  bool loggingOn = false;
  std::unique_ptr<CoSimulationPlant> plant;
  Phase phase = Phase::Instantiated;

  void log(fmi2Status status, const char* category, const std::string& message) const
  {
    if (!logger)
      return;
    if (status == fmi2OK && !loggingOn)  // (errors and warnings always reach the host)
      return;
    logger(environment, name.c_str(), status, category, "%s", message.c_str());
  }
  fmi2Status fail(const std::string& message)
  {
    log(fmi2Error, "logStatusError", message);
    return fmi2Error;
  }
};

Instance* instance(fmi2Component c)
{
  return static_cast<Instance*>(c);
}

// "file:///a/b", "file:/a/b" or "file://localhost/a/b" (percent-encoded) -> "/a/b".
bool pathFromUri(const std::string& uri, std::string& path)
{
  std::string rest;
  if (uri.rfind("file://localhost/", 0) == 0)
    rest = uri.substr(16);
  else if (uri.rfind("file:///", 0) == 0)
    rest = uri.substr(7);
  else if (uri.rfind("file:/", 0) == 0 && uri.rfind("file://", 0) != 0)
    rest = uri.substr(5);
  else
    return false;
  path.clear();
  for (std::size_t k = 0; k < rest.size(); ++k) {
    if (rest[k] == '%' && k + 2 < rest.size() && std::isxdigit(static_cast<unsigned char>(rest[k + 1])) &&
        std::isxdigit(static_cast<unsigned char>(rest[k + 2]))) {
      path += char(std::stoi(rest.substr(k + 1, 2), nullptr, 16));
      k += 2;
    } else
      path += rest[k];
  }
  return true;
}

// Runs `body` for a live instance; exceptions become fmi2Error with their message.
template <class Body>
fmi2Status guarded(fmi2Component c, const char* function, Body&& body)
{
  Instance* self = instance(c);
  if (!self)
    return fmi2Error;
  try {
    return body(*self);
  } catch (const std::exception& e) {
    return self->fail(std::string(function) + ": internal error: " + e.what());
  } catch (...) {
    return self->fail(std::string(function) + ": internal error");
  }
}

fmi2Status notSupported(fmi2Component c, const char* function, const char* why)
{
  return guarded(c, function, [&](Instance& self) { return self.fail(std::string(function) + ": " + why); });
}

}  // namespace

MBS_FMI2_EXPORT const char* fmi2GetTypesPlatform(void)
{
  return "default";
}
MBS_FMI2_EXPORT const char* fmi2GetVersion(void)
{
  return "2.0";
}

MBS_FMI2_EXPORT fmi2Status fmi2SetDebugLogging(fmi2Component c, fmi2Boolean loggingOn, size_t,
                                               const fmi2String[])
{
  return guarded(c, "fmi2SetDebugLogging", [&](Instance& self) {
    self.loggingOn = loggingOn != fmi2False;
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Component fmi2Instantiate(fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                                              fmi2String fmuResourceLocation,
                                              const fmi2CallbackFunctions* functions, fmi2Boolean,
                                              fmi2Boolean loggingOn)
{
  auto self = std::make_unique<Instance>();
  try {
    self->name = instanceName ? instanceName : "";
    if (functions) {
      self->logger = functions->logger;
      self->environment = functions->componentEnvironment;
    }
    self->loggingOn = loggingOn != fmi2False;
    if (fmuType != fmi2CoSimulation) {
      self->fail("fmi2Instantiate: this FMU is for Co-Simulation only (no Model Exchange)");
      return nullptr;
    }
    std::string resources;
    if (!fmuResourceLocation || !pathFromUri(fmuResourceLocation, resources)) {
      self->fail(std::string("fmi2Instantiate: the resource location '") +
                 (fmuResourceLocation ? fmuResourceLocation : "(null)") +
                 "' is not a file URI (file:///path/to/resources)");
      return nullptr;
    }
    const std::string modelPath = (std::filesystem::path(resources) / mbs::fmu::kFmuModelFile).string();
    std::ifstream in(modelPath, std::ios::binary);
    if (!in) {
      self->fail("fmi2Instantiate: no model file '" + modelPath + "' in the FMU's resources");
      return nullptr;
    }
    std::ostringstream text;
    text << in.rdbuf();
    const std::string guid = mbs::fmu::fmuGuid(text.str());
    if (!fmuGUID || guid != fmuGUID) {
      self->fail(std::string("fmi2Instantiate: GUID ") + (fmuGUID ? fmuGUID : "(null)") +
                 " does not match the model in the resources (" + guid +
                 "): modelDescription.xml and resources/ come from different exports");
      return nullptr;
    }
    std::string error;
    self->plant = CoSimulationPlant::load(modelPath, error);
    if (!self->plant) {
      self->fail("fmi2Instantiate: " + error);
      return nullptr;
    }
    self->log(fmi2OK, "logAll",
              "instantiated from " + modelPath + " with " + std::to_string(self->plant->variables().size()) +
                  " variables");
    return self.release();
  } catch (const std::exception& e) {
    self->fail(std::string("fmi2Instantiate: internal error: ") + e.what());
    return nullptr;
  }
}

MBS_FMI2_EXPORT void fmi2FreeInstance(fmi2Component c)
{
  delete instance(c);
}

MBS_FMI2_EXPORT fmi2Status fmi2SetupExperiment(fmi2Component c, fmi2Boolean, fmi2Real, fmi2Real startTime,
                                               fmi2Boolean, fmi2Real)
{
  return guarded(c, "fmi2SetupExperiment", [&](Instance& self) {
    if (self.phase != Phase::Instantiated)
      return self.fail("fmi2SetupExperiment: only before fmi2EnterInitializationMode");
    // (The tolerance is the model's own: its analysis settings' error tolerance.)
    if (const std::string error = self.plant->setStartTime(startTime); !error.empty())
      return self.fail("fmi2SetupExperiment: " + error);
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2EnterInitializationMode(fmi2Component c)
{
  return guarded(c, "fmi2EnterInitializationMode", [&](Instance& self) {
    if (self.phase != Phase::Instantiated)
      return self.fail("fmi2EnterInitializationMode: only once after fmi2Instantiate or fmi2Reset");
    self.phase = Phase::Initialization;
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2ExitInitializationMode(fmi2Component c)
{
  return guarded(c, "fmi2ExitInitializationMode", [&](Instance& self) {
    if (self.phase != Phase::Initialization)
      return self.fail("fmi2ExitInitializationMode: not in initialization mode");
    if (const std::string error = self.plant->initialize(); !error.empty()) {
      self.phase = Phase::Error;
      return self.fail("fmi2ExitInitializationMode: " + error);
    }
    self.phase = Phase::StepComplete;
    self.log(fmi2OK, "logAll",
             "initial conditions solved at t = " + std::to_string(self.plant->time()) + " s");
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2Terminate(fmi2Component c)
{
  return guarded(c, "fmi2Terminate", [&](Instance& self) {
    self.phase = Phase::Terminated;
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2Reset(fmi2Component c)
{
  return guarded(c, "fmi2Reset", [&](Instance& self) {
    self.plant->reset();
    self.phase = Phase::Instantiated;
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2GetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       fmi2Real value[])
{
  return guarded(c, "fmi2GetReal", [&](Instance& self) {
    if (self.phase == Phase::Error)
      return self.fail("fmi2GetReal: the plant failed before; call fmi2Reset or fmi2FreeInstance");
    if (nvr > 0 && (!vr || !value))
      return self.fail("fmi2GetReal: null array");
    for (size_t k = 0; k < nvr; ++k)
      if (const std::string error = self.plant->getReal(vr[k], value[k]); !error.empty())
        return self.fail("fmi2GetReal: " + error);
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2SetReal(fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                                       const fmi2Real value[])
{
  return guarded(c, "fmi2SetReal", [&](Instance& self) {
    if (self.phase == Phase::Error || self.phase == Phase::Terminated)
      return self.fail("fmi2SetReal: the plant has terminated or failed; call fmi2Reset");
    if (nvr > 0 && (!vr || !value))
      return self.fail("fmi2SetReal: null array");
    for (size_t k = 0; k < nvr; ++k)
      if (const std::string error = self.plant->setReal(vr[k], value[k]); !error.empty())
        return self.fail("fmi2SetReal: " + error);
    return fmi2OK;
  });
}

// The plant has only Real variables.
MBS_FMI2_EXPORT fmi2Status fmi2GetInteger(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                          fmi2Integer[])
{
  return nvr == 0 ? fmi2OK : notSupported(c, "fmi2GetInteger", "the plant has no Integer variables");
}
MBS_FMI2_EXPORT fmi2Status fmi2GetBoolean(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                          fmi2Boolean[])
{
  return nvr == 0 ? fmi2OK : notSupported(c, "fmi2GetBoolean", "the plant has no Boolean variables");
}
MBS_FMI2_EXPORT fmi2Status fmi2GetString(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                         fmi2String[])
{
  return nvr == 0 ? fmi2OK : notSupported(c, "fmi2GetString", "the plant has no String variables");
}
MBS_FMI2_EXPORT fmi2Status fmi2SetInteger(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                          const fmi2Integer[])
{
  return nvr == 0 ? fmi2OK : notSupported(c, "fmi2SetInteger", "the plant has no Integer variables");
}
MBS_FMI2_EXPORT fmi2Status fmi2SetBoolean(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                          const fmi2Boolean[])
{
  return nvr == 0 ? fmi2OK : notSupported(c, "fmi2SetBoolean", "the plant has no Boolean variables");
}
MBS_FMI2_EXPORT fmi2Status fmi2SetString(fmi2Component c, const fmi2ValueReference[], size_t nvr,
                                         const fmi2String[])
{
  return nvr == 0 ? fmi2OK : notSupported(c, "fmi2SetString", "the plant has no String variables");
}

// No FMU state (canGetAndSetFMUstate="false"): a step cannot be taken back.
MBS_FMI2_EXPORT fmi2Status fmi2GetFMUstate(fmi2Component c, fmi2FMUstate*)
{
  return notSupported(c, "fmi2GetFMUstate", "not supported (canGetAndSetFMUstate=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2SetFMUstate(fmi2Component c, fmi2FMUstate)
{
  return notSupported(c, "fmi2SetFMUstate", "not supported (canGetAndSetFMUstate=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2FreeFMUstate(fmi2Component c, fmi2FMUstate*)
{
  return notSupported(c, "fmi2FreeFMUstate", "not supported (canGetAndSetFMUstate=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2SerializedFMUstateSize(fmi2Component c, fmi2FMUstate, size_t*)
{
  return notSupported(c, "fmi2SerializedFMUstateSize", "not supported (canSerializeFMUstate=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2SerializeFMUstate(fmi2Component c, fmi2FMUstate, fmi2Byte[], size_t)
{
  return notSupported(c, "fmi2SerializeFMUstate", "not supported (canSerializeFMUstate=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2DeSerializeFMUstate(fmi2Component c, const fmi2Byte[], size_t, fmi2FMUstate*)
{
  return notSupported(c, "fmi2DeSerializeFMUstate", "not supported (canSerializeFMUstate=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2GetDirectionalDerivative(fmi2Component c, const fmi2ValueReference[], size_t,
                                                        const fmi2ValueReference[], size_t, const fmi2Real[],
                                                        fmi2Real[])
{
  return notSupported(c, "fmi2GetDirectionalDerivative",
                      "not supported (providesDirectionalDerivative=\"false\")");
}
MBS_FMI2_EXPORT fmi2Status fmi2SetRealInputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t,
                                                       const fmi2Integer[], const fmi2Real[])
{
  return notSupported(c, "fmi2SetRealInputDerivatives",
                      "not supported (canInterpolateInputs=\"false\": inputs are held constant over a step)");
}
MBS_FMI2_EXPORT fmi2Status fmi2GetRealOutputDerivatives(fmi2Component c, const fmi2ValueReference[], size_t,
                                                        const fmi2Integer[], fmi2Real[])
{
  return notSupported(c, "fmi2GetRealOutputDerivatives", "not supported (maxOutputDerivativeOrder=\"0\")");
}

MBS_FMI2_EXPORT fmi2Status fmi2DoStep(fmi2Component c, fmi2Real currentCommunicationPoint,
                                      fmi2Real communicationStepSize, fmi2Boolean)
{
  return guarded(c, "fmi2DoStep", [&](Instance& self) {
    if (self.phase == Phase::Terminated && !self.plant->ended().empty())
      return self.fail("fmi2DoStep: the run has ended: " + self.plant->ended());
    if (self.phase != Phase::StepComplete)
      return self.fail(self.phase == Phase::Error
                           ? "fmi2DoStep: a previous step failed; call fmi2Reset or fmi2FreeInstance"
                           : "fmi2DoStep: only after fmi2ExitInitializationMode and before fmi2Terminate");
    if (const std::string error = self.plant->doStep(currentCommunicationPoint, communicationStepSize);
        !error.empty()) {
      // (The plant stays at its last good state, but FMI's fmi2Error ends the instance's run.)
      self.phase = Phase::Error;
      return self.fail("fmi2DoStep: " + error);
    }
    if (!self.plant->ended().empty()) {
      // Done only up to the firing (fmi2GetRealStatus(fmi2LastSuccessfulTime) says when); the
      // slave asks to end (fmi2GetBooleanStatus(fmi2Terminated) is true), its outputs readable.
      self.phase = Phase::Terminated;
      self.log(fmi2Discard, "logStatusDiscard", "fmi2DoStep: " + self.plant->ended());
      return fmi2Discard;
    }
    self.log(fmi2OK, "logAll", "step to t = " + std::to_string(self.plant->time()) + " s");
    return fmi2OK;
  });
}

MBS_FMI2_EXPORT fmi2Status fmi2CancelStep(fmi2Component c)
{
  return notSupported(c, "fmi2CancelStep", "steps run synchronously (canRunAsynchronuously=\"false\")");
}

MBS_FMI2_EXPORT fmi2Status fmi2GetStatus(fmi2Component c, const fmi2StatusKind, fmi2Status*)
{
  return notSupported(c, "fmi2GetStatus", "steps run synchronously: there is no pending status");
}
MBS_FMI2_EXPORT fmi2Status fmi2GetRealStatus(fmi2Component c, const fmi2StatusKind kind, fmi2Real* value)
{
  return guarded(c, "fmi2GetRealStatus", [&](Instance& self) {
    if (kind != fmi2LastSuccessfulTime || !value)
      return self.fail("fmi2GetRealStatus: only fmi2LastSuccessfulTime is available");
    *value = self.plant->time();
    return fmi2OK;
  });
}
MBS_FMI2_EXPORT fmi2Status fmi2GetIntegerStatus(fmi2Component c, const fmi2StatusKind, fmi2Integer*)
{
  return notSupported(c, "fmi2GetIntegerStatus", "no integer status");
}
MBS_FMI2_EXPORT fmi2Status fmi2GetBooleanStatus(fmi2Component c, const fmi2StatusKind kind,
                                                fmi2Boolean* value)
{
  return guarded(c, "fmi2GetBooleanStatus", [&](Instance& self) {
    if (kind != fmi2Terminated || !value)
      return self.fail("fmi2GetBooleanStatus: only fmi2Terminated is available");
    *value = self.phase == Phase::Terminated ? fmi2True : fmi2False;
    return fmi2OK;
  });
}
MBS_FMI2_EXPORT fmi2Status fmi2GetStringStatus(fmi2Component c, const fmi2StatusKind, fmi2String*)
{
  return notSupported(c, "fmi2GetStringStatus", "no string status");
}
