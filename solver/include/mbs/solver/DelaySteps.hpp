#pragma once
// Step control of Adams' DELAY (Functions.hpp, RecordedSignal and recordedValue).

namespace mbs::solver {

// A DELAY of a recorded signal looked back `delay` (> 0) in the run in progress on this thread (none:
// nothing): the run keeps its steps no longer than the smallest delay seen, so that the delayed value
// is read from accepted steps (the method of steps) and a step never spans a delay's propagated
// derivative jumps unseen. Called for every evaluation, before the start too.
void noteDelay(double delay);

}  // namespace mbs::solver
