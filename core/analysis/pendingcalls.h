#pragma once

// Calls still being assembled in the streaming form: a window of `capacity` consecutive seqs,
// one row each. A tuple beyond the window slides it forward; calls that fall out unfinished
// are counted as incomplete, exactly as the batch form counts them. Fixed memory, no
// allocation per tuple. A caller that must miss nothing (the session store, callassembler.h)
// is told of every call as it leaves the window, complete or not, in seq order.

#include "core/analysis/edgetimes.h"
#include "core/model/tuple.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem {

class PendingCalls
{
public:
    enum class Outcome
    {
        Stored,    // the call still waits for other collectors
        Completed, // the call is complete: completedRow() holds it until the next add()
        Duplicate, // this (collector, seq) was already seen; ignored
        Late,      // its call already left the window; ignored
    };

    // Told of each call as it leaves the window: slid past, or drained at the end.
    class Leaving
    {
    public:
        // row: one EdgeTimes per wrapper, down == kEmptyDown where no tuple came; valid
        // during the call only.
        virtual void left(std::int64_t seq, const EdgeTimes* row, bool complete) = 0;

    protected:
        ~Leaving() = default;
    };

    // width: wrappers per row; collectors: tuples in a complete call; capacity: rounded up to
    // a power of two.
    PendingCalls(size_t width, std::uint32_t collectors, size_t capacity);

    Outcome add(const Tuple& tuple, Leaving* leaving = nullptr);
    const EdgeTimes* completedRow() const { return m_completed; }
    // Every call still in the window leaves it, in seq order (the end of a run); the
    // unfinished ones are counted as evicted. Every later tuple is Late.
    void drain(Leaving* leaving = nullptr);

    std::int64_t pendingCalls() const { return m_pending; }
    std::int64_t evictedCalls() const { return m_evicted; }

private:
    enum class SlotState : std::uint8_t
    {
        Free,
        Pending,
        Done
    };
    struct Slot
    {
        std::int64_t seq = 0;
        std::uint32_t filled = 0;
        SlotState state = SlotState::Free;
    };

    void slideTo(std::int64_t newBase, Leaving* leaving);
    void leave(std::uint64_t visits, Leaving* leaving);
    EdgeTimes* rowOf(size_t slot) { return m_cells.data() + slot * m_width; }

    size_t m_width;
    std::uint32_t m_collectors;
    std::uint64_t m_mask;
    std::vector<Slot> m_slots;
    std::vector<EdgeTimes> m_cells;
    std::int64_t m_base = 0; // lowest seq the window accepts
    bool m_started = false;
    bool m_drained = false;
    std::int64_t m_pending = 0;
    std::int64_t m_evicted = 0;
    const EdgeTimes* m_completed = nullptr;
};

} // namespace xylem
