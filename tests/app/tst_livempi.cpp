// Live ▸ Record an MPI Program records in the window's own process (issue 22, item 1): a real
// mpirun of xylem-mpiloop recorded through LiveController, whose MpiRecordingWorker runs
// core/record's MpiRecording on a thread of this process. While it records, the program's
// launcher is a child of this test process and no child is an xylem-cli; the stored runs have
// the job's ranks and calls; the status is the translated one (RecordingText), with the tuples
// gathered; and Stop interrupts the program and keeps what it recorded, its notes saying so.

#include "app/gui/livecontroller.h"
#include "app/gui/recordingtext.h"
#include "core/model/mpitrace.h"
#include "core/store/mpistore.h"
#include "core/store/runcatalog.h"
#include "core/store/session.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include <unistd.h>

using namespace xylem;

namespace {

struct Child
{
    QString comm;     // /proc/PID/comm: the executable's name
    QStringList argv; // /proc/PID/cmdline
};

// This process's children, read from /proc (field 4 of stat is the parent).
QList<Child> childrenOfThisProcess()
{
    QList<Child> children;
    const QString self = QString::number(::getpid());
    for (const QString& pid : QDir("/proc").entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        QFile stat("/proc/" + pid + "/stat");
        if (!stat.open(QIODevice::ReadOnly)) {
            continue; // not a process, or gone
        }
        const QByteArray text = stat.readAll();
        const QList<QByteArray> fields = text.mid(text.lastIndexOf(')') + 2).split(' ');
        if (fields.size() < 2 || fields.at(1) != self.toLatin1()) {
            continue;
        }
        Child child;
        QFile comm("/proc/" + pid + "/comm");
        QFile cmdline("/proc/" + pid + "/cmdline");
        if (comm.open(QIODevice::ReadOnly) && cmdline.open(QIODevice::ReadOnly)) {
            child.comm = QString::fromUtf8(comm.readAll()).trimmed();
            for (const QByteArray& word : cmdline.readAll().split('\0')) {
                if (!word.isEmpty()) {
                    child.argv << QString::fromUtf8(word);
                }
            }
            children << child;
        }
    }
    return children;
}

// Empty when the MPI launcher is a child of this process and no child is an xylem-cli; else
// what was found instead.
QString launcherIsOurChild()
{
    const QList<Child> children = childrenOfThisProcess();
    bool launcher = false;
    QStringList seen;
    for (const Child& c : children) {
        seen << c.comm + ": " + c.argv.join(' ');
        if (c.comm.startsWith(QLatin1String("xylem-cli")) ||
            c.argv.value(0).endsWith(QLatin1String("xylem-cli"))) {
            return "an xylem-cli child: " + seen.join(" | ");
        }
        launcher = launcher || (QFileInfo(c.argv.value(0)).fileName() == QLatin1String("mpirun") &&
                                c.argv.contains(QStringLiteral(XYLEM_MPILOOP)));
    }
    return launcher ? QString() : "no mpirun child: " + seen.join(" | ");
}

QStringList loop(const QStringList& arguments)
{
    return QStringList{QStringLiteral(XYLEM_MPILOOP)} + arguments;
}

QStringList mpirun(const QStringList& program)
{
    return QStringList{"mpirun", "--allow-run-as-root", "--oversubscribe", "-np", "2",
                       "-x",     "XYLEM_MPI_HOST=hosta"} +
           program + QStringList{":", "-np", "2", "-x", "XYLEM_MPI_HOST=hostb"} + program;
}

// The tuples of an MPI recording's status line; -1 for any other line.
qint64 tuplesOf(const QString& status)
{
    static const QRegularExpression gathered(
        QRegularExpression::escape(gui::RecordingText::mpiStatus(0, 0, 0).section(':', 0, 0)) +
        ": [0-9.]+ s, ([0-9]+) tuples gathered");
    const auto match = gathered.match(status);
    return match.hasMatch() ? match.captured(1).toLongLong() : -1;
}

} // namespace

class TestLiveMpi : public QObject
{
    Q_OBJECT

private slots:
    void recordsTheMpiProgramInThisProcess()
    {
        QTemporaryDir dir;
        gui::LiveController live;
        QSignalSpy started(&live, &gui::LiveController::started);
        QSignalSpy finished(&live, &gui::LiveController::finished);
        QString children = QStringLiteral("not looked at");
        qint64 mostTuples = -1;
        // Looked at as the program starts (the Recording phase): its launcher runs by then.
        connect(&live, &gui::LiveController::status, this, [&](const QString& line) {
            if (line == gui::RecordingText::phase(record::Phase::Recording)) {
                children = launcherIsOurChild();
            }
            mostTuples = std::max(mostTuples, tuplesOf(line));
        });
        gui::MpiRecordSettings s;
        // 2 ms late and 300 iterations: the program runs long enough to be seen.
        s.command = mpirun(loop({"--iterations", "300", "--late-rank", "2", "--late-us", "2000"}));
        s.shape = QStringLiteral("flat");
        s.session = dir.filePath(QStringLiteral("sub/mpi.xylem"));
        QVERIFY(live.recordMpi(s));
        QCOMPARE(started.count(), 1);
        QVERIFY(live.running());
        QVERIFY(!live.recordMpi(s)); // one at a time
        QVERIFY(finished.wait(120000));
        QVERIFY(!live.running());
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
        QVERIFY2(children.isEmpty(), qPrintable(children));
        QVERIFY2(mostTuples > 0, "a status with the tuples gathered");
        const QString message = finished.first().at(2).toString();
        QVERIFY2(message.contains(QLatin1String("4 ranks")), qPrintable(message));

        // A run per collective kind: Allreduce (300 calls of the 4 ranks), the start Barrier and
        // Comm_split on the world; each holds the whole MPI trace.
        auto session = store::Session::open(s.session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session);
        const auto runs = store::listRuns(session.value());
        QVERIFY(runs);
        QCOMPARE(runs->size(), size_t(3));
        const store::RunInfo& allreduce = runs->front();
        QVERIFY2(allreduce.metadata.name.find("MPI_Allreduce") != std::string::npos,
                 allreduce.metadata.name.c_str());
        QCOMPARE(allreduce.metadata.name.rfind("mpi xylem-mpiloop: ", 0), size_t(0));
        QVERIFY2(allreduce.calls >= 300, qPrintable(QString::number(allreduce.calls)));
        QCOMPARE(allreduce.threads, 4);
        QVERIFY2(allreduce.metadata.notes.empty(), allreduce.metadata.notes.c_str());
        const auto trace = store::mpiTrace(session.value(), allreduce.id);
        QVERIFY(trace);
        QCOMPARE(trace->ranks.size(), size_t(4));
        QVERIFY(message.contains(QString::number(allreduce.id)));
    }

    // Stop is the user's Ctrl-C: the program is interrupted, and what it recorded is stored.
    void stopKeepsTheRun()
    {
        QTemporaryDir dir;
        gui::LiveController live;
        QSignalSpy finished(&live, &gui::LiveController::finished);
        QSignalSpy status(&live, &gui::LiveController::status);
        gui::MpiRecordSettings s;
        s.command = mpirun(loop({"--iterations", "100000007"}));
        s.session = dir.filePath(QStringLiteral("stopped.xylem"));
        QVERIFY(live.recordMpi(s));
        // Stopped once calls arrive.
        int seen = 0;
        qint64 tuples = -1;
        while (tuples <= 0 && finished.isEmpty()) {
            if (seen == status.count()) {
                QVERIFY2(status.wait(60000), "a status within a minute");
            }
            for (; seen < status.count(); ++seen) {
                tuples = std::max(tuples, tuplesOf(status.at(seen).first().toString()));
            }
        }
        QVERIFY2(finished.isEmpty(), qPrintable(finished.value(0).value(2).toString()));
        const QString children = launcherIsOurChild();
        QVERIFY2(children.isEmpty(), qPrintable(children));
        live.stop();
        QVERIFY2(finished.wait(60000), "a stop ends the recording in time");
        QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));

        auto session = store::Session::open(s.session.toStdString(), store::OpenMode::ReadOnly);
        QVERIFY(session);
        const auto runs = store::listRuns(session.value());
        QVERIFY(runs && !runs->empty());
        const store::RunInfo& run = runs->front();
        QVERIFY2(run.metadata.notes.find("interrupted by the user") != std::string::npos,
                 run.metadata.notes.c_str());
        QCOMPARE(run.metadata.source, std::string("live: mpi mpirun"));
        const auto trace = store::mpiTrace(session.value(), run.id);
        QVERIFY(trace);
        QCOMPARE(trace->ranks.size(), size_t(4));
        QVERIFY(!trace->events.empty());
        QVERIFY(run.calls > 0);
        // Nothing of the program is left: the launcher was this process's child and is gone.
        for (const Child& c : childrenOfThisProcess()) {
            QVERIFY2(!c.argv.contains(QStringLiteral(XYLEM_MPILOOP)), qPrintable(c.argv.join(' ')));
        }
    }
};

QTEST_MAIN(TestLiveMpi)
#include "tst_livempi.moc"
