// MpiEvent <-> Tuple (core/model/mpituple.h): a loop of equal calls costs one tuple per call;
// bytes, tags and wide partners survive as sticky details; details find their call when the
// tuples come shuffled, several ranks mixed, and with a nanosecond of conversion jitter; an op
// code that is no MPI call is refused naming the tuple.

#include "core/model/mpituple.h"

#include <QtTest>

#include <algorithm>
#include <limits>
#include <random>
#include <vector>

using namespace xylem;

namespace {

MpiEvent call(std::int32_t rank, MpiCall kind, std::int64_t seq, std::int64_t enter,
              std::int64_t bytes = 8, std::int32_t partner = -1, std::int32_t tag = 0,
              std::int32_t communicator = 0)
{
    MpiEvent e;
    e.rank = rank;
    e.call = kind;
    e.seq = seq;
    e.enter = enter;
    e.exit = enter + 400;
    e.bytes = bytes;
    e.partner = partner;
    e.tag = tag;
    e.communicator = communicator;
    return e;
}

std::vector<Tuple> encodeAll(const std::vector<MpiEvent>& events, int ranks)
{
    std::vector<MpiTupleEncoder> encoders(static_cast<size_t>(ranks));
    std::vector<Tuple> tuples;
    for (const MpiEvent& e : events) {
        std::array<Tuple, 3> out;
        const int n = encoders[static_cast<size_t>(e.rank)].encode(e, out);
        tuples.insert(tuples.end(), out.begin(), out.begin() + n);
    }
    return tuples;
}

std::vector<MpiEvent> sorted(std::vector<MpiEvent> events)
{
    std::sort(events.begin(), events.end(), [](const MpiEvent& a, const MpiEvent& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.enter < b.enter;
    });
    return events;
}

} // namespace

class TestMpiTuple : public QObject
{
    Q_OBJECT

private slots:
    void equalCallsCostOneTupleEach()
    {
        std::vector<MpiEvent> events;
        for (int i = 0; i < 100; ++i) {
            events.push_back(call(0, MpiCall::Allreduce, i, 1000 * i));
        }
        const auto tuples = encodeAll(events, 1);
        QCOMPARE(tuples.size(), size_t(101)); // one bytes details at the start
        const auto decoded = decodeMpiTuples(tuples);
        QVERIFY(decoded.ok());
        QVERIFY(decoded->events == events);
        QCOMPARE(decoded->unmatchedDetails, 0);
    }

    void everyFieldSurvivesShuffledAcrossRanks()
    {
        std::vector<MpiEvent> events;
        for (int i = 0; i < 50; ++i) {
            const std::int64_t t = 10'000 * i;
            events.push_back(call(0, MpiCall::Bcast, i, t, 8 << (i % 5), 1, 0, 3));
            events.push_back(call(1, MpiCall::Send, i, t + 500, 100 + i % 3, 40000, i % 4));
            events.push_back(call(2, MpiCall::Recv, i, t + 700, 16, 1, 7, 0));
            MpiEvent wait = call(2, MpiCall::Wait, i + 1000, t + 1200, 16, 0);
            wait.completes = MpiCompletion::Receive;
            events.push_back(wait);
        }
        auto tuples = encodeAll(events, 3);
        std::mt19937 random(7);
        std::shuffle(tuples.begin(), tuples.end(), random);
        const auto decoded = decodeMpiTuples(tuples);
        QVERIFY(decoded.ok());
        QCOMPARE(decoded->events.size(), events.size());
        QVERIFY(decoded->events == sorted(events));
    }

    void detailsFindTheirCallDespiteJitter()
    {
        std::vector<MpiEvent> events{call(0, MpiCall::Reduce, 0, 1000, 64, 0),
                                     call(0, MpiCall::Reduce, 1, 2000, 128, 0),
                                     call(0, MpiCall::Reduce, 2, 3000, 128, 0)};
        auto tuples = encodeAll(events, 1);
        for (Tuple& t : tuples) {
            if (t.op & kMpiBytesDetails) {
                t.down += 2;
                t.up -= 1;
            }
        }
        const auto decoded = decodeMpiTuples(tuples);
        QVERIFY(decoded.ok());
        QVERIFY(decoded->events == events);
    }

    void lostCallLeavesItsDetailsUnmatched()
    {
        auto tuples = encodeAll(
            {call(0, MpiCall::Barrier, 0, 1000, 0), call(0, MpiCall::Gather, 0, 2000, 32, 0)}, 1);
        QCOMPARE(tuples.size(), size_t(3));
        tuples.pop_back(); // the Gather itself was overwritten in the ring
        const auto decoded = decodeMpiTuples(tuples);
        QVERIFY(decoded.ok());
        QCOMPARE(decoded->events.size(), size_t(1));
        QCOMPARE(decoded->unmatchedDetails, 1);
    }

    // The interposer's record path (rankrecorder.h): encodeCall's one tuple when it can, else
    // encode. Same tuples as encode alone, partners at and across the 16-bit edges included;
    // encodeCall says yes to every call of a loop of like calls after the first.
    void recordPathEncodesAsEncodeDoes()
    {
        const std::int32_t partners[] = {-1, 0, 1, 32767, 32768, -2, 40000, 32768,
                                         std::numeric_limits<std::int32_t>::max(),
                                         std::numeric_limits<std::int32_t>::min(), 3};
        std::vector<MpiEvent> events;
        std::int64_t t = 0;
        for (const std::int32_t partner : partners) {
            for (int i = 0; i < 3; ++i, t += 1000) {
                events.push_back(call(0, MpiCall::Send, t / 1000, t, 8 << (i / 2), partner,
                                      i == 2 ? 9 : 5));
            }
        }
        MpiTupleEncoder alone;
        MpiTupleEncoder path;
        std::vector<Tuple> expected;
        std::vector<Tuple> recorded;
        int single = 0;
        for (const MpiEvent& e : events) {
            std::array<Tuple, 3> out;
            const int n = alone.encode(e, out);
            expected.insert(expected.end(), out.begin(), out.begin() + n);
            if (Tuple one; path.encodeCall(e, one)) {
                recorded.push_back(one);
                ++single;
            } else {
                const int m = path.encode(e, out);
                recorded.insert(recorded.end(), out.begin(), out.begin() + m);
            }
        }
        QVERIFY(recorded == expected);
        // Per partner the second call repeats the first's bytes and tag: one tuple for the five
        // narrow partners (-1, 0, 1, 32767, 3), the details path for the six wide ones.
        QCOMPARE(single, 5);
        const auto decoded = decodeMpiTuples(recorded);
        QVERIFY(decoded.ok());
        QVERIFY(decoded->events == events);

        std::vector<MpiEvent> loop;
        for (int i = 0; i < 10; ++i) {
            loop.push_back(call(1, MpiCall::Allreduce, i, 1000 * i));
        }
        MpiTupleEncoder encoder;
        Tuple one;
        QVERIFY(!encoder.encodeCall(loop.front(), one)); // 8 bytes: announced first
        std::array<Tuple, 3> out;
        QCOMPARE(encoder.encode(loop.front(), out), 2);
        for (size_t i = 1; i < loop.size(); ++i) {
            QVERIFY(encoder.encodeCall(loop[i], one));
            QCOMPARE(one.seq, mpiKey(0, std::int64_t(i)));
            QCOMPARE(one.down, loop[i].enter);
            QCOMPARE(one.up, loop[i].exit);
        }
    }

    void communicatorAndSeqUseTheirBits()
    {
        const MpiEvent e = call(5, MpiCall::Alltoall, (std::int64_t(1) << 39) + 3, 10, 8, -1, 0,
                                kMpiMaxCommunicator);
        const auto decoded = decodeMpiTuples(encodeAll({e}, 6));
        QVERIFY(decoded.ok());
        QCOMPARE(decoded->events.front().communicator, kMpiMaxCommunicator);
        QCOMPARE(decoded->events.front().seq, e.seq);
    }

    void unknownOpCodeIsRefusedNamingTheTuple()
    {
        std::vector<Tuple> tuples{Tuple{0, 1, 2, 3, 100, 0}}; // 100: beyond every call code
        const auto decoded = decodeMpiTuples(tuples);
        QVERIFY(!decoded.ok());
        QCOMPARE(decoded.error().code, ErrorCode::InvalidTrace);
        QVERIFY(decoded.error().describe().find("tuple 0 of rank 3") != std::string::npos);
        QVERIFY(decoded.error().describe().find("op code 100") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestMpiTuple)
#include "tst_mpituple.moc"
