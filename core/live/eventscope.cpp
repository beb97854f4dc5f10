#include "core/live/eventscope.h"

#include <algorithm>
#include <array>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace xylem::live {

namespace {

using Json = nlohmann::ordered_json;

const char* syncName(gather::SyncMode mode)
{
    switch (mode) {
    case gather::SyncMode::WaitForAll:
        return "wait-for-all";
    case gather::SyncMode::TimeOut:
        return "time-out";
    case gather::SyncMode::DoNotWait:
        return "do-not-wait";
    }
    return "wait-for-all";
}

constexpr std::array kMonitors{Monitor::Raw, Monitor::LoadBalance, Monitor::LoadBalanceDistributed,
                               Monitor::Statistics};

Error fieldError(const std::string& field, const std::string& problem)
{
    return Error{ErrorCode::InvalidConfiguration, problem, "scope field '" + field + "'"};
}

// An optional whole number in [low, high], or the default.
Result<std::int64_t> wholeNumber(const Json& j, const std::string& field, std::int64_t fallback,
                                 std::int64_t low, std::int64_t high)
{
    if (!j.contains(field)) {
        return fallback;
    }
    const Json& v = j.at(field);
    if (!v.is_number_integer() || v.get<std::int64_t>() < low || v.get<std::int64_t>() > high) {
        return fieldError(field, "must be a whole number from " + std::to_string(low) + " to " +
                                     std::to_string(high));
    }
    return v.get<std::int64_t>();
}

Result<std::string> oneOf(const Json& j, const std::string& field, const std::string& fallback,
                          std::initializer_list<const char*> allowed)
{
    if (!j.contains(field)) {
        return fallback;
    }
    std::string list;
    for (const char* a : allowed) {
        if (j.at(field).is_string() && j.at(field).get<std::string>() == a) {
            return std::string(a);
        }
        list += (list.empty() ? "" : ", ") + std::string(a);
    }
    return fieldError(field, "must be one of " + list);
}

Result<bool> flag(const Json& j, const std::string& field, bool fallback)
{
    if (!j.contains(field)) {
        return fallback;
    }
    if (!j.at(field).is_boolean()) {
        return fieldError(field, "must be true or false");
    }
    return j.at(field).get<bool>();
}

Result<std::vector<Monitor>> monitorsFrom(const Json& j)
{
    if (!j.contains("monitors")) {
        return std::vector<Monitor>{Monitor::Raw};
    }
    const Json& list = j.at("monitors");
    std::vector<Monitor> monitors;
    for (const Json& m : list.is_array() ? list : Json::array({nullptr})) {
        const auto known = std::find_if(kMonitors.begin(), kMonitors.end(), [&m](Monitor k) {
            return m.is_string() && m.get<std::string>() == monitorName(k);
        });
        if (known == kMonitors.end()) {
            return fieldError("monitors", "is a list of raw, load-balance, "
                                          "load-balance-distributed, statistics");
        }
        if (std::find(monitors.begin(), monitors.end(), *known) == monitors.end()) {
            monitors.push_back(*known);
        }
    }
    return monitors; // none: collectors only (the rings are counted, nothing is gathered)
}

} // namespace

const char* monitorName(Monitor monitor)
{
    switch (monitor) {
    case Monitor::Raw:
        return "raw";
    case Monitor::LoadBalance:
        return "load-balance";
    case Monitor::LoadBalanceDistributed:
        return "load-balance-distributed";
    case Monitor::Statistics:
        return "statistics";
    }
    return "raw";
}

std::string scopeToJson(const EventScope& scope)
{
    Json j;
    j["format"] = kScopeFormat;
    j["name"] = scope.name;
    j["monitors"] = Json::array();
    for (const Monitor m : scope.monitors) {
        j["monitors"].push_back(monitorName(m));
    }
    j["gathering"] = scope.gathering == tree::Gathering::Parallel ? "parallel" : "sequential";
    j["sync"] = syncName(scope.sync.mode);
    if (scope.sync.mode == gather::SyncMode::TimeOut) {
        j["timeout_ms"] =
            std::chrono::duration_cast<std::chrono::milliseconds>(scope.sync.timeout).count();
    }
    j["pull_period_ms"] = scope.pullPeriod.count();
    j["max_tuples_per_wave"] = scope.maxTuplesPerWave;
    j["ring_capacity"] = scope.ringCapacity;
    j["buffer_policy"] = scope.bufferPolicy;
    j["system_samples"] = scope.systemSamples;
    if (!scope.lastArrivalAtCollectors) {
        j["last_arrival_at_collectors"] = false;
    }
    if (scope.coschedule != "off") { // scopes stored before it existed read back alike
        j["coschedule"] = scope.coschedule;
    }
    return j.dump(2);
}

Result<EventScope> scopeFromJson(const std::string& text)
{
    const Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return makeError(ErrorCode::MalformedInput, "an event scope is a JSON object");
    }
    if (!j.contains("format") || j.at("format") != kScopeFormat) {
        return fieldError("format", std::string("must be \"") + kScopeFormat + "\"");
    }
    EventScope scope;
    if (j.contains("name")) {
        if (!j.at("name").is_string()) {
            return fieldError("name", "must be a string");
        }
        scope.name = j.at("name").get<std::string>();
    }
    XYLEM_TRY(monitors, monitorsFrom(j));
    scope.monitors = monitors.value();
    XYLEM_TRY(gathering, oneOf(j, "gathering", "parallel", {"parallel", "sequential"}));
    scope.gathering =
        gathering.value() == "parallel" ? tree::Gathering::Parallel : tree::Gathering::Sequential;
    XYLEM_TRY(sync, oneOf(j, "sync", "wait-for-all", {"wait-for-all", "time-out", "do-not-wait"}));
    scope.sync.mode = sync.value() == "wait-for-all" ? gather::SyncMode::WaitForAll
                      : sync.value() == "time-out"   ? gather::SyncMode::TimeOut
                                                     : gather::SyncMode::DoNotWait;
    XYLEM_TRY(timeout, wholeNumber(j, "timeout_ms", 200, 1, 3'600'000));
    if (scope.sync.mode == gather::SyncMode::TimeOut) {
        scope.sync.timeout = std::chrono::milliseconds(timeout.value());
    }
    XYLEM_TRY(period, wholeNumber(j, "pull_period_ms", 100, 1, 3'600'000));
    scope.pullPeriod = std::chrono::milliseconds(period.value());
    XYLEM_TRY(perWave, wholeNumber(j, "max_tuples_per_wave", 1 << 20, 1, 1 << 24));
    scope.maxTuplesPerWave = static_cast<std::uint32_t>(perWave.value());
    XYLEM_TRY(capacity, wholeNumber(j, "ring_capacity", 1 << 16, 16, 1 << 26));
    scope.ringCapacity = static_cast<std::uint32_t>(capacity.value());
    XYLEM_TRY(policy, oneOf(j, "buffer_policy", "fill-read",
                            {"fill-read", "replace-read", "fill-drain", "replace-drain"}));
    scope.bufferPolicy = policy.value();
    XYLEM_TRY(samples, flag(j, "system_samples", true));
    scope.systemSamples = samples.value();
    XYLEM_TRY(atCollectors, flag(j, "last_arrival_at_collectors", true));
    scope.lastArrivalAtCollectors = atCollectors.value();
    XYLEM_TRY(coschedule, oneOf(j, "coschedule", "off", {"off", "after-send", "after-release"}));
    scope.coschedule = coschedule.value();
    return scope;
}

Result<EventScope> readScopeFile(const std::string& path)
{
    std::ifstream in(path);
    if (!in) {
        return makeError(ErrorCode::IoError, "cannot open the event scope", path);
    }
    std::stringstream text;
    text << in.rdbuf();
    auto scope = scopeFromJson(text.str());
    if (!scope) {
        Error e = scope.error();
        e.where = path + (e.where.empty() ? "" : ": " + e.where);
        return e;
    }
    return scope;
}

} // namespace xylem::live
