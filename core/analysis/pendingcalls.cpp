#include "core/analysis/pendingcalls.h"

#include <algorithm>
#include <bit>
#include <limits>

namespace xylem {

PendingCalls::PendingCalls(size_t width, std::uint32_t collectors, size_t capacity)
    : m_width(width)
    , m_collectors(collectors)
    , m_mask(std::bit_ceil(std::max<size_t>(capacity, 2)) - 1)
    , m_slots(m_mask + 1)
    , m_cells((m_mask + 1) * width, EdgeTimes{kEmptyDown, 0})
{
}

// Every seq in [m_base, newBase) leaves, in order; the window then starts at newBase.
void PendingCalls::slideTo(std::int64_t newBase, Leaving* leaving)
{
    // Offsets in unsigned arithmetic: seqs may sit anywhere in the int64 range.
    const std::uint64_t shift =
        static_cast<std::uint64_t>(newBase) - static_cast<std::uint64_t>(m_base);
    leave(std::min<std::uint64_t>(shift, m_mask + 1), leaving);
    m_base = newBase;
}

void PendingCalls::leave(std::uint64_t visits, Leaving* leaving)
{
    for (std::uint64_t i = 0; i < visits; ++i) {
        const auto seq = static_cast<std::int64_t>(static_cast<std::uint64_t>(m_base) + i);
        const size_t index = static_cast<std::uint64_t>(seq) & m_mask;
        Slot& slot = m_slots[index];
        if (slot.state == SlotState::Free || slot.seq != seq) {
            continue;
        }
        const bool complete = slot.state == SlotState::Done;
        if (!complete) {
            ++m_evicted;
            --m_pending;
        }
        slot.state = SlotState::Free;
        if (leaving) {
            leaving->left(seq, rowOf(index), complete);
        }
    }
}

void PendingCalls::drain(Leaving* leaving)
{
    if (m_started && !m_drained) {
        leave(m_mask + 1, leaving);
    }
    m_drained = true;
}

PendingCalls::Outcome PendingCalls::add(const Tuple& tuple, Leaving* leaving)
{
    const std::uint64_t capacity = m_mask + 1;
    if (!m_started) {
        // Start the window half behind the first seq: early tuples of nearby calls still fit.
        const auto half = static_cast<std::int64_t>(capacity / 2);
        m_base = tuple.seq < std::numeric_limits<std::int64_t>::min() + half
                     ? std::numeric_limits<std::int64_t>::min()
                     : tuple.seq - half;
        m_started = true;
    }
    if (tuple.seq < m_base || m_drained) {
        return Outcome::Late;
    }
    if (static_cast<std::uint64_t>(tuple.seq) - static_cast<std::uint64_t>(m_base) >= capacity) {
        slideTo(static_cast<std::int64_t>(static_cast<std::uint64_t>(tuple.seq) - capacity + 1),
                leaving);
    }
    const size_t index = static_cast<std::uint64_t>(tuple.seq) & m_mask;
    Slot& slot = m_slots[index];
    EdgeTimes* row = rowOf(index);
    if (slot.state != SlotState::Free && slot.seq == tuple.seq) {
        if (slot.state == SlotState::Done) {
            return Outcome::Duplicate; // its call is complete, so every collector was seen
        }
    } else {
        // The slot held a call that completed or left the window: reuse it.
        std::fill(row, row + m_width, EdgeTimes{kEmptyDown, 0});
        slot = Slot{tuple.seq, 0, SlotState::Pending};
        ++m_pending;
    }
    EdgeTimes& cell = row[tuple.collector];
    if (cell.down != kEmptyDown) {
        return Outcome::Duplicate;
    }
    cell = EdgeTimes{tuple.down, tuple.up};
    if (++slot.filled < m_collectors) {
        return Outcome::Stored;
    }
    slot.state = SlotState::Done;
    --m_pending;
    m_completed = row;
    return Outcome::Completed;
}

} // namespace xylem
