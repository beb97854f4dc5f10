// A ring is another process's file, and MappedRing trusts none of it: rings of another user or
// writable by others are refused when opened, a header whose indices lie is refused (when
// opened) or makes the ring damaged (when read), a file shrunk under the reader (to nothing or
// to half) makes it damaged instead of killing the reader with SIGBUS, and the guard that
// turns such a SIGBUS into an error leaves every other SIGBUS fatal. The writer's own ring is
// 0600 whatever the umask, and an object planted under its name is neither opened nor changed.

#include "collectors/ring/busguard.h"
#include "collectors/ring/ringreader.h"
#include "collectors/ring/ringwriter.h"
#include "tests/support/ringprefix.h"

#include <QProcess>
#include <QtTest>

#include <csignal>
#include <fcntl.h>
#include <functional>
#include <optional>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace xylem;
using namespace xylem::ring;

namespace {

constexpr uid_t kNobody = 65534;

std::optional<RingWriter> makeRing(const std::string& prefix, std::uint32_t capacity,
                                   std::int64_t records)
{
    auto writer = RingWriter::create(
        {prefix, capacity, BufferPolicy::FillRead, ClockKind::Monotonic, "tst_ringtrust", "t"});
    if (!writer) {
        qWarning("%s", writer.error().describe().c_str());
        return std::nullopt;
    }
    for (std::int64_t i = 0; i < records; ++i) {
        writer->push(i, i, i + 1, 1, 2, 0);
    }
    return std::move(writer).value();
}

// Runs f on a descriptor of the shared-memory object (as a hostile process would).
bool onFile(const std::string& name, const std::function<bool(int)>& f)
{
    const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
    if (fd < 0) {
        return false;
    }
    const bool ok = f(fd);
    ::close(fd);
    return ok;
}

// Changes the header as a lying writer would.
bool patchHeader(const std::string& name, const std::function<void(RingHeader&)>& change)
{
    return onFile(name, [&](int fd) {
        void* memory = ::mmap(nullptr, kHeaderBytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (memory == MAP_FAILED) {
            return false;
        }
        change(*static_cast<RingHeader*>(memory));
        ::munmap(memory, kHeaderBytes);
        return true;
    });
}

bool resize(const std::string& name, size_t bytes)
{
    return onFile(name, [&](int fd) { return ::ftruncate(fd, static_cast<off_t>(bytes)) == 0; });
}

// Gives a shrunk ring its size back before its writer (which writes into it when it goes) does.
struct SizeRestorer
{
    std::string name;
    size_t bytes;
    ~SizeRestorer() { (void)resize(name, bytes); }
};

size_t readAll(MappedRing& ring)
{
    RingCursor cursor;
    std::vector<Tuple> out;
    ring.read(cursor, 1 << 20, out);
    return out.size();
}

} // namespace

class TestRingTrust : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { m_shm.sweep(); }
    void writerMakesAPrivateRingUnderAFreshName();
    void ringOfAnotherUserIsRefused();
    void ringOthersMayWriteIsRefused_data();
    void ringOthersMayWriteIsRefused();
    void lyingIndicesAreRefusedWhenOpened_data();
    void lyingIndicesAreRefusedWhenOpened();
    void writeIndexGoingBackDamagesTheRing();
    void writingIndexBelowWrittenDamagesTheRing();
    void capacityChangedLaterIsNotFollowed();
    void textWithoutItsEndIsCut();
    void truncatedToNothingUnderTheReader();
    void truncatedToHalfUnderTheReader();
    void guardTurnsAFaultInItsRangeIntoFalse();
    void faultOutsideTheGuardStillKills();

private:
    testing::RingPrefix m_shm{"ringtrust"};
};

void TestRingTrust::writerMakesAPrivateRingUnderAFreshName()
{
    // The first name this thread's ring would take, made first by someone else, open to all.
    const std::string planted =
        "/" + m_shm.prefix() + std::to_string(::getpid()) + "-" + std::to_string(::gettid()) + "-0";
    const mode_t old = ::umask(0);
    const int fd = ::shm_open(planted.c_str(), O_CREAT | O_EXCL | O_RDWR, 0666);
    const bool sized = fd >= 0 && ::ftruncate(fd, 4096) == 0;
    auto writer = makeRing(m_shm.prefix(), 16, 5);
    ::umask(old);
    if (fd >= 0) {
        ::close(fd);
    }
    QVERIFY(sized && writer);
    QVERIFY2(writer->name() != planted, writer->name().c_str());
    struct stat st
    {
    };
    QVERIFY(::stat(("/dev/shm" + writer->name()).c_str(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0600));
    QCOMPARE(st.st_uid, ::geteuid());
    QVERIFY(::stat(("/dev/shm" + planted).c_str(), &st) == 0);
    QCOMPARE(st.st_mode & 07777, mode_t(0666)); // not taken over: not chmod-ed, not resized
    QCOMPARE(st.st_size, off_t(4096));
}

void TestRingTrust::ringOfAnotherUserIsRefused()
{
    if (::geteuid() != 0) {
        QSKIP("giving a file to another user needs root");
    }
    auto writer = makeRing(m_shm.prefix(), 16, 5);
    QVERIFY(writer);
    QVERIFY(onFile(writer->name(), [](int fd) { return ::fchown(fd, kNobody, kNobody) == 0; }));
    const auto ring = MappedRing::open(writer->name());
    QVERIFY(!ring.ok());
    QVERIFY2(ring.error().message.find("owned by uid 65534") != std::string::npos,
             ring.error().describe().c_str());
}

void TestRingTrust::ringOthersMayWriteIsRefused_data()
{
    QTest::addColumn<int>("mode");
    QTest::newRow("group-writable") << 0620;
    QTest::newRow("world-writable") << 0606;
}

void TestRingTrust::ringOthersMayWriteIsRefused()
{
    QFETCH(int, mode);
    auto writer = makeRing(m_shm.prefix(), 16, 5);
    QVERIFY(writer);
    QVERIFY(onFile(writer->name(),
                   [&](int fd) { return ::fchmod(fd, static_cast<mode_t>(mode)) == 0; }));
    const auto ring = MappedRing::open(writer->name());
    QVERIFY(!ring.ok());
    QVERIFY2(ring.error().message.find("writable by its group or by others") != std::string::npos,
             ring.error().describe().c_str());
}

void TestRingTrust::lyingIndicesAreRefusedWhenOpened_data()
{
    QTest::addColumn<quint64>("written");
    QTest::addColumn<quint64>("writing");
    QTest::addColumn<quint64>("drained");
    QTest::newRow("written beyond any writer")
        << (quint64(1) << 62) << (quint64(1) << 62) << quint64(0);
    QTest::newRow("writing behind written") << quint64(10) << quint64(3) << quint64(0);
    QTest::newRow("writing far ahead of written") << quint64(10) << quint64(500) << quint64(0);
    QTest::newRow("drained beyond written") << quint64(10) << quint64(10) << quint64(11);
}

void TestRingTrust::lyingIndicesAreRefusedWhenOpened()
{
    QFETCH(quint64, written);
    QFETCH(quint64, writing);
    QFETCH(quint64, drained);
    auto writer = makeRing(m_shm.prefix(), 16, 10);
    QVERIFY(writer);
    QVERIFY(patchHeader(writer->name(), [&](RingHeader& h) {
        h.written.store(written);
        h.writing.store(writing);
        h.drained.store(drained);
    }));
    auto ring = MappedRing::open(writer->name());
    if (ring) {
        QCOMPARE(readAll(ring.value()), size_t(0)); // today: a ring of made-up records
    }
    QVERIFY(!ring.ok());
    QVERIFY2(ring.error().message.find("indices lie") != std::string::npos,
             ring.error().describe().c_str());
}

void TestRingTrust::writeIndexGoingBackDamagesTheRing()
{
    auto writer = makeRing(m_shm.prefix(), 16, 10);
    QVERIFY(writer);
    auto ring = MappedRing::open(writer->name());
    QVERIFY(ring);
    QCOMPARE(readAll(ring.value()), size_t(10));
    QVERIFY(patchHeader(writer->name(), [](RingHeader& h) {
        h.written.store(4);
        h.writing.store(4);
    }));
    RingCursor fresh;
    std::vector<Tuple> out;
    ring->read(fresh, 100, out);
    QVERIFY(out.empty());
    QVERIFY2(ring->damage().find("write index lies") != std::string::npos, ring->damage().c_str());
    QCOMPARE(ring->written(), std::uint64_t(10)); // the last value it believed
}

void TestRingTrust::writingIndexBelowWrittenDamagesTheRing()
{
    auto writer = makeRing(m_shm.prefix(), 16, 10);
    QVERIFY(writer);
    auto ring = MappedRing::open(writer->name());
    QVERIFY(ring);
    QVERIFY(patchHeader(writer->name(), [](RingHeader& h) { h.writing.store(2); }));
    QCOMPARE(readAll(ring.value()), size_t(0));
    QVERIFY2(ring->damage().find("writing index lies") != std::string::npos,
             ring->damage().c_str());
}

void TestRingTrust::capacityChangedLaterIsNotFollowed()
{
    auto writer = makeRing(m_shm.prefix(), 16, 40);
    QVERIFY(writer);
    auto ring = MappedRing::open(writer->name());
    QVERIFY(ring);
    // A capacity far beyond the mapping: followed, the reader's indices would leave it.
    QVERIFY(patchHeader(writer->name(), [](RingHeader& h) { h.capacity = 1u << 26; }));
    RingCursor cursor;
    std::vector<Tuple> out;
    const ReadResult r = ring->read(cursor, 100, out);
    QCOMPARE(out.size(), size_t(16));
    QCOMPARE(r.overwritten, std::uint64_t(24));
    QCOMPARE(out.front().seq, std::int64_t(24));
    QCOMPARE(ring->capacity(), 16u);
}

void TestRingTrust::textWithoutItsEndIsCut()
{
    auto writer = makeRing(m_shm.prefix(), 16, 1);
    QVERIFY(writer);
    QVERIFY(patchHeader(writer->name(), [](RingHeader& h) {
        std::memset(h.program, 'p', sizeof h.program);
        std::memset(h.label, 'l', sizeof h.label);
    }));
    auto ring = MappedRing::open(writer->name());
    QVERIFY(ring);
    QCOMPARE(ring->identity().label, std::string(64, 'l'));
    QCOMPARE(ring->identity().program, std::string(64, 'p'));
}

void TestRingTrust::truncatedToNothingUnderTheReader()
{
    auto writer = makeRing(m_shm.prefix(), 1024, 100);
    QVERIFY(writer);
    auto ring = MappedRing::open(writer->name());
    QVERIFY(ring);
    QCOMPARE(readAll(ring.value()), size_t(100));
    SizeRestorer restore{writer->name(), ringBytes(1024)};
    QVERIFY(resize(writer->name(), 0));
    // Every use of the header: each would be a SIGBUS without the guard.
    QCOMPARE(ring->written(), std::uint64_t(100));
    QVERIFY(ring->closed());
    (void)ring->policy();
    ring->setPolicy(BufferPolicy::FillDrain);
    ring->requestCapacity(64);
    QCOMPARE(readAll(ring.value()), size_t(0));
    QVERIFY2(ring->damage().find("shrank") != std::string::npos, ring->damage().c_str());
}

void TestRingTrust::truncatedToHalfUnderTheReader()
{
    auto writer = makeRing(m_shm.prefix(), 1024, 1000);
    QVERIFY(writer);
    auto ring = MappedRing::open(writer->name());
    QVERIFY(ring);
    SizeRestorer restore{writer->name(), ringBytes(1024)};
    QVERIFY(resize(writer->name(), ringBytes(1024) / 2));
    QCOMPARE(readAll(ring.value()), size_t(0)); // the slots past the middle are gone
    QVERIFY2(ring->damage().find("shrank from 33280 to 16640 bytes") != std::string::npos,
             ring->damage().c_str());
    QCOMPARE(ring->written(), std::uint64_t(1000));
}

void TestRingTrust::guardTurnsAFaultInItsRangeIntoFalse()
{
    const std::string name = "/" + m_shm.prefix() + "guard";
    const int fd = ::shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    QVERIFY(fd >= 0);
    const size_t bytes = 4 * 4096;
    QVERIFY(::ftruncate(fd, bytes) == 0);
    void* memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    QVERIFY(memory != MAP_FAILED);
    auto* words = static_cast<volatile std::uint64_t*>(memory);
    words[bytes / 8 - 1] = 7;
    std::uint64_t seen = 0;
    QVERIFY(guarded(memory, bytes, [&] { seen = words[bytes / 8 - 1]; }));
    QCOMPARE(seen, std::uint64_t(7));
    QVERIFY(::ftruncate(fd, 4096) == 0);
    volatile int reached = 0; // read after the guard left the body by siglongjmp
    QVERIFY(!guarded(memory, bytes, [&] {
        reached = 1;
        seen = words[bytes / 8 - 1]; // the last page is gone
        reached = 2;
    }));
    QCOMPARE(int(reached), 1);
    QVERIFY(guarded(memory, bytes, [&] { seen = words[0]; })); // the first page is still there
    ::munmap(memory, bytes);
    ::close(fd);
}

// In a fresh run of this test program (so that the guard's handler is installed over the
// default disposition, not over QtTest's crash handler): a fault outside the guarded range.
void TestRingTrust::faultOutsideTheGuardStillKills()
{
    if (qEnvironmentVariableIsSet("XYLEM_RINGTRUST_CHILD")) {
        const QByteArray name = qgetenv("XYLEM_RINGTRUST_CHILD");
        const rlimit noCore{0, 0}; // the death is expected: no core file
        ::setrlimit(RLIMIT_CORE, &noCore);
        ::signal(SIGBUS, SIG_DFL);
        const int fd = ::shm_open(name.constData(), O_RDWR, 0);
        void* memory = ::mmap(nullptr, 8192, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        auto* words = static_cast<volatile std::uint64_t*>(memory);
        // Another range is guarded; the fault is not in it.
        (void)guarded(static_cast<char*>(memory) + 4096, 8, [&] { (void)words[0]; });
        ::_exit(0);
    }
    const std::string name = "/" + m_shm.prefix() + "fatal";
    const int fd = ::shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    QVERIFY(fd >= 0);
    QVERIFY(::ftruncate(fd, 8192) == 0);
    ::close(fd);
    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("XYLEM_RINGTRUST_CHILD", QString::fromStdString(name));
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    // Made before the child maps it: the child maps 8192 bytes of a file that then has none.
    QVERIFY(resize(name, 0));
    child.start(QCoreApplication::applicationFilePath(), {"faultOutsideTheGuardStillKills"});
    QVERIFY(child.waitForFinished(60000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QCOMPARE(child.exitCode(), SIGBUS); // QProcess gives the signal as the exit code of a crash
}

QTEST_GUILESS_MAIN(TestRingTrust)
#include "tst_ringtrust.moc"
