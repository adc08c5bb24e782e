// Result frames of a flexible body: modal coordinates per frame, nodal displacement recovery and
// the CSV columns <part>.q1.. after the mandatory ones.
#include <gtest/gtest.h>

#include <sstream>

#include "analysis/StaticAnalysis.hpp"
#include "flexible_BeamModel.hpp"
#include "mbs/solver/ResultCsv.hpp"
#include "mbs/solver/Results.hpp"
#include "results/ComputeFrame.hpp"

namespace mbs::solver {
namespace {

TEST(FlexibleResults, FramesCarryModalCoordinatesAndRecoverTheTipDeflection)
{
  test::BeamProperties p;  // all modes: the static tip deflection is Euler-Bernoulli's
  const double g = 9.81;
  const System sys(test::cantilever(p, Vec3(0, -g, 0)));
  State state;
  ASSERT_TRUE(solveStatics(sys, state).ok());
  ResultStore store;
  store.reset(ResultLayout::fromModel(sys.model()));
  store.append(computeFrame(sys, state));
  const ResultFrame frame = store.frame(0);
  ASSERT_EQ(frame.modal.size(), 1u);
  ASSERT_EQ(frame.modal[0].size(), 2 * p.elements);
  // Recovered nodal displacement of the tip relative to the root, in the body frame, plus the
  // frame's own rotation: the deflection δ = q L⁴ / (8 EI) relative to the clamped root tangent.
  const Vec u = sys.nodalDisplacements(0, state.q);
  ASSERT_EQ(u.size(), 3 * (p.elements + 1));
  const Quat rot(state.q[3], state.q[4], state.q[5], state.q[6]);
  const FlexibleBodyData& beam = *sys.model().bodies[0].flexible;
  const Vec3 tip = state.q.head<3>() + rot * (beam.nodes.col(p.elements) + u.segment<3>(3 * p.elements));
  const double exact = p.massPerLength() * g * std::pow(p.length, 4) / (8.0 * p.ei());
  EXPECT_NEAR(-tip.y(), exact, 1e-5 * exact);

  std::ostringstream csv;
  writeResultCsv(store, csv);
  const std::string header = csv.str().substr(0, csv.str().find('\n'));
  // Mandatory columns first (time, 16 per part, 6 per joint), then the modal coordinates.
  EXPECT_NE(header.find("clamp.tz,beam.q1,beam.q2"), std::string::npos) << header;
  EXPECT_EQ(header.substr(header.rfind(',') + 1), "beam.q20");
}

}  // namespace
}  // namespace mbs::solver
