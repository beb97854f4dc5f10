# Included by CMakeLists.txt: the gather tree's pure data path — filters (and their
# composition), wave assembly, the batch codec — and filter plugins
# loaded at run time.
foreach(suite filters filtercomposition wave batchcodec filterplugin)
  xylem_add_test(tst_${suite} SOURCES tst_${suite}.cpp LIBS xylem_gather)
endforeach()

# One source, four plugins: good, another ABI, no entry point, a table with a null function.
set(variant 0)
foreach(plugin good badabi nosymbol badtable)
  set(target xylem_testfilterplugin_${plugin})
  add_library(${target} MODULE testfilterplugin.cpp)
  target_include_directories(${target} PRIVATE ${XYLEM_INCLUDE_ROOT})
  target_compile_definitions(${target} PRIVATE XYLEM_PLUGIN_VARIANT=${variant})
  xylem_warnings(${target})
  string(TOUPPER ${plugin} upper)
  target_compile_definitions(tst_filterplugin PRIVATE XYLEM_TEST_PLUGIN_${upper}="$<TARGET_FILE:${target}>")
  add_dependencies(tst_filterplugin ${target})
  math(EXPR variant "${variant} + 1")
endforeach()

# The shipped example plugin (collectors/filterplugins).
target_compile_definitions(tst_filterplugin PRIVATE XYLEM_EXAMPLE_FILTERS="$<TARGET_FILE:xylem-example-filters>")
add_dependencies(tst_filterplugin xylem-example-filters)
