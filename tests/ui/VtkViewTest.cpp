#include <gtest/gtest.h>

#include <vtkActor.h>
#include <vtkCubeSource.h>
#include <vtkNew.h>
#include <vtkPolyDataMapper.h>
#include <vtkProperty.h>
#include <vtkRenderer.h>
#include <QTest>

#include "GuiTestSupport.hpp"
#include "mbs/ui/view/VtkView.hpp"

using namespace mbs;

TEST(VtkView, RendersASceneIntoTheQtFramebuffer)
{
  test::application();
  ui::VtkView view;
  view.resize(480, 360);
  vtkNew<vtkCubeSource> cube;
  vtkNew<vtkPolyDataMapper> mapper;
  mapper->SetInputConnection(cube->GetOutputPort());
  vtkNew<vtkActor> actor;
  actor->SetMapper(mapper);
  actor->GetProperty()->SetColor(0.9, 0.4, 0.1);
  view.renderer()->AddActor(actor);
  view.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
  view.setStandardView(ui::StandardView::Iso);

  const QImage image = view.grabFramebuffer();
  image.save(test::screenshotDir() + "/vtkview.png");
  ASSERT_FALSE(image.isNull());
  // The gradient background and the shaded cube give many colours; a black/blank frame gives 1.
  EXPECT_GT(test::distinctColours(image), 50);
  // The centre pixel shows the orange cube, not the background.
  const QColor centre = image.pixelColor(image.width() / 2, image.height() / 2);
  EXPECT_GT(centre.red(), centre.blue() + 40) << "centre colour " << centre.name().toStdString();
}
