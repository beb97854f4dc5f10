// The PMPI interposer's cost (performance.md, issue 9): xylem-mpiloop's 8-byte MPI_Allreduce
// loop under mpirun, with libxylem-mpi.so preloaded and without, launches alternating so that
// a busy neighbour hurts both alike; the median time per iteration of each over the pairs.
// Prints figure mpi_overhead_pct (4 ranks, oversubscribed on small machines) and the 2-rank
// figure beside it.

#include "tests/benchmarks/benchharness.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

constexpr int kPairs = 7;
constexpr int kIterations = 100000;

// Runs the loop; its time per iteration in us, or a negative number if it failed.
double loopUs(int ranks, bool interposed, const std::string& prefix)
{
    std::string command = "OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 ";
    if (interposed) {
        command += "LD_PRELOAD=" XYLEM_MPI_LIBRARY " XYLEM_RING_PREFIX=" + prefix + " ";
    }
    command += "mpirun --oversubscribe --bind-to none -np " + std::to_string(ranks) +
               " " XYLEM_MPILOOP " --bytes 8 --iterations " + std::to_string(kIterations) + " 2>&1";
    FILE* pipe = ::popen(command.c_str(), "r");
    if (!pipe) {
        return -1;
    }
    double us = -1;
    std::array<char, 512> line{};
    while (std::fgets(line.data(), line.size(), pipe)) {
        const std::string text(line.data());
        if (const auto at = text.find(" s, "); at != std::string::npos) {
            us = std::atof(text.c_str() + at + 4);
        }
    }
    return ::pclose(pipe) == 0 ? us : -1;
}

void removeRings(const std::string& prefix)
{
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/dev/shm", ec)) {
        if (e.path().filename().string().starts_with(prefix)) {
            std::filesystem::remove(e.path(), ec);
        }
    }
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Median overhead in % over the pairs (negative when recorded runs were faster), NaN if a run
// failed.
double overheadPct(int ranks)
{
    const std::string prefix = "xylem-bench-mpi-" + std::to_string(::getpid()) + "-";
    std::vector<double> plain;
    std::vector<double> recorded;
    for (int i = 0; i < kPairs; ++i) {
        plain.push_back(loopUs(ranks, false, prefix));
        recorded.push_back(loopUs(ranks, true, prefix));
        removeRings(prefix);
        if (plain.back() <= 0 || recorded.back() <= 0) {
            return std::nan("");
        }
    }
    const double base = median(plain);
    const double with = median(recorded);
    std::printf("bench_mpi: %d ranks: %.4f us per 8-byte MPI_Allreduce plain, %.4f us recorded "
                "(medians of %d alternating pairs of %d iterations)\n",
                ranks, base, with, kPairs, kIterations);
    return (with - base) / base * 100.0;
}

} // namespace

int main()
{
    const double two = overheadPct(2);
    const double four = overheadPct(4);
    if (std::isnan(two) || std::isnan(four)) {
        std::fprintf(stderr, "bench_mpi: an mpirun of xylem-mpiloop failed\n");
        return 1;
    }
    xylem::bench::printFigure("mpi_overhead_pct_2ranks", two, "%");
    xylem::bench::printFigure("mpi_overhead_pct", four, "%");
    return 0;
}
