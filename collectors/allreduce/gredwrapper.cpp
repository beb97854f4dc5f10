#include "collectors/allreduce/gredwrapper.h"

namespace xylem::allreduce {

void addInto(Payload& sum, const Payload& value)
{
    if (sum.size() < value.size()) {
        sum.resize(value.size(), 0);
    }
    for (size_t i = 0; i < value.size(); ++i) {
        sum[i] += value[i];
    }
}

GredWrapper::GredWrapper(int children, std::optional<Edge> down, bool hostTop, bool parentIsProxy)
    : m_children(children)
    , m_down(std::move(down))
    , m_signalsSend(hostTop && !parentIsProxy)
    , m_signalsRelease(hostTop)
    , m_waiters(new Waiter[static_cast<size_t>(children)])
{
    m_arrivalOrder.reserve(static_cast<size_t>(children));
}

Payload GredWrapper::call(CallContext& context, int childPosition, std::int64_t seq, Payload value)
{
    std::unique_lock lock(m_mutex);
    const std::uint64_t generation = m_generation;
    addInto(m_sum, value);
    if (++m_arrived < m_children) {
        m_arrivalOrder.push_back(childPosition);
        Waiter& waiter = m_waiters[static_cast<size_t>(childPosition)];
        lock.unlock();
        // Blocks until the last arrival releases this generation (a futex wait, no spinning). The
        // slot may still hold an older generation than generation - 1: this child may have been
        // the last arrival, not a waiter, in between.
        for (std::uint64_t seen = waiter.released.load(std::memory_order_acquire);
             seen != generation; seen = waiter.released.load(std::memory_order_acquire)) {
            waiter.released.wait(seen, std::memory_order_acquire);
        }
        return std::move(waiter.result);
    }
    // The last arrival continues down with the partial sum.
    Payload partial = std::move(m_sum);
    std::vector<int> waiting = std::move(m_arrivalOrder);
    m_sum.clear();
    m_arrivalOrder.clear();
    m_arrived = 0;
    ++m_generation; // later arrivals belong to the next call
    lock.unlock();
    if (m_signalsSend && context.recorder) {
        context.recorder->ring().signal(ring::CoschedulePoint::AfterSend);
    }
    Payload result = m_down ? m_down->cross(context, seq, std::move(partial)) : std::move(partial);
    for (const int child : waiting) {
        Waiter& waiter = m_waiters[static_cast<size_t>(child)];
        waiter.result = result;
        waiter.released.store(generation, std::memory_order_release);
        waiter.released.notify_one();
    }
    if (m_signalsRelease && context.recorder) { // every thread of the host has its result
        context.recorder->ring().signal(ring::CoschedulePoint::AfterRelease);
    }
    return result;
}

} // namespace xylem::allreduce
