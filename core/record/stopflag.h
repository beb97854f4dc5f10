#pragma once

// A request to end a recording cleanly — the program is interrupted, what the rings still hold
// is drained, and the run is stored complete — that any thread may make while the recording
// runs on its own thread. The recording's waits end as soon as it is made.
//
// requestFromSignal() is for a signal handler (xylem-cli's Ctrl-C): one lock-free atomic store,
// nothing else; the waits notice it within kSignalLatency.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

namespace xylem::record {

class StopFlag
{
public:
    static constexpr std::chrono::milliseconds kSignalLatency{50};

    StopFlag() = default;
    StopFlag(const StopFlag&) = delete;
    StopFlag& operator=(const StopFlag&) = delete;

    void request();                    // thread-safe
    void requestFromSignal() noexcept; // async-signal-safe
    bool requested() const noexcept { return m_stop.load(); }

    // Waits until `deadline` or a request, whichever comes first; true when requested.
    bool waitUntil(std::chrono::steady_clock::time_point deadline) const;

private:
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    mutable std::condition_variable m_wake;
};

static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler sets the flag");

} // namespace xylem::record
