// The four collectives through the spanning tree (treecollectives.h): what falls back to MPI's
// own and why, the reduction up the tree in its fixed order, and the broadcast down it. Setup,
// the private communicators and the counts are in treesetup.cpp.

#include "collectors/mpi/treecollectives.h"

#include "collectors/mpi/interposer.h"
#include "collectors/mpi/treeadapt.h"

#include <cstring>

namespace xylem::mpi {

namespace {

bool predefinedOp(MPI_Op op)
{
    for (const MPI_Op known : {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN, MPI_LAND, MPI_BAND, MPI_LOR,
                               MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MAXLOC, MPI_MINLOC}) {
        if (op == known) {
            return true;
        }
    }
    return false;
}

std::size_t bytesOf(MPI_Datatype type, int count)
{
    MPI_Aint lb = 0;
    MPI_Aint extent = 0;
    PMPI_Type_get_extent(type, &lb, &extent);
    return static_cast<std::size_t>(extent) * static_cast<std::size_t>(count);
}

int firstError(int a, int b)
{
    return a != MPI_SUCCESS ? a : b;
}

} // namespace

const TreeFallback* TreeCollectives::refuse(MPI_Datatype type, MPI_Op op)
{
    // The datatype first (a derived one counts as such whatever the op), then the op. Named
    // types are never freed, so a handle once seen named stays named.
    bool named = false;
    for (const MPI_Datatype known : m_namedTypes) {
        named = named || type == known;
    }
    if (named) {
        return refuseOp(op);
    }
    int integers = 0;
    int addresses = 0;
    int types = 0;
    int combiner = 0;
    PMPI_Type_get_envelope(type, &integers, &addresses, &types, &combiner);
    if (combiner != MPI_COMBINER_NAMED) {
        m_reason = TreeFallback::DerivedType;
        return &m_reason;
    }
    std::memmove(&m_namedTypes[1], &m_namedTypes[0], sizeof(MPI_Datatype) * 3);
    m_namedTypes[0] = type;
    return refuseOp(op);
}

const TreeFallback* TreeCollectives::refuseOp(MPI_Op op)
{
    if (predefinedOp(op)) {
        return nullptr;
    }
    int commutative = 0;
    PMPI_Op_commutative(op, &commutative);
    m_reason = commutative ? TreeFallback::UserOp : TreeFallback::NonCommutative;
    return &m_reason;
}

std::int64_t TreeCollectives::clock() const noexcept
{
    const RankRecorder* r = activeRank();
    return r ? r->now() : 0;
}

void TreeCollectives::recordEdge(MpiCall call, const TreePlace& at) const noexcept
{
    if (RankRecorder* r = activeRank(); r && at.parent >= 0) {
        r->recordEdge(call, at.parent, m_edgeDown, m_edgeUp);
    }
}

int TreeCollectives::waitChildren(const TreePlace& at, MPI_Request* reqs)
{
    const auto k = static_cast<int>(at.children.size());
    if (!at.anyCrossing || !activeRank()) {
        return PMPI_Waitall(k, reqs, MPI_STATUSES_IGNORE);
    }
    m_arrive.assign(at.children.size(), 0);
    m_leave.assign(at.children.size(), 0);
    int rc = MPI_SUCCESS;
    for (int done = 0; done < k; ++done) {
        int which = MPI_UNDEFINED;
        rc = firstError(rc, PMPI_Waitany(k, reqs, &which, MPI_STATUS_IGNORE));
        if (which == MPI_UNDEFINED) {
            break;
        }
        m_arrive[static_cast<std::size_t>(which)] = clock();
    }
    return rc;
}

void TreeCollectives::leaving(const TreePlace& at, std::size_t i) noexcept
{
    if (at.anyCrossing && i < m_leave.size()) {
        m_leave[i] = clock();
    }
}

void TreeCollectives::recordParentSides(MpiCall call, const TreePlace& at) const noexcept
{
    RankRecorder* r = activeRank();
    if (!r || !at.anyCrossing || m_arrive.size() != at.children.size()) {
        return;
    }
    for (std::size_t i = 0; i < at.children.size(); ++i) {
        if (at.crossing[i]) {
            r->recordEdgeAtParent(call, at.children[i], m_arrive[i], m_leave[i]);
        }
    }
}

char* TreeCollectives::scratch(std::size_t bytes)
{
    if (m_scratch.size() < bytes) {
        m_scratch.resize(bytes);
    }
    return m_scratch.data();
}

MPI_Request* TreeCollectives::requests(std::size_t n)
{
    if (m_requests.size() < n) {
        m_requests.resize(n);
    }
    return m_requests.data();
}

// The partial result of this rank's subtree: its children's partials received at once, then
// combined in child order, its own last (treecollectives.h); sent to the parent, or at the root
// left in result. own and result may be the same buffer (MPI_IN_PLACE); result may be nullptr
// off the root (a non-root of MPI_Reduce).
int TreeCollectives::reduceUp(const TreePlace& at, const void* own, void* result, int count,
                              MPI_Datatype type, MPI_Op op, MPI_Comm pc)
{
    const std::size_t bytes = bytesOf(type, count);
    const std::size_t k = at.children.size();
    const void* partial = own;
    int rc = MPI_SUCCESS;
    if (k > 0) {
        // The accumulator is result when it is a buffer of its own, else scratch; the other
        // children's partials go to scratch after it.
        const bool accInResult = result != nullptr && result != own;
        char* room = scratch(bytes * (accInResult ? k - 1 : k));
        char* acc = accInResult ? static_cast<char*>(result) : room;
        char* slots = accInResult ? room : room + bytes;
        MPI_Request* reqs = requests(k);
        for (std::size_t i = 0; i < k; ++i) {
            void* into = i == 0 ? acc : slots + (i - 1) * bytes;
            rc = firstError(
                rc, PMPI_Irecv(into, count, type, at.children[i], kTreeTagReduce, pc, &reqs[i]));
        }
        rc = firstError(rc, waitChildren(at, reqs));
        for (std::size_t i = 1; i < k; ++i) {
            // Reduce_local(in, inout): inout = in op inout, so acc = c(i+1) op (c1 ... ci);
            // the ops here are commutative, so this is (c1 ... ci) op c(i+1).
            rc = firstError(rc, PMPI_Reduce_local(slots + (i - 1) * bytes, acc, count, type, op));
        }
        rc = firstError(rc, PMPI_Reduce_local(own, acc, count, type, op));
        partial = acc;
    }
    if (at.parent >= 0) {
        m_edgeDown = clock();
        rc = firstError(rc, PMPI_Send(partial, count, type, at.parent, kTreeTagReduce, pc));
        m_edgeUp = clock(); // Reduce's: nothing comes back (Allreduce's bcastDown sets it again)
        return rc;
    }
    if (partial != result && bytes > 0) {
        std::memcpy(result, partial, bytes);
    }
    return rc;
}

int TreeCollectives::bcastDown(const TreePlace& at, void* buffer, int count, MPI_Datatype type,
                               MPI_Comm pc)
{
    int rc = MPI_SUCCESS;
    if (at.parent >= 0) {
        rc = PMPI_Recv(buffer, count, type, at.parent, kTreeTagBcast, pc, MPI_STATUS_IGNORE);
        m_edgeUp = clock();
    }
    const std::size_t k = at.children.size();
    if (k == 0) {
        return rc;
    }
    MPI_Request* reqs = requests(k);
    for (std::size_t i = 0; i < k; ++i) {
        leaving(at, i);
        rc = firstError(
            rc, PMPI_Isend(buffer, count, type, at.children[i], kTreeTagBcast, pc, &reqs[i]));
    }
    return firstError(rc, PMPI_Waitall(static_cast<int>(k), reqs, MPI_STATUSES_IGNORE));
}

int TreeCollectives::allreduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
                               MPI_Op op, MPI_Comm comm)
{
    const MPI_Comm pc = privateOf(comm);
    const TreeFallback* why = pc == MPI_COMM_NULL ? nullptr : refuse(type, op);
    if (pc == MPI_COMM_NULL || why) {
        if (why) {
            ++m_fallbacks[static_cast<std::size_t>(*why)];
        }
        return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
    }
    ++m_throughTree;
    if (m_adapt && comm == MPI_COMM_WORLD) {
        return m_adapt->allreduce(*this, sendbuf, recvbuf, count, type, op, comm, pc);
    }
    const TreePlace& at = placeFor(m_tree.root);
    const void* own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    const int up = reduceUp(at, own, recvbuf, count, type, op, pc);
    const int rc = firstError(up, bcastDown(at, recvbuf, count, type, pc));
    recordEdge(MpiCall::Allreduce, at);
    recordParentSides(MpiCall::Allreduce, at);
    return rc;
}

int TreeCollectives::allreduceAlong(const TreePlace& at, const void* sendbuf, void* recvbuf,
                                    int count, MPI_Datatype type, MPI_Op op, MPI_Comm pc,
                                    bool recordEdges)
{
    const void* own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    const int up = reduceUp(at, own, recvbuf, count, type, op, pc);
    const int rc = firstError(up, bcastDown(at, recvbuf, count, type, pc));
    if (recordEdges) {
        recordEdge(MpiCall::Allreduce, at);
        recordParentSides(MpiCall::Allreduce, at);
    }
    return rc;
}

int TreeCollectives::reduce(const void* sendbuf, void* recvbuf, int count, MPI_Datatype type,
                            MPI_Op op, int root, MPI_Comm comm)
{
    const MPI_Comm pc = privateOf(comm);
    const TreeFallback* why = pc == MPI_COMM_NULL ? nullptr : refuse(type, op);
    if (pc == MPI_COMM_NULL || why || root < 0 || root >= m_tree.size()) {
        if (why) {
            ++m_fallbacks[static_cast<std::size_t>(*why)];
        }
        return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
    }
    ++m_throughTree;
    const bool isRoot = m_rank == root;
    // MPI_IN_PLACE belongs at the root only; elsewhere its data would be recvbuf's all the same.
    const void* own = sendbuf == MPI_IN_PLACE ? recvbuf : sendbuf;
    const TreePlace& at = placeFor(root);
    const int rc = reduceUp(at, own, isRoot ? recvbuf : nullptr, count, type, op, pc);
    recordEdge(MpiCall::Reduce, at);
    return rc;
}

int TreeCollectives::bcast(void* buffer, int count, MPI_Datatype type, int root, MPI_Comm comm)
{
    const MPI_Comm pc = privateOf(comm);
    if (pc == MPI_COMM_NULL || root < 0 || root >= m_tree.size()) {
        return PMPI_Bcast(buffer, count, type, root, comm);
    }
    ++m_throughTree;
    const TreePlace& at = placeFor(root);
    m_edgeDown = clock(); // ready for the parent's part
    const int rc = bcastDown(at, buffer, count, type, pc);
    recordEdge(MpiCall::Bcast, at);
    return rc;
}

int TreeCollectives::barrier(MPI_Comm comm)
{
    const MPI_Comm pc = privateOf(comm);
    if (pc == MPI_COMM_NULL) {
        return PMPI_Barrier(comm);
    }
    ++m_throughTree;
    const TreePlace& at = placeFor(m_tree.root);
    const std::size_t k = at.children.size();
    int rc = MPI_SUCCESS;
    MPI_Request* reqs = requests(k == 0 ? 1 : k);
    for (std::size_t i = 0; i < k; ++i) {
        rc = firstError(
            rc, PMPI_Irecv(nullptr, 0, MPI_BYTE, at.children[i], kTreeTagBarrierUp, pc, &reqs[i]));
    }
    rc = firstError(rc, waitChildren(at, reqs));
    if (at.parent >= 0) {
        m_edgeDown = clock();
        rc = firstError(rc, PMPI_Send(nullptr, 0, MPI_BYTE, at.parent, kTreeTagBarrierUp, pc));
        rc = firstError(rc, PMPI_Recv(nullptr, 0, MPI_BYTE, at.parent, kTreeTagBarrierDown, pc,
                                      MPI_STATUS_IGNORE));
        m_edgeUp = clock();
    }
    for (std::size_t i = 0; i < k; ++i) {
        leaving(at, i);
        rc = firstError(rc, PMPI_Isend(nullptr, 0, MPI_BYTE, at.children[i], kTreeTagBarrierDown,
                                       pc, &reqs[i]));
    }
    rc = firstError(rc, PMPI_Waitall(static_cast<int>(k), reqs, MPI_STATUSES_IGNORE));
    recordEdge(MpiCall::Barrier, at);
    recordParentSides(MpiCall::Barrier, at);
    return rc;
}

} // namespace xylem::mpi
