#include "collectors/ring/ringreader.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>

namespace xylem::ring {

namespace {

Error notARing(const std::string& name, const std::string& why)
{
    return makeError(ErrorCode::MalformedInput, "not a Xylem ring: " + why, name);
}

std::uint64_t load(const std::uint64_t& word)
{
    return std::atomic_ref<const std::uint64_t>(word).load(std::memory_order_relaxed);
}

} // namespace

Result<MappedRing> MappedRing::open(const std::string& name)
{
    const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
    if (fd < 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot open the ring: ") + std::strerror(errno), name);
    }
    struct stat st
    {
    };
    if (::fstat(fd, &st) != 0 || st.st_size < static_cast<off_t>(kHeaderBytes)) {
        ::close(fd);
        return notARing(name, "smaller than a ring header");
    }
    const auto size = static_cast<size_t>(st.st_size);
    void* memory = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    ::close(fd);
    if (memory == MAP_FAILED) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot map the ring: ") + std::strerror(errno), name);
    }
    MappedRing ring;
    ring.m_header = static_cast<RingHeader*>(memory);
    ring.m_slots =
        reinterpret_cast<const std::uint64_t*>(static_cast<std::uint8_t*>(memory) + kHeaderBytes);
    ring.m_bytes = size;
    ring.m_name = name;
    const RingHeader& h = *ring.m_header;
    // Everything a reader relies on is checked before it is used; on any mismatch the mapping
    // is released by the destructor.
    if (std::atomic_ref<const std::uint64_t>(h.magic).load(std::memory_order_acquire) !=
        kRingMagic) {
        return notARing(name, "no ring magic (a foreign file, or a ring still being made)");
    }
    if (h.version != kRingVersion || h.headerBytes != kHeaderBytes) {
        return notARing(name, "ring version " + std::to_string(h.version) + " is not supported");
    }
    if (h.capacity < kMinCapacity || h.capacity > kMaxCapacity ||
        (h.capacity & (h.capacity - 1)) != 0 || ringBytes(h.capacity) != size) {
        return notARing(name,
                        "capacity " + std::to_string(h.capacity) + " does not match its size");
    }
    if (h.clock != static_cast<std::uint32_t>(ClockKind::Tsc) &&
        h.clock != static_cast<std::uint32_t>(ClockKind::Monotonic)) {
        return notARing(name, "unknown clock " + std::to_string(h.clock));
    }
    return ring;
}

MappedRing::MappedRing(MappedRing&& other) noexcept
    : m_header(std::exchange(other.m_header, nullptr))
    , m_slots(std::exchange(other.m_slots, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
    , m_name(std::move(other.m_name))
{
}

MappedRing& MappedRing::operator=(MappedRing&& other) noexcept
{
    if (this != &other) {
        if (m_header) {
            ::munmap(m_header, m_bytes);
        }
        m_header = std::exchange(other.m_header, nullptr);
        m_slots = std::exchange(other.m_slots, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
        m_name = std::move(other.m_name);
    }
    return *this;
}

MappedRing::~MappedRing()
{
    if (m_header) {
        ::munmap(m_header, m_bytes);
    }
}

BufferPolicy MappedRing::policy() const
{
    const std::uint32_t p = m_header->policy.load(std::memory_order_relaxed);
    return p <= static_cast<std::uint32_t>(BufferPolicy::ReplaceDrain)
               ? static_cast<BufferPolicy>(p)
               : BufferPolicy::FillRead;
}

void MappedRing::setPolicy(BufferPolicy policy)
{
    m_header->policy.store(static_cast<std::uint32_t>(policy), std::memory_order_relaxed);
}

void MappedRing::requestCapacity(std::uint32_t capacity)
{
    m_header->requestedCapacity.store(capacity == m_header->capacity ? 0 : capacity,
                                      std::memory_order_relaxed);
}

void MappedRing::unlink()
{
    ::shm_unlink(m_name.c_str());
}

// Copies records [from, to) and then drops those the writer may have overwritten meanwhile:
// any index below written - capacity, read after the copy, can no longer be trusted.
ReadResult MappedRing::readRange(std::uint64_t from, std::uint64_t to,
                                 std::vector<Tuple>& out) const
{
    const std::uint64_t mask = m_header->capacity - 1;
    const size_t before = out.size();
    for (std::uint64_t i = from; i < to; ++i) {
        const std::uint64_t* slot = m_slots + (i & mask) * kSlotWords;
        const std::uint64_t packed = load(slot[3]);
        out.push_back(Tuple{
            static_cast<std::int64_t>(load(slot[0])), static_cast<std::int64_t>(load(slot[1])),
            static_cast<std::int64_t>(load(slot[2])), static_cast<std::uint32_t>(packed),
            static_cast<std::uint16_t>(packed >> 32), static_cast<std::int16_t>(packed >> 48)});
    }
    std::atomic_thread_fence(std::memory_order_acquire);
    // `writing` (not `written`): the record being written now already overwrites its slot.
    const std::uint64_t writingAfter = m_header->writing.load(std::memory_order_relaxed);
    const std::uint64_t trustedFrom =
        writingAfter > m_header->capacity ? writingAfter - m_header->capacity : 0;
    ReadResult r;
    if (trustedFrom > from) {
        const std::uint64_t lost = std::min(trustedFrom, to) - from;
        out.erase(out.begin() + static_cast<long>(before),
                  out.begin() + static_cast<long>(before + lost));
        r.overwritten = lost;
    }
    r.returned = out.size() - before;
    r.fresh = r.returned;
    return r;
}

ReadResult MappedRing::readOwnCursor(RingCursor& cursor, size_t maxTuples, bool newestOnly,
                                     std::vector<Tuple>& out)
{
    const std::uint64_t written = this->written();
    const std::uint64_t capacity = m_header->capacity;
    cursor.next = std::min(cursor.next, written);
    std::uint64_t lost = 0;
    std::uint64_t from = cursor.next;
    if (newestOnly) {
        // Only the newest record, every time: the buffer is not changed by reading. What this
        // reader was never told about, and does not get now, is what it lost.
        if (written == 0 || maxTuples == 0) {
            return {};
        }
        const ReadResult copy = readRange(written - 1, written, out);
        const std::uint64_t unseen = written - cursor.next;
        ReadResult r;
        r.returned = copy.returned;
        r.fresh = unseen > 0 ? copy.returned : 0;
        r.overwritten = unseen - r.fresh;
        cursor.next = written;
        return r;
    }
    if (written - from > capacity) {
        lost = written - capacity - from;
        from = written - capacity;
    }
    const std::uint64_t to = std::min(written, from + maxTuples);
    ReadResult r = readRange(from, to, out);
    r.overwritten += lost;
    cursor.next = to;
    return r;
}

ReadResult MappedRing::drain(size_t maxTuples, bool newestOnly, std::vector<Tuple>& out)
{
    const std::uint64_t capacity = m_header->capacity;
    for (;;) {
        std::uint64_t drained = m_header->drained.load(std::memory_order_acquire);
        const std::uint64_t written = this->written();
        if (drained >= written || maxTuples == 0) {
            return {};
        }
        std::uint64_t from = drained;
        if (newestOnly) {
            from = written - 1;
        } else if (written - from > capacity) {
            from = written - capacity;
        }
        const std::uint64_t to = newestOnly ? written : std::min(written, from + maxTuples);
        // Claim [drained, to): another reader that got there first makes us try again.
        if (!m_header->drained.compare_exchange_weak(drained, to, std::memory_order_acq_rel)) {
            continue;
        }
        ReadResult r = readRange(from, to, out);
        r.overwritten += from - drained;
        return r;
    }
}

ReadResult MappedRing::read(RingCursor& cursor, size_t maxTuples, std::vector<Tuple>& out)
{
    return read(cursor, maxTuples, out, policy());
}

ReadResult MappedRing::read(RingCursor& cursor, size_t maxTuples, std::vector<Tuple>& out,
                            BufferPolicy policy)
{
    switch (policy) {
    case BufferPolicy::FillRead:
        return readOwnCursor(cursor, maxTuples, false, out);
    case BufferPolicy::ReplaceRead:
        return readOwnCursor(cursor, maxTuples, true, out);
    case BufferPolicy::FillDrain:
        return drain(maxTuples, false, out);
    case BufferPolicy::ReplaceDrain:
        return drain(maxTuples, true, out);
    }
    return {};
}

} // namespace xylem::ring
