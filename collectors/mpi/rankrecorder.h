#pragma once

// One MPI rank's recording: made after PMPI_Init, it attaches the rank's ring (one thread leaf
// per rank), agrees with the other ranks on hosts and clusters, measures the clocks, and has
// rank 0 write the run's description (core/model/mpitracejson.h) into $XYLEM_MPI_OUT; finish()
// before PMPI_Finalize measures the clocks again and writes the description complete. record()
// is the per-call path: one ring push (three when bytes or tag change), nothing else.
//
// Environment: XYLEM_MPI_OUT (folder of mpi-run.json; unset: no description), XYLEM_MPI_HOST
// (this rank's host name instead of MPI_Get_processor_name), XYLEM_MPI_CLUSTER (its cluster,
// the metahost of the Scalasca paper), and the probe's own (collectors/probe/probe.h).

#include "collectors/mpi/commtable.h"
#include "collectors/mpi/requesttable.h"
#include "collectors/probe/probe.h"
#include "core/model/mpitracejson.h"
#include "core/model/mpituple.h"

#include <array>
#include <memory>
#include <mpi.h>
#include <optional>
#include <vector>

namespace xylem::mpi {

// What a started request finishes (MpiEvent::completes of the Wait or Test that finishes it).
enum class RequestKind : std::uint8_t
{
    Irecv,     // a receive: completes = Receive, partner and bytes from the status
    Isend,     // Isend or Issend: completes = Send with the send's partner, tag and bytes
    Collective // a non-blocking collective: completes = Collective, its communicator and seq
};

struct TrackedRequest
{
    RequestKind kind = RequestKind::Irecv;
    CommEntry* comm = nullptr;
    std::int64_t seq = 0;      // the collective's seq (non-blocking collectives)
    std::int32_t partner = -1; // world rank: the source asked for, the destination, or the root
    std::int32_t tag = 0;
    std::int64_t bytes = 0;
};

// This rank's host: $XYLEM_MPI_HOST, else MPI_Get_processor_name.
std::string rankHostName();

inline constexpr std::size_t kTrackedRequests = 4096; // 3072 outstanding at most (3/4 load)
inline constexpr int kScratchReserved = 256;
inline constexpr int kScratchMax = 1 << 16;

class RankRecorder
{
public:
    // nullptr (and one line on stderr) when the ring cannot be made: the program runs unrecorded.
    static std::unique_ptr<RankRecorder> start();
    // The tree the collectives went through (treecollectives.h), for the description finish()
    // writes; rank 0's is the one written.
    void setTree(MpiTreeInfo tree) { m_tree = std::move(tree); }
    void finish();

    std::int64_t now() const noexcept { return m_recorder.now(); }
    [[gnu::always_inline]] void record(const MpiEvent& e) noexcept
    {
        if (Tuple t; m_encoder.encodeCall(e, t)) [[likely]] {
            m_recorder.record(t.collector, t.op, t.seq, t.ret, t.down, t.up);
            return;
        }
        // New bytes, tag or a wide partner: details first, out of the wrappers' own code.
        [this, &e]() __attribute__((noinline, cold)) {
            std::array<Tuple, 3> out;
            const int n = m_encoder.encode(e, out);
            m_recorder.recordAll(std::span(out.data(), static_cast<size_t>(n)));
        }();
    }

    // The event collector on this rank's edge to its parent in Xylem's tree (treecollectives.h,
    // core/model/mpituple.h): one ring push, inside the collective's call.
    void recordEdge(MpiCall call, int parent, std::int64_t down, std::int64_t up) noexcept
    {
        m_recorder.record(static_cast<std::uint32_t>(m_rank),
                          std::uint16_t(kMpiTreeEdge | static_cast<unsigned>(call)), parent, 0,
                          down, up);
    }

    // The parent's side of a host-crossing edge to child (core/model/mpituple.h).
    void recordEdgeAtParent(MpiCall call, int child, std::int64_t down, std::int64_t up) noexcept
    {
        m_recorder.record(static_cast<std::uint32_t>(m_rank),
                          std::uint16_t(kMpiTreeEdgeAtParent | static_cast<unsigned>(call)), child,
                          0, down, up);
    }

    int worldRank() const { return m_rank; }
    CommTable& comms() { return m_comms; }
    std::int64_t nextP2pSeq() noexcept { return m_p2pSeq++; }
    std::int64_t bytesOf(MPI_Datatype type, std::int64_t count) noexcept
    {
        if (type != m_lastType) {
            int size = 0;
            PMPI_Type_size(type, &size);
            m_lastType = type;
            m_lastTypeSize = size;
        }
        return count * m_lastTypeSize;
    }

    // Requests started and not yet seen finish (completions.cpp, recordhelpers.h); a request the
    // table had no room for is counted there and named on stderr at MPI_Finalize.
    RequestTable<MPI_Request, TrackedRequest, kTrackedRequests>& requests() noexcept
    {
        return m_requests;
    }
    // Room for the handles and statuses of one Wait*/Test* call of count requests: grown to the
    // largest count seen (reserved at start for kScratchReserved, so the steady path does not
    // allocate), at most kScratchMax; nullptr beyond it or when memory runs out.
    MPI_Request* handleScratch(int count) noexcept;
    MPI_Status* statusScratch(int count) noexcept;

private:
    RankRecorder(probe::ThreadRecorder recorder, int rank, int size);
    void exchangeHosts();
    void writeDescription(bool complete);

    probe::ThreadRecorder m_recorder;
    MpiTupleEncoder m_encoder;
    CommTable m_comms;
    int m_rank = 0;
    int m_size = 1;
    std::int64_t m_p2pSeq = 0;
    MPI_Datatype m_lastType = MPI_DATATYPE_NULL;
    std::int64_t m_lastTypeSize = 0;
    RequestTable<MPI_Request, TrackedRequest, kTrackedRequests> m_requests;
    std::vector<MPI_Request> m_handleScratch;
    std::vector<MPI_Status> m_statusScratch;
    std::vector<MpiRank> m_ranks;
    std::vector<MpiClockSample> m_samples;
    std::optional<MpiTreeInfo> m_tree;
};

} // namespace xylem::mpi
