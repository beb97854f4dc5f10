/* Many MPI_Allreduce calls on MPI_COMM_WORLD with results to check, for the run-time tuner of
 * the world's Allreduce tree (libxylem-mpi.so with XYLEM_MPI_ADAPT, collectors/mpi/treeadapt.h):
 * tst_mpiadapt runs it while the tuner switches trees and checks every call's result against
 * the tree the tuner says that call went through.
 *
 * "adaptcalls N" (default 40): N iterations, each two MPI_Allreduce on MPI_COMM_WORLD (the
 * tuner's calls 2i and 2i+1): a long sum of (rank + 1) * (i + 1), then a double sum of
 * x(rank, i) = 1 / (3 + rank + 7 i) (as treecollectives.c). Every rank keeps its results; rank 0
 * gathers them (MPI_Gather, no Allreduce) and prints, per iteration, "call <i> <long sum> <double
 * bits in hex>" and at the end "ranks_differ <k>": the iterations in which some rank's long or
 * double differs from rank 0's (an Allreduce gives every rank the same result). */

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rank = 0, size = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const int n = argc > 1 && atoi(argv[1]) > 0 ? atoi(argv[1]) : 40;
    long* longs = malloc(sizeof(long) * (size_t)n);
    unsigned long long* bits = malloc(sizeof(unsigned long long) * (size_t)n);
    for (int i = 0; i < n; ++i) {
        long v = (long)(rank + 1) * (i + 1);
        double x = 1.0 / (3.0 + rank + 7.0 * i), sum = 0;
        MPI_Allreduce(&v, &longs[i], 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        MPI_Allreduce(&x, &sum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        memcpy(&bits[i], &sum, sizeof sum);
    }
    long* allLongs = rank == 0 ? malloc(sizeof(long) * (size_t)n * (size_t)size) : NULL;
    unsigned long long* allBits =
        rank == 0 ? malloc(sizeof(unsigned long long) * (size_t)n * (size_t)size) : NULL;
    MPI_Gather(longs, n, MPI_LONG, allLongs, n, MPI_LONG, 0, MPI_COMM_WORLD);
    MPI_Gather(bits, n, MPI_UNSIGNED_LONG_LONG, allBits, n, MPI_UNSIGNED_LONG_LONG, 0,
               MPI_COMM_WORLD);
    if (rank == 0) {
        int differ = 0;
        for (int i = 0; i < n; ++i) {
            printf("call %d %ld %016llx\n", i, longs[i], bits[i]);
            int same = 1;
            for (int r = 1; r < size; ++r) {
                same = same && allLongs[(size_t)r * (size_t)n + (size_t)i] == longs[i] &&
                       allBits[(size_t)r * (size_t)n + (size_t)i] == bits[i];
            }
            differ += !same;
        }
        printf("ranks_differ %d\n", differ);
        free(allLongs);
        free(allBits);
    }
    free(longs);
    free(bits);
    MPI_Finalize();
    return 0;
}
