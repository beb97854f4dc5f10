#pragma once

// The shared-memory ring one instrumented thread writes and the node's collector reads. One
// POSIX shared-memory object per ring: a 512-byte header, then `capacity` slots of 32 bytes.
//
// The writer (RingWriter) is the thread alone. For record w it announces writing = w + 1, fences
// (release), stores the tuple's four words into slot w % capacity, and publishes written = w + 1
// with a release store. It never waits and never reads anything readers write. Readers
// (RingReader) know every record by its index in that sequence: after copying they fence
// (acquire) and read `writing`; a record older than writing - capacity may have been
// overwritten while they copied it and is dropped. So records they missed because the writer
// lapped them are counted exactly, and no torn record is ever returned (a seqlock per ring).
//
// Rings outlive their process: the collector drains a dead process's ring and then unlinks it.
//
// Resizing a live ring: a reader asks for another capacity in `requestedCapacity` (0: none).
// The writer's thread looks at it once every kResizeCheckRecords records, off the record path's
// fast branch; when it differs, it makes a new ring of that capacity, announces it and closes
// this one, which the collector drains and retires like a finished thread's.
//
// Version 2 adds the program's words for its monitor (coschedule.h): `monitorPaused`, set by
// the program while its monitor must do no work (a benchmark's paused blocks), and the
// coscheduling futex: a reader asks in `coschedule` for a point of the collective (after-send,
// after-release); the program bumps `signalled` there and calls FUTEX_WAKE only when `waiters`
// says a reader sleeps on it. A reader refuses a ring of another version, by name.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

namespace xylem::ring {

inline constexpr std::uint64_t kRingMagic = 0x31474E49524C5958ull; // "XYLRING1"
inline constexpr std::uint32_t kRingVersion = 2; // 2: the monitor's words (offset 384)
inline constexpr std::uint32_t kHeaderBytes = 512;
inline constexpr std::uint32_t kSlotBytes = 32;
inline constexpr std::uint32_t kMinCapacity = 2;
inline constexpr std::uint32_t kMaxCapacity = 1u << 26; // 2 GiB of slots

struct RingHeader
{
    std::uint64_t magic;
    std::uint32_t version;
    std::uint32_t headerBytes;
    std::uint32_t capacity; // slots; a power of two
    std::uint32_t clock;    // ClockKind of the raw timestamps in the slots
    std::uint32_t pid;
    std::uint32_t tid;
    std::uint64_t processStart; // the process's start time (/proc/<pid>/stat), against pid reuse
    std::int64_t createdNs;     // CLOCK_REALTIME when the ring was made
    char program[64];           // NUL-terminated
    char label[64];             // the thread's label, NUL-terminated
    alignas(64) std::atomic<std::uint32_t> policy;  // BufferPolicy; set by readers at run time
    std::atomic<std::uint32_t> closed;              // 1 once the writer detached cleanly
    std::atomic<std::uint32_t> requestedCapacity;   // set by readers; 0: keep this ring
    alignas(64) std::atomic<std::uint64_t> written; // records published so far (writer only)
    std::atomic<std::uint64_t> writing; // index + 1 of the record being written (writer only)
    alignas(64) std::atomic<std::uint64_t> drained; // first record not yet drained (drain policies)
    alignas(64) std::atomic<std::uint32_t> monitorPaused; // the program: 1 while its monitor rests
    std::atomic<std::uint32_t> coschedule; // set by readers: the CoschedulePoint they wait for
    std::atomic<std::uint32_t> signalled;  // futex word: bumped at each signalled point
    std::atomic<std::uint32_t> waiters;    // readers asleep on `signalled`
    std::atomic<std::uint32_t> wakes;      // FUTEX_WAKE calls the program made (tests count them)
    std::uint8_t reserved[kHeaderBytes - 404];
};

// Where in the collective the program wakes the collector that coschedules with it (EventSpace's
// two strategies): once every thread's contribution has been sent on, or once every thread has
// been released with the result.
enum class CoschedulePoint : std::uint32_t
{
    Off = 0,
    AfterSend = 1,
    AfterRelease = 2
};

static_assert(sizeof(RingHeader) == kHeaderBytes, "the ring header is 512 bytes");
static_assert(offsetof(RingHeader, policy) == 192);
static_assert(offsetof(RingHeader, written) == 256);
static_assert(offsetof(RingHeader, writing) == 264);
static_assert(offsetof(RingHeader, drained) == 320);
static_assert(offsetof(RingHeader, requestedCapacity) == 200);
static_assert(offsetof(RingHeader, monitorPaused) == 384);
static_assert(offsetof(RingHeader, wakes) == 400);
static_assert(std::atomic<std::uint64_t>::is_always_lock_free,
              "shared-memory atomics must be address-free");
static_assert(std::atomic<std::uint32_t>::is_always_lock_free);

constexpr size_t ringBytes(std::uint32_t capacity)
{
    return kHeaderBytes + static_cast<size_t>(capacity) * kSlotBytes;
}

// How often a writer looks for a requested capacity (a power of two).
inline constexpr std::uint64_t kResizeCheckRecords = 4096;

// Slot words: seq, down, up, then collector | op << 32 | ret << 48.
inline constexpr size_t kSlotWords = kSlotBytes / 8;

// Shared-memory names: "/<prefix><pid>-<tid>-<n>". The default prefix is per user, so a
// collector run by one user finds that user's rings; tests use their own prefix to stay apart.
std::string defaultRingPrefix();

} // namespace xylem::ring
