#include "core/export/perfettotrace.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/callstages.h"
#include "core/analysis/waittally.h"
#include "core/export/traceeventwriter.h"

#include <algorithm>
#include <limits>
#include <map>
#include <numeric>
#include <tuple>

namespace xylem {

namespace {

constexpr std::int64_t kNoEnd = std::numeric_limits<std::int64_t>::min();

std::int64_t originOf(const Run& run, const MpiTrace* mpi)
{
    std::int64_t origin = std::numeric_limits<std::int64_t>::max();
    for (const Tuple& t : run.tuples) {
        origin = std::min(origin, t.down);
    }
    if (mpi) {
        for (const MpiEvent& e : mpi->events) {
            origin = std::min(origin, e.enter);
        }
    }
    return origin == std::numeric_limits<std::int64_t>::max() ? 0 : origin;
}

// Tracks are numbered across the whole trace: thread wrappers 1..W (wrapper index + 1), then
// the MPI ranks, then the edges; a track's tid is also its sort index.
class Exporter
{
public:
    Exporter(const Run& run, const MpiTrace* mpi, std::ostream& out, const std::string& title)
        : m_config(run.configuration)
        , m_run(run)
        , m_mpi(mpi)
        , m_origin(originOf(run, mpi))
        , m_ranks(mpi ? static_cast<int>(mpi->ranks.size()) : 0)
        , m_writer(out, "\"run\":" + TraceEventWriter::quoted(title) + ",\"origin_ns\":\"" +
                            std::to_string(m_origin) + "\",\"exporter\":\"xylem\"")
        , m_trackEnd(static_cast<size_t>(2 * m_config.wrapperCount() + m_ranks + 1), kNoEnd)
    {
    }

    void names();
    void edges();
    void calls();
    void mpiEvents();
    Result<Ok> waits();
    PerfettoCounts finish()
    {
        m_writer.finish();
        m_counts.events = m_writer.events();
        return m_counts;
    }

private:
    int threadTid(int wrapper) const { return wrapper + 1; }
    int rankTid(int rank) const { return m_config.wrapperCount() + rank + 1; }
    int edgeTid(int wrapper) const { return m_config.wrapperCount() + m_ranks + wrapper + 1; }
    int pidOf(const std::string& host);
    void track(const std::string& host, int tid, const std::string& name);
    // A top-level slice, moved to start where the track's last one ended if it would overlap
    // it; returns where it was put, in ns from the origin.
    std::pair<std::int64_t, std::int64_t> fitted(std::string_view name, std::string_view cat,
                                                 int pid, int tid, std::int64_t from,
                                                 std::int64_t to, std::string args);

    const Configuration& m_config;
    const Run& m_run;
    const MpiTrace* m_mpi;
    std::int64_t m_origin;
    int m_ranks;
    TraceEventWriter m_writer;
    std::vector<std::int64_t> m_trackEnd; // by tid
    std::map<std::string, int> m_pids;
    std::vector<std::int64_t> m_eventStart; // MPI events as placed, by index
    std::vector<std::int64_t> m_eventEnd;
    PerfettoCounts m_counts;
};

int Exporter::pidOf(const std::string& host)
{
    auto [it, added] = m_pids.try_emplace(host, static_cast<int>(m_pids.size()) + 1);
    if (added) {
        m_writer.processName(it->second, "host " + host);
    }
    return it->second;
}

void Exporter::track(const std::string& host, int tid, const std::string& name)
{
    const int pid = pidOf(host);
    m_writer.threadName(pid, tid, name);
    m_writer.threadSortIndex(pid, tid, tid);
}

void Exporter::names()
{
    for (const Host& h : m_config.hosts()) {
        pidOf(h.id);
    }
    for (const int w : m_config.threads()) {
        track(m_config.wrapper(w).host, threadTid(w), "thread " + m_config.wrapper(w).id);
    }
    for (int r = 0; r < m_ranks; ++r) {
        track(m_mpi->ranks[static_cast<size_t>(r)].host, rankTid(r),
              "rank " + std::to_string(r) + " MPI");
    }
    for (int w = 0; w < m_config.wrapperCount(); ++w) {
        const Wrapper& wrapper = m_config.wrapper(w);
        if (wrapper.parent >= 0) {
            const Wrapper& parent = m_config.wrapper(wrapper.parent);
            track(parent.host, edgeTid(w), "edge " + wrapper.id + " -> " + parent.id);
        }
    }
}

std::pair<std::int64_t, std::int64_t> Exporter::fitted(std::string_view name, std::string_view cat,
                                                       int pid, int tid, std::int64_t from,
                                                       std::int64_t to, std::string args)
{
    std::int64_t& trackEnd = m_trackEnd[static_cast<size_t>(tid)];
    const std::int64_t start = std::max(from - m_origin, trackEnd);
    const std::int64_t end = std::max(to - m_origin, start);
    if (start != from - m_origin || end != to - m_origin) {
        args += ",\"clamped\":true";
        ++m_counts.clamped;
    }
    trackEnd = end;
    m_writer.slice(name, cat, pid, tid, start, end - start, args);
    ++m_counts.slices;
    return {start, end};
}

void Exporter::edges()
{
    const std::vector<Tuple>& tuples = m_run.tuples;
    std::vector<std::uint32_t> order(tuples.size());
    std::iota(order.begin(), order.end(), 0U);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        const Tuple& x = tuples[a];
        const Tuple& y = tuples[b];
        return std::tie(x.collector, x.seq, x.down) < std::tie(y.collector, y.seq, y.down);
    });
    for (const std::uint32_t i : order) {
        const Tuple& t = tuples[i];
        const auto w = static_cast<int>(t.collector);
        const Wrapper& wrapper = m_config.wrapper(w);
        if (wrapper.parent < 0) {
            continue; // a root has no edge (loaded runs never hold such a tuple)
        }
        fitted("call", "edge", pidOf(m_config.wrapper(wrapper.parent).host), edgeTid(w), t.down,
               t.up, "\"seq\":" + std::to_string(t.seq));
    }
}

void Exporter::calls()
{
    const Topology topology(m_config);
    const CallMatrix matrix = CallMatrix::build(m_config, m_run.tuples);
    CallStages stages(topology);
    std::vector<StageSpan> spans;
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (!matrix.isComplete(r)) {
            continue; // its edges are drawn; its stages are not defined
        }
        const EdgeTimes* row = matrix.row(r);
        stages.evaluate(row);
        const std::string seq = "\"seq\":" + std::to_string(matrix.seq(r));
        for (size_t slot = 0; slot < topology.threads().size(); ++slot) {
            const int w = topology.threads()[slot].wrapper;
            const int pid = pidOf(m_config.wrapper(w).host);
            const auto [start, end] =
                fitted("call", "call", pid, threadTid(w), row[w].down, row[w].up, seq);
            stages.stagesOf(slot, spans);
            std::int64_t cursor = start;
            for (const StageSpan& s : spans) {
                const std::int64_t from = std::clamp(s.startNs - m_origin, cursor, end);
                const std::int64_t to = std::clamp(s.endNs - m_origin, from, end);
                cursor = to;
                if (to == from) {
                    continue; // nothing to draw (or nothing left of it on this track)
                }
                std::string args =
                    seq + ",\"at\":" + TraceEventWriter::quoted(m_config.wrapper(s.wrapper).id);
                if (from != s.startNs - m_origin || to != s.endNs - m_origin) {
                    args += ",\"clamped\":true";
                    ++m_counts.clamped;
                }
                m_writer.slice(toString(s.stage), "stage", pid, threadTid(w), from, to - from,
                               args);
                ++m_counts.slices;
            }
        }
    }
}

void Exporter::mpiEvents()
{
    if (!m_mpi) {
        return;
    }
    const std::vector<MpiEvent>& events = m_mpi->events;
    std::vector<std::uint32_t> order(events.size());
    std::iota(order.begin(), order.end(), 0U);
    std::sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
        return std::tie(events[a].rank, events[a].enter) <
               std::tie(events[b].rank, events[b].enter);
    });
    m_eventStart.assign(events.size(), 0);
    m_eventEnd.assign(events.size(), 0);
    for (const std::uint32_t i : order) {
        const MpiEvent& e = events[i];
        if (e.rank < 0 || e.rank >= m_ranks) {
            continue; // visitWaits names it below
        }
        const std::string args = "\"communicator\":" + std::to_string(e.communicator) +
                                 ",\"seq\":" + std::to_string(e.seq) +
                                 ",\"partner\":" + std::to_string(e.partner) +
                                 ",\"bytes\":" + std::to_string(e.bytes);
        const int pid = pidOf(m_mpi->ranks[static_cast<size_t>(e.rank)].host);
        std::tie(m_eventStart[i], m_eventEnd[i]) =
            fitted(mpiCallName(e.call), "mpi", pid, rankTid(e.rank), e.enter, e.exit, args);
    }
}

// A flow from inside the waiting call's slice to inside the late call's: strictly inside where
// the slices have length, so that each end binds to its own slice, and never backwards in time.
Result<Ok> Exporter::waits()
{
    if (!m_mpi) {
        return Ok{};
    }
    const MpiEvent* first = m_mpi->events.data();
    std::uint64_t id = 0;
    return visitWaits(*m_mpi, [&](const Wait& w) {
        const auto a = static_cast<size_t>(w.waiterEvent - first);
        const auto b = static_cast<size_t>(w.waitedForEvent - first);
        const std::int64_t gap = std::clamp<std::int64_t>(m_eventStart[b] - m_eventStart[a], 0,
                                                          m_eventEnd[a] - m_eventStart[a]);
        const std::int64_t from = m_eventStart[a] + gap / 2;
        const std::int64_t to =
            std::max(from, m_eventStart[b] + (m_eventEnd[b] - m_eventStart[b]) / 2);
        const std::string_view name = waitPatternName(w.pattern);
        ++id;
        m_writer.flowStart(id, name, "wait",
                           pidOf(m_mpi->ranks[static_cast<size_t>(w.waiter)].host),
                           rankTid(w.waiter), from);
        m_writer.flowEnd(id, name, "wait",
                         pidOf(m_mpi->ranks[static_cast<size_t>(w.waitedFor)].host),
                         rankTid(w.waitedFor), to);
        ++m_counts.flows;
    });
}

} // namespace

Result<PerfettoCounts> writePerfettoTrace(const Run& run, const MpiTrace* mpi,
                                          const std::string& title, std::ostream& out)
{
    Exporter exporter(run, mpi, out, title);
    exporter.names();
    exporter.calls();
    exporter.edges();
    exporter.mpiEvents();
    XYLEM_TRY(drawn, exporter.waits());
    const PerfettoCounts counts = exporter.finish();
    if (!out) {
        return makeError(ErrorCode::IoError, "writing the trace failed (disk full?)");
    }
    return counts;
}

} // namespace xylem
