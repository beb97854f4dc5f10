// The monitor's pause and coscheduling as the collector service follows them: a ring whose
// program paused its monitor is not read (its records wait, none is lost) until it resumes;
// while every ring rests the service does no periodic work at all (no scan finds a new ring, no
// system sample is taken); a closed ring is drained whatever its program said. Coscheduled, the
// service asks every ring, and those found later, for its point, and a read waits for the
// signal at most kCoscheduleWait.

#include "collectors/collector/collectorservice.h"
#include "collectors/ring/ringwriter.h"
#include "tests/support/ringprefix.h"

#include <QtTest>

#include <chrono>
#include <optional>

using namespace xylem;
using namespace xylem::collector;

namespace {

std::int64_t now()
{
    return std::chrono::duration_cast<std::chrono::nanoseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

CollectorOptions optionsFor(const testing::RingPrefix& prefix, std::int64_t samplePeriodNs = 0)
{
    CollectorOptions o;
    o.host = "A";
    o.ringPrefix = prefix.prefix();
    o.samplePeriodNs = samplePeriodNs;
    return o;
}

ring::RingWriter ringOf(const testing::RingPrefix& prefix)
{
    return ring::RingWriter::create(
               {prefix.prefix(), 1024, BufferPolicy::FillRead, ClockKind::Monotonic, "test", "t"})
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

void write(ring::RingWriter& w, int n)
{
    for (int i = 0; i < n; ++i) {
        w.push(i, i, i + 1, 1, 1, 0);
    }
}

} // namespace

class TestCollectorPause : public QObject
{
    Q_OBJECT

private slots:
    void aRestingRingWaitsUntilItResumes()
    {
        testing::RingPrefix prefix("pause");
        auto busy = ringOf(prefix);
        auto resting = ringOf(prefix);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId client = service.openClient("test");
        write(busy, 10);
        write(resting, 7);
        resting.setMonitorPaused(true);
        QCOMPARE(tuplesIn(service.readTuples(client, 100)), size_t(10)); // the busy ring only
        resting.setMonitorPaused(false);
        QCOMPARE(tuplesIn(service.readTuples(client, 100)), size_t(7)); // nothing lost
        const auto totals = service.totals();
        QCOMPARE(totals.read, 17u);
        QCOMPARE(totals.overwritten, 0u);
    }

    void whileAllRestTheServiceDoesNothing()
    {
        testing::RingPrefix prefix("allrest");
        auto first = ringOf(prefix);
        CollectorService service(optionsFor(prefix, 1'000'000'000));
        service.tick(now());
        const auto before = service.nextSampleSequence();
        first.setMonitorPaused(true);
        auto later = ringOf(prefix); // found only once the monitor resumes
        service.tick(now());
        QCOMPARE(service.listRings().rings.size(), size_t(1));
        const auto due = service.sampleIfDue(now() + 5'000'000'000); // long overdue
        QVERIFY(due && *due > now());
        QCOMPARE(service.nextSampleSequence(), before); // no sample while resting
        first.setMonitorPaused(false);
        service.tick(now());
        QCOMPARE(service.listRings().rings.size(), size_t(2));
        (void)service.sampleIfDue(now() + 5'000'000'000);
        QVERIFY(service.nextSampleSequence() > before);
    }

    void aClosedRingIsDrainedWhateverItSaid()
    {
        testing::RingPrefix prefix("closed");
        std::optional<ring::RingWriter> w = ringOf(prefix);
        CollectorService service(optionsFor(prefix));
        service.tick(now());
        const ClientId client = service.openClient("test");
        write(*w, 5);
        w->setMonitorPaused(true);
        QCOMPARE(tuplesIn(service.readTuples(client, 100)), size_t(0));
        w.reset();
        QCOMPARE(tuplesIn(service.readTuples(client, 100)), size_t(5));
    }

    void coschedulingReachesEveryRingAndBoundsTheWait()
    {
        testing::RingPrefix prefix("cosched");
        auto first = ringOf(prefix);
        CollectorOptions options = optionsFor(prefix);
        auto setting = options.coschedule;
        CollectorService service(options);
        service.tick(now());
        *setting = ring::CoschedulePoint::AfterRelease; // the leaf's control
        auto later = ringOf(prefix);
        const auto start = std::chrono::steady_clock::now();
        service.tick(now()); // follows the setting, finds `later`, waits for a signal in vain
        const auto waited = std::chrono::steady_clock::now() - start;
        QCOMPARE(service.coschedule(), ring::CoschedulePoint::AfterRelease);
        QVERIFY(waited >= kCoscheduleWait / 2);
        QVERIFY(waited < std::chrono::seconds(5));
        for (const auto& r : service.listRings().rings) {
            auto mapped = ring::MappedRing::open(r.name);
            QVERIFY(mapped);
            QCOMPARE(mapped->header().coschedule.load(), 2u);
        }
    }
};

QTEST_GUILESS_MAIN(TestCollectorPause)
#include "tst_collectorpause.moc"
