#include "core/gather/nodecountlines.h"

#include "core/gather/jsonlines.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace xylem::gather {

namespace {

using Json = nlohmann::json;

Result<NodeCounts> decodeLine(std::string_view line, size_t number)
{
    const Json j = Json::parse(line, nullptr, false);
    auto bad = [number](const std::string& problem) {
        return makeError(ErrorCode::MalformedInput, problem,
                         "node-counts line " + std::to_string(number));
    };
    if (j.is_discarded() || !j.is_object() || !j.contains("host") || !j.at("host").is_string()) {
        return bad("not a JSON object with a host");
    }
    NodeCounts c;
    c.host = j.at("host").get<std::string>();
    for (const char* field : {"written", "read", "overwritten", "rings"}) {
        if (!j.contains(field) || !j.at(field).is_number_unsigned()) {
            return bad(std::string("field '") + field + "' must be a whole number");
        }
    }
    if (!j.contains("now_ns") || !j.at("now_ns").is_number_integer()) {
        return bad("field 'now_ns' must be a whole number");
    }
    c.written = j.at("written").get<std::uint64_t>();
    c.read = j.at("read").get<std::uint64_t>();
    c.overwritten = j.at("overwritten").get<std::uint64_t>();
    c.rings = j.at("rings").get<std::uint32_t>();
    c.nowNs = j.at("now_ns").get<std::int64_t>();
    if (j.contains("cpu_busy_pct")) {
        if (!j.at("cpu_busy_pct").is_number()) {
            return bad("field 'cpu_busy_pct' must be a number");
        }
        c.cpuBusyPct = j.at("cpu_busy_pct").get<double>();
    }
    return c;
}

} // namespace

std::string encodeNodeCountLine(const NodeCounts& counts)
{
    Json j;
    j["host"] = counts.host;
    j["written"] = counts.written;
    j["read"] = counts.read;
    j["overwritten"] = counts.overwritten;
    j["rings"] = counts.rings;
    j["now_ns"] = counts.nowNs;
    if (counts.cpuBusyPct && std::isfinite(*counts.cpuBusyPct)) {
        j["cpu_busy_pct"] = *counts.cpuBusyPct;
    }
    return j.dump() + "\n";
}

Result<std::vector<NodeCounts>> decodeNodeCountLines(std::string_view text)
{
    return decodeLines<NodeCounts>(text, decodeLine);
}

} // namespace xylem::gather
