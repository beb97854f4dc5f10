#include "collectortesthelpers.h"

#include <QProcessEnvironment>
#include <QtTest>

#include <filesystem>
#include <sys/mman.h>
#include <unistd.h>

namespace xylem::collectortest {

bool startRecorder(QProcess& process, const std::string& prefix, const QString& socket,
                   const QStringList& args)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XYLEM_RING_PREFIX", QString::fromStdString(prefix));
    env.insert("XYLEM_COLLECTOR_SOCKET", socket);
    env.insert("XYLEM_RING_CAPACITY", "4096");
    process.setProcessEnvironment(env);
    process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    process.start(QStringLiteral(XYLEM_TEST_RECORDER), args);
    if (!process.waitForStarted(10000)) {
        return false;
    }
    while (!process.canReadLine()) {
        if (!process.waitForReadyRead(10000)) {
            return false;
        }
    }
    return process.readLine().startsWith("ready");
}

bool waitRecorded(QProcess& process)
{
    while (!process.canReadLine()) {
        if (!process.waitForReadyRead(30000)) {
            return false;
        }
    }
    return process.readLine().startsWith("recorded");
}

} // namespace xylem::collectortest
