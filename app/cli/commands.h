#pragma once

// The subcommands of xylem-cli. Each takes its arguments (after the subcommand's name) and
// returns the process exit code: 0 success, 2 bad input or usage (the message names the file,
// line and problem), 1 anything else.

#include <ostream>
#include <string>
#include <vector>

namespace xylem::cli {

enum ExitCode : int
{
    kExitOk = 0,
    kExitFailure = 1,
    kExitBadInput = 2
};

using Args = std::vector<std::string>;

int runAnalyze(const Args& args, std::ostream& out, std::ostream& err);
int runCompare(const Args& args, std::ostream& out, std::ostream& err);
int runGenerate(const Args& args, std::ostream& out, std::ostream& err);
int runImport(const Args& args, std::ostream& out, std::ostream& err);
int runInfo(const Args& args, std::ostream& out, std::ostream& err);
int runExport(const Args& args, std::ostream& out, std::ostream& err);
int runSql(const Args& args, std::ostream& out, std::ostream& err);
int runRecover(const Args& args, std::ostream& out, std::ostream& err);
int runRepair(const Args& args, std::ostream& out, std::ostream& err);
int runRecord(const Args& args, std::ostream& out, std::ostream& err);
int runMpi(const Args& args, std::ostream& out, std::ostream& err);
int runTune(const Args& args, std::ostream& out, std::ostream& err);
int runSweep(const Args& args, std::ostream& out, std::ostream& err);

} // namespace xylem::cli
