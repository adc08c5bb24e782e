#pragma once
// Results of a time-domain analysis: one frame per output time. Single writer (the analysis on
// its worker thread) and any number of concurrent readers (plots, animation) while the run goes
// on: frames are append-only and published under a lock, so a reader always sees whole frames.
#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <shared_mutex>
#include <string>
#include <vector>

#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"
#include "mbs/solver/State.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver {

namespace detail {
class FrameSpill;  // results/FrameSpill.hpp
}

// Names of the entities whose outputs each frame holds (same order as in the Model).
struct ResultLayout {
  std::vector<std::string> bodies, joints, motions, forces;
  std::vector<std::string> frictionJoints;   // joints with friction, in Model order
  std::vector<std::string> clearanceJoints;  // joints with radial clearance, in Model order
  std::vector<std::string> contacts;         // Model::contacts, in Model order
  // Flexible bodies (Model order) and their number of modal coordinates.
  std::vector<std::string> flexibleBodies;
  std::vector<int> flexibleModeCounts;
  // Nodal displacement outputs of flexible bodies (FlexibleBodyData::nodeOutputs, Model order):
  // "<body>.<output>", the index into flexibleBodies and the 3 x m map from η (body frame).
  struct NodeOutput {
    std::string name;
    int flexibleBody = 0;
    Mat shapes;
  };
  std::vector<NodeOutput> nodeOutputs;
  std::vector<std::string> differentials;  // Model::differentials (Adams DIFF), in Model order
  // The curve parameters of point-to-curve (PTCV: "<joint>.alpha") and curve-to-curve joints
  // (CVCV: "<joint>.alpha" on I's curve, "<joint>.beta" on J's), in Model order.
  std::vector<std::string> curveParameters;
  static ResultLayout fromModel(const Model& model);
};

struct ResultFrame {
  State state;  // t, q, q̇, q̈, λ (λ of all constraint rows of the absolute equations)
  std::vector<BodyOutput> bodies;
  std::vector<Reaction> joints;  // on the I marker's body, at the I marker, ground frame
  std::vector<Reaction> motions;
  std::vector<ForceOutput> forces;
  std::vector<FrictionOutput> friction;      // one per joint with friction (ResultLayout::frictionJoints)
  std::vector<ClearanceOutput> clearance;    // one per clearance joint (ResultLayout::clearanceJoints)
  std::vector<SolidContactOutput> contacts;  // one per Model::contacts entry
  // Modal coordinates η of each flexible body (ResultLayout::flexibleBodies); nodal displacements
  // are FlexibleBodyData::nodalShapes · η.
  std::vector<Vec> modal;
  // First-order states (ResultLayout::differentials): each DIFF's value x and its derivative ẋ = f.
  Vec differentials, differentialRates;
  // The curve parameters of ResultLayout::curveParameters (a contact point's α, a CVCV's α and β)
  // and their rates.
  Vec curveParameters, curveRates;
};

class ResultStore {
public:
  // Called on the writer's thread with every frame as it is appended (e.g. mbsolve streams it to
  // the CSV), before the frame is published to readers.
  using FrameSink = std::function<void(const ResultFrame&)>;

  // Set up before the run (reset() keeps both): the sink, and how many of the most recent frames
  // stay in memory (0 = all). With a bound, memory does not grow with the run's length: older
  // frames are dropped, indices stay those of the whole run and frame(i) needs firstIndex() <= i.
  void setSink(FrameSink sink);
  void setRetention(size_t frames);
  // Or keep every frame readable with bounded memory: past the newest `residentFrames` (plus one
  // chunk of 1024 being gathered), frames go in chunks to an unlinked temporary file in `directory`
  // (gone when the store is, also after a crash) and frame(), series() and times() read them back;
  // memory then holds 8 bytes per older frame. Not with a retention bound. If the file cannot be
  // created or written (a full disk), the frames stay in memory and spillError() says why.
  void setSpill(std::string directory, size_t residentFrames = 4096);
  size_t spilledFrames() const;   // frames on disk now
  size_t residentFrames() const;  // frames in memory now
  std::string spillError() const;

  // Writer: starts a new run (drops old frames).
  void reset(ResultLayout layout);
  // Writer: publishes one more frame.
  void append(ResultFrame frame);
  // Writer: marks the run finished with its final status.
  void finish(const Status& status);

  // Readers (any thread).
  size_t size() const { return m_count.load(std::memory_order_acquire); }
  bool finished() const { return m_finished.load(std::memory_order_acquire); }
  Status finalStatus() const;
  ResultLayout layout() const;
  ResultFrame frame(size_t index) const;  // copy; firstIndex() <= index < size()
  size_t firstIndex() const;              // the oldest frame still held (0 without a retention bound)
  std::vector<double> times() const;
  // One scalar per frame in [from, size()), e.g. [](const ResultFrame& f) { return f.bodies[0].position.z();
  // }
  std::vector<double> series(const std::function<double(const ResultFrame&)>& value, size_t from = 0) const;

private:
  mutable std::shared_mutex m_mutex;
  ResultLayout m_layout;
  std::deque<ResultFrame> m_frames;  // deque: appending never moves existing frames
  size_t m_first = 0;                // run index of m_frames.front()
  size_t m_retention = 0;
  std::string m_spillDirectory;
  size_t m_spillResident = 0;
  std::shared_ptr<detail::FrameSpill> m_spill;  // frames [0, m_first) when set
  std::string m_spillError;
  FrameSink m_sink;
  std::atomic<size_t> m_count{0};
  std::atomic<bool> m_finished{false};
  Status m_status;
};

}  // namespace mbs::solver
