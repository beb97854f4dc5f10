// The PMPI interposer's cost (performance.md: <= 5 % on a 2-rank 8-byte MPI_Allreduce loop and
// on a 2-rank 8-byte Send/Recv ping-pong). bench_mpi_rank runs under mpirun with
// libxylem-mpi.so preloaded and alternates, inside each launch, blocks of calls through the
// MPI library's own PMPI_ names (unrecorded) with blocks through the interposer (recorded):
// on two cores shared with whatever else runs, one launch differs from the next by more than
// the whole cost measured, blocks of one launch do not. Figures: the median over launches of
// (recorded - plain) / plain of the time per iteration, and beside each the nanoseconds the
// interposer adds per MPI call (per iteration, over the calls one rank makes in it: 1 for
// Allreduce, 2 for the ping-pong, whose critical path runs through both ranks' calls).
// Each launch is checked to have recorded: its rings must hold every recorded call.
//
// Figures: mpi_overhead_pct_2ranks, mpi_overhead_pct_p2p, mpi_overhead_pct (4 ranks: more ranks
// than cores here, so each call waits for the scheduler and the percentage says little), and
// mpi_added_ns_2ranks, mpi_added_ns_p2p, mpi_added_ns.

#include "collectors/ring/ringreader.h"
#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr int kLaunches = 5;
constexpr int kWarmupBlocks = 20; // bench_mpi_rank's own, recorded too

struct Case
{
    const char* pattern; // bench_mpi_rank's
    int ranks;
    int blocks;            // of each kind
    int iterations;        // per block
    int callsPerIteration; // MPI calls one rank makes per iteration
    const char* what;
};

struct Launch
{
    double plainNs = -1;
    double recordedNs = -1;
};

std::string ringPrefix()
{
    return "xylem-bench-mpi-" + std::to_string(::getpid()) + "-";
}

// Records in the rings of this run, and the rings removed.
std::uint64_t takeRings(const std::string& prefix, int& rings)
{
    std::uint64_t written = 0;
    rings = 0;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
        const std::string name = e.path().filename().string();
        if (!name.starts_with(prefix)) {
            continue;
        }
        if (auto ring = xylem::ring::MappedRing::open("/" + name)) {
            written += ring->written();
            ++rings;
        }
        ::shm_unlink(("/" + name).c_str());
    }
    return written;
}

Launch launchOnce(const Case& c, const std::string& prefix)
{
    // No collector: one that happens to run for this user would drain the rings while the
    // blocks are timed, and its reads, not the interposer, would be measured.
    const std::string command =
        "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LD_PRELOAD=" XYLEM_MPI_LIBRARY
        " XYLEM_RING_PREFIX=" +
        prefix + " XYLEM_COLLECTOR_SOCKET=/nonexistent/" + prefix +
        " mpirun --oversubscribe --bind-to none -np " + std::to_string(c.ranks) +
        " " XYLEM_MPI_RANK " " + c.pattern + " " + std::to_string(c.blocks) + " " +
        std::to_string(c.iterations) + " 2>&1";
    Launch launch;
    const bool ran = xylem::bench::eachOutputLine(command, [&](const std::string& text) {
        if (const auto at = text.find("ranks: "); at != std::string::npos) {
            std::sscanf(text.c_str() + at, "ranks: %lf ns per iteration plain, %lf ns recorded",
                        &launch.plainNs, &launch.recordedNs);
        } else {
            std::fputs(text.c_str(), stdout); // the launcher's or the program's complaint
        }
    });
    if (!ran) {
        return Launch{};
    }
    return launch;
}

struct Overhead
{
    double pct = NAN;
    double addedNs = NAN;
};

// The medians over launches, NaN when a launch failed or recorded less than it called.
Overhead measure(const Case& c)
{
    const std::string prefix = ringPrefix();
    const int recordingRanks = c.callsPerIteration == 2 ? 2 : c.ranks; // ping-pong: ranks 0, 1
    const std::uint64_t expected = static_cast<std::uint64_t>(recordingRanks) *
                                   static_cast<std::uint64_t>(kWarmupBlocks / 2 + c.blocks) *
                                   static_cast<std::uint64_t>(c.iterations * c.callsPerIteration);
    std::vector<double> pcts, added, plain, recorded;
    for (int i = 0; i < kLaunches; ++i) {
        const Launch l = launchOnce(c, prefix);
        int rings = 0;
        const std::uint64_t written = takeRings(prefix, rings);
        if (l.plainNs <= 0 || l.recordedNs <= 0) {
            std::printf("bench_mpi: %s: launch %d failed\n", c.what, i + 1);
            return {};
        }
        if (rings != c.ranks || written < expected) {
            std::printf("bench_mpi: %s: launch %d recorded %llu calls in %d rings, expected at "
                        "least %llu in %d: was the interposer loaded?\n",
                        c.what, i + 1, static_cast<unsigned long long>(written), rings,
                        static_cast<unsigned long long>(expected), c.ranks);
            return {};
        }
        plain.push_back(l.plainNs);
        recorded.push_back(l.recordedNs);
        pcts.push_back((l.recordedNs - l.plainNs) / l.plainNs * 100.0);
        added.push_back((l.recordedNs - l.plainNs) / c.callsPerIteration);
        std::printf("bench_mpi: %s, launch %d: %.1f ns per iteration plain, %.1f ns recorded: "
                    "%+.1f %%, %+.1f ns per call\n",
                    c.what, i + 1, l.plainNs, l.recordedNs, pcts.back(), added.back());
    }
    const Overhead o{xylem::bench::median(pcts), xylem::bench::median(added)};
    std::printf("bench_mpi: %s: %.1f ns per iteration plain, %.1f ns recorded (medians of %d "
                "launches, each %d alternating blocks of %d iterations per kind): %.2f %%, "
                "%.1f ns added per call\n",
                c.what, xylem::bench::median(plain), xylem::bench::median(recorded), kLaunches,
                c.blocks, c.iterations, o.pct, o.addedNs);
    return o;
}

} // namespace

int main()
{
    const Case allreduce2{"allreduce", 2, 1000, 200, 1, "2-rank 8-byte MPI_Allreduce"};
    const Case pingpong{"pingpong", 2, 1000, 100, 2, "2-rank 8-byte MPI_Send/MPI_Recv ping-pong"};
    const Case allreduce4{"allreduce", 4, 100, 20, 1, "4-rank 8-byte MPI_Allreduce"};
    const Overhead two = measure(allreduce2);
    const Overhead p2p = measure(pingpong);
    const Overhead four = measure(allreduce4);
    if (std::isnan(two.pct) || std::isnan(p2p.pct) || std::isnan(four.pct)) {
        std::fprintf(stderr, "bench_mpi: an mpirun of bench_mpi_rank failed\n");
        return 1;
    }
    xylem::bench::printFigure("mpi_overhead_pct_2ranks", two.pct, "%");
    xylem::bench::printFigure("mpi_added_ns_2ranks", two.addedNs, "ns");
    xylem::bench::printFigure("mpi_overhead_pct_p2p", p2p.pct, "%");
    xylem::bench::printFigure("mpi_added_ns_p2p", p2p.addedNs, "ns");
    xylem::bench::printFigure("mpi_overhead_pct", four.pct, "%");
    xylem::bench::printFigure("mpi_added_ns", four.addedNs, "ns");
    return 0;
}
