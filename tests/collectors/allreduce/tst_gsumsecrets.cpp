// xylem-gsum's secrets: a token file others may read or change, or a link to one, is refused
// with a message naming it and the fix; in a run directory a host writes through no link
// planted there and takes no peer's address from a file others could have written. The run's
// token never crosses the wire (a plain listener playing the parent host reads every byte a
// host's stubs send, and a parent host that cannot prove the token is refused, named, before
// the stub proves anything), and a peer without the token is refused by the parent host while
// the run goes on.

#include "core/model/treegenerator.h"
#include "core/protocol/allreducemessages.h"
#include "core/protocol/frame.h"
#include "core/protocol/handshake.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QtTest>

#include "tests/support/waituntil.h"

#include <arpa/inet.h>
#include <chrono>
#include <netinet/in.h>
#include <optional>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "gsumtesthelpers.h"

using namespace xylem;
using namespace xylem::gsumtest;

namespace {

using Clock = std::chrono::steady_clock;

// A listening TCP socket on 127.0.0.1 (any port), closed when it goes.
struct Listener
{
    int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int port = -1;

    Listener()
    {
        sockaddr_in at{};
        at.sin_family = AF_INET;
        at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        socklen_t length = sizeof at;
        if (::bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0 && ::listen(fd, 8) == 0 &&
            ::getsockname(fd, reinterpret_cast<sockaddr*>(&at), &length) == 0) {
            port = ntohs(at.sin_port);
        }
    }
    ~Listener() { ::close(fd); }
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
};

// A connection the test plays by hand: frames out, frames in, every byte received kept.
struct Peer
{
    int fd = -1;
    protocol::FrameDecoder decoder;
    std::vector<protocol::Frame> frames;
    std::string seen;

    ~Peer()
    {
        if (fd >= 0) {
            ::close(fd);
        }
    }
    bool send(protocol::MessageType type, const std::vector<std::uint8_t>& payload) const
    {
        const auto frame = protocol::encodeFrame(type, 0, payload);
        return ::send(fd, frame.data(), frame.size(), MSG_NOSIGNAL) ==
               static_cast<ssize_t>(frame.size());
    }
    // The next frame; nullopt when the peer closed, sent garbage or nothing within the timeout.
    std::optional<protocol::Frame> next(std::chrono::milliseconds timeout)
    {
        const auto deadline = Clock::now() + timeout;
        while (frames.empty()) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            pollfd p{fd, POLLIN, 0};
            if (left.count() <= 0 || ::poll(&p, 1, static_cast<int>(left.count())) <= 0) {
                return std::nullopt;
            }
            std::uint8_t buffer[4096];
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) {
                return std::nullopt;
            }
            seen.append(reinterpret_cast<const char*>(buffer), static_cast<size_t>(n));
            if (!decoder.feed(std::span(buffer, static_cast<size_t>(n)), frames)) {
                return std::nullopt;
            }
        }
        protocol::Frame frame = std::move(frames.front());
        frames.erase(frames.begin());
        return frame;
    }
};

// The first connection to the listener within the timeout (-1: none).
int acceptOne(const Listener& listener, std::chrono::milliseconds timeout)
{
    pollfd p{listener.fd, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(timeout.count())) <= 0) {
        return -1;
    }
    return ::accept4(listener.fd, nullptr, nullptr, SOCK_CLOEXEC);
}

int connectTo(const QString& addressFile)
{
    QFile file(addressFile);
    if (!file.open(QIODevice::ReadOnly)) {
        return -1;
    }
    const QStringList fields = QString::fromUtf8(file.readAll()).split(' ');
    if (fields.size() < 2) {
        return -1;
    }
    const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_port = htons(static_cast<std::uint16_t>(fields[1].trimmed().toInt()));
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0) {
        ::close(fd);
        return -1;
    }
    return fd;
}

} // namespace

class TestGsumSecrets : public QObject
{
    Q_OBJECT

private slots:
    void tokenFileOthersCouldReadIsRefused();
    void runDirectoryTrustsOnlyTheUsersOwnFiles();
    void theTokenNeverCrossesTheWire();
    void aPeerWithoutTheTokenIsRefusedAndTheRunGoesOn();

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
    // Where a stranger would take h1's path if h0's address held.
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

// h1's stubs dial h0's address, which leads to a plain listener: what they send holds no byte of
// the token, and a challenge whose proof was not made with the token ends h1's start, naming
// the host, with no proof sent.
void TestGsumSecrets::theTokenNeverCrossesTheWire()
{
    QTemporaryDir dir;
    QDir(dir.path()).mkdir("run");
    const QString rundir = dir.filePath("run");
    QStringList hosts;
    const QString config = writeConfiguration(dir, hierarchy(2, 1), &hosts);
    QVERIFY(!config.isEmpty());
    Listener listener;
    QVERIFY(listener.port > 0);
    QFile address(rundir + "/h0.address");
    QVERIFY(address.open(QIODevice::WriteOnly));
    address.write(QString("127.0.0.1 %1\n").arg(listener.port).toUtf8());
    address.close();
    QVERIFY(address.setPermissions(QFile::ReadOwner | QFile::WriteOwner)); // the user's own

    const std::string token = "a-token-that-must-stay-home-7f3a";
    Peer h0;
    bool challenged = false;
    bool proven = false;
    std::thread played([&] {
        h0.fd = acceptOne(listener, std::chrono::seconds(20));
        if (h0.fd < 0) {
            return;
        }
        const auto hello = h0.next(std::chrono::seconds(10));
        auto decoded = hello && hello->type == protocol::MessageType::PathHello
                           ? protocol::decodePathHello(hello->payload)
                           : Result<protocol::PathHelloMessage>(
                                 makeError(ErrorCode::MalformedInput, "no hello"));
        if (!decoded) {
            return;
        }
        auto impostor = protocol::ServerHandshake::begin(
            "another-runs-token", "gsum", decoded->nonce, protocol::claimOf(decoded.value()));
        challenged = impostor && h0.send(protocol::MessageType::PathChallenge,
                                         protocol::encode(protocol::PathChallengeMessage{
                                             impostor->nonce(), impostor->proof()}));
        while (const auto frame = h0.next(std::chrono::seconds(10))) {
            proven = proven || frame->type == protocol::MessageType::PathProof;
        }
    });
    QProcessEnvironment env = ringEnvironment(m_rings);
    env.insert("XYLEM_GSUM_TOKEN", QString::fromStdString(token));
    const GsumResult r = runGsum({"run", "--config", config, "--host", "h1", "--rundir", rundir,
                                  "--start-timeout", "10", "--no-collectors"},
                                 env, 30000);
    played.join();
    QVERIFY2(challenged, qPrintable(r.describe()));
    QVERIFY2(r.finished && !r.crashed && r.exitCode != 0, qPrintable(r.describe()));
    QVERIFY2(
        r.err.contains(
            QString("host h0 at 127.0.0.1:%1 does not know the run's token").arg(listener.port)),
        qPrintable(r.describe()));
    QVERIFY(h0.seen.size() >= 16 + 40); // the hello's frame at least
    QVERIFY2(h0.seen.find(token) == std::string::npos, "the token crossed the wire");
    QVERIFY(!proven); // h1 proved nothing to a host that could not prove the token first
}

// A peer that names a real path of h0 but holds another run's token: h0 challenges it, refuses
// its proof and closes the connection, and the run of h0 and h1 goes on to its end.
void TestGsumSecrets::aPeerWithoutTheTokenIsRefusedAndTheRunGoesOn()
{
    QTemporaryDir dir;
    QDir(dir.path()).mkdir("run");
    const QString rundir = dir.filePath("run");
    QStringList hosts;
    const QString config = writeConfiguration(dir, hierarchy(2, 1), &hosts);
    QVERIFY(!config.isEmpty());
    const auto configuration = generateTree(hierarchy(2, 1));
    QVERIFY(configuration);
    int proxy = -1; // a path whose service side is h0's
    for (int w = 0; w < configuration->wrapperCount() && proxy < 0; ++w) {
        const auto& wrapper = configuration->wrapper(w);
        if (wrapper.kind == WrapperKind::Proxy &&
            configuration->wrapper(wrapper.parent).host == "h0") {
            proxy = w;
        }
    }
    QVERIFY(proxy >= 0);

    QProcessEnvironment env = ringEnvironment(m_rings);
    env.insert("XYLEM_GSUM_TOKEN", "the-runs-token");
    const QStringList common{
        "--config",     config, "--rundir", rundir, "--start-timeout", "20", "--no-collectors",
        "--iterations", "5",    "--warmup", "0"};
    QProcess h0;
    h0.setProcessEnvironment(env);
    h0.start(gsumPath(), QStringList{"run", "--host", "h0"} + common);
    QVERIFY(h0.waitForStarted(10000));
    const auto stopH0 = qScopeGuard([&] {
        if (h0.state() != QProcess::NotRunning) {
            h0.kill();
            h0.waitForFinished(5000);
        }
    });
    QVERIFY(xylem::testing::waitUntil(
        [&] { return QFile::exists(rundir + "/h0.address"); }, std::chrono::seconds(20)));

    Peer stranger;
    stranger.fd = connectTo(rundir + "/h0.address");
    QVERIFY(stranger.fd >= 0);
    const protocol::PathHelloMessage claim{0, static_cast<std::uint32_t>(proxy), {}};
    auto client =
        protocol::ClientHandshake::begin("another-runs-token", "gsum", protocol::claimOf(claim));
    QVERIFY(client);
    auto hello = claim;
    hello.nonce = client->nonce();
    QVERIFY(stranger.send(protocol::MessageType::PathHello, protocol::encode(hello)));
    const auto frame = stranger.next(std::chrono::seconds(10));
    QVERIFY(frame && frame->type == protocol::MessageType::PathChallenge);
    const auto challenge = protocol::decodePathChallenge(frame->payload);
    QVERIFY(challenge);
    // h0's proof does not check out with another run's token (a real stub would stop here)...
    QVERIFY(!client->serverKnowsToken(challenge->nonce, challenge->proof));
    // ...and a proof made with it is refused: the connection ends with nothing more said.
    QVERIFY(stranger.send(
        protocol::MessageType::PathProof,
        protocol::encode(protocol::PathProofMessage{client->proof(challenge->nonce)})));
    QVERIFY(!stranger.next(std::chrono::seconds(10)));

    const GsumResult h1 = runGsum(QStringList{"run", "--host", "h1"} + common, env, 60000);
    QVERIFY2(h1.ok(), qPrintable(h1.describe()));
    QVERIFY(h0.waitForFinished(30000));
    const QString err0 = QString::fromLocal8Bit(h0.readAllStandardError());
    QVERIFY2(h0.exitStatus() == QProcess::NormalExit && h0.exitCode() == 0, qPrintable(err0));
}

QTEST_GUILESS_MAIN(TestGsumSecrets)
#include "tst_gsumsecrets.moc"
