#include "collectors/collector/leafsources.h"

#include "collectors/collector/monitorrecords.h"
#include "core/model/recording.h"
#include "core/protocol/gatherrecords.h"
#include "core/tree/clockoffset.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace xylem::collector {

namespace {

// Tuples from this node's rings: each wave takes what was recorded since the previous one. A
// stream with a resume key, opened again with it (a redeployed scope), goes on where the closed
// one stopped; without one it reads from the rings' oldest records.
class RingTupleSource final : public tree::LeafSource
{
public:
    RingTupleSource(CollectorService& service, std::uint32_t maxTuples,
                    std::optional<std::int64_t> resumeKey)
        : m_service(service)
        , m_client(service.openClient(
              "gather tree" + (resumeKey ? " " + std::to_string(*resumeKey) : std::string()),
              resumeKey.has_value()))
        , m_max(maxTuples)
    {
    }
    ~RingTupleSource() override { m_service.closeClient(m_client); }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        auto rings = m_service.readTuples(m_client, m_max).rings;
        size_t total = 0;
        for (const auto& ring : rings) {
            total += ring.tuples.size();
        }
        gather::Tuples out;
        if (!rings.empty()) { // the first ring's tuples stay where they were read
            out.tuples = std::move(rings.front().tuples);
            out.tuples.reserve(total);
        }
        for (size_t r = 1; r < rings.size(); ++r) {
            out.tuples.insert(out.tuples.end(), rings[r].tuples.begin(), rings[r].tuples.end());
        }
        return gather::Batch{1, std::move(out)};
    }

private:
    CollectorService& m_service;
    ClientId m_client;
    std::uint32_t m_max;
};

// The node's ring accounting, every ring it served (retired ones too): Numbers {written, read,
// overwritten, rings}. Summed up the tree, the front-end gets the gather rate of the scope.
class RingCountSource final : public tree::LeafSource
{
public:
    explicit RingCountSource(CollectorService& service)
        : m_service(service)
    {
    }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        const auto t = m_service.totals();
        return gather::Batch{
            1, gather::Numbers{{static_cast<double>(t.written), static_cast<double>(t.read),
                                static_cast<double>(t.overwritten), static_cast<double>(t.rings)}}};
    }

private:
    CollectorService& m_service;
};

// The node in an equivalence class (MRNet's) keyed by its gather rate since the stream opened:
// floor(100 * read / (read + overwritten)) of what its rings recorded since then; 100 when
// nothing was lost (or nothing recorded). Merged up the tree by the equivalence filter, the
// front-end sees which nodes lose how much.
class RingClassSource final : public tree::LeafSource
{
public:
    RingClassSource(CollectorService& service, std::uint32_t node)
        : m_service(service)
        , m_node(node)
        , m_base(service.totals())
    {
    }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        const auto t = m_service.totals();
        const auto key = static_cast<std::int64_t>(
            std::floor(gatherRatePct(t.read - m_base.read, t.overwritten - m_base.overwritten)));
        return gather::Batch{1, gather::Classes{{gather::ClassEntry{key, {m_node}}}}};
    }

private:
    CollectorService& m_service;
    std::uint32_t m_node;
    CollectorService::RingTotals m_base;
};

// The node's own ring accounting and its host's newest CPU sample as one NodeCounts record
// (gatherrecords.h): concatenated up the tree, the front-end sees every collector apart.
class NodeCountSource final : public tree::LeafSource
{
public:
    explicit NodeCountSource(CollectorService& service)
        : m_service(service)
        , m_host(service.welcome().host)
        , m_next(service.nextSampleSequence())
    {
    }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        const auto t = m_service.totals();
        auto read = m_service.readSamples(protocol::ReadSamplesMessage{m_next, 4096});
        m_next = read.nextSequence;
        for (const protocol::SampleRecord& s : read.samples) {
            if (s.metric == "cpu_busy_pct") {
                m_cpu = s.value;
            }
        }
        gather::Bytes record;
        protocol::appendRecord(protocol::NodeCounts{m_host, t.written, t.read, t.overwritten,
                                                    t.rings, tree::tupleClockNowNs(), m_cpu},
                               record.bytes);
        return gather::Batch{1, std::move(record)};
    }

private:
    CollectorService& m_service;
    std::string m_host;
    std::uint64_t m_next; // the sample buffer's next sequence (its own reading position)
    std::optional<double> m_cpu;
};

// A node-side monitor with its own reading position in every ring: it sees every tuple,
// whatever the other readers take. Its newest state goes up as one record (gatherrecords.h).
class NodeMonitorSource final : public tree::LeafSource
{
public:
    NodeMonitorSource(CollectorService& service, ClientId client, int kind)
        : m_service(service)
        , m_client(client)
        , m_kind(kind)
    {
    }
    ~NodeMonitorSource() override { m_service.closeClient(m_client); }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        XYLEM_TRY(result, m_service.pollFilter(m_client, kFilter));
        gather::Bytes record;
        XYLEM_TRY(appended, appendMonitorRecord(m_kind, result->resultJson, record.bytes));
        return gather::Batch{1, std::move(record)};
    }

    static constexpr std::uint32_t kFilter = 1;

private:
    CollectorService& m_service;
    ClientId m_client;
    int m_kind; // 1: last arrivals, 2: statistics
};

// The node's system samples since the previous wave (the first wave: since the stream opened).
class SystemSampleSource final : public tree::LeafSource
{
public:
    SystemSampleSource(CollectorService& service, std::uint32_t maxSamples)
        : m_service(service)
        , m_host(service.welcome().host)
        , m_next(service.nextSampleSequence())
        , m_max(maxSamples)
    {
    }

    Result<gather::Batch> produce(std::uint64_t) override
    {
        m_service.tick(tree::tupleClockNowNs());
        auto read = m_service.readSamples(protocol::ReadSamplesMessage{m_next, m_max});
        m_next = read.nextSequence;
        if (read.samples.empty() && read.overwritten == 0) {
            return gather::Batch{1, gather::Bytes{}};
        }
        protocol::HostSamples samples{m_host, read.overwritten, {}};
        samples.samples.reserve(read.samples.size());
        for (protocol::SampleRecord& s : read.samples) {
            if (std::isfinite(s.value)) { // what has no value is no sample (the table keeps none)
                samples.samples.push_back(
                    protocol::SampleValue{std::move(s.metric), s.timeNs, s.value});
            }
        }
        gather::Bytes record;
        protocol::appendRecord(samples, record.bytes);
        return gather::Batch{1, std::move(record)};
    }

private:
    CollectorService& m_service;
    std::string m_host;
    std::uint64_t m_next; // the sample buffer's sequence number of the next sample to send
    std::uint32_t m_max;
};

} // namespace

std::optional<std::int64_t> LeafSources::sampleIfDue(std::int64_t nowNs)
{
    return m_service ? m_service->sampleIfDue(nowNs) : std::nullopt;
}

CollectorService& LeafSources::service()
{
    if (!m_service) {
        m_service = std::make_unique<CollectorService>(m_options);
    }
    return *m_service;
}

Result<Ok> LeafSources::setBufferPolicy(const std::string& name)
{
    const auto policy = bufferPolicyFromString(name);
    if (!policy) {
        return makeError(ErrorCode::InvalidArgument, "unknown buffer policy '" + name + "'");
    }
    return service().setPolicy(protocol::SetPolicyMessage{std::nullopt, *policy});
}

Result<Ok> LeafSources::setRingCapacity(const std::string& text)
{
    std::int64_t capacity = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), capacity);
    if (ec != std::errc() || end != text.data() + text.size()) {
        return makeError(ErrorCode::InvalidArgument,
                         "ring capacity '" + text + "' is not a whole number of tuples");
    }
    return service().setRingCapacity(capacity);
}

Result<std::unique_ptr<tree::LeafSource>> LeafSources::make(const tree::SourceSpec& spec)
{
    if (spec.name == "ring-counts") {
        return std::unique_ptr<tree::LeafSource>(new RingCountSource(service()));
    }
    if (spec.name == "ring-classes") {
        return std::unique_ptr<tree::LeafSource>(new RingClassSource(service(), m_node));
    }
    if (spec.name == "node-counts") {
        return std::unique_ptr<tree::LeafSource>(new NodeCountSource(service()));
    }
    if (spec.name == "ring-tuples") {
        const auto max = spec.arguments.empty() ? 65536 : spec.arguments[0];
        const auto resumeKey =
            spec.arguments.size() > 1 ? std::optional(spec.arguments[1]) : std::nullopt;
        return std::unique_ptr<tree::LeafSource>(new RingTupleSource(
            service(), static_cast<std::uint32_t>(std::clamp<std::int64_t>(max, 1, 1 << 20)),
            resumeKey));
    }
    if (spec.name == "system-samples") {
        const auto max = spec.arguments.empty() ? 4096 : spec.arguments[0];
        return std::unique_ptr<tree::LeafSource>(new SystemSampleSource(
            service(), static_cast<std::uint32_t>(std::clamp<std::int64_t>(max, 1, 65536))));
    }
    if (spec.name == "node-monitor") {
        const auto kind = spec.arguments.empty() ? 0 : spec.arguments[0];
        if (kind != 1 && kind != 2) {
            return makeError(ErrorCode::InvalidArgument,
                             "node-monitor takes kind 1 (last arrivals) or 2 (statistics)");
        }
        if (m_configuration.empty()) {
            return makeError(ErrorCode::InvalidArgument,
                             "node-monitor needs the monitored configuration first");
        }
        const ClientId client = service().openClient("node monitor");
        auto installed = service().installFilter(
            client, protocol::InstallFilterMessage{NodeMonitorSource::kFilter,
                                                   static_cast<protocol::FilterKind>(kind),
                                                   m_configuration, m_options.host});
        if (!installed) {
            service().closeClient(client);
            return installed.error();
        }
        return std::unique_ptr<tree::LeafSource>(
            new NodeMonitorSource(service(), client, static_cast<int>(kind)));
    }
    return tree::makeBuiltinSource(spec, m_node);
}

} // namespace xylem::collector
