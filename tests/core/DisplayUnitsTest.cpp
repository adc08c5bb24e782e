// A model's display units (issue 33): stored in the native file (old files open in MKS with
// degrees), taken from an .adm's UNITS statement, and the factors and names the GUI converts with.
#include <gtest/gtest.h>

#include <numbers>

#include "mbs/core/AdmImport.hpp"
#include "mbs/core/Commands.hpp"
#include "mbs/core/ModelFile.hpp"
#include "mbs/core/UndoStack.hpp"

using namespace mbs::core;

namespace {

const char* kMinimal = R"({"format": "mbstudio-model", "version": 1, "name": "m", %UNITS%
  "gravity": [0, -9.81, 0], "parts": [{"id": 1, "name": "ground", "ground": true}], "markers": [], "joints": [], "motions": [], "forces": [],
  "variables": []})";

LoadResult load(const std::string& displayUnits)
{
  std::string text = kMinimal;
  text.replace(text.find("%UNITS%"), 7, displayUnits);
  return modelFromString(text, "units.mbs.json");
}

}  // namespace

TEST(DisplayUnits, FactorsAndNamesOfDerivedQuantities)
{
  UnitSystem mmks = withShortNames(*unitSystem("MMKS"));
  mmks.angle = std::numbers::pi / 180.0;
  mmks.angleName = "deg";
  EXPECT_DOUBLE_EQ(factorToSI(mmks, Quantity::Length), 1e-3);
  EXPECT_DOUBLE_EQ(factorToSI(mmks, Quantity::Inertia), 1e-6);
  EXPECT_DOUBLE_EQ(factorToSI(mmks, Quantity::Stiffness), 1e3);  // N/mm
  EXPECT_DOUBLE_EQ(factorToSI(mmks, Quantity::Torque), 1e-3);    // N·mm
  EXPECT_NEAR(factorToSI(mmks, Quantity::Density), 1e9, 1e-6);   // kg/mm³ = 1e9 kg/m³
  EXPECT_DOUBLE_EQ(factorToSI(mmks, Quantity::AngularVelocity), std::numbers::pi / 180.0);
  EXPECT_DOUBLE_EQ(factorToSI(mmks, Quantity::RotationalStiffness), 1e-3 * 180.0 / std::numbers::pi);
  EXPECT_DOUBLE_EQ(fromSI(mmks, Quantity::Length, 0.25), 250.0);
  EXPECT_EQ(unitName(mmks, Quantity::Inertia), "kg\u00b7mm\u00b2");
  EXPECT_EQ(unitName(mmks, Quantity::Stiffness), "N/mm");
  EXPECT_EQ(unitName(mmks, Quantity::RotationalDamping), "N\u00b7mm\u00b7s/deg");
  EXPECT_EQ(unitName(mmks, Quantity::AngularVelocity), "deg/s");
  EXPECT_EQ(unitName(mmks, Quantity::None), "");
  EXPECT_EQ(unitSystemName(mmks), "MMKS");
  const UnitSystem ips = withShortNames(*unitSystem("IPS"));
  EXPECT_EQ(unitSystemName(ips), "IPS");
  EXPECT_EQ(ips.massName, "lbm");
  EXPECT_DOUBLE_EQ(factorToSI(ips, Quantity::Force), 4.4482216152605);
  UnitSystem custom = ips;
  custom.mass = *massUnit("slug");
  EXPECT_EQ(unitSystemName(custom), "custom");
}

TEST(DisplayUnits, OldFilesOpenInMksWithDegreesAndNewFilesKeepTheChoice)
{
  auto absent = load("");
  ASSERT_TRUE(absent.ok());
  EXPECT_EQ(unitSystemName(absent.model->displayUnits), "MKS");
  EXPECT_EQ(absent.model->displayUnits.angleName, "deg");

  auto named = load(R"("display_units": "mmks",)");
  ASSERT_TRUE(named.ok());
  EXPECT_EQ(named.model->displayUnits.lengthName, "mm");
  EXPECT_EQ(named.model->displayUnits.angleName, "deg");
  EXPECT_NE(modelToString(*named.model).find(R"("display_units": "mmks")"), std::string::npos);

  // Custom units and radians: written one by one, read back the same.
  auto custom = load(
      R"("display_units": {"length": "MILLIMETER", "mass": "g", "time": "ms", "force": "N", "angle": "rad"},)");
  for (const auto& e : custom.errors)
    ADD_FAILURE() << e.toString();
  ASSERT_TRUE(custom.ok());
  const UnitSystem& u = custom.model->displayUnits;
  EXPECT_EQ(u.lengthName, "mm") << "Adams spellings are kept by their short name";
  EXPECT_DOUBLE_EQ(u.mass, 1e-3);
  EXPECT_DOUBLE_EQ(u.time, 1e-3);
  EXPECT_EQ(u.angleName, "rad");
  const std::string saved = modelToString(*custom.model);
  auto again = modelFromString(saved);
  ASSERT_TRUE(again.ok());
  EXPECT_EQ(again.model->displayUnits.timeName, "ms");
  EXPECT_EQ(again.model->displayUnits.angleName, "rad");
  EXPECT_EQ(modelToString(*again.model), saved);
}

TEST(DisplayUnits, UnknownUnitsAreRefusedWithTheField)
{
  auto bad = load(R"("display_units": {"length": "furlong"},)");
  ASSERT_FALSE(bad.ok());
  ASSERT_FALSE(bad.errors.empty());
  EXPECT_NE(bad.errors.front().toString().find("/display_units/length"), std::string::npos)
      << bad.errors.front().toString();
  EXPECT_NE(bad.errors.front().toString().find("furlong"), std::string::npos);
  auto badSystem = load(R"("display_units": "xyz",)");
  ASSERT_FALSE(badSystem.ok());
  EXPECT_NE(badSystem.errors.front().toString().find("unknown unit system 'xyz'"), std::string::npos);
}

TEST(DisplayUnits, ChangingThemIsOneUndoableModelEdit)
{
  Model model;
  UndoStack stack(model);
  Diagnostics errors;
  const nlohmann::ordered_json ips = {
      {"length", "in"}, {"mass", "lbm"}, {"time", "s"}, {"force", "lbf"}, {"angle", "rad"}};
  ASSERT_TRUE(stack.push(std::make_unique<SetProperty>(EntityRef(), "/display_units", ips), &errors));
  EXPECT_EQ(unitSystemName(model.displayUnits), "IPS");
  EXPECT_EQ(model.displayUnits.angleName, "rad");
  ASSERT_TRUE(stack.undo());
  EXPECT_EQ(unitSystemName(model.displayUnits), "MKS");
  EXPECT_EQ(model.displayUnits.angleName, "deg");
}

TEST(DisplayUnits, AnAdamsDeckShowsInItsUnitsWithDegrees)
{
  const std::string deck =
      "units deck\n"
      "UNITS/\n"
      ", FORCE = NEWTON\n"
      ", MASS = KILOGRAM\n"
      ", LENGTH = MILLIMETER\n"
      ", TIME = SECOND\n"
      "PART/1, GROUND\n"
      "MARKER/10, PART = 1, QP = 100, 0, 0, REULER = 30D, 0D, 0D\n"
      "END\n";
  auto r = importAdmFromString(deck, "units.adm");
  ASSERT_TRUE(r.model.has_value());
  EXPECT_EQ(unitSystemName(r.model->displayUnits), "MMKS");
  EXPECT_EQ(r.model->displayUnits.lengthName, "mm");
  EXPECT_EQ(r.model->displayUnits.angleName, "deg");
  auto ips = importAdmFromString("ips deck\nUNITS/SYSTEM = IPS\nPART/1, GROUND\nEND\n", "ips.adm");
  ASSERT_TRUE(ips.model.has_value());
  EXPECT_EQ(unitSystemName(ips.model->displayUnits), "IPS");
  EXPECT_EQ(ips.model->displayUnits.forceName, "lbf");
  auto none = importAdmFromString("si deck\nPART/1, GROUND\nEND\n", "si.adm");
  ASSERT_TRUE(none.model.has_value());
  EXPECT_EQ(unitSystemName(none.model->displayUnits), "MKS");
}
