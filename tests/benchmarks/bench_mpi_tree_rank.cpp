// bench_mpi_tree's MPI program, run under mpirun with libxylem-mpi.so preloaded and
// XYLEM_MPI_TREE set (collectors/mpi/treecollectives.h). Its 8-byte MPI_Allreduce calls alternate
// blocks on MPI_COMM_WORLD, which the interposer performs through Xylem's tree, with blocks on a
// copy of the world in reversed rank order, which is not congruent to the world and so is done by
// the MPI library's own algorithm (the tree's NotWorld fallback). Both kinds go through the
// interposer and are recorded alike; only the algorithm differs. Same processes, same placement,
// same transport: blocks inside one launch compare, separate launches on busy cores do not.
// Every call's result is checked. Rank 0 prints the median time per call of each kind.
//
//   bench_mpi_tree_rank BLOCKS CALLS

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mpi.h>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kWarmupBlocks = 10; // not counted: pages, caches and the transport settle

// One block's time per call in ns; wrong counts the calls whose sum was not expected.
double block(MPI_Comm comm, int rank, int calls, std::int64_t expected, int& wrong)
{
    const std::int64_t mine = rank + 1;
    std::int64_t sum = 0;
    PMPI_Barrier(MPI_COMM_WORLD);
    const auto start = Clock::now();
    for (int i = 0; i < calls; ++i) {
        if (MPI_Allreduce(&mine, &sum, 1, MPI_INT64_T, MPI_SUM, comm) != MPI_SUCCESS ||
            sum != expected) {
            ++wrong;
        }
    }
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count() / calls;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    const int blocks = argc == 3 ? std::atoi(argv[1]) : 0;
    const int calls = argc == 3 ? std::atoi(argv[2]) : 0;
    if (blocks < 1 || calls < 1) {
        std::fprintf(stderr, "usage: bench_mpi_tree_rank BLOCKS CALLS\n");
        return 2;
    }
    MPI_Init(&argc, &argv);
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm reversed = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed);
    const std::int64_t expected = std::int64_t(size) * (size + 1) / 2;
    std::vector<double> native;
    std::vector<double> tree;
    int wrong = 0;
    for (int b = 0; b < kWarmupBlocks + 2 * blocks; ++b) {
        // Alternating, so that whatever else the machine does falls on both kinds alike.
        const bool throughTree = b % 2 == 1;
        const double ns =
            block(throughTree ? MPI_COMM_WORLD : reversed, rank, calls, expected, wrong);
        if (b >= kWarmupBlocks) {
            (throughTree ? tree : native).push_back(ns);
        }
    }
    int allWrong = 0;
    PMPI_Allreduce(&wrong, &allWrong, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (rank == 0) {
        if (allWrong == 0) {
            std::printf("bench_mpi_tree_rank: %d ranks: %.1f ns per call native, %.1f ns per call "
                        "through the tree (medians of %d blocks of %d calls each)\n",
                        size, median(native), median(tree), blocks, calls);
        } else {
            std::printf("bench_mpi_tree_rank: %d MPI_Allreduce calls gave a wrong sum\n", allWrong);
        }
        std::fflush(stdout);
    }
    MPI_Comm_free(&reversed);
    MPI_Finalize();
    return allWrong == 0 ? 0 : 1;
}
