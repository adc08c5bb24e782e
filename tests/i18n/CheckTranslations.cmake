# ctest i18n.translations_complete: runs lupdate on ui's current sources into a copy of each .ts
# file, then check_translations on the copy: it fails if any string is unfinished (a new tr() text
# without a translation), vanished or obsolete (text no longer in the sources), empty, or if a
# translation drops or adds a %1/%n placeholder.
# Fix: `cmake --build <build> --target update_translations`, then translate the new entries in
# ui/translations/*.ts (Qt Linguist, or by hand) — see docs/translations.md.
# Arguments: -DLUPDATE= -DCHECKER= -DPROJECT_IN=<.lupdate/mbs_ui_project.cmake>
#            -DGENERATOR=<GenerateLUpdateProject.cmake> -DTS_FILES=a.ts;b.ts -DWORK_DIR=
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(project_json "${WORK_DIR}/project.json")
execute_process(COMMAND "${CMAKE_COMMAND}" "-DIN_FILE=${PROJECT_IN}" "-DOUT_FILE=${project_json}" -P "${GENERATOR}"
                RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "could not generate the lupdate project from ${PROJECT_IN}")
endif()
set(failed FALSE)
foreach(ts IN LISTS TS_FILES)
  get_filename_component(name "${ts}" NAME)
  set(copy "${WORK_DIR}/${name}")
  configure_file("${ts}" "${copy}" COPYONLY)
  execute_process(COMMAND "${LUPDATE}" -silent -project "${project_json}" -ts "${copy}" -locations none
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "lupdate failed on ${name}:\n${err}")
  endif()
  execute_process(COMMAND "${CHECKER}" "${copy}" RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    set(failed TRUE)
  endif()
endforeach()
if(failed)
  message(FATAL_ERROR "Strings without a finished translation (above). Run "
                      "`cmake --build <build> --target update_translations` and translate them in "
                      "ui/translations/ (docs/translations.md).")
endif()
