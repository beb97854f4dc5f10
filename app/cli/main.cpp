// xylem-cli: Xylem's command line. The same engine as the GUI, printed.

#include "app/cli/commands.h"
#include "core/model/freedmemory.h"

#include <exception>
#include <iomanip>
#include <iostream>
#include <string_view>

#include "xylem/version.h"

namespace {

using namespace xylem::cli;

struct Command
{
    std::string_view name;
    int (*run)(const Args&, std::ostream&, std::ostream&);
    std::string_view summary;
};

// Each command describes its own options (xylem-cli COMMAND --help); this is the list of them.
constexpr Command kCommands[] = {
    {"analyze", runAnalyze, "every metric of a run, from its files or from a session"},
    {"compare", runCompare, "configuration A against configuration B"},
    {"generate", runGenerate, "print a generated xylem-tree/1 configuration"},
    {"record", runRecord, "run xylem-gsum on a cluster and record it live into a session"},
    {"mpi", runMpi, "record an MPI program's calls (-- mpirun -np 4 PROGRAM ARGS)"},
    {"tune", runTune, "search for a faster tree, guided by the analysis; each try is a run"},
    {"sweep", runSweep, "record gsum (or an MPI program) once per tree of a list, compare them"},
    {"import", runImport, "add runs from trace files or an OTF2 archive to a session"},
    {"info", runInfo, "list a session's runs"},
    {"export", runExport, "write a session's run as files, CSV tables, OTF2 or trace events"},
    {"sql", runSql, "SQL over a session: its tables, decoded tuples, calls, MPI events"},
    {"recover", runRecover, "keep what a cut-off recording committed"},
    {"repair", runRepair, "rebuild the per-call records of finished runs from their tuples"},
};

void printHelp(std::ostream& out)
{
    out << "xylem-cli: performance analysis of collective communication\n"
           "\n"
           "usage: xylem-cli COMMAND [OPTIONS]   (xylem-cli COMMAND --help: its options)\n"
           "       xylem-cli help [COMMAND] | --help | --version\n"
           "\n"
           "Commands:\n";
    for (const Command& c : kCommands) {
        out << "  " << std::left << std::setw(10) << c.name << c.summary << '\n';
    }
    out << "\n"
           "A session file (S.xylem) is given as the first argument or with --session.\n"
           "Exit status: 0 success, 2 bad input or usage, 1 other failure.\n";
}

const Command* findCommand(std::string_view name)
{
    for (const Command& c : kCommands) {
        if (c.name == name) {
            return &c;
        }
    }
    return nullptr;
}

int dispatch(int argc, char** argv)
{
    const std::string_view first = argc < 2 ? std::string_view() : argv[1];
    if (first.empty()) {
        std::cerr << "xylem-cli: give a command\n\n";
        printHelp(std::cerr);
        return kExitBadInput;
    }
    if (first == "--help" || first == "-h" || (first == "help" && argc == 2)) {
        printHelp(std::cout);
        return kExitOk;
    }
    if (first == "--version") {
        std::cout << "xylem-cli " << xylem::kVersion << '\n';
        return kExitOk;
    }
    const bool helpOf = first == "help"; // xylem-cli help COMMAND
    const std::string_view name = helpOf ? argv[2] : first;
    const Command* command = findCommand(name);
    if (!command) {
        std::cerr << "xylem-cli: unknown command '" << name << "'\n\n";
        printHelp(std::cerr);
        return kExitBadInput;
    }
    const Args args = helpOf ? Args{"--help"} : Args(argv + 2, argv + argc);
    return command->run(args, std::cout, std::cerr);
}

} // namespace

int main(int argc, char** argv)
{
    xylem::returnFreedMemoryToSystem(); // record runs for hours: its memory follows its data
    try {
        return dispatch(argc, argv);
    } catch (const std::bad_alloc&) {
        std::cerr << "xylem-cli: out of memory\n";
        return kExitFailure;
    } catch (const std::exception& e) {
        std::cerr << "xylem-cli: internal error: " << e.what() << '\n';
        return kExitFailure;
    }
}
