#pragma once

// The LTTng-UST peer of the probe's record(), callable from C++ (the tracepoint is C).

#include <cstdint>

extern "C" void xylem_lttng_record(std::uint32_t collector, std::uint16_t op, std::int64_t seq,
                                   std::int16_t ret, std::int64_t down, std::int64_t up);
extern "C" int xylem_lttng_enabled(void);
