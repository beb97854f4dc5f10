// The calls that make communicators. Each is recorded as its own call on the communicator it is
// made from (Comm_dup ... Dist_graph_create_adjacent are collective over that parent and take
// its next collective seq; Comm_create_group, Intercomm_create and Intercomm_merge are not
// collective over one whole communicator we know and take the rank's point-to-point count), with
// no partner and no bytes. The new communicator is then registered with the id its members agree
// on (commtable.h: its rank 0 broadcasts it over the new communicator, which every member reaches
// since the making call is collective over exactly them; ranks that get MPI_COMM_NULL take no
// part).
//
// Intercommunicators (made by Intercomm_create, or by Comm_dup, Comm_split, Comm_create of an
// intercommunicator) are not announced: a broadcast with root 0 from both groups would be an
// erroneous intercommunicator broadcast (a hang). Each group knows it by its local group, the
// members MPI_Comm_group gives: its id is the hash of those members (commtable.h's id for
// communicators made behind our back), so the two groups record it under two ids, each listing
// its own side's members. Intercomm_merge makes an intracommunicator of both groups: that one is
// announced like any other.

#include "collectors/mpi/interposer.h"

using xylem::MpiCall;
using xylem::mpi::activeRank;
using xylem::mpi::recordCall;

namespace {

void registerMade(const MPI_Comm* made, int result)
{
    auto* r = activeRank();
    if (!r || result != MPI_SUCCESS || !made || *made == MPI_COMM_NULL) {
        return;
    }
    int inter = 0;
    PMPI_Comm_test_inter(*made, &inter);
    if (inter) {
        r->comms().find(*made); // its local group's id, now, so the description lists it
    } else {
        r->comms().registerNew(*made, r->worldRank());
    }
}

template <typename Call> int recordMade(MpiCall kind, MPI_Comm parent, MPI_Comm* made, Call&& call)
{
    const int result = recordCall(kind, parent, 0, -1, 0, std::forward<Call>(call));
    registerMade(made, result);
    return result;
}

} // namespace

extern "C" {

int MPI_Comm_dup(MPI_Comm comm, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CommDup, comm, newcomm,
                      [&] { return PMPI_Comm_dup(comm, newcomm); });
}

int MPI_Comm_dup_with_info(MPI_Comm comm, MPI_Info info, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CommDupWithInfo, comm, newcomm,
                      [&] { return PMPI_Comm_dup_with_info(comm, info, newcomm); });
}

int MPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CommSplit, comm, newcomm,
                      [&] { return PMPI_Comm_split(comm, color, key, newcomm); });
}

int MPI_Comm_split_type(MPI_Comm comm, int type, int key, MPI_Info info, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CommSplitType, comm, newcomm,
                      [&] { return PMPI_Comm_split_type(comm, type, key, info, newcomm); });
}

int MPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CommCreate, comm, newcomm,
                      [&] { return PMPI_Comm_create(comm, group, newcomm); });
}

int MPI_Comm_create_group(MPI_Comm comm, MPI_Group group, int tag, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CommCreateGroup, comm, newcomm,
                      [&] { return PMPI_Comm_create_group(comm, group, tag, newcomm); });
}

int MPI_Cart_create(MPI_Comm comm, int ndims, const int dims[], const int periods[], int reorder,
                    MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CartCreate, comm, newcomm, [&] {
        return PMPI_Cart_create(comm, ndims, dims, periods, reorder, newcomm);
    });
}

int MPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm* newcomm)
{
    return recordMade(MpiCall::CartSub, comm, newcomm,
                      [&] { return PMPI_Cart_sub(comm, remain_dims, newcomm); });
}

int MPI_Graph_create(MPI_Comm comm, int nnodes, const int index[], const int edges[], int reorder,
                     MPI_Comm* newcomm)
{
    return recordMade(MpiCall::GraphCreate, comm, newcomm, [&] {
        return PMPI_Graph_create(comm, nnodes, index, edges, reorder, newcomm);
    });
}

int MPI_Dist_graph_create(MPI_Comm comm, int n, const int nodes[], const int degrees[],
                          const int targets[], const int weights[], MPI_Info info, int reorder,
                          MPI_Comm* newcomm)
{
    return recordMade(MpiCall::DistGraphCreate, comm, newcomm, [&] {
        return PMPI_Dist_graph_create(comm, n, nodes, degrees, targets, weights, info, reorder,
                                      newcomm);
    });
}

int MPI_Dist_graph_create_adjacent(MPI_Comm comm, int indegree, const int sources[],
                                   const int sourceweights[], int outdegree,
                                   const int destinations[], const int destweights[], MPI_Info info,
                                   int reorder, MPI_Comm* newcomm)
{
    return recordMade(MpiCall::DistGraphCreateAdjacent, comm, newcomm, [&] {
        return PMPI_Dist_graph_create_adjacent(comm, indegree, sources, sourceweights, outdegree,
                                               destinations, destweights, info, reorder, newcomm);
    });
}

int MPI_Intercomm_create(MPI_Comm local_comm, int local_leader, MPI_Comm peer_comm,
                         int remote_leader, int tag, MPI_Comm* newintercomm)
{
    return recordMade(MpiCall::IntercommCreate, local_comm, newintercomm, [&] {
        return PMPI_Intercomm_create(local_comm, local_leader, peer_comm, remote_leader, tag,
                                     newintercomm);
    });
}

int MPI_Intercomm_merge(MPI_Comm intercomm, int high, MPI_Comm* newintracomm)
{
    return recordMade(MpiCall::IntercommMerge, intercomm, newintracomm,
                      [&] { return PMPI_Intercomm_merge(intercomm, high, newintracomm); });
}

} // extern "C"
