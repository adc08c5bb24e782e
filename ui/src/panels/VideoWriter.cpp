#include "VideoWriter.hpp"

#include <vtkImageData.h>
#include <vtkOggTheoraWriter.h>
#include <vtkPointData.h>
#include <vtkUnsignedCharArray.h>

#include <QFileInfo>
#include <algorithm>

namespace mbs::ui {

VideoWriter::VideoWriter() = default;

VideoWriter::~VideoWriter()
{
  finish();
}

bool VideoWriter::add(const QImage& frame, const QString& path, int fps)
{
  if (frame.isNull())
    return false;
  if (!m_open) {
    // Theora wants even dimensions.
    m_size = QSize(frame.width() & ~1, frame.height() & ~1);
    if (m_size.isEmpty())
      return false;
    m_image = vtkSmartPointer<vtkImageData>::New();
    m_image->SetDimensions(m_size.width(), m_size.height(), 1);
    m_image->AllocateScalars(VTK_UNSIGNED_CHAR, 3);
    m_writer = vtkSmartPointer<vtkOggTheoraWriter>::New();
    m_writer->SetInputData(m_image);
    m_writer->SetFileName(path.toLocal8Bit().constData());
    m_writer->SetRate(fps);
    m_writer->SetQuality(2);
    m_writer->Start();
    if (m_writer->GetError())
      return false;
    m_open = true;
  }
  const QImage rgb = frame.copy(0, 0, m_size.width(), m_size.height()).convertToFormat(QImage::Format_RGB888);
  auto* pixels = static_cast<unsigned char*>(m_image->GetScalarPointer());
  // VTK images start at the bottom row, Qt images at the top.
  for (int y = 0; y < m_size.height(); ++y)
    std::copy_n(rgb.constScanLine(m_size.height() - 1 - y), 3 * m_size.width(),
                pixels + 3 * m_size.width() * y);
  m_image->Modified();
  m_writer->Write();
  return m_writer->GetError() == 0;
}

bool VideoWriter::finish()
{
  if (!m_open)
    return false;
  m_writer->End();
  m_open = false;
  return m_writer->GetError() == 0 && QFileInfo(QString::fromLocal8Bit(m_writer->GetFileName())).size() > 0;
}

}  // namespace mbs::ui
