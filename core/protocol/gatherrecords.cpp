#include "core/protocol/gatherrecords.h"

#include "core/protocol/wire.h"

namespace xylem::protocol {

// Each record's fields, once (wire.h).

template <class V, DescribedAs<NodeCounts> M> void fields(V& v, M& m)
{
    v("host", m.host);
    v("written", m.written);
    v("read", m.read);
    v("overwritten", m.overwritten);
    v("rings", m.rings);
    v("nowNs", m.nowNs);
    v("cpuBusyPct", m.cpuBusyPct);
}

template <class V, DescribedAs<SampleValue> M> void fields(V& v, M& m)
{
    v("metric", m.metric);
    v("timeNs", m.timeNs);
    v("value", m.value);
}

template <class V, DescribedAs<HostSamples> M> void fields(V& v, M& m)
{
    v("host", m.host);
    v("overwritten", m.overwritten);
    v("samples", m.samples);
}

template <class V, DescribedAs<ArrivalCounts> M> void fields(V& v, M& m)
{
    v("contributor", m.contributor);
    v("lastArrivals", m.lastArrivals);
    v("arrivalOrder", m.arrivalOrder);
    v("departureOrder", m.departureOrder);
}

template <class V, DescribedAs<GredArrivals> M> void fields(V& v, M& m)
{
    v("gred", m.gred);
    v("contributors", m.contributors);
}

template <class V, DescribedAs<LastArrivalState> M> void fields(V& v, M& m)
{
    v("host", m.host);
    v("calls", m.calls);
    v("greds", m.greds);
}

template <class V, DescribedAs<RunningSummary> M> void fields(V& v, M& m)
{
    v("count", m.count);
    v("mean", m.mean);
    v("min", m.min);
    v("max", m.max);
    v("stddev", m.stddev);
    v("windowMedian", m.windowMedian);
}

template <class V, DescribedAs<ContributorStatistics> M> void fields(V& v, M& m)
{
    v("contributor", m.contributor);
    v("arrivalWait", m.arrivalWait);
    v("departureWait", m.departureWait);
    v("totalLatency", m.totalLatency);
}

template <class V, DescribedAs<GredStatistics> M> void fields(V& v, M& m)
{
    v("gred", m.gred);
    v("downLatency", m.downLatency);
    v("upLatency", m.upLatency);
    v("contributors", m.contributors);
}

template <class V, DescribedAs<CollectorStatistics> M> void fields(V& v, M& m)
{
    v("collector", m.collector);
    v("edgeTime", m.edgeTime);
}

template <class V, DescribedAs<StatisticsState> M> void fields(V& v, M& m)
{
    v("host", m.host);
    v("calls", m.calls);
    v("greds", m.greds);
    v("collectors", m.collectors);
}

namespace {

template <class R> void append(RecordKind kind, const R& record, std::vector<std::uint8_t>& out)
{
    const std::vector<std::uint8_t> body = encodeFields(record);
    ByteWriter header;
    header.u8(static_cast<std::uint8_t>(kind));
    header.u32(static_cast<std::uint32_t>(body.size()));
    out.insert(out.end(), header.data().begin(), header.data().end());
    out.insert(out.end(), body.begin(), body.end());
}

template <class R>
Result<std::vector<R>> decodeAll(RecordKind kind, const char* name,
                                 std::span<const std::uint8_t> bytes)
{
    std::vector<R> out;
    ByteReader in(bytes);
    while (!in.atEnd()) {
        const std::string what = std::string(name) + " record " + std::to_string(out.size() + 1);
        const std::uint8_t seen = in.u8();
        const std::uint32_t length = in.u32();
        if (!in.ok()) {
            return makeError(ErrorCode::MalformedInput, "malformed " + what + ": truncated header");
        }
        if (seen != static_cast<std::uint8_t>(kind)) {
            return makeError(ErrorCode::MalformedInput,
                             "malformed " + what + ": a record of kind " + std::to_string(seen) +
                                 " where kind " + std::to_string(static_cast<int>(kind)) +
                                 " belongs");
        }
        const auto body = in.bytes(length);
        if (!in.ok()) {
            return makeError(ErrorCode::MalformedInput,
                             "malformed " + what + ": " + std::to_string(length) +
                                 " bytes announced, " + std::to_string(in.remaining()) + " left");
        }
        XYLEM_TRY(record, decodeFields<R>(body, what));
        out.push_back(std::move(record).value());
    }
    return out;
}

} // namespace

void appendRecord(const NodeCounts& record, std::vector<std::uint8_t>& out)
{
    append(RecordKind::NodeCounts, record, out);
}

void appendRecord(const HostSamples& record, std::vector<std::uint8_t>& out)
{
    append(RecordKind::HostSamples, record, out);
}

void appendRecord(const LastArrivalState& record, std::vector<std::uint8_t>& out)
{
    append(RecordKind::LastArrivalState, record, out);
}

void appendRecord(const StatisticsState& record, std::vector<std::uint8_t>& out)
{
    append(RecordKind::StatisticsState, record, out);
}

Result<std::vector<NodeCounts>> decodeNodeCounts(std::span<const std::uint8_t> bytes)
{
    return decodeAll<NodeCounts>(RecordKind::NodeCounts, "node-counts", bytes);
}

Result<std::vector<HostSamples>> decodeHostSamples(std::span<const std::uint8_t> bytes)
{
    return decodeAll<HostSamples>(RecordKind::HostSamples, "system-samples", bytes);
}

Result<std::vector<LastArrivalState>> decodeLastArrivalStates(std::span<const std::uint8_t> bytes)
{
    return decodeAll<LastArrivalState>(RecordKind::LastArrivalState, "last-arrival state", bytes);
}

Result<std::vector<StatisticsState>> decodeStatisticsStates(std::span<const std::uint8_t> bytes)
{
    return decodeAll<StatisticsState>(RecordKind::StatisticsState, "statistics state", bytes);
}

} // namespace xylem::protocol
