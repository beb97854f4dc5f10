#include "collectors/collector/collectorservice.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <unistd.h>

namespace xylem::collector {

namespace {

constexpr std::uint32_t kMaxBatch = 1u << 20; // tuples in one reply, whatever a client asks

std::string hostName()
{
    char name[256] = {};
    ::gethostname(name, sizeof name - 1);
    return name;
}

} // namespace

CollectorService::CollectorService(CollectorOptions options)
    : m_options(std::move(options))
    , m_clock(ClockCalibration::measure())
    , m_rings(m_options.ringPrefix, m_options.shmDirectory)
    , m_sampler(m_options.procRoot, m_options.host.empty() ? hostName() : m_options.host)
    , m_samples(m_options.sampleCapacity)
{
    if (m_options.host.empty()) {
        m_options.host = hostName();
    }
}

void CollectorService::note(std::string line)
{
    constexpr size_t kKeep = 1000; // if nobody takes the log, keep its newest lines
    if (m_log.size() == kKeep) {
        m_log.erase(m_log.begin());
    }
    m_log.push_back(std::move(line));
}

ClientId CollectorService::openClient(const std::string& name, bool resume)
{
    const ClientId id = m_nextClient++;
    Client& c = m_clients[id];
    c.name = name;
    c.resumable = resume;
    auto parked = m_parked.find(name);
    if (!resume || parked == m_parked.end()) {
        return id;
    }
    auto [previous, cursors] = std::move(parked->second);
    m_parked.erase(parked);
    c.cursors = std::move(cursors);
    for (auto& [ring, counts] : m_counts) { // its counts go on under the new id
        if (auto it = counts.byClient.find(previous); it != counts.byClient.end()) {
            counts.byClient[id] = it->second;
            counts.byClient.erase(it);
        }
    }
    return id;
}

void CollectorService::closeClient(ClientId client)
{
    auto it = m_clients.find(client);
    if (it != m_clients.end() && it->second.resumable) {
        m_parked[it->second.name] = {client, std::move(it->second.cursors)};
    }
    m_clients.erase(client);
}

protocol::WelcomeMessage CollectorService::welcome() const
{
    return protocol::WelcomeMessage{m_options.host, "xylem-collector 0.1.0",
                                    static_cast<std::uint32_t>(::getpid())};
}

void CollectorService::registerRing(const std::string& name)
{
    const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                                 std::chrono::system_clock::now().time_since_epoch())
                                 .count();
    auto id = m_rings.adopt(name, now);
    if (!id) {
        if (auto problem = m_rings.firstRefusal(name, id.error())) {
            note("refused " + *problem + " (announced)");
        }
        return;
    }
    noteFound(id.value());
    applyRingDefaults(id.value());
}

void CollectorService::noteFound(std::uint32_t ring)
{
    const TrackedRing* tracked = m_rings.find(ring);
    note("found ring " + tracked->ring.name() + " (" + tracked->ring.identity().label + ", " +
         std::to_string(tracked->ring.capacity()) + " tuples)");
}

void CollectorService::applyRingDefaults(std::uint32_t ring)
{
    TrackedRing* tracked = m_rings.find(ring);
    if (m_defaultPolicy) {
        tracked->ring.setPolicy(*m_defaultPolicy);
    }
    if (m_ringCapacity != 0 && !tracked->ring.closed()) {
        tracked->ring.requestCapacity(m_ringCapacity);
    }
    if (m_coschedule != ring::CoschedulePoint::Off) {
        tracked->ring.setCoschedule(m_coschedule);
    }
}

void CollectorService::setCoschedule(ring::CoschedulePoint point)
{
    m_coschedule = point;
    for (auto& [id, tracked] : m_rings.rings()) {
        tracked.ring.setCoschedule(point);
    }
}

void CollectorService::awaitCoschedule()
{
    if (m_options.coschedule && *m_options.coschedule != m_coschedule) {
        setCoschedule(*m_options.coschedule);
    }
    if (m_coschedule == ring::CoschedulePoint::Off) {
        return;
    }
    std::vector<ring::MappedRing*> live; // rings whose program may still signal
    for (auto& [id, tracked] : m_rings.rings()) {
        if (tracked.processAlive && !tracked.ring.closed() && !resting(tracked)) {
            live.push_back(&tracked.ring);
        }
    }
    if (!live.empty()) {
        (void)ring::awaitSignal(live, kCoscheduleWait);
    }
}

Result<Ok> CollectorService::setRingCapacity(std::int64_t capacity)
{
    if (capacity < ring::kMinCapacity || capacity > ring::kMaxCapacity) {
        return makeError(ErrorCode::InvalidArgument,
                         "a ring capacity of " + std::to_string(capacity) +
                             " tuples is out of range (" + std::to_string(ring::kMinCapacity) +
                             " to " + std::to_string(ring::kMaxCapacity) + ")");
    }
    m_ringCapacity = std::bit_ceil(static_cast<std::uint32_t>(capacity));
    for (auto& [id, tracked] : m_rings.rings()) {
        applyRingDefaults(id);
    }
    return Ok{};
}

protocol::RingListMessage CollectorService::listRings()
{
    protocol::RingListMessage list;
    for (auto& [id, tracked] : m_rings.rings()) {
        const ring::RingIdentity& h = tracked.ring.identity();
        const RingCounts& counts = m_counts[id];
        list.rings.push_back(protocol::RingInfo{id, tracked.ring.name(), h.pid, h.tid, h.program,
                                                h.label, h.capacity, tracked.ring.policy(), h.clock,
                                                tracked.processAlive, tracked.ring.written(),
                                                counts.read(), counts.overwritten()});
    }
    return list;
}

std::uint64_t CollectorService::RingCounts::read() const
{
    std::uint64_t most = 0;
    for (const auto& [client, counts] : byClient) {
        most = std::max(most, counts.first);
    }
    return most;
}

std::uint64_t CollectorService::RingCounts::overwritten() const
{
    if (byClient.empty()) {
        return 0;
    }
    std::uint64_t fewest = byClient.begin()->second.second;
    for (const auto& [client, counts] : byClient) {
        fewest = std::min(fewest, counts.second);
    }
    return fewest;
}

CollectorService::RingTotals CollectorService::totals()
{
    RingTotals t = m_retired;
    for (auto& [id, tracked] : m_rings.rings()) {
        t.written += tracked.ring.written();
        t.read += m_counts[id].read();
        t.overwritten += m_counts[id].overwritten();
        ++t.rings;
    }
    return t;
}

Result<Ok> CollectorService::setPolicy(const protocol::SetPolicyMessage& request)
{
    if (request.ring) {
        TrackedRing* tracked = m_rings.find(*request.ring);
        if (!tracked) {
            return makeError(ErrorCode::NotFound, "no ring " + std::to_string(*request.ring));
        }
        tracked->ring.setPolicy(request.policy);
        return Ok{};
    }
    m_defaultPolicy = request.policy;
    for (auto& [id, tracked] : m_rings.rings()) {
        tracked.ring.setPolicy(request.policy);
    }
    return Ok{};
}

protocol::TupleBatchMessage CollectorService::readTuples(ClientId client, std::uint32_t maxTuples)
{
    protocol::TupleBatchMessage batch;
    Client& c = m_clients[client];
    std::uint32_t budget = std::min(maxTuples, kMaxBatch);
    awaitCoschedule();
    for (auto& [id, tracked] : m_rings.rings()) {
        if (budget == 0) {
            break;
        }
        if (resting(tracked)) {
            continue;
        }
        protocol::RingTuples part;
        part.ring = id;
        const ring::ReadResult r = tracked.ring.read(c.cursors[id], budget, part.tuples);
        m_clock.toNs(tracked.ring.identity().clock, part.tuples);
        part.overwritten = r.overwritten;
        auto& [read, lost] = m_counts[id].byClient[client];
        read += r.fresh;
        lost += r.overwritten;
        budget -= static_cast<std::uint32_t>(part.tuples.size());
        if (!part.tuples.empty() || part.overwritten > 0) {
            batch.rings.push_back(std::move(part));
        }
    }
    return batch;
}

protocol::SampleBatchMessage
CollectorService::readSamples(const protocol::ReadSamplesMessage& request) const
{
    const sampler::SampleRead read =
        m_samples.read(request.fromSequence, std::min<size_t>(request.maxSamples, 65536));
    protocol::SampleBatchMessage batch{read.nextSequence, read.overwritten, {}};
    for (const sampler::SystemMetric& s : read.samples) {
        batch.samples.push_back(protocol::SampleRecord{s.host, s.metric, s.timeNs, s.value});
    }
    return batch;
}

Result<Ok> CollectorService::installFilter(ClientId client,
                                           const protocol::InstallFilterMessage& request)
{
    auto filter = NodeFilter::make(request);
    if (!filter) {
        return filter.error();
    }
    m_clients[client].filters[request.filter] = std::move(filter).value();
    return Ok{};
}

Result<protocol::FilterResultMessage> CollectorService::pollFilter(ClientId client,
                                                                   std::uint32_t filter)
{
    auto& filters = m_clients[client].filters;
    const auto it = filters.find(filter);
    if (it == filters.end()) {
        return makeError(ErrorCode::NotFound, "no filter " + std::to_string(filter));
    }
    feedFilters(); // the newest state, not the state of the last tick
    return it->second->result();
}

Result<Ok> CollectorService::removeFilter(ClientId client, std::uint32_t filter)
{
    if (m_clients[client].filters.erase(filter) == 0) {
        return makeError(ErrorCode::NotFound, "no filter " + std::to_string(filter));
    }
    return Ok{};
}

void CollectorService::feedFilters()
{
    std::vector<Tuple> tuples;
    for (auto& [clientId, client] : m_clients) {
        for (auto& [filterId, filter] : client.filters) {
            for (auto& [ringId, tracked] : m_rings.rings()) {
                if (resting(tracked)) {
                    continue;
                }
                tuples.clear();
                tracked.ring.read(filter->cursor(ringId), kMaxBatch, tuples,
                                  BufferPolicy::FillRead);
                m_clock.toNs(tracked.ring.identity().clock, tuples);
                filter->feed(tuples);
            }
        }
    }
}

// A ring whose writer is gone — its process died, or its thread closed it (ended, or moved to
// a resized ring) — goes once every client has read it to the end; a dead process's ring also
// after the retention time if nobody does. A damaged ring (ringreader.h) goes at once: nothing
// more can be read from it.
void CollectorService::retireReadOutRings(std::int64_t nowNs)
{
    std::vector<std::pair<std::uint32_t, std::string>> retire; // and why
    for (auto& [id, tracked] : m_rings.rings()) {
        if (!tracked.ring.damage().empty()) {
            retire.emplace_back(id, "damaged ring /dev/shm" + tracked.ring.name() + " (" +
                                        tracked.ring.damage() + ")");
            continue;
        }
        if (tracked.processAlive && !tracked.ring.closed()) {
            continue;
        }
        const std::uint64_t written = tracked.ring.written();
        const bool drainedHere = tracked.ring.drained() >= written;
        bool readOut = !m_clients.empty();
        for (const auto& [clientId, client] : m_clients) {
            const auto it = client.cursors.find(id);
            readOut = readOut &&
                      ((it != client.cursors.end() && it->second.next >= written) || drainedHere);
        }
        const bool expired =
            !tracked.processAlive && nowNs - tracked.deadSinceNs > m_options.deadRingRetentionNs;
        if (readOut || expired) {
            retire.emplace_back(
                id, "ring " + tracked.ring.name() + " of a finished " +
                        (tracked.processAlive ? "thread (or a resized ring)" : "process"));
        }
    }
    for (const auto& [id, what] : retire) {
        const TrackedRing* gone = m_rings.find(id);
        note("retired " + what + " after " + std::to_string(m_counts[id].read()) + " of its " +
             std::to_string(gone->ring.written()) + " records were read");
        m_retired.written += gone->ring.written();
        m_retired.read += m_counts[id].read();
        m_retired.overwritten += m_counts[id].overwritten();
        ++m_retired.rings;
        m_rings.retire(id);
        m_counts.erase(id);
        for (auto& [clientId, client] : m_clients) {
            client.cursors.erase(id);
        }
    }
}

// Every ring's program paused its monitor: the service does nothing for them, not even scan
// for more rings or sample the system (a benchmark's paused blocks cost it nothing).
bool CollectorService::allResting()
{
    bool any = false;
    for (auto& [id, tracked] : m_rings.rings()) {
        if (!resting(tracked)) {
            return false;
        }
        any = true;
    }
    return any;
}

void CollectorService::tick(std::int64_t nowNs)
{
    if (allResting()) {
        return;
    }
    awaitCoschedule(); // the monitors' work below waits for the program's point too
    const ScanReport scan = m_rings.scan(nowNs);
    for (const std::string& problem : scan.problems) {
        note("refused " + problem);
    }
    for (const std::uint32_t id : scan.found) {
        noteFound(id);
        applyRingDefaults(id);
    }
    sampleIfDue(nowNs);
    feedFilters();
    retireReadOutRings(nowNs);
}

std::optional<std::int64_t> CollectorService::sampleIfDue(std::int64_t nowNs)
{
    if (m_options.samplePeriodNs <= 0) {
        return std::nullopt;
    }
    if (allResting()) { // asked again soon: the sample is taken once the monitor resumes
        return std::max(m_nextSampleNs, nowNs + kRestingRecheckNs);
    }
    if (nowNs >= m_nextSampleNs) {
        auto sample = m_sampler.sample(nowNs);
        if (sample) {
            m_samples.append(std::move(sample).value());
        } else {
            note("system sample failed: " + sample.error().describe());
        }
        m_nextSampleNs = nowNs + m_options.samplePeriodNs;
        m_clock.refine();
    }
    return m_nextSampleNs;
}

} // namespace xylem::collector
