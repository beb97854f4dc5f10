// Every message of the wire, fuzzed in the normal build (deterministic and bounded; libFuzzer
// targets are another issue): each sample message survives encode + decode and encodes to the
// same bytes again; every truncation is refused with an error that names the message and the
// field; random byte flips (a fixed seed) either decode to a message that encodes again or are
// refused, never crash. Every MessageType with a payload has a case here, and so has every
// record kind of the gather streams.

#include "core/protocol/allreducemessages.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"
#include "core/protocol/gatherrecords.h"
#include "core/protocol/treemessages.h"

#include <QtTest>

#include <functional>
#include <limits>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace xylem;
using namespace xylem::protocol;

namespace {

using Bytes = std::vector<std::uint8_t>;
using Span = std::span<const std::uint8_t>;

// What a decoder made of some bytes: the message encoded again, or the error.
struct Outcome
{
    bool ok = false;
    Bytes again;
    std::string error;
};

struct Case
{
    std::string name; // how errors name the message (or the record)
    Bytes bytes;
    std::function<Outcome(Span)> decode;
    bool namesFields = true;       // truncation errors name a field (records: also their header)
    std::set<size_t> wholeRecords; // prefixes that are whole records (a stream of fewer)
};

template <class M> Case messageCase(std::string name, const M& m, Result<M> (*decode)(Span))
{
    return Case{name, encode(m), [decode](Span b) {
                    auto r = decode(b);
                    return r ? Outcome{true, encode(r.value()), {}}
                             : Outcome{false, {}, r.error().describe()};
                }};
}

template <class R> Case recordCase(std::string name, const std::vector<R>& records,
                                   Result<std::vector<R>> (*decode)(Span))
{
    Bytes bytes;
    std::set<size_t> boundaries;
    for (const R& r : records) {
        boundaries.insert(bytes.size());
        appendRecord(r, bytes);
    }
    return Case{name, bytes,
                [decode](Span b) {
                    auto r = decode(b);
                    if (!r) {
                        return Outcome{false, {}, r.error().describe()};
                    }
                    Bytes again;
                    for (const R& one : r.value()) {
                        appendRecord(one, again);
                    }
                    return Outcome{true, again, {}};
                },
                false, boundaries};
}

Nonce nonceOf(std::uint8_t seed)
{
    Nonce n{};
    for (size_t i = 0; i < n.size(); ++i) {
        n[i] = static_cast<std::uint8_t>(seed + i);
    }
    return n;
}

constexpr auto kU64 = std::numeric_limits<std::uint64_t>::max();
constexpr auto kI64Min = std::numeric_limits<std::int64_t>::min();

gather::Batch sampleBatch(int kind)
{
    switch (kind) {
    case 0:
        return gather::Batch{3, gather::Numbers{{1.5, -2, 1e300}}};
    case 1:
        return gather::Batch{1, gather::Tuples{{Tuple{1, 2, 3, 4, 5, -6}, Tuple{7, 8, 9, 0, 1, 2}}}};
    case 2:
        return gather::Batch{2, gather::Stats{{gather::StatEntry{1, 2, 3.5, 0.5, -1, 9},
                                                gather::StatEntry{4, 1, 2, 0, 2, 2}}}};
    case 3:
        return gather::Batch{4, gather::Classes{{gather::ClassEntry{-3, {0, 2}},
                                                 gather::ClassEntry{100, {1}}}}};
    default:
        return gather::Batch{2, gather::Bytes{{'a', 0, 'b', 255}}};
    }
}

// One case (or more) per payload-carrying MessageType, keyed by it; record kinds under 1000+.
std::multimap<int, Case> allCases()
{
    std::multimap<int, Case> c;
    const auto add = [&](MessageType t, Case one) { c.emplace(static_cast<int>(t), std::move(one)); };
    // collector
    add(MessageType::Error, messageCase("Error", ErrorMessage{7, "no such ring"}, decodeError));
    add(MessageType::RegisterRing,
        messageCase("RegisterRing", RegisterRingMessage{"/xylem-ring-1-2"}, decodeRegisterRing));
    RingListMessage rings;
    rings.rings.push_back(RingInfo{1, "/r1", 10, 11, "prog", "label", 1024,
                                   BufferPolicy::ReplaceDrain, ClockKind::Monotonic, false, 5, 4, 1});
    rings.rings.push_back(RingInfo{});
    add(MessageType::RingList, messageCase("RingList", rings, decodeRingList));
    add(MessageType::SetPolicy,
        messageCase("SetPolicy", SetPolicyMessage{3u, BufferPolicy::FillDrain}, decodeSetPolicy));
    add(MessageType::SetPolicy,
        messageCase("SetPolicy", SetPolicyMessage{std::nullopt, BufferPolicy::ReplaceRead},
                    decodeSetPolicy));
    add(MessageType::ReadTuples, messageCase("ReadTuples", ReadTuplesMessage{99}, decodeReadTuples));
    add(MessageType::TupleBatch,
        messageCase("TupleBatch",
                    TupleBatchMessage{{RingTuples{1, 2, {Tuple{1, 2, 3, 4, 5, 6}}}, RingTuples{}}},
                    decodeTupleBatch));
    add(MessageType::ReadSamples,
        messageCase("ReadSamples", ReadSamplesMessage{kU64, 7}, decodeReadSamples));
    add(MessageType::SampleBatch,
        messageCase("SampleBatch",
                    SampleBatchMessage{5, 1, {SampleRecord{"h", "cpu_busy_pct", 12, 0.5}}},
                    decodeSampleBatch));
    add(MessageType::InstallFilter,
        messageCase("InstallFilter",
                    InstallFilterMessage{1, FilterKind::CollectorStatistics, "{}", "h0"},
                    decodeInstallFilter));
    add(MessageType::PollFilter, messageCase("PollFilter", PollFilterMessage{4}, decodePollFilter));
    add(MessageType::FilterResult,
        messageCase("FilterResult", FilterResultMessage{4, 9, R"({"a":1})"}, decodeFilterResult));
    add(MessageType::RemoveFilter,
        messageCase("RemoveFilter", RemoveFilterMessage{4}, decodeRemoveFilter));
    add(MessageType::Hello, messageCase("Hello", HelloMessage{"tool"}, decodeHello));
    add(MessageType::Welcome,
        messageCase("Welcome", WelcomeMessage{"h0", "0.9", 1234}, decodeWelcome));
    // allreduce
    add(MessageType::PathHello,
        messageCase("PathHello", PathHelloMessage{1, 2, nonceOf(3)}, decodePathHello));
    add(MessageType::AllreduceRequest,
        messageCase("Allreduce", AllreduceMessage{kI64Min, {1, -2, 3}}, decodeAllreduce));
    add(MessageType::AllreduceReply,
        messageCase("Allreduce", AllreduceMessage{5, {}}, decodeAllreduce));
    add(MessageType::PathChallenge,
        messageCase("PathChallenge", PathChallengeMessage{nonceOf(1), nonceOf(2)},
                    decodePathChallenge));
    add(MessageType::PathProof,
        messageCase("PathProof", PathProofMessage{nonceOf(9)}, decodePathProof));
    // gather tree
    add(MessageType::TreeHello,
        messageCase("TreeHello", TreeHelloMessage{3, nonceOf(4)}, decodeTreeHello));
    add(MessageType::TreeChallenge,
        messageCase("TreeChallenge", TreeChallengeMessage{nonceOf(5), nonceOf(6)},
                    decodeTreeChallenge));
    add(MessageType::TreeProof,
        messageCase("TreeProof", TreeProofMessage{nonceOf(7)}, decodeTreeProof));
    add(MessageType::TreeWelcome,
        messageCase("TreeWelcome", TreeWelcomeMessage{2, R"({"nodes":[]})", true},
                    decodeTreeWelcome));
    add(MessageType::SubtreeReady,
        messageCase("SubtreeReady",
                    SubtreeReadyMessage{1, 4, {5, 6}, {NodeAddress{1, "10.0.0.1", 4000}}},
                    decodeSubtreeReady));
    StreamSpec spec;
    spec.id = 7;
    spec.filter = gather::FilterSpec{"sum", {1, -2}, "/lib/x.so"};
    spec.sync = gather::SyncSpec{gather::SyncMode::TimeOut, std::chrono::microseconds(2500)};
    spec.source = SourceSpec{"ring-tuples", {65536, 7}};
    spec.gathering = Gathering::Sequential;
    spec.filterAtLeaves = true;
    add(MessageType::OpenStream, messageCase("OpenStream", spec, decodeStreamSpec));
    add(MessageType::CloseStream,
        messageCase("CloseStream", CloseStreamMessage{7}, decodeCloseStream));
    add(MessageType::Pull, messageCase("Pull", PullMessage{7, kU64, 3}, decodePull));
    for (int kind = 0; kind < 5; ++kind) {
        add(MessageType::WaveData,
            messageCase("WaveData", WaveDataMessage{7, 12, {3}, sampleBatch(kind)},
                        decodeWaveData));
    }
    add(MessageType::Control,
        messageCase("Control", ControlMessage{"buffer-policy", "replace-read"}, decodeControl));
    add(MessageType::Ping, messageCase("Ping", PingMessage{kU64}, decodePing));
    add(MessageType::Pong, messageCase("Pong", PongMessage{1, kI64Min}, decodePong));
    for (MessageType t : {MessageType::NodesLost, MessageType::NodesJoined, MessageType::NodesSlow,
                          MessageType::NodesBack}) {
        add(t, messageCase("Nodes", NodesMessage{{1, 2, 3}, "time-out"}, decodeNodes));
    }
    add(MessageType::ClockReport,
        messageCase("ClockReport", ClockReportMessage{{ClockOffset{1, -5, 3}, ClockOffset{}}},
                    decodeClockReport));
    add(MessageType::TreeLocate,
        messageCase("TreeLocate", TreeLocateMessage{kLocateNode, "n1", 3, 0}, decodeTreeLocate));
    add(MessageType::TreeLocated,
        messageCase("TreeLocated", TreeLocatedMessage{4, 1, "10.0.0.2", 5000, "n1"},
                    decodeTreeLocated));
    // records inside gather waves
    c.emplace(1000 + int(RecordKind::NodeCounts),
              recordCase("node-counts",
                         std::vector<NodeCounts>{{"h0", 10, 9, 1, 2, 77, 12.5},
                                                 {"h1", 0, 0, 0, 0, -1, std::nullopt}},
                         decodeNodeCounts));
    c.emplace(1000 + int(RecordKind::HostSamples),
              recordCase("system-samples",
                         std::vector<HostSamples>{{"h0", 2, {{"cpu_busy_pct", 5, 1.5}}}, {"h1", 0, {}}},
                         decodeHostSamples));
    c.emplace(1000 + int(RecordKind::LastArrivalState),
              recordCase("last-arrival state",
                         std::vector<LastArrivalState>{
                             {"h0", 40, {GredArrivals{"g", {ArrivalCounts{"a", 3, {1, 3}, {2, 2}}}}}}},
                         decodeLastArrivalStates));
    const RunningSummary s{4, 1.5, 1, 2, 0.5, 1.5};
    c.emplace(1000 + int(RecordKind::StatisticsState),
              recordCase("statistics state",
                         std::vector<StatisticsState>{
                             {"h0",
                              9,
                              {GredStatistics{"g", s, std::nullopt, {ContributorStatistics{"a", s, s, s}}}},
                              {CollectorStatistics{"a", s}}}},
                         decodeStatisticsStates));
    return c;
}

// Types without a payload: nothing to decode.
const std::set<MessageType> kEmpty{MessageType::ListRings,   MessageType::Ack,
                                   MessageType::PathGoodbye, MessageType::MeasureClocks,
                                   MessageType::Shutdown,    MessageType::Heartbeat};

} // namespace

class TestProtocolFuzz : public QObject
{
    Q_OBJECT

private slots:
    void everyMessageTypeHasACase();
    void roundTrips();
    void everyTruncationIsRefusedNamingTheField();
    void randomFlipsDecodeOrAreRefused();
    void framesOfRandomBytesNeverCrash();
    void recordsConcatenateAndKeepTheirKind();
};

void TestProtocolFuzz::everyMessageTypeHasACase()
{
    const auto cases = allCases();
    for (int v = 0; v <= 0xFFFF; ++v) {
        if (!isKnownMessageType(static_cast<std::uint16_t>(v))) {
            continue;
        }
        const auto type = static_cast<MessageType>(v);
        QVERIFY2(kEmpty.contains(type) || cases.contains(v),
                 qPrintable(QStringLiteral("no fuzz case for %1")
                                .arg(QString::fromUtf8(toString(type).data()))));
    }
    for (int kind = 1; kind <= int(RecordKind::StatisticsState); ++kind) {
        QVERIFY(cases.contains(1000 + kind));
    }
}

void TestProtocolFuzz::roundTrips()
{
    for (const auto& [type, c] : allCases()) {
        const Outcome o = c.decode(c.bytes);
        QVERIFY2(o.ok, qPrintable(QString::fromStdString(c.name + ": " + o.error)));
        QVERIFY2(o.again == c.bytes, c.name.c_str());
    }
}

void TestProtocolFuzz::everyTruncationIsRefusedNamingTheField()
{
    int checked = 0;
    for (const auto& [type, c] : allCases()) {
        for (size_t n = 0; n < c.bytes.size(); ++n) {
            if (c.wholeRecords.contains(n)) {
                continue;
            }
            const Outcome o = c.decode(Span(c.bytes).first(n));
            QVERIFY2(!o.ok, qPrintable(QStringLiteral("%1: a prefix of %2 of %3 bytes decoded")
                                           .arg(QString::fromStdString(c.name))
                                           .arg(n)
                                           .arg(c.bytes.size())));
            QVERIFY2(o.error.find(c.name) != std::string::npos, o.error.c_str());
            const bool namesField = o.error.find("field '") != std::string::npos;
            QVERIFY2(namesField || (!c.namesFields && o.error.find("record") != std::string::npos),
                     o.error.c_str());
            ++checked;
        }
        // A byte more is refused too: a message ends where its fields end.
        Bytes longer = c.bytes;
        longer.push_back(0);
        QVERIFY2(!c.decode(longer).ok, c.name.c_str());
    }
    QVERIFY(checked > 1000);
}

void TestProtocolFuzz::randomFlipsDecodeOrAreRefused()
{
    std::mt19937 rng(20261126);
    int decoded = 0;
    int refused = 0;
    for (const auto& [type, c] : allCases()) {
        for (int round = 0; round < 300; ++round) {
            Bytes bytes = c.bytes;
            std::uniform_int_distribution<int> flips(1, 4);
            for (int f = flips(rng); f > 0 && !bytes.empty(); --f) {
                std::uniform_int_distribution<size_t> at(0, bytes.size() - 1);
                bytes[at(rng)] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
            }
            const Outcome o = c.decode(bytes);
            if (o.ok) {
                // What decoded encodes again and decodes to the same (no state left behind).
                const Outcome again = c.decode(o.again);
                QVERIFY2(again.ok && again.again == o.again, c.name.c_str());
                ++decoded;
            } else {
                QVERIFY2(!o.error.empty() && o.error.find(c.name) != std::string::npos,
                         o.error.c_str());
                ++refused;
            }
        }
    }
    qInfo("%d damaged payloads decoded, %d refused", decoded, refused);
    QVERIFY(decoded > 0);
    QVERIFY(refused > 0);
}

void TestProtocolFuzz::framesOfRandomBytesNeverCrash()
{
    std::mt19937 rng(7);
    const auto cases = allCases();
    int frames = 0;
    for (const auto& [type, c] : cases) {
        if (type >= 1000) {
            continue;
        }
        Bytes wire = encodeFrame(static_cast<MessageType>(type), 3, c.bytes);
        for (int round = 0; round < 50; ++round) {
            Bytes damaged = wire;
            std::uniform_int_distribution<size_t> at(0, damaged.size() - 1);
            damaged[at(rng)] = static_cast<std::uint8_t>(rng());
            FrameDecoder decoder;
            std::vector<Frame> out;
            const auto fed = decoder.feed(damaged, out);
            QCOMPARE(decoder.failed(), !fed.ok());
            for (const Frame& f : out) {
                QVERIFY(f.payload.size() <= kMaxPayloadBytes);
                ++frames;
            }
        }
    }
    QVERIFY(frames > 0);
}

// Two leaves' batches joined by the concat filter are two records; a record of another kind on
// a stream is refused, naming both kinds.
void TestProtocolFuzz::recordsConcatenateAndKeepTheirKind()
{
    Bytes joined;
    appendRecord(NodeCounts{"h0", 1, 1, 0, 1, 5, std::nullopt}, joined);
    appendRecord(NodeCounts{"h1", 2, 2, 0, 1, 6, 50.0}, joined);
    const auto both = decodeNodeCounts(joined);
    QVERIFY(both);
    QCOMPARE(both->size(), size_t(2));
    QCOMPARE(both->at(1).host, std::string("h1"));
    QCOMPARE(*both->at(1).cpuBusyPct, 50.0);
    QVERIFY(decodeNodeCounts({})->empty());
    Bytes samples;
    appendRecord(HostSamples{"h0", 0, {}}, samples);
    const auto wrong = decodeNodeCounts(samples);
    QVERIFY(!wrong);
    QVERIFY2(wrong.error().message.find("kind 2 where kind 1") != std::string::npos,
             wrong.error().message.c_str());
}

QTEST_GUILESS_MAIN(TestProtocolFuzz)
#include "tst_protocolfuzz.moc"
