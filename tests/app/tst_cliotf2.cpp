// xylem-cli import ARCHIVE.otf2 and export --otf2 as a user runs them: an archive becomes a run
// with its MPI data and clock models, and goes back out readable by otf2-print.

#include "core/analysis/clockmodeljson.h"
#include "core/otf2/otf2export.h"
#include "core/otf2/otf2import.h"
#include "core/store/attachments.h"
#include "core/store/mpistore.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/mpitracebuilder.h"

using namespace xylem;
using namespace xylem::testing;

namespace {

constexpr std::int64_t kT0 = 5'000'000'000;

MpiTrace fourRanks()
{
    MpiTraceBuilder b;
    b.rank("hA", "c0").rank("hA", "c0").rank("hB", "c1").rank("hB", "c1").world();
    for (int s = 0; s < 5; ++s) {
        for (int r = 0; r < 4; ++r)
            b.collective(r, MpiCall::Allreduce, s, kT0 + s * 10'000 + 100 * r,
                         kT0 + s * 10'000 + 500);
    }
    b.p2p(0, MpiCall::Send, 3, 9, kT0 + 60'000, kT0 + 60'300);
    b.p2p(3, MpiCall::Recv, 0, 9, kT0 + 60'100, kT0 + 60'400);
    MpiTrace trace = b.trace();
    trace.referenceHost = "hA";
    return trace;
}

bool otf2PrintReads(const QString& anchor)
{
    QProcess print;
    print.start(QStringLiteral("otf2-print"), {anchor});
    return print.waitForFinished(60000) && print.exitStatus() == QProcess::NormalExit &&
           print.exitCode() == 0 && print.readAllStandardOutput().contains("MPI_COLLECTIVE_END");
}

} // namespace

class TestCliOtf2 : public QObject
{
    Q_OBJECT

private slots:
    void importStoresTheRunTheTraceAndTheClockModels()
    {
        QTemporaryDir dir;
        const std::string archive = dir.filePath("in").toStdString();
        QVERIFY(otf2::exportOtf2(fourRanks(), {}, archive).ok());
        const QString session = dir.filePath("s.xylem");
        const CliResult r = runCli({"import", QString::fromStdString(otf2::anchorPath(archive)),
                                    "-o", session, "--name", "from otf2"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // One run per collective kind: here the archive's 5 MPI_Allreduce on the world.
        QVERIFY2(r.out.contains("run 1 \"from otf2: MPI_Allreduce on MPI_COMM_WORLD\": 4 ranks") &&
                     r.out.contains("5 calls"),
                 qPrintable(r.out));

        auto opened = store::Session::open(session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(opened.ok());
        const auto stored = store::mpiTrace(opened.value(), 1);
        QVERIFY2(stored.ok(), stored.ok() ? "" : stored.error().describe().c_str());
        QCOMPARE(stored->events.size(), fourRanks().events.size());
        QCOMPARE(stored->ranks[2].cluster, std::string("c1"));
        const auto models = store::clockModels(opened.value(), 1);
        QVERIFY(models.ok());
        QCOMPARE(models->size(), std::size_t(2));
        for (const auto& record : models.value()) {
            const auto clock = parseClockModelJson(record.modelJson);
            QVERIFY(clock.ok());
            QCOMPARE(clock->host, record.host);
            QCOMPARE(clock->reference, record.host == "hA"); // rank 0's host
            QVERIFY(clock->residual.checks > 0);             // allreduces across the hosts
        }
    }

    void exportWritesAnArchiveTheReferenceReaderReads()
    {
        QTemporaryDir dir;
        const std::string archive = dir.filePath("in").toStdString();
        QVERIFY(otf2::exportOtf2(fourRanks(), {}, archive).ok());
        const QString session = dir.filePath("s.xylem");
        QCOMPARE(
            runCli({"import", QString::fromStdString(otf2::anchorPath(archive)), "-o", session})
                .exitCode,
            0);
        const QString out = dir.filePath("out");
        CliResult r = runCli({"export", "--session", session, "--run", "1", "--otf2", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QString anchor = out + "/traces.otf2";
        QVERIFY(otf2PrintReads(anchor));
        const auto back = otf2::importOtf2(anchor.toStdString());
        QVERIFY(back.ok());
        QCOMPARE(back->events.size(), fourRanks().events.size());

        r = runCli({"export", "--session", session, "--run", "1", "--otf2", out});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("already exists"), qPrintable(r.err));
    }

    void aRunWithoutMpiDataExportsItsTuples()
    {
        QTemporaryDir dir;
        const QString session = examplesSession(dir);
        QVERIFY(!session.isEmpty());
        const QString out = dir.filePath("tuples");
        const CliResult r = runCli({"export", "--session", session, "--run", "1", "--otf2", out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("tuples as collector regions"), qPrintable(r.out));
        QProcess print;
        print.start(QStringLiteral("otf2-print"), {out + "/traces.otf2"});
        QVERIFY(print.waitForFinished(60000));
        QCOMPARE(print.exitCode(), 0);
        QVERIFY(print.readAllStandardOutput().contains("ENTER"));
    }

    void aBrokenArchiveIsAClearError()
    {
        QTemporaryDir dir;
        const QString bad = dir.filePath("bad.otf2");
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("not an archive\n");
        f.close();
        const CliResult r = runCli({"import", bad, "-o", dir.filePath("s.xylem")});
        QVERIFY(r.exitCode != 0);
        QVERIFY2(r.err.contains("not an OTF2 archive"), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir.filePath("s.xylem")));
    }
};

QTEST_GUILESS_MAIN(TestCliOtf2)
#include "tst_cliotf2.moc"
