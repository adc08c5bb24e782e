#pragma once
// Writes QImages as the frames of an Ogg/Theora video (VTK's vtkOggTheoraWriter), so animations
// can go into reports and presentations without an external encoder.
#include <QImage>
#include <QString>

#include <vtkSmartPointer.h>

class vtkImageData;
class vtkOggTheoraWriter;

namespace mbs::ui {

class VideoWriter {
public:
  VideoWriter();
  ~VideoWriter();
  // Appends a frame; the first one opens `path` and fixes the size (later frames are scaled to it).
  bool add(const QImage& frame, const QString& path, int fps);
  // Closes the file; false if nothing was written.
  bool finish();

private:
  vtkSmartPointer<vtkOggTheoraWriter> m_writer;
  vtkSmartPointer<vtkImageData> m_image;
  QSize m_size;
  bool m_open = false;
};

}  // namespace mbs::ui
