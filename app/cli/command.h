#pragma once

// What every subcommand shares: parse the options its spec describes (answering --help and
// --version), run its body, and turn an Error into a message naming the command and an exit
// code (2 for bad input or usage, 1 otherwise).

#include "app/cli/arguments.h"
#include "app/cli/commands.h"
#include "app/cli/optionspec.h"
#include "core/model/result.h"

#include <functional>
#include <ostream>

namespace xylem::cli {

using CommandBody =
    std::function<Result<Ok>(const Arguments&, std::ostream& out, std::ostream& err)>;

int runCommand(const CommandSpec& spec, const Args& args, std::ostream& out, std::ostream& err,
               const CommandBody& body);

int exitCodeFor(ErrorCode code);

} // namespace xylem::cli
