#include "app/cli/clocklines.h"

#include "app/cli/durationformat.h"

#include <cstdlib>
#include <iomanip>
#include <sstream>

namespace xylem::cli {

namespace {

// The host's offset onto its master's clock at the start (reference - local).
std::int64_t startOffset(const HostClock& c)
{
    return c.start.offsetNs;
}

bool withinBound(const HostClock& c)
{
    const std::int64_t bound = c.errorBoundNs.value_or(0);
    return std::llabs(c.start.offsetNs) <= bound && std::llabs(c.end.offsetNs) <= bound;
}

std::string signedDuration(std::int64_t ns)
{
    return (ns < 0 ? "-" : "+") + formatDuration(static_cast<double>(std::llabs(ns)));
}

} // namespace

std::vector<std::string> clockLines(const std::vector<HostClock>& clocks)
{
    std::vector<std::string> lines;
    for (const HostClock& c : clocks) {
        std::ostringstream line;
        line << "clock of " << c.host << ": ";
        if (c.reference) {
            line << "the reference";
        } else if (!c.measured) {
            line << "not measured (its times are taken as they are)";
        } else {
            line << signedDuration(startOffset(c)) << " onto " << c.master << " (error at most "
                 << formatDuration(static_cast<double>(c.errorBoundNs.value_or(0)))
                 << "), drift " << std::fixed << std::setprecision(2) << c.driftPpm() << " ppm, "
                 << (withinBound(c) ? "the offset within its bound" : "the offset beyond it");
        }
        lines.push_back(line.str());
    }
    return lines;
}

nlohmann::ordered_json clocksJson(const std::vector<HostClock>& clocks)
{
    auto out = nlohmann::ordered_json::array();
    for (const HostClock& c : clocks) {
        nlohmann::ordered_json j{{"host", c.host},       {"master", c.master},
                                 {"reference", c.reference}, {"measured", c.measured}};
        j["offset_ns"] = c.measured ? nlohmann::ordered_json(c.start.offsetNs)
                                    : nlohmann::ordered_json(nullptr);
        j["error_bound_ns"] = c.errorBoundNs ? nlohmann::ordered_json(*c.errorBoundNs)
                                             : nlohmann::ordered_json(nullptr);
        j["drift_ppm"] = c.measured ? nlohmann::ordered_json(c.driftPpm())
                                    : nlohmann::ordered_json(nullptr);
        j["beyond_bound"] = c.measured && !c.reference && !withinBound(c);
        out.push_back(std::move(j));
    }
    return out;
}

} // namespace xylem::cli
