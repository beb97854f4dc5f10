// bench_mpi's MPI program, run under mpirun with libxylem-mpi.so preloaded. Its calls alternate
// blocks through the MPI library's own PMPI_ names (the interposer never sees them: the calls
// as they cost without Xylem) and through the MPI_ names (the interposer's wrappers: recorded).
// Same processes, same placement, same shared-memory transport: on two busy cores separate
// launches differ by far more than the few nanoseconds measured, blocks inside one launch do
// not. Rank 0 prints the median time per iteration of each kind of block.
//
//   bench_mpi_rank allreduce|pingpong BLOCKS ITERATIONS
//
// allreduce: every rank calls an 8-byte MPI_Allreduce per iteration (MPI_MAX of 8 MPI_CHAR, the
// call of xylem-mpiloop's loop).
// pingpong: ranks 0 and 1 exchange an 8-byte message per iteration (0 sends then receives, 1
// receives then sends; other ranks wait at the block's barrier).

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <mpi.h>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kWarmupBlocks = 20; // not counted: pages, caches and the transport settle

enum class Pattern { Allreduce, PingPong };

template <bool Recorded>
int allreduce(const std::int64_t* in, std::int64_t* out)
{
    if constexpr (Recorded) {
        return MPI_Allreduce(in, out, 8, MPI_CHAR, MPI_MAX, MPI_COMM_WORLD);
    } else {
        return PMPI_Allreduce(in, out, 8, MPI_CHAR, MPI_MAX, MPI_COMM_WORLD);
    }
}

template <bool Recorded>
int send(const std::int64_t* value, int to)
{
    if constexpr (Recorded) {
        return MPI_Send(value, 1, MPI_INT64_T, to, 5, MPI_COMM_WORLD);
    } else {
        return PMPI_Send(value, 1, MPI_INT64_T, to, 5, MPI_COMM_WORLD);
    }
}

template <bool Recorded>
int receive(std::int64_t* value, int from)
{
    if constexpr (Recorded) {
        return MPI_Recv(value, 1, MPI_INT64_T, from, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    } else {
        return PMPI_Recv(value, 1, MPI_INT64_T, from, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    }
}

// One block's time per iteration in ns, or a negative number if a call failed.
template <bool Recorded>
double block(Pattern pattern, int rank, int iterations)
{
    std::int64_t in = rank + 1;
    std::int64_t out = 0;
    int failed = 0;
    PMPI_Barrier(MPI_COMM_WORLD);
    const auto start = Clock::now();
    if (pattern == Pattern::Allreduce) {
        for (int i = 0; i < iterations; ++i) {
            failed |= allreduce<Recorded>(&in, &out);
        }
    } else if (rank == 0) {
        for (int i = 0; i < iterations; ++i) {
            failed |= send<Recorded>(&in, 1);
            failed |= receive<Recorded>(&out, 1);
        }
    } else if (rank == 1) {
        for (int i = 0; i < iterations; ++i) {
            failed |= receive<Recorded>(&out, 0);
            failed |= send<Recorded>(&in, 0);
        }
    }
    const double ns = std::chrono::duration<double, std::nano>(Clock::now() - start).count();
    return failed ? -1 : ns / iterations;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    const std::string name = argc == 4 ? argv[1] : "";
    const int blocks = argc == 4 ? std::atoi(argv[2]) : 0;
    const int iterations = argc == 4 ? std::atoi(argv[3]) : 0;
    if ((name != "allreduce" && name != "pingpong") || blocks < 2 || iterations < 1) {
        std::fprintf(stderr, "usage: bench_mpi_rank allreduce|pingpong BLOCKS ITERATIONS\n");
        return 2;
    }
    const Pattern pattern = name == "allreduce" ? Pattern::Allreduce : Pattern::PingPong;
    MPI_Init(&argc, &argv);
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (pattern == Pattern::PingPong && size < 2) {
        std::fprintf(stderr, "bench_mpi_rank: pingpong needs 2 ranks, got %d\n", size);
        MPI_Finalize();
        return 2;
    }
    std::vector<double> plain;
    std::vector<double> recorded;
    bool failed = false;
    for (int b = 0; b < kWarmupBlocks + 2 * blocks; ++b) {
        // Alternating, so that whatever else the machine does falls on both kinds alike.
        const bool withXylem = b % 2 == 1;
        const double ns = withXylem ? block<true>(pattern, rank, iterations)
                                    : block<false>(pattern, rank, iterations);
        failed |= ns < 0;
        if (b >= kWarmupBlocks) {
            (withXylem ? recorded : plain).push_back(ns);
        }
    }
    if (rank == 0 && !failed) {
        std::printf("bench_mpi_rank: %s on %d ranks: %.2f ns per iteration plain, %.2f ns "
                    "recorded (medians of %d blocks of %d iterations each)\n",
                    name.c_str(), size, median(plain), median(recorded), blocks, iterations);
    }
    MPI_Finalize();
    return failed ? 1 : 0;
}
