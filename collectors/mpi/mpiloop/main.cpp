// xylem-mpiloop: the project's MPI program to record. Each iteration every rank computes (a
// busy loop of --compute-us, and --late-us more on --late-rank), then calls MPI_Allreduce on
// --bytes (pattern allreduce), one of each of the first recorded calls (pattern mixed: the nine
// collectives, a ring of Isend/Irecv/Wait, Send/Recv pairs, and an Allreduce on a split
// communicator), every call the interposer records (pattern coverage, coverage.h) or a ring of
// messages with a planted late sender (pattern p2p, lateRing). Rank 0 prints the time per
// iteration. --kill-rank makes one rank die of SIGKILL mid-run, to test that a recording survives
// a crashed rank; --abort-code makes rank 0 end the job with MPI_Abort, as a failing solver does.

#include "collectors/mpi/mpiloop/coverage.h"
#include "collectors/mpi/mpiloop/loopoptions.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <mpi.h>
#include <string_view>
#include <thread>
#include <vector>

#include "xylem/version.h"

namespace {

using Clock = std::chrono::steady_clock;

void compute(int us)
{
    const auto until = Clock::now() + std::chrono::microseconds(us);
    while (Clock::now() < until) {
    }
}

void pause(int us)
{
    if (us > 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(us));
    }
}

struct Buffers
{
    explicit Buffers(size_t bytes, int size)
        : send(bytes, 1)
        , receive(bytes * static_cast<size_t>(size), 0)
        , counts(static_cast<size_t>(size), static_cast<int>(bytes))
    {
    }
    std::vector<char> send;
    std::vector<char> receive;
    std::vector<int> counts;
};

void pointToPoint(Buffers& b, int rank, int size, int n)
{
    const int right = (rank + 1) % size;
    const int left = (rank + size - 1) % size;
    MPI_Request requests[2];
    MPI_Irecv(b.receive.data(), n, MPI_CHAR, left, 7, MPI_COMM_WORLD, &requests[0]);
    MPI_Isend(b.send.data(), n, MPI_CHAR, right, 7, MPI_COMM_WORLD, &requests[1]);
    MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
    MPI_Wait(&requests[1], MPI_STATUS_IGNORE);
    const int peer = rank ^ 1;
    if (peer < size) {
        if (rank % 2 == 0) {
            MPI_Send(b.send.data(), n, MPI_CHAR, peer, 9, MPI_COMM_WORLD);
        } else {
            MPI_Recv(b.receive.data(), n, MPI_CHAR, MPI_ANY_SOURCE, 9, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        }
    }
}

// lateUs: how long this rank sleeps before each collective (--late-each-call), so that each kind
// has a late rank of its own; 0 for the others.
void mixed(Buffers& b, MPI_Comm half, int rank, int size, int n, int iteration, int lateUs)
{
    char* out = b.receive.data();
    pause(lateUs);
    MPI_Allreduce(b.send.data(), out, n, MPI_CHAR, MPI_MAX, MPI_COMM_WORLD);
    pause(lateUs);
    MPI_Bcast(out, n, MPI_CHAR, iteration % size, MPI_COMM_WORLD);
    pause(lateUs);
    MPI_Reduce(b.send.data(), out, n, MPI_CHAR, MPI_MAX, 0, MPI_COMM_WORLD);
    pause(lateUs);
    MPI_Barrier(MPI_COMM_WORLD);
    pause(lateUs);
    MPI_Allgather(b.send.data(), n, MPI_CHAR, out, n, MPI_CHAR, MPI_COMM_WORLD);
    pause(lateUs);
    MPI_Alltoall(b.receive.data(), n / size > 0 ? n / size : 1, MPI_CHAR, b.send.data(),
                 n / size > 0 ? n / size : 1, MPI_CHAR, MPI_COMM_WORLD);
    std::vector<char> full(b.counts.size() * static_cast<size_t>(n), 1);
    pause(lateUs);
    MPI_Reduce_scatter(full.data(), out, b.counts.data(), MPI_CHAR, MPI_MAX, MPI_COMM_WORLD);
    pause(lateUs);
    MPI_Gather(b.send.data(), n, MPI_CHAR, out, n, MPI_CHAR, size - 1, MPI_COMM_WORLD);
    pause(lateUs);
    // Its root turns, as the Bcast's does, so that a late rank is at times the late root.
    MPI_Scatter(b.receive.data(), n, MPI_CHAR, b.send.data(), n, MPI_CHAR, iteration % size,
                MPI_COMM_WORLD);
    pointToPoint(b, rank, size, n);
    pause(lateUs);
    MPI_Allreduce(b.send.data(), out, n, MPI_CHAR, MPI_MAX, half);
}

// Pattern p2p: after a barrier (so that the waiting does not travel round the ring: only the late
// rank's right neighbour waits for it, in a Late Sender, the others in the barrier), each rank
// receives from its left and sends to its right, --late-rank sleeping --late-us first (a sleep,
// not a busy loop: 4 ranks share 2 cores in the tests, and a core given back lets the others
// leave the barrier together, so that the late rank's waiting is not hidden). Three ways in
// turn, so that the waiting is in MPI_Waitall, MPI_Wait and MPI_Recv: Irecv/Isend/Waitall,
// Irecv/Send/Wait (the receive posted first, so a rendezvous Send cannot deadlock the ring) and
// Isend/Recv/Wait.
void lateRing(Buffers& b, int rank, int size, int n, int iteration, int lateUs)
{
    const int right = (rank + 1) % size;
    const int left = (rank + size - 1) % size;
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Request requests[2];
    switch (iteration % 3) {
    case 0:
        MPI_Irecv(b.receive.data(), n, MPI_CHAR, left, 11, MPI_COMM_WORLD, &requests[0]);
        pause(lateUs);
        MPI_Isend(b.send.data(), n, MPI_CHAR, right, 11, MPI_COMM_WORLD, &requests[1]);
        MPI_Waitall(2, requests, MPI_STATUSES_IGNORE);
        break;
    case 1:
        MPI_Irecv(b.receive.data(), n, MPI_CHAR, left, 12, MPI_COMM_WORLD, &requests[0]);
        pause(lateUs);
        MPI_Send(b.send.data(), n, MPI_CHAR, right, 12, MPI_COMM_WORLD);
        MPI_Wait(&requests[0], MPI_STATUS_IGNORE);
        break;
    default:
        pause(lateUs);
        MPI_Isend(b.send.data(), n, MPI_CHAR, right, 13, MPI_COMM_WORLD, &requests[1]);
        MPI_Recv(b.receive.data(), n, MPI_CHAR, left, 13, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Wait(&requests[1], MPI_STATUS_IGNORE);
        break;
    }
}

// n Irecvs from rank ^ 1 and n Isends to it at once, then one Waitall: more requests than the
// interposer can track when n is large.
void outstanding(int rank, int size, int n)
{
    const int peer = (rank ^ 1) < size ? rank ^ 1 : rank;
    std::vector<char> in(static_cast<size_t>(n) * 8);
    const std::vector<char> out(8, 1);
    std::vector<MPI_Request> requests(2 * static_cast<size_t>(n));
    for (int i = 0; i < n; ++i) {
        MPI_Irecv(in.data() + static_cast<size_t>(i) * 8, 8, MPI_CHAR, peer, 40, MPI_COMM_WORLD,
                  &requests[static_cast<size_t>(i)]);
    }
    for (int i = 0; i < n; ++i) {
        MPI_Isend(out.data(), 8, MPI_CHAR, peer, 40, MPI_COMM_WORLD,
                  &requests[static_cast<size_t>(n + i)]);
    }
    MPI_Waitall(2 * n, requests.data(), MPI_STATUSES_IGNORE);
}

// Under mpirun every rank parses the same command line: only the first says what is wrong. The
// rank is read from the launcher's environment because MPI is not started yet (--help and
// --version need no MPI at all).
bool firstRank()
{
    for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
        if (const char* rank = std::getenv(name)) {
            return std::string_view(rank) == "0";
        }
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (!firstRank()) {
        std::cout.setstate(std::ios::failbit);
        std::cerr.setstate(std::ios::failbit);
    }
    const auto parsed = xylem::mpi::parseLoopOptions(argc, argv, xylem::kVersion);
    std::cout.clear();
    std::cerr.clear();
    if (const int* exit = std::get_if<int>(&parsed)) {
        return *exit;
    }
    const auto& o = std::get<xylem::mpi::LoopOptions>(parsed);
    MPI_Init(&argc, &argv);
    int rank = 0;
    int size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (o.coverage && size % 2 != 0) {
        if (rank == 0) {
            std::fprintf(stderr,
                         "xylem-mpiloop: --pattern coverage needs an even number of "
                         "ranks (pairs of rank and rank ^ 1), not %d\n",
                         size);
        }
        MPI_Finalize();
        return 2;
    }
    Buffers buffers(static_cast<size_t>(o.bytes), size);
    MPI_Comm half = MPI_COMM_NULL;
    MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &half);
    auto coverage =
        o.coverage ? std::make_unique<xylem::mpi::Coverage>(rank, size, static_cast<int>(o.bytes))
                   : nullptr;
    if (o.outstanding > 0) {
        outstanding(rank, size, o.outstanding);
    }
    MPI_Barrier(MPI_COMM_WORLD);
    const auto started = Clock::now();
    for (int i = 0; i < o.iterations; ++i) {
        if (rank == o.killRank && i == o.killAfter) {
            std::raise(SIGKILL);
        }
        const int lateUs = rank == o.lateRank ? o.lateUs : 0;
        if (o.p2p) {
            compute(o.computeUs);
            lateRing(buffers, rank, size, static_cast<int>(o.bytes), i, lateUs);
            continue;
        }
        compute(o.computeUs + lateUs);
        if (coverage) {
            coverage->iterate();
        } else if (o.mixed) {
            mixed(buffers, half, rank, size, static_cast<int>(o.bytes), i,
                  o.lateEachCall ? lateUs : 0);
        } else {
            MPI_Allreduce(buffers.send.data(), buffers.receive.data(), static_cast<int>(o.bytes),
                          MPI_CHAR, MPI_MAX, MPI_COMM_WORLD);
        }
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - started).count();
    if (rank == 0) {
        std::printf("mpiloop: %d iterations on %d ranks in %.6f s, %.4f us per iteration\n",
                    o.iterations, size, seconds, seconds * 1e6 / o.iterations);
        if (o.abortCode >= 0) {
            // The line above must reach the terminal before the job ends.
            std::fflush(stdout);
            MPI_Abort(MPI_COMM_WORLD, o.abortCode);
        }
    }
    coverage.reset();
    MPI_Comm_free(&half);
    MPI_Finalize();
    return 0;
}
