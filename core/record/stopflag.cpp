#include "core/record/stopflag.h"

#include <algorithm>

namespace xylem::record {

void StopFlag::request()
{
    {
        std::lock_guard lock(m_mutex); // a waiter between its check and its wait sees it
        m_stop.store(true);
    }
    m_wake.notify_all();
}

void StopFlag::requestFromSignal() noexcept
{
    m_stop.store(true);
}

bool StopFlag::waitUntil(std::chrono::steady_clock::time_point deadline) const
{
    std::unique_lock lock(m_mutex);
    while (!m_stop.load()) {
        const auto now = std::chrono::steady_clock::now();
        if (now >= deadline) {
            return false;
        }
        // In slices: a request from a signal handler cannot notify.
        m_wake.wait_until(lock, std::min(deadline, now + kSignalLatency));
    }
    return true;
}

} // namespace xylem::record
