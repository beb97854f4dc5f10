// The Fortran entry points of MPI_Init, MPI_Init_thread and MPI_Finalize (the C wrappers start
// and end the rank's recording, so a Fortran program is recorded from its MPI_INIT on) and of
// the calls that make or free communicators (the C wrappers give the new communicator its id).
// A LOGICAL array (periods, remain_dims) is passed as the C int array it is: gfortran's LOGICAL
// is 4 bytes with .TRUE. = 1, what OpenMPI's binding passes unconverted too.

#include "collectors/mpi/fortran/fortranbindings.h"

using namespace xylem::mpi::fortran;

XYLEM_FORTRAN(init, INIT, (MPI_Fint * ierr))
{
    // Fortran has no argc/argv to give; OpenMPI's binding passes none either.
    int argc = 0;
    char** argv = nullptr;
    setError(ierr, MPI_Init(&argc, &argv));
}

XYLEM_FORTRAN(init_thread, INIT_THREAD, (MPI_Fint * required, MPI_Fint* provided, MPI_Fint* ierr))
{
    int argc = 0;
    char** argv = nullptr;
    int given = MPI_THREAD_SINGLE;
    const int result = MPI_Init_thread(&argc, &argv, *required, &given);
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        *provided = given;
    }
}

XYLEM_FORTRAN(finalize, FINALIZE, (MPI_Fint * ierr))
{
    setError(ierr, MPI_Finalize());
}

XYLEM_FORTRAN(comm_dup, COMM_DUP, (MPI_Fint * comm, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Comm_dup(commOf(comm), &made), made, newcomm);
}

XYLEM_FORTRAN(comm_dup_with_info, COMM_DUP_WITH_INFO,
              (MPI_Fint * comm, MPI_Fint* info, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Comm_dup_with_info(commOf(comm), PMPI_Info_f2c(*info), &made), made,
             newcomm);
}

XYLEM_FORTRAN(comm_split, COMM_SPLIT,
              (MPI_Fint * comm, MPI_Fint* color, MPI_Fint* key, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Comm_split(commOf(comm), *color, *key, &made), made, newcomm);
}

XYLEM_FORTRAN(comm_split_type, COMM_SPLIT_TYPE,
              (MPI_Fint * comm, MPI_Fint* splitType, MPI_Fint* key, MPI_Fint* info,
               MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Comm_split_type(commOf(comm), *splitType, *key, PMPI_Info_f2c(*info), &made),
             made, newcomm);
}

XYLEM_FORTRAN(comm_create, COMM_CREATE,
              (MPI_Fint * comm, MPI_Fint* group, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Comm_create(commOf(comm), PMPI_Group_f2c(*group), &made), made, newcomm);
}

XYLEM_FORTRAN(comm_create_group, COMM_CREATE_GROUP,
              (MPI_Fint * comm, MPI_Fint* group, MPI_Fint* tag, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Comm_create_group(commOf(comm), PMPI_Group_f2c(*group), *tag, &made), made,
             newcomm);
}

XYLEM_FORTRAN_AND_PMPI(cart_create, CART_CREATE,
                       (MPI_Fint * comm, MPI_Fint* ndims, MPI_Fint* dims, Logical* periods,
                        Logical* reorder, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Cart_create(commOf(comm), *ndims, dims, periods, *reorder != 0, &made), made,
             newcomm);
}

XYLEM_FORTRAN_AND_PMPI(cart_sub, CART_SUB,
                       (MPI_Fint * comm, Logical* remainDims, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Cart_sub(commOf(comm), remainDims, &made), made, newcomm);
}

XYLEM_FORTRAN_AND_PMPI(graph_create, GRAPH_CREATE,
                       (MPI_Fint * comm, MPI_Fint* nnodes, MPI_Fint* index, MPI_Fint* edges,
                        Logical* reorder, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Graph_create(commOf(comm), *nnodes, index, edges, *reorder != 0, &made),
             made, newcomm);
}

XYLEM_FORTRAN_AND_PMPI(dist_graph_create, DIST_GRAPH_CREATE,
                       (MPI_Fint * comm, MPI_Fint* n, MPI_Fint* sources, MPI_Fint* degrees,
                        MPI_Fint* destinations, MPI_Fint* weightsIn, MPI_Fint* info,
                        Logical* reorder, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr,
             MPI_Dist_graph_create(commOf(comm), *n, sources, degrees, destinations,
                                   weights(weightsIn), PMPI_Info_f2c(*info), *reorder != 0, &made),
             made, newcomm);
}

XYLEM_FORTRAN_AND_PMPI(dist_graph_create_adjacent, DIST_GRAPH_CREATE_ADJACENT,
                       (MPI_Fint * comm, MPI_Fint* indegree, MPI_Fint* sources,
                        MPI_Fint* sourceweights, MPI_Fint* outdegree, MPI_Fint* destinations,
                        MPI_Fint* destweights, MPI_Fint* info, Logical* reorder, MPI_Fint* newcomm,
                        MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr,
             MPI_Dist_graph_create_adjacent(
                 commOf(comm), *indegree, sources, weights(sourceweights), *outdegree, destinations,
                 weights(destweights), PMPI_Info_f2c(*info), *reorder != 0, &made),
             made, newcomm);
}

XYLEM_FORTRAN(intercomm_create, INTERCOMM_CREATE,
              (MPI_Fint * localComm, MPI_Fint* localLeader, MPI_Fint* peerComm,
               MPI_Fint* remoteLeader, MPI_Fint* tag, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr,
             MPI_Intercomm_create(commOf(localComm), *localLeader, commOf(peerComm), *remoteLeader,
                                  *tag, &made),
             made, newcomm);
}

XYLEM_FORTRAN_AND_PMPI(intercomm_merge, INTERCOMM_MERGE,
                       (MPI_Fint * intercomm, Logical* high, MPI_Fint* newcomm, MPI_Fint* ierr))
{
    MPI_Comm made = MPI_COMM_NULL;
    madeComm(ierr, MPI_Intercomm_merge(commOf(intercomm), *high != 0, &made), made, newcomm);
}

XYLEM_FORTRAN(comm_free, COMM_FREE, (MPI_Fint * comm, MPI_Fint* ierr))
{
    MPI_Comm c = commOf(comm);
    const int result = MPI_Comm_free(&c);
    setError(ierr, result);
    if (result == MPI_SUCCESS) {
        *comm = PMPI_Comm_c2f(c);
    }
}
