#pragma once

// The clock every timestamp of a recording is on once a collector has converted it: tuples,
// system samples, the tree's ping-pong and the front-end's own readings. CLOCK_REALTIME by
// default, so that hosts whose clocks NTP keeps close start close; XYLEM_CLOCK=monotonic makes
// it CLOCK_MONOTONIC in every process that sees the variable (the probe then reads that clock
// too), which is what a time namespace moves: hosts started with `unshare --time --monotonic N`
// have planted offsets that the clock models must find. Processes of one recording must agree
// on the choice; launchers pass it on (tupleClockEnvironment: tree/spawner.h, gsum's).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xylem {

enum class TupleClockKind { Realtime, Monotonic };

// From XYLEM_CLOCK, read once per process: "monotonic" -> Monotonic, anything else Realtime.
TupleClockKind tupleClockKind();
// For a value of XYLEM_CLOCK (tests, and the parsing above).
TupleClockKind tupleClockKindOf(std::string_view xylemClock);
std::string_view toString(TupleClockKind kind); // "realtime", "monotonic"

// Now, in ns, on the tuple clock.
std::int64_t tupleClockNowNs();

// What a process started on another machine needs to read the same clock as this one
// ("XYLEM_CLOCK=monotonic", or nothing): launchers pass it on, since ssh forwards no environment.
std::vector<std::string> tupleClockEnvironment();

} // namespace xylem
