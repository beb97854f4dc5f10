// OTF2 export -> import round trip, the reference reader (otf2-print) on exported archives, and
// malformed or unsupported archives.

#include "core/model/configurationjson.h"
#include "core/otf2/otf2export.h"
#include "core/otf2/otf2import.h"
#include "core/otf2/otf2importruns.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <fstream>

using namespace xylem;

namespace {

constexpr std::int64_t kT0 = 1'700'000'000'000'000'000;

class TraceMaker
{
public:
    TraceMaker()
    {
        m_trace.referenceHost = "hA";
        m_trace.ranks = {{0, "hA", "c0"}, {1, "hA", "c0"}, {2, "hB", "c1"}, {3, "hB", "c1"}};
        m_trace.communicators = {{0, "MPI_COMM_WORLD", {0, 1, 2, 3}}, {1, "comm 1", {3, 1}}};
        m_clock.assign(4, kT0);
        m_p2p.assign(4, 0);
    }

    void collective(MpiCall call, int root = -1, std::int32_t comm = 0)
    {
        const auto* c = m_trace.communicator(comm);
        for (int rank : c->worldRanks)
            add(rank, call, root, 0, 1000 + 8 * rank, comm, m_seq[comm]);
        ++m_seq[comm];
    }
    void p2p(int rank, MpiCall call, int partner, std::int32_t tag, std::int64_t bytes,
             MpiCompletion completes = MpiCompletion::None)
    {
        add(rank, call, partner, tag, bytes, 0, m_p2p[rank]++, completes);
    }
    // One more event of the rank's last call (a Waitall's next request, Sendrecv's other half).
    void samePointToPointCall(int rank, int partner, std::int32_t tag, std::int64_t bytes,
                              MpiCompletion completes)
    {
        const MpiEvent last = m_last.at(rank);
        add(rank, last.call, partner, tag, bytes, 0, m_p2p[rank]++, completes);
        m_trace.events.back().enter = last.enter;
        m_trace.events.back().exit = last.exit;
        m_clock[rank] = last.exit;
    }
    // A non-blocking collective's start on every member; returns its seq.
    std::int64_t startCollective(MpiCall call, int root, std::int32_t comm)
    {
        const auto* c = m_trace.communicator(comm);
        for (int rank : c->worldRanks)
            add(rank, call, root, 0, 500 + rank, comm, m_seq[comm]);
        return m_seq[comm]++;
    }
    // The Wait or Test that finishes it (seq: the start's, not a p2p count).
    void finishCollective(int rank, MpiCall call, int root, std::int32_t comm, std::int64_t seq)
    {
        add(rank, call, root, 0, 700 + rank, comm, seq, MpiCompletion::Collective);
    }
    MpiTrace trace() const { return m_trace; }

private:
    void add(int rank, MpiCall call, int partner, std::int32_t tag, std::int64_t bytes,
             std::int32_t comm, std::int64_t seq, MpiCompletion completes = MpiCompletion::None)
    {
        MpiEvent e;
        e.rank = rank;
        e.call = call;
        e.partner = partner;
        e.tag = tag;
        e.bytes = bytes;
        e.communicator = comm;
        e.seq = seq;
        e.completes = completes;
        e.enter = m_clock[rank] + 150 + 37 * rank;
        e.exit = e.enter + 2000 + 11 * rank;
        m_clock[rank] = e.exit;
        m_trace.events.push_back(e);
        m_last[rank] = e;
    }

    MpiTrace m_trace;
    std::vector<std::int64_t> m_clock;
    std::vector<std::int64_t> m_p2p;
    std::map<std::int32_t, std::int64_t> m_seq;
    std::map<int, MpiEvent> m_last;
};

// 4 ranks on 2 hosts in 2 clusters, every call kind, p2p with Isend/Irecv/Wait.
MpiTrace everyCall()
{
    TraceMaker m;
    m.collective(MpiCall::Allreduce);
    m.collective(MpiCall::Reduce, 2);
    m.collective(MpiCall::Bcast, 0);
    m.collective(MpiCall::Barrier);
    m.collective(MpiCall::Allgather);
    m.collective(MpiCall::Alltoall);
    m.collective(MpiCall::ReduceScatter);
    m.collective(MpiCall::Gather, 1);
    m.collective(MpiCall::Scatter, 3);
    m.collective(MpiCall::Allreduce, -1, 1);
    m.p2p(0, MpiCall::Send, 2, 5, 4096);
    m.p2p(2, MpiCall::Recv, 0, 5, 4096);
    m.p2p(1, MpiCall::Isend, 3, 7, 64);
    m.p2p(3, MpiCall::Irecv, 1, 7, 64);
    m.p2p(1, MpiCall::Wait, 3, 7, 64, MpiCompletion::Send);
    m.p2p(3, MpiCall::Wait, 1, 7, 64, MpiCompletion::Receive);
    m.collective(MpiCall::Barrier, -1, 1);
    // issue 21's calls
    m.collective(MpiCall::Allgatherv);
    m.collective(MpiCall::Alltoallv);
    m.collective(MpiCall::Alltoallw, -1, 1);
    m.collective(MpiCall::Gatherv, 1);
    m.collective(MpiCall::Scatterv, 2);
    m.collective(MpiCall::ReduceScatterBlock);
    m.collective(MpiCall::Scan);
    m.collective(MpiCall::Exscan);
    m.collective(MpiCall::CommDup);
    m.p2p(0, MpiCall::Ssend, 2, 6, 128);
    m.p2p(2, MpiCall::Recv, 0, 6, 128);
    m.p2p(0, MpiCall::Bsend, 2, 6, 16);
    m.p2p(2, MpiCall::Probe, -1, 0, 0);
    m.p2p(2, MpiCall::Recv, 0, 6, 16);
    m.p2p(1, MpiCall::Rsend, 0, 2, 8);
    m.p2p(0, MpiCall::Recv, 1, 2, 8);
    m.p2p(1, MpiCall::Issend, 3, 8, 32);
    m.p2p(0, MpiCall::Isend, 3, 9, 48);
    m.p2p(3, MpiCall::Irecv, 1, 8, 32);
    m.p2p(3, MpiCall::Irecv, 0, 9, 48);
    m.p2p(3, MpiCall::Waitall, 0, 9, 48, MpiCompletion::Receive); // out of posting order
    m.samePointToPointCall(3, 1, 8, 32, MpiCompletion::Receive);
    m.p2p(1, MpiCall::Testsome, 3, 8, 32, MpiCompletion::Send);
    m.p2p(0, MpiCall::Waitany, 3, 9, 48, MpiCompletion::Send);
    m.p2p(2, MpiCall::Test, -1, 0, 0); // finished nothing
    m.p2p(0, MpiCall::Sendrecv, 2, 4, 24, MpiCompletion::Send);
    m.samePointToPointCall(0, 2, 5, 40, MpiCompletion::Receive);
    m.p2p(2, MpiCall::SendrecvReplace, 0, 5, 40, MpiCompletion::Send);
    m.samePointToPointCall(2, 0, 4, 24, MpiCompletion::Receive);
    const std::int64_t all = m.startCollective(MpiCall::Iallreduce, -1, 0);
    const std::int64_t bcast = m.startCollective(MpiCall::Ibcast, 3, 1);
    for (int rank : {0, 2})
        m.finishCollective(rank, MpiCall::Wait, -1, 0, all);
    m.finishCollective(1, MpiCall::Waitall, -1, 0, all);
    m.finishCollective(1, MpiCall::Test, 3, 1, bcast);
    m.finishCollective(3, MpiCall::Testall, 3, 1, bcast);
    m.finishCollective(3, MpiCall::Wait, -1, 0, all);
    m.collective(MpiCall::Allreduce); // counted after the Iallreduce on the world
    return m.trace();
}

void sortEvents(MpiTrace& trace)
{
    std::sort(trace.events.begin(), trace.events.end(), [](const auto& a, const auto& b) {
        return std::tie(a.rank, a.enter, a.completes, a.seq) <
               std::tie(b.rank, b.enter, b.completes, b.seq);
    });
}

bool mentions(const Error& error, const std::string& text)
{
    return error.describe().find(text) != std::string::npos;
}

} // namespace

class TestOtf2 : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_dir.isValid()); }

    void exportThenImportGivesTheTraceBack()
    {
        MpiTrace original = everyCall();
        const std::string dir = path("roundtrip");
        const auto exported = otf2::exportOtf2(original, {}, dir);
        QVERIFY2(exported.ok(), exported.ok() ? "" : exported.error().describe().c_str());
        auto imported = otf2::importOtf2(otf2::anchorPath(dir));
        QVERIFY2(imported.ok(), imported.ok() ? "" : imported.error().describe().c_str());
        MpiTrace back = std::move(imported).value();
        QCOMPARE(back.ranks.size(), original.ranks.size());
        for (std::size_t r = 0; r < back.ranks.size(); ++r) {
            QCOMPARE(back.ranks[r].rank, original.ranks[r].rank);
            QCOMPARE(back.ranks[r].host, original.ranks[r].host);
            QCOMPARE(back.ranks[r].cluster, original.ranks[r].cluster);
        }
        QCOMPARE(back.communicators.size(), original.communicators.size());
        for (std::size_t c = 0; c < back.communicators.size(); ++c) {
            QCOMPARE(back.communicators[c].id, original.communicators[c].id);
            QCOMPARE(back.communicators[c].name, original.communicators[c].name);
            QCOMPARE(back.communicators[c].worldRanks, original.communicators[c].worldRanks);
        }
        sortEvents(original);
        sortEvents(back);
        QCOMPARE(back.events.size(), original.events.size());
        for (std::size_t i = 0; i < back.events.size(); ++i)
            QVERIFY2(back.events[i] == original.events[i],
                     qPrintable(QStringLiteral("event %1 (%2 of rank %3) differs")
                                    .arg(i)
                                    .arg(QString::fromUtf8(mpiCallName(original.events[i].call)))
                                    .arg(original.events[i].rank)));
        QCOMPARE(back.referenceHost, std::string("hA"));
        QVERIFY(back.clockSamples.empty());
    }

    void theReferenceReaderReadsTheArchive()
    {
        const std::string dir = path("printed");
        QVERIFY(otf2::exportOtf2(everyCall(), {}, dir).ok());
        QProcess print;
        print.start(QStringLiteral("otf2-print"), {QString::fromStdString(otf2::anchorPath(dir))});
        QVERIFY(print.waitForFinished(60000));
        QCOMPARE(print.exitStatus(), QProcess::NormalExit);
        QCOMPARE(print.exitCode(), 0);
        const QString out = QString::fromUtf8(print.readAllStandardOutput());
        QVERIFY(out.contains(QLatin1String("MPI_COLLECTIVE_END")));
        QVERIFY(out.contains(QLatin1String("MPI_SEND")));
        QVERIFY(out.contains(QLatin1String("MPI_IRECV")));
        QVERIFY(out.contains(QLatin1String("\"MPI_Allreduce\"")));
        QVERIFY(out.contains(QLatin1String("MPI_ISEND_COMPLETE")));
        QVERIFY(out.contains(QLatin1String("NON_BLOCKING_COLLECTIVE_COMPLETE")));
        QVERIFY(out.contains(QLatin1String("\"MPI_Waitall\"")));
    }

    void tuplesBecomeNestedCollectorRegions()
    {
        auto config = Configuration::create(
            "two hosts", {{"A", "c0"}, {"B", "c1"}},
            {{"T1", "thread", "A", "g"}, {"T2", "thread", "B", "g"}, {"g", "gred", "A", {}}});
        QVERIFY(config.ok());
        Run run{config.value(), {}};
        for (std::int64_t s = 0; s < 3; ++s) {
            run.tuples.push_back({s, kT0 + s * 1000, kT0 + s * 1000 + 500, 0, 0, 0});
            // T2's second call starts before its first ended: clipped to stay nested.
            run.tuples.push_back({s, kT0 + s * 400 + 10, kT0 + s * 400 + 700, 1, 0, 0});
        }
        const std::string dir = path("tuples");
        const auto result = otf2::exportOtf2(everyCall(), std::span<const Run>(&run, 1), dir);
        QVERIFY2(result.ok(), result.ok() ? "" : result.error().describe().c_str());
        QProcess print;
        print.start(QStringLiteral("otf2-print"),
                    {QStringLiteral("-G"), QString::fromStdString(otf2::anchorPath(dir))});
        QVERIFY(print.waitForFinished(60000));
        QCOMPARE(print.exitCode(), 0);
        const QString out = QString::fromUtf8(print.readAllStandardOutput());
        QVERIFY(out.contains(QLatin1String("\"T2\"")));
        QVERIFY(out.contains(QLatin1String("\"run 1 collectors\"")));
        print.start(QStringLiteral("otf2-print"), {QString::fromStdString(otf2::anchorPath(dir))});
        QVERIFY(print.waitForFinished(60000));
        const QString events = QString::fromUtf8(print.readAllStandardOutput());
        const QRegularExpression clipped(
            QStringLiteral(R"(ENTER\s+\d+\s+%1\s+Region: "T2")").arg(kT0 + 700));
        QVERIFY2(clipped.match(events).hasMatch(), "T2's second call starts where the first ended");
        // The MPI data still imports next to the collector locations.
        const auto imported = otf2::importOtf2(otf2::anchorPath(dir));
        QVERIFY(imported.ok());
        QCOMPARE(imported->events.size(), everyCall().events.size());
    }

    // A run without MPI data goes out as collector regions (clipped for Vampir) and comes back
    // exactly: its tree and every tuple, the overlapping calls included.
    void collectorRunsComeBackExactly()
    {
        auto config = Configuration::create(
            "two hosts", {{"A", "c0"}, {"B", "c1"}},
            {{"T1", "thread", "A", "g"}, {"T2", "thread", "B", "g"}, {"g", "gred", "A", {}}});
        QVERIFY(config.ok());
        Run run{config.value(), {}};
        for (std::int64_t s = 0; s < 3; ++s) {
            run.tuples.push_back({s, kT0 + s * 1000, kT0 + s * 1000 + 500, 0, 7, -3});
            run.tuples.push_back({s, kT0 + s * 400 + 10, kT0 + s * 400 + 700, 1, 0, 0});
        }
        const std::string dir = path("collector-runs");
        const auto exported = otf2::exportOtf2(MpiTrace{}, std::span<const Run>(&run, 1), dir);
        QVERIFY2(exported.ok(), exported.ok() ? "" : exported.error().describe().c_str());
        const std::string anchor = otf2::anchorPath(dir);
        QCOMPARE(otf2::otf2Contents(anchor).value(), otf2::Otf2Contents::CollectorRuns);
        const auto back = otf2::importOtf2Runs(anchor);
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
        QCOMPARE(back->size(), size_t(1));
        QCOMPARE(configurationToJson(back->front().configuration),
                 configurationToJson(run.configuration));
        auto expected = run.tuples;
        std::sort(expected.begin(), expected.end(), [](const Tuple& a, const Tuple& b) {
            return a.seq != b.seq ? a.seq < b.seq : a.collector < b.collector;
        });
        QVERIFY(back->front().tuples == expected);
    }

    void anArchiveWithNothingToImportSaysSo()
    {
        const std::string dir = path("nothing");
        QVERIFY(otf2::exportOtf2(MpiTrace{}, {}, dir).ok());
        const auto contents = otf2::otf2Contents(otf2::anchorPath(dir));
        QVERIFY(!contents.ok());
        QVERIFY2(mentions(contents.error(), "nothing to import"),
                 contents.error().describe().c_str());
        QVERIFY(otf2::exportOtf2(everyCall(), {}, path("mpi")).ok());
        QCOMPARE(otf2::otf2Contents(otf2::anchorPath(path("mpi"))).value(),
                 otf2::Otf2Contents::Mpi);
    }

    void anExistingFolderIsRefused()
    {
        const std::string dir = path("exists");
        std::filesystem::create_directory(dir);
        const auto result = otf2::exportOtf2(everyCall(), {}, dir);
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.error(), "already exists"));
    }

    void overlappingCallsAreRefusedNamingTheRank()
    {
        MpiTrace trace = everyCall();
        for (auto& e : trace.events) {
            if (e.rank == 2 && e.call == MpiCall::Bcast)
                e.exit += 1'000'000;
        }
        const auto result = otf2::exportOtf2(trace, {}, path("overlap"));
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.error(), "rank 2"));
        QVERIFY(mentions(result.error(), "overlaps"));
    }

    void notAnArchive()
    {
        const std::string file = path("plain.otf2");
        std::ofstream(file) << "this is not an OTF2 anchor file\n";
        const auto result = otf2::importOtf2(file);
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.error(), "not an OTF2 archive"));
        QVERIFY(!otf2::importOtf2(path("missing.otf2")).ok());
    }

    void truncatedAnchor()
    {
        const std::string dir = path("truncated");
        QVERIFY(otf2::exportOtf2(everyCall(), {}, dir).ok());
        const auto anchor = otf2::anchorPath(dir);
        std::filesystem::resize_file(anchor, std::filesystem::file_size(anchor) / 2);
        const auto result = otf2::importOtf2(anchor);
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.error(), anchor));
    }

    void missingEventFiles()
    {
        const std::string dir = path("noevents");
        QVERIFY(otf2::exportOtf2(everyCall(), {}, dir).ok());
        std::filesystem::remove(std::filesystem::path(dir) / "traces" / "2.evt");
        const auto result = otf2::importOtf2(otf2::anchorPath(dir));
        QVERIFY(!result.ok());
        QVERIFY2(mentions(result.error(), "event"), result.error().describe().c_str());
    }

    void noMpiLocations()
    {
        const std::string dir = path("nompi");
        QVERIFY(otf2::exportOtf2(MpiTrace{}, {}, dir).ok());
        const auto result = otf2::importOtf2(otf2::anchorPath(dir));
        QVERIFY(!result.ok());
        QVERIFY(mentions(result.error(), "no MPI locations"));
    }

private:
    std::string path(const char* name) const { return m_dir.filePath(name).toStdString(); }

    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestOtf2)
#include "tst_otf2.moc"
