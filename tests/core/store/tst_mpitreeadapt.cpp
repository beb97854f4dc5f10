// What `xylem-cli mpi --adapt`'s tuner did, kept in the session (format 5: mpi_tree_adapt,
// mpi_tree_adapt_blocks, mpi_tree_switches): stored with a run and read back field for field,
// each switch with the start of its world collective in the stored trace (the earliest rank's
// enter; none for a switch whose call the trace lacks); a run without the record reads as none,
// a second record for a run and a record for a missing run are refused, and deleting the run
// takes its record along.

#include "core/store/mpistore.h"
#include "core/store/mpitreeadapt.h"
#include "core/store/runcatalog.h"
#include "tests/support/mpitracebuilder.h"

#include <QTemporaryDir>
#include <QtTest>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

// Three trial blocks of 1 call and the settling switch; the last two switches name calls the
// trace does not hold (seq 7) or that no rank recorded (seq -1).
MpiTreeAdapt tunerRecord()
{
    MpiTreeAdapt a;
    a.candidates = {"native", "flat", "/tmp/my tree.json"};
    a.block = 1;
    a.rounds = 1;
    a.settled = "flat";
    a.disagreements = 2;
    a.blocks = {{"native", 0, 4900}, {"flat", 1, 1200}, {"/tmp/my tree.json", 2, 3000}};
    a.switches = {{0, 0, "native", false},
                  {1, 1, "flat", false},
                  {2, 2, "/tmp/my tree.json", false},
                  {3, 7, "flat", true},
                  {4, -1, "native", false}};
    return a;
}

} // namespace

class TestMpiTreeAdapt : public QObject
{
    Q_OBJECT

private:
    storetest::FreshSessions m_sessions;

private slots:
    void recordRoundTripsWithItsSwitchTimes()
    {
        Session session = m_sessions.next();
        // Rank 2 enters each call 500 ns after the others, who enter call s at s * 10000.
        const MpiTrace trace = testing::lateRankTrace(4, 2, 500, 3);
        QVERIFY(addMpiTrace(session, 1, trace).ok());
        const MpiTreeAdapt a = tunerRecord();
        auto added = addMpiTreeAdapt(session, 1, a, trace);
        QVERIFY2(added.ok(), added ? "" : added.error().describe().c_str());

        auto back = mpiTreeAdapt(session, 1);
        QVERIFY2(back.ok(), back ? "" : back.error().describe().c_str());
        QVERIFY(back->has_value());
        QCOMPARE(**back, a);

        auto switches = mpiTreeSwitches(session, 1);
        QVERIFY(switches.ok());
        QCOMPARE(switches->size(), a.switches.size());
        for (size_t i = 0; i < a.switches.size(); ++i) {
            QCOMPARE(switches->at(i).change, a.switches[i]);
        }
        QCOMPARE(switches->at(0).startNs, std::optional<std::int64_t>(0));
        QCOMPARE(switches->at(1).startNs, std::optional<std::int64_t>(10000));
        QCOMPARE(switches->at(2).startNs, std::optional<std::int64_t>(20000));
        QVERIFY(!switches->at(3).startNs); // seq 7: no such call in the trace
        QVERIFY(!switches->at(4).startNs); // seq -1: not recorded
        QCOMPARE(worldCollectiveStart(trace, 2), std::optional<std::int64_t>(20000));
        QCOMPARE(session.database()
                     .queryInt("SELECT count(*) FROM mpi_tree_switches WHERE "
                               "start_ns IS NULL")
                     .value(),
                 std::int64_t(2));
    }

    void runWithoutRecordHasNone()
    {
        Session session = m_sessions.next();
        auto none = mpiTreeAdapt(session, 2);
        QVERIFY(none.ok());
        QVERIFY(!none->has_value());
        auto switches = mpiTreeSwitches(session, 2);
        QVERIFY(switches.ok());
        QVERIFY(switches->empty());
    }

    void secondRecordAndMissingRunAreRefused()
    {
        Session session = m_sessions.next();
        const MpiTrace trace = testing::lateRankTrace(4, 2, 500, 3);
        QVERIFY(addMpiTreeAdapt(session, 1, tunerRecord(), trace).ok());
        auto again = addMpiTreeAdapt(session, 1, tunerRecord(), trace);
        QVERIFY(!again.ok());
        QVERIFY2(again.error().describe().find(
                     "run 1: already holds a record of --adapt's tuner") != std::string::npos,
                 again.error().describe().c_str());
        auto missing = addMpiTreeAdapt(session, 99, tunerRecord(), trace);
        QVERIFY(!missing.ok());
        QCOMPARE(missing.error().code, ErrorCode::NotFound);
        // Nothing of the refused ones was written.
        QCOMPARE(session.database().queryInt("SELECT count(*) FROM mpi_tree_switches").value(),
                 std::int64_t(5));
    }

    void deletingTheRunTakesItsRecord()
    {
        Session session = m_sessions.next();
        const MpiTrace trace = testing::lateRankTrace(4, 2, 500, 3);
        QVERIFY(addMpiTreeAdapt(session, 1, tunerRecord(), trace).ok());
        QVERIFY(deleteRun(session, 1).ok());
        for (const char* table : {"mpi_tree_adapt", "mpi_tree_adapt_blocks", "mpi_tree_switches"}) {
            QCOMPARE(
                session.database().queryInt(std::string("SELECT count(*) FROM ") + table).value(),
                std::int64_t(0));
        }
    }
};

QTEST_APPLESS_MAIN(TestMpiTreeAdapt)
#include "tst_mpitreeadapt.moc"
