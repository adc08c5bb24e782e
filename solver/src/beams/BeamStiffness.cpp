// Adams BEAM's Timoshenko stiffness (docs/solver-notes.md, "Beams and fields").
#include "mbs/solver/Model.hpp"

namespace mbs::solver {

Mat6 beamStiffness(const BeamProperties& b)
{
  const double l = b.length, e = b.youngsModulus, g = b.shearModulus, a = b.area;
  // Shear deflection parameters; ASY = 0 (or ASZ = 0) is a slender (Euler–Bernoulli) beam.
  const double py = b.shearAreaRatioY == 0.0 ? 0.0 : 12.0 * e * b.izz * b.shearAreaRatioY / (g * a * l * l);
  const double pz = b.shearAreaRatioZ == 0.0 ? 0.0 : 12.0 * e * b.iyy * b.shearAreaRatioZ / (g * a * l * l);
  Mat6 k = Mat6::Zero();
  k(0, 0) = e * a / l;
  k(1, 1) = 12.0 * e * b.izz / (l * l * l * (1.0 + py));
  k(1, 5) = k(5, 1) = -6.0 * e * b.izz / (l * l * (1.0 + py));
  k(2, 2) = 12.0 * e * b.iyy / (l * l * l * (1.0 + pz));
  k(2, 4) = k(4, 2) = 6.0 * e * b.iyy / (l * l * (1.0 + pz));
  k(3, 3) = g * b.ixx / l;
  k(4, 4) = (4.0 + pz) * e * b.iyy / (l * (1.0 + pz));
  k(5, 5) = (4.0 + py) * e * b.izz / (l * (1.0 + py));
  return k;
}

LinearField beamField(const BeamProperties& beam, const Mat6& damping)
{
  LinearField f;
  f.stiffness = beamStiffness(beam);
  f.damping = damping;
  f.reference[0] = beam.length;
  return f;
}

}  // namespace mbs::solver
