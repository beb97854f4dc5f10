#include "core/live/monitorlines.h"

#include "core/analysis/jsonnumber.h"

#include <nlohmann/json.hpp>

namespace xylem::live {

namespace {

using Json = nlohmann::ordered_json;

// A NaN (nothing measured yet) is null, by the analysis's one rule for JSON numbers.
Json summaryJson(const protocol::RunningSummary& s)
{
    return {{"count", s.count},
            {"mean", jsonNumber(s.mean)},
            {"min", jsonNumber(s.min)},
            {"max", jsonNumber(s.max)},
            {"stddev", jsonNumber(s.stddev)},
            {"window_median", jsonNumber(s.windowMedian)}};
}

Result<Ok> applyGred(const Configuration& config, const protocol::GredArrivals& gred,
                     LastArrivalTally& tally)
{
    const int g = config.indexOf(gred.gred);
    if (g < 0) {
        return makeError(ErrorCode::MalformedInput, "a last-arrival record names gred '" +
                                                        gred.gred + "' of another configuration");
    }
    std::vector<std::int64_t> perChild;
    for (const int child : config.children(g)) {
        const std::string& id = config.wrapper(child).id;
        std::int64_t count = 0;
        for (const protocol::ArrivalCounts& c : gred.contributors) {
            if (c.contributor == id) {
                count = c.lastArrivals;
            }
        }
        perChild.push_back(count);
    }
    if (!tally.setCounts(g, perChild)) {
        return makeError(ErrorCode::MalformedInput,
                         "'" + gred.gred + "' is no gred of the configuration");
    }
    return Ok{};
}

} // namespace

Result<Ok> applyLastArrivalRecords(std::span<const std::uint8_t> bytes, const Configuration& config,
                                   LastArrivalTally& tally)
{
    XYLEM_TRY(states, protocol::decodeLastArrivalStates(bytes));
    for (const protocol::LastArrivalState& state : states.value()) {
        for (const protocol::GredArrivals& gred : state.greds) {
            XYLEM_TRY(applied, applyGred(config, gred, tally));
        }
    }
    return Ok{};
}

std::string statisticsStateJson(const protocol::StatisticsState& state)
{
    Json doc{{"host", state.host}, {"calls", state.calls}};
    doc["greds"] = Json::object();
    for (const protocol::GredStatistics& g : state.greds) {
        Json gred = Json::object();
        if (g.downLatency) {
            gred["down_latency"] = summaryJson(*g.downLatency);
        }
        if (g.upLatency) {
            gred["up_latency"] = summaryJson(*g.upLatency);
        }
        for (const protocol::ContributorStatistics& c : g.contributors) {
            Json one{{"arrival_wait", summaryJson(c.arrivalWait)},
                     {"departure_wait", summaryJson(c.departureWait)}};
            if (c.totalLatency) {
                one["total_latency"] = summaryJson(*c.totalLatency);
            }
            gred["contributors"][c.contributor] = std::move(one);
        }
        doc["greds"][g.gred] = std::move(gred);
    }
    doc["collectors"] = Json::object();
    for (const protocol::CollectorStatistics& c : state.collectors) {
        doc["collectors"][c.collector] = {{"edge_time", summaryJson(c.edgeTime)}};
    }
    return doc.dump();
}

Result<Ok> collectStatisticsRecords(std::span<const std::uint8_t> bytes,
                                    std::map<std::string, std::string>& byHost)
{
    XYLEM_TRY(states, protocol::decodeStatisticsStates(bytes));
    for (const protocol::StatisticsState& state : states.value()) {
        byHost[state.host] = statisticsStateJson(state);
    }
    return Ok{};
}

std::string monitorResultsToJson(
    const Configuration& config,
    const std::vector<std::pair<std::string, const LastArrivalTally*>>& loadBalance,
    const std::map<std::string, std::string>& statistics)
{
    Json j = Json::object();
    for (const auto& [form, tally] : loadBalance) {
        Json& out = j["load_balance"][form];
        out["imbalance_path"] = Json::array();
        for (const int w : tally->imbalancePath()) {
            out["imbalance_path"].push_back(config.wrapper(w).id);
        }
        out["last_arrivals"] = Json::object();
        for (const GredReport& g : tally->gredReports()) {
            for (const ContributorReport& c : g.contributors) {
                out["last_arrivals"][config.wrapper(g.wrapper).id][config.wrapper(c.wrapper).id] =
                    c.lastArrivals;
            }
        }
    }
    for (const auto& [host, state] : statistics) {
        j["statistics"][host] = Json::parse(state, nullptr, false);
    }
    return j.dump();
}

} // namespace xylem::live
