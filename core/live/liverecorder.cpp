#include "core/live/liverecorder.h"

#include "core/tree/clockoffset.h"

#include <algorithm>

namespace xylem::live {

LiveRecorder::LiveRecorder(tree::FrontEnd& tree, const Configuration& config, EventScope scope,
                           store::RunWriter* writer)
    : m_tree(tree)
    , m_config(config)
    , m_scope(std::move(scope))
    , m_writer(writer)
    , m_engine(config, StreamingOptions{kDefaultMedianWindow, 1 << 16})
{
}

Result<Ok> LiveRecorder::open()
{
    tree::StreamSpec tuples;
    tuples.id = kTupleStream;
    tuples.filter.name = "raw";
    tuples.sync = m_scope.sync;
    tuples.gathering = m_scope.gathering;
    tuples.source = tree::SourceSpec{"ring-tuples", {m_scope.maxTuplesPerWave}};
    XYLEM_TRY(openedTuples, m_tree.openStream(tuples));
    tree::StreamSpec counts;
    counts.id = kCountStream;
    counts.filter.name = "sum";
    counts.sync = m_scope.sync;
    counts.source = tree::SourceSpec{"ring-counts", {}};
    XYLEM_TRY(openedCounts, m_tree.openStream(counts));
    m_opened = std::chrono::steady_clock::now();
    m_open = true;
    return Ok{};
}

Result<Ok> LiveRecorder::poll(std::chrono::milliseconds timeout)
{
    XYLEM_TRY(pulledTuples, m_tree.pull(kTupleStream, 1, timeout));
    XYLEM_TRY(pulledCounts, m_tree.pull(kCountStream, 1, timeout));
    XYLEM_TRY(tuples, takeTuples(timeout));
    XYLEM_TRY(counts, takeCounts(timeout));
    takeEvents();
    // The counts of a ring retired after its last read are the ones seen before it: what went
    // up the tree was read, and nothing is read or lost that was not written.
    auto& a = m_accounting;
    a.read = std::max(a.read, static_cast<std::uint64_t>(a.tuples));
    a.written = std::max(a.written, a.read + a.overwritten);
    m_accounting.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - m_opened).count();
    ++m_accounting.waves;
    return Ok{};
}

Result<Ok> LiveRecorder::takeTuples(std::chrono::milliseconds timeout)
{
    XYLEM_TRY(wave, m_tree.next(kTupleStream, timeout));
    const auto* content = std::get_if<gather::Tuples>(&wave->batch.content);
    if (!content) {
        return makeError(ErrorCode::MalformedInput, "the tuple stream brought no tuples");
    }
    const auto& tuples = content->tuples;
    if (tuples.empty()) {
        return Ok{};
    }
    const std::int64_t now = tree::tupleClockNowNs();
    double delay = 0;
    for (const Tuple& t : tuples) {
        delay += static_cast<double>(now - t.up);
    }
    m_accounting.meanDelayMs = delay / static_cast<double>(tuples.size()) / 1e6;
    m_accounting.tuples += static_cast<std::int64_t>(tuples.size());
    m_engine.add(tuples);
    m_accounting.invalidTuples = m_engine.counters().invalidTuples;
    if (m_writer) {
        return m_writer->append(tuples);
    }
    return Ok{};
}

Result<Ok> LiveRecorder::takeCounts(std::chrono::milliseconds timeout)
{
    XYLEM_TRY(wave, m_tree.next(kCountStream, timeout));
    const auto* numbers = std::get_if<gather::Numbers>(&wave->batch.content);
    if (!numbers || numbers->values.size() < 4) {
        return makeError(ErrorCode::MalformedInput, "the count stream brought no ring counts");
    }
    // A wave missing a node keeps that node's last counts out: never let the totals go back.
    const auto& v = numbers->values;
    m_accounting.written = std::max(m_accounting.written, static_cast<std::uint64_t>(v[0]));
    m_accounting.read = std::max(m_accounting.read, static_cast<std::uint64_t>(v[1]));
    m_accounting.overwritten = std::max(m_accounting.overwritten, static_cast<std::uint64_t>(v[2]));
    m_accounting.rings = std::max(m_accounting.rings, static_cast<std::uint32_t>(v[3]));
    return Ok{};
}

void LiveRecorder::takeEvents()
{
    for (const tree::TreeEvent& e : m_tree.takeEvents()) {
        auto& lost = m_accounting.lost;
        for (const std::uint32_t node : e.nodes) {
            if (e.kind == tree::TreeEvent::Kind::Lost) {
                if (std::find(lost.begin(), lost.end(), node) == lost.end()) {
                    lost.push_back(node);
                }
            } else {
                lost.erase(std::remove(lost.begin(), lost.end(), node), lost.end());
            }
        }
    }
}

void LiveRecorder::close()
{
    if (m_open) {
        m_tree.closeStream(kTupleStream);
        m_tree.closeStream(kCountStream);
        m_open = false;
    }
}

} // namespace xylem::live
