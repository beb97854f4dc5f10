#include "collectors/ring/ringwriter.h"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <climits>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <fstream>
#include <linux/futex.h>
#include <new>
#include <sstream>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <utility>

namespace xylem::ring {

namespace {

// Field 22 of /proc/self/stat: when the process started, in clock ticks since boot. With the
// pid it names a process for good, even after the pid is reused.
std::uint64_t processStartTime()
{
    std::ifstream in("/proc/self/stat");
    std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const size_t close = stat.rfind(')'); // the command name may contain spaces and parentheses
    if (close == std::string::npos) {
        return 0;
    }
    std::istringstream fields(stat.substr(close + 2));
    std::string field;
    for (int i = 3; i <= 22 && fields >> field; ++i) {
        if (i == 22) {
            return std::strtoull(field.c_str(), nullptr, 10);
        }
    }
    return 0;
}

void copyText(char* to, size_t size, const std::string& from)
{
    const size_t n = std::min(size - 1, from.size());
    std::memcpy(to, from.data(), n);
    to[n] = '\0';
}

Error systemError(const std::string& what, const std::string& name)
{
    return makeError(ErrorCode::IoError, what + ": " + std::strerror(errno), name);
}

} // namespace

Result<RingWriter> RingWriter::create(const RingSpec& spec)
{
    const std::uint32_t capacity =
        std::bit_ceil(std::clamp(spec.capacity, kMinCapacity, kMaxCapacity));
    const size_t bytes = ringBytes(capacity);
    const auto tid = static_cast<std::uint32_t>(::syscall(SYS_gettid));
    std::string name;
    int fd = -1;
    // The first free name of this thread: a thread may make several rings over its life.
    for (int n = 0; fd < 0 && n < 1000; ++n) {
        name = "/" + spec.prefix + std::to_string(::getpid()) + "-" + std::to_string(tid) + "-" +
               std::to_string(n);
        fd = ::shm_open(name.c_str(), O_CREAT | O_EXCL | O_RDWR, 0600);
        if (fd < 0 && errno != EEXIST) {
            return systemError("cannot create the ring", name);
        }
    }
    if (fd < 0) {
        return makeError(ErrorCode::IoError, "no free ring name for this thread", name);
    }
    // Allocate every page now, not on first write: a full /dev/shm is an error here instead of
    // a SIGBUS in the middle of a record, and no record pays for a page fault (measured on
    // gsum: faulting the ring in as it filled cost about 2 % of the run).
    if (const int err = ::posix_fallocate(fd, 0, static_cast<off_t>(bytes)); err != 0) {
        errno = err;
        const Error e = systemError("cannot size the ring (is /dev/shm full?)", name);
        ::close(fd);
        ::shm_unlink(name.c_str());
        return e;
    }
    void* memory = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, fd, 0);
    ::close(fd);
    if (memory == MAP_FAILED) {
        const Error e = systemError("cannot map the ring", name);
        ::shm_unlink(name.c_str());
        return e;
    }
    auto* header = ::new (memory) RingHeader{};
    header->version = kRingVersion;
    header->headerBytes = kHeaderBytes;
    header->capacity = capacity;
    header->clock = static_cast<std::uint32_t>(spec.clock);
    header->pid = static_cast<std::uint32_t>(::getpid());
    header->tid = tid;
    header->processStart = processStartTime();
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    header->createdNs = static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
    copyText(header->program, sizeof header->program, spec.program);
    copyText(header->label, sizeof header->label, spec.label);
    header->policy.store(static_cast<std::uint32_t>(spec.policy), std::memory_order_relaxed);
    // The magic last, released: a reader that sees it sees a complete header.
    std::atomic_ref<std::uint64_t>(header->magic).store(kRingMagic, std::memory_order_release);

    RingWriter writer;
    writer.m_header = header;
    writer.m_slots =
        reinterpret_cast<std::uint64_t*>(static_cast<std::uint8_t*>(memory) + kHeaderBytes);
    writer.m_mask = capacity - 1;
    writer.m_bytes = bytes;
    writer.m_name = name;
    return writer;
}

RingWriter::RingWriter(RingWriter&& other) noexcept
    : m_header(std::exchange(other.m_header, nullptr))
    , m_slots(std::exchange(other.m_slots, nullptr))
    , m_mask(other.m_mask)
    , m_written(other.m_written)
    , m_bytes(std::exchange(other.m_bytes, 0))
    , m_name(std::move(other.m_name))
{
}

RingWriter& RingWriter::operator=(RingWriter&& other) noexcept
{
    if (this != &other) {
        release();
        m_header = std::exchange(other.m_header, nullptr);
        m_slots = std::exchange(other.m_slots, nullptr);
        m_mask = other.m_mask;
        m_written = other.m_written;
        m_bytes = std::exchange(other.m_bytes, 0);
        m_name = std::move(other.m_name);
    }
    return *this;
}

RingWriter::~RingWriter()
{
    release();
}

void RingWriter::wake() noexcept
{
    m_header->wakes.fetch_add(1, std::memory_order_relaxed);
    // Shared, not private: the reader is another process mapping the same object.
    ::syscall(SYS_futex, reinterpret_cast<std::uint32_t*>(&m_header->signalled), FUTEX_WAKE,
              INT32_MAX, nullptr, nullptr, 0);
}

void RingWriter::release() noexcept
{
    if (m_header) {
        m_header->monitorPaused.store(0, std::memory_order_relaxed); // a closed ring is drained
        m_header->closed.store(1, std::memory_order_release);
        if (m_header->waiters.load(std::memory_order_seq_cst) != 0) {
            wake(); // a reader asleep on it looks again and finds it closed
        }
        ::munmap(m_header, m_bytes);
        m_header = nullptr;
    }
}

} // namespace xylem::ring
