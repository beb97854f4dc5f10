// The collector's messages: each one encodes and decodes to equal fields (extreme numbers,
// empty and long strings), every truncation and a trailing byte fail, counts larger than the
// payload fail before anything is allocated, and enum values outside their sets fail.

#include "core/protocol/bytes.h"
#include "core/protocol/collectormessages.h"

#include <QtTest>

#include <atomic>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <new>
#include <string>
#include <tuple>
#include <vector>

// The largest single allocation since the last reset: a decoder that trusts a count from the
// wire shows up here (or as bad_alloc) long before it would show up as a crash.
namespace {
std::atomic<size_t> g_largestAllocation{0};
}

void* operator new(size_t n)
{
    size_t seen = g_largestAllocation.load(std::memory_order_relaxed);
    while (n > seen &&
           !g_largestAllocation.compare_exchange_weak(seen, n, std::memory_order_relaxed)) {
    }
    if (void* p = std::malloc(n == 0 ? 1 : n)) {
        return p;
    }
    throw std::bad_alloc();
}
void* operator new[](size_t n)
{
    return operator new(n);
}
void operator delete(void* p) noexcept
{
    std::free(p);
}
void operator delete[](void* p) noexcept
{
    std::free(p);
}
void operator delete(void* p, size_t) noexcept
{
    std::free(p);
}
void operator delete[](void* p, size_t) noexcept
{
    std::free(p);
}

// Field-by-field keys. The element types of vectors also get an operator== for the vectors'
// own comparison; it lives in their namespace so that argument-dependent lookup finds it.
namespace xylem::protocol {
struct Key
{
    static auto of(const ErrorMessage& m) { return std::tie(m.code, m.message); }
    static auto of(const RegisterRingMessage& m) { return std::tie(m.ringName); }
    static auto of(const HelloMessage& m) { return std::tie(m.client); }
    static auto of(const WelcomeMessage& m) { return std::tie(m.host, m.version, m.pid); }
    static auto of(const RingInfo& i)
    {
        return std::tie(i.id, i.name, i.pid, i.tid, i.program, i.label, i.capacity, i.policy,
                        i.clock, i.processAlive, i.written, i.read, i.overwritten);
    }
    static auto of(const RingListMessage& m) { return std::tie(m.rings); }
    static auto of(const SetPolicyMessage& m) { return std::tie(m.ring, m.policy); }
    static auto of(const ReadTuplesMessage& m) { return std::tie(m.maxTuples); }
    static auto of(const RingTuples& r) { return std::tie(r.ring, r.overwritten, r.tuples); }
    static auto of(const TupleBatchMessage& m) { return std::tie(m.rings); }
    static auto of(const ReadSamplesMessage& m) { return std::tie(m.fromSequence, m.maxSamples); }
    static auto of(const SampleRecord& s) // by bits: NaN must come back as the same NaN
    {
        return std::make_tuple(s.host, s.metric, s.timeNs, std::bit_cast<std::uint64_t>(s.value));
    }
    static auto of(const SampleBatchMessage& m)
    {
        return std::tie(m.nextSequence, m.overwritten, m.samples);
    }
    static auto of(const InstallFilterMessage& m)
    {
        return std::tie(m.filter, m.kind, m.configuration, m.host);
    }
    static auto of(const PollFilterMessage& m) { return std::tie(m.filter); }
    static auto of(const RemoveFilterMessage& m) { return std::tie(m.filter); }
    static auto of(const FilterResultMessage& m)
    {
        return std::tie(m.filter, m.calls, m.resultJson);
    }
};
bool operator==(const RingInfo& a, const RingInfo& b)
{
    return Key::of(a) == Key::of(b);
}
bool operator==(const RingTuples& a, const RingTuples& b)
{
    return Key::of(a) == Key::of(b);
}
bool operator==(const SampleRecord& a, const SampleRecord& b)
{
    return Key::of(a) == Key::of(b);
}
} // namespace xylem::protocol

using namespace xylem;
using namespace xylem::protocol;

namespace {

using Bytes = std::vector<std::uint8_t>;
constexpr auto kU32 = std::numeric_limits<std::uint32_t>::max();
constexpr auto kU64 = std::numeric_limits<std::uint64_t>::max();
constexpr auto kI64Min = std::numeric_limits<std::int64_t>::min();
constexpr auto kI64Max = std::numeric_limits<std::int64_t>::max();
const std::string kOdd("nul\0inside \xc3\xbc", 13); // an embedded NUL and UTF-8

std::string text(size_t n)
{
    std::string s(n, 'a');
    for (size_t i = 0; i < n; ++i) {
        s[i] = static_cast<char>('a' + i % 26);
    }
    return s;
}

// Empty when m survives encode + decode and every prefix and a trailing byte are refused.
template <typename M>
QString roundTrip(const M& m, Result<M> (*decode)(std::span<const std::uint8_t>))
{
    Bytes bytes = encode(m);
    const Result<M> back = decode(bytes);
    if (!back) {
        return QString::fromStdString("decode failed: " + back.error().describe());
    }
    if (!(Key::of(*back) == Key::of(m))) {
        return QStringLiteral("decoded fields differ");
    }
    for (size_t n = 0; n < bytes.size(); ++n) {
        if (decode(std::span(bytes).first(n))) {
            return QStringLiteral("a prefix of %1 of %2 bytes decoded").arg(n).arg(bytes.size());
        }
    }
    bytes.push_back(0);
    return decode(bytes) ? QStringLiteral("a trailing byte was accepted") : QString();
}

RingInfo ringInfo(std::uint32_t id, BufferPolicy policy, ClockKind clock)
{
    return RingInfo{id,
                    "/xylem-ring-1000-" + std::to_string(id),
                    id * 3,
                    kU32 - id,
                    kOdd,
                    text(id * 50),
                    id == 0 ? kU32 : id,
                    policy,
                    clock,
                    id % 2 == 0,
                    id == 0 ? kU64 : id,
                    id * 7,
                    kU64 - id};
}

// A RingList of one ring with the given raw policy and clock numbers.
Bytes ringListPayload(std::uint32_t policy, std::uint32_t clock)
{
    ByteWriter w;
    w.u32(1);
    w.u32(1);
    w.string("/r");
    w.u32(2);
    w.u32(3);
    w.string("p");
    w.string("l");
    w.u32(1024);
    w.u32(policy);
    w.u32(clock);
    w.u8(1);
    w.u64(4);
    w.u64(5);
    w.u64(6);
    return w.take();
}

template <auto decode> bool decodes(std::span<const std::uint8_t> bytes)
{
    return decode(bytes).ok();
}

const std::map<QString, bool (*)(std::span<const std::uint8_t>)> kDecoders{
    {"Error", &decodes<decodeError>},
    {"RingList", &decodes<decodeRingList>},
    {"SetPolicy", &decodes<decodeSetPolicy>},
    {"TupleBatch", &decodes<decodeTupleBatch>},
    {"SampleBatch", &decodes<decodeSampleBatch>},
    {"InstallFilter", &decodes<decodeInstallFilter>},
    {"FilterResult", &decodes<decodeFilterResult>},
};

QByteArray raw(const Bytes& b)
{
    return QByteArray(reinterpret_cast<const char*>(b.data()), static_cast<qsizetype>(b.size()));
}

} // namespace

class TestCollectorMessages : public QObject
{
    Q_OBJECT

private slots:
    void roundTripsTextMessages();
    void roundTripsRingList();
    void roundTripsRequests();
    void roundTripsTupleBatch();
    void roundTripsSampleBatch();
    void roundTripsFilters();
    void tupleBatchWireLayout();
    void refusesARingNameLongerThanAShmName();
    void refusesCountsBeyondThePayloadWithoutAllocating_data();
    void refusesCountsBeyondThePayloadWithoutAllocating();
    void refusesUnknownEnumValues_data();
    void refusesUnknownEnumValues();
};

void TestCollectorMessages::roundTripsTextMessages()
{
    for (const ErrorMessage& m :
         {ErrorMessage{}, ErrorMessage{kU32, text(60000)}, ErrorMessage{7, kOdd}}) {
        QCOMPARE(roundTrip(m, decodeError), QString());
    }
    for (const std::string& name :
         {std::string(), std::string("/xylem-ring-1000-42-43-0"), text(255)}) {
        QCOMPARE(roundTrip(RegisterRingMessage{name}, decodeRegisterRing), QString());
    }
    for (const std::string& client : {std::string(), kOdd, text(60000)}) {
        QCOMPARE(roundTrip(HelloMessage{client}, decodeHello), QString());
    }
    QCOMPARE(roundTrip(WelcomeMessage{}, decodeWelcome), QString());
    QCOMPARE(roundTrip(WelcomeMessage{text(3000), kOdd, kU32}, decodeWelcome), QString());
}

void TestCollectorMessages::roundTripsRingList()
{
    QCOMPARE(roundTrip(RingListMessage{}, decodeRingList), QString());
    RingListMessage m;
    std::uint32_t id = 0;
    for (BufferPolicy p : {BufferPolicy::FillRead, BufferPolicy::ReplaceRead,
                           BufferPolicy::FillDrain, BufferPolicy::ReplaceDrain}) {
        for (ClockKind c : {ClockKind::Tsc, ClockKind::Monotonic}) {
            m.rings.push_back(ringInfo(id++, p, c));
        }
    }
    QCOMPARE(roundTrip(m, decodeRingList), QString());
}

void TestCollectorMessages::roundTripsRequests()
{
    for (BufferPolicy p : {BufferPolicy::FillRead, BufferPolicy::ReplaceRead,
                           BufferPolicy::FillDrain, BufferPolicy::ReplaceDrain}) {
        for (std::optional<std::uint32_t> ring :
             {std::optional<std::uint32_t>(), std::optional(0u), std::optional(kU32)}) {
            QCOMPARE(roundTrip(SetPolicyMessage{ring, p}, decodeSetPolicy), QString());
        }
    }
    for (std::uint32_t v : {0u, 1u, kU32}) {
        QCOMPARE(roundTrip(ReadTuplesMessage{v}, decodeReadTuples), QString());
        QCOMPARE(roundTrip(PollFilterMessage{v}, decodePollFilter), QString());
        QCOMPARE(roundTrip(RemoveFilterMessage{v}, decodeRemoveFilter), QString());
        QCOMPARE(roundTrip(ReadSamplesMessage{v == kU32 ? kU64 : v, v}, decodeReadSamples),
                 QString());
    }
}

void TestCollectorMessages::roundTripsTupleBatch()
{
    QCOMPARE(roundTrip(TupleBatchMessage{}, decodeTupleBatch), QString());
    TupleBatchMessage m;
    m.rings.push_back(RingTuples{kU32, kU64, {}});
    m.rings.push_back(RingTuples{
        0,
        0,
        {Tuple{kI64Min, kI64Min, kI64Max, kU32, 0xFFFF, std::numeric_limits<std::int16_t>::min()},
         Tuple{kI64Max, -1, 0, 0, 0, -1}, Tuple{0, 0, 0, 0, 0, 32767}}});
    RingTuples many{7, 3, {}};
    for (std::int64_t i = 0; i < 500; ++i) {
        many.tuples.push_back(Tuple{i, 3 * i, 3 * i + 1, static_cast<std::uint32_t>(i % 7), 1, 0});
    }
    m.rings.push_back(many);
    QCOMPARE(roundTrip(m, decodeTupleBatch), QString());
}

void TestCollectorMessages::roundTripsSampleBatch()
{
    QCOMPARE(roundTrip(SampleBatchMessage{}, decodeSampleBatch), QString());
    SampleBatchMessage m{kU64, kU64 - 1, {}};
    using L = std::numeric_limits<double>;
    for (double v : {0.0, -0.0, 1.5, L::max(), L::lowest(), L::denorm_min(), L::infinity(),
                     -L::infinity(), L::quiet_NaN()}) {
        m.samples.push_back(
            SampleRecord{"node-" + std::to_string(m.samples.size()), "cpu.user", kI64Min, v});
    }
    m.samples.push_back(SampleRecord{"", "", kI64Max, 0});
    m.samples.push_back(SampleRecord{text(5000), kOdd, -1, 2.0});
    QCOMPARE(roundTrip(m, decodeSampleBatch), QString());
}

void TestCollectorMessages::roundTripsFilters()
{
    const std::string json = "{\"format\": \"xylem-tree/1\", \"pad\": \"" + text(200000) + "\"}";
    for (FilterKind k : {FilterKind::LastArrivals, FilterKind::CollectorStatistics}) {
        QCOMPARE(roundTrip(InstallFilterMessage{0, k, "", ""}, decodeInstallFilter), QString());
        QCOMPARE(roundTrip(InstallFilterMessage{kU32, k, json, kOdd}, decodeInstallFilter),
                 QString());
    }
    QCOMPARE(roundTrip(FilterResultMessage{}, decodeFilterResult), QString());
    QCOMPARE(roundTrip(FilterResultMessage{kU32, kU64, json}, decodeFilterResult), QString());
}

// Little-endian, field by field: ring count, ring id, overwritten, tuple count, then each tuple
// as seq, down, up (i64), collector (u32), op (u16), ret (i16).
void TestCollectorMessages::tupleBatchWireLayout()
{
    const TupleBatchMessage m{{RingTuples{2, 3, {Tuple{-2, 5, 6, 0x01020304, 0x0A0B, -1}}}}};
    Bytes expected{1, 0, 0, 0, 2, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0};
    const Bytes tuple{0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 5,    0,   0,
                      0,    0,    0,    0,    0,    6,    0,    0,    0,    0,   0,
                      0,    0,    4,    3,    2,    1,    0x0B, 0x0A, 0xFF, 0xFF};
    expected.insert(expected.end(), tuple.begin(), tuple.end());
    QCOMPARE(encode(m), expected);
}

// Shared-memory names are at most NAME_MAX (255) bytes; a longer one cannot name a ring.
void TestCollectorMessages::refusesARingNameLongerThanAShmName()
{
    QVERIFY(!decodeRegisterRing(encode(RegisterRingMessage{text(256)})).ok());
    QVERIFY(!decodeRegisterRing(encode(RegisterRingMessage{text(100000)})).ok());
}

void TestCollectorMessages::refusesCountsBeyondThePayloadWithoutAllocating_data()
{
    QTest::addColumn<QString>("decoder");
    QTest::addColumn<QByteArray>("payload");
    const auto payload = [](const std::function<void(ByteWriter&)>& fill) {
        ByteWriter w;
        fill(w);
        w.u64(0); // 8 bytes of payload the count claims to describe
        return raw(w.take());
    };
    QTest::newRow("TupleBatch rings")
        << "TupleBatch" << payload([](ByteWriter& w) { w.u32(kU32); });
    QTest::newRow("TupleBatch tuples") << "TupleBatch" << payload([](ByteWriter& w) {
        w.u32(1);
        w.u32(9);
        w.u64(0);
        w.u32(kU32);
    });
    QTest::newRow("TupleBatch tuples 1 short") << "TupleBatch" << payload([](ByteWriter& w) {
        w.u32(1);
        w.u32(9);
        w.u64(0);
        w.u32(1); // one tuple is 32 bytes, 8 follow
    });
    QTest::newRow("RingList rings") << "RingList" << payload([](ByteWriter& w) { w.u32(kU32); });
    QTest::newRow("SampleBatch samples") << "SampleBatch" << payload([](ByteWriter& w) {
        w.u64(1);
        w.u64(2);
        w.u32(kU32);
    });
    QTest::newRow("Error message length") << "Error" << payload([](ByteWriter& w) {
        w.u32(1);
        w.u32(kU32);
    });
    QTest::newRow("FilterResult json length") << "FilterResult" << payload([](ByteWriter& w) {
        w.u32(1);
        w.u64(2);
        w.u32(kU32);
    });
}

void TestCollectorMessages::refusesCountsBeyondThePayloadWithoutAllocating()
{
    QFETCH(QString, decoder);
    QFETCH(QByteArray, payload);
    const std::span bytes(reinterpret_cast<const std::uint8_t*>(payload.constData()),
                          static_cast<size_t>(payload.size()));
    g_largestAllocation.store(0);
    const bool ok = kDecoders.at(decoder)(bytes);
    const size_t largest = g_largestAllocation.load();
    QVERIFY(!ok);
    QVERIFY2(largest <= 4096, qPrintable(QStringLiteral("allocated %1 bytes for a %2-byte payload")
                                             .arg(largest)
                                             .arg(payload.size())));
}

void TestCollectorMessages::refusesUnknownEnumValues_data()
{
    QTest::addColumn<QString>("decoder");
    QTest::addColumn<QByteArray>("payload");
    QTest::addColumn<bool>("valid");
    const auto setPolicy = [](std::uint32_t policy) {
        Bytes b = encode(SetPolicyMessage{5, BufferPolicy::FillRead});
        for (int i = 0; i < 4; ++i) {
            b[5 + static_cast<size_t>(i)] = static_cast<std::uint8_t>(policy >> (8 * i));
        }
        return raw(b);
    };
    const auto filter = [](std::uint32_t kind) {
        Bytes b = encode(InstallFilterMessage{1, FilterKind::LastArrivals, "{}", "h"});
        b[4] = static_cast<std::uint8_t>(kind);
        return raw(b);
    };
    QTest::newRow("SetPolicy 3 (control)") << "SetPolicy" << setPolicy(3) << true;
    QTest::newRow("SetPolicy 4") << "SetPolicy" << setPolicy(4) << false;
    QTest::newRow("SetPolicy 9") << "SetPolicy" << setPolicy(9) << false;
    QTest::newRow("SetPolicy max") << "SetPolicy" << setPolicy(kU32) << false;
    QTest::newRow("RingList 3/2 (control)") << "RingList" << raw(ringListPayload(3, 2)) << true;
    QTest::newRow("RingList policy 9") << "RingList" << raw(ringListPayload(9, 1)) << false;
    QTest::newRow("RingList clock 7") << "RingList" << raw(ringListPayload(0, 7)) << false;
    QTest::newRow("RingList clock 0") << "RingList" << raw(ringListPayload(0, 0)) << false;
    QTest::newRow("InstallFilter 2 (control)") << "InstallFilter" << filter(2) << true;
    QTest::newRow("InstallFilter 3") << "InstallFilter" << filter(3) << false;
    QTest::newRow("InstallFilter 0") << "InstallFilter" << filter(0) << false;
}

void TestCollectorMessages::refusesUnknownEnumValues()
{
    QFETCH(QString, decoder);
    QFETCH(QByteArray, payload);
    QFETCH(bool, valid);
    const std::span bytes(reinterpret_cast<const std::uint8_t*>(payload.constData()),
                          static_cast<size_t>(payload.size()));
    QCOMPARE(kDecoders.at(decoder)(bytes), valid);
}

QTEST_APPLESS_MAIN(TestCollectorMessages)
#include "tst_collectormessages.moc"
