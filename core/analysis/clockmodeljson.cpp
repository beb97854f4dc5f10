#include "core/analysis/clockmodeljson.h"

#include "core/model/jsondocument.h"

namespace xylem {

namespace {

nlohmann::json sampleJson(const MpiClockSample& sample)
{
    return {{"local_ns", sample.localNs},
            {"offset_ns", sample.offsetNs},
            {"round_trip_ns", sample.roundTripNs}};
}

MpiClockSample sampleFrom(const nlohmann::json& json, const HostClock& clock)
{
    MpiClockSample sample;
    sample.host = clock.host;
    sample.measuredAgainst = clock.master;
    sample.localNs = json.at("local_ns").get<std::int64_t>();
    sample.offsetNs = json.at("offset_ns").get<std::int64_t>();
    sample.roundTripNs = json.at("round_trip_ns").get<std::int64_t>();
    return sample;
}

HostClock clockFrom(const nlohmann::json& json)
{
    HostClock clock;
    clock.host = json.at("host").get<std::string>();
    clock.master = json.at("master").get<std::string>();
    clock.reference = json.at("is_reference").get<bool>();
    clock.measured = json.at("measured").get<bool>();
    if (!json.at("error_bound_ns").is_null())
        clock.errorBoundNs = json.at("error_bound_ns").get<std::int64_t>();
    if (clock.measured) {
        clock.start = sampleFrom(json.at("start"), clock);
        clock.end = sampleFrom(json.at("end"), clock);
    }
    const auto& residual = json.at("residual");
    clock.residual.maxViolationNs = residual.at("max_violation_ns").get<std::int64_t>();
    clock.residual.violations = residual.at("violations").get<std::int64_t>();
    clock.residual.checks = residual.at("checks").get<std::int64_t>();
    return clock;
}

} // namespace

std::string clockModelJson(const HostClock& clock, const std::string& referenceHost)
{
    nlohmann::json json = {
        {"format", "xylem-clock/1"},
        {"host", clock.host},
        {"master", clock.master},
        {"reference", referenceHost},
        {"is_reference", clock.reference},
        {"measured", clock.measured},
        {"drift_ppm", clock.driftPpm()},
        {"error_bound_ns", clock.errorBoundNs ? nlohmann::json(*clock.errorBoundNs) : nullptr},
        {"residual",
         {{"max_violation_ns", clock.residual.maxViolationNs},
          {"violations", clock.residual.violations},
          {"checks", clock.residual.checks}}}};
    if (clock.measured) {
        json["start"] = sampleJson(clock.start);
        json["end"] = sampleJson(clock.end);
    }
    return json.dump();
}

Result<HostClock> parseClockModelJson(const std::string& text)
{
    XYLEM_TRY(json, parseJsonObject(text, "clock model"));
    if (!hasFormat(json.value(), "xylem-clock/1"))
        return makeError(ErrorCode::MalformedInput, "not a xylem-clock/1 document", "clock model");
    try {
        return clockFrom(*json);
    } catch (const nlohmann::json::exception& e) {
        return makeError(ErrorCode::MalformedInput, e.what(), "clock model");
    }
}

} // namespace xylem
