// The Animation panel's contact glyphs (issue 30): the frame's contact output of every pair
// (solver::SolidContactOutput: deepest point, normal, total force on I) placed as displayed (a
// chosen reference part moves the ground) and handed to ModelScene::setContactGlyphs.
#include <algorithm>

#include "mbs/ui/SimulationResults.hpp"
#include "mbs/ui/panels/AnimationPanel.hpp"
#include "mbs/ui/view/ModelView.hpp"

namespace mbs::ui {

void AnimationPanel::setShowContactForces(bool on)
{
  m_showContacts = on;
  updateContactGlyphs();
  m_view.requestRender();
}

void AnimationPanel::updateContactGlyphs()
{
  ModelScene& scene = m_view.scene();
  const bool any = m_results.store() && !m_results.store()->layout().contacts.empty();
  if (!any || !m_showContacts || m_mode >= 0 || frameCount() == 0 || m_frame >= frameCount()) {
    if (scene.contactGlyphCount() > 0)
      scene.setContactGlyphs({}, 0.0);
    return;
  }
  if (m_contactForceMax < 0.0) {
    m_contactForceMax = 0.0;
    const std::size_t pairs = m_results.store()->layout().contacts.size();
    for (std::size_t k = 0; k < pairs; ++k)
      for (const double f : m_results.store()->series([k](const solver::ResultFrame& frame) {
             return k < frame.contacts.size() ? frame.contacts[k].force.norm() : 0.0;
           }))
        m_contactForceMax = std::max(m_contactForceMax, f);
  }
  const solver::ResultFrame frame = m_results.frame(static_cast<std::size_t>(m_frame));
  // Ground as displayed: x' = R x + p (identity unless a reference part is kept still).
  const auto poses = displayedPoses(m_frame);
  const auto ground = poses.find(m_results.model().ground().id);
  const PartPose place = ground != poses.end() ? ground->second : PartPose{};
  std::vector<ModelScene::ContactGlyph> glyphs;
  for (const solver::SolidContactOutput& c : frame.contacts)
    if (c.points > 0)
      glyphs.push_back(
          {place.rotation * c.point + place.position, place.rotation * c.normal, place.rotation * c.force});
  const double scale = m_contactForceMax > 0.0 ? 0.2 * scene.modelSize() / m_contactForceMax : 0.0;
  scene.setContactGlyphs(glyphs, scale);
}

}  // namespace mbs::ui
