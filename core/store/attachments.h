#pragma once

// What a session keeps besides runs and tuples: system-metric samples taken while a run was
// recorded, each host's clock model, the event scopes used, and analysis results worth caching.
// Their producers (the collector's sampler, the clock synchronisation, the scope builder) store
// here and the views read here; the contents of a clock model or a scope are JSON documents
// whose schema belongs to those producers.

#include "core/model/result.h"
#include "core/store/runloader.h"
#include "core/store/session.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace xylem::store {

struct SystemSample
{
    std::string host;
    std::string metric; // "cpu_busy", "net_rx_bytes:eth0", "mem_used_bytes", ...
    std::int64_t timeNs = 0;
    double value = 0;
};

Result<Ok> addSystemSamples(Session& session, std::int64_t run,
                            std::span<const SystemSample> samples);
// In time order; an empty metric means every metric.
Result<std::vector<SystemSample>> systemSamples(Session& session, std::int64_t run,
                                                const std::string& metric = {},
                                                std::optional<TimeWindow> window = std::nullopt);

struct ClockModelRecord
{
    std::string host;
    std::string modelJson;
};
Result<Ok> setClockModel(Session& session, std::int64_t run, const std::string& host,
                         const std::string& modelJson);
Result<std::vector<ClockModelRecord>> clockModels(Session& session, std::int64_t run);

struct ScopeRecord
{
    std::int64_t id = 0;
    std::string name;
    std::string definitionJson;
};
Result<std::int64_t> saveScope(Session& session, const std::string& name,
                               const std::string& definitionJson);
Result<std::vector<ScopeRecord>> scopes(Session& session);
Result<Ok> linkRunToScope(Session& session, std::int64_t run, std::int64_t scope);
Result<std::vector<std::int64_t>> scopesOfRun(Session& session, std::int64_t run);
struct RunScopeLink
{
    std::int64_t scopeId = 0;
    std::int64_t runId = 0;
    std::string runName;
};
// Every run-scope link with the run's name, by scope then run: one query, no run's
// configuration or tuples read.
Result<std::vector<RunScopeLink>> runScopeLinks(Session& session);

// A derived result of a run (e.g. the analysis report as JSON), valid for one engine version.
Result<Ok> storeCachedResult(Session& session, std::int64_t run, const std::string& kind,
                             int engineVersion, const std::string& data);
Result<std::optional<std::string>> cachedResult(Session& session, std::int64_t run,
                                                const std::string& kind, int engineVersion);

} // namespace xylem::store
