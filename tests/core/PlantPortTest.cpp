// PINPUT / POUTPUT (issue 31): a control plant's inputs and outputs as model data, read from an
// Adams/View-style MMKS deck, written back to a dataset and to the native file, and validated
// naming the statement or the entry and the reason.
#include <gtest/gtest.h>

#include "mbs/core/AdmExport.hpp"
#include "mbs/core/AdmImport.hpp"
#include "mbs/core/ModelFile.hpp"

using namespace mbs;
using namespace mbs::core;

namespace {

std::string plantDeck()
{
  return std::string(MBS_TEST_DATA_DIR) + "/adams_view/plant_msd_mmks.adm";
}

bool anyReason(const Diagnostics& ds, const std::string& text)
{
  for (const auto& d : ds)
    if (d.toString().find(text) != std::string::npos)
      return true;
  return false;
}

std::string all(const Diagnostics& ds)
{
  std::string out;
  for (const auto& d : ds)
    out += d.toString() + "\n";
  return out;
}

}  // namespace

TEST(PlantPortAdm, PinputAndPoutputListTheirVariablesByName)
{
  const auto r = importAdm(plantDeck());
  ASSERT_TRUE(r.ok()) << all(r.errors);
  const Model& m = *r.model;
  ASSERT_EQ(m.plantInputs.size(), 1u);
  ASSERT_EQ(m.plantOutputs.size(), 1u);
  EXPECT_EQ(m.plantInputs[0].name, "ctrl_in");
  EXPECT_EQ(m.plantInputs[0].variables, (std::vector<std::string>{"force_in"}));
  EXPECT_EQ(m.plantOutputs[0].name, "ctrl_out");
  EXPECT_EQ(m.plantOutputs[0].variables, (std::vector<std::string>{"position_out", "mixed_out"}));
  // The input's FUNCTION = 0.0 keeps it a VARIABLE (a constant one would become a parameter).
  EXPECT_TRUE(m.findVariable("force_in"));
  EXPECT_EQ(r.plantInputNames.at(1), "ctrl_in");
  EXPECT_EQ(r.plantOutputNames.at(2), "ctrl_out");
  EXPECT_DOUBLE_EQ(r.units.length, 1e-3);
  // Read, not "reference data the expressions do not read": no warning about them.
  EXPECT_FALSE(anyReason(r.warnings, "PINPUT")) << all(r.warnings);
  EXPECT_FALSE(anyReason(r.warnings, "POUTPUT")) << all(r.warnings);
}

TEST(PlantPortAdm, ExportedAndReadBack)
{
  const auto r = importAdm(plantDeck());
  ASSERT_TRUE(r.ok()) << all(r.errors);
  const auto out = exportAdm(*r.model);
  ASSERT_TRUE(out.errors.empty()) << all(out.errors);
  EXPECT_NE(out.text.find("PINPUT/1"), std::string::npos) << out.text;
  EXPECT_NE(out.text.find("POUTPUT/1"), std::string::npos) << out.text;
  const auto back = importAdmFromString(out.text, "back.adm");
  ASSERT_TRUE(back.ok()) << all(back.errors) << out.text;
  EXPECT_EQ(back.model->plantInputs, r.model->plantInputs);
  EXPECT_EQ(back.model->plantOutputs, r.model->plantOutputs);
}

TEST(PlantPortFile, NativeFileRoundTrip)
{
  const auto r = importAdm(plantDeck());
  ASSERT_TRUE(r.ok()) << all(r.errors);
  Model m = *r.model;
  m.plantOutputs[0].description = "what the controller measures";
  const std::string text = modelToString(m);
  EXPECT_NE(text.find("\"plant_inputs\""), std::string::npos);
  const auto back = modelFromString(text);
  ASSERT_TRUE(back.ok()) << all(back.errors);
  EXPECT_EQ(back.model->plantInputs, m.plantInputs);
  EXPECT_EQ(back.model->plantOutputs, m.plantOutputs);
  // A list that is not of names is refused at its place.
  std::string bad = text;
  const auto at = bad.find("[\"force_in\"]");
  ASSERT_NE(at, std::string::npos) << text;
  bad.replace(at, std::string("[\"force_in\"]").size(), "[12]");
  const auto rb = modelFromString(bad);
  ASSERT_FALSE(rb.ok());
  EXPECT_TRUE(anyReason(rb.errors, "/plant_inputs/0")) << all(rb.errors);
  EXPECT_TRUE(anyReason(rb.errors, "expected an array of VARIABLE names")) << all(rb.errors);
}

TEST(PlantPortValidation, BadReferencesAreNamedWithTheReason)
{
  const auto r = importAdm(plantDeck());
  ASSERT_TRUE(r.ok()) << all(r.errors);
  Model m = *r.model;
  m.parameters.push_back({"gain", 2.0, {}});
  m.plantInputs.push_back({"bad_in", {"slider_cm", "gain", "nothing", "force_in", "force_in"}, {}});
  m.plantOutputs.push_back({"empty_out", {}, {}});
  const Diagnostics d = m.validate();
  EXPECT_TRUE(anyReason(d, "plant input 'bad_in': 'slider_cm' is not a VARIABLE: it is a marker")) << all(d);
  EXPECT_TRUE(anyReason(d, "'gain' is not a VARIABLE: it is a parameter")) << all(d);
  EXPECT_TRUE(anyReason(d, "'nothing' is not a VARIABLE: no VARIABLE of the model has that name")) << all(d);
  EXPECT_TRUE(anyReason(d, "lists VARIABLE 'force_in' twice")) << all(d);
  EXPECT_TRUE(anyReason(d, "plant output 'empty_out' lists no VARIABLE")) << all(d);
  // Names are unique among data and entities.
  Model dup = *r.model;
  dup.plantOutputs[0].name = "slider";
  EXPECT_TRUE(anyReason(dup.validate(), "duplicate name 'slider'")) << all(dup.validate());
}

TEST(PlantPortAdm, BadStatementsAreRefusedAtTheirLine)
{
  auto errors = [](const std::string& statements) {
    const std::string deck =
        "t\nPART/1, GROUND\nMARKER/5, PART = 1\nVARIABLE/1, FUNCTION = DX(5)\n" + statements + "\nEND\n";
    return importAdmFromString(deck, "bad.adm").errors;
  };
  const auto missing = errors("PINPUT/3, VARIABLES = 1, 7");
  EXPECT_TRUE(anyReason(missing, "bad.adm:5: PINPUT/3: VARIABLES: VARIABLE/7 does not exist"))
      << all(missing);
  EXPECT_TRUE(anyReason(errors("POUTPUT/3"), "POUTPUT needs VARIABLES=")) << all(errors("POUTPUT/3"));
  EXPECT_TRUE(anyReason(errors("POUTPUT/3, VARIABLES = 1, 1"), "lists VARIABLE/1 twice"));
  EXPECT_TRUE(anyReason(errors("PINPUT/3, VARIABLES = 1\nPINPUT/3, VARIABLES = 1"), "duplicate PINPUT/3"));
}

TEST(PlantPortAdm, PinvalAndPouvalReadThePortsVariables)
{
  // Adams: PINVAL(id, k) is the k-th VARIABLE of PINPUT/id (k counts from 1, it is not an id).
  const std::string head =
      "t\nPART/1, GROUND\nMARKER/5, PART = 1\nPART/2, MASS = 1, CM = 6, IP = 1, 1, 1\n"
      "MARKER/6, PART = 2\nVARIABLE/1, FUNCTION = DX(6)\nVARIABLE/2, FUNCTION = 2\n"
      "PINPUT/7, VARIABLES = 2\nPOUTPUT/8, VARIABLES = 1, 2\n";
  const auto r = importAdmFromString(head +
                                         "SFORCE/1, TRANSLATIONAL, ACTIONONLY, I = 6, J = 5, FUNCTION = "
                                         "PINVAL(7, 1) * POUVAL(8, 1)\nEND\n",
                                     "pinval.adm");
  ASSERT_TRUE(r.ok()) << all(r.errors);
  ASSERT_EQ(r.model->forces().size(), 1u);
  const std::string& f = r.model->forces()[0].functions[0];
  EXPECT_NE(f.find("VARVAL(VARIABLE_2)"), std::string::npos) << f;
  EXPECT_NE(f.find("VARVAL(VARIABLE_1)"), std::string::npos) << f;
  EXPECT_EQ(f.find("PINVAL"), std::string::npos) << f;
  const auto missing = importAdmFromString(head + "VARIABLE/3, FUNCTION = PINVAL(9, 1)\nEND\n", "bad.adm");
  EXPECT_TRUE(anyReason(missing.errors, "bad.adm:10: VARIABLE/3: PINVAL(9, 1): the dataset has no PINPUT/9"))
      << all(missing.errors);
  const auto beyond = importAdmFromString(head + "VARIABLE/3, FUNCTION = POUVAL(8, 3)\nEND\n", "bad.adm");
  EXPECT_TRUE(anyReason(beyond.errors, "POUVAL(8, 3): POUTPUT/8 lists 2 VARIABLEs")) << all(beyond.errors);
}
