#include "core/live/monitorlines.h"

#include <nlohmann/json.hpp>
#include <sstream>

namespace xylem::live {

namespace {

using Json = nlohmann::ordered_json;

Result<Json> parseLine(const std::string& line)
{
    Json j = Json::parse(line, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("host") || !j.at("host").is_string()) {
        return makeError(ErrorCode::MalformedInput, "a monitor line is no JSON object with a host");
    }
    return j;
}

Result<Ok> applyGred(const Configuration& config, const std::string& id, const Json& gred,
                     LastArrivalTally& tally)
{
    const int g = config.indexOf(id);
    if (g < 0 || !gred.contains("last_arrivals") || !gred.at("last_arrivals").is_object()) {
        return makeError(ErrorCode::MalformedInput,
                         "a last-arrival line names gred '" + id + "' of another configuration");
    }
    std::vector<std::int64_t> perChild;
    for (const int child : config.children(g)) {
        const Json& counts = gred.at("last_arrivals");
        const auto it = counts.find(config.wrapper(child).id);
        perChild.push_back(it != counts.end() && it->is_number_integer() ? it->get<std::int64_t>()
                                                                         : 0);
    }
    if (!tally.setCounts(g, perChild)) {
        return makeError(ErrorCode::MalformedInput, "'" + id + "' is no gred of the configuration");
    }
    return Ok{};
}

} // namespace

Result<Ok> applyLastArrivalLines(const std::string& text, const Configuration& config,
                                 LastArrivalTally& tally)
{
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty()) {
            continue;
        }
        XYLEM_TRY(j, parseLine(line));
        if (!j->contains("greds") || !j->at("greds").is_object()) {
            continue; // a host without greds
        }
        for (const auto& [id, gred] : j->at("greds").items()) {
            XYLEM_TRY(applied, applyGred(config, id, gred, tally));
        }
    }
    return Ok{};
}

Result<Ok> collectStatisticsLines(const std::string& text,
                                  std::map<std::string, std::string>& byHost)
{
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
        if (line.empty()) {
            continue;
        }
        XYLEM_TRY(j, parseLine(line));
        byHost[j->at("host").get<std::string>()] = line;
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
