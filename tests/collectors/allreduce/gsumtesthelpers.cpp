#include "gsumtesthelpers.h"

#include "core/model/configurationjson.h"

#include <QElapsedTimer>

#include <filesystem>
#include <fstream>
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

// A configuration written to dir; its host ids.
QString writeConfiguration(const QTemporaryDir& dir, const TreeSpec& spec, QStringList* hosts)
{
    auto config = generateTree(spec);
    if (!config) {
        return {};
    }
    const QString file = dir.filePath("cluster.tree.json");
    std::ofstream(file.toStdString()) << configurationToJson(config.value());
    for (const Host& h : config->hosts()) {
        *hosts << QString::fromStdString(h.id);
    }
    return file;
}

TreeSpec hierarchy(int hosts, int threads)
{
    TreeSpec spec;
    spec.name = "failure";
    for (int h = 0; h < hosts; ++h) {
        spec.hosts.push_back(Host{"h" + std::to_string(h), "c0"});
    }
    spec.threadsPerHost = threads;
    spec.shape = TreeShape::HierarchyAware;
    return spec;
}

} // namespace xylem::gsumtest
