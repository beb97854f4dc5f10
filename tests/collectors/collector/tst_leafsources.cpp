// The collector's system-samples leaf source in process, over a fixture proc directory (the
// metrics of every sample are known): each sample goes up in exactly one wave, every stream
// keeps its own cursor, and samples the buffer overwrote before a wave are counted, not lost
// silently. Ring-tuple streams reopened with their resume key go on where they stopped, each
// from its own position.

#include "collectors/collector/leafsources.h"
#include "collectors/ring/ringwriter.h"
#include "core/gather/samplelines.h"
#include "core/tree/clockoffset.h"
#include "tests/support/ringprefix.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>
#include <utility>

using namespace xylem;
using namespace xylem::collector;

namespace {

constexpr std::int64_t kMs = 1'000'000;

// One snapshot that never changes: the first sample gives the two memory levels, every later
// one the same two plus eth0's rx and tx rates (no CPU tick in between: no CPU rate).
void writeProc(const QTemporaryDir& dir)
{
    const std::filesystem::path root = dir.path().toStdString();
    std::filesystem::create_directories(root / "net");
    std::ofstream(root / "stat") << "cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 100 0 50 800 50 0 0 0\n";
    std::ofstream(root / "net" / "dev")
        << "Inter-|   Receive |  Transmit\n face |bytes packets|bytes packets\n"
        << "  eth0: 1000 10 0 0 0 0 0 0 500 5 0 0 0 0 0 0\n";
    std::ofstream(root / "meminfo") << "MemTotal: 1000 kB\nMemFree: 200 kB\nMemAvailable: 600 "
                                       "kB\nBuffers: 10 kB\nCached: 300 kB\n";
}

CollectorOptions optionsFor(const QTemporaryDir& proc, const testing::RingPrefix& prefix,
                            size_t capacity = 4096)
{
    CollectorOptions o;
    o.host = "leafhost";
    o.ringPrefix = prefix.prefix();
    o.procRoot = proc.path().toStdString();
    o.samplePeriodNs = 1;
    o.sampleCapacity = capacity;
    return o;
}

// Sample times an hour ahead of the clock: the tick of a wave (at the real time) finds no
// sample due, so the samples in the buffer are exactly those the test takes.
std::int64_t sampleTime(int i)
{
    static const std::int64_t base = tree::tupleClockNowNs() + 3'600'000 * kMs;
    return base + i * kMs;
}

gather::HostSamples oneLine(tree::LeafSource& source, std::uint64_t wave)
{
    auto batch = source.produce(wave);
    if (!batch) {
        return {};
    }
    const auto& bytes = std::get<gather::Bytes>(batch->content).bytes;
    auto lines = protocol::decodeHostSamples(bytes);
    return lines && lines->size() == 1 ? lines->front() : gather::HostSamples{};
}

} // namespace

class TestLeafSources : public QObject
{
    Q_OBJECT

private slots:
    void eachSampleArrivesInOneWave()
    {
        QTemporaryDir proc;
        writeProc(proc);
        testing::RingPrefix prefix("leafsamples");
        LeafSources sources(optionsFor(proc, prefix), 3);
        auto source = sources.make({"system-samples", {}});
        QVERIFY(source);
        std::set<std::pair<std::string, std::int64_t>> seen; // (metric, time) of every wave
        int taken = 0;
        for (std::uint64_t wave = 0; wave < 5; ++wave) {
            std::set<std::int64_t> times; // taken since the previous wave
            for (std::uint64_t k = 0; k <= wave; ++k) {
                QVERIFY(sources.sampleIfDue(sampleTime(taken)));
                times.insert(sampleTime(taken++));
            }
            const gather::HostSamples line = oneLine(*source.value(), wave);
            QCOMPARE(line.host, std::string("leafhost"));
            QCOMPARE(line.overwritten, std::uint64_t(0));
            const size_t metrics = 4 * times.size() - (wave == 0 ? 2 : 0); // the first: memory
            QCOMPARE(line.samples.size(), metrics);
            for (const gather::SampleValue& s : line.samples) {
                QVERIFY2(times.count(s.timeNs), s.metric.c_str()); // this wave's, no older one
                QVERIFY2(seen.insert({s.metric, s.timeNs}).second, s.metric.c_str());
            }
        }
        auto nothingNew = source.value()->produce(5);
        QVERIFY(nothingNew);
        QVERIFY(std::get<gather::Bytes>(nothingNew->content).bytes.empty());
    }

    void everyStreamHasItsOwnCursor()
    {
        QTemporaryDir proc;
        writeProc(proc);
        testing::RingPrefix prefix("leafcursors");
        LeafSources sources(optionsFor(proc, prefix), 0);
        auto first = sources.make({"system-samples", {}});
        QVERIFY(first);
        QVERIFY(sources.sampleIfDue(sampleTime(0)));
        QCOMPARE(oneLine(*first.value(), 0).samples.size(), size_t(2));
        auto second = sources.make({"system-samples", {}}); // from its opening on
        QVERIFY(second);
        QVERIFY(sources.sampleIfDue(sampleTime(1)));
        QCOMPARE(oneLine(*first.value(), 1).samples.size(), size_t(4));
        const gather::HostSamples late = oneLine(*second.value(), 0);
        QCOMPARE(late.samples.size(), size_t(4));
        QCOMPARE(late.samples.front().timeNs, sampleTime(1));
    }

    void overwrittenSamplesAreCounted()
    {
        QTemporaryDir proc;
        writeProc(proc);
        testing::RingPrefix prefix("leafoverwrite");
        LeafSources sources(optionsFor(proc, prefix, 10), 0);
        auto source = sources.make({"system-samples", {}});
        QVERIFY(source);
        for (int i = 0; i < 6; ++i) { // 2 + 5 * 4 = 22 metrics into a buffer of 10
            QVERIFY(sources.sampleIfDue(sampleTime(i)));
        }
        const gather::HostSamples line = oneLine(*source.value(), 0);
        QCOMPARE(line.samples.size(), size_t(10));
        QCOMPARE(line.overwritten, std::uint64_t(12));
        QCOMPARE(line.samples.back().timeNs, sampleTime(5)); // the newest are kept
        QVERIFY(sources.sampleIfDue(sampleTime(6)));
        const gather::HostSamples next = oneLine(*source.value(), 1);
        QCOMPARE(next.samples.size(), size_t(4));
        QCOMPARE(next.overwritten, std::uint64_t(0));
    }

    // A redeployment closes every stream and opens them again: the raw stream (key 1) must go
    // on from its own position, not from that of another tuple stream closed just before it.
    void aReopenedTupleStreamGoesOnFromItsOwnPosition()
    {
        QTemporaryDir proc;
        writeProc(proc);
        testing::RingPrefix prefix("resumekeys");
        auto writer = ring::RingWriter::create({prefix.prefix(), 1024, BufferPolicy::FillRead,
                                                ClockKind::Monotonic, "test", "t"})
                          .value();
        auto tuplesOf = [](tree::LeafSource& source) {
            return std::get<gather::Tuples>(source.produce(0)->content).tuples;
        };
        LeafSources sources(optionsFor(proc, prefix), 0);
        auto raw = std::move(sources.make({"ring-tuples", {1000, 1}})).value();
        auto plugin = std::move(sources.make({"ring-tuples", {1000, 16}})).value();
        for (std::int64_t i = 0; i < 10; ++i) {
            writer.push(i, i, i + 1, 1, 0, 0);
        }
        QCOMPARE(tuplesOf(*raw).size(), size_t(10));
        for (std::int64_t i = 10; i < 15; ++i) {
            writer.push(i, i, i + 1, 1, 0, 0);
        }
        QCOMPARE(tuplesOf(*raw).size(), size_t(5)); // raw has read 15, the plugin stream none
        plugin.reset(); // a deployment closes its filter streams first
        raw.reset();
        auto again = std::move(sources.make({"ring-tuples", {1000, 1}})).value();
        writer.push(15, 15, 16, 1, 0, 0);
        const auto after = tuplesOf(*again);
        QCOMPARE(after.size(), size_t(1)); // only what came since: nothing read twice
        QCOMPARE(after.front().seq, std::int64_t(15));
        auto fresh = std::move(sources.make({"ring-tuples", {1000}})).value(); // no key: all
        QCOMPARE(tuplesOf(*fresh).size(), size_t(16));
    }

    void noServiceNoSampling()
    {
        QTemporaryDir proc;
        writeProc(proc);
        testing::RingPrefix prefix("leafidle");
        LeafSources sources(optionsFor(proc, prefix), 0);
        QVERIFY(!sources.sampleIfDue(sampleTime(0))); // nothing opened: no service to sample
        QVERIFY(!sources.make({"system-samples-typo", {}}));
    }
};

QTEST_GUILESS_MAIN(TestLeafSources)
#include "tst_leafsources.moc"
