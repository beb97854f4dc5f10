#include "collectors/ring/coschedule.h"

#include <cerrno>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <vector>

namespace xylem::ring {

const char* coschedulePointName(CoschedulePoint point)
{
    switch (point) {
    case CoschedulePoint::AfterSend:
        return "after-send";
    case CoschedulePoint::AfterRelease:
        return "after-release";
    case CoschedulePoint::Off:
        break;
    }
    return "off";
}

std::optional<CoschedulePoint> coschedulePointFromString(std::string_view text)
{
    for (const CoschedulePoint p :
         {CoschedulePoint::Off, CoschedulePoint::AfterSend, CoschedulePoint::AfterRelease}) {
        if (text == coschedulePointName(p)) {
            return p;
        }
    }
    return std::nullopt;
}

SignalWait awaitSignal(std::span<MappedRing* const> rings, std::chrono::nanoseconds timeout)
{
    std::vector<futex_waitv> waits;
    std::vector<MappedRing*> waiting;
    for (MappedRing* ring : rings) {
        std::uint32_t* word = nullptr;
        std::uint32_t seen = 0;
        if (waits.size() < FUTEX_WAITV_MAX && ring->beginWait(word, seen)) {
            waits.push_back(futex_waitv{seen, reinterpret_cast<std::uint64_t>(word), FUTEX_32, 0});
            waiting.push_back(ring);
        }
    }
    if (waits.empty()) {
        return SignalWait::NoRing;
    }
    timespec until{};
    ::clock_gettime(CLOCK_MONOTONIC, &until);
    const long long ns = until.tv_nsec + timeout.count();
    until.tv_sec += static_cast<time_t>(ns / 1'000'000'000);
    until.tv_nsec = static_cast<long>(ns % 1'000'000'000);
    const long woken =
        ::syscall(SYS_futex_waitv, waits.data(), waits.size(), 0, &until, CLOCK_MONOTONIC);
    const int error = errno;
    for (MappedRing* ring : waiting) {
        ring->endWait();
    }
    if (woken >= 0 || error == EAGAIN) { // woken, or a word had moved before the sleep
        return SignalWait::Signalled;
    }
    return error == ETIMEDOUT || error == EINTR ? SignalWait::TimedOut : SignalWait::Failed;
}

} // namespace xylem::ring
