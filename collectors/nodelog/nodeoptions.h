#pragma once

// The node binaries' command lines (xylem-collector, xylem-relay, xylem-gsum, xylem-mpiloop),
// parsed by CLI11 the same way: --help and --version on the program and on each subcommand
// (on stdout, exit 0), a one-line description and the default of every option, and a usage
// error on stderr that names the option, with exit code 2.

#include <optional>
#include <string>
#include <vector>

namespace CLI {
class App;
} // namespace CLI

namespace xylem::nodeoptions {

inline constexpr int kUsageError = 2;

// The common parts of an app and of each of its subcommands made so far: --version printing
// "PROGRAM VERSION", an option given twice keeps its last value (as the hand-written parsers
// did: a launcher may append to what it was given), a help column wide enough for the options.
// The version comes from the executable (xylem/version.h is linked to executables only).
void prepare(CLI::App& app, const std::string& program, const std::string& version);

// Parses the arguments (without the program's name). nullopt: go on. A value: exit with it,
// after the help or the version on stdout (0) or "PROGRAM: what is wrong" and where to find
// help on stderr (2).
std::optional<int> parse(CLI::App& app, std::vector<std::string> arguments,
                         const std::string& program);
std::optional<int> parse(CLI::App& app, int argc, char** argv, const std::string& program);

} // namespace xylem::nodeoptions
