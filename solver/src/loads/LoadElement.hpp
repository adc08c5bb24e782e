#pragma once
// Everything that loads the bodies is a load element: force elements (spring-dampers, bushings,
// SFORCE/GFORCE functions), joint friction, clearance contacts, the elastic and damping forces of
// flexible bodies — and what comes next (solid contact, beams, system elements). An element knows
// its own forces, their Jacobians, its power for the energy account, its step control, its
// history between steps, its outputs and the checks of its input. The equations it loads (System,
// or a joint-coordinate formulation evaluating on body states) own the coordinates, constraints
// and masses and sum the elements; an element never includes System.hpp but sees them through
// loads::Host. Anchors: Simbody's ForceImpl (calcForce, calcPotentialEnergy, realize*) and
// Chrono's ChPhysicsItem (IntLoadResidual_F, KRMmatricesLoad, per-item state).
//
// Adding an element (docs/developer-guide.md, "Adding a force"): one class derived from
// loads::Element in its own file with the static members `validate` and `build` (see
// loads::Family), and one line in the family table of solver/src/loads/Registry.cpp.
//
// Sign and layout conventions: Q is the generalized force on the System's coordinates (7 per body
// — CM position and Euler parameters — then each flexible body's modal coordinates), so for a load
// F at point x and moment n on body b: Q_r = F, Q_p = 2 Eᵀ n_cm (forces/ForceElements.hpp addLoad).
//
// First-order states (Adams DIFF, and TFSISO/LSE imported as DIFFs) are coordinates of their own:
// System appends one coordinate y of unit mass per state after the modal coordinates, whose
// velocity is the state (x = ẏ), and differentials/DifferentialElement loads it with f, so every
// integrator integrates ẋ = f(t, q, q̇, x) as ÿ = f and ∂f/∂x is ∂Q/∂q̇ (docs/solver-notes.md).
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "loads/SignalRecord.hpp"
#include "mbs/solver/Model.hpp"
#include "mbs/solver/Outputs.hpp"
#include "mbs/solver/Results.hpp"
#include "mbs/solver/Status.hpp"

namespace mbs::solver::loads {

// Rows of one joint's block of Φ.
struct RowRange {
  int first = 0;
  int count = 0;
};

// What an element may ask of the equations it loads (System implements it).
class Host {
public:
  virtual ~Host() = default;
  virtual const Model& model() const = 0;
  virtual int numCoordinates() const = 0;  // n: size of q, q̇ and Q
  virtual int numConstraints() const = 0;  // m: size of λ
  // Index of body b's first modal coordinate, −1 for a rigid body (and for every body of a
  // formulation that has no modal coordinates).
  virtual int modalOffset(int body) const = 0;
  virtual const std::vector<int>& modalOffsets() const = 0;
  // The rows of joint j in Φ, and its reaction on I's body at the I marker (ground frame) from the
  // multipliers λ of all rows.
  virtual RowRange jointRows(int joint) const = 0;
  virtual Reaction jointReaction(int joint, const Vec& q, const Vec& lambda) const = 0;
  // The same for motion m (its reaction on I's body at the I marker).
  virtual Reaction motionReaction(int motion, const Vec& q, const Vec& lambda) const = 0;
};

// The run's memory of one element between steps (a stiction anchor, a contact's approach speed).
// Each element defines its own derived type; the run owns it (loads::History).
class ElementHistory {
public:
  virtual ~ElementHistory() = default;
};

// Where an element is evaluated. `history` is this element's slot of the run's history (null when
// there is none: statics, kinematics, initial conditions, a bare System); `lambda` is set for
// λ-dependent elements (all rows of Φ).
struct Context {
  const Host& host;
  double t = 0.0;
  const Vec& q;
  const Vec& qd;
  const Vec* lambda = nullptr;
  const ElementHistory* history = nullptr;
};

// Jacobians an evaluation asks for (null: not wanted), as triplets of n × n (q, q̇) and n × m (λ)
// matrices.
struct Jacobians {
  Triplets* dq = nullptr;
  Triplets* dqd = nullptr;
  Triplets* dlambda = nullptr;
};

// What one power channel of an element is, for the energy account (dynamics/EnergyAccount.hpp).
enum class WorkKind {
  Motion,                // a motion's reaction (not an element: the account adds it)
  Force,                 // a force element (spring-damper, bushing, SFORCE/VFORCE/VTORQUE/GFORCE, IMPACT…)
  ClearanceContact,      // the normal force of a clearance joint's contact
  ClearanceFriction,     // its friction
  JointFriction,         // the friction of a joint with friction
  SolidContact,          // the normal forces of a contact between solids (Model::contacts)
  SolidContactFriction,  // its friction
  MaterialDamping,       // a flexible body's modal damping, −η̇ᵀ D η̇
  BeamElement,           // an FE beam element's elastic and damping forces (Model::beamElements)
};

struct WorkChannel {
  WorkKind kind = WorkKind::Force;
  int entity = -1;   // index into Model::forces, joints, contacts or bodies
  std::string name;  // the entity's name
};

class Element {
public:
  virtual ~Element() = default;

  // "force 'spring'", "joint 'pin' friction": names the element in messages.
  virtual std::string describe() const = 0;

  // --- What the element touches (fixed for the run) -------------------------------------------
  // The coordinates its forces depend on (ascending), and the coordinates it loads (ascending;
  // by default the same). The shared difference fallback perturbs `reads` and reads back `writes`.
  virtual std::vector<int> reads(const Host& host) const = 0;
  virtual std::vector<int> writes(const Host& host) const { return reads(host); }
  // True when the forces depend on the multipliers λ (joint friction driven by the reactions):
  // then they are Q_λ of the Dae (M q̈ + Φ_qᵀλ = Q + Q_λ) and Context::lambda is set.
  virtual bool usesMultipliers() const { return false; }
  // For a λ-dependent element: whether it loads bodies at rest, so that statics adds it (forces
  // reading solved loads do; sliding friction does not, statics takes its stiction from
  // friction/Stiction.hpp). Elements that do not depend on λ are always in statics.
  virtual bool loadsAtRest() const { return true; }

  // --- Forces and their Jacobians ---------------------------------------------------------------
  // Q += the element's generalized forces at c.
  virtual void addForces(const Context& c, Vec& Q) const = 0;
  // Adds the requested Jacobians. Default: central differences of addForces over reads()
  // (loads/FiniteDifferences.hpp; verified in tests/solver/load_element_test.cpp) for dq and dqd;
  // an element with exact derivatives overrides it. A λ-dependent element must override it for
  // dlambda; its dq may be left out where the integrators' modified Newton iterations cope (the
  // friction of a sliding joint) — it says so in its own header.
  virtual void addJacobians(const Context& c, const Jacobians& out) const;

  // --- Energy account ---------------------------------------------------------------------------
  // The element's power channels (fixed for the run) and their powers Q_e·q̇ at c, one per channel.
  virtual std::vector<WorkChannel> workChannels() const { return {}; }
  virtual void powers(const Context& c, double* out) const { (void)c, (void)out; }

  // --- History and step control -----------------------------------------------------------------
  // The element's history at the run's initial state (null: it keeps none).
  virtual std::unique_ptr<ElementHistory> startHistory(const Host& host, double t, const Vec& q) const
  {
    (void)host, (void)t, (void)q;
    return nullptr;
  }
  // An accepted step ended at (t, q): update the history.
  virtual void acceptStep(const Host& host, double t, const Vec& q, ElementHistory& history) const
  {
    (void)host, (void)t, (void)q, (void)history;
  }
  // A step starts from the accepted state c: the longest step it may take (contact onset), and
  // what the history must remember from the start of the step (history may be null). `bound` is
  // the shortest limit of the elements before it (infinity for the first): a limit at or above it
  // need not be found (an element may return infinity instead, e.g. after a broad phase).
  virtual double startStep(const Context& c, ElementHistory* history, double bound) const
  {
    (void)c, (void)history, (void)bound;
    return std::numeric_limits<double>::infinity();
  }
  // The longest step that may end at c (a stiction breakaway must be short); infinity: any.
  virtual double endStepLimit(const Context& c) const
  {
    (void)c;
    return std::numeric_limits<double>::infinity();
  }

  // --- Outputs ----------------------------------------------------------------------------------
  // Writes the element's outputs at c into its own slot of a frame whose per-entity vectors
  // (forces, friction, clearance) are already sized to the model's layout.
  virtual void output(const Context& c, ResultFrame& frame) const { (void)c, (void)frame; }
};

using Elements = std::vector<std::unique_ptr<const Element>>;

// A run's history: one slot per element of a System (null where the element keeps none). Owned by
// the run (the dynamic analysis, a test), never by the System or the element.
class History {
public:
  std::vector<std::unique_ptr<ElementHistory>> slots;
  SignalRecord signals;  // the delayed signals' past (Adams' DELAY), recorded by System::startStep
  bool empty() const { return slots.empty(); }
  ElementHistory* slot(std::size_t k) const { return k < slots.size() ? slots[k].get() : nullptr; }
};

// One kind of element: how a model is checked for it and how its elements are made.
struct Family {
  const char* name;
  // Bad input of this family in a (structurally valid) model, naming the entity; success if none.
  Status (*validate)(const Model& model);
  // Appends the family's elements of the model.
  void (*build)(const Model& model, const Host& host, Elements& out);
};

template <class E>
constexpr Family family(const char* name)
{
  return {name, &E::validate, &E::build};
}

}  // namespace mbs::solver::loads
