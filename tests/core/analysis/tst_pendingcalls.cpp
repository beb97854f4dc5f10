#include "core/analysis/pendingcalls.h"

#include <QtTest>

#include <limits>

using namespace xylem;

namespace {
Tuple tuple(std::int64_t seq, std::uint32_t collector, std::int64_t down = 10, std::int64_t up = 20)
{
    return Tuple{seq, down, up, collector, 0, 0};
}
using Outcome = PendingCalls::Outcome;
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

    void extremeSeqsDoNotOverflow()
    {
        PendingCalls p(2, 1, 8);
        const std::int64_t lo = std::numeric_limits<std::int64_t>::min();
        const std::int64_t hi = std::numeric_limits<std::int64_t>::max();
        QCOMPARE(p.add(tuple(lo, 0)), Outcome::Completed);
        QCOMPARE(p.add(tuple(hi, 0)), Outcome::Completed);
        QCOMPARE(p.add(tuple(lo + 1, 0)), Outcome::Late);
        QCOMPARE(p.add(tuple(-1, 0)), Outcome::Late);
    }
};

QTEST_APPLESS_MAIN(TestPendingCalls)
#include "tst_pendingcalls.moc"
