// `xylem S --screenshot FILE` as a headless user runs it (a child process, offscreen): it always
// returns, within a bounded time, and every failure reaches stderr as a message naming the
// file and the cause. It once waited forever on a session without runs and on an analysis that
// threw (a stored tuple count of 2^31), and died (SIGABRT) on two communicators with one id.

#include "core/model/mpiruns.h"
#include "core/store/mpistore.h"
#include "core/store/runwriter.h"
#include "tests/app/clisessiontest.h"
#include "tests/support/mpitracebuilder.h"

using namespace xylem;
using namespace xylem::testing;

namespace {

struct Shot
{
    int exitCode = -1; // -1: crashed, or still running after the time-out (then killed)
    QString out;
    QString err;
    bool saved = false;
};

bool isPng(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) && f.read(8) == QByteArray("\x89PNG\r\n\x1a\n", 8);
}

Shot screenshot(const QString& session, const QString& png, const QStringList& extra = {})
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    p.setProcessEnvironment(env);
    p.start(XYLEM_GUI, QStringList{session, "--screenshot", png} + extra);
    const bool ended = p.waitForFinished(90000);
    if (!ended) {
        p.kill();
        p.waitForFinished(5000);
    }
    return {ended && p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()),
            QString::fromUtf8(p.readAllStandardError()), isPng(png)};
}

void execute(const QString& path, const std::string& sql)
{
    auto session = store::Session::open(path.toStdString(), store::OpenMode::ReadWrite);
    QVERIFY(session.ok());
    QVERIFY(session->database().exec(sql).ok());
}

} // namespace

class TestGuiScreenshot : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

private slots:
    void aRunIsSaved()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const Shot s = screenshot(path, dir.filePath("run.png"));
        QVERIFY2(s.exitCode == 0, qPrintable(s.err));
        QVERIFY(s.saved);
        QVERIFY2(s.out.contains("xylem: saved " + dir.filePath("run.png")), qPrintable(s.out));
    }

    void aSessionWithoutRunsReturns()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        execute(path, "DELETE FROM runs");
        const Shot s = screenshot(path, dir.filePath("empty.png"));
        QVERIFY2(s.exitCode == 0, qPrintable(s.err));
        QVERIFY(s.saved);
        QVERIFY2(s.err.contains(path + " holds no run: the window shows the empty session"),
                 qPrintable(s.err));
    }

    void anAbsurdTupleCountReturnsWithAMessage()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        execute(path, "UPDATE runs SET tuple_count = 2147483648 WHERE id = 1");
        const Shot s = screenshot(path, dir.filePath("absurd.png"), {"--run", "1"});
        QCOMPARE(s.exitCode, 1);
        QVERIFY2(s.err.contains("Cannot analyse run 1: " + path +
                                ": damaged: run 1 records 2147483648 tuples but 18 are stored"),
                 qPrintable(s.err));
    }

    void aCommunicatorIdBeyond32BitsIsAMessageNotACrash()
    {
        const QTemporaryDir dir;
        const QString path = dir.filePath("mpi.xylem");
        {
            auto session = store::Session::create(path.toStdString());
            QVERIFY(session.ok());
            MpiTrace trace = lateRankTrace(4, 2, 500, 10);
            trace.communicators.push_back({1, "comm 1", {0, 2}});
            trace.communicators.push_back({257, "comm 257", {1, 3}});
            const Run run = collectiveRun(trace, 0, RunShape::Hierarchy).value();
            QVERIFY(store::importRun(session.value(), run.configuration, run.tuples, {"mpi"}).ok());
            QVERIFY(store::addMpiTrace(session.value(), 1, trace).ok());
            QVERIFY(session->database()
                        .exec("UPDATE mpi_communicators SET id=4294967296 WHERE id=1")
                        .ok());
        }
        const Shot s = screenshot(path, dir.filePath("waits.png"), {"--tab", "waitstates"});
        QCOMPARE(s.exitCode, 1); // the views show the run, the wait states say what is wrong
        QVERIFY(s.saved);
        QVERIFY2(s.err.contains("Cannot work out the wait states of run 1: " + path +
                                ": run 1: communicator id 4294967296 does not fit in 32 bits"),
                 qPrintable(s.err));
    }

    // --then-run N (the documentation's comparison picture): run N is chosen once the first is
    // shown, and the window is saved only after its report came (else the job would time out).
    void aSecondRunIsShownToo()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const Shot s = screenshot(path, dir.filePath("both.png"),
                                  {"--run", "1", "--then-run", "2", "--tab", "comparison"});
        QVERIFY2(s.exitCode == 0, qPrintable(s.err));
        QVERIFY(s.saved);
        const QString shown = "xylem: run 1 is shown; now run 2\nxylem: saved ";
        QVERIFY2(s.out.contains(shown), qPrintable(s.out));
    }

    void aSecondRunThatIsNotThereIsAMessage()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const Shot s = screenshot(path, dir.filePath("one.png"), {"--then-run", "9"});
        QCOMPARE(s.exitCode, 1);
        QVERIFY(s.saved); // the first run, as it is shown
        QVERIFY2(s.err.contains("the session holds no run 9"), qPrintable(s.err));
    }

    void aDesignThatCannotBeReadIsAMessage()
    {
        const QTemporaryDir dir;
        const QString path = examplesSession(dir);
        QVERIFY(!path.isEmpty());
        const QString design = dir.filePath("broken.design.json");
        writeFile(design, R"({"format": "xylem-scope-design/1", "nodes": [{"id": 0}]})");
        const Shot s = screenshot(path, dir.filePath("scope.png"), {"--design", design});
        QCOMPARE(s.exitCode, 2);
        QVERIFY(!s.saved);
        QVERIFY2(s.err.contains("cannot open " + design), qPrintable(s.err));
        QVERIFY2(s.err.contains("field 'id'"), qPrintable(s.err));
    }

    void aMissingSessionReturns()
    {
        const Shot s = screenshot(m_dir.filePath("nowhere.xylem"), m_dir.filePath("no.png"));
        QCOMPARE(s.exitCode, 1);
        QVERIFY2(s.err.contains("no such session file"), qPrintable(s.err));
    }
};

QTEST_GUILESS_MAIN(TestGuiScreenshot)
#include "tst_guiscreenshot.moc"
