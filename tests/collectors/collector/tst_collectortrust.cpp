// xylem-collector as a process, facing rings it must not trust: a ring of another user, or one
// others may write, is neither adopted nor read (whether found by a scan or announced), and its
// refusal is logged once with its path and why; a ring whose header lies is refused; a ring
// shrunk under the collector (to nothing, to half) is retired as damaged, and the collector
// lives on and serves its other rings.

#include "collectors/collector/collectorclient.h"
#include "collectors/ring/ringwriter.h"
#include "tests/support/ringprefix.h"
#include "tests/support/waituntil.h"

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <fcntl.h>
#include <functional>
#include <optional>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::collector;

namespace {

constexpr uid_t kNobody = 65534;

// xylem-collector on its own socket, its log in a file.
class Daemon
{
public:
    Daemon(const std::string& prefix, const QString& socket, const QString& logFile)
        : m_socket(socket)
        , m_logFile(logFile)
    {
        m_process.setStandardErrorFile(logFile);
        m_process.start(QStringLiteral(XYLEM_COLLECTOR),
                        {"--socket", socket, "--ring-prefix", QString::fromStdString(prefix),
                         "--host", "A", "--tick-ms", "20", "--sample-period-ms", "0"});
        m_process.waitForStarted(10000);
    }
    ~Daemon()
    {
        if (m_process.state() != QProcess::NotRunning) {
            m_process.terminate();
            if (!m_process.waitForFinished(10000)) {
                m_process.kill();
                m_process.waitForFinished(10000);
            }
        }
    }

    Result<CollectorClient> client()
    {
        std::optional<Result<CollectorClient>> connected;
        const bool listening = testing::waitUntil(
            [&] {
                connected.emplace(CollectorClient::connect(m_socket.toStdString()));
                return connected->ok();
            },
            std::chrono::seconds(10));
        if (!listening) {
            return makeError(ErrorCode::IoError, "the collector never listened");
        }
        return std::move(*connected);
    }
    // Without an event loop QProcess learns of the end only when asked to wait for it.
    bool running()
    {
        return !m_process.waitForFinished(0) && m_process.state() == QProcess::Running;
    }
    QString log() const
    {
        QFile file(m_logFile);
        return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
    }

private:
    QString m_socket;
    QString m_logFile;
    QProcess m_process;
};

std::optional<ring::RingWriter> makeRing(const std::string& prefix, std::uint32_t capacity,
                                         std::int64_t records, const char* label)
{
    auto writer = ring::RingWriter::create(
        {prefix, capacity, BufferPolicy::FillRead, ClockKind::Monotonic, "tst", label});
    if (!writer) {
        qWarning("%s", writer.error().describe().c_str());
        return std::nullopt;
    }
    for (std::int64_t i = 0; i < records; ++i) {
        writer->push(i, i, i + 1, 1, 2, 0);
    }
    return std::move(writer).value();
}

bool onFile(const std::string& name, const std::function<bool(int)>& f)
{
    const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
    const bool ok = fd >= 0 && f(fd);
    if (fd >= 0) {
        ::close(fd);
    }
    return ok;
}

// A descriptor of a ring the test shrinks, which gives the ring its size back at the end (the
// collector may have removed its name by then) before the ring's writer writes into it.
class Shrinker
{
public:
    Shrinker(const std::string& name, size_t bytes)
        : m_fd(::shm_open(name.c_str(), O_RDWR, 0))
        , m_bytes(bytes)
    {
    }
    ~Shrinker()
    {
        if (m_fd >= 0) {
            (void)::ftruncate(m_fd, static_cast<off_t>(m_bytes));
            ::close(m_fd);
        }
    }
    bool shrinkTo(size_t bytes) { return ::ftruncate(m_fd, static_cast<off_t>(bytes)) == 0; }

private:
    int m_fd;
    size_t m_bytes;
};

// Reads tuples until `expected` came (or 30 s passed); how many came by ring label.
std::map<std::string, size_t> readByLabel(CollectorClient& client, size_t expected)
{
    std::map<std::uint32_t, std::string> labels;
    std::map<std::string, size_t> got;
    size_t total = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (total < expected && std::chrono::steady_clock::now() < deadline) {
        auto batch = client.readTuples(1 << 20);
        auto list = client.listRings();
        if (!batch || !list) {
            qWarning("reading stopped: %s",
                     (batch ? list.error() : batch.error()).describe().c_str());
            break;
        }
        for (const auto& r : list->rings) {
            labels[r.id] = r.label;
        }
        for (const auto& r : batch->rings) {
            got[labels.contains(r.ring) ? labels[r.ring] : "?"] += r.tuples.size();
            total += r.tuples.size();
        }
    }
    return got;
}

bool waitForRing(CollectorClient& client, const std::string& label)
{
    return testing::waitUntil(
        [&] {
            auto list = client.listRings();
            return list && std::any_of(list->rings.begin(), list->rings.end(),
                                       [&](const auto& r) { return r.label == label; });
        },
        std::chrono::seconds(20));
}

} // namespace

class TestCollectorTrust : public QObject
{
    Q_OBJECT

private slots:
    void ringsOfOthersAreNeitherAdoptedNorRead();
    void lyingRingIsRefused();
    void shrunkRingLeavesTheCollectorServing_data();
    void shrunkRingLeavesTheCollectorServing();

private:
    QTemporaryDir m_dir;
};

void TestCollectorTrust::ringsOfOthersAreNeitherAdoptedNorRead()
{
    testing::RingPrefix prefix("others");
    auto own = makeRing(prefix.prefix(), 64, 10, "own");
    auto writable = makeRing(prefix.prefix(), 64, 20, "writable");
    QVERIFY(own && writable);
    QVERIFY(onFile(writable->name(), [](int fd) { return ::fchmod(fd, 0622) == 0; }));
    std::optional<ring::RingWriter> foreign;
    if (::geteuid() == 0) { // giving a file away needs root; as root it matters most
        foreign = makeRing(prefix.prefix(), 64, 30, "foreign");
        QVERIFY(foreign);
        QVERIFY(onFile(foreign->name(), [](int fd) { return ::fchown(fd, kNobody, 0) == 0; }));
    }
    Daemon daemon(prefix.prefix(), m_dir.filePath("others.sock"), m_dir.filePath("others.log"));
    auto client = daemon.client();
    QVERIFY(client.ok());
    // Announced as a probe would, twice: refused again, reported no more.
    for (const auto* refused : {&writable, &foreign}) {
        for (int i = 0; *refused && i < 2; ++i) {
            QVERIFY(client->sendBytes(
                protocol::frameOf(protocol::MessageType::RegisterRing,
                                  protocol::RegisterRingMessage{(*refused)->name()})));
        }
    }
    QVERIFY(client->hello("test").ok()); // the announcements were handled
    QVERIFY(waitForRing(client.value(), "own"));
    testing::letTimePass(std::chrono::milliseconds(500)); // 25 more scans of /dev/shm
    const auto got = readByLabel(client.value(), 10);
    QCOMPARE(got, (std::map<std::string, size_t>{{"own", 10}}));
    const auto list = client->listRings();
    QVERIFY(list.ok());
    QCOMPARE(list->rings.size(), size_t(1));
    QCOMPARE(list->rings[0].label, std::string("own"));
    const QString log = daemon.log();
    const QString writablePath = QString::fromStdString("/dev/shm" + writable->name());
    QVERIFY2(log.count("refused " + writablePath + ": writable by its group or by others") == 1,
             qPrintable(log));
    if (foreign) {
        const QString foreignPath = QString::fromStdString("/dev/shm" + foreign->name());
        QVERIFY2(log.count("refused " + foreignPath + ": owned by uid 65534") == 1,
                 qPrintable(log));
    }
    QVERIFY(daemon.running());
}

void TestCollectorTrust::lyingRingIsRefused()
{
    testing::RingPrefix prefix("lying");
    auto liar = makeRing(prefix.prefix(), 64, 10, "liar");
    auto honest = makeRing(prefix.prefix(), 64, 10, "honest");
    QVERIFY(liar && honest);
    QVERIFY(onFile(liar->name(), [](int fd) {
        void* memory =
            ::mmap(nullptr, ring::kHeaderBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (memory == MAP_FAILED) {
            return false;
        }
        auto* header = static_cast<ring::RingHeader*>(memory);
        header->written.store(1ull << 62); // a billion records a second for 146 years
        header->writing.store(1ull << 62);
        ::munmap(memory, ring::kHeaderBytes);
        return true;
    }));
    Daemon daemon(prefix.prefix(), m_dir.filePath("lying.sock"), m_dir.filePath("lying.log"));
    auto client = daemon.client();
    QVERIFY(client.ok());
    QVERIFY(waitForRing(client.value(), "honest"));
    testing::letTimePass(std::chrono::milliseconds(300)); // 15 more scans of /dev/shm
    const auto got = readByLabel(client.value(), 10);
    QCOMPARE(got, (std::map<std::string, size_t>{{"honest", 10}}));
    const auto list = client->listRings();
    QVERIFY(list.ok());
    QCOMPARE(list->rings.size(), size_t(1));
    const QString log = daemon.log();
    QVERIFY2(log.count("refused " + QString::fromStdString("/dev/shm" + liar->name()) +
                       ": not a Xylem ring: its indices lie") == 1,
             qPrintable(log));
}

void TestCollectorTrust::shrunkRingLeavesTheCollectorServing_data()
{
    QTest::addColumn<bool>("toNothing");
    QTest::newRow("to nothing") << true;
    QTest::newRow("to half") << false;
}

void TestCollectorTrust::shrunkRingLeavesTheCollectorServing()
{
    QFETCH(bool, toNothing);
    testing::RingPrefix prefix("shrunk");
    auto victim = makeRing(prefix.prefix(), 1024, 1000, "victim");
    auto other = makeRing(prefix.prefix(), 1024, 100, "other");
    QVERIFY(victim && other);
    Shrinker shrinker(victim->name(), ring::ringBytes(1024));
    Daemon daemon(prefix.prefix(), m_dir.filePath("shrunk.sock"), m_dir.filePath("shrunk.log"));
    auto client = daemon.client();
    QVERIFY(client.ok());
    QVERIFY(waitForRing(client.value(), "victim") && waitForRing(client.value(), "other"));
    // Before anything is read: half of the victim's records lie past its new end.
    QVERIFY(shrinker.shrinkTo(toNothing ? 0 : ring::ringBytes(1024) / 2));
    for (std::int64_t i = 100; i < 200; ++i) {
        other->push(i, i, i + 1, 1, 2, 0);
    }
    const auto got = readByLabel(client.value(), 200);
    QVERIFY2(daemon.running(), qPrintable(daemon.log()));
    QCOMPARE(got.contains("other") ? got.at("other") : 0, size_t(200));
    QVERIFY2(!got.contains("victim") || got.at("victim") == 0, "nothing of a damaged ring");
    const QString retired =
        QString::fromStdString("retired damaged ring /dev/shm" + victim->name() + " (");
    QVERIFY2(testing::waitUntil([&] { return daemon.log().contains(retired); },
                                std::chrono::seconds(20)),
             qPrintable(daemon.log()));
    QVERIFY(daemon.log().contains("shrank"));
    const auto list = client->listRings();
    QVERIFY(list.ok());
    QCOMPARE(list->rings.size(), size_t(1));
    QCOMPARE(list->rings[0].label, std::string("other"));
}

QTEST_GUILESS_MAIN(TestCollectorTrust)
#include "tst_collectortrust.moc"
