#pragma once

// The collector's own bounded ring of system samples, read like a FILL(K)-READ ring: the newest
// K metrics are kept (the oldest overwritten), every metric has a sequence number from 0 on,
// and each reader keeps its own cursor, so reading changes nothing and several readers do not
// disturb each other. A read reports exactly how many metrics the reader lost to overwriting
// since its cursor.
//
// Not thread-safe: the collector's one thread appends and reads.

#include "collectors/sampler/systemmetric.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace xylem::sampler {

struct SampleRead
{
    std::vector<SystemMetric> samples; // oldest first
    std::uint64_t nextSequence = 0;    // the cursor for the reader's next read
    std::uint64_t overwritten = 0;     // lost between fromSequence and the first one returned
};

class SampleBuffer
{
public:
    // capacity 0 keeps nothing: every metric counts as overwritten.
    explicit SampleBuffer(size_t capacity);

    void append(std::vector<SystemMetric> metrics);

    // At most max metrics from fromSequence on. A cursor older than the oldest kept metric skips
    // to it and counts the gap as overwritten; a cursor beyond the newest (a reader of an earlier
    // collector run) is moved back to the end with nothing lost.
    SampleRead read(std::uint64_t fromSequence, size_t max) const;

    size_t capacity() const { return m_capacity; }
    size_t size() const { return m_slots.size(); }
    std::uint64_t nextSequence() const { return m_written; } // of the next metric appended
    std::uint64_t oldestSequence() const { return m_written - m_slots.size(); }

private:
    size_t m_capacity;
    std::vector<SystemMetric> m_slots; // metric s lives at s % capacity
    std::uint64_t m_written = 0;
};

} // namespace xylem::sampler
