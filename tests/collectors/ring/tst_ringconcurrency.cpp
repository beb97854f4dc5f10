// The ring under a writer that never waits: a thread writes 2,000,000 records whose every field
// follows from the record's index into a 1024-slot ring while readers read in a loop. No record
// may arrive torn, out of order or twice, and received + overwritten must equal written exactly.

#include "collectors/ring/ringreader.h"
#include "collectors/ring/ringwriter.h"

#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <fcntl.h>
#include <filesystem>
#include <optional>
#include <string>
#include <sys/mman.h>
#include <thread>
#include <unistd.h>
#include <vector>

using namespace xylem;
using namespace xylem::ring;

namespace {

constexpr std::int64_t kRecords = 2'000'000;
constexpr std::uint32_t kCapacity = 1024;

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

template <typename T> std::optional<T> expect(Result<T> result)
{
    if (!result) {
        qWarning("%s", result.error().describe().c_str());
        return std::nullopt;
    }
    return std::move(result).value();
}

void write(RingWriter& writer, std::int64_t from, std::int64_t to)
{
    for (std::int64_t i = from; i < to; ++i) {
        writer.push(i, 3 * i, 3 * i + 1, static_cast<std::uint32_t>(i % 7),
                    static_cast<std::uint16_t>(i % 11), static_cast<std::int16_t>(-(i % 5)));
    }
}

// Flat out the writer laps any reader at once; it pauses now and then, more or less often from
// one stretch to the next, so that readers also keep up and read next to the writer.
void writePaced(RingWriter& writer)
{
    constexpr std::int64_t kStretch = 1 << 16;
    for (std::int64_t i = 0; i < kRecords;) {
        const std::int64_t burst = std::int64_t(1) << (4 * ((i / kStretch) % 4) + 2); // 4 ... 16384
        const std::int64_t end = std::min(kRecords, i + burst);
        write(writer, i, end);
        i = end;
        const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(2);
        while (std::chrono::steady_clock::now() < until) {
        }
    }
}

bool consistent(const Tuple& t)
{
    const std::int64_t i = t.seq;
    return i >= 0 && t.down == 3 * i && t.up == 3 * i + 1 && t.collector == i % 7 &&
           t.op == i % 11 && t.ret == -(i % 5);
}

QString show(const Tuple& t)
{
    return QStringLiteral("{seq %1, down %2, up %3, collector %4, op %5, ret %6}")
        .arg(t.seq)
        .arg(t.down)
        .arg(t.up)
        .arg(t.collector)
        .arg(t.op)
        .arg(t.ret);
}

// What one reader thread saw; only that thread touches it until it is joined.
struct Tally
{
    std::uint64_t received = 0; // returned (fresh, for ReplaceRead)
    std::uint64_t overwritten = 0;
    std::uint64_t reads = 0;
    std::uint64_t torn = 0;
    std::uint64_t disordered = 0; // index not above the previous (below, for ReplaceRead)
    // A read whose counts do not add up: returned != tuples appended, or (read policies)
    // received + overwritten != how far the cursor moved.
    std::uint64_t miscounted = 0;
    std::optional<Tuple> firstTorn;
    struct Miscount
    {
        std::uint64_t from, to;
        ReadResult result;
    };
    std::optional<Miscount> firstMiscount;
    std::vector<std::int64_t> seqs; // kept when asked
};

// Reads until the writer is done and a read finds nothing left; batch sizes vary so that some
// reads copy a single record right at the edge the writer is overwriting.
void readUntilDone(MappedRing& ring, const std::atomic<bool>& done, Tally& t, bool keepSeqs)
{
    RingCursor cursor;
    std::vector<Tuple> out;
    out.reserve(kCapacity);
    std::int64_t last = -1;
    const bool replace = ring.policy() == BufferPolicy::ReplaceRead;
    const bool drain = ring.policy() == BufferPolicy::FillDrain;
    for (;;) {
        const bool finished = done.load(std::memory_order_acquire);
        out.clear();
        const size_t batch = t.reads % 4 == 0 ? kCapacity : 1 + t.reads % 3;
        const std::uint64_t from = cursor.next;
        const ReadResult r = ring.read(cursor, batch, out);
        ++t.reads;
        const std::uint64_t counted = (replace ? r.fresh : r.returned) + r.overwritten;
        t.received += replace ? r.fresh : r.returned;
        t.overwritten += r.overwritten;
        if ((r.returned != out.size() || (!drain && counted != cursor.next - from)) &&
            t.miscounted++ == 0) {
            t.firstMiscount = Tally::Miscount{from, cursor.next, r};
        }
        for (const Tuple& x : out) {
            if (!consistent(x) && t.torn++ == 0) {
                t.firstTorn = x;
            }
            t.disordered += (replace ? x.seq < last : x.seq <= last) ? 1 : 0;
            last = x.seq;
            if (keepSeqs) {
                t.seqs.push_back(x.seq);
            }
        }
        if (finished && counted == 0) {
            return;
        }
    }
}

QString verdict(const Tally& t)
{
    QString miscount;
    if (const auto& m = t.firstMiscount) {
        miscount =
            QStringLiteral(" (first: cursor %1 -> %2, returned %3, fresh %4, overwritten %5)")
                .arg(m->from)
                .arg(m->to)
                .arg(m->result.returned)
                .arg(m->result.fresh)
                .arg(m->result.overwritten);
    }
    return QStringLiteral("%1 reads, %2 received, %3 overwritten, %4 torn%5, %6 out of order, "
                          "%7 miscounted%8")
        .arg(t.reads)
        .arg(t.received)
        .arg(t.overwritten)
        .arg(t.torn)
        .arg(t.firstTorn ? " (first " + show(*t.firstTorn) + ")" : QString())
        .arg(t.disordered)
        .arg(t.miscounted)
        .arg(miscount);
}

} // namespace

class TestRingConcurrency : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { m_shm.sweep(); }
    void fillReadWhileWriting();
    void replaceReadWhileWriting();
    void fillDrainTwoReadersWhileWriting();
    void readerDropsTheRecordBeingOverwritten_data();
    void readerDropsTheRecordBeingOverwritten();

private:
    // Runs the writer and `readers` reader threads (each with its own mapping) to the end.
    bool run(BufferPolicy policy, int readers, std::vector<Tally>& tallies, bool keepSeqs) const;

    ShmSweeper m_shm{"concurrency"};
};

bool TestRingConcurrency::run(BufferPolicy policy, int readers, std::vector<Tally>& tallies,
                              bool keepSeqs) const
{
    auto writer = expect(RingWriter::create(RingSpec{
        m_shm.prefix(), kCapacity, policy, ClockKind::Monotonic, "tst_ringconcurrency", "writer"}));
    if (!writer) {
        return false;
    }
    std::vector<MappedRing> rings;
    for (int k = 0; k < readers; ++k) {
        auto ring = expect(MappedRing::open(writer->name()));
        if (!ring) {
            return false;
        }
        rings.push_back(std::move(*ring));
    }
    tallies.assign(static_cast<size_t>(readers), Tally{});
    std::atomic<bool> done{false};
    std::vector<std::thread> threads;
    for (int k = 0; k < readers; ++k) {
        threads.emplace_back(readUntilDone, std::ref(rings[static_cast<size_t>(k)]),
                             std::cref(done), std::ref(tallies[static_cast<size_t>(k)]), keepSeqs);
    }
    std::thread writing([&] {
        writePaced(*writer);
        done.store(true, std::memory_order_release);
    });
    writing.join();
    for (std::thread& t : threads) {
        t.join();
    }
    return writer->written() == std::uint64_t(kRecords);
}

void TestRingConcurrency::fillReadWhileWriting()
{
    std::vector<Tally> tallies;
    QVERIFY(run(BufferPolicy::FillRead, 1, tallies, false));
    const Tally& t = tallies[0];
    const QString summary = verdict(t);
    qInfo("%s", qPrintable(summary));
    QVERIFY2(t.torn == 0 && t.disordered == 0 && t.miscounted == 0, qPrintable(summary));
    QCOMPARE(t.received + t.overwritten, std::uint64_t(kRecords));
    QVERIFY(t.received >= kCapacity); // at least the last ring's worth after the writer stopped
}

void TestRingConcurrency::replaceReadWhileWriting()
{
    std::vector<Tally> tallies;
    QVERIFY(run(BufferPolicy::ReplaceRead, 1, tallies, false));
    const Tally& t = tallies[0];
    const QString summary = verdict(t);
    qInfo("%s", qPrintable(summary));
    QVERIFY2(t.torn == 0 && t.disordered == 0 && t.miscounted == 0, qPrintable(summary));
    QCOMPARE(t.received + t.overwritten, std::uint64_t(kRecords)); // each index fresh once or lost
}

void TestRingConcurrency::fillDrainTwoReadersWhileWriting()
{
    std::vector<Tally> tallies;
    QVERIFY(run(BufferPolicy::FillDrain, 2, tallies, true));
    std::vector<std::int64_t> all;
    std::uint64_t received = 0, overwritten = 0;
    for (const Tally& t : tallies) {
        const QString summary = verdict(t);
        qInfo("%s", qPrintable(summary));
        QVERIFY2(t.torn == 0 && t.disordered == 0 && t.miscounted == 0, qPrintable(summary));
        received += t.received;
        overwritten += t.overwritten;
        all.insert(all.end(), t.seqs.begin(), t.seqs.end());
    }
    QCOMPARE(received + overwritten, std::uint64_t(kRecords));
    QCOMPARE(all.size(), size_t(received));
    std::sort(all.begin(), all.end());
    const auto twice = std::adjacent_find(all.begin(), all.end());
    QVERIFY2(twice == all.end(),
             qPrintable(QStringLiteral("record %1 went to two readers").arg(*twice)));
}

// The documented writer announces writing = w + 1, then stores record w's four words into slot
// w % capacity, and only then publishes written = w + 1. Between the two, the oldest record a
// reader can see (index written - capacity) is half replaced. This stops the writer at that
// point, deterministically, by doing what push() does up to the first word of the next record,
// and asks each policy for the ring: the half-replaced record must be dropped, not returned.
void TestRingConcurrency::readerDropsTheRecordBeingOverwritten_data()
{
    QTest::addColumn<int>("policy");
    QTest::newRow("FillRead") << static_cast<int>(BufferPolicy::FillRead);
    QTest::newRow("FillDrain") << static_cast<int>(BufferPolicy::FillDrain);
}

void TestRingConcurrency::readerDropsTheRecordBeingOverwritten()
{
    QFETCH(int, policy);
    constexpr std::uint32_t capacity = 4;
    auto writer = expect(
        RingWriter::create(RingSpec{m_shm.prefix(), capacity, static_cast<BufferPolicy>(policy),
                                    ClockKind::Monotonic, "tst_ringconcurrency", "paused"}));
    QVERIFY(writer);
    write(*writer, 0, capacity); // records 0..3; the next push goes to slot 0
    auto ring = expect(MappedRing::open(writer->name()));
    QVERIFY(ring);
    const int fd = ::shm_open(writer->name().c_str(), O_RDWR, 0);
    QVERIFY(fd >= 0);
    void* memory = ::mmap(nullptr, ringBytes(capacity), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    QVERIFY(memory != MAP_FAILED);
    auto* header = static_cast<RingHeader*>(memory);
    header->writing.store(capacity + 1, std::memory_order_relaxed); // announcing record 4
    std::atomic_thread_fence(std::memory_order_release);
    auto* slot0 =
        reinterpret_cast<std::uint64_t*>(static_cast<std::uint8_t*>(memory) + kHeaderBytes);
    std::atomic_ref<std::uint64_t>(slot0[0]).store(capacity,
                                                   std::memory_order_relaxed); // seq of record 4
    ::munmap(memory, ringBytes(capacity));

    RingCursor cursor;
    std::vector<Tuple> out;
    const ReadResult r = ring->read(cursor, 100, out);
    for (const Tuple& t : out) {
        QVERIFY2(consistent(t), qPrintable("torn record returned: " + show(t)));
    }
    QCOMPARE(r.returned + r.overwritten, std::uint64_t(capacity));
}

QTEST_APPLESS_MAIN(TestRingConcurrency)
#include "tst_ringconcurrency.moc"
