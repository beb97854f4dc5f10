#include "core/model/tupleclock.h"

#include <cstdlib>
#include <ctime>

namespace xylem {

TupleClockKind tupleClockKindOf(std::string_view xylemClock)
{
    return xylemClock == "monotonic" ? TupleClockKind::Monotonic : TupleClockKind::Realtime;
}

TupleClockKind tupleClockKind()
{
    static const TupleClockKind kind = [] {
        const char* value = std::getenv("XYLEM_CLOCK");
        return tupleClockKindOf(value ? std::string_view(value) : std::string_view());
    }();
    return kind;
}

std::string_view toString(TupleClockKind kind)
{
    return kind == TupleClockKind::Monotonic ? "monotonic" : "realtime";
}

std::int64_t tupleClockNowNs()
{
    timespec now{};
    ::clock_gettime(tupleClockKind() == TupleClockKind::Monotonic ? CLOCK_MONOTONIC
                                                                  : CLOCK_REALTIME,
                    &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

std::vector<std::string> tupleClockEnvironment()
{
    if (tupleClockKind() == TupleClockKind::Monotonic) {
        return {"XYLEM_CLOCK=monotonic"};
    }
    return {};
}

} // namespace xylem
