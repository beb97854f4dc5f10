// CollectorService in process: finding rings, reading them under each policy with exact
// overwrite counts, dead processes' rings, garbage, node-side monitors, samples.

#include "collectors/collector/collectorservice.h"
#include "collectors/collector/ringdirectory.h"
#include "collectors/probe/probe.h"
#include "collectors/ring/ringwriter.h"
#include "core/model/configurationjson.h"
#include "tests/support/testdata.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "collectortesthelpers.h"

using namespace xylem;
using namespace xylem::collector;

namespace {

std::int64_t now()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

CollectorOptions optionsFor(const collectortest::RingPrefix& prefix)
{
    CollectorOptions o;
    o.host = "A";
    o.ringPrefix = prefix.prefix();
    o.samplePeriodNs = 0; // sampling is tested on its own
    return o;
}

ring::RingWriter ringOf(const collectortest::RingPrefix& prefix, std::uint32_t capacity = 1024,
                        ClockKind clock = ClockKind::Monotonic)
{
    return ring::RingWriter::create(
               {prefix.prefix(), capacity, BufferPolicy::FillRead, clock, "test", "t"})
        .value();
}

size_t tuplesIn(const protocol::TupleBatchMessage& batch)
{
    size_t n = 0;
    for (const auto& r : batch.rings) {
        n += r.tuples.size();
    }
    return n;
}

} // namespace

class TestCollectorService : public QObject
{
    Q_OBJECT

private slots:
    void findsRingsAndConvertsTimestamps()
    {
        collectortest::RingPrefix prefix("find");
        auto tsc = ringOf(prefix, 1024, ClockKind::Tsc);
        auto mono = ringOf(prefix, 1024, ClockKind::Monotonic);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const auto list = service.listRings();
        QCOMPARE(list.rings.size(), size_t(2));
        QCOMPARE(list.rings[0].pid, static_cast<std::uint32_t>(::getpid()));
        QVERIFY(list.rings[0].processAlive);
        QCOMPARE(list.rings[0].capacity, 1024u);
        // Raw timestamps of both clocks come out as ns on CLOCK_REALTIME.
        const auto tscDown = static_cast<std::int64_t>(__rdtsc());
        const auto tscUp = static_cast<std::int64_t>(__rdtsc());
        tsc.push(0, tscDown, tscUp, 1, 0, 0);
        timespec m{};
        ::clock_gettime(CLOCK_MONOTONIC, &m);
        const std::int64_t monoNs = m.tv_sec * 1'000'000'000LL + m.tv_nsec;
        mono.push(0, monoNs, monoNs + 5, 2, 0, 0);
        const ClientId client = service.openClient("test");
        const auto batch = service.readTuples(client, 100);
        QCOMPARE(tuplesIn(batch), size_t(2));
        for (const auto& r : batch.rings) {
            const Tuple& t = r.tuples.front();
            QVERIFY2(std::llabs(t.down - now()) < 2'000'000'000, "timestamp not within 2 s of now");
            QVERIFY(t.up >= t.down);
        }
        QCOMPARE(tuplesIn(service.readTuples(client, 100)), size_t(0)); // nothing twice
    }

    void overwritesAreCountedExactly()
    {
        collectortest::RingPrefix prefix("slow");
        auto writer = ringOf(prefix, 256);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId client = service.openClient("slow reader");
        for (std::int64_t i = 0; i < 10 * 256 + 7; ++i) {
            writer.push(i, i, i, 1, 0, 0);
        }
        const auto batch = service.readTuples(client, 100000);
        QCOMPARE(batch.rings.size(), size_t(1));
        QCOMPARE(batch.rings[0].overwritten, std::uint64_t(9 * 256 + 7));
        QCOMPARE(batch.rings[0].tuples.size(), size_t(256));
        QCOMPARE(batch.rings[0].tuples.front().seq, std::int64_t(9 * 256 + 7)); // the newest 256
        const auto info = service.listRings().rings.front();
        QCOMPARE(info.written, std::uint64_t(10 * 256 + 7));
        QCOMPARE(info.read + info.overwritten, info.written);
    }

    // Two readers each get every record: the ring's accounting counts each record once, and a
    // record one reader still got is not lost (live scopes read with several clients).
    void twoReadersAreCountedOnce()
    {
        collectortest::RingPrefix prefix("tworeaders");
        auto writer = ringOf(prefix, 256);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId fast = service.openClient("fast");
        const ClientId slow = service.openClient("slow");
        for (std::int64_t i = 0; i < 200; ++i) {
            writer.push(i, i, i, 1, 0, 0);
        }
        QCOMPARE(tuplesIn(service.readTuples(fast, 100000)), size_t(200));
        for (std::int64_t i = 200; i < 600; ++i) {
            writer.push(i, i, i, 1, 0, 0);
        }
        QCOMPARE(tuplesIn(service.readTuples(fast, 100000)), size_t(256)); // lost 144
        QCOMPARE(tuplesIn(service.readTuples(slow, 100000)), size_t(256)); // lost 344
        const auto info = service.listRings().rings.front();
        QCOMPARE(info.written, std::uint64_t(600));
        QCOMPARE(info.read, std::uint64_t(456));
        QCOMPARE(info.overwritten, std::uint64_t(144));
        const auto totals = service.totals();
        QCOMPARE(totals.read + totals.overwritten, totals.written);
        QCOMPARE(totals.rings, 1u);
    }

    // A redeployed scope's tuple stream (a resumable client closed and opened again) goes on
    // where its predecessor stopped: nothing read twice, nothing missed, counts continuous.
    void aResumedClientGoesOnWhereTheClosedOneStopped()
    {
        collectortest::RingPrefix prefix("resume");
        auto writer = ringOf(prefix, 256);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId first = service.openClient("gather tree", true);
        for (std::int64_t i = 0; i < 100; ++i) {
            writer.push(i, i, i, 1, 0, 0);
        }
        QCOMPARE(tuplesIn(service.readTuples(first, 100000)), size_t(100));
        service.closeClient(first);
        for (std::int64_t i = 100; i < 150; ++i) {
            writer.push(i, i, i, 1, 0, 0);
        }
        const ClientId fresh = service.openClient("other", true); // another name: from the start
        const ClientId second = service.openClient("gather tree", true);
        const auto batch = service.readTuples(second, 100000);
        QCOMPARE(tuplesIn(batch), size_t(50));
        QCOMPARE(batch.rings.front().tuples.front().seq, std::int64_t(100));
        QCOMPARE(tuplesIn(service.readTuples(fresh, 100000)), size_t(150));
        QCOMPARE(service.totals().read, std::uint64_t(150));
        const ClientId plain = service.openClient("gather tree"); // not resuming: from the start
        QCOMPARE(tuplesIn(service.readTuples(plain, 100000)), size_t(150));
    }

    void policiesAtRunTime()
    {
        collectortest::RingPrefix prefix("policy");
        auto writer = ringOf(prefix);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId a = service.openClient("a");
        const ClientId b = service.openClient("b");
        for (std::int64_t i = 0; i < 10; ++i) {
            writer.push(i, i, i, 1, 0, 0);
        }
        QVERIFY(service.setPolicy({std::nullopt, BufferPolicy::FillDrain}).ok());
        QCOMPARE(tuplesIn(service.readTuples(a, 100)), size_t(10));
        QCOMPARE(tuplesIn(service.readTuples(b, 100)), size_t(0)); // drained by a
        QVERIFY(service.setPolicy({service.listRings().rings.front().id, BufferPolicy::ReplaceRead})
                    .ok());
        writer.push(10, 10, 10, 1, 0, 0);
        for (const ClientId c : {a, b, a}) {
            const auto batch = service.readTuples(c, 100);
            QCOMPARE(tuplesIn(batch), size_t(1));
            QCOMPARE(batch.rings[0].tuples[0].seq,
                     std::int64_t(10)); // the newest, to everyone, every time
        }
        QVERIFY(!service.setPolicy({99u, BufferPolicy::FillRead}).ok());
        // A ring found after "all rings" keeps that policy.
        QVERIFY(service.setPolicy({std::nullopt, BufferPolicy::ReplaceDrain}).ok());
        auto later = ringOf(prefix);
        service.tick(now());
        QVERIFY(service.listRings().rings.back().policy == BufferPolicy::ReplaceDrain);
    }

    // A scope asks for bigger rings while the program runs: the thread moves to a new ring, the
    // old one is read to its end and retired, and nothing is lost or counted twice.
    void aRingCapacityIsAppliedToRunningThreads()
    {
        collectortest::RingPrefix prefix("capacity");
        probe::ProbeOptions o;
        o.ringPrefix = prefix.prefix();
        o.ringCapacity = 8192;
        o.collectorSocket = "/nonexistent/xylem.sock"; // found by the service's scan instead
        probe::Probe program(o);
        auto thread = program.attachThread("worker").value();
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId client = service.openClient("gather tree", true);
        QVERIFY(!service.setRingCapacity(1));
        QVERIFY(!service.setRingCapacity(std::int64_t(1) << 27));
        QVERIFY(service.setRingCapacity(3000)); // rounded up: 4096

        const auto records = static_cast<std::int64_t>(ring::kResizeCheckRecords) + 500;
        size_t read = 0;
        for (std::int64_t i = 0; i < records; ++i) {
            thread.record(1, 0, i, 0, i, i + 1);
            if (i % 1000 == 999) {
                service.tick(now());
                read += tuplesIn(service.readTuples(client, 100000));
            }
        }
        QCOMPARE(thread.capacity(), 4096u);
        service.tick(now());
        read += tuplesIn(service.readTuples(client, 100000));
        service.tick(now()); // the old ring, closed and read out: retired
        QCOMPARE(read, size_t(records));
        const auto rings = service.listRings().rings;
        QCOMPARE(rings.size(), size_t(1));
        QCOMPARE(rings.front().capacity, 4096u);
        QCOMPARE(rings.front().label, std::string("worker"));
        const auto totals = service.totals();
        QCOMPARE(totals.written, std::uint64_t(records));
        QCOMPARE(totals.read, std::uint64_t(records));
        QCOMPARE(totals.overwritten, std::uint64_t(0));
        QCOMPARE(totals.rings, 2u);
    }

    void deadProcessRingIsReadThenRetired()
    {
        collectortest::RingPrefix prefix("dead");
        const pid_t child = ::fork();
        if (child == 0) {
            auto writer = ringOf(prefix);
            for (std::int64_t i = 0; i < 100; ++i) {
                writer.push(i, i, i, 1, 0, 0);
            }
            std::abort(); // crashes: the ring is never closed
        }
        int status = 0;
        ::waitpid(child, &status, 0);
        QVERIFY(WIFSIGNALED(status));
        CollectorService service(optionsFor(prefix));
        const ClientId client = service.openClient("reader");
        service.tick(now());
        QCOMPARE(service.listRings().rings.size(), size_t(1));
        QVERIFY(!service.listRings().rings.front().processAlive);
        QCOMPARE(tuplesIn(service.readTuples(client, 1000)), size_t(100));
        service.tick(now()); // read out and dead: retired
        QCOMPARE(service.listRings().rings.size(), size_t(0));
        QCOMPARE(prefix.count(), 0);
    }

    void garbageIsReportedAndIgnored()
    {
        collectortest::RingPrefix prefix("garbage");
        const std::string junk = std::string("/").append(prefix.prefix()).append("junk");
        const int fd = ::shm_open(junk.c_str(), O_CREAT | O_RDWR, 0600);
        QVERIFY(fd >= 0);
        QVERIFY(::write(fd, "not a ring at all", 17) == 17);
        ::close(fd);
        auto writer = ringOf(prefix);
        CollectorService service(optionsFor(prefix));
        // A file that is not yet a ring may be one being made: it is refused once the grace
        // for that has passed (ringdirectory.h), and only once.
        const std::int64_t start = now();
        service.tick(start);
        const auto early = service.takeLog();
        QVERIFY(std::none_of(early.begin(), early.end(), [](const std::string& l) {
            return l.find("junk") != std::string::npos;
        }));
        service.tick(start + collector::RingDirectory::kMakingGraceNs + 1);
        service.tick(start + collector::RingDirectory::kMakingGraceNs + 2);
        const auto log = service.takeLog();
        QCOMPARE(
            std::count_if(log.begin(), log.end(),
                          [](const std::string& l) { return l.find("junk") != std::string::npos; }),
            1);
        QCOMPARE(service.listRings().rings.size(), size_t(1));
        // Garbage registrations and frames of unknown purpose are answered, never fatal.
        service.registerRing("/etc/passwd");
        service.registerRing(std::string("/").append(prefix.prefix()).append("nothing-here"));
        const auto reply =
            service.handle(1, protocol::Frame{protocol::MessageType::RegisterRing, 0, {1, 2, 3}});
        QVERIFY(reply.empty());
        const auto unknown =
            service.handle(1, protocol::Frame{protocol::MessageType::TupleBatch, 0, {}});
        QVERIFY(!unknown.empty());
        QCOMPARE(service.takeLog().size(), size_t(3));
    }

    void lastArrivalMonitorOnTheNode()
    {
        collectortest::RingPrefix prefix("monitor");
        const Run run = testing::exampleRun("two-hosts");
        auto writer = ringOf(prefix);
        for (const Tuple& t : run.tuples) {
            writer.push(t.seq, t.down, t.up, t.collector, 0, 0); // ns already: a Monotonic ring
        }
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId client = service.openClient("tree");
        QVERIFY(service
                    .installFilter(client, {7, protocol::FilterKind::LastArrivals,
                                            configurationToJson(run.configuration), "A"})
                    .ok());
        QVERIFY(service
                    .installFilter(client, {8, protocol::FilterKind::CollectorStatistics,
                                            configurationToJson(run.configuration), "B"})
                    .ok());
        auto result = service.pollFilter(client, 7);
        QVERIFY(result.ok());
        QCOMPARE(result->calls, std::uint64_t(3));
        const auto doc = nlohmann::json::parse(result->resultJson);
        QCOMPARE(doc["greds"]["gA"]["last_arrivals"]["T2"].get<int>(), 3);
        auto stats = service.pollFilter(client, 8);
        QVERIFY(stats.ok());
        QCOMPARE(nlohmann::json::parse(stats->resultJson)["greds"]["gB"]["down_latency"]["mean"]
                     .get<double>(),
                 100.0);
        QVERIFY(
            !service
                 .installFilter(client, {9, protocol::FilterKind::LastArrivals, "{not json", "A"})
                 .ok());
        QVERIFY(!service
                     .installFilter(client, {9, protocol::FilterKind::LastArrivals,
                                             configurationToJson(run.configuration), "Z"})
                     .ok());
        QVERIFY(service.removeFilter(client, 7).ok());
        QVERIFY(!service.pollFilter(client, 7).ok());
    }

    void samplesSystemMetrics()
    {
        collectortest::RingPrefix prefix("samples");
        CollectorOptions o = optionsFor(prefix);
        o.samplePeriodNs = 1;
        CollectorService service(o);
        service.tick(now());
        // A sample with rates needs the clock to have moved on since the first: tick until the
        // CPU's busy share is there.
        const auto hasCpu = [&service] {
            service.tick(now());
            const auto samples = service.readSamples({0, 1000}).samples;
            return std::any_of(samples.begin(), samples.end(),
                               [](const auto& s) { return s.metric == "cpu_busy_pct"; });
        };
        QTRY_VERIFY_WITH_TIMEOUT(hasCpu(), 5000);
        const auto batch = service.readSamples({0, 1000});
        QVERIFY(!batch.samples.empty());
        bool cpu = false;
        for (const auto& s : batch.samples) {
            QCOMPARE(s.host, std::string("A"));
            cpu = cpu || s.metric == "cpu_busy_pct";
        }
        QVERIFY(cpu); // the second sample has rates
        QCOMPARE(service.readSamples({batch.nextSequence, 1000}).samples.size(), size_t(0));
    }
};

QTEST_GUILESS_MAIN(TestCollectorService)
#include "tst_collectorservice.moc"
