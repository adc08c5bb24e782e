#pragma once
// The Adams dataset writer shared by AdmExport.cpp (parts, markers, graphics, joints, motions and
// the deck), AdmForceExport.cpp (forces) and AdmDataExport.cpp (data elements, outputs and
// settings). Statements are written one argument per continuation line (Adams reads 80 columns),
// numbers with 17 significant digits.
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "mbs/core/AdmExport.hpp"
#include "mbs/core/Model.hpp"

namespace mbs::core::adm {

inline std::string num(double v)
{
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.17g", v);
  return buffer;
}

inline std::string vec(const Vec3& v)
{
  return num(v.x()) + ", " + num(v.y()) + ", " + num(v.z());
}

// A list of numbers as an argument, continued on lines of about 8 values ("X = 1, 2, ...\n, 9").
std::string numberList(const std::string& key, const std::vector<double>& values);

class Writer {
public:
  explicit Writer(const Model& model) : m_model(model) {}
  AdmExportResult run();

private:
  struct Statement {
    std::string viewName, head;
    std::vector<std::string> args;
  };
  void error(const std::string& entity, const std::string& reason)
  {
    m_out.errors.push_back(
        {{}, 0, {}, entity, "'" + entity + "' cannot be written to an Adams dataset: " + reason});
  }
  void emit(const Statement& s, std::string& to) const;
  void linearField(const Force& f, const std::string& i, const std::string& j, const std::string& head);
  void multiPoint(const Force& f, const std::string& j, const std::string& head);
  long m_extraMatrices = 0;  // MATRIX statements written for NFORCEs (after the model's own)
  long m_jointCurves = 0;    // CURVE statements written for PTCV and CVCV joints
  // A marker id; markers the export adds (CM of a part without one, graphics, the ground origin)
  // get the next ids and names no entity has.
  long markerId(MarkerId id) const { return m_markerIds.at(id); }
  long addMarker(PartId part, const std::string& name, const Vec3& position, const Mat3& axes);
  // "PART = n", or "POINT_MASS = n" for a point mass (Part::pointMass).
  std::string partArgument(PartId part) const
  {
    const Part* p = m_model.part(part);
    return std::string(p && p->pointMass ? "POINT_MASS = " : "PART = ") + std::to_string(m_partIds.at(part));
  }
  void contact(const Force& f, const std::string& label);
  long groundOrigin();
  std::string expression(const std::string& text);
  std::string name(const std::string& wanted);

  void parts();
  void markers();
  void graphics();
  void joints();
  void friction(const Joint& joint);
  void pointCurve(const Joint& joint, long id);
  void curveCurve(const Joint& joint, long id);
  long curveStatement(const JointCurve& curve);  // its MATRIX and CURVE: the CURVE's id
  long floatingMarker(MarkerId marker, MarkerId rm, const std::string& name);
  void motions();
  void forces();
  void outputsAndSettings();
  void dataElements();
  long firstDataCurveId() const;

  // Each joint's, motion's and force's statement and the function that reads it by its id
  // ("JPRIM", 3, "JPRIM"), numbered before anything is written: any expression may read any of them.
  struct ElementStatementId {
    std::string statement;
    long id = 0;
    std::string function;  // empty: no Adams function reads it (a COUPLER, a CONTACT)
  };
  void numberElements();
  std::string head(const std::string& entity) const;     // "JPRIM/3"
  std::map<std::string, ElementStatementId> m_elements;  // by the entity's name in upper case

  const Model& m_model;
  AdmExportResult m_out;
  std::vector<Statement> m_parts, m_markers, m_graphics, m_joints, m_rest;
  std::map<PartId, long> m_partIds;
  std::map<MarkerId, long> m_markerIds;
  std::map<JointId, long> m_jointIds;
  std::map<std::string, std::string> m_expressionIds;  // entity name -> Adams id text
  long m_nextMarker = 1;
  long m_groundOrigin = 0;
  std::map<std::string, int> m_usedNames;
};

}  // namespace mbs::core::adm
