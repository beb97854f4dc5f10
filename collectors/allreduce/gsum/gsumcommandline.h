#pragma once

// xylem-gsum's command line, parsed by CLI11 (collectors/nodelog/nodeoptions.h): the
// subcommands launch and run, each with its --help (every option described, with its default)
// and --version. What each option's value means is checked where it is used (gsumoptions.h),
// with messages that name the option.

#include "collectors/allreduce/gsum/gsumoptions.h"

#include <variant>

namespace xylem::allreduce {

// The options given, or the code to exit with (0 after --help or --version, 2 after a usage
// error, both printed). version: xylem::kVersion, which only executables may include.
std::variant<GsumOptions, int> parseGsumCommandLine(int argc, char** argv, const char* version);

} // namespace xylem::allreduce
