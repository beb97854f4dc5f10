#pragma once

// Reads a subcommand's arguments against its CommandSpec with CLI11 (the only file that includes
// it: the header is heavy) and gives the command's body the Arguments it reads.

#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "app/cli/optionspec.h"
#include "core/model/result.h"

#include <optional>
#include <ostream>
#include <string>

namespace xylem::cli {

// The options given; nullopt when --help or --version was asked for and answered on `out`.
// A bad command line is an InvalidArgument error whose message names the option.
Result<std::optional<Arguments>> parseCommandLine(const CommandSpec& spec, const Args& args,
                                                  std::ostream& out);

// The command's help: its usage, then every option with its description and default.
std::string commandHelp(const CommandSpec& spec);

} // namespace xylem::cli
