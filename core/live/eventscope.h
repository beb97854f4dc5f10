#pragma once

// An event scope: one use of the gather tree (EventSpace), as data that a session keeps and a
// file shares. It says what the collectors read, how the tree synchronizes and gathers, how
// often the front-end pulls, and the rings the monitored program records into.
//
//   {"format": "xylem-scope/1", "name": "raw tracing", "monitors": ["raw"],
//    "gathering": "parallel"|"sequential", "sync": "wait-for-all"|"do-not-wait"|"time-out",
//    "timeout_ms": 200, "pull_period_ms": 100, "max_tuples_per_wave": 1048576,
//    "ring_capacity": 65536, "buffer_policy": "fill-read", "system_samples": true,
//    "coschedule": "off"|"after-send"|"after-release"}
//
// Monitors (EventSpace's), any together:
//   raw                       every tuple to the front-end and into the session (the front-end's
//                             engine keeps every metric live)
//   load-balance              single scope: the tree reduces each gred's child tuples to the last
//                             arrival of every call (last-arrival filter, from the collectors on);
//                             the front-end counts them into the weighted tree
//   load-balance-distributed  each collector counts its greds' last arrivals; only the newest
//                             counts travel
//   statistics                each collector keeps per-wrapper statistics with the sliding-window
//                             median; the newest travel
// An empty list: collectors only — the rings are counted (the accounting), nothing is gathered.
//
// coschedule (EventSpace): "off" (the default: collectors read when the front-end pulls),
// "after-send" (they wait until the program's threads have sent every contribution of their
// collective) or "after-release" (until all its threads have been released with the result).
//
// system_samples: when the scope stores a run, the collectors' CPU, network and memory samples
// go into it too (the system-samples stream, whatever the monitors).

#include "core/gather/wave.h"
#include "core/model/result.h"
#include "core/tree/treemessages.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

namespace xylem::live {

enum class Monitor
{
    Raw,
    LoadBalance,
    LoadBalanceDistributed,
    Statistics
};

const char* monitorName(Monitor monitor);

struct EventScope
{
    std::string name = "raw tracing";
    std::vector<Monitor> monitors{Monitor::Raw};
    tree::Gathering gathering = tree::Gathering::Parallel;
    gather::SyncSpec sync;
    std::chrono::milliseconds pullPeriod{100};
    std::uint32_t maxTuplesPerWave = 1u << 20; // per collector and wave
    std::uint32_t ringCapacity = 1u << 16;     // tuples per thread ring
    std::string bufferPolicy = "fill-read";    // fill-read, replace-read, fill-drain, replace-drain
    bool systemSamples = true;                 // stored with the run, when there is one
    std::string coschedule = "off";            // off, after-send, after-release
    // load-balance: the last-arrival filter runs in the collectors too (reduce at the source),
    // or only in the relays and the front-end (scope designs choose; the file's
    // "last_arrival_at_collectors", written when false).
    bool lastArrivalAtCollectors = true;
    bool operator==(const EventScope&) const = default;
};

inline constexpr const char* kScopeFormat = "xylem-scope/1";

std::string scopeToJson(const EventScope& scope);
// Errors name the field and what is wrong with it.
Result<EventScope> scopeFromJson(const std::string& text);
Result<EventScope> readScopeFile(const std::string& path);

} // namespace xylem::live
