#pragma once
// The coordinates of a compiled Model as the solver reports them (State::q of a frame, a linear
// mode's shape): 7 per body (CM position, then Euler parameters e0..e3), then the modal
// coordinates of the flexible bodies. Consumers place bodies at such coordinates through this
// handle (the GUI's mode-shape animation) without seeing the engine's equations.
#include <memory>
#include <vector>

#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"
#include "mbs/solver/Types.hpp"

namespace mbs::solver {

class System;

class ModelCoordinates {
public:
  // The model must be valid (validateModel in Analysis.hpp); throws std::invalid_argument otherwise.
  explicit ModelCoordinates(Model model);
  ~ModelCoordinates();
  ModelCoordinates(const ModelCoordinates&) = delete;
  ModelCoordinates& operator=(const ModelCoordinates&) = delete;

  int numBodies() const;
  int numCoordinates() const;
  // The functions below take q of numCoordinates() entries and throw std::invalid_argument on
  // another size or a body index out of range (a broken contract).
  // Body `body`'s CM position in q.
  Vec3 bodyPosition(int body, const Vec& q) const;
  // Every body's CM position and orientation at q (Euler parameters normalized first, so the
  // picture stays rigid); velocities and accelerations zero.
  std::vector<BodyOutput> bodyPoses(const Vec& q) const;
  // Modal coordinates η of a flexible body within q; empty for a rigid body.
  Vec modalCoordinates(int body, const Vec& q) const;

private:
  std::unique_ptr<const System> m_system;
};

}  // namespace mbs::solver
