// The collector's sample ring, read like FILL(K)-READ: the oldest metrics are overwritten, each
// reader's loss is counted exactly from its own cursor, and reading changes nothing.

#include "collectors/sampler/samplebuffer.h"

#include <QtTest>

#include <random>

using namespace xylem::sampler;

namespace {

// Metrics whose value is their sequence number, so a read shows which ones it returned.
std::vector<SystemMetric> metrics(std::uint64_t first, std::uint64_t count)
{
    std::vector<SystemMetric> out;
    for (std::uint64_t s = first; s < first + count; ++s) {
        out.push_back(SystemMetric{"node1", "cpu_busy_pct", static_cast<std::int64_t>(s) * 1000,
                                   static_cast<double>(s)});
    }
    return out;
}

std::vector<std::uint64_t> sequences(const SampleRead& read)
{
    std::vector<std::uint64_t> out;
    for (const SystemMetric& m : read.samples) {
        out.push_back(static_cast<std::uint64_t>(m.value));
    }
    return out;
}

using Seq = std::vector<std::uint64_t>;

} // namespace

class TestSampleBuffer : public QObject
{
    Q_OBJECT

private slots:
    void emptyReads()
    {
        const SampleBuffer buffer(4);
        const SampleRead read = buffer.read(0, 100);
        QVERIFY(read.samples.empty());
        QCOMPARE(read.nextSequence, 0u);
        QCOMPARE(read.overwritten, 0u);
        QCOMPARE(buffer.size(), size_t(0));
    }

    void readsWithinCapacity()
    {
        SampleBuffer buffer(8);
        buffer.append(metrics(0, 3));
        buffer.append(metrics(3, 2));
        SampleRead read = buffer.read(0, 100);
        QCOMPARE(sequences(read), (Seq{0, 1, 2, 3, 4}));
        QCOMPARE(read.nextSequence, 5u);
        QCOMPARE(read.overwritten, 0u);
        QCOMPARE(read.samples[2].timeNs, 2000);

        read = buffer.read(1, 2); // bounded by max
        QCOMPARE(sequences(read), (Seq{1, 2}));
        QCOMPARE(read.nextSequence, 3u);

        read = buffer.read(5, 100); // read to the end: nothing new
        QVERIFY(read.samples.empty());
        QCOMPARE(read.nextSequence, 5u);
        buffer.append({});
        QCOMPARE(buffer.nextSequence(), 5u);
    }

    void overwriteIsCountedExactly()
    {
        SampleBuffer buffer(4);
        buffer.append(metrics(0, 3));
        buffer.append(metrics(3, 4));
        buffer.append(metrics(7, 3)); // 10 written, 6 .. 9 kept
        QCOMPARE(buffer.oldestSequence(), 6u);
        QCOMPARE(buffer.size(), size_t(4));

        SampleRead read = buffer.read(0, 100);
        QCOMPARE(read.overwritten, 6u);
        QCOMPARE(sequences(read), (Seq{6, 7, 8, 9}));
        QCOMPARE(read.nextSequence, 10u);

        read = buffer.read(4, 1);
        QCOMPARE(read.overwritten, 2u);
        QCOMPARE(sequences(read), (Seq{6}));
        QCOMPARE(read.nextSequence, 7u);

        read = buffer.read(7, 100);
        QCOMPARE(read.overwritten, 0u);
        QCOMPARE(sequences(read), (Seq{7, 8, 9}));
    }

    void oneAppendLargerThanCapacityKeepsTheNewest()
    {
        SampleBuffer buffer(3);
        buffer.append(metrics(0, 10));
        const SampleRead read = buffer.read(0, 100);
        QCOMPARE(read.overwritten, 7u);
        QCOMPARE(sequences(read), (Seq{7, 8, 9}));
    }

    void readingChangesNothing()
    {
        SampleBuffer buffer(4);
        buffer.append(metrics(0, 6));
        const SampleRead a = buffer.read(0, 100);
        const SampleRead b = buffer.read(0, 100);
        QCOMPARE(sequences(a), sequences(b));
        QCOMPARE(a.overwritten, b.overwritten);
        QCOMPARE(a.nextSequence, b.nextSequence);
    }

    void zeroMaxSkipsTheGapOnce()
    {
        SampleBuffer buffer(2);
        buffer.append(metrics(0, 5));
        SampleRead read = buffer.read(0, 0);
        QVERIFY(read.samples.empty());
        QCOMPARE(read.overwritten, 3u);
        QCOMPARE(read.nextSequence, 3u);
        read = buffer.read(read.nextSequence, 10); // the loss is not counted twice
        QCOMPARE(read.overwritten, 0u);
        QCOMPARE(sequences(read), (Seq{3, 4}));
    }

    void cursorBeyondTheEndRestarts()
    {
        SampleBuffer buffer(4);
        buffer.append(metrics(0, 2));
        const SampleRead read = buffer.read(1000, 10);
        QVERIFY(read.samples.empty());
        QCOMPARE(read.overwritten, 0u);
        QCOMPARE(read.nextSequence, 2u);
    }

    void zeroCapacityLosesEverything()
    {
        SampleBuffer buffer(0);
        buffer.append(metrics(0, 5));
        const SampleRead read = buffer.read(0, 10);
        QVERIFY(read.samples.empty());
        QCOMPARE(read.overwritten, 5u);
        QCOMPARE(read.nextSequence, 5u);
    }

    void readersKeepTheirOwnCursors()
    {
        SampleBuffer buffer(5);
        std::uint64_t fast = 0;
        std::uint64_t slow = 0;
        buffer.append(metrics(0, 4));
        SampleRead f = buffer.read(fast, 100);
        fast = f.nextSequence;
        QCOMPARE(sequences(f), (Seq{0, 1, 2, 3}));
        buffer.append(metrics(4, 4)); // 8 written, 3 .. 7 kept
        f = buffer.read(fast, 100);
        fast = f.nextSequence;
        QCOMPARE(f.overwritten, 0u);
        QCOMPARE(sequences(f), (Seq{4, 5, 6, 7}));
        const SampleRead s = buffer.read(slow, 100);
        slow = s.nextSequence;
        QCOMPARE(s.overwritten, 3u);
        QCOMPARE(sequences(s), (Seq{3, 4, 5, 6, 7}));
        QCOMPARE(fast, slow);
    }

    // Random appends and reads by three readers against the arithmetic every reader can check:
    // what it got plus what it lost is exactly how far its cursor moved, in order, without gaps.
    void randomAgainstModel()
    {
        std::mt19937 random(42);
        SampleBuffer buffer(16);
        std::uint64_t written = 0;
        std::vector<std::uint64_t> cursors(3, 0);
        for (int step = 0; step < 5000; ++step) {
            const std::uint64_t n = random() % 12;
            buffer.append(metrics(written, n));
            written += n;
            const size_t who = random() % cursors.size();
            const size_t max = random() % 20;
            const SampleRead read = buffer.read(cursors[who], max);
            const std::uint64_t oldest = written > 16 ? written - 16 : 0;
            const std::uint64_t start = std::max(cursors[who], oldest);
            QCOMPARE(read.overwritten, start - cursors[who]);
            QCOMPARE(read.samples.size(), std::min<size_t>(max, written - start));
            for (size_t i = 0; i < read.samples.size(); ++i) {
                QCOMPARE(static_cast<std::uint64_t>(read.samples[i].value), start + i);
            }
            QCOMPARE(read.nextSequence, start + read.samples.size());
            cursors[who] = read.nextSequence;
        }
    }
};

QTEST_APPLESS_MAIN(TestSampleBuffer)
#include "tst_samplebuffer.moc"
