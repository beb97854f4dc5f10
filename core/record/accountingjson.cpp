#include "core/record/accountingjson.h"

#include <algorithm>

namespace xylem::record {

namespace {

using Json = nlohmann::ordered_json;

Json countsJson(const gather::NodeCounts& c)
{
    return Json{{"written", c.written},
                {"read", c.read},
                {"overwritten", c.overwritten},
                {"rings", c.rings}};
}

Json troubleJson(const live::NodeTrouble& t)
{
    Json j{{"node", t.node},
           {"host", t.host},
           {"role", t.role},
           {t.lost ? "at_s" : "since_s", t.since}};
    j["until_s"] = t.until ? Json(*t.until) : Json(nullptr);
    j["reason"] = t.reason;
    if (!t.backReason.empty()) {
        j[t.lost ? "rejoined" : "back"] = t.backReason;
    }
    if (t.lastCounts) {
        j["last_counts"] = countsJson(*t.lastCounts);
    }
    return j;
}

// "lost_nodes", "slow_nodes", "troubles_not_listed", "gather_rate_complete" and "collectors"
// (every host's last counts).
void addTroublesJson(Json& j, const live::ScopeAccounting& a)
{
    j["lost_nodes"] = Json::array();
    j["slow_nodes"] = Json::array();
    for (const live::NodeTrouble& t : a.troubles) {
        j[t.lost ? "lost_nodes" : "slow_nodes"].push_back(troubleJson(t));
    }
    j["troubles_not_listed"] = a.troublesNotListed;
    j["gather_rate_complete"] = a.lostCollectors().empty();
    j["collectors"] = Json::object();
    for (const auto& [host, counts] : a.collectors) {
        j["collectors"][host] = countsJson(counts);
    }
}

// One stored episode; nullopt for what is not one (a damaged or hand-edited session).
std::optional<live::NodeTrouble> troubleFromJson(const nlohmann::json& j, bool lost)
{
    const char* since = lost ? "at_s" : "since_s";
    if (!j.is_object() || !j.value("node", nlohmann::json()).is_number_unsigned() ||
        !j.value(since, nlohmann::json()).is_number()) {
        return std::nullopt;
    }
    live::NodeTrouble t;
    t.lost = lost;
    t.node = j.at("node").get<std::uint32_t>();
    t.since = j.at(since).get<double>();
    t.host = j.value("host", "?");
    t.role = j.value("role", "node");
    t.reason = j.value("reason", "");
    t.backReason = j.value(lost ? "rejoined" : "back", "");
    if (const auto until = j.value("until_s", nlohmann::json()); until.is_number()) {
        t.until = until.get<double>();
    }
    if (const auto c = j.value("last_counts", nlohmann::json()); c.is_object()) {
        t.lastCounts = gather::NodeCounts{
            t.host, c.value("written", std::uint64_t{0}), c.value("read", std::uint64_t{0}),
            c.value("overwritten", std::uint64_t{0}), c.value("rings", std::uint32_t{0})};
    }
    return t;
}

} // namespace

std::string accountingJson(const live::ScopeAccounting& a)
{
    Json j;
    j["tuples"] = a.tuples;
    j["waves"] = a.waves;
    j["seconds"] = a.seconds;
    j["tuples_per_s"] = a.tuplesPerSecond();
    j["written"] = a.written;
    j["read"] = a.read;
    j["overwritten"] = a.overwritten;
    j["gather_rate_pct"] =
        a.read + a.overwritten > 0 ? nlohmann::json(a.gatherRatePct()) : nlohmann::json();
    j["rings"] = a.rings;
    j["mean_delay_ms"] = a.meanDelayMs;
    addTroublesJson(j, a);
    j["invalid_tuples"] = a.invalidTuples;
    j["system_samples"] = a.systemSamples;
    j["system_samples_lost"] = a.systemSamplesLost;
    j["system_samples_outside_run"] = a.systemSamplesOutside;
    if (a.baselineUs) {
        j["baseline_iteration_us"] = *a.baselineUs;
    }
    if (a.recordedUs) {
        j["recorded_iteration_us"] = *a.recordedUs;
    }
    if (const auto slowdown = a.slowdownPct()) {
        j["slowdown_pct"] = *slowdown;
    }
    return j.dump();
}

std::vector<live::NodeTrouble> troublesFromJson(const nlohmann::json& j)
{
    std::vector<live::NodeTrouble> troubles;
    for (const bool lost : {true, false}) {
        const auto list = j.value(lost ? "lost_nodes" : "slow_nodes", nlohmann::json());
        for (const auto& item : list.is_array() ? list : nlohmann::json::array()) {
            if (auto t = troubleFromJson(item, lost)) {
                troubles.push_back(std::move(*t));
            }
        }
    }
    std::stable_sort(troubles.begin(), troubles.end(),
                     [](const auto& a, const auto& b) { return a.since < b.since; });
    return troubles;
}

} // namespace xylem::record
