#include "core/tree/clockoffset.h"

#include <ctime>

namespace xylem::tree {

std::int64_t tupleClockNowNs()
{
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

} // namespace xylem::tree
