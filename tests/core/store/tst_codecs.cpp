// The stored chunk codecs (tuplecodec.h, callcodec.h): values of any size come back exactly,
// and indices beyond their bound are refused. Damage: tst_chunkdamage.

#include "core/store/chunkframe.h"
#include "core/store/crc32.h"
#include "tests/core/analysis/generatedcases.h"
#include "tests/core/store/codectesthelpers.h"
#include "tests/support/tracesimulator.h"

#include <QtTest>

#include <limits>
#include <random>

using namespace xylem;
using namespace xylem::store;
using namespace xylem::storetest;

namespace {

constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min() + 1;
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

std::vector<CallTimes> randomCalls(std::uint64_t seed, int count, int threads)
{
    std::mt19937_64 rng(seed);
    std::vector<CallTimes> calls;
    for (int i = 0; i < count; ++i) {
        const auto jitter = static_cast<std::int64_t>(rng() % 5000);
        calls.push_back({i, i * 200'000 + jitter, 10'000 + jitter, 9'000 + jitter / 2,
                         static_cast<int>(rng() % static_cast<std::uint64_t>(threads))});
    }
    return calls;
}

bool sameCalls(const std::vector<CallTimes>& a, const std::vector<CallTimes>& b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const auto& x, const auto& y) {
        return x.seq == y.seq && x.startNs == y.startNs && x.operationTime == y.operationTime &&
               x.slowestThreadTime == y.slowestThreadTime && x.slowestThread == y.slowestThread;
    });
}

} // namespace

class TestCodecs : public QObject
{
    Q_OBJECT

private slots:
    void crc32MatchesZlib()
    {
        const auto crcOf = [](std::string_view s) {
            return crc32({reinterpret_cast<const std::uint8_t*>(s.data()), s.size()});
        };
        QCOMPARE(crcOf("123456789"), 0xCBF43926u);
        QCOMPARE(crcOf(""), 0u);
        QCOMPARE(crcOf("a"), 0xE8B7BE43u);
        QCOMPARE(crcOf("The quick brown fox jumps over the lazy dog"), 0x414FA339u);
    }

    void simulatedTracesRoundTrip_data()
    {
        QTest::addColumn<int>("hosts");
        QTest::addColumn<int>("threads");
        QTest::addColumn<int>("shape");
        QTest::newRow("kary 4x4") << 4 << 4 << static_cast<int>(TreeShape::KAry);
        QTest::newRow("binomial 8x8") << 8 << 8 << static_cast<int>(TreeShape::Binomial);
        QTest::newRow("flat 1x5") << 1 << 5 << static_cast<int>(TreeShape::Flat);
    }
    void simulatedTracesRoundTrip()
    {
        QFETCH(int, hosts);
        QFETCH(int, threads);
        QFETCH(int, shape);
        const Configuration config =
            testing::makeTree(hosts, 2, threads, static_cast<TreeShape>(shape), RootKind::Core);
        const auto tuples =
            testing::simulateTrace(config, {.calls = 60, .seed = 7, .firstSeq = 1000});
        QVERIFY(tuples.size() > 100);
        const Bytes chunk = encoded(tuples);
        QVERIFY2(chunk.size() < kFrameHeaderSize + 16 * tuples.size(),
                 qPrintable(QString::number(chunk.size())));
        std::vector<Tuple> out{Tuple{5, 6, 7, 0, 0, 0}}; // decoding appends
        QCOMPARE(outcome(decodeTupleChunk(chunk, static_cast<std::uint32_t>(config.wrapperCount()),
                                          out)),
                 kOk);
        QCOMPARE(out.size(), tuples.size() + 1);
        QVERIFY(out.front() == (Tuple{5, 6, 7, 0, 0, 0}));
        QVERIFY(std::equal(tuples.begin(), tuples.end(), out.begin() + 1));
    }

    void extremeTuplesRoundTrip()
    {
        const std::vector<Tuple> tuples{
            {kMax, kMax, kMax, 0, 65535, 32767}, // up == down at the top
            {kMin, kMin, kMax, 1, 0, -32768},    // the widest span there is
            {kMin, kMin, kMin, 2, 1, -1},        // up == down at the bottom
            {-5, -1000, -999, 3, 65535, -32768}, // negative seq and times
            {0, 0, kMax, 0, 0, 0},               // up far above down
            {kMax, 1, 1, 1, 7, 32767},           // seq jumps by almost 2^64
            {-1, kMax, kMax, 2, 0, 0},
            {kMin, kMin + 1, kMin + 2, 3, 0, 0}};
        std::vector<Tuple> out;
        QCOMPARE(outcome(decodeTupleChunk(encoded(tuples), 4, out)), kOk);
        QCOMPARE(out.size(), tuples.size());
        for (size_t i = 0; i < tuples.size(); ++i) {
            QVERIFY2(out[i] == tuples[i], qPrintable(QString("tuple %1").arg(i)));
        }
        for (size_t n : {0, 1, 2}) { // empty and tiny chunks
            out.clear();
            const std::vector<Tuple> few(tuples.begin(),
                                         tuples.begin() + static_cast<std::ptrdiff_t>(n));
            QCOMPARE(outcome(decodeTupleChunk(encoded(few), 4, out)), kOk);
            QVERIFY(out == few);
        }
    }

    void callsRoundTrip()
    {
        const std::vector<CallTimes> calls = randomCalls(3, 500, 7);
        std::vector<CallTimes> out;
        QCOMPARE(outcome(decodeCallChunk(encoded(calls), 7, out)), kOk);
        QVERIFY(sameCalls(out, calls));
        const std::vector<CallTimes> extremes{{kMax, kMax, kMax, kMax, 6},
                                              {kMin, kMin, 0, kMin, 0},
                                              {-3, -50, -1, 0, 5},
                                              {kMax, kMin, kMin, kMax, 1}};
        out.clear();
        QCOMPARE(outcome(decodeCallChunk(encoded(extremes), 7, out)), kOk);
        QVERIFY(sameCalls(out, extremes));
    }

    void indicesBeyondTheirBoundAreCorrupt()
    {
        const Bytes tuples = encoded(std::vector<Tuple>{{0, 1, 2, 0, 0, 0}, {0, 1, 2, 3, 0, 0}});
        std::vector<Tuple> t;
        QCOMPARE(outcome(decodeTupleChunk(tuples, 4, t)), kOk);
        QCOMPARE(outcome(decodeTupleChunk(tuples, 3, t)), static_cast<int>(ErrorCode::Corrupt));
        QCOMPARE(outcome(decodeTupleChunk(tuples, 0, t)), static_cast<int>(ErrorCode::Corrupt));
        const Bytes calls = encoded(std::vector<CallTimes>{{0, 1, 2, 2, 0}, {1, 5, 2, 2, 3}});
        std::vector<CallTimes> c;
        QCOMPARE(outcome(decodeCallChunk(calls, 4, c)), kOk);
        QCOMPARE(outcome(decodeCallChunk(calls, 3, c)), static_cast<int>(ErrorCode::Corrupt));
    }
};

QTEST_APPLESS_MAIN(TestCodecs)
#include "tst_codecs.moc"
