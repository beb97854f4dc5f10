// The ring's monitor words (ringlayout.h, coschedule.h): the program's signal wakes a sleeping
// collector at the point it asked for and at no other, costs no FUTEX_WAKE while nobody sleeps
// (counted by the ring itself, no strace), and the monitor's pause reads back until the ring
// closes.

#include "collectors/ring/coschedule.h"
#include "collectors/ring/ringreader.h"
#include "collectors/ring/ringwriter.h"
#include "tests/support/waituntil.h"

#include <QtTest>

#include <atomic>
#include <filesystem>
#include <future>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

using namespace xylem;
using namespace xylem::ring;
using namespace std::chrono_literals;

namespace {

std::string prefix()
{
    return "xylem-test-" + std::to_string(::getpid()) + "-cosched-";
}

void sweep()
{
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(prefix())) {
            ::shm_unlink(("/" + name).c_str());
        }
    }
}

struct Pair
{
    std::optional<RingWriter> writer;
    std::optional<MappedRing> reader;
};

Pair makePair()
{
    Pair p;
    RingSpec spec;
    spec.prefix = prefix();
    spec.capacity = 64;
    auto w = RingWriter::create(spec);
    if (!w) {
        qWarning("%s", w.error().describe().c_str());
        return p;
    }
    auto r = MappedRing::open(w->name());
    if (!r) {
        qWarning("%s", r.error().describe().c_str());
        return p;
    }
    p.writer.emplace(std::move(w).value());
    p.reader.emplace(std::move(r).value());
    return p;
}

std::uint32_t load(const std::atomic<std::uint32_t>& word)
{
    return word.load(std::memory_order_seq_cst);
}

} // namespace

class TestRingCoschedule : public QObject
{
    Q_OBJECT

private slots:
    void init() { sweep(); }
    void cleanupTestCase() { sweep(); }

    void namesRoundTrip()
    {
        for (const CoschedulePoint p :
             {CoschedulePoint::Off, CoschedulePoint::AfterSend, CoschedulePoint::AfterRelease}) {
            QCOMPARE(coschedulePointFromString(coschedulePointName(p)), std::optional(p));
        }
        QVERIFY(!coschedulePointFromString("after-lunch"));
    }

    // Unasked, a signal changes nothing; asked but with nobody asleep, it counts and makes no
    // system call (the ring's wake count stays 0).
    void noWakeWhileNobodyWaits()
    {
        Pair p = makePair();
        QVERIFY(p.writer && p.reader);
        const RingHeader& h = p.reader->header();
        for (int i = 0; i < 100; ++i) {
            p.writer->signal(CoschedulePoint::AfterSend);
        }
        QCOMPARE(load(h.signalled), 0u); // off: nothing moves
        p.reader->setCoschedule(CoschedulePoint::AfterSend);
        for (int i = 0; i < 100; ++i) {
            p.writer->signal(CoschedulePoint::AfterSend);
            p.writer->signal(CoschedulePoint::AfterRelease); // not the point asked for
        }
        QCOMPARE(load(h.signalled), 100u);
        QCOMPARE(load(h.wakes), 0u);
        QCOMPARE(load(h.waiters), 0u);
    }

    // A sleeping reader is woken by the signal at its point, once, and not by the other point.
    void wakesAtTheSignalledPoint()
    {
        for (const CoschedulePoint asked :
             {CoschedulePoint::AfterSend, CoschedulePoint::AfterRelease}) {
            Pair p = makePair();
            QVERIFY(p.writer && p.reader);
            const RingHeader& h = p.reader->header();
            p.reader->setCoschedule(asked);
            MappedRing* rings[] = {&*p.reader};
            auto waited = std::async(std::launch::async, [&] { return awaitSignal(rings, 20s); });
            QVERIFY(testing::waitUntil([&] { return load(h.waiters) == 1; }, 5000ms));
            const CoschedulePoint other = asked == CoschedulePoint::AfterSend
                                              ? CoschedulePoint::AfterRelease
                                              : CoschedulePoint::AfterSend;
            p.writer->signal(other);
            QCOMPARE(load(h.wakes), 0u); // the other point neither counts nor wakes
            QCOMPARE(load(h.signalled), 0u);
            QVERIFY(waited.wait_for(0s) == std::future_status::timeout);
            p.writer->signal(asked);
            QVERIFY(waited.wait_for(5s) == std::future_status::ready);
            QCOMPARE(waited.get(), SignalWait::Signalled);
            QCOMPARE(load(h.wakes), 1u);
            QCOMPARE(load(h.waiters), 0u);
        }
    }

    // A signal between the reader's look and its sleep is not lost: the wait returns at once.
    void signalBeforeTheSleepIsNotLost()
    {
        Pair p = makePair();
        QVERIFY(p.writer && p.reader);
        p.reader->setCoschedule(CoschedulePoint::AfterRelease);
        std::uint32_t* word = nullptr;
        std::uint32_t seen = 0;
        QVERIFY(p.reader->beginWait(word, seen));
        p.writer->signal(CoschedulePoint::AfterRelease); // sees the waiter: wakes (nobody yet)
        p.reader->endWait();
        QCOMPARE(load(p.reader->header().wakes), 1u);
        QVERIFY(*word != seen);
        MappedRing* rings[] = {&*p.reader};
        QCOMPARE(awaitSignal(rings, 1ms), SignalWait::TimedOut); // nothing new since
    }

    void timesOutAndEndsWithTheRing()
    {
        Pair p = makePair();
        QVERIFY(p.writer && p.reader);
        p.reader->setCoschedule(CoschedulePoint::AfterSend);
        MappedRing* rings[] = {&*p.reader};
        QCOMPARE(awaitSignal(rings, 20ms), SignalWait::TimedOut);
        QCOMPARE(awaitSignal({}, 20ms), SignalWait::NoRing);
        // A reader asleep when the writer detaches is woken, and then has nothing to wait on.
        auto waited = std::async(std::launch::async, [&] { return awaitSignal(rings, 20s); });
        QVERIFY(testing::waitUntil([&] { return load(p.reader->header().waiters) == 1; }, 5000ms));
        p.writer.reset();
        QVERIFY(waited.wait_for(5s) == std::future_status::ready);
        QCOMPARE(waited.get(), SignalWait::Signalled);
        QCOMPARE(awaitSignal(rings, 20ms), SignalWait::NoRing);
    }

    void pauseReadsBackUntilClosed()
    {
        Pair p = makePair();
        QVERIFY(p.writer && p.reader);
        QVERIFY(!p.reader->monitorPaused());
        p.writer->setMonitorPaused(true);
        QVERIFY(p.reader->monitorPaused());
        p.writer->setMonitorPaused(false);
        QVERIFY(!p.reader->monitorPaused());
        p.writer->setMonitorPaused(true);
        p.writer.reset(); // a closed ring is drained whatever its program said
        QVERIFY(!p.reader->monitorPaused());
    }
};

QTEST_APPLESS_MAIN(TestRingCoschedule)
#include "tst_ringcoschedule.moc"
