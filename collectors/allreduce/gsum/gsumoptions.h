#pragma once

// xylem-gsum's options, as parsed (gsumcommandline.h): `run` (one host of a cluster) and
// `launch` (a cluster), and what their values mean.

#include "collectors/allreduce/gsum/gsumbenchmark.h"
#include "collectors/allreduce/wanemulation.h"
#include "core/model/result.h"

#include <chrono>
#include <map>
#include <string>
#include <vector>

namespace xylem::allreduce {

struct GsumOptions
{
    std::string command; // "run" or "launch"
    std::map<std::string, std::vector<std::string>> values;
    std::vector<std::string> flags;

    bool has(const std::string& name) const;
    std::string get(const std::string& name, const std::string& fallback = {}) const;
    const std::vector<std::string>& all(const std::string& name) const;
    // --name as a whole number in [min, max]; fallback when absent; an error naming the option.
    Result<long long> number(const std::string& name, long long fallback, long long min,
                             long long max) const;
};

// Logs "xylem-gsum: message" as an error (collectors/nodelog/nodelog.h); returns code.
int gsumFail(const std::string& message, int code = 2);

// --config FILE, or "-": the configuration on stdin (xylem-cli record's way: no file to clean).
Result<Configuration> readConfigurationOption(const GsumOptions& options);

// The run's secret, which paths of another run lack: from --token-file or $XYLEM_GSUM_TOKEN,
// never from the command line (every user can read it, /proc/PID/cmdline). Empty if none.
inline constexpr const char* kGsumTokenVariable = "XYLEM_GSUM_TOKEN";
Result<std::string> runToken(const GsumOptions& options);

// --start-timeout SECONDS (default 30): how long a host waits for its peers at start-up.
Result<std::chrono::milliseconds> startTimeout(const GsumOptions& options);
Result<BenchmarkSpec> benchmarkSpec(const GsumOptions& options);

// Every --noise names a thread and every --wan a proxy of the configuration (a typo would
// otherwise plant no culprit and emulate no link, silently).
Result<Ok> checkNamesAgainst(const Configuration& config, const BenchmarkSpec& spec,
                             const std::map<std::string, LinkEmulation>& wan);

// The options a launch passes on to each host's `run`.
std::vector<std::string> forwardedRunOptions(const GsumOptions& options);

} // namespace xylem::allreduce
