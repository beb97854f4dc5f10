#include "core/store/monitorresults.h"

#include "core/store/attachments.h"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <type_traits>

namespace xylem::store {

namespace {

using Json = nlohmann::ordered_json;

std::string path(const std::string& where, const std::string& key)
{
    return where.empty() ? key : where + "." + key;
}

// Reads fields of the stored JSON: a missing (or null) field keeps its default, a field of
// the wrong type is the problem reported (the first one).
class Reader
{
public:
    const std::string& problem() const { return m_problem; }

    const Json* find(const Json& object, const std::string& key) const
    {
        const auto it = object.find(key);
        return it == object.end() || it->is_null() ? nullptr : &*it;
    }

    const Json* object(const Json& j, const std::string& where, const std::string& key)
    {
        const Json* v = find(j, key);
        if (v && !v->is_object()) {
            fail(path(where, key), "an object");
            return nullptr;
        }
        return v;
    }

    const Json* array(const Json& j, const std::string& where, const std::string& key)
    {
        const Json* v = find(j, key);
        if (v && !v->is_array()) {
            fail(path(where, key), "a list");
            return nullptr;
        }
        return v;
    }

    void number(const Json& j, const std::string& where, const std::string& key, double& out)
    {
        if (const Json* v = find(j, key)) {
            v->is_number() ? void(out = v->get<double>()) : fail(path(where, key), "a number");
        }
    }

    void number(const Json& j, const std::string& where, const std::string& key,
                std::optional<double>& out)
    {
        if (const Json* v = find(j, key)) {
            v->is_number() ? void(out = v->get<double>()) : fail(path(where, key), "a number");
        }
    }

    template <typename I>
    void integer(const Json& j, const std::string& where, const std::string& key, I& out)
    {
        const Json* v = find(j, key);
        if (!v) {
            return;
        }
        if (!v->is_number_integer() || (std::is_unsigned_v<I> && !v->is_number_unsigned())) {
            fail(path(where, key), std::is_unsigned_v<I> ? "a count" : "a whole number");
            return;
        }
        out = v->get<I>();
    }

    void text(const Json& j, const std::string& where, const std::string& key, std::string& out)
    {
        if (const Json* v = find(j, key)) {
            v->is_string() ? void(out = v->get<std::string>()) : fail(path(where, key), "text");
        }
    }

    void flag(const Json& j, const std::string& where, const std::string& key, bool& out)
    {
        if (const Json* v = find(j, key)) {
            v->is_boolean() ? void(out = v->get<bool>()) : fail(path(where, key), "true or false");
        }
    }

    void fail(const std::string& where, const std::string& what)
    {
        if (m_problem.empty()) {
            m_problem = where + " is not " + what;
        }
    }

private:
    std::string m_problem;
};

Result<Json> parseObject(std::string_view text, const std::string& what)
{
    Json j = Json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
        return makeError(ErrorCode::Corrupt, "the stored " + what + ": not a JSON object");
    }
    return j;
}

CollectorCounts countsOf(Reader& r, const Json& j, const std::string& where, std::string host)
{
    CollectorCounts c;
    c.host = std::move(host);
    r.integer(j, where, "written", c.written);
    r.integer(j, where, "read", c.read);
    r.integer(j, where, "overwritten", c.overwritten);
    r.integer(j, where, "rings", c.rings);
    return c;
}

NodeEpisode episodeOf(Reader& r, const Json& j, const std::string& where, bool lost)
{
    NodeEpisode e;
    e.lost = lost;
    r.integer(j, where, "node", e.node);
    r.text(j, where, "host", e.host);
    r.text(j, where, "role", e.role);
    r.number(j, where, lost ? "at_s" : "since_s", e.fromS);
    r.number(j, where, "until_s", e.toS);
    r.text(j, where, "reason", e.reason);
    r.text(j, where, lost ? "rejoined" : "back", e.backReason);
    if (const Json* c = r.object(j, where, "last_counts")) {
        e.lastCounts = countsOf(r, *c, path(where, "last_counts"), e.host);
    }
    return e;
}

void readEpisodes(Reader& r, const Json& j, StoredAccounting& a)
{
    for (const bool lost : {true, false}) {
        const std::string key = lost ? "lost_nodes" : "slow_nodes";
        const Json* list = r.array(j, "", key);
        for (size_t i = 0; list && i < list->size(); ++i) {
            const Json& item = (*list)[i];
            const std::string where = key + "[" + std::to_string(i) + "]";
            if (item.is_object()) {
                a.episodes.push_back(episodeOf(r, item, where, lost));
            } else if (item.is_number_unsigned()) {
                ++a.episodesNotListed; // version 1 kept only the node's index
            } else {
                r.fail(where, "a node");
            }
        }
    }
    std::stable_sort(a.episodes.begin(), a.episodes.end(),
                     [](const NodeEpisode& x, const NodeEpisode& y) { return x.fromS < y.fromS; });
}

MonitorStats statsOf(Reader& r, const Json& j, const std::string& where)
{
    MonitorStats s;
    if (!j.is_object()) {
        r.fail(where, "statistics");
        return s;
    }
    r.integer(j, where, "count", s.count);
    r.number(j, where, "mean", s.mean);
    r.number(j, where, "min", s.min);
    r.number(j, where, "max", s.max);
    r.number(j, where, "stddev", s.stddev);
    r.number(j, where, "window_median", s.windowMedian);
    return s;
}

// The measures of one host's statistics state, in the order of its greds and collectors.
void readStatistics(Reader& r, const Json& state, const std::string& where, HostStatistics& h)
{
    r.integer(state, where, "calls", h.calls);
    if (const Json* greds = r.object(state, where, "greds")) {
        for (const auto& [gred, g] : greds->items()) {
            const std::string at = path(where, "greds." + gred);
            if (!g.is_object()) {
                r.fail(at, "an object");
                continue;
            }
            for (const char* measure : {"down_latency", "up_latency"}) {
                if (const Json* s = r.find(g, measure)) {
                    h.entries.push_back({gred, "", measure, statsOf(r, *s, path(at, measure))});
                }
            }
            const Json* contributors = r.object(g, at, "contributors");
            if (!contributors) {
                continue;
            }
            for (const auto& [child, c] : contributors->items()) {
                const std::string cat = path(at, "contributors." + child);
                if (!c.is_object()) {
                    r.fail(cat, "an object");
                    continue;
                }
                for (const char* measure : {"total_latency", "arrival_wait", "departure_wait"}) {
                    if (const Json* s = r.find(c, measure)) {
                        h.entries.push_back(
                            {gred, child, measure, statsOf(r, *s, path(cat, measure))});
                    }
                }
            }
        }
    }
    if (const Json* collectors = r.object(state, where, "collectors")) {
        for (const auto& [collector, c] : collectors->items()) {
            if (const Json* s = c.is_object() ? r.find(c, "edge_time") : nullptr) {
                h.entries.push_back({collector, "", "edge_time",
                                     statsOf(r, *s, path(where, "collectors." + collector))});
            }
        }
    }
}

std::vector<std::int64_t> countsList(Reader& r, const Json& j, const std::string& where)
{
    std::vector<std::int64_t> counts;
    if (!j.is_array()) {
        r.fail(where, "a list of counts");
        return counts;
    }
    for (const Json& n : j) {
        n.is_number_integer() ? counts.push_back(n.get<std::int64_t>())
                              : r.fail(where, "a list of counts");
    }
    return counts;
}

// A form's per-position counts, when the form stored them ({gred: {child: [counts]}}).
void readOrders(Reader& r, const Json& form, const std::string& where, LoadBalanceForm& out)
{
    const Json* arrival = r.object(form, where, "arrival_order");
    const Json* departure = r.object(form, where, "departure_order");
    if (!arrival && !departure) {
        return;
    }
    for (const auto& [gred, children] : (arrival ? *arrival : *departure).items()) {
        if (!children.is_object()) {
            r.fail(path(where, "arrival_order." + gred), "an object");
            continue;
        }
        for (const auto& [child, counts] : children.items()) {
            OrderCounts o{gred, child, {}, {}};
            const std::string at = gred + "." + child;
            o.arrival = countsList(r, counts, path(where, "arrival_order." + at));
            if (arrival && departure && departure->contains(gred) &&
                departure->at(gred).is_object() && departure->at(gred).contains(child)) {
                o.departure = countsList(r, departure->at(gred).at(child),
                                         path(where, "departure_order." + at));
            }
            out.orders.push_back(std::move(o));
        }
    }
}

LoadBalanceForm formOf(Reader& r, const std::string& name, const Json& j, const std::string& where)
{
    LoadBalanceForm f;
    f.form = name;
    if (!j.is_object()) {
        r.fail(where, "an object");
        return f;
    }
    if (const Json* p = r.array(j, where, "imbalance_path")) {
        for (const Json& id : *p) {
            id.is_string() ? f.imbalancePath.push_back(id.get<std::string>())
                           : r.fail(path(where, "imbalance_path"), "a list of wrapper ids");
        }
    }
    if (const Json* greds = r.object(j, where, "last_arrivals")) {
        for (const auto& [gred, children] : greds->items()) {
            const std::string at = path(where, "last_arrivals." + gred);
            GredArrivals g{gred, {}};
            if (!children.is_object()) {
                r.fail(at, "an object");
                continue;
            }
            for (const auto& [child, count] : children.items()) {
                ChildArrivals c{child, 0};
                r.integer(children, at, child, c.lastArrivals);
                g.children.push_back(std::move(c));
            }
            f.greds.push_back(std::move(g));
        }
    }
    readOrders(r, j, where, f);
    return f;
}

} // namespace

Result<StoredAccounting> parseAccounting(std::string_view text, int version)
{
    XYLEM_TRY(parsed, parseObject(text, "scope accounting"));
    const Json& j = parsed.value();
    Reader r;
    StoredAccounting a;
    a.version = version;
    r.integer(j, "", "tuples", a.tuples);
    r.integer(j, "", "waves", a.waves);
    r.number(j, "", "seconds", a.seconds);
    r.number(j, "", "tuples_per_s", a.tuplesPerSecond);
    r.integer(j, "", "written", a.written);
    r.integer(j, "", "read", a.read);
    r.integer(j, "", "overwritten", a.overwritten);
    r.number(j, "", "gather_rate_pct", a.gatherRatePct);
    r.flag(j, "", "gather_rate_complete", a.gatherRateComplete);
    r.integer(j, "", "rings", a.rings);
    r.number(j, "", "mean_delay_ms", a.meanDelayMs);
    readEpisodes(r, j, a);
    r.integer(j, "", "troubles_not_listed", a.episodesNotListed);
    if (const Json* collectors = r.object(j, "", "collectors")) {
        for (const auto& [host, counts] : collectors->items()) {
            const std::string where = "collectors." + host;
            counts.is_object() ? a.collectors.push_back(countsOf(r, counts, where, host))
                               : r.fail(where, "an object");
        }
    }
    r.integer(j, "", "invalid_tuples", a.invalidTuples);
    r.integer(j, "", "system_samples", a.systemSamples);
    r.integer(j, "", "system_samples_lost", a.systemSamplesLost);
    r.integer(j, "", "system_samples_outside_run", a.systemSamplesOutside);
    r.number(j, "", "baseline_iteration_us", a.baselineUs);
    r.number(j, "", "recorded_iteration_us", a.recordedUs);
    r.number(j, "", "slowdown_pct", a.slowdownPct);
    if (!r.problem().empty()) {
        return makeError(ErrorCode::Corrupt, "the stored scope accounting: " + r.problem());
    }
    return a;
}

Result<MonitorResults> parseMonitorResults(std::string_view text)
{
    XYLEM_TRY(parsed, parseObject(text, "monitor results"));
    const Json& j = parsed.value();
    Reader r;
    MonitorResults m;
    if (const Json* forms = r.object(j, "", "load_balance")) {
        for (const auto& [name, form] : forms->items()) {
            m.loadBalance.push_back(formOf(r, name, form, "load_balance." + name));
        }
    }
    if (const Json* hosts = r.object(j, "", "statistics")) {
        for (const auto& [host, state] : hosts->items()) {
            const std::string where = "statistics." + host;
            HostStatistics h{host, 0, {}};
            state.is_object() ? readStatistics(r, state, where, h)
                              : r.fail(where, "a monitor state");
            m.statistics.push_back(std::move(h));
        }
    }
    if (!r.problem().empty()) {
        return makeError(ErrorCode::Corrupt, "the stored monitor results: " + r.problem());
    }
    return m;
}

namespace {

template <typename T> Result<std::optional<T>> inRun(Result<T> parsed, std::int64_t run)
{
    if (!parsed) {
        return makeError(parsed.error().code, parsed.error().message, "run " + std::to_string(run));
    }
    return std::optional<T>(std::move(parsed).value());
}

} // namespace

Result<std::optional<StoredAccounting>> storedAccounting(Session& session, std::int64_t run)
{
    for (const int version : {kAccountingResultVersion, 1}) {
        XYLEM_TRY(text, cachedResult(session, run, kAccountingKind, version));
        if (text.value()) {
            return inRun(parseAccounting(*text.value(), version), run);
        }
    }
    return std::optional<StoredAccounting>();
}

Result<std::optional<MonitorResults>> storedMonitorResults(Session& session, std::int64_t run)
{
    XYLEM_TRY(text, cachedResult(session, run, kMonitorResultsKind, kMonitorResultsVersion));
    if (!text.value()) {
        return std::optional<MonitorResults>();
    }
    return inRun(parseMonitorResults(*text.value()), run);
}

} // namespace xylem::store
