#pragma once
// The record of a dynamic run's delayed signals (Adams' DELAY; Model::recordedSignals): each
// signal's value at the accepted state that starts every step. It lives in the run's history
// (loads::History::signals) and is recorded by System::startStep, which the integrators call once
// per step from the accepted state; a step retried from an earlier state (a rejected step, a
// restart) drops what was recorded at or after its start, so no rejected trial ever enters it.
// DELAY reads it through solver::recordedValue, which finds the record of the run in progress on
// its thread (ScopedSignalRecord, held by the run for its lifetime, as ScopedAnalysisMode is).
#include <limits>
#include <vector>

#include "mbs/solver/Model.hpp"

namespace mbs::solver::loads {

struct SignalRecord {
  std::vector<const RecordedSignal*> signals;  // Model::recordedSignals, in order
  std::vector<double> times;                   // ascending
  std::vector<std::vector<double>> values;     // per signal, one per time

  // Records every signal of `model` at (t, q, q̇), first dropping the times at or after t.
  void record(const Model& model, double t, const Vec& q, const Vec& qd);
  // The longest step the next may take: the smallest delay looked back since the last call
  // (solver::noteDelay; infinity: none), then forgotten.
  double takeStepLimit();

  mutable double smallestDelay = std::numeric_limits<double>::infinity();
};

// Makes `record` the one recordedValue reads on this thread for its lifetime (restoring the one
// before; null: none).
class ScopedSignalRecord {
public:
  explicit ScopedSignalRecord(const SignalRecord* record);
  ~ScopedSignalRecord();
  ScopedSignalRecord(const ScopedSignalRecord&) = delete;
  ScopedSignalRecord& operator=(const ScopedSignalRecord&) = delete;

private:
  const SignalRecord* m_previous;
};

namespace detail {
// Adams' DELAY interpolation in (times, values) at s (docs/solver-notes.md, "DELAY"): the points
// nearest to s, at most order + 1, within the smooth piece around s (no jump larger than `jump`
// between neighbours, no corner whose secants turn by more than `corner`); linear across a jump.
double interpolateSignal(const std::vector<double>& times, const std::vector<double>& values, double s,
                         int order = 6, double jump = 0.5, double corner = 0.39269908169872414);
}  // namespace detail

}  // namespace mbs::solver::loads
