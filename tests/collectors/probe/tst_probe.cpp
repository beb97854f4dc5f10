// The probe as an instrumented program uses it: a ring per attached thread named after the
// prefix, tuples from record() and ScopedRecord read back through MappedRing, options from the
// environment, ring announcements over a UNIX socket, and the clocks.

#include "collectors/probe/clock.h"
#include "collectors/probe/probe.h"
#include "collectors/ring/ringreader.h"
#include "core/protocol/collectormessages.h"
#include "core/protocol/frame.h"
#include "tests/support/waituntil.h"

#include <QtTest>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <optional>
#include <poll.h>
#include <string>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace xylem;
using namespace xylem::probe;

namespace {

// Unlinks every shared-memory object of this test process's prefix when made, on request and
// when it goes, so that a failed test leaves nothing behind in /dev/shm.
class ShmSweeper
{
public:
    ShmSweeper()
        : m_prefix("xylem-test-" + std::to_string(::getpid()) + "-probe-")
    {
        sweep();
    }
    ~ShmSweeper() { sweep(); }
    ShmSweeper(const ShmSweeper&) = delete;
    ShmSweeper& operator=(const ShmSweeper&) = delete;

    const std::string& prefix() const { return m_prefix; }
    void sweep() const
    {
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator("/dev/shm", ec)) {
            const std::string name = entry.path().filename().string();
            if (name.starts_with(m_prefix)) {
                ::shm_unlink(("/" + name).c_str());
            }
        }
    }

private:
    std::string m_prefix;
};

// A UNIX socket that listens like the node's collector and returns what one client sent.
class Listener
{
public:
    explicit Listener(const std::string& path)
        : m_fd(::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0))
    {
        sockaddr_un address{};
        address.sun_family = AF_UNIX;
        path.copy(address.sun_path, sizeof address.sun_path - 1);
        m_listening =
            m_fd >= 0 &&
            ::bind(m_fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0 &&
            ::listen(m_fd, 4) == 0;
    }
    ~Listener() { ::close(m_fd); }
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;

    bool listening() const { return m_listening; }

    // Everything the next client sent until it closed, as frames; nullopt on a time-out.
    std::optional<std::vector<protocol::Frame>> receive() const
    {
        pollfd p{m_fd, POLLIN, 0};
        if (::poll(&p, 1, 5000) != 1) {
            return std::nullopt;
        }
        const int client = ::accept(m_fd, nullptr, nullptr);
        protocol::FrameDecoder decoder;
        std::vector<protocol::Frame> frames;
        std::uint8_t buffer[4096];
        for (pollfd c{client, POLLIN, 0}; client >= 0 && ::poll(&c, 1, 5000) == 1;) {
            const ssize_t n = ::read(client, buffer, sizeof buffer);
            if (n <= 0 || !decoder.feed(std::span(buffer, static_cast<size_t>(n)), frames)) {
                break;
            }
        }
        ::close(client);
        return frames;
    }

private:
    int m_fd;
    bool m_listening = false;
};

const char* const kVariables[] = {"XYLEM_RING_PREFIX", "XYLEM_RING_CAPACITY", "XYLEM_BUFFER_POLICY",
                                  "XYLEM_CLOCK", "XYLEM_COLLECTOR_SOCKET"};

QString name(BufferPolicy p)
{
    return QString::fromUtf8(toString(p));
}
QString name(ClockKind c)
{
    return QString::fromUtf8(toString(c));
}

std::vector<Tuple> readAll(const std::string& ringName)
{
    std::vector<Tuple> out;
    auto ring = ring::MappedRing::open(ringName);
    if (ring) {
        ring::RingCursor cursor;
        ring->read(cursor, 1 << 20, out, BufferPolicy::FillRead);
    }
    return out;
}

std::string threadRingPrefix(const std::string& prefix)
{
    return "/" + prefix + std::to_string(::getpid()) + "-" + std::to_string(::syscall(SYS_gettid)) +
           "-";
}

} // namespace

class TestProbe : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void init() { clearEnvironment(); }
    void cleanup()
    {
        clearEnvironment();
        m_shm.sweep();
    }
    void attachThreadMakesANamedRing();
    void recordWritesTuples();
    void scopedRecordTakesDownAndUp();
    void twoThreadsGetTwoRings();
    void aRequestedCapacityMovesTheThreadToANewRing();
    void defaultsWithoutEnvironment();
    void optionsFromEnvironment();
    void badEnvironmentValuesKeepDefaults_data();
    void badEnvironmentValuesKeepDefaults();
    void announceWithoutAListenerFails();
    void announceDeliversRegisterRing();
    void attachThreadAnnouncesItsRing();
    void detectsTheInvariantTsc();
    void clocksIncrease();

private:
    static void clearEnvironment()
    {
        for (const char* variable : kVariables) {
            qunsetenv(variable);
        }
    }
    ProbeOptions options() const
    {
        ProbeOptions o;
        o.ringPrefix = m_shm.prefix();
        o.ringCapacity = 64;
        o.policy = BufferPolicy::FillDrain;
        o.program = "probe-test";
        o.collectorSocket = m_dir.filePath("nobody.sock").toStdString();
        return o;
    }

    ShmSweeper m_shm;
    QTemporaryDir m_dir;
};

void TestProbe::attachThreadMakesANamedRing()
{
    Probe probe(options());
    auto recorder = probe.attachThread("worker-1"); // nobody listens: still no error
    QVERIFY2(recorder, recorder ? "" : recorder.error().describe().c_str());
    const std::string expected = threadRingPrefix(m_shm.prefix());
    QCOMPARE(recorder->ringName(), expected + "0");
    auto again = probe.attachThread("worker-1b"); // a second ring of the same thread
    QVERIFY(again);
    QCOMPARE(again->ringName(), expected + "1");

    auto ring = ring::MappedRing::open(recorder->ringName());
    QVERIFY2(ring, ring ? "" : ring.error().describe().c_str());
    const ring::RingHeader& h = ring->header();
    QCOMPARE(std::string(h.label), std::string("worker-1"));
    QCOMPARE(std::string(h.program), std::string("probe-test"));
    QCOMPARE(ring->capacity(), std::uint32_t(64));
    QCOMPARE(name(ring->policy()), name(BufferPolicy::FillDrain));
    QCOMPARE(name(static_cast<ClockKind>(h.clock)), name(recorder->clock()));
    QCOMPARE(name(recorder->clock()), name(detectClock()));
    QCOMPARE(h.tid, static_cast<std::uint32_t>(::syscall(SYS_gettid)));
}

void TestProbe::recordWritesTuples()
{
    Probe probe(options());
    auto recorder = probe.attachThread("recorder");
    QVERIFY(recorder);
    recorder->record(5, 2, 42, -7, 100, 200);
    recorder->record(0xFFFFFFFF, 0xFFFF, INT64_MAX, INT16_MIN, INT64_MIN, INT64_MAX);
    recorder->record(0, 0, -1, 32767, -5, -4);
    QCOMPARE(recorder->recorded(), std::uint64_t(3));
    const std::vector<Tuple> expected{
        Tuple{42, 100, 200, 5, 2, -7},
        Tuple{INT64_MAX, INT64_MIN, INT64_MAX, 0xFFFFFFFF, 0xFFFF, INT16_MIN},
        Tuple{-1, -5, -4, 0, 0, 32767}};
    QVERIFY(readAll(recorder->ringName()) == expected);
}

void TestProbe::aRequestedCapacityMovesTheThreadToANewRing()
{
    Listener collector(m_dir.filePath("resize.sock").toStdString());
    QVERIFY(collector.listening());
    ProbeOptions o = options();
    o.policy = BufferPolicy::FillRead;
    o.collectorSocket = m_dir.filePath("resize.sock").toStdString();
    Probe probe(o);
    auto recorder = probe.attachThread("resized");
    QVERIFY(recorder);
    QVERIFY(collector.receive()); // the first ring's announcement
    const std::string first = recorder->ringName();
    auto reader = ring::MappedRing::open(first);
    QVERIFY(reader);
    reader->requestCapacity(64); // what it has: no request
    QCOMPARE(reader->header().requestedCapacity.load(), 0u);

    reader->requestCapacity(1024);
    const auto n = static_cast<std::int64_t>(ring::kResizeCheckRecords);
    for (std::int64_t i = 0; i < n - 1; ++i) {
        recorder->record(1, 0, i, 0, i, i + 1);
    }
    QCOMPARE(recorder->ringName(), first); // looked only every kResizeCheckRecords records
    recorder->record(1, 0, n - 1, 0, n - 1, n);
    QVERIFY(recorder->ringName() != first);
    QCOMPARE(recorder->capacity(), 1024u);
    QVERIFY(reader->closed()); // the old ring: closed for the collector to drain
    const auto announced = collector.receive();
    QVERIFY(announced && announced->size() == 1);
    QVERIFY(announced->front().type == protocol::MessageType::RegisterRing);

    // The new ring has the thread's label and takes the records from now on.
    recorder->record(1, 0, n, 0, n, n + 1);
    auto next = ring::MappedRing::open(recorder->ringName());
    QVERIFY(next);
    QCOMPARE(std::string(next->header().label), std::string("resized"));
    QCOMPARE(next->capacity(), 1024u);
    QVERIFY(readAll(recorder->ringName()) == (std::vector<Tuple>{Tuple{n, n, n + 1, 1, 0, 0}}));
}

void TestProbe::scopedRecordTakesDownAndUp()
{
    Probe probe(options());
    auto recorder = probe.attachThread("scoped");
    QVERIFY(recorder);
    const std::int64_t before = recorder->now();
    {
        ScopedRecord r(recorder.value(), 3, 4, 99);
        xylem::testing::letTimePass(std::chrono::microseconds(200)); // the span recorded
        r.setReturn(-2);
    }
    {
        ScopedRecord r(recorder.value(), 6, 1, 100);
    }
    const std::int64_t after = recorder->now();
    const std::vector<Tuple> tuples = readAll(recorder->ringName());
    QCOMPARE(tuples.size(), size_t(2));
    const Tuple& a = tuples[0];
    const Tuple& b = tuples[1];
    QCOMPARE(a.seq, std::int64_t(99));
    QCOMPARE(a.collector, std::uint32_t(3));
    QCOMPARE(a.op, std::uint16_t(4));
    QCOMPARE(a.ret, std::int16_t(-2));
    QCOMPARE(b.seq, std::int64_t(100));
    QCOMPARE(b.ret, std::int16_t(0)); // no setReturn: success
    QVERIFY(before <= a.down);
    QVERIFY2(a.up > a.down, "the sleep inside the scope must show between down and up");
    QVERIFY(a.up <= b.down && b.down <= b.up && b.up <= after);
}

void TestProbe::twoThreadsGetTwoRings()
{
    Probe probe(options());
    auto mine = probe.attachThread("main");
    QVERIFY(mine);
    mine->record(1, 1, 10, 0, 1, 2);
    std::string otherName;
    bool otherOk = false;
    std::thread other([&] {
        auto recorder = probe.attachThread("other");
        if ((otherOk = recorder.ok())) {
            otherName = recorder->ringName();
            recorder->record(2, 1, 20, 0, 3, 4);
            recorder->record(2, 1, 21, 0, 5, 6);
        }
    });
    other.join();
    QVERIFY(otherOk);
    QVERIFY(otherName != mine->ringName());
    QVERIFY(!otherName.starts_with(threadRingPrefix(m_shm.prefix())));
    QVERIFY((readAll(mine->ringName()) == std::vector<Tuple>{Tuple{10, 1, 2, 1, 1, 0}}));
    QVERIFY((readAll(otherName) ==
             std::vector<Tuple>{Tuple{20, 3, 4, 2, 1, 0}, Tuple{21, 5, 6, 2, 1, 0}}));
}

void TestProbe::defaultsWithoutEnvironment()
{
    const ProbeOptions o = ProbeOptions::fromEnvironment();
    QCOMPARE(o.ringPrefix, ring::defaultRingPrefix());
    QCOMPARE(o.ringCapacity, std::uint32_t(1) << 16);
    QCOMPARE(name(o.policy), name(BufferPolicy::FillRead));
    QCOMPARE(name(o.clock), name(detectClock()));
    QVERIFY(o.collectorSocket.empty());
    const Probe probe(o);
    QCOMPARE(probe.options().collectorSocket,
             "/tmp/xylem-collector-" + std::to_string(::getuid()) + ".sock");
    QCOMPARE(probe.options().program, std::string("tst_probe")); // the process name
}

void TestProbe::optionsFromEnvironment()
{
    qputenv("XYLEM_RING_PREFIX", "custom-prefix-");
    qputenv("XYLEM_RING_CAPACITY", "4096");
    qputenv("XYLEM_BUFFER_POLICY", "replace-drain");
    qputenv("XYLEM_CLOCK", "clock_gettime");
    qputenv("XYLEM_COLLECTOR_SOCKET", "/run/xylem/collector.sock");
    ProbeOptions o = ProbeOptions::fromEnvironment();
    QCOMPARE(o.ringPrefix, std::string("custom-prefix-"));
    QCOMPARE(o.ringCapacity, std::uint32_t(4096));
    QCOMPARE(name(o.policy), name(BufferPolicy::ReplaceDrain));
    QCOMPARE(name(o.clock), name(ClockKind::Monotonic));
    QCOMPARE(o.collectorSocket, std::string("/run/xylem/collector.sock"));
    qputenv("XYLEM_CLOCK", "tsc"); // honoured only where the TSC is invariant
    QCOMPARE(name(ProbeOptions::fromEnvironment().clock), name(detectClock()));
    // monotonic: the tuple clock is CLOCK_MONOTONIC (core/model/tupleclock.h), read directly.
    qputenv("XYLEM_CLOCK", "monotonic");
    QCOMPARE(name(ProbeOptions::fromEnvironment().clock), name(ClockKind::Monotonic));
}

void TestProbe::badEnvironmentValuesKeepDefaults_data()
{
    QTest::addColumn<QByteArray>("variable");
    QTest::addColumn<QByteArray>("value");
    for (const char* v : {"abc", "12abc", " 64", "0", "-5", "4294967296", ""}) {
        QTest::addRow("capacity '%s'", v) << QByteArray("XYLEM_RING_CAPACITY") << QByteArray(v);
    }
    for (const char* v : {"FillRead", "fill_read", "fill-read ", "drain", ""}) {
        QTest::addRow("policy '%s'", v) << QByteArray("XYLEM_BUFFER_POLICY") << QByteArray(v);
    }
    for (const char* v : {"TSC", "rdtsc", "Monotonic", ""}) {
        QTest::addRow("clock '%s'", v) << QByteArray("XYLEM_CLOCK") << QByteArray(v);
    }
    QTest::addRow("prefix ''") << QByteArray("XYLEM_RING_PREFIX") << QByteArray();
}

void TestProbe::badEnvironmentValuesKeepDefaults()
{
    QFETCH(QByteArray, variable);
    QFETCH(QByteArray, value);
    QVERIFY(qputenv(variable.constData(), value));
    const ProbeOptions o = ProbeOptions::fromEnvironment();
    QCOMPARE(o.ringPrefix, ring::defaultRingPrefix());
    QCOMPARE(o.ringCapacity, std::uint32_t(1) << 16);
    QCOMPARE(name(o.policy), name(BufferPolicy::FillRead));
    QCOMPARE(name(o.clock), name(detectClock()));
}

void TestProbe::announceWithoutAListenerFails()
{
    QVERIFY(!announceRing(m_dir.filePath("nobody.sock").toStdString(), "/ring"));
    QVERIFY(!announceRing(m_dir.path().toStdString(), "/ring"));  // a directory, not a socket
    QVERIFY(!announceRing("/" + std::string(200, 'x'), "/ring")); // longer than sun_path
}

void TestProbe::announceDeliversRegisterRing()
{
    const Listener listener(m_dir.filePath("collector.sock").toStdString());
    QVERIFY(listener.listening());
    const std::string ringName = "/xylem-ring-test-1234-5678-0";
    QVERIFY(announceRing(m_dir.filePath("collector.sock").toStdString(), ringName));
    const auto frames = listener.receive();
    QVERIFY2(frames, "the announcement never arrived");
    QCOMPARE(frames->size(), size_t(1));
    QCOMPARE(QString::fromUtf8(protocol::toString(frames->front().type)),
             QStringLiteral("RegisterRing"));
    const auto message = protocol::decodeRegisterRing(frames->front().payload);
    QVERIFY(message);
    QCOMPARE(message->ringName, ringName);
}

void TestProbe::attachThreadAnnouncesItsRing()
{
    ProbeOptions o = options();
    o.collectorSocket = m_dir.filePath("attach.sock").toStdString();
    const Listener listener(o.collectorSocket);
    QVERIFY(listener.listening());
    Probe probe(o);
    auto recorder = probe.attachThread("announced");
    QVERIFY(recorder);
    const auto frames = listener.receive();
    QVERIFY2(frames && frames->size() == 1, "expected one frame from attachThread");
    const auto message = protocol::decodeRegisterRing(frames->front().payload);
    QVERIFY(message);
    QCOMPARE(message->ringName, recorder->ringName());
}

void TestProbe::detectsTheInvariantTsc()
{
#ifndef XYLEM_HAS_TSC
    QSKIP("not an x86 CPU: no time-stamp counter");
#else
    // Linux derives both flags from CPUID 0x80000007 EDX bit 8, the invariant-TSC bit.
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line) && !line.starts_with("flags")) {
    }
    if (line.find(" constant_tsc") == std::string::npos ||
        line.find(" nonstop_tsc") == std::string::npos) {
        QSKIP("the CPU does not report an invariant TSC (no constant_tsc/nonstop_tsc in "
              "/proc/cpuinfo)");
    }
    QCOMPARE(name(detectClock()), name(ClockKind::Tsc));
#endif
}

void TestProbe::clocksIncrease()
{
    for (ClockKind clock : {ClockKind::Tsc, ClockKind::Monotonic}) {
        const std::int64_t first = readClock(clock);
        const std::int64_t ns = monotonicNs();
        while (monotonicNs() - ns < 100'000) { // 0.1 ms
        }
        const std::int64_t second = readClock(clock);
        QVERIFY2(first > 0 && second > first, qPrintable(name(clock)));
    }
}

QTEST_APPLESS_MAIN(TestProbe)
#include "tst_probe.moc"
