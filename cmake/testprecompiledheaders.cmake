# cmake/testprecompiledheaders.cmake: precompiled headers for the Qt Test executables, so that
# CI parses QtCore (all of it: <QtTest> includes it), the standard library and, for the GUI
# tests, QtWidgets once per group of tests instead of once in each of ~240 tests. Off by
# default, and not yet on in the `ci` preset: QtCore first defines Qt's keywords as macros
# (slots, signals, emit), and a project header that names a member `slots` (core/tree/hostfile.h)
# and comes before <QtTest> in its test then fails to compile (tst_hostfile under asan). Those
# names must go, or the header must hold only the standard library, before CI can turn it on.
#
# GCC takes a precompiled header only if every macro it tests is defined as when it was built:
# Qt's headers test QT_GUI_LIB, QT_WIDGETS_LIB and the like, so the tests are grouped by the Qt
# modules whose usage requirements reach them, and each group reuses the header of one host
# target that links exactly those modules. A mismatch is not silent: CMake adds -Winvalid-pch
# and XYLEM_WERROR makes it an error (that is how Qt6::Test's per-folder QT_TESTCASE_BUILDDIR
# was found, so neither it nor <QtTest> is in the header).

option(XYLEM_PRECOMPILE_HEADERS "Precompile QtCore, QtWidgets and the standard headers for the tests (on in CI)" OFF)

# xylem_qt_modules_reached(<out> <item>...): the Qt6:: targets whose usage requirements (compile
# definitions) reach a target linking <item>s: followed through INTERFACE_LINK_LIBRARIES, not
# through $<LINK_ONLY:...> (a static library's PRIVATE links carry no usage requirements).
function(xylem_qt_modules_reached out)
  set(found "")
  set(seen "")
  set(pending ${ARGN})
  while(pending)
    list(POP_FRONT pending item)
    if(item MATCHES "^\\$<" OR item IN_LIST seen OR NOT TARGET ${item})
      continue()
    endif()
    list(APPEND seen ${item})
    get_target_property(aliased ${item} ALIASED_TARGET)
    if(aliased)
      list(APPEND pending ${aliased})
      continue()
    endif()
    if(item MATCHES "^Qt6::")
      list(APPEND found ${item})
    endif()
    get_target_property(interface ${item} INTERFACE_LINK_LIBRARIES)
    if(interface)
      list(APPEND pending ${interface})
    endif()
  endwhile()
  list(REMOVE_DUPLICATES found)
  list(SORT found)
  set(${out} ${found} PARENT_SCOPE)
endfunction()

# xylem_precompile_test_headers(): after every test is added (xylem_add_test records them in the
# global property XYLEM_TEST_TARGETS), one host target per group of Qt modules compiles the
# header, and each test of the group reuses it.
function(xylem_precompile_test_headers)
  if(NOT XYLEM_PRECOMPILE_HEADERS)
    return()
  endif()
  get_property(tests GLOBAL PROPERTY XYLEM_TEST_TARGETS)
  set(host_source ${CMAKE_CURRENT_BINARY_DIR}/xylem_test_pch_host.cpp)
  file(WRITE ${host_source} "// Compiles nothing: the host of the tests' precompiled header.\n")
  set(hosts "")
  foreach(test IN LISTS tests)
    get_target_property(links ${test} LINK_LIBRARIES)
    xylem_qt_modules_reached(modules ${links})
    string(REPLACE "Qt6::" "" key "${modules}")
    string(REPLACE ";" "_" key "${key}")
    set(host xylem_test_pch_${key})
    if(NOT host IN_LIST hosts)
      list(APPEND hosts ${host})
      add_library(${host} OBJECT ${host_source})
      # Not Qt6::Test: it defines QT_TESTCASE_BUILDDIR per folder, and GCC refuses a header
      # built with a macro the user defines otherwise; the header holds nothing of QtTest.
      set(host_modules ${modules})
      list(REMOVE_ITEM host_modules Qt6::Test)
      target_link_libraries(${host} PRIVATE ${host_modules})
      target_compile_definitions(${host} PRIVATE
        XYLEM_TEST_DATA_DIR="${XYLEM_TEST_DATA_DIR}"
        XYLEM_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
      xylem_warnings(${host})
      # Not <QtTest> itself: it tests QT_TESTCASE_BUILDDIR, which Qt defines per folder. What
      # costs is QtCore behind it, which a test's <QtTest> then finds already included.
      set(headers <QtCore> <algorithm> <chrono> <filesystem> <fstream> <functional> <map> <memory>
                  <optional> <set> <string> <thread> <vector>)
      if("Qt6::Widgets" IN_LIST modules)
        list(APPEND headers <QtWidgets>)
      endif()
      list(TRANSFORM headers REPLACE "^(.+)$" "$<$<COMPILE_LANGUAGE:CXX>:\\1>")
      target_precompile_headers(${host} PRIVATE ${headers})
    endif()
    target_precompile_headers(${test} REUSE_FROM ${host})
  endforeach()
  list(LENGTH tests test_count)
  list(LENGTH hosts host_count)
  message(STATUS "Precompiled headers: ${test_count} tests reuse ${host_count} headers (${hosts})")
endfunction()
