#pragma once

// The two ways a test lets time go by, in one place. waitUntil polls for an event the test
// cannot be told of (a file appearing, another process's state) and returns as soon as it
// holds; letTimePass is for what a test measures over time (a span recorded, a rate sampled,
// calls left running), never for waiting on an event.

#include <chrono>
#include <functional>

namespace xylem::testing {

bool waitUntil(const std::function<bool()>& condition, std::chrono::milliseconds timeout,
               std::chrono::microseconds poll = std::chrono::milliseconds(10));

void letTimePass(std::chrono::microseconds span);

} // namespace xylem::testing
