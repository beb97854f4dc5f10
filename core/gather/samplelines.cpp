#include "core/gather/samplelines.h"

#include "core/gather/jsonlines.h"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>

namespace xylem::gather {

namespace {

using Json = nlohmann::json;

// [metric, time, value], the time a whole number that fits an int64.
bool isSample(const Json& s)
{
    if (!s.is_array() || s.size() != 3 || !s[0].is_string() || !s[1].is_number_integer() ||
        !s[2].is_number()) {
        return false;
    }
    return !s[1].is_number_unsigned() ||
           s[1].get<std::uint64_t>() <=
               static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
}

Result<HostSamples> decodeLine(std::string_view line, size_t number)
{
    const Json j = Json::parse(line, nullptr, false);
    const auto bad = [number](const std::string& what) {
        return Error{ErrorCode::MalformedInput, "not a system-sample line: " + what,
                     "line " + std::to_string(number)};
    };
    if (j.is_discarded() || !j.is_object()) {
        return bad("no JSON object");
    }
    if (!j.contains("host") || !j.at("host").is_string() || !j.contains("overwritten") ||
        !j.at("overwritten").is_number_unsigned() || !j.contains("samples") ||
        !j.at("samples").is_array()) {
        return bad("needs a host, an overwritten count and a samples array");
    }
    HostSamples out{j.at("host").get<std::string>(), j.at("overwritten").get<std::uint64_t>(), {}};
    out.samples.reserve(j.at("samples").size());
    for (const Json& s : j.at("samples")) {
        if (!isSample(s)) {
            return bad("a sample is [metric, time ns, value]");
        }
        out.samples.push_back(
            SampleValue{s[0].get<std::string>(), s[1].get<std::int64_t>(), s[2].get<double>()});
    }
    return out;
}

} // namespace

std::string encodeSampleLine(const HostSamples& samples)
{
    Json list = Json::array();
    for (const SampleValue& s : samples.samples) {
        if (std::isfinite(s.value)) {
            list.push_back(Json::array({s.metric, s.timeNs, s.value}));
        }
    }
    Json j = Json::object();
    j["host"] = samples.host;
    j["overwritten"] = samples.overwritten;
    j["samples"] = std::move(list);
    return j.dump() + "\n";
}

Result<std::vector<HostSamples>> decodeSampleLines(std::string_view text)
{
    return decodeLines<HostSamples>(text, decodeLine);
}

} // namespace xylem::gather
