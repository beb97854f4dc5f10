// What xylem-cli says when the file, the disk or another process is at fault: each message
// names the file and the cause, exits with the documented code (2 bad input, 1 the machine said
// no) and says what to do next; none is an "internal error", none is a crash.

#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/mpitracebuilder.h"

using namespace xylem;
using namespace xylem::testing;

namespace {

void execute(const QString& path, const std::string& sql)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadWrite);
    QVERIFY2(session.ok(), session ? "" : session.error().describe().c_str());
    auto done = session->database().exec(sql);
    QVERIFY2(done.ok(), done ? "" : done.error().describe().c_str());
}

// A session whose run 1 holds MPI data (4 ranks, 10 allreduces).
QString mpiSession(const QTemporaryDir& dir, const QString& file)
{
    const QString path = dir.filePath(file);
    auto session = store::Session::create(path.toStdString());
    const MpiTrace trace = lateRankTrace(4, 2, 500, 10);
    const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
    if (!session || !store::importRun(session.value(), run.configuration, run.tuples,
                                      store::RunMetadata{"mpi", "", "test", "", ""})) {
        return {};
    }
    return store::addMpiTrace(session.value(), 1, trace) ? path : QString();
}

bool noInternalError(const CliResult& r)
{
    return !r.err.contains("internal error") && r.exitCode >= 0;
}

} // namespace

class TestCliMessages : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void numberOverflowInATreeFileNamesTheFile()
    {
        QFile in(data("two-hosts.tree.json"));
        QVERIFY(in.open(QIODevice::ReadOnly));
        QByteArray text = in.readAll();
        text.replace("\"name\":", "\"size\": 1e999, \"name\":");
        const QString tree = m_dir.filePath("overflow.tree.json");
        writeFile(tree, text);
        const CliResult r =
            runCli({"analyze", "--tree", tree, "--trace", data("two-hosts.trace.csv")});
        QVERIFY2(noInternalError(r), qPrintable(r.err));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(tree + ": line 1, column ") &&
                     r.err.contains("the number 1e999 is too large for JSON"),
                 qPrintable(r.err));
    }

    // A run's tuple count is a number in the file: 2^31 once exhausted memory ("out of memory",
    // and a GUI that never answered), 2^62 threw from vector::reserve ("internal error").
    void absurdTupleCountIsDamageNamingTheRun_data()
    {
        QTest::addColumn<QString>("count");
        QTest::newRow("2^31") << "2147483648";
        QTest::newRow("2^62") << "4611686018427387904";
    }
    void absurdTupleCountIsDamageNamingTheRun()
    {
        QFETCH(QString, count);
        const QString path = examplesSession(m_dir);
        QVERIFY(!path.isEmpty());
        execute(path, "UPDATE runs SET tuple_count = " + count.toStdString() + " WHERE id = 1");
        for (const QString command : {"analyze", "export"}) {
            QStringList args{command, "--session", path, "--run", "1"};
            args << (command == "export" ? QStringList{"--table", "threads"} : QStringList{});
            const CliResult r = runCli(args);
            QVERIFY2(noInternalError(r), qPrintable(r.err));
            QCOMPARE(r.exitCode, 2);
            QVERIFY2(r.err.contains(path + ": damaged: run 1 records " + count +
                                    " tuples but 18 are stored (use a copy of the session"),
                     qPrintable(r.err));
        }
    }

    void absurdMpiEventCountIsDamageNamingTheRun()
    {
        const QString path = mpiSession(m_dir, "events.xylem");
        QVERIFY(!path.isEmpty());
        execute(path, "UPDATE mpi_traces SET event_count = 4611686018427387904");
        const CliResult r = runCli({"analyze", "--session", path});
        QVERIFY2(noInternalError(r), qPrintable(r.err));
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(path + ": run 1: holds 40 MPI events, expected "
                                       "4611686018427387904 (use a copy of the session"),
                 qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliMessages)
#include "tst_climessages.moc"
