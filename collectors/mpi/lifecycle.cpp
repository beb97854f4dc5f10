// MPI_Init, MPI_Init_thread and MPI_Finalize (the rank's recorder and the tree collectives,
// treecollectives.h, come and go with them) and MPI_Comm_free (the communicator's entry stays for
// the run's description, commtable.h; its private duplicate for the tree goes). The calls that
// make communicators are in communicators.cpp.

#include "collectors/mpi/interposer.h"
#include "collectors/mpi/treecollectives.h"

#include <memory>

namespace xylem::mpi {

namespace {

std::unique_ptr<RankRecorder>& rankSlot() noexcept
{
    static std::unique_ptr<RankRecorder> rank;
    return rank;
}

std::unique_ptr<TreeCollectives>& treeSlot() noexcept
{
    static std::unique_ptr<TreeCollectives> tree;
    return tree;
}

// After PMPI_Init: the recorder, then the tree collectives (XYLEM_MPI_TREE).
void startRank()
{
    rankSlot() = RankRecorder::start();
    g_activeRank = rankSlot().get();
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    treeSlot() = TreeCollectives::start(rank, rankHostName());
    g_activeTree = treeSlot().get();
}

} // namespace

RankRecorder* g_activeRank = nullptr; // interposer.h: rankSlot()'s, read on every call

} // namespace xylem::mpi

using xylem::mpi::activeRank;

extern "C" {

int MPI_Init(int* argc, char*** argv)
{
    const int result = PMPI_Init(argc, argv);
    if (result == MPI_SUCCESS) {
        xylem::mpi::startRank();
    }
    return result;
}

int MPI_Init_thread(int* argc, char*** argv, int required, int* provided)
{
    const int result = PMPI_Init_thread(argc, argv, required, provided);
    if (result == MPI_SUCCESS) {
        xylem::mpi::startRank();
    }
    return result;
}

int MPI_Finalize(void)
{
    if (auto& tree = xylem::mpi::treeSlot()) {
        if (auto& rank = xylem::mpi::rankSlot()) {
            rank->setTree(tree->info());
        }
        tree->finish();
        xylem::mpi::g_activeTree = nullptr;
        tree.reset();
    }
    if (auto& rank = xylem::mpi::rankSlot()) {
        rank->finish();
        xylem::mpi::g_activeRank = nullptr;
        rank.reset(); // closes the ring: the collector drains it
    }
    return PMPI_Finalize();
}

int MPI_Comm_free(MPI_Comm* comm)
{
    if (auto* r = activeRank(); r && comm) {
        r->comms().forget(*comm);
    }
    if (auto* t = xylem::mpi::activeTree(); t && comm) {
        t->forget(*comm);
    }
    return PMPI_Comm_free(comm);
}

} // extern "C"
