// What a second local user can reach of a recording (issue 25 item 5): nothing. The test makes
// a user of its own (root only; removed again at the end, and a leftover of a crashed run is
// removed at the next start) and, while a real recording runs — a front-end waiting for
// collectors through its address file, an attached collector, xylem-gsum writing its rings, and
// a stand-alone collector serving its socket — tries as that user to read the session, the
// address file with the tree's token, a ring and the front-end's environment, to join the tree
// with the address file, and to connect to the collector's socket. Every file and socket is
// checked to be owner-only by its mode, and every attempt to fail for want of permission; a
// file of mode 0644 beside them is read by the same user, so the refusals come from the modes
// and not from a path the user cannot walk.

#include "tests/app/clisessiontest.h"
#include "tests/support/waituntil.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>
#include <memory>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

using namespace xylem::testing;

namespace {

const QString kUserPrefix = QStringLiteral("xylem-stranger-");

struct Outcome
{
    int exitCode = -1;
    QString output; // standard output and error
};

// Runs `command` with the uid and gid of `user`, no supplementary groups.
Outcome asUser(const passwd& user, const QString& program, const QStringList& arguments)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::MergedChannels);
    p.start("setpriv", QStringList{"--reuid", QString::number(user.pw_uid), "--regid",
                                   QString::number(user.pw_gid), "--clear-groups", "--", program} +
                           arguments);
    if (!p.waitForFinished(20000)) {
        p.kill();
        p.waitForFinished(5000);
        return {-1, "did not end within 20 s"};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromLocal8Bit(p.readAll())};
}

int modeOf(const QString& path)
{
    struct stat st = {};
    return ::lstat(QFile::encodeName(path).constData(), &st) == 0 ? int(st.st_mode & 07777) : -1;
}

bool run(const QString& program, const QStringList& arguments)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedChannels);
    p.start(program, arguments);
    return p.waitForFinished(20000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// Users this test made in runs that did not get to remove them (their process is gone).
void removeLeftoverUsers()
{
    QStringList leftovers;
    setpwent();
    while (const passwd* p = getpwent()) {
        const QString name = QString::fromLocal8Bit(p->pw_name);
        if (!name.startsWith(kUserPrefix)) {
            continue;
        }
        bool ok = false;
        const qint64 pid = name.mid(kUserPrefix.size()).toLongLong(&ok);
        if (ok && pid > 0 && ::kill(pid_t(pid), 0) != 0 && errno == ESRCH) {
            leftovers << name;
        }
    }
    endpwent();
    for (const QString& name : leftovers) {
        run("userdel", {name});
    }
}

// Removes the rings whose names start with the prefix when it goes.
class RemoveRings
{
public:
    explicit RemoveRings(QString prefix)
        : m_prefix(std::move(prefix))
    {
    }
    ~RemoveRings()
    {
        for (const QString& ring : QDir("/dev/shm").entryList({m_prefix + "*"}, QDir::Files)) {
            QFile::remove("/dev/shm/" + ring);
        }
    }
    RemoveRings(const RemoveRings&) = delete;
    RemoveRings& operator=(const RemoveRings&) = delete;

private:
    QString m_prefix;
};

class Children
{
public:
    ~Children()
    {
        for (auto it = m_children.rbegin(); it != m_children.rend(); ++it) {
            (*it)->kill();
            (*it)->waitForFinished(5000);
        }
    }
    QProcess& start(const QString& program, const QStringList& arguments,
                    const QProcessEnvironment& env = QProcessEnvironment::systemEnvironment())
    {
        m_children.push_back(std::make_unique<QProcess>());
        m_children.back()->setProcessEnvironment(env);
        m_children.back()->start(program, arguments);
        return *m_children.back();
    }

private:
    std::vector<std::unique_ptr<QProcess>> m_children;
};

} // namespace

class TestStrangers : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase()
    {
        if (::geteuid() != 0) {
            QSKIP("making a second user needs root (CI runs as root)");
        }
        removeLeftoverUsers();
        m_name = kUserPrefix + QString::number(QCoreApplication::applicationPid());
        QVERIFY(run("useradd", {"--system", "--no-create-home", "--user-group", "--shell",
                                "/usr/sbin/nologin", m_name}));
        const passwd* p = getpwnam(m_name.toLocal8Bit().constData());
        QVERIFY(p);
        m_user = *p;
    }

    void cleanupTestCase()
    {
        if (!m_name.isEmpty()) {
            QVERIFY(run("userdel", {m_name}));
        }
    }

    void aSecondUserReachesNothingOfARecording()
    {
        QTemporaryDir dir;
        // Everyone may walk the folder and read what is readable: only the files' own modes
        // stand between the second user and them.
        QVERIFY(QFile::setPermissions(
            dir.path(), QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner | QFile::ReadOther |
                            QFile::ExeOther | QFile::ReadGroup | QFile::ExeGroup));
        const QString open = dir.filePath("open.txt");
        writeFile(open, "anyone may read this\n");
        QVERIFY(QFile::setPermissions(open, QFile::ReadOwner | QFile::WriteOwner |
                                                QFile::ReadGroup | QFile::ReadOther));
        const Outcome control = asUser(m_user, "cat", {open});
        QVERIFY2(control.exitCode == 0 && control.output.contains("anyone"),
                 qPrintable(control.output));
        // The collector as a copy the second user can run wherever the build lies.
        const QString collector = dir.filePath("xylem-collector");
        QVERIFY(QFile::copy(XYLEM_COLLECTOR, collector));
        const Outcome runs = asUser(m_user, collector, {"--help"});
        QVERIFY2(runs.exitCode == 0, qPrintable(runs.output));

        const QString config = dir.filePath("gsum.tree.json");
        writeFile(config, runCli({"generate", "--hosts", "2", "--threads", "2"}).out.toUtf8());
        const QString address = dir.filePath("tree.address");
        const QString session = dir.filePath("s.xylem");
        const QString prefix =
            QString("xylem-test-strangers-%1-").arg(QCoreApplication::applicationPid());
        const RemoveRings leftRings(prefix); // after the children: gsum's end is a kill
        Children children;
        QProcess& record = children.start(XYLEM_CLI, {"record", "--attach", address, "--config",
                                                      config, "--duration", "60s", "-o", session});
        QVERIFY(waitUntil([&] { return QFile::exists(address); }, std::chrono::seconds(15)));
        for (const QString host : {"h0", "h1"}) {
            children.start(XYLEM_COLLECTOR, {"--attach", address, "--host", host, "--ring-prefix",
                                             prefix + host + "-"});
        }
        QByteArray said;
        QTRY_VERIFY_WITH_TIMEOUT((said += record.readAllStandardOutput()).contains("nodes up"),
                                 20000);
        const QString socket = dir.filePath("collector.sock");
        children.start(XYLEM_COLLECTOR,
                       {"--socket", socket, "--ring-prefix", prefix + "solo-", "--host", "solo"});
        QVERIFY(waitUntil([&] { return QFile::exists(socket); }, std::chrono::seconds(15)));
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert("XYLEM_RING_PREFIX", prefix + "{host}-");
        QProcess& gsum = children.start(
            XYLEM_GSUM, {"launch", "--config", config, "--iterations", "5000000"}, env);
        QStringList rings;
        QVERIFY(waitUntil(
            [&] {
                rings = QDir("/dev/shm").entryList({prefix + "h*"}, QDir::Files);
                return !rings.isEmpty();
            },
            std::chrono::seconds(20)));

        // Owner-only by mode: the session (and its -wal and -shm while it is written), the
        // address file, the rings and the socket.
        QStringList owned{session, address, socket};
        for (const QString suffix : {"-wal", "-shm"}) {
            if (QFile::exists(session + suffix)) {
                owned << session + suffix;
            }
        }
        for (const QString& ring : rings) {
            owned << "/dev/shm/" + ring;
        }
        for (const QString& path : owned) {
            QVERIFY2(modeOf(path) != -1 && (modeOf(path) & 0077) == 0,
                     qPrintable(QString("%1: mode %2").arg(path).arg(modeOf(path), 0, 8)));
        }

        // What the second user tries, and why it fails.
        for (const QString& path : owned) {
            if (path == socket) {
                continue;
            }
            const Outcome read = asUser(m_user, "cat", {path});
            QVERIFY2(read.exitCode != 0 && read.output.contains("Permission denied"),
                     qPrintable(path + ": " + read.output));
        }
        const Outcome environment =
            asUser(m_user, "cat", {QString("/proc/%1/environ").arg(record.processId())});
        QVERIFY2(environment.exitCode != 0 && environment.output.contains("Permission denied"),
                 qPrintable(environment.output));
        const Outcome join =
            asUser(m_user, collector,
                   {"--attach", address, "--host", "h1", "--ring-prefix", prefix + "stranger-"});
        QVERIFY2(join.exitCode != 0 && join.output.contains("tree.address") &&
                     join.output.contains("Permission denied"),
                 qPrintable(join.output));
        const Outcome connect = asUser(
            m_user, "/usr/bin/python3",
            {"-c",
             "import socket, sys\ns = socket.socket(socket.AF_UNIX)\ns.connect(sys.argv[1])\n"
             "print('connected')",
             socket});
        QVERIFY2(connect.exitCode != 0 && connect.output.contains("PermissionError") &&
                     !connect.output.contains("connected"),
                 qPrintable(connect.output));

        // The token is in the address file only: not on any command line (every user reads
        // /proc/PID/cmdline).
        QFile addressFile(address);
        QVERIFY(addressFile.open(QIODevice::ReadOnly));
        const QString token =
            QRegularExpression("^token (\\S+)$", QRegularExpression::MultilineOption)
                .match(QString::fromUtf8(addressFile.readAll()))
                .captured(1);
        QVERIFY(token.size() >= 16);
        for (const qint64 pid : {record.processId(), gsum.processId()}) {
            QFile cmdline(QString("/proc/%1/cmdline").arg(pid));
            QVERIFY(cmdline.open(QIODevice::ReadOnly));
            QVERIFY(!cmdline.readAll().contains(token.toUtf8()));
        }
        // The rings were there all along: the refusals were not for a ring already gone.
        for (const QString& ring : rings) {
            QVERIFY2(QFile::exists("/dev/shm/" + ring), qPrintable(ring));
        }
    }

private:
    QString m_name;
    passwd m_user = {};
};

QTEST_GUILESS_MAIN(TestStrangers)
#include "tst_strangers.moc"
