#include "app/cli/nodetroubles.h"

#include <algorithm>
#include <cstdio>

namespace xylem::cli {

namespace {

using Json = nlohmann::ordered_json;

std::string secondsText(double s)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f s", s);
    return text;
}

// "h2 at 5.2 s, h3 at 5.2 s" (three at most, then how many more).
std::string namedOpen(const live::ScopeAccounting& a, bool lost)
{
    std::string text;
    size_t named = 0;
    size_t more = 0;
    for (const live::NodeTrouble& t : a.troubles) {
        if (t.lost != lost || t.until) {
            continue;
        }
        if (named == 3) {
            ++more;
            continue;
        }
        text += (named++ == 0 ? "" : ", ") + (t.role == "collector" ? "" : t.role + " ") + t.host +
                (lost ? " at " : " since ") + secondsText(t.since);
    }
    return more == 0 ? text : text + " and " + std::to_string(more) + " more";
}

std::string lineOf(const live::NodeTrouble& t)
{
    std::string text = std::string(t.lost ? "lost " : "slow ") + t.role + " " + t.host + " (node " +
                       std::to_string(t.node) + ")";
    if (t.until) {
        text += " from " + secondsText(t.since) + " to " + secondsText(*t.until);
    } else {
        text += (t.lost ? " at " : " since ") + secondsText(t.since) +
                (t.lost ? "" : ", not answering at the end");
    }
    text += ": " + t.reason;
    if (!t.backReason.empty()) {
        text += "; " + t.backReason;
    }
    if (t.lastCounts && !t.until) {
        text += "; its last counts: " + std::to_string(t.lastCounts->written) + " written, " +
                std::to_string(t.lastCounts->read) + " read, " +
                std::to_string(t.lastCounts->overwritten) +
                " overwritten (what its program recorded after is not counted)";
    }
    return text;
}

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

std::string troublesStatus(const live::ScopeAccounting& a)
{
    std::string text = std::to_string(a.lost.size()) + " lost";
    if (const std::string lost = namedOpen(a, true); !lost.empty()) {
        text += " (" + lost + ")";
    }
    if (!a.slow.empty()) {
        text += ", " + std::to_string(a.slow.size()) + " slow";
        if (const std::string slow = namedOpen(a, false); !slow.empty()) {
            text += " (" + slow + ")";
        }
    }
    return text;
}

std::vector<std::string> troubleLines(const std::vector<live::NodeTrouble>& troubles,
                                      std::uint64_t notListed)
{
    std::vector<std::string> lines;
    for (const live::NodeTrouble& t : troubles) {
        lines.push_back(lineOf(t));
    }
    if (notListed > 0) {
        lines.push_back(std::to_string(notListed) +
                        " more times a node was lost or slow (not listed)");
    }
    return lines;
}

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

} // namespace xylem::cli
