#include "tests/support/waituntil.h"

#include <thread>

namespace xylem::testing {

bool waitUntil(const std::function<bool()>& condition, std::chrono::milliseconds timeout,
               std::chrono::microseconds poll)
{
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!condition()) {
        if (std::chrono::steady_clock::now() > deadline) {
            return false;
        }
        letTimePass(poll);
    }
    return true;
}

void letTimePass(std::chrono::microseconds span)
{
    std::this_thread::sleep_for(span);
}

} // namespace xylem::testing
