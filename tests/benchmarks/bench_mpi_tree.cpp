// What Xylem's tree inside an MPI program costs a small collective (issue 24 item 6): an 8-byte
// MPI_Allreduce on 4 ranks, by the MPI library's own algorithm and through `--tree hierarchy`
// (collectors/mpi/treecollectives.h), in the same launches. bench_mpi_tree_rank runs under
// mpirun with libxylem-mpi.so preloaded and XYLEM_MPI_TREE=hierarchy, alternating blocks on the
// world (through the tree) with blocks on a reversed copy of it (MPI's own: the tree leaves a
// communicator that is not congruent to the world to MPI); both are recorded into rings, as
// `xylem-cli mpi --tree` records them. Each launch is checked: every call's sum was right, every
// rank had its ring, and rank 0's tree summary counts at least the calls of each kind, so neither
// figure can be the other path's. On 2 cores the 4 ranks share the cores (--oversubscribe), so a
// call waits for the scheduler and the figures say more about hops than about microseconds.
//
// Figures: tree_allreduce_us_native and tree_allreduce_us_hierarchy, the medians over launches
// of each launch's median time per call.

#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr int kLaunches = 5;
constexpr int kRanks = 4;
constexpr int kBlocks = 30;       // of each kind
constexpr int kCalls = 100;       // per block
constexpr int kWarmupBlocks = 10; // bench_mpi_tree_rank's own, half of each kind

struct Launch
{
    double nativeNs = -1;
    double treeNs = -1;
    long long throughTree = -1; // rank 0's tree summary
    long long byMpi = -1;
};

std::string ringPrefix()
{
    return "xylem-bench-mpi-tree-" + std::to_string(::getpid()) + "-";
}

// The rings of this launch removed; how many there were.
int removeRings(const std::string& prefix)
{
    int rings = 0;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
        const std::string name = e.path().filename().string();
        if (name.starts_with(prefix)) {
            rings += ::shm_unlink(("/" + name).c_str()) == 0 ? 1 : 0;
        }
    }
    return rings;
}

Launch launchOnce(const std::string& prefix)
{
    // No collector: the rings are only written, as bench_mpi does.
    const std::string command =
        "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LD_PRELOAD=" XYLEM_MPI_LIBRARY
        " XYLEM_MPI_TREE=hierarchy XYLEM_RING_PREFIX=" +
        prefix + " XYLEM_COLLECTOR_SOCKET=/nonexistent/" + prefix +
        " mpirun --oversubscribe --bind-to none -np " + std::to_string(kRanks) +
        " " XYLEM_MPI_TREE_RANK " " + std::to_string(kBlocks) + " " + std::to_string(kCalls) +
        " 2>&1";
    Launch launch;
    const bool ran = xylem::bench::eachOutputLine(command, [&](const std::string& text) {
        if (const auto at = text.find("ranks: "); at != std::string::npos) {
            std::sscanf(text.c_str() + at, "ranks: %lf ns per call native, %lf ns per call",
                        &launch.nativeNs, &launch.treeNs);
        } else if (const auto tree = text.find(" between hosts: "); tree != std::string::npos) {
            std::sscanf(text.c_str() + tree,
                        " between hosts: %lld collectives through the tree, %lld by MPI's own",
                        &launch.throughTree, &launch.byMpi);
        } else {
            std::fputs(text.c_str(), stdout); // the launcher's or the program's complaint
        }
    });
    if (!ran) {
        return Launch{};
    }
    return launch;
}

} // namespace

int main()
{
    const std::string prefix = ringPrefix();
    const long long perKind = static_cast<long long>(kWarmupBlocks / 2 + kBlocks) * kCalls;
    std::vector<double> native, tree;
    for (int i = 0; i < kLaunches; ++i) {
        const Launch l = launchOnce(prefix);
        const int rings = removeRings(prefix);
        if (l.nativeNs <= 0 || l.treeNs <= 0) {
            std::fprintf(stderr, "bench_mpi_tree: launch %d failed\n", i + 1);
            return 1;
        }
        if (rings != kRanks || l.throughTree < perKind || l.byMpi < perKind) {
            std::fprintf(stderr,
                         "bench_mpi_tree: launch %d: %d rings (expected %d), %lld calls through "
                         "the tree and %lld by MPI's own (expected at least %lld each): was the "
                         "interposer loaded and the tree in use?\n",
                         i + 1, rings, kRanks, l.throughTree, l.byMpi, perKind);
            return 1;
        }
        native.push_back(l.nativeNs / 1000.0);
        tree.push_back(l.treeNs / 1000.0);
        std::printf("bench_mpi_tree: launch %d: %.2f us per call native, %.2f us through "
                    "hierarchy (%lld calls through the tree, %lld by MPI's own)\n",
                    i + 1, native.back(), tree.back(), l.throughTree, l.byMpi);
    }
    std::printf("bench_mpi_tree: 4-rank 8-byte MPI_Allreduce, medians of %d launches, each %d "
                "alternating blocks of %d calls per kind\n",
                kLaunches, kBlocks, kCalls);
    xylem::bench::printFigure("tree_allreduce_us_native", xylem::bench::median(native), "us");
    xylem::bench::printFigure("tree_allreduce_us_hierarchy", xylem::bench::median(tree), "us");
    return 0;
}
