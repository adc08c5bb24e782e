#include "StopSignals.hpp"

#include <csignal>

namespace mbs::app {
namespace {

volatile std::sig_atomic_t g_stopSignal = 0;
volatile std::sig_atomic_t g_secondInterruptEndsAtOnce = 0;

// Records the first signal. Only a second Ctrl-C ends mbsolve at once: a SIGTERM often comes
// twice (`timeout` signals the process and then its process group), and the second must not
// kill a run that is writing its frames.
extern "C" void onStopSignal(int signal)
{
  if (signal == SIGINT && g_stopSignal == SIGINT && g_secondInterruptEndsAtOnce) {
    std::signal(SIGINT, SIG_DFL);
    std::raise(SIGINT);
    return;
  }
  if (g_stopSignal == 0)
    g_stopSignal = signal;
}

}  // namespace

void catchStopSignals(bool secondInterruptEndsAtOnce)
{
  g_secondInterruptEndsAtOnce = secondInterruptEndsAtOnce;
  struct sigaction action {};
  action.sa_handler = onStopSignal;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

int stopSignal()
{
  return g_stopSignal;
}

const char* signalName(int signal)
{
  return signal == SIGINT ? "SIGINT" : signal == SIGTERM ? "SIGTERM" : "a signal";
}

}  // namespace mbs::app
