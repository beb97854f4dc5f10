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
#include "collectors/probe/probe.h"
#include "core/model/mpituple.h"

#include <array>
#include <memory>
#include <mpi.h>
#include <optional>

namespace xylem::mpi {

class RankRecorder
{
public:
    // nullptr (and one line on stderr) when the ring cannot be made: the program runs unrecorded.
    static std::unique_ptr<RankRecorder> start();
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

    // Irecv requests not yet waited for: their Wait completes a receive.
    void noteIrecv(MPI_Request request, CommEntry* comm) noexcept;
    CommEntry* takeIrecv(MPI_Request request) noexcept;

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
    std::array<std::pair<MPI_Request, CommEntry*>, 256> m_irecvs{};
    std::vector<MpiRank> m_ranks;
    std::vector<MpiClockSample> m_samples;
};

} // namespace xylem::mpi
