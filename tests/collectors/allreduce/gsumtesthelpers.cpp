#include "gsumtesthelpers.h"

#include <QElapsedTimer>

#include <filesystem>
#include <sys/mman.h>
#include <unistd.h>

namespace xylem::gsumtest {

QString gsumPath()
{
    return QStringLiteral(XYLEM_GSUM);
}

QProcessEnvironment ringEnvironment(const RingPrefix& rings)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XYLEM_RING_PREFIX", QString::fromStdString(rings.prefix()));
    env.insert("XYLEM_COLLECTOR_SOCKET",
               QString::fromStdString("/tmp/" + rings.prefix() + "no-collector.sock"));
    return env;
}

QString GsumResult::describe() const
{
    QString how = !finished ? QStringLiteral("did not finish in time")
                  : crashed ? QStringLiteral("crashed")
                            : QStringLiteral("exit code %1").arg(exitCode);
    return how + QStringLiteral(" after %1 s\n--- stdout:\n").arg(seconds, 0, 'f', 2) + out +
           QStringLiteral("--- stderr:\n") + err;
}

GsumResult runGsum(const QStringList& args, const QProcessEnvironment& environment, int timeoutMs)
{
    GsumResult r;
    QProcess process;
    process.setProcessEnvironment(environment);
    QElapsedTimer timer;
    timer.start();
    process.start(gsumPath(), args);
    if (!process.waitForStarted(10000)) {
        r.err = process.errorString();
        return r;
    }
    const std::string launchPrefix = "xylem-gsum-" + std::to_string(process.processId()) + "-";
    r.finished = process.waitForFinished(timeoutMs);
    if (!r.finished) {
        process.kill(); // its hosts die with it (PR_SET_PDEATHSIG)
        process.waitForFinished(10000);
    }
    r.seconds = static_cast<double>(timer.elapsed()) / 1000.0;
    r.crashed = process.exitStatus() == QProcess::CrashExit;
    r.exitCode = process.exitCode();
    r.out = QString::fromLocal8Bit(process.readAllStandardOutput());
    r.err = QString::fromLocal8Bit(process.readAllStandardError());
    sweepShm(launchPrefix);
    return r;
}

} // namespace xylem::gsumtest
