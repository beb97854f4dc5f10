#pragma once

// What to record, as plain values: the request a RecordingSession runs (recordingsession.h).
// xylem-cli record fills it from its options, the GUI from its dialogs. Exactly one tree
// source (configFile, hosts or hostFile) is given; what is left unset takes record's defaults.
//
// Three kinds of recording:
//   - a local demo cluster: hosts (names simulated on this machine) or configFile; the session
//     starts xylem-gsum (benchmark, iterations or duration, noise) under its own collectors;
//   - machines of a host file: hostFile (+ launcher), the same program on them;
//   - attached: attachFile; a program started elsewhere, whose collectors join the tree
//     through that address file, is recorded for `duration`.

#include "core/model/treegenerator.h"

#include <chrono>
#include <optional>
#include <string>
#include <vector>

namespace xylem::record {

// The monitored allreduce's tree: read from a file, or generated over hosts.
struct TreeRequest
{
    std::optional<std::string> configFile; // a tree file (xylem-tree/1)
    std::optional<std::string> hosts;      // generated: "4" or "A:c0,B:c1" (parseHostList)
    std::optional<std::string> hostFile;   // generated over a host file's machines
    // Of a generated tree: threads per host (unset: 1, or a host file's slots), shape, arity
    // (kary), root and name ("" : the generator's).
    std::optional<int> threads;
    TreeShape shape = TreeShape::HierarchyAware;
    int arity = 2;
    RootKind root = RootKind::Core;
    std::string name;
};

// The program the session starts (not with attachFile).
struct WorkloadRequest
{
    std::string benchmark = "gsum"; // or "compute-gsum"
    std::optional<int> computeUs;   // compute-gsum's work per call (the benchmark's)
    std::vector<std::string> noise; // "THREAD:US[:EVERY]", each a --noise of xylem-gsum
    std::optional<int> iterations;  // calls per thread: 20000, or unbounded with duration
    bool baseline = false;          // run once without collectors first: the slowdown
    // Alternate blocks of this many calls with the monitor paused and gathering, and print the
    // median cost of the block pairs (xylem-gsum --interleave; bench_live's measure).
    std::optional<int> interleave;
    // Values per allreduce call (xylem-gsum --elements, 1 to 1048576; unset: the benchmark's).
    std::optional<int> elements;
    // Emulated wide-area links on proxies: "PROXY=LATENCY[/BANDWIDTH],..." (xylem-gsum --wan,
    // e.g. "p.A.t0=2ms/100Mbit"); empty: none. core/tune/clusterlinks.h makes one per tree.
    std::string wan;
};

struct RecordRequest
{
    TreeRequest tree;
    // Machines of hostFile other than this one are started through it ("ssh {host}
    // {command}" when unset); refused without hostFile.
    std::optional<std::string> launcher;
    // The event scope (xylem-scope/1) or a scope design (xylem-scope-design/1, recognised by
    // its content); designFile names a design too. A design's file is reread at every poll and
    // redeployed when it changes. Neither: raw tracing of every tuple.
    std::optional<std::string> scopeFile;
    std::optional<std::string> designFile;
    WorkloadRequest workload;
    // Stop the program (or, attached, the recording) after this long.
    std::optional<std::chrono::milliseconds> duration;
    std::optional<std::string> attachFile;
    // Where the tree's front-end listens: an address of this host, "auto" (the interface that
    // routes to the collectors' hosts), or 0.0.0.0 / :: (core/tree/listenaddress.h).
    std::string listen = "auto";
    std::string sessionPath;            // the session file, created if missing
    std::optional<std::string> runName; // unset: "live " and the tree's name
    std::string notes;
};

} // namespace xylem::record
