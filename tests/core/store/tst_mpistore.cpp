// A run's MPI data in the session: stored and read back field for field, written once, refused
// for a missing run, and damage (a flipped byte, an unknown call code, a lost chunk) reported as
// an error naming the run.

#include "core/store/mpicodec.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/storetables.h"
#include "tests/support/mpitracebuilder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

MpiTrace mixedTrace()
{
    testing::MpiTraceBuilder b;
    b.rank("n0", "c0").rank("n1", "c0").rank("n2", "c1").world();
    b.communicator(3, "comm 3", {2, 0});
    b.collective(2, MpiCall::Bcast, 0, 500, 900, 0);
    b.collective(0, MpiCall::Bcast, 0, 100, 950, 0);
    b.collective(1, MpiCall::Bcast, 0, -40, 960, 0);
    b.collective(0, MpiCall::Barrier, 0, 2000, 2100, -1, 3);
    b.collective(2, MpiCall::Barrier, 0, 2050, 2100, -1, 3);
    b.p2p(0, MpiCall::Isend, 1, 7, 3000, 3010);
    b.p2p(1, MpiCall::Irecv, -1, 7, 2900, 2905);
    b.p2p(1, MpiCall::Wait, 0, 7, 2950, 3100, true);
    b.p2p(0, MpiCall::Waitall, 1, 7, 3020, 3040);         // the Isend's completion
    b.p2p(0, MpiCall::Testsome, -1, 0, 3050, 3060);       // a collective's completion
    b.p2p(2, MpiCall::IntercommMerge, -1, 0, 3070, 3080); // the highest call code
    MpiTrace t = b.trace();
    t.events[0].bytes = 1LL << 40;
    t.events[t.events.size() - 3].completes = MpiCompletion::Send;
    t.events[t.events.size() - 2].completes = MpiCompletion::Collective;
    t.clockSamples.push_back({"n1", "", 10, -250, 30});
    t.clockSamples.push_back({"n2", "n1", 9000, 17, 4});
    return t;
}

std::vector<MpiEvent> byRankThenEnter(std::vector<MpiEvent> events)
{
    std::stable_sort(events.begin(), events.end(), [](const MpiEvent& a, const MpiEvent& b) {
        return a.rank != b.rank ? a.rank < b.rank : a.enter < b.enter;
    });
    return events;
}

// The first event that differs, for the failure message.
std::string firstDifference(const std::vector<MpiEvent>& a, const std::vector<MpiEvent>& b)
{
    if (a.size() != b.size()) {
        return "sizes " + std::to_string(a.size()) + " and " + std::to_string(b.size());
    }
    for (size_t i = 0; i < a.size(); ++i) {
        if (!(a[i] == b[i])) {
            return "event " + std::to_string(i) + ": enter " + std::to_string(a[i].enter) + "/" +
                   std::to_string(b[i].enter) + " exit " + std::to_string(a[i].exit) + "/" +
                   std::to_string(b[i].exit) + " seq " + std::to_string(a[i].seq) + "/" +
                   std::to_string(b[i].seq) + " partner " + std::to_string(a[i].partner) + "/" +
                   std::to_string(b[i].partner);
        }
    }
    return "";
}

void replaceFirstChunk(Session& session, const std::vector<std::uint8_t>& bytes)
{
    auto update = session.database().prepare(
        "UPDATE mpi_event_chunks SET data = ? WHERE id = (SELECT min(id) FROM mpi_event_chunks)");
    QVERIFY(update.value().bindBlob(1, bytes).run().ok());
}

std::vector<std::uint8_t> firstChunk(Session& session)
{
    auto query =
        session.database().prepare("SELECT data FROM mpi_event_chunks ORDER BY id LIMIT 1");
    if (!query.value().step().value()) {
        return {};
    }
    const auto blob = query.value().columnBlob(0);
    return {blob.begin(), blob.end()};
}

} // namespace

class TestMpiStore : public QObject
{
    Q_OBJECT

private:
    storetest::FreshSessions m_sessions;

private slots:
    void traceRoundTrips()
    {
        Session session = m_sessions.next();
        const MpiTrace t = mixedTrace();
        QVERIFY(!hasMpiTrace(session, 1).value());
        auto added = addMpiTrace(session, 1, t);
        QVERIFY2(added.ok(), added ? "" : added.error().describe().c_str());
        QVERIFY(hasMpiTrace(session, 1).value());
        QVERIFY(!hasMpiTrace(session, 2).value());
        auto back = mpiTrace(session, 1);
        QVERIFY2(back.ok(), back ? "" : back.error().describe().c_str());
        QCOMPARE(back->referenceHost, std::string("n0"));
        QCOMPARE(back->ranks.size(), size_t(3));
        QCOMPARE(back->ranks[2].cluster, std::string("c1"));
        QCOMPARE(back->communicators.size(), size_t(2));
        QCOMPARE(back->communicator(3)->worldRanks, std::vector<int>({2, 0}));
        QCOMPARE(back->communicator(0)->name, std::string("MPI_COMM_WORLD"));
        QCOMPARE(QString::fromStdString(firstDifference(back->events, byRankThenEnter(t.events))),
                 QString());
        QCOMPARE(back->clockSamples.size(), size_t(2));
        QCOMPARE(back->clockSamples[1].measuredAgainst, std::string("n1"));
        QCOMPARE(back->clockSamples[0].offsetNs, std::int64_t(-250));
    }

    void manyEventsSpanChunks()
    {
        Session session = m_sessions.next();
        const MpiTrace t = testing::lateRankTrace(8, 5, 700, 20000); // 160 000 events
        QVERIFY(addMpiTrace(session, 2, t).ok());
        QCOMPARE(session.database().queryInt("SELECT count(*) FROM mpi_event_chunks").value(),
                 std::int64_t(3));
        auto back = mpiTrace(session, 2);
        QVERIFY(back.ok());
        QCOMPARE(QString::fromStdString(firstDifference(back->events, byRankThenEnter(t.events))),
                 QString());
    }

    void secondTraceAndMissingRunAreRefused()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        auto again = addMpiTrace(session, 1, mixedTrace());
        QVERIFY(!again.ok());
        QVERIFY(again.error().describe().find("run 1: already holds MPI data") !=
                std::string::npos);
        auto missing = addMpiTrace(session, 42, mixedTrace());
        QCOMPARE(missing.error().code, ErrorCode::NotFound);
        QVERIFY(missing.error().describe().find("run 42") != std::string::npos);
        auto none = mpiTrace(session, 2);
        QCOMPARE(none.error().code, ErrorCode::NotFound);
        QVERIFY(none.error().describe().find("run 2: has no MPI data") != std::string::npos);
    }

    void badEventsAreRefusedBeforeWriting()
    {
        Session session = m_sessions.next();
        MpiTrace unknownCall = mixedTrace();
        unknownCall.events[4].call = static_cast<MpiCall>(100);
        auto added = addMpiTrace(session, 1, unknownCall);
        QCOMPARE(added.error().code, ErrorCode::InvalidTrace);
        QVERIFY(added.error().describe().find("event 4 has unknown call code 100") !=
                std::string::npos);
        MpiTrace unknownRank = mixedTrace();
        unknownRank.events[1].rank = 9;
        QVERIFY(addMpiTrace(session, 1, unknownRank).error().describe().find("unknown rank 9") !=
                std::string::npos);
        QVERIFY(!hasMpiTrace(session, 1).value()); // nothing half-written
    }

    void flippedByteIsCorruptNamingTheRun()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        auto bytes = firstChunk(session);
        bytes[bytes.size() / 2] ^= 0x20;
        replaceFirstChunk(session, bytes);
        auto back = mpiTrace(session, 1);
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY(back.error().describe().find("run 1: event chunk") != std::string::npos);
    }

    void unknownCallCodeInAChunkIsCorrupt()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        // A well-framed chunk (valid CRC) whose event names call code 100.
        MpiEvent bad;
        bad.call = static_cast<MpiCall>(100);
        std::vector<std::uint8_t> bytes;
        encodeMpiEventChunk(std::span(&bad, 1), bytes);
        replaceFirstChunk(session, bytes);
        auto back = mpiTrace(session, 1);
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY2(back.error().describe().find("run 1") != std::string::npos &&
                     back.error().describe().find("unknown call code 100") != std::string::npos,
                 back.error().describe().c_str());
    }

    void lostChunkIsCounted()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        QVERIFY(session.database().exec("DELETE FROM mpi_event_chunks").ok());
        auto back = mpiTrace(session, 1);
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY(back.error().describe().find("holds 0 MPI events, expected 11") !=
                std::string::npos);
    }

    // Ids are 32-bit in the model and in the event chunks: a stored id beyond that (2^32 would
    // read back as 0, MPI_COMM_WORLD) or one that is no integer (0.5 would read as 0) is refused,
    // never truncated into a duplicate.
    void communicatorIdsAreNeverTruncated_data()
    {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("message");
        QTest::newRow("2^32") << "4294967296"
                              << "run 1: communicator id 4294967296 does not fit in 32 bits";
        QTest::newRow("-2^31-1") << "-2147483649"
                                 << "run 1: communicator id -2147483649 does not fit in 32 bits";
        QTest::newRow("0.5") << "0.5"
                             << "run 1: communicator id 0.5 is not an integer";
        QTest::newRow("text") << "'three'"
                              << "run 1: communicator id three is not an integer";
    }
    void communicatorIdsAreNeverTruncated()
    {
        QFETCH(QString, id);
        QFETCH(QString, message);
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        const std::string update =
            "UPDATE mpi_communicators SET id = " + id.toStdString() + " WHERE id = 3";
        QVERIFY(session.database().exec(update).ok());
        auto back = mpiTrace(session, 1);
        QVERIFY(!back.ok());
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY2(back.error().describe().find(message.toStdString()) != std::string::npos,
                 back.error().describe().c_str());
    }

    void twoCommunicatorsWithOneIdAreRefusedBeforeWriting()
    {
        Session session = m_sessions.next();
        MpiTrace t = mixedTrace();
        t.communicators.push_back({3, "comm 3 again", {0, 1}});
        auto added = addMpiTrace(session, 1, t);
        QVERIFY(!added.ok());
        QCOMPARE(added.error().code, ErrorCode::InvalidTrace);
        QVERIFY2(added.error().describe().find("communicator 3 is defined twice") !=
                     std::string::npos,
                 added.error().describe().c_str());
        QVERIFY(!hasMpiTrace(session, 1).value());
    }

    void mpiTablesExport()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        auto ranks = storeTable(session, "mpi_ranks", 1);
        QVERIFY(ranks.ok());
        QCOMPARE(ranks->rows.size(), size_t(3));
        QCOMPARE(std::get<std::string>(ranks->rows[2][2]), std::string("c1"));
        auto events = storeTable(session, "mpi_events", 1);
        QVERIFY(events.ok());
        QCOMPARE(events->rows.size(), size_t(11));
        QCOMPARE(events->columns.size(), size_t(10));
        // Rank 0's first call by enter time is its Bcast at 100 ns.
        QCOMPARE(std::get<std::string>(events->rows[0][1]), std::string("MPI_Bcast"));
        QCOMPARE(std::get<std::int64_t>(events->rows[0][4]), std::int64_t(100));
        auto none = storeTable(session, "mpi_events", 2);
        QCOMPARE(none.error().code, ErrorCode::NotFound);
    }

    void deletingTheRunDeletesItsMpiData()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, mixedTrace()).ok());
        QVERIFY(deleteRun(session, 1).ok());
        QCOMPARE(session.database().queryInt("SELECT count(*) FROM mpi_event_chunks").value(),
                 std::int64_t(0));
        QCOMPARE(session.database().queryInt("SELECT count(*) FROM mpi_ranks").value(),
                 std::int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestMpiStore)
#include "tst_mpistore.moc"
