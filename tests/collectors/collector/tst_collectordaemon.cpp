// xylem-collector as a process, with instrumented programs as processes: the robustness the
// node side promises (crashed programs, garbage on the socket, many programs, a restarted
// collector), checked through a client on its socket.

#include "collectors/collector/collectorclient.h"
#include "tests/support/waituntil.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <chrono>
#include <memory>
#include <set>
#include <thread>

#include "collectortesthelpers.h"

using namespace xylem;
using namespace xylem::collector;

namespace {

class Daemon
{
public:
    Daemon(const std::string& prefix, const QString& socket)
        : m_socket(socket)
    {
        m_process.setProcessChannelMode(QProcess::ForwardedChannels);
        m_process.start(QStringLiteral(XYLEM_COLLECTOR),
                        {"--socket", socket, "--ring-prefix", QString::fromStdString(prefix),
                         "--host", "A", "--tick-ms", "20"});
        m_process.waitForStarted(10000);
    }
    ~Daemon() { stop(); }

    // A connected client once the collector listens.
    Result<CollectorClient> client()
    {
        std::optional<Result<CollectorClient>> connected;
        const bool listening = testing::waitUntil(
            [&] {
                connected.emplace(CollectorClient::connect(m_socket.toStdString()));
                return connected->ok();
            },
            std::chrono::seconds(5));
        if (!listening) {
            return makeError(ErrorCode::IoError, "the collector never listened");
        }
        return std::move(*connected);
    }
    void kill()
    {
        m_process.kill();
        m_process.waitForFinished(10000);
    }
    void stop()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            m_process.waitForFinished(10000);
        }
    }
    QProcess& process() { return m_process; }

private:
    QString m_socket;
    QProcess m_process;
};

// Reads until `expected` tuples arrived or the deadline passes; adds what was lost to *lost.
size_t readAll(CollectorClient& client, size_t expected, std::uint64_t* lost = nullptr)
{
    size_t got = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (got < expected && std::chrono::steady_clock::now() < deadline) {
        auto batch = client.readTuples(1 << 20);
        if (!batch) {
            return got;
        }
        for (const auto& r : batch->rings) {
            got += r.tuples.size();
            if (lost) {
                *lost += r.overwritten;
            }
        }
    }
    return got;
}

// Waits until the collector lists n rings.
bool waitForRings(CollectorClient& client, size_t n)
{
    return testing::waitUntil(
        [&] {
            auto list = client.listRings();
            return list && list->rings.size() >= n;
        },
        std::chrono::seconds(30), std::chrono::milliseconds(20));
}

} // namespace

class TestCollectorDaemon : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString socket(const char* name) const { return m_dir.filePath(name); }

private slots:
    void announcedRingsAreServed()
    {
        collectortest::RingPrefix prefix("served");
        Daemon daemon(prefix.prefix(), socket("served.sock"));
        auto client = daemon.client();
        QVERIFY(client.ok());
        auto welcome = client->hello("test");
        QVERIFY(welcome.ok());
        QCOMPARE(welcome->host, std::string("A"));
        QProcess recorder;
        QVERIFY(collectortest::startRecorder(recorder, prefix.prefix(), socket("served.sock"),
                                             {"--threads", "4", "--records", "2000"}));
        QVERIFY(collectortest::waitRecorded(recorder));
        QVERIFY(waitForRings(client.value(), 4));
        QCOMPARE(readAll(client.value(), 8000), size_t(8000));
        recorder.waitForFinished(10000);
    }

    void garbageClosesOnlyThatConnection()
    {
        collectortest::RingPrefix prefix("garbage");
        Daemon daemon(prefix.prefix(), socket("garbage.sock"));
        auto good = daemon.client();
        auto bad = daemon.client();
        QVERIFY(good.ok() && bad.ok());
        const std::vector<std::uint8_t> junk{'G', 'E', 'T', ' ', '/', ' ',  'H',  'T',  'T',
                                             'P', '/', '1', '.', '1', '\r', '\n', '\r', '\n'};
        QVERIFY(bad->sendBytes(junk).ok());
        QVERIFY(!bad->receive().ok()); // closed, no answer
        QVERIFY(good->listRings().ok());
        QVERIFY(good->hello("still here").ok());
        QCOMPARE(daemon.process().state(), QProcess::Running);
    }

    void crashedProgramsRingStaysReadable()
    {
        collectortest::RingPrefix prefix("crashed");
        Daemon daemon(prefix.prefix(), socket("crashed.sock"));
        auto client = daemon.client();
        QVERIFY(client.ok());
        QProcess recorder;
        QVERIFY(collectortest::startRecorder(
            recorder, prefix.prefix(), socket("crashed.sock"),
            {"--threads", "2", "--records", "500", "--then", "crash"}));
        recorder.waitForFinished(10000);
        QCOMPARE(recorder.exitStatus(), QProcess::CrashExit);
        QVERIFY(waitForRings(client.value(), 2));
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        bool seenDead = false;
        while (!seenDead && std::chrono::steady_clock::now() < deadline) {
            seenDead = !client->listRings()->rings.front().processAlive;
        }
        QVERIFY(seenDead);
        QCOMPARE(readAll(client.value(), 1000), size_t(1000));
        // Read out and dead: the collector retires the rings.
        QVERIFY(testing::waitUntil([&] { return prefix.count() == 0; }, std::chrono::seconds(10)));
        QCOMPARE(client->listRings()->rings.size(), size_t(0));
    }

    void sixtyFourProgramsOfFourThreads()
    {
        collectortest::RingPrefix prefix("many");
        Daemon daemon(prefix.prefix(), socket("many.sock"));
        auto client = daemon.client();
        QVERIFY(client.ok());
        std::vector<std::unique_ptr<QProcess>> recorders;
        for (int p = 0; p < 64; ++p) {
            recorders.push_back(std::make_unique<QProcess>());
            QVERIFY(collectortest::startRecorder(*recorders.back(), prefix.prefix(),
                                                 socket("many.sock"),
                                                 {"--threads", "4", "--records", "1000"}));
        }
        for (auto& r : recorders) {
            QVERIFY(collectortest::waitRecorded(*r));
        }
        QVERIFY(waitForRings(client.value(), 256));
        auto list = client->listRings();
        std::set<std::uint32_t> pids;
        for (const auto& r : list->rings) {
            pids.insert(r.pid);
        }
        QCOMPARE(pids.size(), size_t(64));
        std::uint64_t lost = 0;
        QCOMPARE(readAll(client.value(), 256 * 1000, &lost), size_t(256 * 1000));
        QCOMPARE(lost, std::uint64_t(0)); // rings of 4096 hold 1000 records each
        for (auto& r : recorders) {
            r->waitForFinished(10000);
        }
    }

    void restartedCollectorRefindsRings()
    {
        collectortest::RingPrefix prefix("restart");
        auto first = std::make_unique<Daemon>(prefix.prefix(), socket("restart.sock"));
        QVERIFY(first->client().ok());
        QProcess recorder;
        QVERIFY(
            collectortest::startRecorder(recorder, prefix.prefix(), socket("restart.sock"),
                                         {"--threads", "3", "--records", "100", "--then", "run"}));
        first->kill(); // the collector dies; the program goes on recording
        first.reset();
        QVERIFY(collectortest::waitRecorded(recorder));
        QCOMPARE(recorder.state(), QProcess::Running);
        Daemon second(prefix.prefix(), socket("restart.sock"));
        auto client = second.client();
        QVERIFY(client.ok());
        QVERIFY(waitForRings(client.value(), 3)); // found by scanning, nobody announced them again
        const size_t before = readAll(client.value(), 300);
        QVERIFY(before >= 300);
        QVERIFY(readAll(client.value(), 3) >= 3); // and it keeps recording
        recorder.kill();
        recorder.waitForFinished(10000);
    }
};

QTEST_GUILESS_MAIN(TestCollectorDaemon)
#include "tst_collectordaemon.moc"
