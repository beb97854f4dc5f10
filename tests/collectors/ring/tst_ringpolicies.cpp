// The shared-memory ring, one thread at a time: what a read returns and counts under each of
// the four buffer policies, how a policy set at run time takes effect, a ring outliving its
// writer, and MappedRing::open refusing shared memory that is not a ring.

#include "collectors/ring/ringreader.h"
#include "collectors/ring/ringwriter.h"

#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <fcntl.h>
#include <filesystem>
#include <functional>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

using namespace xylem;
using namespace xylem::ring;

namespace {

// Unlinks every shared-memory object of this test process's prefix when made, on request and
// when it goes, so that a failed test leaves nothing behind in /dev/shm.
class ShmSweeper
{
public:
    explicit ShmSweeper(const std::string& suite)
        : m_prefix("xylem-test-" + std::to_string(::getpid()) + "-" + suite + "-")
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

QString name(BufferPolicy policy)
{
    return QString::fromUtf8(toString(policy));
}

template <typename T> std::optional<T> expect(Result<T> result)
{
    if (!result) {
        qWarning("%s", result.error().describe().c_str());
        return std::nullopt;
    }
    return std::move(result).value();
}

// Every field follows from i, so a record read back can be checked on its own.
void write(RingWriter& writer, std::int64_t from, std::int64_t to)
{
    for (std::int64_t i = from; i < to; ++i) {
        writer.push(i, 3 * i, 3 * i + 1, static_cast<std::uint32_t>(i % 7),
                    static_cast<std::uint16_t>(i % 11), static_cast<std::int16_t>(-(i % 5)));
    }
}

bool consistent(const Tuple& t)
{
    const std::int64_t i = t.seq;
    return t.down == 3 * i && t.up == 3 * i + 1 && t.collector == i % 7 && t.op == i % 11 &&
           t.ret == -(i % 5);
}

std::vector<std::int64_t> seqs(const std::vector<Tuple>& tuples)
{
    std::vector<std::int64_t> out;
    for (const Tuple& t : tuples) {
        out.push_back(t.seq);
    }
    return out;
}

std::vector<std::int64_t> range(std::int64_t from, std::int64_t to)
{
    std::vector<std::int64_t> out(static_cast<size_t>(to - from));
    std::iota(out.begin(), out.end(), from);
    return out;
}

// Maps a shared-memory object read-write to change bytes a writer would never write.
bool patch(const std::string& name, size_t bytes, const std::function<void(std::uint8_t*)>& change)
{
    const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
    if (fd < 0) {
        return false;
    }
    void* memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    if (memory == MAP_FAILED) {
        return false;
    }
    change(static_cast<std::uint8_t*>(memory));
    ::munmap(memory, bytes);
    return true;
}

bool makeShm(const std::string& name, size_t bytes)
{
    const int fd = ::shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
    const bool ok = fd >= 0 && ::ftruncate(fd, static_cast<off_t>(bytes)) == 0;
    if (fd >= 0) {
        ::close(fd);
    }
    return ok;
}

} // namespace

class TestRingPolicies : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { m_shm.sweep(); }
    void capacityIsAPowerOfTwo();
    void headerDescribesTheWriter();
    void everyPolicyReadsNothingFromAnEmptyRing();
    void fillReadDeliversEveryRecordOnceInOrder();
    void fillReadAfterLapsKeepsTheLastCapacity();
    void twoFillReadReadersEachSeeEverything();
    void replaceReadReturnsTheNewest();
    void fillDrainGivesEachRecordToOneReader();
    void fillDrainAfterLapsCountsOverwritten();
    void replaceDrainReturnsTheNewestOnce();
    void setPolicyChangesTheNextRead();
    void monitorReadLeavesTheDrainAlone();
    void ringOutlivesItsWriter();
    void openRefusesWhatIsNotARing_data();
    void openRefusesWhatIsNotARing();

private:
    // A writer and two readers of a new ring; all three present or the test stops.
    struct Rig
    {
        std::optional<RingWriter> writer;
        std::optional<MappedRing> first, second;
        explicit operator bool() const { return writer && first && second; }
    };
    Rig rig(std::uint32_t capacity, BufferPolicy policy = BufferPolicy::FillRead) const
    {
        Rig r;
        r.writer = expect(create(capacity, policy));
        if (r.writer) {
            r.first = expect(MappedRing::open(r.writer->name()));
            r.second = expect(MappedRing::open(r.writer->name()));
        }
        return r;
    }
    Result<RingWriter> create(std::uint32_t capacity, BufferPolicy policy = BufferPolicy::FillRead,
                              const std::string& label = "worker") const
    {
        return RingWriter::create(RingSpec{m_shm.prefix(), capacity, policy, ClockKind::Monotonic,
                                           "tst_ringpolicies", label});
    }

    ShmSweeper m_shm{"policies"};
};

void TestRingPolicies::capacityIsAPowerOfTwo()
{
    for (const auto& [asked, expected] : std::vector<std::pair<std::uint32_t, std::uint32_t>>{
             {0, 2}, {1, 2}, {2, 2}, {10, 16}, {16, 16}, {1000, 1024}}) {
        auto writer = expect(create(asked));
        QVERIFY(writer);
        QCOMPARE(writer->capacity(), expected);
        auto ring = expect(MappedRing::open(writer->name()));
        QVERIFY(ring);
        QCOMPARE(ring->capacity(), expected);
    }
}

void TestRingPolicies::headerDescribesTheWriter()
{
    auto writer = expect(create(8, BufferPolicy::ReplaceDrain, std::string(100, 'L')));
    QVERIFY(writer);
    const std::string expectedName = "/" + m_shm.prefix() + std::to_string(::getpid()) + "-" +
                                     std::to_string(::syscall(SYS_gettid)) + "-";
    QVERIFY2(writer->name().starts_with(expectedName), writer->name().c_str());
    auto ring = expect(MappedRing::open(writer->name()));
    QVERIFY(ring);
    const RingHeader& h = ring->header();
    QCOMPARE(h.pid, static_cast<std::uint32_t>(::getpid()));
    QCOMPARE(h.tid, static_cast<std::uint32_t>(::syscall(SYS_gettid)));
    QCOMPARE(h.clock, static_cast<std::uint32_t>(ClockKind::Monotonic));
    QCOMPARE(std::string(h.program), std::string("tst_ringpolicies"));
    QCOMPARE(std::string(h.label), std::string(63, 'L')); // cut to fit, NUL-terminated
    QCOMPARE(name(ring->policy()), name(BufferPolicy::ReplaceDrain));
    QCOMPARE(ring->written(), std::uint64_t(0));
    QVERIFY(!ring->closed());
}

void TestRingPolicies::everyPolicyReadsNothingFromAnEmptyRing()
{
    auto [writer, ring, unused] = rig(8);
    QVERIFY(writer && ring);
    for (BufferPolicy p : {BufferPolicy::FillRead, BufferPolicy::ReplaceRead,
                           BufferPolicy::FillDrain, BufferPolicy::ReplaceDrain}) {
        RingCursor cursor;
        std::vector<Tuple> out;
        const ReadResult r = ring->read(cursor, 100, out, p);
        QVERIFY(out.empty());
        QCOMPARE(r.returned + r.fresh + r.overwritten, std::uint64_t(0));
    }
}

void TestRingPolicies::fillReadDeliversEveryRecordOnceInOrder()
{
    auto [writer, ring, unused] = rig(16);
    QVERIFY(writer && ring);
    RingCursor cursor;
    std::vector<Tuple> out;
    write(*writer, 0, 10);
    ReadResult r = ring->read(cursor, 3, out); // in pieces
    QCOMPARE(r.returned, std::uint64_t(3));
    QCOMPARE(r.fresh, std::uint64_t(3));
    write(*writer, 10, 19); // the 16 records 3..18 not yet read fill the ring exactly
    while ((r = ring->read(cursor, 3, out)).returned > 0) {
        QCOMPARE(r.overwritten, std::uint64_t(0));
    }
    QCOMPARE(seqs(out), range(0, 19));
    QVERIFY(std::all_of(out.begin(), out.end(), consistent));
    QCOMPARE(ring->read(cursor, 100, out).returned, std::uint64_t(0)); // nothing twice
    QCOMPARE(out.size(), size_t(19));
}

void TestRingPolicies::fillReadAfterLapsKeepsTheLastCapacity()
{
    auto [writer, ring, unused] = rig(16);
    QVERIFY(writer && ring);
    const std::int64_t written = 3 * 16 + 5;
    write(*writer, 0, written);
    RingCursor cursor;
    std::vector<Tuple> out;
    const ReadResult r = ring->read(cursor, 1000, out);
    QCOMPARE(seqs(out), range(written - 16, written));
    QVERIFY(std::all_of(out.begin(), out.end(), consistent));
    QCOMPARE(r.returned, std::uint64_t(16));
    QCOMPARE(r.overwritten, std::uint64_t(written - 16));
    QCOMPARE(ring->written(), std::uint64_t(written));
}

void TestRingPolicies::twoFillReadReadersEachSeeEverything()
{
    auto [writer, first, second] = rig(64);
    QVERIFY(writer && first && second);
    RingCursor a, b;
    std::vector<Tuple> outA, outB;
    for (std::int64_t round = 0; round < 5; ++round) {
        write(*writer, round * 10, round * 10 + 10);
        first->read(a, 4, outA); // a slow reader: catches up below
        second->read(b, 100, outB);
    }
    while (first->read(a, 4, outA).returned > 0) {
    }
    QCOMPARE(seqs(outA), range(0, 50));
    QCOMPARE(seqs(outB), range(0, 50));
}

void TestRingPolicies::replaceReadReturnsTheNewest()
{
    auto [writer, ring, unused] = rig(16, BufferPolicy::ReplaceRead);
    QVERIFY(writer && ring);
    RingCursor cursor, other;
    std::vector<Tuple> out;
    write(*writer, 0, 10);
    ReadResult r = ring->read(cursor, 100, out);
    QCOMPARE(seqs(out), std::vector<std::int64_t>{9});
    QCOMPARE(r.fresh, std::uint64_t(1));
    QCOMPARE(r.overwritten, std::uint64_t(9)); // skipped records count as lost
    r = ring->read(cursor, 100, out);
    QCOMPARE(seqs(out), (std::vector<std::int64_t>{9, 9})); // again, but not fresh
    QCOMPARE(r.returned, std::uint64_t(1));
    QCOMPARE(r.fresh, std::uint64_t(0));
    QCOMPARE(r.overwritten, std::uint64_t(0));
    write(*writer, 10, 15);
    r = ring->read(cursor, 100, out);
    QCOMPARE(out.back().seq, std::int64_t(14));
    QCOMPARE(r.fresh, std::uint64_t(1));
    QCOMPARE(r.overwritten, std::uint64_t(4));
    QVERIFY(consistent(out.back()));
    out.clear();
    r = ring->read(other, 100, out); // another reader is not affected by the first
    QCOMPARE(seqs(out), std::vector<std::int64_t>{14});
    QCOMPARE(r.overwritten, std::uint64_t(14));
}

void TestRingPolicies::fillDrainGivesEachRecordToOneReader()
{
    auto [writer, first, second] = rig(64, BufferPolicy::FillDrain);
    QVERIFY(writer && first && second);
    RingCursor a, b; // ignored by the drain policies
    std::vector<Tuple> outA, outB;
    write(*writer, 0, 30);
    QCOMPARE(first->read(a, 7, outA).returned, std::uint64_t(7));
    QCOMPARE(second->read(b, 5, outB).returned, std::uint64_t(5));
    write(*writer, 30, 50);
    while (first->read(a, 3, outA).returned + second->read(b, 4, outB).returned > 0) {
    }
    QVERIFY(!outA.empty() && !outB.empty());
    std::vector<std::int64_t> all = seqs(outA);
    const std::vector<std::int64_t> fromB = seqs(outB);
    QVERIFY(std::is_sorted(all.begin(), all.end()) && std::is_sorted(fromB.begin(), fromB.end()));
    all.insert(all.end(), fromB.begin(), fromB.end());
    std::sort(all.begin(), all.end());
    QCOMPARE(all, range(0, 50)); // the union is everything, nothing twice
}

void TestRingPolicies::fillDrainAfterLapsCountsOverwritten()
{
    auto [writer, ring, unused] = rig(16, BufferPolicy::FillDrain);
    QVERIFY(writer && ring);
    write(*writer, 0, 3 * 16 + 5);
    RingCursor cursor;
    std::vector<Tuple> out;
    const ReadResult r = ring->read(cursor, 1000, out);
    QCOMPARE(seqs(out), range(37, 53));
    QCOMPARE(r.overwritten, std::uint64_t(37));
    QCOMPARE(ring->read(cursor, 1000, out).returned, std::uint64_t(0));
}

void TestRingPolicies::replaceDrainReturnsTheNewestOnce()
{
    auto [writer, first, second] = rig(16, BufferPolicy::ReplaceDrain);
    QVERIFY(writer && first && second);
    RingCursor a, b;
    std::vector<Tuple> out;
    write(*writer, 0, 5);
    const ReadResult r = first->read(a, 100, out);
    QCOMPARE(seqs(out), std::vector<std::int64_t>{4});
    QCOMPARE(r.overwritten, std::uint64_t(4));
    QCOMPARE(first->read(a, 100, out).returned, std::uint64_t(0));
    QCOMPARE(second->read(b, 100, out).returned, std::uint64_t(0)); // drained for everyone
    write(*writer, 5, 6);
    QCOMPARE(second->read(b, 100, out).returned, std::uint64_t(1));
    QCOMPARE(out.back().seq, std::int64_t(5));
    QCOMPARE(first->read(a, 100, out).returned, std::uint64_t(0));
}

void TestRingPolicies::setPolicyChangesTheNextRead()
{
    auto [writer, first, second] = rig(16);
    QVERIFY(writer && first && second);
    RingCursor cursor;
    std::vector<Tuple> out;
    write(*writer, 0, 5);
    first->setPolicy(BufferPolicy::ReplaceRead);
    QCOMPARE(name(second->policy()),
             name(BufferPolicy::ReplaceRead)); // the policy lives in the ring
    first->read(cursor, 100, out);
    QCOMPARE(seqs(out), std::vector<std::int64_t>{4});
    write(*writer, 5, 9);
    second->setPolicy(BufferPolicy::FillDrain);
    out.clear();
    first->read(cursor, 100, out);
    QCOMPARE(seqs(out), range(0, 9)); // the drain starts from the oldest not drained
    second->setPolicy(BufferPolicy::FillRead);
    out.clear();
    first->read(cursor, 100, out);
    QCOMPARE(seqs(out), range(5, 9)); // this reader's own cursor again
}

void TestRingPolicies::monitorReadLeavesTheDrainAlone()
{
    auto [writer, ring, unused] = rig(16, BufferPolicy::FillDrain);
    QVERIFY(writer && ring);
    write(*writer, 0, 6);
    RingCursor monitor, drainer;
    std::vector<Tuple> seen, drained;
    ring->read(monitor, 100, seen, BufferPolicy::FillRead);
    ring->read(drainer, 100, drained);
    QCOMPARE(seqs(seen), range(0, 6));
    QCOMPARE(seqs(drained), range(0, 6));
}

void TestRingPolicies::ringOutlivesItsWriter()
{
    std::string name;
    {
        auto writer = expect(create(16));
        QVERIFY(writer);
        name = writer->name();
        write(*writer, 0, 3);
    }
    auto ring = expect(MappedRing::open(name));
    QVERIFY(ring);
    QVERIFY(ring->closed());
    RingCursor cursor;
    std::vector<Tuple> out;
    ring->read(cursor, 100, out);
    QCOMPARE(seqs(out), range(0, 3));
    ring->unlink();
    const auto again = MappedRing::open(name);
    QVERIFY(!again.ok());
    QCOMPARE(static_cast<int>(again.error().code), static_cast<int>(ErrorCode::IoError));
    QVERIFY(!std::filesystem::exists("/dev/shm" + name));
    QCOMPARE(ring->written(), std::uint64_t(3)); // the mapping stays until the reader goes
}

void TestRingPolicies::openRefusesWhatIsNotARing_data()
{
    QTest::addColumn<QString>("kind");
    QTest::addColumn<QString>("mentions");
    QTest::newRow("random bytes") << "random"
                                  << "magic";
    QTest::newRow("too small") << "small"
                               << "smaller than a ring header";
    QTest::newRow("empty") << "empty"
                           << "smaller than a ring header";
    QTest::newRow("capacity too large for its size") << "capacity"
                                                     << "capacity 32";
    QTest::newRow("capacity not a power of two") << "power"
                                                 << "capacity 12";
    QTest::newRow("grown after creation") << "grown"
                                          << "capacity 16";
    QTest::newRow("a newer version") << "version"
                                     << "ring version 3 is not supported (this reader takes "
                                        "version 2)";
    QTest::newRow("the old version") << "old"
                                     << "ring version 1 is not supported";
    QTest::newRow("unknown clock") << "clock"
                                   << "clock 7";
    QTest::newRow("no such object") << "missing"
                                    << "cannot open";
}

void TestRingPolicies::openRefusesWhatIsNotARing()
{
    QFETCH(QString, kind);
    QFETCH(QString, mentions);
    std::string name = "/" + m_shm.prefix() + "fake-" + kind.toStdString();
    const size_t bytes = ringBytes(16);
    if (kind == "random" || kind == "small" || kind == "empty") {
        QVERIFY(makeShm(name, kind == "random" ? bytes : kind == "small" ? 100 : 0));
        std::mt19937 rng(7);
        QVERIFY(kind != "random" || patch(name, bytes, [&](std::uint8_t* p) {
                    std::generate(p, p + bytes, [&] { return static_cast<std::uint8_t>(rng()); });
                }));
    } else if (kind != "missing") {
        auto writer = expect(create(16));
        QVERIFY(writer);
        name = writer->name();
        if (kind == "grown") {
            const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
            QVERIFY(fd >= 0 && ::ftruncate(fd, static_cast<off_t>(bytes + kSlotBytes)) == 0);
            ::close(fd);
        }
        QVERIFY(patch(name, kHeaderBytes, [&](std::uint8_t* p) {
            auto* h = reinterpret_cast<RingHeader*>(p);
            h->version = kind == "version" ? kRingVersion + 1 : kind == "old" ? 1 : h->version;
            h->capacity = kind == "capacity" ? 32 : kind == "power" ? 12 : h->capacity;
            h->clock = kind == "clock" ? 7 : h->clock;
        }));
    }
    const auto opened = MappedRing::open(name);
    QVERIFY(!opened.ok());
    const QString message = QString::fromStdString(opened.error().message);
    QVERIFY2(message.contains(mentions), qPrintable(message));
    QCOMPARE(opened.error().where, name); // the error names the object
}

QTEST_APPLESS_MAIN(TestRingPolicies)
#include "tst_ringpolicies.moc"
