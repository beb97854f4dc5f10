// collectors/mpi/requesttable.h, the interposer's table of started requests: what is put is
// taken back once, a handle put again replaces its value (MPI reuses freed handles), a full
// table refuses and counts, and deletion keeps every other key findable however the probe runs
// collide and wrap around the end of the table (checked against std::map over random operations),
// and appended duplicates of one handle come back oldest first.

#include "collectors/mpi/requesttable.h"

#include <QtTest>

#include <deque>
#include <map>
#include <random>

using xylem::mpi::RequestTable;

namespace {

struct Value
{
    int kind = 0;
    std::int64_t seq = 0;
};

} // namespace

class TestRequestTable : public QObject
{
    Q_OBJECT

private slots:
    void putThenTakeOnce()
    {
        RequestTable<const void*, Value, 64> table;
        int a = 0;
        int b = 0;
        QVERIFY(table.put(&a, Value{1, 10}));
        QVERIFY(table.put(&b, Value{2, 20}));
        QCOMPARE(table.size(), size_t(2));
        Value out;
        QVERIFY(table.take(&b, out));
        QCOMPARE(out.kind, 2);
        QCOMPARE(out.seq, std::int64_t(20));
        QVERIFY(!table.take(&b, out)); // taken once
        QVERIFY(table.contains(&a));
        QVERIFY(!table.contains(nullptr));
        QVERIFY(!table.take(nullptr, out));
        QCOMPARE(table.size(), size_t(1));
    }

    void aHandleUsedAgainReplacesItsValue()
    {
        RequestTable<int, Value, 16> table;
        QVERIFY(table.put(7, Value{1, 1}));
        QVERIFY(table.put(7, Value{3, 2}));
        QCOMPARE(table.size(), size_t(1));
        Value out;
        QVERIFY(table.take(7, out));
        QCOMPARE(out.kind, 3);
        QVERIFY(table.empty());
    }

    void aFullTableRefusesAndCounts()
    {
        using Table = RequestTable<int, Value, 16>;
        Table table;
        for (int i = 0; i < int(Table::kLimit); ++i) {
            QVERIFY(table.put(i, Value{0, i}));
        }
        QCOMPARE(table.dropped(), std::int64_t(0));
        QVERIFY(!table.put(1000, Value{}));
        QVERIFY(!table.put(1001, Value{}));
        QCOMPARE(table.dropped(), std::int64_t(2));
        QVERIFY(table.put(3, Value{5, 3})); // a key already there still updates
        Value out;
        QVERIFY(!table.take(1000, out));
        QVERIFY(table.take(3, out));
        QCOMPARE(out.kind, 5);
        QVERIFY(table.put(1000, Value{})); // room again
        table.countDropped(4);
        QCOMPARE(table.dropped(), std::int64_t(6));
    }

    // OpenMPI's shared "already complete" request: one handle, several sends.
    void duplicatesComeBackOldestFirst()
    {
        RequestTable<int, Value, 16> table;
        QVERIFY(table.append(5, Value{0, 1}));
        QVERIFY(table.append(9, Value{0, 100}));
        QVERIFY(table.append(5, Value{0, 2}));
        QVERIFY(table.append(5, Value{0, 3}));
        QCOMPARE(table.size(), size_t(4));
        Value out;
        for (std::int64_t seq : {1, 2, 3}) {
            QVERIFY(table.take(5, out));
            QCOMPARE(out.seq, seq);
        }
        QVERIFY(!table.take(5, out));
        QVERIFY(table.take(9, out));
        QCOMPARE(out.seq, std::int64_t(100));
    }

    // Random appends and takes of few keys in a small table agree with a queue per key.
    void appendedKeysStayInOrderThroughDeletions()
    {
        RequestTable<std::uint64_t, Value, 32> table;
        std::map<std::uint64_t, std::deque<std::int64_t>> truth;
        size_t size = 0;
        std::mt19937_64 random(5);
        for (int step = 0; step < 100000; ++step) {
            const std::uint64_t key = random() % 7;
            Value out;
            if (random() % 2 == 0) {
                const bool room = size < decltype(table)::kLimit;
                QCOMPARE(table.append(key, Value{0, step}), room);
                if (room) {
                    truth[key].push_back(step);
                    ++size;
                }
            } else {
                auto& queue = truth[key];
                QCOMPARE(table.take(key, out), !queue.empty());
                if (!queue.empty()) {
                    QCOMPARE(out.seq, queue.front());
                    queue.pop_front();
                    --size;
                }
            }
            QCOMPARE(table.size(), size);
        }
    }

    // Keys that all hash near each other and wrap around the table's end: random puts and takes
    // agree with a std::map at every step.
    void deletionKeepsEveryKeyFindable()
    {
        RequestTable<std::uint64_t, Value, 64> table;
        std::map<std::uint64_t, std::int64_t> truth;
        std::mt19937_64 random(21);
        for (int step = 0; step < 200000; ++step) {
            const std::uint64_t key = random() % 96;
            Value out;
            if (random() % 2 == 0) {
                const bool room = truth.count(key) || truth.size() < decltype(table)::kLimit;
                QCOMPARE(table.put(key, Value{0, step}), room);
                if (room) {
                    truth[key] = step;
                }
            } else {
                const auto it = truth.find(key);
                QCOMPARE(table.take(key, out), it != truth.end());
                if (it != truth.end()) {
                    QCOMPARE(out.seq, it->second);
                    truth.erase(it);
                }
            }
            QCOMPARE(table.size(), truth.size());
        }
        for (const auto& [key, seq] : truth) {
            QVERIFY(table.contains(key));
        }
    }
};

QTEST_GUILESS_MAIN(TestRequestTable)
#include "tst_requesttable.moc"
