#pragma once

// The producer side of a ring: create it in shared memory and append tuples. push() is the
// record path of every instrumented call: six plain stores (on x86 the fences cost no
// instruction), no lock, no allocation, no system call.

#include "collectors/ring/ringlayout.h"
#include "core/model/recording.h"
#include "core/model/result.h"
#include "core/model/tuple.h"

#include <atomic>
#include <cstdint>
#include <string>

namespace xylem::ring {

struct RingSpec
{
    std::string prefix = defaultRingPrefix();
    std::uint32_t capacity = 1u << 16; // rounded up to a power of two
    BufferPolicy policy = BufferPolicy::FillRead;
    ClockKind clock = ClockKind::Tsc;
    std::string program;
    std::string label;
};

class RingWriter
{
public:
    static Result<RingWriter> create(const RingSpec& spec);

    RingWriter(RingWriter&& other) noexcept;
    RingWriter& operator=(RingWriter&& other) noexcept;
    RingWriter(const RingWriter&) = delete;
    RingWriter& operator=(const RingWriter&) = delete;
    // Marks the ring closed and unmaps it; the shared-memory object stays for the collector.
    ~RingWriter();

    void push(std::int64_t seq, std::int64_t down, std::int64_t up, std::uint32_t collector,
              std::uint16_t op, std::int16_t ret) noexcept
    {
        // Announce the overwrite before it starts, so readers can tell a slot they copied was
        // being written (the fence orders the announcement before the slot stores).
        m_header->writing.store(m_written + 1, std::memory_order_relaxed);
        std::atomic_thread_fence(std::memory_order_release);
        std::uint64_t* slot = m_slots + (m_written & m_mask) * kSlotWords;
        store(slot[0], static_cast<std::uint64_t>(seq));
        store(slot[1], static_cast<std::uint64_t>(down));
        store(slot[2], static_cast<std::uint64_t>(up));
        store(slot[3], collector | std::uint64_t(op) << 32 |
                           std::uint64_t(static_cast<std::uint16_t>(ret)) << 48);
        m_header->written.store(++m_written, std::memory_order_release);
    }

    // The monitor's pause (ringlayout.h): while set, the node's collector leaves this ring's
    // records where they are and does no work for it.
    void setMonitorPaused(bool paused) noexcept
    {
        m_header->monitorPaused.store(paused ? 1 : 0, std::memory_order_release);
    }
    // The program is at a point of its collective: when a reader coschedules with that point,
    // its signal goes up, and a reader asleep on it is woken. Unasked, one relaxed load; asked
    // but with nobody asleep, no system call either.
    void signal(CoschedulePoint point) noexcept
    {
        if (m_header->coschedule.load(std::memory_order_relaxed) !=
            static_cast<std::uint32_t>(point)) {
            return;
        }
        m_header->signalled.fetch_add(1, std::memory_order_seq_cst);
        if (m_header->waiters.load(std::memory_order_seq_cst) != 0) [[unlikely]] {
            wake();
        }
    }

    const std::string& name() const { return m_name; }
    std::uint64_t written() const { return m_written; }
    std::uint32_t capacity() const { return static_cast<std::uint32_t>(m_mask + 1); }
    // What a reader asked this ring's capacity to become (ringlayout.h); 0: nothing asked.
    std::uint32_t requestedCapacity() const noexcept
    {
        return m_header->requestedCapacity.load(std::memory_order_relaxed);
    }

private:
    RingWriter() = default;
    static void store(std::uint64_t& word, std::uint64_t value) noexcept
    {
        std::atomic_ref<std::uint64_t>(word).store(value, std::memory_order_relaxed);
    }
    void release() noexcept;
    void wake() noexcept; // FUTEX_WAKE on `signalled`, counted in `wakes`

    RingHeader* m_header = nullptr;
    std::uint64_t* m_slots = nullptr;
    std::uint64_t m_mask = 0;
    std::uint64_t m_written = 0; // the writer's own copy: never read back from shared memory
    size_t m_bytes = 0;
    std::string m_name;
};

} // namespace xylem::ring
