#include "core/analysis/reportjson.h"

#include "core/analysis/jsonnumber.h"

namespace xylem {

namespace {

using Json = nlohmann::ordered_json;

Json idList(const AnalysisReport& r, const std::vector<int>& wrappers)
{
    Json list = Json::array();
    for (int w : wrappers) {
        list.push_back(r.idOf(w));
    }
    return list;
}

Json threadJson(const AnalysisReport& r, const ThreadReport& t)
{
    Json timemap = Json::array();
    for (const TimemapStage& s : t.timemap) {
        Json stage = {{"stage", toString(s.stage)},
                      {"wrapper", r.idOf(s.wrapper)},
                      {"direction", toString(s.direction)},
                      {"mean_ns", jsonNumber(s.meanNs)}};
        if (s.estimate == StageEstimate::HalfTwoWay) {
            stage["estimate"] = "half two-way"; // no clock model for one of the hop's hosts
        }
        timemap.push_back(std::move(stage));
    }
    return {{"call_time", statsToJson(t.callTime)},
            {"critical_arrivals", t.criticalArrivals},
            {"slowest_share", jsonNumber(t.slowestShare)},
            {"class", t.signature},
            {"timemap", std::move(timemap)}};
}

Json gredJson(const AnalysisReport& r, const GredReport& g)
{
    Json contributors = Json::array();
    Json total, arrivalWait, departureWait, arrivalOrder, departureOrder, lastArrivals;
    for (const ContributorReport& c : g.contributors) {
        const std::string& id = r.idOf(c.wrapper);
        contributors.push_back(id);
        total[id] = statsToJson(c.totalLatency);
        arrivalWait[id] = statsToJson(c.arrivalWait);
        departureWait[id] = statsToJson(c.departureWait);
        arrivalOrder[id] = c.arrivalOrder;
        departureOrder[id] = c.departureOrder;
        lastArrivals[id] = c.lastArrivals;
    }
    Json serialization = jsonNumbers(g.serialization);
    return {
        {"contributors", std::move(contributors)},  {"down_latency", statsToJson(g.downLatency)},
        {"up_latency", statsToJson(g.upLatency)},   {"total_latency", std::move(total)},
        {"arrival_wait", std::move(arrivalWait)},   {"departure_wait", std::move(departureWait)},
        {"arrival_order", std::move(arrivalOrder)}, {"departure_order", std::move(departureOrder)},
        {"last_arrivals", std::move(lastArrivals)}, {"serialization", std::move(serialization)}};
}

Json runSideJson(const RunSide& side)
{
    Json shares = Json::object();
    for (const auto& [thread, share] : side.slowestShare) {
        shares[thread] = jsonNumber(share);
    }
    return {{"name", side.name},
            {"calls", side.calls},
            {"mean_operation_time_ns", jsonNumber(side.meanOperationTime)},
            {"mean_slowest_thread_time_ns", jsonNumber(side.meanSlowestThreadTime)},
            {"thread", side.thread},
            {"slowest_share", std::move(shares)}};
}

} // namespace

Json statsToJson(const Stats& s)
{
    return {{"count", s.count},
            {"mean", jsonNumber(s.mean)},
            {"min", jsonNumber(s.min)},
            {"max", jsonNumber(s.max)},
            {"stddev", jsonNumber(s.stddev)},
            {"median", jsonNumber(s.median)},
            {"p50", jsonNumber(s.median)},
            {"p90", jsonNumber(s.p90)},
            {"p99", jsonNumber(s.p99)},
            {"p999", jsonNumber(s.p999)}};
}

Json reportToJson(const AnalysisReport& r)
{
    Json doc;
    doc["calls"] = r.calls;
    doc["incomplete_calls"] = r.incompleteCalls;
    doc["threads"] = Json::object();
    for (const ThreadReport& t : r.threads) {
        doc["threads"][r.idOf(t.wrapper)] = threadJson(r, t);
    }
    doc["greds"] = Json::object();
    for (const GredReport& g : r.greds) {
        doc["greds"][r.idOf(g.wrapper)] = gredJson(r, g);
    }
    doc["proxies"] = Json::object();
    for (const ProxyReport& p : r.proxies) {
        doc["proxies"][r.idOf(p.wrapper)] = {{"two_way_latency", statsToJson(p.twoWayLatency)}};
    }
    doc["cores"] = Json::object();
    for (const CoreReport& c : r.cores) {
        doc["cores"][r.idOf(c.wrapper)] = {{"store_latency", statsToJson(c.storeLatency)}};
    }
    doc["operation_time"] = statsToJson(r.operationTime);
    doc["slowest_thread_time"] = statsToJson(r.slowestThreadTime);
    doc["imbalance_path"] = idList(r, r.imbalancePath);
    doc["classes"] = Json::object();
    for (const ThreadClass& c : r.classes) {
        doc["classes"][c.signature] = {{"threads", idList(r, c.threads)},
                                       {"representative", r.idOf(c.representative)}};
    }
    doc["hotspots"] = Json::array();
    for (const Hotspot& h : r.hotspots) {
        doc["hotspots"].push_back({{"wrapper", r.idOf(h.wrapper)},
                                   {"stage", toString(h.stage)},
                                   {"thread", r.idOf(h.thread)},
                                   {"mean_ns", jsonNumber(h.meanNs)}});
    }
    return doc;
}

Json comparisonToJson(const Comparison& c)
{
    Json stages = Json::array();
    for (const StageComparison& s : c.stages) {
        stages.push_back({{"stage", toString(s.stage)},
                          {"direction", toString(s.direction)},
                          {"wrapper", s.wrapper},
                          {"a_mean_ns", jsonNumber(s.meanA)},
                          {"b_mean_ns", jsonNumber(s.meanB)},
                          {"difference_ns", jsonNumber(s.difference())},
                          {"a_depth", jsonNumber(s.scaledDepthA)},
                          {"b_depth", jsonNumber(s.scaledDepthB)}});
    }
    // The speedup's bootstrap interval (metrics.md §9); null when the calls were not given.
    Json interval(nullptr);
    if (c.interval) {
        interval = {{"lower", jsonNumber(c.interval->lower)},
                    {"upper", jsonNumber(c.interval->upper)},
                    {"confidence", c.interval->confidence},
                    {"resamples", c.interval->resamples},
                    {"seed", c.interval->seed},
                    {"no_significant_difference", c.interval->noSignificantDifference()}};
    }
    return {{"a", runSideJson(c.a)},
            {"b", runSideJson(c.b)},
            {"speedup", jsonNumber(c.speedup)},
            {"speedup_interval", std::move(interval)},
            {"stages", std::move(stages)}};
}

} // namespace xylem
