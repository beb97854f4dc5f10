// xylem-cli: Xylem's command line. The same engine as the GUI, printed.

#include "app/cli/commands.h"
#include "xylem/version.h"

#include <exception>
#include <iostream>
#include <string_view>

namespace {

constexpr const char* kHelp =
    "xylem-cli: performance analysis of collective communication\n"
    "\n"
    "  xylem-cli analyze  --tree F.tree.json --trace F.trace.csv [--json] [--top N]\n"
    "      every metric of a run; --json gives the report of metrics.md section 8\n"
    "  xylem-cli compare  --tree A --trace A --tree B --trace B [--thread ID] [--json]\n"
    "      configuration A against configuration B\n"
    "  xylem-cli generate --hosts N|A:c0,B:c1 [--threads T] [--shape "
    "flat|kary|binomial|hierarchy]\n"
    "                     [--arity K] [--root core|gred]\n"
    "      prints a generated xylem-tree/1 configuration\n"
    "  xylem-cli record   (--config F | --hosts H --threads T) [--duration D] -o S.xylem\n"
    "      runs xylem-gsum on a local cluster and records it live into a session\n"
    "  xylem-cli mpi -o S.xylem -- mpirun -np 4 PROGRAM ARGS\n"
    "      records an MPI program's calls (PMPI interposer) into a session\n"
    "  xylem-cli import | info | export | recover | repair\n"
    "      sessions: see 'xylem-cli COMMAND --help'\n"
    "\n"
    "Exit status: 0 success, 2 bad input or usage, 1 other failure.\n";

} // namespace

int main(int argc, char** argv)
{
    using namespace xylem::cli;
    if (argc < 2 || std::string_view(argv[1]) == "help" || std::string_view(argv[1]) == "--help") {
        std::cout << kHelp;
        return argc < 2 ? kExitBadInput : kExitOk;
    }
    const std::string_view command = argv[1];
    const Args args(argv + 2, argv + argc);
    const struct
    {
        std::string_view name;
        int (*run)(const Args&, std::ostream&, std::ostream&);
    } commands[] = {{"analyze", runAnalyze}, {"compare", runCompare}, {"generate", runGenerate},
                    {"import", runImport},   {"info", runInfo},       {"export", runExport},
                    {"recover", runRecover}, {"repair", runRepair},   {"record", runRecord},
                    {"mpi", runMpi}};
    try {
        for (const auto& c : commands) {
            if (c.name == command) {
                return c.run(args, std::cout, std::cerr);
            }
        }
        if (command == "--version") {
            std::cout << "xylem-cli " << xylem::kVersion << '\n';
            return kExitOk;
        }
    } catch (const std::bad_alloc&) {
        std::cerr << "xylem-cli: out of memory\n";
        return kExitFailure;
    } catch (const std::exception& e) {
        std::cerr << "xylem-cli: internal error: " << e.what() << '\n';
        return kExitFailure;
    }
    std::cerr << "xylem-cli: unknown command '" << command << "'\n\n" << kHelp;
    return kExitBadInput;
}
