// The allreduce runtime signals the node's coscheduled collector at EventSpace's two points
// (coschedule.h): a gred at the top of its host signals after-send once every contribution is
// in and on its way, and after-release once every thread has its result; once per call, into
// the ring of the thread that did it, and only the point the collector asked for. A collector
// asleep on the rings wakes at that point, not before.

#include "collectors/allreduce/corewrapper.h"
#include "collectors/allreduce/gredwrapper.h"
#include "collectors/probe/probe.h"
#include "collectors/ring/coschedule.h"
#include "tests/support/waituntil.h"

#include <QtTest>

#include <filesystem>
#include <future>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace xylem;
using namespace xylem::allreduce;
using namespace std::chrono_literals;

namespace {

std::string prefix()
{
    return "xylem-test-" + std::to_string(::getpid()) + "-gredcosched-";
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

// Two threads of one host under a gred whose parent is the core (the host at the root).
struct Host
{
    CoreWrapper core;
    GredWrapper gred;
    probe::Probe probe;
    std::vector<probe::ThreadRecorder> recorders;
    std::vector<ring::MappedRing> readers;

    explicit Host(bool hostTop)
        : gred(2, Edge(&core, 0, 1), hostTop, false)
        , probe(options())
    {
    }
    static probe::ProbeOptions options()
    {
        probe::ProbeOptions o;
        o.ringPrefix = prefix();
        o.ringCapacity = 1024;
        o.collectorSocket = "/nonexistent/xylem-test.sock";
        return o;
    }
    // One recorder per thread, made on that thread (a ring is named after its thread).
    bool attach()
    {
        for (int t = 0; t < 2; ++t) {
            std::optional<probe::ThreadRecorder> made;
            std::thread([&] {
                if (auto r = probe.attachThread("t" + std::to_string(t))) {
                    made.emplace(std::move(r).value());
                }
            }).join();
            if (!made) {
                return false;
            }
            auto reader = ring::MappedRing::open(made->ringName());
            if (!reader) {
                return false;
            }
            recorders.push_back(std::move(*made));
            readers.push_back(std::move(reader).value());
        }
        return true;
    }
    void ask(ring::CoschedulePoint point)
    {
        for (auto& r : readers) {
            r.setCoschedule(point);
        }
    }
    std::uint32_t signalled() const
    {
        std::uint32_t n = 0;
        for (const auto& r : readers) {
            n += r.header().signalled.load();
        }
        return n;
    }
    void call(int t, std::int64_t seq)
    {
        CallContext context{&recorders[static_cast<size_t>(t)], {}};
        (void)gred.call(context, t, seq, Payload{seq});
    }
    void calls(std::int64_t n)
    {
        std::thread other([&] {
            for (std::int64_t s = 0; s < n; ++s) {
                call(1, s);
            }
        });
        for (std::int64_t s = 0; s < n; ++s) {
            call(0, s);
        }
        other.join();
    }
};

} // namespace

class TestGredCoschedule : public QObject
{
    Q_OBJECT

private slots:
    void init() { sweep(); }
    void cleanupTestCase() { sweep(); }

    void oneSignalPerCallAtTheAskedPoint()
    {
        for (const auto point : {ring::CoschedulePoint::Off, ring::CoschedulePoint::AfterSend,
                                 ring::CoschedulePoint::AfterRelease}) {
            Host host(true);
            QVERIFY(host.attach());
            host.ask(point);
            host.calls(200);
            QCOMPARE(host.signalled(), point == ring::CoschedulePoint::Off ? 0u : 200u);
            for (const auto& r : host.readers) {
                QCOMPARE(r.header().wakes.load(), 0u); // nobody slept: no FUTEX_WAKE
            }
        }
    }

    void aGredBelowTheHostsTopSignalsNothing()
    {
        Host host(false);
        QVERIFY(host.attach());
        host.ask(ring::CoschedulePoint::AfterRelease);
        host.calls(50);
        QCOMPARE(host.signalled(), 0u);
    }

    // The sleeping collector stays asleep while a thread waits for the other's contribution,
    // and wakes when the last arrival released it.
    void wakesWhenAllThreadsAreReleased()
    {
        Host host(true);
        QVERIFY(host.attach());
        host.ask(ring::CoschedulePoint::AfterRelease);
        std::vector<ring::MappedRing*> rings{&host.readers[0], &host.readers[1]};
        auto waited = std::async(std::launch::async, [&] { return ring::awaitSignal(rings, 20s); });
        QVERIFY(testing::waitUntil([&] { return host.readers[0].header().waiters.load() == 1; },
                                   5000ms));
        auto first = std::async(std::launch::async, [&] { host.call(0, 0); });
        QVERIFY(first.wait_for(50ms) == std::future_status::timeout); // blocked in the gred
        QCOMPARE(host.signalled(), 0u);
        QVERIFY(waited.wait_for(0s) == std::future_status::timeout);
        host.call(1, 0); // the last arrival: the result, the release, the signal
        QVERIFY(first.wait_for(5s) == std::future_status::ready);
        QVERIFY(waited.wait_for(5s) == std::future_status::ready);
        QCOMPARE(waited.get(), ring::SignalWait::Signalled);
        QCOMPARE(host.signalled(), 1u);
        QCOMPARE(host.readers[1].header().wakes.load(), 1u); // thread 1's ring woke it
    }
};

QTEST_APPLESS_MAIN(TestGredCoschedule)
#include "tst_gredcoschedule.moc"
