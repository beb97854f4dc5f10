// MPI_Init, MPI_Init_thread and MPI_Finalize (the rank's recorder comes and goes with them) and
// the calls that make and free communicators (their ids, commtable.h).

#include "collectors/mpi/interposer.h"

#include <memory>

namespace xylem::mpi {

namespace {

std::unique_ptr<RankRecorder>& rankSlot() noexcept
{
    static std::unique_ptr<RankRecorder> rank;
    return rank;
}

} // namespace

RankRecorder* g_activeRank = nullptr; // interposer.h: rankSlot()'s, read on every call

} // namespace xylem::mpi

using xylem::mpi::activeRank;

namespace {

void registerNew(MPI_Comm* made, int result)
{
    if (auto* r = activeRank(); r && result == MPI_SUCCESS && made) {
        r->comms().registerNew(*made, r->worldRank());
    }
}

} // namespace

extern "C" {

int MPI_Init(int* argc, char*** argv)
{
    const int result = PMPI_Init(argc, argv);
    if (result == MPI_SUCCESS) {
        xylem::mpi::rankSlot() = xylem::mpi::RankRecorder::start();
        xylem::mpi::g_activeRank = xylem::mpi::rankSlot().get();
    }
    return result;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
    const int result = PMPI_Init_thread(argc, argv, required, provided);
    if (result == MPI_SUCCESS) {
        xylem::mpi::rankSlot() = xylem::mpi::RankRecorder::start();
        xylem::mpi::g_activeRank = xylem::mpi::rankSlot().get();
    }
    return result;
}

int MPI_Finalize(void)
{
    if (auto& rank = xylem::mpi::rankSlot()) {
        rank->finish();
        xylem::mpi::g_activeRank = nullptr;
        rank.reset(); // closes the ring: the collector drains it
    }
    return PMPI_Finalize();
}

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm)
{
    const int result = PMPI_Comm_dup(comm, newcomm);
    registerNew(newcomm, result);
    return result;
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm)
{
    const int result = PMPI_Comm_split(comm, color, key, newcomm);
    registerNew(newcomm, result);
    return result;
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm* newcomm)
{
    const int result = PMPI_Comm_split_type(comm, type, key, info, newcomm);
    registerNew(newcomm, result);
    return result;
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm)
{
    const int result = PMPI_Comm_create(comm, group, newcomm);
    registerNew(newcomm, result);
    return result;
}

int MPI_Comm_free(MPI_Comm* comm)
{
    if (auto* r = activeRank(); r && comm) {
        r->comms().forget(*comm);
    }
    return PMPI_Comm_free(comm);
}

} // extern "C"
