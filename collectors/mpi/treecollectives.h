#pragma once

// Xylem's spanning trees inside an unmodified MPI program (issue 24 item 1): with
// XYLEM_MPI_TREE=SPEC (core/model/ranktree.h; `xylem-cli mpi --tree SPEC` sets it) the
// interposer performs MPI_Allreduce, MPI_Reduce, MPI_Bcast and MPI_Barrier on MPI_COMM_WORLD and
// on every communicator congruent to it (MPI_Comm_compare: same ranks in the same order, e.g. its
// duplicates) through that tree, over PMPI point-to-point on a private duplicate of the
// communicator (made at MPI_Init for the world, at the first of these collectives on any other
// one, which all its ranks reach in the same order; freed at MPI_Comm_free and MPI_Finalize), with
// tags from a reserved range (kTreeTagFirst..): no message of the program can match ours.
//
//   Allreduce: reduce up the tree rooted at the tree's root, then broadcast the result down.
//   Reduce:    reduce up the tree re-rooted at the call's root (ranktree.h rerooted()).
//   Bcast:     down the re-rooted tree (any datatype: point-to-point carries it as it is).
//   Barrier:   empty messages up the tree, then down.
//
// The reduction's fixed order: a rank receives its children's partial results (all posted at
// once), then combines them in the tree's child order and its own contribution last:
//   partial(v) = ((c1 (+) c2) (+) ... (+) ck) (+) own(v)      (a leaf: own(v))
// with PMPI_Reduce_local, for the predefined ops on predefined (named) datatypes only. So the
// result is MPI's for integers and exact ops; for floating point it is that order's (the same
// on every run of the same tree and root), not MPI's own order.
//
// Falls back to the PMPI_ call, counted per reason: a user-defined op (commutative or not), a
// derived datatype in a reduction, a communicator not congruent to MPI_COMM_WORLD (a subset,
// another order, an intercommunicator). The decision uses only what MPI requires to be the same
// on every rank (communicator, op, reduction datatype), so every rank takes the same path.
// MPI_IN_PLACE is handled wherever MPI allows it (Allreduce; Reduce at the root).
//
// Event collectors (metrics.md §1): when the rank is recorded, every non-root rank records its
// edge to its parent for each call through the tree (core/model/mpituple.h's tree edge): one
// clock read when it hands its part to the parent, one when the parent's part is back, one ring
// push at the end of the call. The root records none; MPI's own calls (fallbacks) none. A parent
// whose edge to a child crosses hosts records its side of it too in Allreduce and Barrier (the
// proxy's edge): it then waits for its children one by one (PMPI_Waitany) to read when each
// child's part arrived, and reads the clock before each send down.
//
// Not thread-safe (like the recorder): one thread calling MPI at a time.

#include "core/model/mpitracejson.h"
#include "core/model/ranktree.h"

#include <array>
#include <cstdint>
#include <memory>
#include <mpi.h>
#include <string>
#include <vector>

namespace xylem::mpi {

// Tags of the tree's messages on its private communicators (MPI_TAG_UB is at least 32767).
inline constexpr int kTreeTagFirst = 32700;
inline constexpr int kTreeTagReduce = kTreeTagFirst;
inline constexpr int kTreeTagBcast = kTreeTagFirst + 1;
inline constexpr int kTreeTagBarrierUp = kTreeTagFirst + 2;
inline constexpr int kTreeTagBarrierDown = kTreeTagFirst + 3;

enum class TreeFallback : std::uint8_t
{
    UserOp,         // a user-defined commutative op
    NonCommutative, // a user-defined non-commutative op
    DerivedType,    // a reduction on a derived (not named) datatype, whatever its op
    NotWorld,       // a communicator not congruent to MPI_COMM_WORLD
};
inline constexpr std::size_t kTreeFallbacks = 4;
const char* describe(TreeFallback reason);

// One rank's place in a tree rooted somewhere: its parent (-1: the root) and children in order.
struct TreePlace
{
    int parent = -1;
    std::vector<int> children;
    std::vector<bool> crossing; // per child: its edge joins two hosts (a proxy)
    bool anyCrossing = false;
};

class TreeAdapt; // treeadapt.h: XYLEM_MPI_ADAPT's tuner of the world's Allreduce

class TreeCollectives
{
public:
    ~TreeCollectives(); // treesetup.cpp, where TreeAdapt is complete
    // After PMPI_Init: nullptr when XYLEM_MPI_TREE is unset or `native` (no collective call is
    // made: every rank has the same environment), or when SPEC is bad on any rank (rank 0 says
    // why on stderr; every rank then keeps MPI's own collectives).
    static std::unique_ptr<TreeCollectives> start(int rank, const std::string& host);
    // Before PMPI_Finalize: frees the private communicators; rank 0 writes the counts to stderr.
    void finish();
    // At MPI_Comm_free of comm (before PMPI_Comm_free): its private duplicate goes with it.
    void forget(MPI_Comm comm);

    int allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
                  MPI_Comm comm);
    int reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type, MPI_Op op,
               int root, MPI_Comm comm);
    int bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm);
    int barrier(MPI_Comm comm);
    // Allreduce along at, a place in another tree than this one's (the tuner's candidates,
    // treeadapt.h), on the private communicator pc; the edges recorded when recordEdges.
    int allreduceAlong(const TreePlace& at, const void* sendbuf, void* recvbuf, int count,
                       MPI_Datatype type, MPI_Op op, MPI_Comm pc, bool recordEdges);

    std::int64_t throughTree() const { return m_throughTree; }
    std::int64_t fellBack(TreeFallback reason) const
    {
        return m_fallbacks[static_cast<std::size_t>(reason)];
    }
    // "hierarchy:4 over 8 ranks, depth 3, 1 edge between hosts: 120 collectives through the
    // tree, 8 by MPI's own (4 user-defined op, 4 derived datatype)".
    std::string summary() const;
    // The same for the run's description (core/model/mpitracejson.h), with the tree's parents.
    MpiTreeInfo info() const;

private:
    TreeCollectives(RankTreeSpec spec, RankTree tree, int rank);

    // The private duplicate of comm, made at its first collective; MPI_COMM_NULL when comm is not
    // congruent to the world (counted).
    MPI_Comm privateOf(MPI_Comm comm);
    // Why a reduction of type with op cannot go through the tree, or nullptr.
    const TreeFallback* refuse(MPI_Datatype type, MPI_Op op);
    const TreeFallback* refuseOp(MPI_Op op);
    const TreePlace& placeFor(int root);
    int reduceUp(const TreePlace& at, const void* own, void* result, int count, MPI_Datatype type,
                 MPI_Op op, MPI_Comm pc);
    int bcastDown(const TreePlace& at, void* buffer, int count, MPI_Datatype type, MPI_Comm pc);
    // The recorder's clock, or 0 when the rank is not recorded.
    std::int64_t clock() const noexcept;
    // Records the edge to at.parent with m_edgeDown and m_edgeUp (nothing at the root).
    void recordEdge(MpiCall call, const TreePlace& at) const noexcept;
    // Waits for the k requests of at's children's parts; with a host-crossing child and a
    // recorder, one at a time, noting each one's arrival (m_arrive).
    int waitChildren(const TreePlace& at, MPI_Request* reqs);
    // Before sending down to child i: notes the time (m_leave) when the parent side is recorded.
    void leaving(const TreePlace& at, std::size_t i) noexcept;
    // Records the parent's side of every host-crossing child edge (m_arrive, m_leave).
    void recordParentSides(MpiCall call, const TreePlace& at) const noexcept;
    char* scratch(std::size_t bytes);
    MPI_Request* requests(std::size_t n);

    struct PrivateComm
    {
        MPI_Comm user = MPI_COMM_NULL;
        MPI_Comm own = MPI_COMM_NULL; // MPI_COMM_NULL: not congruent, MPI's own collectives
    };

    RankTreeSpec m_spec;
    RankTree m_tree;
    int m_rank = 0;
    MPI_Comm m_world = MPI_COMM_NULL; // the world's private duplicate
    std::vector<PrivateComm> m_comms;
    std::vector<TreePlace> m_places; // by root; built at first use
    std::vector<bool> m_placeBuilt;
    std::vector<char> m_scratch;
    std::vector<MPI_Request> m_requests;
    std::array<MPI_Datatype, 4> m_namedTypes{MPI_DATATYPE_NULL, MPI_DATATYPE_NULL,
                                             MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};
    std::int64_t m_throughTree = 0;
    std::int64_t m_edgeDown = 0; // this call's edge to the parent: handed up
    std::int64_t m_edgeUp = 0;   // and come back
    std::vector<std::int64_t> m_arrive; // per child of this call's place: its part arrived
    std::vector<std::int64_t> m_leave;  // per child: the result sent to it
    std::array<std::int64_t, kTreeFallbacks> m_fallbacks{};
    TreeFallback m_reason = TreeFallback::UserOp;
    std::unique_ptr<TreeAdapt> m_adapt; // nullptr: XYLEM_MPI_ADAPT unset (or bad)
};

// The tree collectives MPI_Init started; nullptr: MPI's own (XYLEM_MPI_TREE unset or native).
extern TreeCollectives* g_activeTree __attribute__((visibility("hidden")));

inline TreeCollectives* activeTree() noexcept
{
    return g_activeTree;
}

} // namespace xylem::mpi
