#include "collectortesthelpers.h"

#include <QProcessEnvironment>
#include <QtTest>

#include <filesystem>
#include <sys/mman.h>
#include <unistd.h>

namespace xylem::collectortest {

RingPrefix::RingPrefix(const std::string& name)
    : m_prefix("xylem-test-" + std::to_string(::getpid()) + "-" + name + "-")
{
    removeAll();
}

RingPrefix::~RingPrefix()
{
    removeAll();
}

int RingPrefix::count() const
{
    int n = 0;
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm")) {
        n += entry.path().filename().string().starts_with(m_prefix) ? 1 : 0;
    }
    return n;
}

void RingPrefix::removeAll() const
{
    for (const auto& entry : std::filesystem::directory_iterator("/dev/shm")) {
        const std::string name = entry.path().filename().string();
        if (name.starts_with(m_prefix)) {
            ::shm_unlink(("/" + name).c_str());
        }
    }
}

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
