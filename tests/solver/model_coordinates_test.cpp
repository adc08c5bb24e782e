// ModelCoordinates, the public handle that places a compiled model's bodies at coordinates the
// solver reported (the GUI's mode-shape animation): the layout 7 per body then the modal
// coordinates, normalized orientations, and broken contracts as exceptions.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <stdexcept>

#include "flexible_BeamModel.hpp"
#include "mbs/solver/Analysis.hpp"
#include "mbs/solver/ModelCoordinates.hpp"
#include "system_test_models.hpp"

namespace mbs::solver {
namespace {

TEST(ModelCoordinates, PlacesRigidBodiesAtTheGivenCoordinates)
{
  const Model model = test::sliderCrank(0.1, 0.3, 0.4, 2.0);
  ASSERT_TRUE(validateModel(model).ok());
  const ModelCoordinates coordinates(model);
  ASSERT_EQ(coordinates.numBodies(), 3);
  ASSERT_EQ(coordinates.numCoordinates(), 21);

  // Body 1 (the rod) at r = (1, 2, 3), turned 90° about z, with Euler parameters scaled by 2 (as
  // an amplitude-scaled mode shape leaves them): the pose is the unit rotation.
  Vec q = Vec::Zero(21);
  for (int b = 0; b < 3; ++b)
    q[7 * b + 3] = 1.0;
  q.segment<3>(7) = Vec3(1, 2, 3);
  const double half = std::numbers::pi / 4;
  q.segment<4>(10) = 2.0 * Vec4(std::cos(half), 0, 0, std::sin(half));
  EXPECT_TRUE(coordinates.bodyPosition(1, q).isApprox(Vec3(1, 2, 3)));
  const std::vector<BodyOutput> poses = coordinates.bodyPoses(q);
  ASSERT_EQ(poses.size(), 3u);
  EXPECT_TRUE(poses[1].position.isApprox(Vec3(1, 2, 3)));
  EXPECT_NEAR(poses[1].orientation.norm(), 1.0, 1e-14);
  EXPECT_TRUE((poses[1].orientation * Vec3::UnitX()).isApprox(Vec3::UnitY(), 1e-14));
  EXPECT_TRUE(poses[1].velocity.isZero());
  EXPECT_TRUE(poses[0].position.isZero());
  EXPECT_EQ(coordinates.modalCoordinates(1, q).size(), 0);  // rigid
}

TEST(ModelCoordinates, ModalCoordinatesFollowAllRigidOnes)
{
  test::BeamProperties beam;
  beam.modes = 3;
  const Model model = test::cantilever(beam, Vec3::Zero());
  const ModelCoordinates coordinates(model);
  ASSERT_EQ(coordinates.numCoordinates(), 7 + 3);
  Vec q = Vec::Zero(10);
  q[3] = 1.0;
  q.tail<3>() = Vec3(0.1, -0.2, 0.3);
  EXPECT_TRUE(coordinates.modalCoordinates(0, q).isApprox(Vec3(0.1, -0.2, 0.3)));
}

TEST(ModelCoordinates, BrokenContractsThrow)
{
  Model invalid = test::sliderCrank(0.1, 0.3, 0.4, 2.0);
  invalid.bodies[0].mass = -1.0;
  EXPECT_FALSE(validateModel(invalid).ok());
  EXPECT_THROW(ModelCoordinates{invalid}, std::invalid_argument);

  const ModelCoordinates coordinates(test::sliderCrank(0.1, 0.3, 0.4, 2.0));
  EXPECT_THROW(coordinates.bodyPoses(Vec::Zero(20)), std::invalid_argument);
  EXPECT_THROW(coordinates.bodyPosition(3, Vec::Zero(21)), std::invalid_argument);
  EXPECT_THROW(coordinates.modalCoordinates(-1, Vec::Zero(21)), std::invalid_argument);
}

}  // namespace
}  // namespace mbs::solver
