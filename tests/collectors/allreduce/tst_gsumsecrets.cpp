// xylem-gsum's secrets: a token file others may read or change, or a link to one, is refused
// with a message naming it and the fix; in a run directory a host writes through no link
// planted there and takes no peer's address from a file others could have written.

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;

class TestGsumSecrets : public QObject
{
    Q_OBJECT

private slots:
    void tokenFileOthersCouldReadIsRefused();
    void runDirectoryTrustsOnlyTheUsersOwnFiles();

private:
    RingPrefix m_rings{"gsumsecrets"};
};

void TestGsumSecrets::tokenFileOthersCouldReadIsRefused()
{
    QTemporaryDir dir;
    const QString path = dir.filePath("token");
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("run-secret\n");
    file.close();
    const auto runWith = [&](const QString& given) {
        return runGsum({"run", "--host", "h0", "--token-file", given}, ringEnvironment(m_rings),
                       20000);
    };
    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup |
                                QFile::ReadOther)); // 0644
    GsumResult r = runWith(path);
    QVERIFY2(r.finished && !r.crashed && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(path +
                            ": cannot read a token: group or others may read or change it "
                            "(mode 0644): run chmod 600 " +
                            path),
             qPrintable(r.describe()));

    QVERIFY(file.setPermissions(QFile::ReadOwner | QFile::WriteOwner)); // the fix it names
    r = runWith(path);
    QVERIFY2(r.finished && !r.crashed && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(!r.err.contains("token"), qPrintable(r.describe())); // on to the missing --config

    const QString link = dir.filePath("link");
    QVERIFY(QFile::link(path, link));
    r = runWith(link);
    QVERIFY2(r.finished && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(link + ": cannot read a token: a symbolic link"),
             qPrintable(r.describe()));
}

void TestGsumSecrets::runDirectoryTrustsOnlyTheUsersOwnFiles()
{
    QTemporaryDir dir;
    QDir(dir.path()).mkdir("run");
    const QString rundir = dir.filePath("run");
    QStringList hosts;
    const QString config = writeConfiguration(dir, hierarchy(2, 1), &hosts);
    QVERIFY(!config.isEmpty());
    // Where a stranger would take h1's path (and the token in its hello) if h0's address held.
    const int stranger = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof at;
    const bool listening = ::bind(stranger, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0 &&
                           ::listen(stranger, 8) == 0 &&
                           ::getsockname(stranger, reinterpret_cast<sockaddr*>(&at), &length) == 0;
    const auto closeStranger = qScopeGuard([stranger] { ::close(stranger); });
    QVERIFY(listening);
    QFile planted(rundir + "/h0.address");
    QVERIFY(planted.open(QIODevice::WriteOnly));
    planted.write(QString("127.0.0.1 %1\n").arg(ntohs(at.sin_port)).toUtf8());
    planted.close();
    QVERIFY(::chmod(QFile::encodeName(planted.fileName()).constData(), 0666) == 0); // anyone's
    // The name the old writer used for h1's address, pointing at someone else's file.
    const QString victim = dir.filePath("victim");
    QFile victimFile(victim);
    QVERIFY(victimFile.open(QIODevice::WriteOnly));
    victimFile.write("precious\n");
    victimFile.close();
    QVERIFY(QFile::link(victim, rundir + "/h1.address.tmp"));

    QProcessEnvironment env = ringEnvironment(m_rings);
    env.insert("XYLEM_GSUM_TOKEN", "failure-token");
    const GsumResult r = runGsum({"run", "--config", config, "--host", "h1", "--rundir", rundir,
                                  "--start-timeout", "5", "--no-collectors"},
                                 env, 20000);
    QVERIFY2(r.finished && !r.crashed && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(r.err.contains(rundir + "/h0.address: not trusted as host h0's address: group or "
                                     "others may read or change it (mode 0666)"),
             qPrintable(r.describe()));
    pollfd dialled{stranger, POLLIN, 0};
    QCOMPARE(::poll(&dialled, 1, 0), 0); // nobody dialled the stranger
    QVERIFY(victimFile.open(QIODevice::ReadOnly));
    QCOMPARE(victimFile.readAll(), QByteArray("precious\n"));
    QVERIFY(QFile::exists(rundir + "/h1.address")); // h1 published its own, privately
    struct stat st = {};
    QVERIFY(::stat(QFile::encodeName(rundir + "/h1.address").constData(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
}

QTEST_GUILESS_MAIN(TestGsumSecrets)
#include "tst_gsumsecrets.moc"
