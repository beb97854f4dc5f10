#pragma once

// The requests a rank has started and not yet seen finish (Irecv, Isend, Issend, non-blocking
// collectives), keyed by their MPI_Request handle, so that the Wait or Test that finishes one can
// say what it finished (mpitrace.h: MpiEvent::completes). On the record path of every such call:
// a fixed-capacity open-addressing table (linear probing, deletion by backward shift, so no
// tombstones pile up), no lock (one rank, one recording thread) and no allocation. A table at its
// load limit does not grow: the request is not tracked, its completion is recorded as
// "completion not attributed" (completes None) and counted in dropped().
//
// One handle may stand for several requests: OpenMPI gives every send it finished at once (a
// small eager Isend) the same shared, already complete request (ompi_request_empty). append()
// keeps such duplicates, and take() gives the oldest first (entries of one key never pass each
// other, neither at insertion, which goes to the end of the probe run, nor at deletion), so a
// Waitall over them attributes each to its own send when they are finished in the order they were
// started, as they usually are.
//
// Generic in the key (MPI_Request is a pointer in OpenMPI, an int in MPICH) and the value, so that
// it is tested without MPI (tests/collectors/tst_requesttable.cpp).

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

namespace xylem::mpi {

template <typename Key, typename Value, std::size_t Capacity> class RequestTable
{
    static_assert(Capacity >= 8 && (Capacity & (Capacity - 1)) == 0, "a power of two");
    static_assert(sizeof(Key) <= sizeof(std::uint64_t) && std::is_trivially_copyable_v<Key>);

public:
    // Beyond three quarters full, probe sequences grow long: that is "full".
    static constexpr std::size_t kLimit = Capacity / 4 * 3;

    // Tracks key (a key already there is replaced: MPI reuses a freed request's handle, and a
    // request finished behind our back must not leave a stale value). False when full (counted).
    bool put(Key key, const Value& value) noexcept
    {
        std::size_t i = home(key);
        while (m_slots[i].used) {
            if (same(m_slots[i].key, key)) {
                m_slots[i].value = value;
                return true;
            }
            i = (i + 1) & kMask;
        }
        if (m_size == kLimit) {
            ++m_dropped;
            return false;
        }
        m_slots[i] = Slot{key, value, true};
        ++m_size;
        return true;
    }

    // Tracks key beside any entries it has already (see above). False when full (counted).
    bool append(Key key, const Value& value) noexcept
    {
        if (m_size == kLimit) {
            ++m_dropped;
            return false;
        }
        std::size_t i = home(key);
        while (m_slots[i].used) {
            i = (i + 1) & kMask;
        }
        m_slots[i] = Slot{key, value, true};
        ++m_size;
        return true;
    }

    // Removes key's oldest entry and gives its value to out; false when key is not tracked.
    bool take(Key key, Value& out) noexcept
    {
        if (m_size == 0) {
            return false;
        }
        std::size_t i = home(key);
        while (m_slots[i].used) {
            if (same(m_slots[i].key, key)) {
                out = m_slots[i].value;
                erase(i);
                return true;
            }
            i = (i + 1) & kMask;
        }
        return false;
    }

    bool contains(Key key) const noexcept
    {
        std::size_t i = home(key);
        while (m_slots[i].used) {
            if (same(m_slots[i].key, key)) {
                return true;
            }
            i = (i + 1) & kMask;
        }
        return false;
    }

    std::size_t size() const noexcept { return m_size; }
    bool empty() const noexcept { return m_size == 0; }
    // Requests not tracked because the table was full, plus those given up by countDropped.
    std::int64_t dropped() const noexcept { return m_dropped; }
    void countDropped(std::int64_t n) noexcept { m_dropped += n; }

private:
    static constexpr std::size_t kMask = Capacity - 1;

    struct Slot
    {
        Key key{};
        Value value{};
        bool used = false;
    };

    static std::uint64_t bitsOf(Key key) noexcept
    {
        std::uint64_t bits = 0;
        std::memcpy(&bits, &key, sizeof(Key));
        return bits;
    }
    static bool same(Key a, Key b) noexcept { return bitsOf(a) == bitsOf(b); }
    // Fibonacci hashing: handles are aligned pointers or small counters, both spread well.
    static std::size_t home(Key key) noexcept
    {
        return static_cast<std::size_t>((bitsOf(key) * 0x9E3779B97F4A7C15ull) >> 32) & kMask;
    }

    // Backward-shift deletion: later members of the probe run move into the hole when their
    // home allows it, so every lookup still ends at the first empty slot.
    void erase(std::size_t hole) noexcept
    {
        std::size_t i = hole;
        for (;;) {
            i = (i + 1) & kMask;
            if (!m_slots[i].used) {
                break;
            }
            const std::size_t h = home(m_slots[i].key);
            // Movable when its home is not in the cyclic range (hole, i].
            const bool between = hole <= i ? (hole < h && h <= i) : (hole < h || h <= i);
            if (!between) {
                m_slots[hole] = m_slots[i];
                hole = i;
            }
        }
        m_slots[hole] = Slot{};
        --m_size;
    }

    std::array<Slot, Capacity> m_slots{};
    std::size_t m_size = 0;
    std::int64_t m_dropped = 0;
};

} // namespace xylem::mpi
