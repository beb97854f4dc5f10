// WaveAssembler: when a relay passes a wave up under each synchronization mode — all children,
// a time-out from the first arrival, or every arrival at once — and what happens to late and
// duplicate batches, lost and rejoined children, and many waves in flight.

#include "core/gather/wave.h"
#include "tests/core/gather/testbatches.h"

#include <QtTest>

#include <algorithm>
#include <random>
#include <vector>

using namespace std::chrono_literals;
using namespace xylem;
using namespace xylem::gather;
using namespace xylem::gather::test;

namespace {

const SteadyTime t0{};

// A batch that says which child sent it (its only number) and for which wave.
Batch from(std::uint32_t child, std::uint64_t wave = 0)
{
    return numbers({double(child), double(wave)});
}

std::vector<std::uint64_t> wavesOf(const std::vector<ReadyWave>& ready)
{
    std::vector<std::uint64_t> w;
    for (const auto& r : ready) {
        w.push_back(r.wave);
    }
    return w;
}

using Missing = std::vector<std::uint32_t>;
using Waves = std::vector<std::uint64_t>;

} // namespace

class TestWave : public QObject
{
    Q_OBJECT

private slots:
    void waitForAllWaitsForEveryChild()
    {
        WaveAssembler a({SyncMode::WaitForAll, {}}, 3);
        QVERIFY(a.arrive(2, 0, from(2), t0).empty());
        QVERIFY(a.arrive(0, 0, from(0), t0).empty());
        QCOMPARE(a.pendingWaves(), size_t(1));
        QVERIFY(!a.nextDeadline());
        const auto ready = a.arrive(1, 0, from(1), t0 + 1h);
        QCOMPARE(ready.size(), size_t(1));
        QCOMPARE(ready[0].wave, 0u);
        QVERIFY(ready[0].batches == (std::vector<Batch>{from(0), from(1), from(2)})); // child order
        QVERIFY(ready[0].missing.empty());
        QCOMPARE(a.pendingWaves(), size_t(0));
        QVERIFY(a.expire(t0 + 100h).empty());
    }

    void lateAndDuplicateBatchesAreCountedAndDropped()
    {
        WaveAssembler a({SyncMode::WaitForAll, {}}, 2);
        QVERIFY(a.arrive(0, 1, from(0), t0).empty());
        QVERIFY(a.arrive(0, 1, numbers({99}), t0).empty()); // duplicate: first one kept
        QCOMPARE(a.duplicateBatches(), 1u);
        const auto ready = a.arrive(1, 1, from(1), t0);
        QVERIFY(ready.size() == 1 && ready[0].batches[0] == from(0));
        QVERIFY(a.arrive(1, 1, from(1), t0).empty()); // wave 1 already passed up
        QCOMPARE(a.lateBatches(), 1u);
        QCOMPARE(a.pendingWaves(), size_t(0));
        // Wave 0 was never seen: not late, it just starts.
        QVERIFY(a.arrive(0, 0, from(0), t0).empty());
        QCOMPARE(a.lateBatches(), 1u);
        QCOMPARE(a.pendingWaves(), size_t(1));
        QCOMPARE(a.duplicateBatches(), 1u);
        QVERIFY(a.arrive(7, 0, from(7), t0).empty()); // no such child: ignored
        QCOMPARE(a.pendingWaves(), size_t(1));
    }

    void lostChildNoLongerBlocks()
    {
        WaveAssembler a({SyncMode::WaitForAll, {}}, 3);
        for (std::uint64_t w : {5, 3}) {
            QVERIFY(a.arrive(0, w, from(0, w), t0).empty());
            QVERIFY(a.arrive(1, w, from(1, w), t0).empty());
        }
        QVERIFY(a.arrive(0, 4, from(0, 4), t0).empty());
        QVERIFY(a.arrive(2, 4, from(2, 4), t0).empty());
        QVERIFY(a.arrive(0, 6, from(0, 6), t0).empty());
        const auto ready = a.childLost(2);
        QVERIFY(wavesOf(ready) == (Waves{3, 5})); // ascending; 4 and 6 still wait for child 1
        QVERIFY(ready[0].missing == Missing{2});
        QVERIFY(ready[1].batches == (std::vector<Batch>{from(0, 5), from(1, 5)}));
        QVERIFY(a.childLost(2).empty()); // lost twice: nothing new
        QVERIFY(a.childLost(9).empty());
        const auto four = a.arrive(1, 4, from(1, 4), t0);
        QVERIFY(wavesOf(four) == Waves{4});
        QVERIFY(four[0].batches.size() == 3 && four[0].missing.empty()); // 2 delivered before
        QVERIFY(wavesOf(a.arrive(1, 6, from(1, 6), t0)) == Waves{6});
        QVERIFY(a.arrive(0, 7, from(0, 7), t0).empty());
        QVERIFY(wavesOf(a.arrive(1, 7, from(1, 7), t0)) == Waves{7}); // two live children now
        // Every child lost: a wave is ready at its first arrival.
        QVERIFY(a.childLost(0).empty());
        QVERIFY(a.childLost(1).empty());
        const auto alone = a.arrive(1, 8, from(1, 8), t0);
        QVERIFY(wavesOf(alone) == Waves{8});
        QVERIFY(alone[0].missing == (Missing{0, 2}));
    }

    void rejoinedChildCountsFromItsNextWave()
    {
        // Wave 13 begins while child 1 is lost; 1 comes back, then wave 14 begins.
        WaveAssembler a({SyncMode::WaitForAll, {}}, 3);
        QVERIFY(a.childLost(1).empty());
        QVERIFY(a.arrive(0, 13, from(0), t0).empty());
        a.childRejoined(1);
        a.childRejoined(1); // twice: no effect
        a.childRejoined(5); // no such child: no effect
        QVERIFY(a.arrive(0, 14, from(0), t0).empty());
        QVERIFY(a.arrive(2, 14, from(2), t0).empty()); // 14 waits for the rejoined child
        QVERIFY(a.arrive(1, 13, from(1), t0).empty()); // taken into 13, which does not wait for it
        const auto r13 = a.arrive(2, 13, from(2), t0);
        QVERIFY(wavesOf(r13) == Waves{13});
        QVERIFY(r13[0].batches == (std::vector<Batch>{from(0), from(1), from(2)}));
        QVERIFY(wavesOf(a.arrive(1, 14, from(1), t0)) == Waves{14});
        // Lost again, then back: the next wave waits for all three again.
        QVERIFY(a.childLost(1).empty());
        a.childRejoined(1);
        QVERIFY(a.arrive(0, 15, from(0), t0).empty());
        QVERIFY(a.arrive(2, 15, from(2), t0).empty());
        QCOMPARE(a.arrive(1, 15, from(1), t0).size(), size_t(1));
    }

    void pipelinedWavesCompleteExactlyOnce()
    {
        constexpr std::uint32_t kChildren = 5;
        constexpr std::uint64_t kWaves = 300;
        WaveAssembler a({SyncMode::WaitForAll, {}}, kChildren);
        // Each child sends its waves in order; the children interleave at random.
        std::mt19937 rng(42);
        std::vector<std::uint64_t> next(kChildren, 0);
        std::vector<int> passed(kWaves, 0);
        size_t maxPending = 0;
        for (std::uint64_t sent = 0; sent < kChildren * kWaves;) {
            const auto c = std::uint32_t(rng() % kChildren);
            if (next[c] == kWaves) {
                continue;
            }
            const std::uint64_t w = next[c]++;
            ++sent;
            for (const auto& r : a.arrive(c, w, from(c, w), t0)) {
                ++passed[r.wave];
                QCOMPARE(r.batches.size(), size_t(kChildren));
                QVERIFY(r.batches[3] == from(3, r.wave));
            }
            maxPending = std::max(maxPending, a.pendingWaves());
        }
        QVERIFY(std::all_of(passed.begin(), passed.end(), [](int n) { return n == 1; }));
        QVERIFY(maxPending > 1); // several waves really were in flight
        QCOMPARE(a.pendingWaves(), size_t(0));
        QCOMPARE(a.lateBatches(), 0u);
        // Every wave, resent by any child, is late — exactly, in bounded memory.
        for (std::uint64_t w = 0; w < kWaves; ++w) {
            QVERIFY(a.arrive(std::uint32_t(w % kChildren), w, from(0), t0).empty());
        }
        QCOMPARE(a.lateBatches(), kWaves);
        QCOMPARE(a.pendingWaves(), size_t(0));
    }

    void passedWavesAreTrackedExactlyOutOfOrder()
    {
        WaveAssembler a({SyncMode::WaitForAll, {}}, 1);
        for (std::uint64_t w : {9, 2, 7, 1}) {
            QCOMPARE(a.arrive(0, w, from(0), t0).size(), size_t(1));
        }
        for (std::uint64_t w : {9, 2, 7, 1}) {
            QVERIFY(a.arrive(0, w, from(0), t0).empty());
        }
        QCOMPARE(a.lateBatches(), 4u);
        for (std::uint64_t w : {0, 3, 8, 10}) { // the gaps and beyond: new waves
            QCOMPARE(a.arrive(0, w, from(0), t0).size(), size_t(1));
        }
        QCOMPARE(a.lateBatches(), 4u);
        // Far ahead: a wave skipped long ago is forgotten and counts as late, a recent gap not.
        for (std::uint64_t w = 100; w < 20'000; w += 2) {
            QCOMPARE(a.arrive(0, w, from(0), t0).size(), size_t(1));
        }
        QVERIFY(a.arrive(0, 5, from(0), t0).empty());
        QCOMPARE(a.lateBatches(), 5u);
        QCOMPARE(a.arrive(0, 19'997, from(0), t0).size(), size_t(1));
        QVERIFY(a.arrive(0, 19'998, from(0), t0).empty());
        QCOMPARE(a.lateBatches(), 6u);
    }

    void timeOutPassesWhatArrivedAfterTheTimeout()
    {
        WaveAssembler a({SyncMode::TimeOut, 100ms}, 3);
        QVERIFY(a.arrive(1, 0, from(1), t0).empty());
        QVERIFY(a.nextDeadline() == t0 + 100ms);
        QVERIFY(a.arrive(2, 1, from(2), t0 + 50ms).empty()); // wave 1's clock starts here
        QVERIFY(a.arrive(0, 1, from(0), t0 + 60ms).empty());
        QVERIFY(a.nextDeadline() == t0 + 100ms);
        QVERIFY(a.expire(t0 + 99ms).empty());
        const auto first = a.expire(t0 + 120ms);
        QVERIFY(wavesOf(first) == Waves{0});
        QVERIFY(first[0].batches == std::vector<Batch>{from(1)});
        QVERIFY(first[0].missing == (Missing{0, 2}));
        QVERIFY(a.nextDeadline() == t0 + 150ms);
        QVERIFY(a.arrive(0, 0, from(0), t0 + 121ms).empty()); // wave 0 is gone: late
        QCOMPARE(a.lateBatches(), 1u);
        const auto second = a.expire(t0 + 150ms);
        QVERIFY(wavesOf(second) == Waves{1});
        QVERIFY(second[0].batches == (std::vector<Batch>{from(0), from(2)}));
        QVERIFY(second[0].missing == Missing{1});
        QVERIFY(!a.nextDeadline());
    }

    void timeOutPassesEarlyWhenAllDelivered()
    {
        WaveAssembler a({SyncMode::TimeOut, 1s}, 2);
        QVERIFY(a.arrive(0, 4, from(0), t0).empty());
        QVERIFY(a.arrive(1, 4, from(1), t0).size() == 1);
        QVERIFY(!a.nextDeadline());
        QVERIFY(a.expire(t0 + 1h).empty());
        // Many waves due at once come out in wave order; a lost child completes one early.
        QVERIFY(a.arrive(0, 9, from(0), t0 + 3ms).empty());
        QVERIFY(a.arrive(1, 8, from(1), t0 + 2ms).empty());
        QVERIFY(a.arrive(0, 7, from(0), t0 + 1ms).empty());
        QVERIFY(a.arrive(0, 6, from(0), t0 + 4ms).empty());
        QVERIFY(wavesOf(a.childLost(1)) == (Waves{6, 7, 9}));
        QVERIFY(a.nextDeadline() == t0 + 2ms + 1s);
        QVERIFY(wavesOf(a.expire(t0 + 2s)) == Waves{8});
        QCOMPARE(a.pendingWaves(), size_t(0));
    }

    void doNotWaitPassesEachArrival()
    {
        WaveAssembler a({SyncMode::DoNotWait, {}}, 3);
        for (std::uint32_t c : {2, 0, 2}) {
            const auto r = a.arrive(c, 5, from(c), t0);
            QVERIFY(wavesOf(r) == Waves{5});
            QVERIFY(r[0].batches == std::vector<Batch>{from(c)});
            QVERIFY(r[0].missing.empty());
        }
        QCOMPARE(a.pendingWaves(), size_t(0));
        QVERIFY(!a.nextDeadline());
        QVERIFY(a.childLost(1).empty());
        QCOMPARE(a.lateBatches(), 0u);
        QCOMPARE(a.duplicateBatches(), 0u);
    }

    // Pulled waves exist from the pull: with every child lost or slow they go up at once (each
    // naming every child missing), and a batch for one of them later is late, never a second
    // copy of the wave.
    void pulledWavesWithNobodyToWaitForAreReadyAtOnce()
    {
        WaveAssembler a({SyncMode::WaitForAll, {}}, 2);
        QVERIFY(a.requested(0, 1).empty()); // waits for both
        QVERIFY(a.childLost(0).empty());
        QVERIFY(wavesOf(a.childLost(1)) == Waves{0});
        const auto ready = a.requested(1, 3);
        QVERIFY(wavesOf(ready) == (Waves{1, 2, 3}));
        QVERIFY(ready[2].batches.empty() && ready[2].missing == (Missing{0, 1}));
        QVERIFY(a.arrive(0, 2, from(0, 2), t0).empty());
        QCOMPARE(a.lateBatches(), 1u);
        QCOMPARE(a.pendingWaves(), size_t(0));
        // Time-out: a pulled wave's time-out counts from its first arrival, not from the pull.
        WaveAssembler t({SyncMode::TimeOut, 100ms}, 2);
        QVERIFY(t.requested(0, 1).empty());
        QVERIFY(!t.nextDeadline());
        QVERIFY(t.arrive(1, 0, from(1), t0 + 1h).empty());
        QVERIFY(t.nextDeadline() == t0 + 1h + 100ms);
        QVERIFY(wavesOf(t.expire(t0 + 1h + 100ms)) == Waves{0});
        // Asking for the same waves again (or for more than the window ahead) adds nothing.
        QVERIFY(t.requested(0, 1).empty());
        QVERIFY(t.requested(1, 1u << 30).empty());
        QVERIFY(t.pendingWaves() <= 4096);
    }

    // A slow child's backlog on a stream of increments: its batches for waves that went up
    // without it are carried into the next wave that goes up, oldest first — taken, and counted.
    void lateIncrementsAreCarriedIntoTheNextWave()
    {
        WaveAssembler a({SyncMode::WaitForAll, {}}, 2, LatePolicy::Carry);
        QVERIFY(a.childLost(1).empty()); // slow
        QVERIFY(wavesOf(a.arrive(0, 0, from(0, 0), t0)) == Waves{0});
        QVERIFY(wavesOf(a.arrive(0, 1, from(0, 1), t0)) == Waves{1});
        a.childRejoined(1); // answering again: its backlog for 0 and 1 arrives
        QVERIFY(a.arrive(1, 0, from(1, 0), t0).empty());
        QVERIFY(a.arrive(1, 1, from(1, 1), t0).empty());
        QCOMPARE(a.carriedBatches(), 2u);
        QCOMPARE(a.lateBatches(), 0u);
        QVERIFY(a.arrive(0, 2, from(0, 2), t0).empty()); // 2 waits for the child again
        const auto two = a.arrive(1, 2, from(1, 2), t0);
        QVERIFY(wavesOf(two) == Waves{2});
        QVERIFY(two[0].batches ==
                (std::vector<Batch>{from(1, 0), from(1, 1), from(0, 2), from(1, 2)}));
        QVERIFY(two[0].missing.empty());
        // Carried once: the next wave has its own batches only.
        QVERIFY(a.arrive(0, 3, from(0, 3), t0).empty());
        QCOMPARE(a.arrive(1, 3, from(1, 3), t0).at(0).batches.size(), size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestWave)
#include "tst_wave.moc"
