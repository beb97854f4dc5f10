#include "app/cli/command.h"

#include "app/cli/cliparser.h"

namespace xylem::cli {

int exitCodeFor(ErrorCode code)
{
    switch (code) {
    case ErrorCode::ReadOnly:
    case ErrorCode::DiskFull:
    case ErrorCode::Busy:
    case ErrorCode::TimedOut:
        return kExitFailure; // the input was fine; the machine (or a peer) said no
    default:
        return kExitBadInput;
    }
}

int runCommand(const CommandSpec& spec, const Args& args, std::ostream& out, std::ostream& err,
               const CommandBody& body)
{
    auto parsed = parseCommandLine(spec, args, out);
    if (!parsed) {
        err << "xylem-cli " << spec.name << ": " << parsed.error().describe() << '\n'
            << spec.usage << "every option: xylem-cli " << spec.name << " --help\n";
        return kExitBadInput;
    }
    if (!parsed.value()) {
        return kExitOk; // --help or --version, answered
    }
    auto done = body(*parsed.value(), out, err);
    if (!done) {
        err << "xylem-cli " << spec.name << ": " << done.error().describe() << '\n';
        if (done.error().code == ErrorCode::InvalidArgument) {
            err << spec.usage;
        }
        return exitCodeFor(done.error().code);
    }
    return kExitOk;
}

} // namespace xylem::cli
