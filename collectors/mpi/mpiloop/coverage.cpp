// xylem-mpiloop --pattern coverage. Per rank (an even number of ranks; left and right are the
// ring's neighbours, peer is rank ^ 1), once before the loop: Comm_dup (then a Barrier on it),
// Comm_dup_with_info, Comm_split (by parity; main.cpp splits once more), Comm_split_type,
// Comm_create (the even ranks' group), Comm_create_group (even ranks only), Cart_create, Cart_sub,
// Graph_create, Dist_graph_create, Dist_graph_create_adjacent, Intercomm_create (the two parities)
// with a Barrier on it, and Intercomm_merge; then an Ibarrier and an Ibcast on MPI_COMM_SELF
// finished by one Waitall. Every iteration:
//   ring     Irecv+Isend, Wait x2; Irecv+Issend, Waitall; Irecv+Isend, Waitany x2; Irecv+Isend,
//            Waitsome x2 (one request each); Sendrecv; Sendrecv_replace
//   tests    4 Irecv and an Irecv from peer, then Test, Testall, Testany and Testsome once each
//            before a Barrier (the matching sends come after it: each finds nothing), the Barrier,
//            4 Isend and an Rsend to peer, then Test (receive, then send), Testall, Testany and
//            Testsome until their two requests finish, and a Wait for the Rsend's receive
//   pairs    with peer: Ssend/Recv, Bsend/Recv, Send/Probe/Recv both ways, Send/Iprobe (until it
//            finds the message)/Recv both ways
//   16 blocking collectives: Allreduce, Reduce, Bcast, Allgather, Alltoall, Reduce_scatter,
//            Gather, Scatter, Allgatherv, Alltoallv, Alltoallw, Gatherv, Scatterv,
//            Reduce_scatter_block, Scan, Exscan
//   17 non-blocking collectives, the Iallreduce finished by a Wait, the 16 others by one Waitall
// So per iteration: Irecv 9, Isend 7, Issend 1, Wait 4, Waitall 2, Waitany 2, Waitsome 2, Test 1
// finding nothing + at least 2, Testall 1 + at least 1, Testany 1 + at least 2, Testsome 1 + at
// least 1, Sendrecv 1, Sendrecv_replace 1, Ssend 1, Bsend 1, Rsend 1, Send 2, Recv 4, Probe 1,
// Iprobe at least 1, Barrier 1, each other collective 1.

#include "collectors/mpi/mpiloop/coverage.h"

#include <array>

namespace xylem::mpi {

namespace {

constexpr int kSlots = 24;

} // namespace

Coverage::Coverage(int rank, int size, int bytes)
    : m_rank(rank)
    , m_size(size)
    , m_n(bytes)
    , m_right((rank + 1) % size)
    , m_left((rank + size - 1) % size)
    , m_peer(rank ^ 1)
    , m_piece(static_cast<size_t>(size) * static_cast<size_t>(bytes))
    , m_send(m_piece, 1)
    , m_receive(m_piece * kSlots, 0)
    , m_attached(static_cast<size_t>(4 * (bytes + MPI_BSEND_OVERHEAD)))
    , m_counts(static_cast<size_t>(size), bytes)
    , m_displs(static_cast<size_t>(size))
    , m_types(static_cast<size_t>(size), MPI_CHAR)
{
    for (int i = 0; i < size; ++i) {
        m_displs[static_cast<size_t>(i)] = i * bytes;
    }
    MPI_Buffer_attach(m_attached.data(), static_cast<int>(m_attached.size()));
    makeCommunicators();
}

Coverage::~Coverage()
{
    for (MPI_Comm& c : m_made) {
        if (c != MPI_COMM_NULL) {
            MPI_Comm_free(&c);
        }
    }
    MPI_Group_free(&m_evens);
    void* address = nullptr;
    int attached = 0;
    MPI_Buffer_detach(&address, &attached);
}

void Coverage::makeCommunicators()
{
    auto made = [this] {
        return &m_made.emplace_back(MPI_COMM_NULL);
    };
    m_made.reserve(16); // pointers into it stay valid below
    MPI_Comm* dup = made();
    MPI_Comm_dup(MPI_COMM_WORLD, dup);
    MPI_Barrier(*dup);
    MPI_Comm_dup_with_info(MPI_COMM_WORLD, MPI_INFO_NULL, made());
    MPI_Comm* parity = made();
    MPI_Comm_split(MPI_COMM_WORLD, m_rank % 2, m_rank, parity);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, m_rank, MPI_INFO_NULL, made());

    MPI_Group world = MPI_GROUP_NULL;
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    std::vector<int> evens;
    for (int r = 0; r < m_size; r += 2) {
        evens.push_back(r);
    }
    MPI_Group_incl(world, static_cast<int>(evens.size()), evens.data(), &m_evens);
    MPI_Group_free(&world);
    MPI_Comm_create(MPI_COMM_WORLD, m_evens, made());
    if (m_rank % 2 == 0) {
        MPI_Comm_create_group(MPI_COMM_WORLD, m_evens, 5, made());
    }

    std::array<int, 2> dims{0, 0};
    MPI_Dims_create(m_size, 2, dims.data());
    const std::array<int, 2> periods{1, 1};
    MPI_Comm* cart = made();
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims.data(), periods.data(), 0, cart);
    const std::array<int, 2> remain{1, 0};
    MPI_Cart_sub(*cart, remain.data(), made());

    std::vector<int> index;
    std::vector<int> edges;
    for (int r = 0; r < m_size; ++r) {
        edges.push_back((r + m_size - 1) % m_size);
        edges.push_back((r + 1) % m_size);
        index.push_back(static_cast<int>(edges.size()));
    }
    MPI_Graph_create(MPI_COMM_WORLD, m_size, index.data(), edges.data(), 0, made());
    const int degree = 1;
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &m_rank, &degree, &m_right, MPI_UNWEIGHTED,
                          MPI_INFO_NULL, 0, made());
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &m_left, MPI_UNWEIGHTED, 1, &m_right,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, made());

    MPI_Comm* inter = made();
    MPI_Intercomm_create(*parity, 0, MPI_COMM_WORLD, m_rank % 2 == 0 ? 1 : 0, 6, inter);
    MPI_Barrier(*inter);
    MPI_Intercomm_merge(*inter, m_rank % 2, made());

    // OpenMPI gives both the same, already complete request: each is still attributed.
    std::array<MPI_Request, 2> self{};
    MPI_Ibarrier(MPI_COMM_SELF, &self[0]);
    MPI_Ibcast(m_send.data(), m_n, MPI_CHAR, 0, MPI_COMM_SELF, &self[1]);
    MPI_Waitall(2, self.data(), MPI_STATUSES_IGNORE);
}

void Coverage::iterate()
{
    ring();
    tests();
    pairs();
    collectives();
    nonBlockingCollectives();
}

void Coverage::ring()
{
    const MPI_Comm w = MPI_COMM_WORLD;
    char* out = m_send.data();
    std::array<MPI_Request, 2> r{};
    MPI_Irecv(slot(0), m_n, MPI_CHAR, m_left, 10, w, &r[0]);
    MPI_Isend(out, m_n, MPI_CHAR, m_right, 10, w, &r[1]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Wait(&r[1], MPI_STATUS_IGNORE);

    MPI_Irecv(slot(0), m_n, MPI_CHAR, m_left, 11, w, &r[0]);
    MPI_Issend(out, m_n, MPI_CHAR, m_right, 11, w, &r[1]);
    MPI_Waitall(2, r.data(), MPI_STATUSES_IGNORE);

    MPI_Irecv(slot(0), m_n, MPI_CHAR, m_left, 12, w, &r[0]);
    MPI_Isend(out, m_n, MPI_CHAR, m_right, 12, w, &r[1]);
    int index = 0;
    MPI_Waitany(2, r.data(), &index, MPI_STATUS_IGNORE);
    MPI_Waitany(2, r.data(), &index, MPI_STATUS_IGNORE);

    MPI_Irecv(slot(0), m_n, MPI_CHAR, m_left, 13, w, &r[0]);
    MPI_Isend(out, m_n, MPI_CHAR, m_right, 13, w, &r[1]);
    int outcount = 0;
    MPI_Waitsome(1, &r[0], &outcount, &index, MPI_STATUSES_IGNORE);
    MPI_Waitsome(1, &r[1], &outcount, &index, MPI_STATUSES_IGNORE);

    MPI_Sendrecv(out, m_n, MPI_CHAR, m_right, 14, slot(0), m_n, MPI_CHAR, m_left, 14, w,
                 MPI_STATUS_IGNORE);
    MPI_Sendrecv_replace(slot(1), m_n, MPI_CHAR, m_right, 15, m_left, 15, w, MPI_STATUS_IGNORE);
}

void Coverage::tests()
{
    const MPI_Comm w = MPI_COMM_WORLD;
    char* out = m_send.data();
    std::array<MPI_Request, 4> receives{};
    std::array<MPI_Request, 4> sends{};
    for (int i = 0; i < 4; ++i) {
        MPI_Irecv(slot(i), m_n, MPI_CHAR, m_left, 20 + i, w, &receives[size_t(i)]);
    }
    MPI_Request ready = MPI_REQUEST_NULL;
    MPI_Irecv(slot(4), m_n, MPI_CHAR, m_peer, 24, w, &ready);
    // Nothing is sent before the Barrier: each of these finds nothing.
    int flag = 0;
    int index = 0;
    int outcount = 0;
    MPI_Test(&receives[0], &flag, MPI_STATUS_IGNORE);
    MPI_Testall(1, &receives[1], &flag, MPI_STATUSES_IGNORE);
    MPI_Testany(1, &receives[2], &index, &flag, MPI_STATUS_IGNORE);
    MPI_Testsome(1, &receives[3], &outcount, &index, MPI_STATUSES_IGNORE);
    MPI_Barrier(w);
    for (int i = 0; i < 4; ++i) {
        MPI_Isend(out, m_n, MPI_CHAR, m_right, 20 + i, w, &sends[size_t(i)]);
    }
    MPI_Rsend(out, m_n, MPI_CHAR, m_peer, 24, w);

    for (MPI_Request* r : {&receives[0], &sends[0]}) {
        for (flag = 0; !flag;) {
            MPI_Test(r, &flag, MPI_STATUS_IGNORE);
        }
    }
    std::array<MPI_Request, 2> pair{receives[1], sends[1]};
    for (flag = 0; !flag;) {
        MPI_Testall(2, pair.data(), &flag, MPI_STATUSES_IGNORE);
    }
    pair = {receives[2], sends[2]};
    for (int done = 0; done < 2;) {
        MPI_Testany(2, pair.data(), &index, &flag, MPI_STATUS_IGNORE);
        done += flag && index != MPI_UNDEFINED ? 1 : 0;
    }
    pair = {receives[3], sends[3]};
    std::array<int, 2> indices{};
    for (int done = 0; done < 2;) {
        MPI_Testsome(2, pair.data(), &outcount, indices.data(), MPI_STATUSES_IGNORE);
        done += outcount == MPI_UNDEFINED ? 0 : outcount;
    }
    MPI_Wait(&ready, MPI_STATUS_IGNORE);
}

void Coverage::pairs()
{
    const MPI_Comm w = MPI_COMM_WORLD;
    char* out = m_send.data();
    const bool first = m_rank % 2 == 0;
    if (first) {
        MPI_Ssend(out, m_n, MPI_CHAR, m_peer, 30, w);
        MPI_Recv(slot(0), m_n, MPI_CHAR, m_peer, 30, w, MPI_STATUS_IGNORE);
    } else {
        MPI_Recv(slot(0), m_n, MPI_CHAR, m_peer, 30, w, MPI_STATUS_IGNORE);
        MPI_Ssend(out, m_n, MPI_CHAR, m_peer, 30, w);
    }
    MPI_Bsend(out, m_n, MPI_CHAR, m_peer, 31, w);
    MPI_Recv(slot(0), m_n, MPI_CHAR, m_peer, 31, w, MPI_STATUS_IGNORE);

    auto probe = [&](int tag) {
        MPI_Status status;
        MPI_Probe(m_peer, tag, w, &status);
        MPI_Recv(slot(0), m_n, MPI_CHAR, status.MPI_SOURCE, tag, w, MPI_STATUS_IGNORE);
    };
    auto iprobe = [&](int tag) {
        for (int flag = 0; !flag;) {
            MPI_Iprobe(m_peer, tag, w, &flag, MPI_STATUS_IGNORE);
        }
        MPI_Recv(slot(0), m_n, MPI_CHAR, m_peer, tag, w, MPI_STATUS_IGNORE);
    };
    if (first) {
        MPI_Send(out, m_n, MPI_CHAR, m_peer, 32, w);
        probe(33);
        MPI_Send(out, m_n, MPI_CHAR, m_peer, 34, w);
        iprobe(35);
    } else {
        probe(32);
        MPI_Send(out, m_n, MPI_CHAR, m_peer, 33, w);
        iprobe(34);
        MPI_Send(out, m_n, MPI_CHAR, m_peer, 35, w);
    }
}

void Coverage::collectives()
{
    const MPI_Comm w = MPI_COMM_WORLD;
    char* out = m_send.data();
    char* in = slot(0);
    const int n = m_n;
    MPI_Allreduce(out, in, n, MPI_CHAR, MPI_MAX, w);
    MPI_Reduce(out, in, n, MPI_CHAR, MPI_MAX, 0, w);
    MPI_Bcast(in, n, MPI_CHAR, 0, w);
    MPI_Allgather(out, n, MPI_CHAR, in, n, MPI_CHAR, w);
    MPI_Alltoall(out, n, MPI_CHAR, in, n, MPI_CHAR, w);
    MPI_Reduce_scatter(out, in, m_counts.data(), MPI_CHAR, MPI_MAX, w);
    MPI_Gather(out, n, MPI_CHAR, in, n, MPI_CHAR, m_size - 1, w);
    MPI_Scatter(out, n, MPI_CHAR, in, n, MPI_CHAR, 0, w);
    MPI_Allgatherv(out, n, MPI_CHAR, in, m_counts.data(), m_displs.data(), MPI_CHAR, w);
    MPI_Alltoallv(out, m_counts.data(), m_displs.data(), MPI_CHAR, in, m_counts.data(),
                  m_displs.data(), MPI_CHAR, w);
    MPI_Alltoallw(out, m_counts.data(), m_displs.data(), m_types.data(), in, m_counts.data(),
                  m_displs.data(), m_types.data(), w);
    MPI_Gatherv(out, n, MPI_CHAR, in, m_counts.data(), m_displs.data(), MPI_CHAR, 0, w);
    MPI_Scatterv(out, m_counts.data(), m_displs.data(), MPI_CHAR, in, n, MPI_CHAR, 0, w);
    MPI_Reduce_scatter_block(out, in, n, MPI_CHAR, MPI_MAX, w);
    MPI_Scan(out, in, n, MPI_CHAR, MPI_MAX, w);
    MPI_Exscan(out, in, n, MPI_CHAR, MPI_MAX, w);
}

void Coverage::nonBlockingCollectives()
{
    const MPI_Comm w = MPI_COMM_WORLD;
    char* out = m_send.data();
    const int n = m_n;
    const int* c = m_counts.data();
    const int* d = m_displs.data();
    std::array<MPI_Request, 17> r{};
    MPI_Iallreduce(out, slot(0), n, MPI_CHAR, MPI_MAX, w, &r[0]);
    MPI_Ibcast(slot(1), n, MPI_CHAR, 0, w, &r[1]);
    MPI_Ibarrier(w, &r[2]);
    MPI_Ireduce(out, slot(3), n, MPI_CHAR, MPI_MAX, 0, w, &r[3]);
    MPI_Iallgather(out, n, MPI_CHAR, slot(4), n, MPI_CHAR, w, &r[4]);
    MPI_Ialltoall(out, n, MPI_CHAR, slot(5), n, MPI_CHAR, w, &r[5]);
    MPI_Igather(out, n, MPI_CHAR, slot(6), n, MPI_CHAR, 0, w, &r[6]);
    MPI_Iscatter(out, n, MPI_CHAR, slot(7), n, MPI_CHAR, 0, w, &r[7]);
    MPI_Iallgatherv(out, n, MPI_CHAR, slot(8), c, d, MPI_CHAR, w, &r[8]);
    MPI_Ialltoallv(out, c, d, MPI_CHAR, slot(9), c, d, MPI_CHAR, w, &r[9]);
    MPI_Ialltoallw(out, c, d, m_types.data(), slot(10), c, d, m_types.data(), w, &r[10]);
    MPI_Igatherv(out, n, MPI_CHAR, slot(11), c, d, MPI_CHAR, 0, w, &r[11]);
    MPI_Iscatterv(out, c, d, MPI_CHAR, slot(12), n, MPI_CHAR, 0, w, &r[12]);
    MPI_Ireduce_scatter(out, slot(13), c, MPI_CHAR, MPI_MAX, w, &r[13]);
    MPI_Ireduce_scatter_block(out, slot(14), n, MPI_CHAR, MPI_MAX, w, &r[14]);
    MPI_Iscan(out, slot(15), n, MPI_CHAR, MPI_MAX, w, &r[15]);
    MPI_Iexscan(out, slot(16), n, MPI_CHAR, MPI_MAX, w, &r[16]);
    MPI_Wait(&r[0], MPI_STATUS_IGNORE);
    MPI_Waitall(16, &r[1], MPI_STATUSES_IGNORE);
}

} // namespace xylem::mpi
