#include "collectors/collector/monitorrecords.h"

#include "core/protocol/gatherrecords.h"

#include <limits>
#include <nlohmann/json.hpp>

namespace xylem::collector {

namespace {

using Json = nlohmann::ordered_json; // keeps the monitor's order of greds and contributors

std::int64_t wholeNumber(const Json& j, const char* key)
{
    return j.contains(key) && j.at(key).is_number_integer() ? j.at(key).get<std::int64_t>() : 0;
}

double numberOrNone(const Json& j, const char* key)
{
    return j.contains(key) && j.at(key).is_number() ? j.at(key).get<double>()
                                                     : std::numeric_limits<double>::quiet_NaN();
}

std::vector<std::int64_t> wholeNumbers(const Json& list)
{
    std::vector<std::int64_t> out;
    if (list.is_array()) {
        for (const Json& n : list) {
            out.push_back(n.is_number_integer() ? n.get<std::int64_t>() : 0);
        }
    }
    return out;
}

const Json& member(const Json& j, const char* key)
{
    static const Json kNone = Json::object();
    return j.is_object() && j.contains(key) ? j.at(key) : kNone;
}

protocol::LastArrivalState lastArrivals(const Json& doc)
{
    protocol::LastArrivalState state{doc.at("host").get<std::string>(), wholeNumber(doc, "calls"),
                                     {}};
    for (const auto& [id, gred] : member(doc, "greds").items()) {
        protocol::GredArrivals out{id, {}};
        for (const Json& child : member(gred, "contributors")) {
            if (!child.is_string()) {
                continue;
            }
            const std::string c = child.get<std::string>();
            out.contributors.push_back(
                protocol::ArrivalCounts{c, wholeNumber(member(gred, "last_arrivals"), c.c_str()),
                                        wholeNumbers(member(member(gred, "arrival_order"), c.c_str())),
                                        wholeNumbers(member(member(gred, "departure_order"), c.c_str()))});
        }
        state.greds.push_back(std::move(out));
    }
    return state;
}

protocol::RunningSummary summary(const Json& s)
{
    return {wholeNumber(s, "count"),  numberOrNone(s, "mean"),   numberOrNone(s, "min"),
            numberOrNone(s, "max"),   numberOrNone(s, "stddev"), numberOrNone(s, "window_median")};
}

std::optional<protocol::RunningSummary> optionalSummary(const Json& j, const char* key)
{
    return j.contains(key) ? std::optional(summary(j.at(key))) : std::nullopt;
}

protocol::StatisticsState statistics(const Json& doc)
{
    protocol::StatisticsState state{doc.at("host").get<std::string>(), wholeNumber(doc, "calls"),
                                    {}, {}};
    for (const auto& [id, gred] : member(doc, "greds").items()) {
        protocol::GredStatistics out{id, optionalSummary(gred, "down_latency"),
                                     optionalSummary(gred, "up_latency"), {}};
        for (const auto& [child, c] : member(gred, "contributors").items()) {
            out.contributors.push_back(protocol::ContributorStatistics{
                child, summary(member(c, "arrival_wait")), summary(member(c, "departure_wait")),
                optionalSummary(c, "total_latency")});
        }
        state.greds.push_back(std::move(out));
    }
    for (const auto& [id, c] : member(doc, "collectors").items()) {
        state.collectors.push_back(protocol::CollectorStatistics{id, summary(member(c, "edge_time"))});
    }
    return state;
}

} // namespace

Result<Ok> appendMonitorRecord(int kind, std::string_view resultJson,
                               std::vector<std::uint8_t>& out)
{
    const Json doc = Json::parse(resultJson, nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || !doc.contains("host") ||
        !doc.at("host").is_string()) {
        return makeError(ErrorCode::MalformedInput, "a node monitor's result is no JSON object with a host");
    }
    if (kind == 1) {
        protocol::appendRecord(lastArrivals(doc), out);
    } else {
        protocol::appendRecord(statistics(doc), out);
    }
    return Ok{};
}

} // namespace xylem::collector
