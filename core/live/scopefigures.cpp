#include "core/live/scopefigures.h"

#include <algorithm>
#include <charconv>
#include <nlohmann/json.hpp>

namespace xylem::live {

namespace {

using Json = nlohmann::ordered_json;

FigureLevel worse(FigureLevel a, FigureLevel b)
{
    return static_cast<std::uint8_t>(a) > static_cast<std::uint8_t>(b) ? a : b;
}

// Critical above `critical`, warning above `warning` (for a figure where more is worse).
FigureLevel above(double value, double warning, double critical)
{
    return value > critical  ? FigureLevel::Critical
           : value > warning ? FigureLevel::Warning
                             : FigureLevel::Ok;
}

Error figureError(const std::string& node, const std::string& field, const std::string& problem)
{
    return Error{ErrorCode::MalformedInput, problem,
                 "figures of node " + node + ", field '" + field + "'"};
}

Result<std::optional<double>> optionalNumber(const Json& j, const std::string& node,
                                             const std::string& field)
{
    if (!j.contains(field) || j.at(field).is_null()) {
        return std::optional<double>{};
    }
    if (!j.at(field).is_number()) {
        return figureError(node, field, "must be a number or null");
    }
    return std::optional<double>(j.at(field).get<double>());
}

Result<NodeFigures> nodeFromJson(const Json& j, const std::string& node)
{
    if (!j.is_object()) {
        return figureError(node, "", "must be an object");
    }
    NodeFigures f;
    XYLEM_TRY(rate, optionalNumber(j, node, "tuples_per_s"));
    XYLEM_TRY(gatherRate, optionalNumber(j, node, "gather_rate_pct"));
    XYLEM_TRY(delay, optionalNumber(j, node, "delay_ms"));
    XYLEM_TRY(cpu, optionalNumber(j, node, "cpu_pct"));
    f.tuplesPerSecond = rate->value_or(0);
    f.gatherRatePct = gatherRate->value_or(100);
    f.delayMs = delay.value();
    f.cpuPct = cpu.value();
    if (j.contains("overwritten")) {
        if (!j.at("overwritten").is_number_unsigned() && !j.at("overwritten").is_number_integer()) {
            return figureError(node, "overwritten", "must be a whole number");
        }
        f.overwritten = j.at("overwritten").get<std::uint64_t>();
    }
    if (j.contains("lost") && !j.at("lost").is_boolean()) {
        return figureError(node, "lost", "must be true or false");
    }
    f.lost = j.value("lost", false);
    return f;
}

Result<int> nodeIdOf(const std::string& key, const char* member)
{
    int id = 0;
    const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), id);
    if (ec != std::errc() || end != key.data() + key.size() || id <= 0) {
        return makeError(ErrorCode::MalformedInput, "is not a node id",
                         std::string(member) + " key '" + key + "'");
    }
    return id;
}

Result<FilterOutput> outputFromJson(const Json& j, const std::string& node)
{
    if (!j.is_object() || !j.contains("text") || !j.at("text").is_string()) {
        return Error{ErrorCode::MalformedInput, "must be an object with a \"text\" string",
                     "output of node " + node};
    }
    for (const char* field : {"wave", "contributors"}) {
        if (j.contains(field) && !j.at(field).is_number_unsigned()) {
            return Error{ErrorCode::MalformedInput, "must be a whole number",
                         "output of node " + node + ", field '" + field + "'"};
        }
    }
    return FilterOutput{j.value("wave", std::uint64_t{0}), j.value("contributors", 0u),
                        j.at("text").get<std::string>()};
}

} // namespace

FigureLevel figureLevel(const NodeFigures& figures)
{
    if (figures.lost) {
        return FigureLevel::Critical;
    }
    FigureLevel level = figures.gatherRatePct < kGatherRateCriticalPct  ? FigureLevel::Critical
                        : figures.gatherRatePct < kGatherRateWarningPct ? FigureLevel::Warning
                                                                        : FigureLevel::Ok;
    if (figures.delayMs) {
        level = worse(level, above(*figures.delayMs, kDelayWarningMs, kDelayCriticalMs));
    }
    if (figures.cpuPct) {
        level = worse(level, above(*figures.cpuPct, kCpuWarningPct, kCpuCriticalPct));
    }
    return level;
}

const char* figureLevelName(FigureLevel level)
{
    switch (level) {
    case FigureLevel::Ok:
        return "ok";
    case FigureLevel::Warning:
        return "warning";
    case FigureLevel::Critical:
        return "critical";
    }
    return "ok";
}

std::string figuresToJson(const DesignFigures& figures, const FilterOutputs& outputs)
{
    Json nodes = Json::object();
    for (const auto& [id, f] : figures) {
        Json j;
        j["tuples_per_s"] = f.tuplesPerSecond;
        j["gather_rate_pct"] = f.gatherRatePct;
        j["overwritten"] = f.overwritten;
        j["delay_ms"] = f.delayMs ? Json(*f.delayMs) : Json(nullptr);
        j["cpu_pct"] = f.cpuPct ? Json(*f.cpuPct) : Json(nullptr);
        j["lost"] = f.lost;
        j["level"] = figureLevelName(figureLevel(f));
        nodes[std::to_string(id)] = std::move(j);
    }
    Json line;
    line["figures"] = std::move(nodes);
    if (!outputs.empty()) {
        Json out = Json::object();
        for (const auto& [id, o] : outputs) {
            out[std::to_string(id)] = {
                {"wave", o.wave}, {"contributors", o.contributors}, {"text", o.text}};
        }
        line["outputs"] = std::move(out);
    }
    return line.dump();
}

namespace {

Result<DesignFigures> figuresOf(const Json& j)
{
    if (!j.is_object() || !j.contains("figures") || !j.at("figures").is_object()) {
        return makeError(ErrorCode::MalformedInput,
                         "a figures line is a JSON object with a \"figures\" object");
    }
    DesignFigures figures;
    for (const auto& [key, value] : j.at("figures").items()) {
        XYLEM_TRY(id, nodeIdOf(key, "figures"));
        XYLEM_TRY(node, nodeFromJson(value, key));
        figures.emplace(id.value(), node.value());
    }
    return figures;
}

Result<FilterOutputs> outputsOf(const Json& j)
{
    if (!j.is_object()) {
        return makeError(ErrorCode::MalformedInput, "a figures line is a JSON object");
    }
    FilterOutputs outputs;
    if (!j.contains("outputs")) {
        return outputs;
    }
    if (!j.at("outputs").is_object()) {
        return makeError(ErrorCode::MalformedInput, "\"outputs\" must be an object");
    }
    for (const auto& [key, value] : j.at("outputs").items()) {
        XYLEM_TRY(id, nodeIdOf(key, "outputs"));
        XYLEM_TRY(output, outputFromJson(value, key));
        outputs.emplace(id.value(), std::move(output).value());
    }
    return outputs;
}

} // namespace

Result<LiveFigures> liveFiguresFromJson(const std::string& line)
{
    const Json j = Json::parse(line, nullptr, false); // discarded: not an object, refused below
    XYLEM_TRY(figures, figuresOf(j));
    XYLEM_TRY(outputs, outputsOf(j));
    return LiveFigures{std::move(figures).value(), std::move(outputs).value()};
}

Result<DesignFigures> figuresFromJson(const std::string& line)
{
    return figuresOf(Json::parse(line, nullptr, false));
}

Result<FilterOutputs> filterOutputsFromJson(const std::string& line)
{
    return outputsOf(Json::parse(line, nullptr, false));
}

} // namespace xylem::live
