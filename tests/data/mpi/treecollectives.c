/* The collectives libxylem-mpi.so runs through a spanning tree (XYLEM_MPI_TREE,
 * collectors/mpi/treecollectives.h), with results to compare: tst_mpitree runs it natively and
 * through every tree and compares what rank 0 prints. On MPI_COMM_WORLD and on a duplicate:
 * Allreduce (int sum, max, min; long sum; bitwise and logical ops; MINLOC on MPI_DOUBLE_INT;
 * MPI_IN_PLACE; double sum), Reduce to ranks 0 and n-1 (int and double sum, in place at the root),
 * Bcast from every root (also of a derived type), Barrier; and what must fall back to MPI's own:
 * a user-defined op (commutative and not), a reduction on a derived type, and collectives on a
 * communicator not congruent to the world (ranks in reverse order).
 *
 * Output (rank 0, after gathering every rank's lines): "<comm> <test> r<rank> <values>", integers
 * in decimal, doubles as the hex of their bits (tests named dbl_*: the driver computes the tree's
 * own order of the sum of x(r, i) = 1 / (3 + r + 7 i)).
 * With "die": the last rank exits before the first Allreduce (the run must fail, not hang).
 * With "bench N": N rounds of 100 8-byte MPI_Allreduce (the interposer's: the tree, if one is
 * chosen) then 100 8-byte PMPI_Allreduce (MPI's own, past the interposer); rank 0 prints the
 * median over the rounds of each one's time per call in microseconds:
 * "bench tree <us> native <us>".
 * With "late R N": N 8-byte MPI_Allreduce on MPI_COMM_WORLD, rank R sleeping 2 ms before each
 * (a planted late rank for the analysis of the tree's stages); rank 0 prints "late <sum>". */

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define LINE 256
#define LINES 64

static char lines[LINES][LINE];
static int used = 0;
static int rank = 0;
static int size = 1;

static void say(const char* comm, const char* test, const char* values)
{
    if (used < LINES) {
        snprintf(lines[used++], LINE, "%s %s r%d %s", comm, test, rank, values);
    }
}

static void ints(const char* comm, const char* test, const long* v, int n)
{
    char text[LINE] = "";
    for (int i = 0; i < n; ++i) {
        snprintf(text + strlen(text), LINE - strlen(text), "%s%ld", i ? " " : "", v[i]);
    }
    say(comm, test, text);
}

static void doubles(const char* comm, const char* test, const double* v, int n)
{
    char text[LINE] = "";
    for (int i = 0; i < n; ++i) {
        unsigned long long bits;
        memcpy(&bits, &v[i], sizeof bits);
        snprintf(text + strlen(text), LINE - strlen(text), "%s%016llx", i ? " " : "", bits);
    }
    say(comm, test, text);
}

static double x(int r, int i)
{
    return 1.0 / (3.0 + r + 7.0 * i);
}

static void userSum(void* in, void* inout, int* len, MPI_Datatype* type)
{
    int ints = 1;
    if (*type != MPI_INT) {
        MPI_Type_size(*type, &ints);
        ints /= (int)sizeof(int);
    }
    for (int i = 0; i < *len * ints; ++i) {
        ((int*)inout)[i] += ((int*)in)[i];
    }
}

/* a op b = 2a + b: not commutative; MPI combines in rank order. */
static void userOrdered(void* in, void* inout, int* len, MPI_Datatype* type)
{
    (void)type;
    for (int i = 0; i < *len; ++i) {
        ((int*)inout)[i] = 2 * ((int*)in)[i] + ((int*)inout)[i];
    }
}

static void allreduces(MPI_Comm comm, const char* name)
{
    int a[3], out[3];
    long l[3], lo[3], shown[3];
    for (int i = 0; i < 3; ++i) {
        a[i] = rank * 7 + i * 13 + 1;
        l[i] = ((long)rank << 33) + i * 1000003L;
    }
    const struct { const char* test; MPI_Op op; } intOps[] = {
        {"int_sum", MPI_SUM}, {"int_max", MPI_MAX}, {"int_min", MPI_MIN}, {"int_prod", MPI_PROD},
        {"int_band", MPI_BAND}, {"int_bor", MPI_BOR}, {"int_bxor", MPI_BXOR},
        {"int_land", MPI_LAND}, {"int_lor", MPI_LOR}, {"int_lxor", MPI_LXOR}};
    for (size_t k = 0; k < sizeof intOps / sizeof intOps[0]; ++k) {
        MPI_Allreduce(a, out, 3, MPI_INT, intOps[k].op, comm);
        for (int i = 0; i < 3; ++i) shown[i] = out[i];
        ints(name, intOps[k].test, shown, 3);
    }
    MPI_Allreduce(l, lo, 3, MPI_LONG, MPI_SUM, comm);
    ints(name, "long_sum", lo, 3);
    for (int i = 0; i < 3; ++i) out[i] = a[i];
    MPI_Allreduce(MPI_IN_PLACE, out, 3, MPI_INT, MPI_SUM, comm);
    for (int i = 0; i < 3; ++i) shown[i] = out[i];
    ints(name, "int_sum_in_place", shown, 3);
    struct { double v; int r; } loc = {x(rank % 3, 0), rank}, found;
    MPI_Allreduce(&loc, &found, 1, MPI_DOUBLE_INT, MPI_MINLOC, comm);
    shown[0] = found.r;
    ints(name, "minloc_rank", shown, 1);
    double d[4], dout[4];
    for (int i = 0; i < 4; ++i) d[i] = x(rank, i);
    MPI_Allreduce(d, dout, 4, MPI_DOUBLE, MPI_SUM, comm);
    doubles(name, "dbl_allreduce", dout, 4);
}

static void reduces(MPI_Comm comm, const char* name)
{
    const int roots[2] = {0, size - 1};
    for (int k = 0; k < 2; ++k) {
        const int root = roots[k];
        char test[64];
        int a[2] = {rank + 1, 100 - rank}, out[2] = {-1, -1};
        long shown[2];
        MPI_Reduce(a, out, 2, MPI_INT, MPI_SUM, root, comm);
        if (rank == root) {
            shown[0] = out[0];
            shown[1] = out[1];
            snprintf(test, sizeof test, "reduce_sum_root%d", root);
            ints(name, test, shown, 2);
        }
        int inplace[2] = {rank + 1, 100 - rank};
        MPI_Reduce(rank == root ? MPI_IN_PLACE : inplace, rank == root ? inplace : NULL, 2,
                   MPI_INT, MPI_MAX, root, comm);
        if (rank == root) {
            shown[0] = inplace[0];
            shown[1] = inplace[1];
            snprintf(test, sizeof test, "reduce_max_in_place_root%d", root);
            ints(name, test, shown, 2);
        }
        double d[3], dout[3];
        for (int i = 0; i < 3; ++i) d[i] = x(rank, i);
        MPI_Reduce(d, dout, 3, MPI_DOUBLE, MPI_SUM, root, comm);
        if (rank == root) {
            snprintf(test, sizeof test, "dbl_reduce_root%d", root);
            doubles(name, test, dout, 3);
        }
    }
}

static void bcasts(MPI_Comm comm, const char* name)
{
    long sum[1] = {0};
    for (int root = 0; root < size; ++root) {
        int v[4];
        for (int i = 0; i < 4; ++i) v[i] = rank == root ? root * 100 + i : -1;
        MPI_Bcast(v, 4, MPI_INT, root, comm);
        for (int i = 0; i < 4; ++i) sum[0] = sum[0] * 31 + v[i];
    }
    ints(name, "bcast_every_root", sum, 1);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    int p[4] = {-1, -1, -1, -1};
    if (rank == size - 1) {
        for (int i = 0; i < 4; ++i) p[i] = 7 * i + 5;
    }
    MPI_Bcast(p, 2, pair, size - 1, comm);
    long shown[4] = {p[0], p[1], p[2], p[3]};
    ints(name, "bcast_derived", shown, 4);
    MPI_Type_free(&pair);
    MPI_Barrier(comm);
}

/* Each of these falls back to MPI's own: one user op, one non-commutative op, one derived
 * type. */
static void fallbacks(MPI_Comm comm, const char* name)
{
    int a[2] = {rank + 1, 3 * rank}, out[2];
    long shown[2];
    MPI_Op sum, ordered;
    MPI_Op_create(userSum, 1, &sum);
    MPI_Op_create(userOrdered, 0, &ordered);
    MPI_Allreduce(a, out, 2, MPI_INT, sum, comm);
    shown[0] = out[0];
    shown[1] = out[1];
    ints(name, "user_op", shown, 2);
    MPI_Allreduce(a, out, 2, MPI_INT, ordered, comm);
    shown[0] = out[0];
    shown[1] = out[1];
    ints(name, "user_noncommutative", shown, 2);
    MPI_Op_free(&sum);
    MPI_Op_free(&ordered);
    MPI_Datatype pair;
    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Op pairSum; /* MPI's own ops take no derived type (OpenMPI refuses MPI_SUM on one) */
    MPI_Op_create(userSum, 1, &pairSum);
    MPI_Allreduce(a, out, 1, pair, pairSum, comm);
    MPI_Op_free(&pairSum);
    shown[0] = out[0];
    shown[1] = out[1];
    ints(name, "derived_type", shown, 2);
    MPI_Type_free(&pair);
}

static void onComm(MPI_Comm comm, const char* name)
{
    allreduces(comm, name);
    reduces(comm, name);
    bcasts(comm, name);
    fallbacks(comm, name);
}

static int byValue(const void* a, const void* b)
{
    const double x = *(const double*)a, y = *(const double*)b;
    return x < y ? -1 : x > y;
}

static void bench(int rounds)
{
    double* tree = malloc(sizeof(double) * (size_t)rounds);
    double* native = malloc(sizeof(double) * (size_t)rounds);
    long v = rank, out = 0;
    for (int i = 0; i < 100; ++i) { /* warm up both */
        MPI_Allreduce(&v, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        PMPI_Allreduce(&v, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    /* Blocks of 100 calls of one kind, the kinds alternating: one call timed alone on one rank
     * would show how early its partners' messages came, not the call. */
    for (int i = 0; i < rounds; ++i) {
        double t0 = MPI_Wtime();
        for (int k = 0; k < 100; ++k) {
            MPI_Allreduce(&v, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        }
        double t1 = MPI_Wtime();
        for (int k = 0; k < 100; ++k) {
            PMPI_Allreduce(&v, &out, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
        }
        double t2 = MPI_Wtime();
        tree[i] = (t1 - t0) * 1e6 / 100;
        native[i] = (t2 - t1) * 1e6 / 100;
    }
    qsort(tree, (size_t)rounds, sizeof(double), byValue);
    qsort(native, (size_t)rounds, sizeof(double), byValue);
    if (rank == 0) {
        printf("bench tree %.3f native %.3f\n", tree[rounds / 2], native[rounds / 2]);
    }
    free(tree);
    free(native);
}

static void late(int lateRank, int calls)
{
    long v = rank, sum = 0;
    const struct timespec pause = {0, 2000000};
    for (int i = 0; i < calls; ++i) {
        if (rank == lateRank) {
            nanosleep(&pause, NULL);
        }
        MPI_Allreduce(&v, &sum, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    }
    if (rank == 0) {
        printf("late %ld\n", sum);
    }
}

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc > 1 && strcmp(argv[1], "die") == 0 && size > 1 && rank == size - 1) {
        fprintf(stderr, "treecollectives: rank %d exits before the Allreduce\n", rank);
        exit(3);
    }
    if (argc > 2 && strcmp(argv[1], "bench") == 0) {
        bench(atoi(argv[2]) > 0 ? atoi(argv[2]) : 1);
        MPI_Finalize();
        return 0;
    }
    if (argc > 3 && strcmp(argv[1], "late") == 0) {
        late(atoi(argv[2]), atoi(argv[3]));
        MPI_Finalize();
        return 0;
    }
    onComm(MPI_COMM_WORLD, "world");
    MPI_Comm dup;
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    onComm(dup, "dup");
    MPI_Comm_free(&dup);
    /* Not congruent to the world (reversed, with 2 ranks or more): MPI's own, 3 calls. */
    MPI_Comm reversed;
    MPI_Comm_split(MPI_COMM_WORLD, 0, size - 1 - rank, &reversed);
    int one = rank, total = 0;
    MPI_Allreduce(&one, &total, 1, MPI_INT, MPI_SUM, reversed);
    MPI_Bcast(&total, 1, MPI_INT, 0, reversed);
    MPI_Barrier(reversed);
    long shown[1] = {total};
    ints("reversed", "allreduce_bcast", shown, 1);
    MPI_Comm_free(&reversed);

    /* Rank 0 prints every rank's lines, in rank order. */
    int counts[1] = {used};
    int* all = rank == 0 ? malloc(sizeof(int) * (size_t)size) : NULL;
    MPI_Gather(counts, 1, MPI_INT, all, 1, MPI_INT, 0, MPI_COMM_WORLD);
    char* text = rank == 0 ? malloc((size_t)size * LINES * LINE) : NULL;
    MPI_Gather(lines, LINES * LINE, MPI_CHAR, text, LINES * LINE, MPI_CHAR, 0, MPI_COMM_WORLD);
    if (rank == 0) {
        for (int r = 0; r < size; ++r) {
            for (int i = 0; i < all[r]; ++i) {
                printf("%s\n", text + ((size_t)r * LINES + (size_t)i) * LINE);
            }
        }
        free(all);
        free(text);
    }
    MPI_Finalize();
    return 0;
}
