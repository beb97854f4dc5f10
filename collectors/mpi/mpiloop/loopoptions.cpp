#include "collectors/mpi/mpiloop/loopoptions.h"

#include "collectors/nodelog/nodeoptions.h"

#include <CLI/CLI.hpp>
#include <map>
#include <string>

namespace xylem::mpi {

std::variant<LoopOptions, int> parseLoopOptions(int argc, char** argv, const char* version)
{
    LoopOptions o;
    std::string pattern = "allreduce";
    CLI::App app("xylem-mpiloop: the project's MPI program to record. Each iteration every rank "
                 "computes, then calls MPI_Allreduce (pattern allreduce), one of each of the "
                 "first recorded calls (pattern mixed), every call the interposer records "
                 "(pattern coverage) or a ring of messages (pattern p2p); rank 0 prints the time "
                 "per iteration.",
                 "xylem-mpiloop");
    app.footer("Run it under mpirun, with the interposer (libxylem-mpi.so) to record it: see "
               "collectors/mpi/README.md.");
    constexpr int kMax = 1 << 30;
    app.add_option("--iterations", o.iterations, "Iterations of every rank")
        ->capture_default_str()
        ->check(CLI::Range(1, kMax));
    app.add_option("--bytes", o.bytes, "Bytes per call")
        ->capture_default_str()
        ->check(CLI::Range(std::int64_t(1), std::int64_t(1) << 26));
    app.add_option("--pattern", pattern,
                   "allreduce; mixed: the nine collectives, Isend/Irecv/Wait, Send/Recv and "
                   "an Allreduce on a split communicator; coverage: every call the interposer "
                   "records, each a known number of times per iteration (the communicator-making "
                   "calls once; an even number of ranks); p2p: a barrier, then a ring of "
                   "messages (each rank receives from its left and sends to its right: "
                   "Irecv/Isend/Waitall, Irecv/Send/Wait and Isend/Recv/Wait in turn) in which "
                   "--late-rank sleeps --late-us before each send, a planted Late Sender")
        ->capture_default_str()
        ->check(CLI::IsMember({"allreduce", "mixed", "coverage", "p2p"}));
    app.add_option("--compute-us", o.computeUs, "Microseconds of computing per iteration")
        ->capture_default_str()
        ->check(CLI::Range(0, kMax));
    app.add_option("--late-rank", o.lateRank, "A rank that computes --late-us longer (-1: none)")
        ->capture_default_str()
        ->check(CLI::Range(0, kMax));
    app.add_option("--late-us", o.lateUs, "Microseconds more of --late-rank's computing")
        ->capture_default_str()
        ->check(CLI::Range(0, kMax));
    app.add_flag("--late-each-call", o.lateEachCall,
                 "Pattern mixed: --late-rank also sleeps --late-us before each of its collectives, "
                 "so that every kind has the late rank");
    app.add_option("--outstanding", o.outstanding,
                   "Before the loop, each rank posts this many Irecvs from and Isends to rank ^ 1 "
                   "at once, then finishes them with one Waitall (the interposer tracks 3072 "
                   "requests at most)")
        ->capture_default_str()
        ->check(CLI::Range(0, 1 << 20));
    app.add_option("--kill-rank", o.killRank,
                   "A rank that dies of SIGKILL before iteration --kill-after (-1: none)")
        ->capture_default_str()
        ->check(CLI::Range(0, kMax));
    app.add_option("--kill-after", o.killAfter, "The iteration before which --kill-rank dies")
        ->capture_default_str()
        ->check(CLI::Range(0, kMax));
    app.add_option("--abort-code", o.abortCode,
                   "After the last iteration (and its line), rank 0 ends the job with "
                   "MPI_Abort(MPI_COMM_WORLD, code) (default -1: it finishes normally)")
        ->check(CLI::Range(-1, 255));
    nodeoptions::prepare(app, "xylem-mpiloop", version);
    if (const auto exit = nodeoptions::parse(app, argc, argv, "xylem-mpiloop")) {
        return *exit;
    }
    o.mixed = pattern == "mixed";
    o.coverage = pattern == "coverage";
    o.p2p = pattern == "p2p";
    return o;
}

} // namespace xylem::mpi
