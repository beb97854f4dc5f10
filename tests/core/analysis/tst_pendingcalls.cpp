#include "core/analysis/pendingcalls.h"

#include <QtTest>

#include <limits>
#include <tuple>
#include <vector>

using namespace xylem;

namespace {
Tuple tuple(std::int64_t seq, std::uint32_t collector, std::int64_t down = 10, std::int64_t up = 20)
{
    return Tuple{seq, down, up, collector, 0, 0};
}
using Outcome = PendingCalls::Outcome;

// What left the window, in order: seq, complete, the first wrapper's down (kEmptyDown if none).
struct Heard final : PendingCalls::Leaving
{
    std::vector<std::tuple<std::int64_t, bool, std::int64_t>> calls;
    void left(std::int64_t seq, const EdgeTimes* row, bool complete) override
    {
        calls.emplace_back(seq, complete, row[0].down);
    }
};
} // namespace

class TestPendingCalls : public QObject
{
    Q_OBJECT

private slots:
    void completesWhenEveryCollectorHasReported()
    {
        PendingCalls p(3, 2, 4); // wrappers 0, 1 record; 2 is the root
        QCOMPARE(p.add(tuple(5, 1, 100, 200)), Outcome::Stored);
        QCOMPARE(p.pendingCalls(), 1);
        QCOMPARE(p.add(tuple(5, 0, 110, 190)), Outcome::Completed);
        QCOMPARE(p.completedRow()[0].down, 110);
        QCOMPARE(p.completedRow()[1].up, 200);
        QCOMPARE(p.pendingCalls(), 0);
        QCOMPARE(p.add(tuple(5, 0)), Outcome::Duplicate);
        QCOMPARE(p.pendingCalls(), 0);
    }

    void duplicateWithinAPendingCall()
    {
        PendingCalls p(3, 2, 4);
        QCOMPARE(p.add(tuple(1, 0)), Outcome::Stored);
        QCOMPARE(p.add(tuple(1, 0)), Outcome::Duplicate);
        QCOMPARE(p.pendingCalls(), 1);
    }

    void slidingEvictsUnfinishedCallsAsIncomplete()
    {
        PendingCalls p(3, 2, 4); // window of 4 seqs, starting 2 behind the first one
        QCOMPARE(p.add(tuple(10, 0)), Outcome::Stored);
        QCOMPARE(p.add(tuple(11, 0)), Outcome::Stored);
        QCOMPARE(p.add(tuple(8, 0)), Outcome::Stored); // still inside [8, 12)
        QCOMPARE(p.add(tuple(7, 0)), Outcome::Late);
        QCOMPARE(p.add(tuple(13, 0)), Outcome::Stored); // window -> [10, 14): call 8 evicted
        QCOMPARE(p.evictedCalls(), 1);
        QCOMPARE(p.pendingCalls(), 3);
        QCOMPARE(p.add(tuple(10, 1)), Outcome::Completed);
        QCOMPARE(p.add(tuple(1000, 0)), Outcome::Stored); // a jump evicts everything pending
        QCOMPARE(p.evictedCalls(), 3);
        QCOMPARE(p.pendingCalls(), 1);
        QCOMPARE(p.add(tuple(999, 1)), Outcome::Stored);
        QCOMPARE(p.add(tuple(996, 1)), Outcome::Late);
    }

    void aCompletedSlotIsReusedByALaterCall()
    {
        PendingCalls p(2, 1, 2);
        for (std::int64_t seq = 0; seq < 10; ++seq) {
            QCOMPARE(p.add(tuple(seq, 0, seq, seq + 1)), Outcome::Completed);
            QCOMPARE(p.completedRow()[0].down, seq);
        }
        QCOMPARE(p.evictedCalls(), 0);
    }

    // The session store's view: every call leaves, complete or not, in seq order.
    void everyCallLeavesInSeqOrder()
    {
        PendingCalls p(3, 2, 4); // window [8, 12) after the first tuple
        Heard heard;
        QCOMPARE(p.add(tuple(10, 0, 100), &heard), Outcome::Stored);
        QCOMPARE(p.add(tuple(9, 1), &heard), Outcome::Stored);
        QCOMPARE(p.add(tuple(9, 0, 90), &heard), Outcome::Completed); // stays in the window
        QVERIFY(heard.calls.empty());
        QCOMPARE(p.add(tuple(13, 1), &heard), Outcome::Stored); // -> [10, 14): 9 leaves
        QCOMPARE(heard.calls.size(), size_t(1));
        QCOMPARE(heard.calls[0], std::make_tuple(std::int64_t(9), true, std::int64_t(90)));
        QCOMPARE(p.add(tuple(7, 0), &heard), Outcome::Late); // the caller keeps it aside
        p.drain(&heard);
        QCOMPARE(heard.calls.size(), size_t(3));
        QCOMPARE(heard.calls[1], std::make_tuple(std::int64_t(10), false, std::int64_t(100)));
        QCOMPARE(heard.calls[2], std::make_tuple(std::int64_t(13), false, kEmptyDown));
        QCOMPARE(p.evictedCalls(), 2);
        QCOMPARE(p.pendingCalls(), 0);
        QCOMPARE(p.add(tuple(13, 0), &heard), Outcome::Late); // after the drain, all is late
        p.drain(&heard);
        QCOMPARE(heard.calls.size(), size_t(3));
    }

    void extremeSeqsDoNotOverflow()
    {
        PendingCalls p(2, 1, 8);
        const std::int64_t lo = std::numeric_limits<std::int64_t>::min();
        const std::int64_t hi = std::numeric_limits<std::int64_t>::max();
        QCOMPARE(p.add(tuple(lo, 0)), Outcome::Completed);
        QCOMPARE(p.add(tuple(hi, 0)), Outcome::Completed);
        QCOMPARE(p.add(tuple(lo + 1, 0)), Outcome::Late);
        QCOMPARE(p.add(tuple(-1, 0)), Outcome::Late);
        Heard heard;
        QCOMPARE(p.add(tuple(hi - 1, 0), &heard), Outcome::Completed);
        p.drain(&heard); // the window ends at the end of the int64 range
        QCOMPARE(heard.calls.size(), size_t(2));
        QCOMPARE(std::get<0>(heard.calls[0]), hi - 1);
        QCOMPARE(std::get<0>(heard.calls[1]), hi);
    }
};

QTEST_APPLESS_MAIN(TestPendingCalls)
#include "tst_pendingcalls.moc"
