#include "collectors/ring/ringreader.h"

#include <algorithm>
#include <utility>

namespace xylem::ring {

namespace {

std::uint64_t load(const std::uint64_t& word)
{
    return std::atomic_ref<const std::uint64_t>(word).load(std::memory_order_relaxed);
}

} // namespace

bool MappedRing::intact() const
{
    if (!m_damage.empty()) {
        return false;
    }
    if (auto ok = checkFile(m_name); !ok) {
        damaged(ok.error().message);
        return false;
    }
    return true;
}

void MappedRing::damaged(std::string why) const
{
    if (m_damage.empty()) {
        m_damage = std::move(why);
    }
}

// A write index that goes back, or beyond any writer's reach, is made up.
bool MappedRing::plausible(std::uint64_t written) const
{
    if (written < m_lastWritten || written > kMaxRecordIndex) {
        damaged("its write index lies (" + std::to_string(written) + " after " +
                std::to_string(m_lastWritten) + ")");
        return false;
    }
    m_lastWritten = written;
    return true;
}

std::uint64_t MappedRing::written() const
{
    std::uint64_t written = m_lastWritten;
    if (m_damage.empty() &&
        touch([&] { written = m_header->written.load(std::memory_order_acquire); })) {
        (void)plausible(written);
    }
    return m_lastWritten;
}

bool MappedRing::closed() const
{
    bool closed = m_lastClosed;
    if (m_damage.empty() &&
        touch([&] { closed = m_header->closed.load(std::memory_order_acquire) != 0; })) {
        m_lastClosed = closed;
    }
    return m_lastClosed || !m_damage.empty();
}

std::uint64_t MappedRing::drained() const
{
    std::uint64_t drained = 0;
    if (m_damage.empty()) {
        (void)touch([&] { drained = m_header->drained.load(std::memory_order_acquire); });
    }
    return drained;
}

BufferPolicy MappedRing::policy() const
{
    std::uint32_t p = 0;
    if (m_damage.empty()) {
        (void)touch([&] { p = m_header->policy.load(std::memory_order_relaxed); });
    }
    return p <= static_cast<std::uint32_t>(BufferPolicy::ReplaceDrain)
               ? static_cast<BufferPolicy>(p)
               : BufferPolicy::FillRead;
}

void MappedRing::setPolicy(BufferPolicy policy)
{
    if (m_damage.empty()) {
        (void)touch([&] {
            m_header->policy.store(static_cast<std::uint32_t>(policy), std::memory_order_relaxed);
        });
    }
}

bool MappedRing::monitorPaused() const
{
    std::uint32_t paused = 0;
    if (m_damage.empty()) {
        (void)touch([&] { paused = m_header->monitorPaused.load(std::memory_order_acquire); });
    }
    return paused != 0 && !closed();
}

void MappedRing::setCoschedule(CoschedulePoint point)
{
    if (m_damage.empty()) {
        (void)touch([&] {
            m_header->coschedule.store(static_cast<std::uint32_t>(point),
                                       std::memory_order_relaxed);
        });
    }
}

// The value is read before the waiter count goes up: a signal in between changes the word, so
// the futex wait returns at once; a signal after it sees the waiter and wakes (coschedule.h).
bool MappedRing::beginWait(std::uint32_t*& word, std::uint32_t& seen)
{
    if (!m_damage.empty() || closed()) {
        return false;
    }
    return touch([&] {
        seen = m_header->signalled.load(std::memory_order_seq_cst);
        m_header->waiters.fetch_add(1, std::memory_order_seq_cst);
        word = reinterpret_cast<std::uint32_t*>(&m_header->signalled);
    });
}

void MappedRing::endWait()
{
    if (m_damage.empty()) {
        (void)touch([&] { m_header->waiters.fetch_sub(1, std::memory_order_seq_cst); });
    }
}

void MappedRing::requestCapacity(std::uint32_t capacity)
{
    const std::uint32_t asked = capacity == m_identity.capacity ? 0 : capacity;
    if (m_damage.empty()) {
        (void)touch([&] { m_header->requestedCapacity.store(asked, std::memory_order_relaxed); });
    }
}

// Where this read starts and ends, from the shared indices (loaded once each, and checked).
// Under the drain policies the range is claimed by compare-and-swap, so that each record goes
// to exactly one reader. Only plain loads and stores run under the guard; what lies is
// recorded after it.
MappedRing::Window MappedRing::plan(RingCursor& cursor, size_t maxTuples, BufferPolicy policy)
{
    const std::uint64_t capacity = m_identity.capacity;
    const bool newestOnly =
        policy == BufferPolicy::ReplaceRead || policy == BufferPolicy::ReplaceDrain;
    Window w;
    if (policy == BufferPolicy::FillRead || policy == BufferPolicy::ReplaceRead) {
        std::uint64_t written = 0;
        if (!touch([&] { written = m_header->written.load(std::memory_order_acquire); }) ||
            !plausible(written)) {
            return {};
        }
        cursor.next = std::min(cursor.next, written);
        if (newestOnly) {
            // Only the newest record, every time: the buffer is not changed by reading. What
            // this reader was never told about, and does not get now, is what it lost.
            if (written == 0 || maxTuples == 0) {
                return {};
            }
            w = {written - 1, written, 0, written - cursor.next};
            cursor.next = written;
            return w;
        }
        w.from = cursor.next;
        if (written - w.from > capacity) {
            w.skipped = written - capacity - w.from;
            w.from = written - capacity;
        }
        w.to = std::min(written, w.from + maxTuples);
        cursor.next = w.to;
        return w;
    }
    for (;;) {
        std::uint64_t drained = 0, written = 0;
        bool claimed = false, lies = false;
        if (!touch([&] {
                drained = m_header->drained.load(std::memory_order_acquire);
                written = m_header->written.load(std::memory_order_acquire);
                lies = drained > written || written < m_lastWritten || written > kMaxRecordIndex;
                if (lies || drained >= written || maxTuples == 0) {
                    return;
                }
                w.from = newestOnly ? written - 1
                                    : std::max(drained, written - std::min(written, capacity));
                w.to = newestOnly ? written : std::min(written, w.from + maxTuples);
                // Claim [drained, to): another reader that got there first makes us try again.
                claimed = m_header->drained.compare_exchange_weak(drained, w.to,
                                                                  std::memory_order_acq_rel);
            })) {
            return {};
        }
        if (lies) {
            damaged("its indices lie (written " + std::to_string(written) + " after " +
                    std::to_string(m_lastWritten) + ", drained " + std::to_string(drained) + ")");
            return {};
        }
        m_lastWritten = written;
        if (drained >= written || maxTuples == 0) {
            return {};
        }
        if (claimed) {
            w.skipped = w.from - drained;
            return w;
        }
    }
}

// Copies records [from, to) and then drops those the writer may have overwritten meanwhile:
// any index below writing - capacity, read after the copy, can no longer be trusted. The output
// makes room for the range before the guard (that allocates; appending inside it does not).
ReadResult MappedRing::readRange(std::uint64_t from, std::uint64_t to,
                                 std::vector<Tuple>& out) const
{
    constexpr std::uint64_t kPiece = 4096; // 128 KiB of tuples
    const std::uint64_t capacity = m_identity.capacity;
    const std::uint64_t mask = capacity - 1;
    const size_t before = out.size();
    // Room for the whole range first (growing as a vector does when one range is read after
    // another into it), then each tuple appended as it is read: resizing by a piece at a time
    // wrote every tuple twice, zeros first (14 instructions a tuple).
    if (const size_t needed = before + static_cast<size_t>(to - from); out.capacity() < needed) {
        out.reserve(std::max(needed, 2 * out.capacity()));
    }
    bool copied = true;
    for (std::uint64_t at = from; copied && at < to; at += kPiece) {
        const std::uint64_t end = std::min(to, at + kPiece);
        copied = touch([&] {
            for (std::uint64_t i = at; i < end; ++i) {
                const std::uint64_t* slot = m_slots + (i & mask) * kSlotWords;
                const std::uint64_t packed = load(slot[3]);
                out.push_back(Tuple{static_cast<std::int64_t>(load(slot[0])),
                                    static_cast<std::int64_t>(load(slot[1])),
                                    static_cast<std::int64_t>(load(slot[2])),
                                    static_cast<std::uint32_t>(packed),
                                    static_cast<std::uint16_t>(packed >> 32),
                                    static_cast<std::int16_t>(packed >> 48)});
            }
        });
    }
    std::uint64_t writingAfter = 0;
    copied = copied && touch([&] {
                 std::atomic_thread_fence(std::memory_order_acquire);
                 // `writing` (not `written`): the record being written now already overwrites
                 // its slot.
                 writingAfter = m_header->writing.load(std::memory_order_relaxed);
             });
    if (copied && (writingAfter < to || writingAfter > kMaxRecordIndex)) {
        damaged("its writing index lies (" + std::to_string(writingAfter) + " below " +
                std::to_string(to) + ", a record it already published)");
    }
    if (!copied || !m_damage.empty()) {
        out.resize(before);
        return {};
    }
    const std::uint64_t trustedFrom = writingAfter > capacity ? writingAfter - capacity : 0;
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

ReadResult MappedRing::read(RingCursor& cursor, size_t maxTuples, std::vector<Tuple>& out)
{
    return read(cursor, maxTuples, out, policy());
}

ReadResult MappedRing::read(RingCursor& cursor, size_t maxTuples, std::vector<Tuple>& out,
                            BufferPolicy policy)
{
    if (!intact()) {
        return {};
    }
    const Window w = plan(cursor, maxTuples, policy);
    ReadResult r;
    if (w.to > w.from) {
        r = readRange(w.from, w.to, out);
    }
    if (!m_damage.empty()) {
        return {};
    }
    if (policy == BufferPolicy::ReplaceRead) {
        r.fresh = w.unseen > 0 ? r.returned : 0;
        r.overwritten = w.unseen - r.fresh;
    } else {
        r.overwritten += w.skipped;
    }
    return r;
}

} // namespace xylem::ring
