#pragma once

// The parts of bench_cluster (bench_cluster.cpp) that run inside the emulated hosts' namespaces:
// the tree's launcher (`--launch HOST COMMAND...`) and the front-end (`--front-end HOSTS
// RESULT`). They share with the harness the names below; the harness passes them on in the
// environment of the front-end part, which the tree passes on to every launcher.

#include <string>
#include <sys/types.h>
#include <utility>
#include <vector>

namespace xylem::bench::cluster {

inline constexpr int kDelayUs = 100;
inline constexpr int kHosts = 7;
// A file of "ADDRESS INIT-PID" lines, h0 first.
inline const char* const kHostsVar = "XYLEM_BENCH_CLUSTER_HOSTS";
// The forwarders' delay in µs: 0 for the baseline, or when netem delays.
inline const char* const kForwardVar = "XYLEM_BENCH_CLUSTER_DELAY_US";
inline const char* const kLinksVar = "XYLEM_BENCH_CLUSTER_LINKS"; // forwarders' counts, appended

std::string selfPath(); // this binary, the tree's launcher
std::vector<std::pair<std::string, pid_t>> readHosts(const std::string& path);

// Starts one tree node on the emulated host with that address (xylem-hostexec), behind a
// delaying forwarder (kForwardVar); ends as the node ended.
int launchNode(const std::string& host, std::vector<std::string> command);
// Starts the 1-2-4 tree, measures it and writes "NAME VALUE" lines to resultFile.
int frontEnd(const std::string& hostsFile, const std::string& resultFile);

} // namespace xylem::bench::cluster
