#pragma once

// Coscheduling (EventSpace): the collector reads, filters and sends while the program's threads
// wait inside their collective, instead of whenever the front-end asks. The program signals a
// point of the collective through each ring's header (RingWriter::signal, ringlayout.h); the
// collector sleeps on the signal words of the rings it serves until one of them moves.
//
// The program's side costs one relaxed load when nobody coschedules, and no system call while
// no reader sleeps; the reader's side is one futex_waitv over every ring (shared futexes, so the
// program's FUTEX_WAKE on its mapping reaches the collector's).

#include "collectors/ring/ringreader.h"

#include <chrono>
#include <optional>
#include <span>
#include <string_view>

namespace xylem::ring {

// "off", "after-send", "after-release".
const char* coschedulePointName(CoschedulePoint point);
std::optional<CoschedulePoint> coschedulePointFromString(std::string_view text);

enum class SignalWait
{
    Signalled, // one of the rings' programs reached its point
    TimedOut,  // none did in time (the program computes, or ended)
    NoRing,    // no ring to wait on (none open, all closed or damaged)
    Failed     // the wait itself failed (a ring's file shrank under it)
};

// Sleeps until one of the rings is signalled, at most `timeout`. At most 128 rings (the
// kernel's limit); more are not waited on.
SignalWait awaitSignal(std::span<MappedRing* const> rings, std::chrono::nanoseconds timeout);

} // namespace xylem::ring
