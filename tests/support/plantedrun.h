#pragma once

// Generated runs with something planted in them, for the suites that look for it over time:
// the trees they run on, a daemon striking one thread, and the run of a culprit late in every
// call beside such a daemon.

#include "core/model/configuration.h"
#include "tests/support/tracesimulator.h"

#include <cstdint>
#include <string>

namespace xylem::testing {

// threadsPerHost threads on each host of `hosts` (a host list as parseHostList reads it: "4"
// is h0 to h3) on a hierarchy-aware tree of fan-out 2 under a core root.
Configuration hierarchyTree(const std::string& name, const std::string& hosts, int threadsPerHost);

// A daemon that, every `period` ns of run time from `phase`, makes `thread` enter `delay` ns
// late in the calls that start within 400 µs of the strike.
PeriodicStall daemon(const std::string& thread, std::int64_t period, std::int64_t phase,
                     std::int64_t delay);

// `calls` calls in which `culprit` enters `culpritDelay` ns late, and a daemon strikes `victim`
// for 3 ms every 40 ms from 3 ms on.
SimulationSpec culpritAndDaemon(std::int64_t calls, std::uint64_t seed, const std::string& culprit,
                                std::int64_t culpritDelay, const std::string& victim);

} // namespace xylem::testing
