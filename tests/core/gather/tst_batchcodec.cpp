// encodeBatch/decodeBatch: every kind survives the round trip, tuples go as 32-byte
// little-endian records, malformed input (unknown kind, unsorted keys, oversized counts, every
// truncation, random bytes) is an error and never a crash, and large tuple batches decode fast.

#include "core/gather/batchcodec.h"
#include "tests/core/gather/testbatches.h"

#include <QtTest>

#include <chrono>
#include <cmath>
#include <limits>
#include <random>
#include <vector>

using namespace xylem;
using namespace xylem::gather;
using namespace xylem::gather::test;
using protocol::ByteReader;
using protocol::ByteWriter;

namespace {

using Wire = std::vector<std::uint8_t>;

const std::vector<BatchKind> kKinds{BatchKind::Numbers, BatchKind::Tuples, BatchKind::Stats,
                                    BatchKind::Classes, BatchKind::Bytes};

Wire encoded(const Batch& b)
{
    ByteWriter w;
    encodeBatch(b, w);
    return w.take();
}

Result<Batch> decoded(const Wire& wire, bool* atEnd = nullptr)
{
    ByteReader r(wire);
    auto b = decodeBatch(r);
    if (atEnd) {
        *atEnd = r.atEnd();
    }
    if (!b.ok() && r.ok()) {
        qFatal("decodeBatch failed but left the reader good");
    }
    return b;
}

std::vector<Batch> samples()
{
    std::mt19937 rng(5);
    std::vector<Batch> out{numbers({}, 0),
                           tuples({}),
                           stats({}),
                           classes({}),
                           bytes({}),
                           numbers({0.5, -1e300, std::numeric_limits<double>::infinity()}, 7),
                           classes({{-4, {}}, {9, {0, 4'000'000'000u}}})};
    Tuple extreme =
        tuple(std::numeric_limits<std::int64_t>::min(), -1,
              std::numeric_limits<std::uint32_t>::max(), std::numeric_limits<std::int64_t>::max());
    extreme.op = 0xffff;
    extreme.ret = -32768;
    out.push_back(tuples({extreme, tuple(1, 2, 3, 4)}, std::numeric_limits<std::uint32_t>::max()));
    for (int i = 0; i < 20; ++i) {
        for (BatchKind k : kKinds) {
            out.push_back(randomBatch(k, rng, 60));
        }
    }
    return out;
}

} // namespace

class TestBatchCodec : public QObject
{
    Q_OBJECT

private slots:
    void everyKindRoundTrips()
    {
        for (const Batch& b : samples()) {
            bool atEnd = false;
            const auto back = decoded(encoded(b), &atEnd);
            QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
            QVERIFY(*back == b);
            QVERIFY(atEnd);
        }
    }

    void batchesFollowEachOtherInOnePayload()
    {
        const auto all = samples();
        ByteWriter w;
        for (const Batch& b : all) {
            encodeBatch(b, w);
        }
        ByteReader r(w.data());
        for (const Batch& b : all) {
            const auto back = decodeBatch(r);
            QVERIFY(back.ok() && *back == b);
        }
        QVERIFY(r.atEnd());
    }

    void tuplesAre32ByteLittleEndianRecords()
    {
        Tuple t = tuple(0x0102030405060708, -2, 0xa1a2a3a4, 0x1112131415161718);
        t.op = 0xb1b2;
        t.ret = -3;
        const Wire wire = encoded(tuples({t}, 0x01020304));
        const Wire want{1,    0x04, 0x03, 0x02, 0x01, 1,    0,    0,
                        0,                                              // kind, contributors, count
                        0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x01, // seq
                        0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, // down
                        0x18, 0x17, 0x16, 0x15, 0x14, 0x13, 0x12, 0x11, // up
                        0xa4, 0xa3, 0xa2, 0xa1, 0xb2, 0xb1, 0xfd, 0xff}; // collector, op, ret
        QVERIFY(wire == want);
    }

    void malformedContentIsAnError_data()
    {
        QTest::addColumn<QByteArray>("wire");
        const auto row = [](const char* name, const Wire& w) {
            QTest::newRow(name) << QByteArray(reinterpret_cast<const char*>(w.data()),
                                              qsizetype(w.size()));
        };
        row("empty", {});
        row("unknown kind", {5, 1, 0, 0, 0, 0, 0, 0, 0});
        row("kind 255", {255, 1, 0, 0, 0});
        row("huge tuple count", {1, 1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0});
        row("huge byte count", {4, 1, 0, 0, 0, 0x00, 0x00, 0x00, 0x80, 1, 2});
        ByteWriter unsorted;
        encodeBatch(stats({statOf(3, {1}), statOf(2, {1})}), unsorted);
        row("stats keys unsorted", unsorted.data());
        ByteWriter repeated;
        encodeBatch(stats({statOf(3, {1}), statOf(3, {2})}), repeated);
        row("stats keys repeated", repeated.data());
        ByteWriter classKeys;
        encodeBatch(classes({{2, {1}}, {1, {1}}}), classKeys);
        row("class keys unsorted", classKeys.data());
        ByteWriter members;
        encodeBatch(classes({{2, {5, 1}}}), members);
        row("class members unsorted", members.data());
    }
    void malformedContentIsAnError()
    {
        QFETCH(QByteArray, wire);
        const auto back = decoded(Wire(wire.begin(), wire.end()));
        QVERIFY(!back.ok());
        QVERIFY(back.error().code == ErrorCode::MalformedInput);
        QVERIFY(QString::fromStdString(back.error().message).contains("batch"));
    }

    void everyTruncationIsAnError()
    {
        for (const Batch& b : samples()) {
            const Wire wire = encoded(b);
            for (size_t n = 0; n < wire.size(); ++n) {
                QVERIFY(!decoded(Wire(wire.begin(), wire.begin() + std::ptrdiff_t(n))).ok());
            }
        }
    }

    // Random bytes and mutated encodings: errors or batches, never a crash or a huge allocation.
    void fuzzedInputNeverCrashes()
    {
        std::mt19937 rng(99);
        const auto valid = samples();
        size_t decodedOk = 0;
        for (int round = 0; round < 20'000; ++round) {
            Wire wire;
            if (round % 2) {
                wire.resize(rng() % 200);
                for (auto& x : wire) {
                    x = std::uint8_t(rng());
                }
                if (!wire.empty()) {
                    wire[0] = std::uint8_t(wire[0] % 6); // mostly known kinds
                }
            } else {
                wire = encoded(valid[rng() % valid.size()]);
                for (int flips = 1 + int(rng() % 4); flips > 0 && !wire.empty(); --flips) {
                    wire[rng() % wire.size()] = std::uint8_t(rng());
                }
            }
            ByteReader r(wire);
            while (!r.atEnd() && r.ok()) {
                if (decodeBatch(r).ok()) {
                    ++decodedOk;
                }
            }
        }
        QVERIFY(decodedOk > 0);
    }

    // The figure of the raw-tracing path: printed, not asserted (never fails CI on speed).
    // A wave-sized batch decoded again and again reuses the heap; a huge one gets fresh pages
    // from the kernel every time, which costs more than the copy on some machines.
    void largeTupleBatchesDecodeFast_data()
    {
        QTest::addColumn<int>("tuples");
        QTest::addColumn<int>("rounds");
        QTest::newRow("64 Ki tuples (2 MiB)") << 65'536 << 300;
        QTest::newRow("4 M tuples (128 MB)") << 4'000'000 << 3;
    }
    void largeTupleBatchesDecodeFast()
    {
        QFETCH(int, tuples);
        QFETCH(int, rounds);
        const auto n = size_t(tuples);
        std::vector<Tuple> many(n);
        for (size_t i = 0; i < n; ++i) {
            many[i] = tuple(std::int64_t(i), std::int64_t(i) * 3, std::uint32_t(i % 97),
                            -std::int64_t(i));
        }
        const Batch batch = test::tuples(std::move(many), 12);
        Wire wire;
        auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < rounds; ++i) {
            wire = encoded(batch);
        }
        const std::chrono::duration<double> encodeTook = std::chrono::steady_clock::now() - start;
        QCOMPARE(wire.size(), 9 + n * 32);
        size_t total = 0;
        start = std::chrono::steady_clock::now();
        for (int i = 0; i < rounds; ++i) {
            ByteReader r(wire);
            const auto back = decodeBatch(r);
            total += back.ok() ? std::get<Tuples>(back->content).tuples.size() : 0;
        }
        const std::chrono::duration<double> decodeTook = std::chrono::steady_clock::now() - start;
        QCOMPARE(total, n * size_t(rounds));
        QVERIFY(*decoded(wire) == batch);
        qInfo("encode: %.0f M tuples/s, decode: %.0f M tuples/s",
              double(n) * rounds / encodeTook.count() / 1e6,
              double(total) / decodeTook.count() / 1e6);
    }
};

QTEST_GUILESS_MAIN(TestBatchCodec)
#include "tst_batchcodec.moc"
