#include "collectors/sampler/samplebuffer.h"

#include <algorithm>
#include <utility>

namespace xylem::sampler {

SampleBuffer::SampleBuffer(size_t capacity)
    : m_capacity(capacity)
{
}

void SampleBuffer::append(std::vector<SystemMetric> metrics)
{
    for (SystemMetric& metric : metrics) {
        if (m_capacity == 0) {
            // nothing is kept
        } else if (m_slots.size() < m_capacity) {
            m_slots.push_back(std::move(metric)); // still filling: slot index == sequence
        } else {
            m_slots[static_cast<size_t>(m_written % m_capacity)] = std::move(metric);
        }
        ++m_written;
    }
}

SampleRead SampleBuffer::read(std::uint64_t fromSequence, size_t max) const
{
    SampleRead out;
    const std::uint64_t oldest = oldestSequence();
    std::uint64_t from = std::min(fromSequence, m_written);
    if (from < oldest) {
        out.overwritten = oldest - from;
        from = oldest;
    }
    const std::uint64_t count = std::min<std::uint64_t>(m_written - from, max);
    out.samples.reserve(static_cast<size_t>(count));
    for (std::uint64_t s = from; s < from + count; ++s) {
        out.samples.push_back(m_slots[static_cast<size_t>(s % m_capacity)]);
    }
    out.nextSequence = from + count;
    return out;
}

} // namespace xylem::sampler
