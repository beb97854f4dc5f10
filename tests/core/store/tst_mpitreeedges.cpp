// The edges of Xylem's tree of an MPI run recorded with --tree, kept in the session (format 4,
// mpi_tree_edges): stored and read back field for field, so that a kind rebuilt from the stored
// data is the tree (greds g<v>, proxies p<c>) and not the host hierarchy; a run without edges
// gets no row; an edge naming an unknown rank or call is refused before writing; damage (a
// flipped byte, a wrong count, an unknown rank or call code in a well-framed blob) is an error
// naming the run.

#include "core/model/mpiruns.h"
#include "core/model/mpitreerun.h"
#include "core/store/chunkframe.h"
#include "core/store/mpicodec.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "tests/support/mpitracebuilder.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <limits>
#include <tuple>

#include "storetesthelpers.h"

using namespace xylem;
using namespace xylem::store;

namespace {

// tests/support/mpitracebuilder.h's binomial recording, its times before 0 too.
MpiTrace binomialTrace()
{
    return testing::binomialTreeTrace(5, -250000);
}

std::vector<MpiTreeEdge> sorted(std::vector<MpiTreeEdge> edges)
{
    std::sort(edges.begin(), edges.end(), [](const MpiTreeEdge& a, const MpiTreeEdge& b) {
        return std::tie(a.rank, a.down, a.atParent) < std::tie(b.rank, b.down, b.atParent);
    });
    return edges;
}

void replaceEdges(Session& session, const std::vector<std::uint8_t>& bytes)
{
    auto update = session.database().prepare("UPDATE mpi_tree_edges SET data = ?");
    QVERIFY(update.value().bindBlob(1, bytes).run().ok());
}

std::vector<std::uint8_t> storedEdges(Session& session)
{
    auto query = session.database().prepare("SELECT data FROM mpi_tree_edges");
    if (!query.value().step().value()) {
        return {};
    }
    const auto blob = query.value().columnBlob(0);
    return {blob.begin(), blob.end()};
}

} // namespace

class TestMpiTreeEdges : public QObject
{
    Q_OBJECT

private:
    storetest::FreshSessions m_sessions;

private slots:
    void edgesRoundTripAndRebuildTheTree()
    {
        Session session = m_sessions.next();
        const MpiTrace t = binomialTrace();
        auto added = addMpiTrace(session, 1, t);
        QVERIFY2(added.ok(), added ? "" : added.error().describe().c_str());
        QCOMPARE(session.database().queryInt("SELECT edge_count FROM mpi_tree_edges").value(),
                 std::int64_t(20));
        auto back = mpiTrace(session, 1);
        QVERIFY2(back.ok(), back ? "" : back.error().describe().c_str());
        QVERIFY(sorted(back->treeEdges) == sorted(t.treeEdges));

        // The kind rebuilt from the stored data is the tree, whatever the shape asked for.
        auto run = collectiveRun(back.value(), 0, MpiCall::Allreduce, RunShape::Hierarchy);
        QVERIFY2(run.ok(), run ? "" : run.error().describe().c_str());
        const Configuration& c = run->configuration;
        QVERIFY(c.indexOf(treeGredId(2)) >= 0);
        QVERIFY(c.indexOf(treeProxyId(2)) >= 0);
        QCOMPARE(c.indexOf("host:B"), -1);
        // Without the edges it would be the host hierarchy: the edges make the difference.
        MpiTrace plain = back.value();
        plain.treeEdges.clear();
        auto hosts = collectiveRun(plain, 0, MpiCall::Allreduce, RunShape::Hierarchy);
        QVERIFY(hosts.ok());
        QVERIFY(hosts->configuration.indexOf("host:B") >= 0);
        QCOMPARE(hosts->configuration.indexOf(treeGredId(2)), -1);
    }

    void runWithoutEdgesHasNoRow()
    {
        Session session = m_sessions.next();
        MpiTrace t = binomialTrace();
        t.treeEdges.clear();
        QVERIFY(addMpiTrace(session, 1, t).ok());
        QCOMPARE(session.database().queryInt("SELECT count(*) FROM mpi_tree_edges").value(),
                 std::int64_t(0));
        auto back = mpiTrace(session, 1);
        QVERIFY(back.ok());
        QVERIFY(back->treeEdges.empty());
        QCOMPARE(back->events.size(), t.events.size());
    }

    void extremeValuesRoundTripInTheCodec()
    {
        constexpr auto lo = std::numeric_limits<std::int64_t>::min();
        constexpr auto hi = std::numeric_limits<std::int64_t>::max();
        constexpr auto big = std::numeric_limits<std::int32_t>::max();
        const std::vector<MpiTreeEdge> edges = {
            {lo, hi, hi, 0, big, std::numeric_limits<std::int32_t>::min(), MpiCall::Barrier, true},
            {hi, lo, -7, big, 0, big, MpiCall::IntercommMerge, false},
        };
        std::vector<std::uint8_t> bytes;
        encodeMpiTreeEdges(edges, bytes);
        std::vector<MpiTreeEdge> back;
        auto ok = decodeMpiTreeEdges(bytes, back);
        QVERIFY2(ok.ok(), ok ? "" : ok.error().describe().c_str());
        QVERIFY(back == edges);
    }

    void badEdgesAreRefusedBeforeWriting_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("parent");
        QTest::addColumn<int>("call");
        QTest::newRow("unknown child") << 4 << 0 << 0;
        QTest::newRow("unknown parent") << 1 << 9 << 0;
        QTest::newRow("negative parent") << 1 << -1 << 0;
        QTest::newRow("unknown call") << 1 << 0 << 100;
    }

    void badEdgesAreRefusedBeforeWriting()
    {
        QFETCH(int, rank);
        QFETCH(int, parent);
        QFETCH(int, call);
        Session session = m_sessions.next();
        MpiTrace t = binomialTrace();
        t.treeEdges.push_back({1, 2, 0, rank, parent, 0, static_cast<MpiCall>(call), false});
        auto added = addMpiTrace(session, 1, t);
        QVERIFY(!added.ok());
        QCOMPARE(added.error().code, ErrorCode::InvalidTrace);
        QVERIFY2(added.error().describe().find("run 1: tree edge 20") != std::string::npos,
                 added.error().describe().c_str());
        QVERIFY(!hasMpiTrace(session, 1).value());
    }

    void flippedByteIsCorruptNamingTheRun()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, binomialTrace()).ok());
        auto bytes = storedEdges(session);
        QVERIFY(bytes.size() > kFrameHeaderSize);
        bytes[bytes.size() / 2] ^= 0x20;
        replaceEdges(session, bytes);
        auto back = mpiTrace(session, 1);
        QVERIFY(!back.ok());
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY2(back.error().describe().find("run 1: tree edges:") != std::string::npos,
                 back.error().describe().c_str());
    }

    void truncatedBlobIsCorrupt()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, binomialTrace()).ok());
        auto bytes = storedEdges(session);
        bytes.resize(bytes.size() - 3);
        replaceEdges(session, bytes);
        auto back = mpiTrace(session, 1);
        QVERIFY(!back.ok());
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY(back.error().describe().find("run 1") != std::string::npos);
    }

    void wrongCountIsCorrupt()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, binomialTrace()).ok());
        QVERIFY(session.database().exec("UPDATE mpi_tree_edges SET edge_count = 21").ok());
        auto back = mpiTrace(session, 1);
        QVERIFY(!back.ok());
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY2(back.error().describe().find("run 1: holds 20 tree edges, expected 21") !=
                     std::string::npos,
                 back.error().describe().c_str());
    }

    // Well-framed blobs (valid CRC) whose content is wrong for the run or for the codec.
    void wellFramedNonsenseIsCorrupt_data()
    {
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("call");
        QTest::addColumn<QString>("says");
        QTest::newRow("unknown rank") << 9 << 0 << "run 1: a tree edge names unknown rank 9";
        QTest::newRow("unknown call") << 1 << 100 << "run 1: tree edges: damaged MPI tree edge";
    }

    void wellFramedNonsenseIsCorrupt()
    {
        QFETCH(int, rank);
        QFETCH(int, call);
        QFETCH(QString, says);
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, binomialTrace()).ok());
        std::vector<std::uint8_t> bytes;
        encodeMpiTreeEdges({{1, 2, 0, rank, 0, 0, static_cast<MpiCall>(call), false}}, bytes);
        replaceEdges(session, bytes);
        QVERIFY(session.database().exec("UPDATE mpi_tree_edges SET edge_count = 1").ok());
        auto back = mpiTrace(session, 1);
        QVERIFY(!back.ok());
        QCOMPARE(back.error().code, ErrorCode::Corrupt);
        QVERIFY2(back.error().describe().find(says.toStdString()) != std::string::npos,
                 back.error().describe().c_str());
    }

    void deletingTheRunDeletesItsEdges()
    {
        Session session = m_sessions.next();
        QVERIFY(addMpiTrace(session, 1, binomialTrace()).ok());
        QVERIFY(deleteRun(session, 1).ok());
        QCOMPARE(session.database().queryInt("SELECT count(*) FROM mpi_tree_edges").value(),
                 std::int64_t(0));
    }
};

QTEST_APPLESS_MAIN(TestMpiTreeEdges)
#include "tst_mpitreeedges.moc"
