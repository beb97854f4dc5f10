#include "core/live/liverecorder.h"

#include "core/gather/nodecountlines.h"
#include "core/gather/samplelines.h"
#include "core/live/monitorlines.h"
#include "core/model/configurationjson.h"
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
    , m_topology(std::make_shared<const Topology>(config))
    , m_single(m_topology, 1 << 16)
    , m_distributed(m_topology)
{
}

bool LiveRecorder::has(Monitor monitor) const
{
    return std::find(m_scope.monitors.begin(), m_scope.monitors.end(), monitor) !=
           m_scope.monitors.end();
}

const LastArrivalTally& LiveRecorder::loadBalance(Monitor form) const
{
    return form == Monitor::LoadBalanceDistributed ? m_distributed : m_single;
}

Result<Ok> LiveRecorder::openStream(std::uint32_t id, const std::string& filter,
                                    std::vector<std::int64_t> filterArguments,
                                    const std::string& source,
                                    std::vector<std::int64_t> sourceArguments, bool filterAtLeaves)
{
    tree::StreamSpec spec;
    spec.id = id;
    spec.filter = gather::FilterSpec{filter, std::move(filterArguments)};
    spec.sync = m_scope.sync;
    spec.gathering = m_scope.gathering;
    spec.source = tree::SourceSpec{source, std::move(sourceArguments)};
    spec.filterAtLeaves = filterAtLeaves;
    XYLEM_TRY(opened, m_tree.openStream(spec));
    m_streams.push_back(id);
    return Ok{};
}

Result<Ok> LiveRecorder::open()
{
    const std::int64_t perWave = m_scope.maxTuplesPerWave;
    // Deploying the scope sets how the collectors read the rings, whoever started the program.
    m_tree.control(tree::ControlMessage{"buffer-policy", m_scope.bufferPolicy});
    m_tree.control(tree::ControlMessage{"coschedule", m_scope.coschedule});
    if (has(Monitor::Raw)) {
        // The stream id as resume key: a redeployment's raw stream goes on where this one stops.
        XYLEM_TRY(raw, openStream(kTupleStream, "raw", {}, "ring-tuples", {perWave, kTupleStream},
                                  false));
    }
    if (has(Monitor::LoadBalance)) {
        std::vector<std::int64_t> gredOf; // the last-arrival filter's group: the edge's parent
        for (int w = 0; w < m_config.wrapperCount(); ++w) {
            gredOf.push_back(std::max(m_config.wrapper(w).parent, w));
        }
        XYLEM_TRY(single,
                  openStream(kLastArrivalStream, "last-arrival", std::move(gredOf), "ring-tuples",
                             {perWave, kLastArrivalStream}, m_scope.lastArrivalAtCollectors));
    }
    if (has(Monitor::LoadBalanceDistributed) || has(Monitor::Statistics)) {
        m_tree.control(
            tree::ControlMessage{"monitored-configuration", configurationToJson(m_config)});
    }
    if (has(Monitor::LoadBalanceDistributed)) {
        XYLEM_TRY(distributed,
                  openStream(kDistributedStream, "concat", {}, "node-monitor", {1}, false));
    }
    if (has(Monitor::Statistics)) {
        XYLEM_TRY(statistics,
                  openStream(kStatisticsStream, "concat", {}, "node-monitor", {2}, false));
    }
    if (m_writer && m_scope.systemSamples) {
        XYLEM_TRY(samples,
                  openStream(kSystemSampleStream, "concat", {}, "system-samples", {}, false));
    }
    // Last: a poll pulls the streams in this order and each collector answers in turn, so its
    // counts are taken after its reads of the same poll and never lag behind them.
    XYLEM_TRY(counts, openStream(kCountStream, "concat", {}, "node-counts", {}, false));
    if (m_opened == std::chrono::steady_clock::time_point{}) {
        m_opened = std::chrono::steady_clock::now();
    }
    m_open = true;
    return Ok{};
}

Result<Ok> LiveRecorder::poll(std::chrono::milliseconds timeout)
{
    for (const std::uint32_t stream : m_streams) {
        XYLEM_TRY(pulled, m_tree.pull(stream, 1, timeout));
    }
    for (const std::uint32_t stream : m_streams) {
        XYLEM_TRY(taken, take(stream, timeout));
    }
    if (m_writer && has(Monitor::Raw)) {
        XYLEM_TRY(stored, storeSamples(m_samples.takeDecided(m_writer->tupleSpan())));
    }
    takeEvents();
    auto& a = m_accounting;
    a.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - m_opened).count();
    ++a.waves;
    return Ok{};
}

Result<Ok> LiveRecorder::take(std::uint32_t stream, std::chrono::milliseconds timeout)
{
    XYLEM_TRY(wave, m_tree.next(stream, timeout));
    if (wave->batch.contributors == 0) {
        return Ok{}; // nobody delivered (every node below slow or lost): nothing to take
    }
    if (auto* tuples = std::get_if<gather::Tuples>(&wave->batch.content); tuples && m_clocks) {
        m_clocks->correct(tuples->tuples); // onto the front-end's clock, before anyone sees them
    }
    switch (stream) {
    case kTupleStream:
        return takeTuples(wave->batch);
    case kCountStream:
        return takeCounts(wave->batch);
    case kSystemSampleStream:
        return takeSamples(wave->batch);
    case kLastArrivalStream:
        if (const auto* t = std::get_if<gather::Tuples>(&wave->batch.content)) {
            m_single.addCandidates(t->tuples);
            return Ok{};
        }
        return makeError(ErrorCode::MalformedInput, "the last-arrival stream brought no tuples");
    default:
        return takeMonitorLines(stream, wave->batch);
    }
}

Result<Ok> LiveRecorder::takeTuples(const gather::Batch& batch)
{
    const auto* content = std::get_if<gather::Tuples>(&batch.content);
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

Result<Ok> LiveRecorder::takeCounts(const gather::Batch& batch)
{
    const auto* bytes = std::get_if<gather::Bytes>(&batch.content);
    if (!bytes) {
        return makeError(ErrorCode::MalformedInput, "the count stream brought no count lines");
    }
    XYLEM_TRY(lines, protocol::decodeNodeCounts(bytes->bytes));
    auto& a = m_accounting;
    for (gather::NodeCounts& line : lines.value()) {
        // Totals since the collector started: a late line (or a restarted collector's) never
        // takes them back.
        gather::NodeCounts& known = a.collectors[line.host];
        line.written = std::max(line.written, known.written);
        line.read = std::max(line.read, known.read);
        line.overwritten = std::max(line.overwritten, known.overwritten);
        line.rings = std::max(line.rings, known.rings);
        known = std::move(line);
    }
    // Every collector's newest counts: one missing from this wave (slow, lost) keeps its last.
    a.written = a.read = a.overwritten = 0;
    a.rings = 0;
    for (const auto& [host, c] : a.collectors) {
        a.written += c.written;
        a.read += c.read;
        a.overwritten += c.overwritten;
        a.rings += c.rings;
    }
    return Ok{};
}

Result<Ok> LiveRecorder::takeMonitorLines(std::uint32_t stream, const gather::Batch& batch)
{
    const auto* bytes = std::get_if<gather::Bytes>(&batch.content);
    if (!bytes) {
        return makeError(ErrorCode::MalformedInput, "a monitor stream brought no records");
    }
    if (stream == kDistributedStream) {
        return applyLastArrivalRecords(bytes->bytes, m_config, m_distributed);
    }
    return collectStatisticsRecords(bytes->bytes, m_statistics);
}

Result<Ok> LiveRecorder::takeSamples(const gather::Batch& batch)
{
    const auto* bytes = std::get_if<gather::Bytes>(&batch.content);
    if (!bytes) {
        return makeError(ErrorCode::MalformedInput, "the system-sample stream brought no lines");
    }
    XYLEM_TRY(lines, protocol::decodeHostSamples(bytes->bytes));
    std::vector<store::SystemSample> samples;
    for (gather::HostSamples& line : lines.value()) {
        m_accounting.systemSamplesLost += line.overwritten;
        for (gather::SampleValue& v : line.samples) {
            samples.push_back(
                store::SystemSample{line.host, std::move(v.metric), v.timeNs, v.value});
        }
    }
    if (has(Monitor::Raw)) { // the run has tuples: keep the samples around their span
        m_samples.add(std::move(samples));
        return Ok{};
    }
    return storeSamples(std::move(samples));
}

Result<Ok> LiveRecorder::storeSamples(std::vector<store::SystemSample> samples, bool now)
{
    m_accounting.systemSamplesOutside = m_samples.dropped();
    m_unstored.insert(m_unstored.end(), std::make_move_iterator(samples.begin()),
                      std::make_move_iterator(samples.end()));
    const auto time = std::chrono::steady_clock::now();
    if (m_unstored.empty() || !m_writer || (!now && time - m_samplesStoredAt < kSampleStorePeriod)) {
        return Ok{};
    }
    XYLEM_TRY(stored, store::addSystemSamples(m_writer->session(), m_writer->run(), m_unstored));
    m_accounting.systemSamples += static_cast<std::int64_t>(m_unstored.size());
    m_unstored.clear();
    m_samplesStoredAt = time;
    return Ok{};
}

std::vector<int> LiveRecorder::imbalancePath()
{
    if (has(Monitor::Raw)) {
        return m_engine.imbalancePath(); // what report() would say, without the statistics
    }
    if (has(Monitor::LoadBalance)) {
        return m_single.imbalancePath();
    }
    if (has(Monitor::LoadBalanceDistributed)) {
        return m_distributed.imbalancePath();
    }
    return {};
}

std::string LiveRecorder::monitorResultsJson() const
{
    std::vector<std::pair<std::string, const LastArrivalTally*>> forms;
    if (has(Monitor::LoadBalance)) {
        forms.emplace_back("single", &m_single);
    }
    if (has(Monitor::LoadBalanceDistributed)) {
        forms.emplace_back("distributed", &m_distributed);
    }
    return monitorResultsToJson(m_config, forms, m_statistics);
}

namespace {

// Removes node from nodes; whether it was there.
bool erase(std::vector<std::uint32_t>& nodes, std::uint32_t node)
{
    const auto it = std::find(nodes.begin(), nodes.end(), node);
    if (it == nodes.end()) {
        return false;
    }
    nodes.erase(it);
    return true;
}

bool contains(const std::vector<std::uint32_t>& nodes, std::uint32_t node)
{
    return std::find(nodes.begin(), nodes.end(), node) != nodes.end();
}

} // namespace

void LiveRecorder::takeEvents()
{
    using Kind = tree::TreeEvent::Kind;
    auto& a = m_accounting;
    for (const tree::TreeEvent& e : m_tree.takeEvents()) {
        const double at = std::max(0.0, std::chrono::duration<double>(e.at - m_opened).count());
        for (const std::uint32_t node : e.nodes) {
            if (e.kind == Kind::Lost && !contains(a.lost, node)) {
                a.lost.push_back(node);
                if (erase(a.slow, node)) {
                    endTrouble(node, false, at, "then lost");
                }
                noteTrouble(e, node, at);
            } else if (e.kind == Kind::Joined && erase(a.lost, node)) {
                endTrouble(node, true, at, "rejoined");
            } else if (e.kind == Kind::Slow && !contains(a.slow, node) && !contains(a.lost, node)) {
                a.slow.push_back(node);
                noteTrouble(e, node, at);
            } else if (e.kind == Kind::Back && erase(a.slow, node)) {
                endTrouble(node, false, at, e.reason);
            }
        }
    }
}

void LiveRecorder::noteTrouble(const tree::TreeEvent& event, std::uint32_t node, double at)
{
    auto& a = m_accounting;
    const gather::Topology& topology = m_tree.topology();
    if (a.troubles.size() >= kMaxTroubles || node >= topology.nodes.size()) {
        ++a.troublesNotListed;
        return;
    }
    const gather::TopologyNode& t = topology.nodes[node];
    NodeTrouble trouble;
    trouble.node = node;
    trouble.host = t.host;
    trouble.role = t.role == gather::NodeRole::Leaf ? "collector" : "relay";
    trouble.lost = event.kind == tree::TreeEvent::Kind::Lost;
    trouble.since = at;
    trouble.reason = event.reason;
    if (const auto c = a.collectors.find(t.host);
        trouble.lost && t.role == gather::NodeRole::Leaf && c != a.collectors.end()) {
        trouble.lastCounts = c->second;
    }
    a.troubles.push_back(std::move(trouble));
}

void LiveRecorder::endTrouble(std::uint32_t node, bool lost, double at,
                              const std::string& backReason)
{
    for (auto it = m_accounting.troubles.rbegin(); it != m_accounting.troubles.rend(); ++it) {
        if (it->node == node && it->lost == lost && !it->until) {
            it->until = at;
            it->backReason = backReason;
            return;
        }
    }
}

std::vector<const NodeTrouble*> ScopeAccounting::lostCollectors() const
{
    std::vector<const NodeTrouble*> out;
    for (const NodeTrouble& t : troubles) {
        if (t.lost && !t.until && t.role == "collector") {
            out.push_back(&t);
        }
    }
    return out;
}

Result<Ok> LiveRecorder::close()
{
    if (!m_open) {
        return Ok{};
    }
    closeStreams();
    if (m_writer && has(Monitor::Raw)) {
        return storeSamples(m_samples.takeRest(m_writer->tupleSpan()), true);
    }
    return storeSamples({}, true);
}

Result<Ok> LiveRecorder::reopen(EventScope scope)
{
    const bool rawEnds = has(Monitor::Raw) &&
                         std::find(scope.monitors.begin(), scope.monitors.end(), Monitor::Raw) ==
                             scope.monitors.end();
    closeStreams();
    if (m_writer && rawEnds) { // no raw tuples to decide the waiting samples by any more
        XYLEM_TRY(stored, storeSamples(m_samples.takeRest(m_writer->tupleSpan()), true));
    }
    m_scope = std::move(scope);
    return open();
}

void LiveRecorder::closeStreams()
{
    m_single.flush();
    for (const std::uint32_t stream : m_streams) {
        m_tree.closeStream(stream);
    }
    m_streams.clear();
    m_open = false;
}

} // namespace xylem::live
