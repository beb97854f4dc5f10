// MappedRing: opening a ring and everything that refuses one (ringreader.h says what is trusted).

#include "collectors/ring/busguard.h"
#include "collectors/ring/ringreader.h"

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

Error notOurs(const std::string& name, const std::string& why)
{
    return makeError(ErrorCode::InvalidArgument, why, name);
}

// A fixed-size text field of the header, which need not hold its NUL.
std::string text(const char* field, size_t size)
{
    return std::string(field, ::strnlen(field, size));
}

} // namespace

Result<MappedRing> MappedRing::open(const std::string& name)
{
    // shm_open adds O_NOFOLLOW: a symbolic link planted under the name is not followed.
    const int fd = ::shm_open(name.c_str(), O_RDWR, 0);
    if (fd < 0) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot open the ring: ") + std::strerror(errno), name);
    }
    MappedRing ring;
    ring.m_fd = fd;
    ring.m_name = name;
    if (auto ok = ring.checkFile(name); !ok) {
        return ok.error(); // the destructor closes the descriptor
    }
    struct stat st
    {
    };
    ::fstat(fd, &st);
    const auto size = static_cast<size_t>(st.st_size);
    void* memory = ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (memory == MAP_FAILED) {
        return makeError(ErrorCode::IoError,
                         std::string("cannot map the ring: ") + std::strerror(errno), name);
    }
    ring.m_header = static_cast<RingHeader*>(memory);
    ring.m_slots =
        reinterpret_cast<const std::uint64_t*>(static_cast<std::uint8_t*>(memory) + kHeaderBytes);
    ring.m_bytes = size;
    if (auto ok = ring.checkHeader(name); !ok) {
        return ok.error();
    }
    return ring;
}

// On the opened descriptor, not the path, so that the file checked is the file read. Another
// user's ring would let that user put tuples into this user's session (and, as root, into
// anyone's); a ring others may write can be made to lie by them.
Result<Ok> MappedRing::checkFile(const std::string& name) const
{
    struct stat st
    {
    };
    if (::fstat(m_fd, &st) != 0) {
        return makeError(ErrorCode::IoError, std::string("cannot stat: ") + std::strerror(errno),
                         name);
    }
    if (!S_ISREG(st.st_mode)) {
        return notOurs(name, "not a regular file");
    }
    if (st.st_uid != ::geteuid()) {
        return notOurs(name, "owned by uid " + std::to_string(st.st_uid) +
                                 ", and this reader runs as uid " + std::to_string(::geteuid()));
    }
    if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
        return notOurs(name, "writable by its group or by others");
    }
    if (m_bytes == 0 && st.st_size < static_cast<off_t>(kHeaderBytes)) {
        return notARing(name, "smaller than a ring header");
    }
    if (m_bytes != 0 && st.st_size < static_cast<off_t>(m_bytes)) {
        return makeError(ErrorCode::Corrupt,
                         "its file shrank from " + std::to_string(m_bytes) + " to " +
                             std::to_string(st.st_size) + " bytes",
                         name);
    }
    return Ok{};
}

// Everything a reader relies on is checked (and the fixed fields copied) before it is used; on
// any mismatch the mapping is released by the destructor.
Result<Ok> MappedRing::checkHeader(const std::string& name)
{
    const RingHeader& h = *m_header;
    std::uint64_t magic = 0, writingBefore = 0, drainedAt = 0, writtenAt = 0, writingAfter = 0;
    const bool read = touch([&] {
        magic = std::atomic_ref<const std::uint64_t>(h.magic).load(std::memory_order_acquire);
        m_identity.capacity = h.capacity;
        m_identity.clock = static_cast<ClockKind>(h.clock);
        m_identity.pid = h.pid;
        m_identity.tid = h.tid;
        m_identity.processStart = h.processStart;
        m_identity.createdNs = h.createdNs;
        writingBefore = h.writing.load(std::memory_order_acquire);
        drainedAt = h.drained.load(std::memory_order_acquire);
        writtenAt = h.written.load(std::memory_order_acquire);
        writingAfter = h.writing.load(std::memory_order_acquire);
    });
    if (!read) {
        return notARing(name, "its file shrank while it was opened");
    }
    if (magic != kRingMagic) {
        return notARing(name, "no ring magic (a foreign file, or a ring still being made)");
    }
    std::uint32_t version = 0, headerBytes = 0, clock = 0;
    (void)touch([&] {
        version = h.version;
        headerBytes = h.headerBytes;
        clock = h.clock;
    });
    if (version != kRingVersion || headerBytes != kHeaderBytes) {
        return notARing(name, "ring version " + std::to_string(version) +
                                  " is not supported (this reader takes version " +
                                  std::to_string(kRingVersion) +
                                  "): its writer is of another Xylem release");
    }
    const std::uint32_t capacity = m_identity.capacity;
    if (capacity < kMinCapacity || capacity > kMaxCapacity || (capacity & (capacity - 1)) != 0 ||
        ringBytes(capacity) != m_bytes) {
        return notARing(name, "capacity " + std::to_string(capacity) + " does not match its size");
    }
    if (clock != static_cast<std::uint32_t>(ClockKind::Tsc) &&
        clock != static_cast<std::uint32_t>(ClockKind::Monotonic)) {
        return notARing(name, "unknown clock " + std::to_string(clock));
    }
    // Read in this order, a writer's indices satisfy drained <= written <= writing, and writing
    // ran at most one record ahead of written; anything else is made up.
    if (writtenAt > kMaxRecordIndex || writingAfter < writtenAt || writingBefore > writtenAt + 1 ||
        drainedAt > writtenAt) {
        return notARing(name, "its indices lie (written " + std::to_string(writtenAt) +
                                  ", writing " + std::to_string(writingAfter) + ", drained " +
                                  std::to_string(drainedAt) + ")");
    }
    char program[sizeof h.program] = {}, label[sizeof h.label] = {};
    (void)touch([&] {
        std::memcpy(program, h.program, sizeof program);
        std::memcpy(label, h.label, sizeof label);
    });
    m_identity.program = text(program, sizeof program);
    m_identity.label = text(label, sizeof label);
    m_lastWritten = writtenAt;
    return Ok{};
}

MappedRing::MappedRing(MappedRing&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1))
    , m_header(std::exchange(other.m_header, nullptr))
    , m_slots(std::exchange(other.m_slots, nullptr))
    , m_bytes(std::exchange(other.m_bytes, 0))
    , m_name(std::move(other.m_name))
    , m_identity(std::move(other.m_identity))
    , m_lastWritten(other.m_lastWritten)
    , m_lastClosed(other.m_lastClosed)
    , m_damage(std::move(other.m_damage))
{
}

MappedRing& MappedRing::operator=(MappedRing&& other) noexcept
{
    if (this != &other) {
        release();
        m_fd = std::exchange(other.m_fd, -1);
        m_header = std::exchange(other.m_header, nullptr);
        m_slots = std::exchange(other.m_slots, nullptr);
        m_bytes = std::exchange(other.m_bytes, 0);
        m_name = std::move(other.m_name);
        m_identity = std::move(other.m_identity);
        m_lastWritten = other.m_lastWritten;
        m_lastClosed = other.m_lastClosed;
        m_damage = std::move(other.m_damage);
    }
    return *this;
}

MappedRing::~MappedRing()
{
    release();
}

void MappedRing::release()
{
    if (m_header) {
        ::munmap(m_header, m_bytes);
        m_header = nullptr;
    }
    if (m_fd >= 0) {
        ::close(m_fd);
        m_fd = -1;
    }
}

void MappedRing::unlink()
{
    ::shm_unlink(m_name.c_str());
}

} // namespace xylem::ring
