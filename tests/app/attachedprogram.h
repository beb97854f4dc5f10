#pragma once

// For the window suites that record a program started elsewhere: the program's tree
// configuration (`xylem-cli generate`), its collectors attaching through the address file the
// recording writes, their clean-up, the program itself (xylem-gsum), and the recording's status
// lines.

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QStringList>
#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace xylem::testing {

// `xylem-cli generate --hosts 2 --threads 2`, written to dir/gsum.tree.json; empty on failure.
inline QString writeGeneratedConfiguration(const QTemporaryDir& dir, const QString& cli)
{
    const QString config = dir.filePath(QStringLiteral("gsum.tree.json"));
    QProcess generate;
    generate.start(cli, {QStringLiteral("generate"), QStringLiteral("--hosts"), QStringLiteral("2"),
                         QStringLiteral("--threads"), QStringLiteral("2")});
    QFile file(config);
    if (!generate.waitForFinished(10000) || generate.exitCode() != 0 ||
        !file.open(QIODevice::WriteOnly)) {
        return {};
    }
    file.write(generate.readAllStandardOutput());
    return config;
}

// The collectors of a program, one per host, attached through address; host H reads the rings
// prefix + H + "-" (the program runs with XYLEM_RING_PREFIX=prefix{host}-). Killed, and their
// rings removed, when it goes.
class AttachedCollectors
{
public:
    AttachedCollectors(const QString& collector, const QString& address, const QStringList& hosts,
                       QString prefix)
        : m_prefix(std::move(prefix))
    {
        for (const QString& host : hosts) {
            m_processes.push_back(std::make_unique<QProcess>());
            m_processes.back()->start(collector, {QStringLiteral("--attach"), address,
                                                  QStringLiteral("--host"), host,
                                                  QStringLiteral("--ring-prefix"),
                                                  m_prefix + host + QStringLiteral("-")});
        }
    }
    AttachedCollectors(const AttachedCollectors&) = delete;
    AttachedCollectors& operator=(const AttachedCollectors&) = delete;
    ~AttachedCollectors()
    {
        for (auto& p : m_processes) {
            p->kill();
            p->waitForFinished(5000);
        }
        for (const QString& ring : QDir(QStringLiteral("/dev/shm")).entryList({m_prefix + "*"})) {
            QFile::remove(QStringLiteral("/dev/shm/") + ring);
        }
    }

private:
    QString m_prefix;
    std::vector<std::unique_ptr<QProcess>> m_processes;
};

// Starts `xylem-gsum launch` over config, its rings named for AttachedCollectors' prefix.
inline void startProgram(QProcess& gsum, const QString& executable, const QString& config,
                         const QString& prefix, qint64 iterations)
{
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XYLEM_RING_PREFIX"), prefix + QStringLiteral("{host}-"));
    gsum.setProcessEnvironment(env);
    gsum.start(executable, {QStringLiteral("launch"), QStringLiteral("--config"), config,
                            QStringLiteral("--iterations"), QString::number(iterations)});
}

// Whether a status line (LiveController::status) said text.
inline bool statusSaid(const QSignalSpy& status, const char* text)
{
    for (const auto& args : status) {
        if (args.first().toString().contains(QLatin1String(text))) {
            return true;
        }
    }
    return false;
}

} // namespace xylem::testing
