#pragma once
// Process-wide set-up of the GUI that must happen before QApplication exists.
namespace mbs::ui {

// OpenGL 3.2 core profile for VTK's OpenGL2 backend; call before constructing QApplication.
void configureSurfaceFormat();

}  // namespace mbs::ui
