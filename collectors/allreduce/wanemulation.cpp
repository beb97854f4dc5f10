#include "collectors/allreduce/wanemulation.h"

#include <charconv>
#include <thread>

namespace xylem::allreduce {

void LinkEmulation::delay(size_t bytes) const
{
    auto wait = latency;
    if (bitsPerSecond > 0) {
        wait += std::chrono::nanoseconds(
            static_cast<std::int64_t>(static_cast<double>(bytes) * 8e9 / bitsPerSecond));
    }
    if (wait.count() > 0) {
        std::this_thread::sleep_for(wait);
    }
}

namespace {

// "500us" -> ns, "100Mbit" -> bit/s
std::optional<double> quantity(std::string_view text,
                               std::initializer_list<std::pair<std::string_view, double>> units)
{
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || value < 0) {
        return std::nullopt;
    }
    const std::string_view unit = text.substr(static_cast<size_t>(end - text.data()));
    for (const auto& [name, scale] : units) {
        if (unit == name) {
            return value * scale;
        }
    }
    return std::nullopt;
}

} // namespace

Result<std::map<std::string, LinkEmulation>> parseWanSpec(const std::string& spec)
{
    std::map<std::string, LinkEmulation> links;
    size_t at = 0;
    while (at < spec.size()) {
        const size_t comma = std::min(spec.find(',', at), spec.size());
        const std::string item = spec.substr(at, comma - at);
        at = comma + 1;
        const size_t eq = item.find('=');
        if (eq == std::string::npos || eq == 0) {
            return makeError(ErrorCode::InvalidArgument,
                             "WAN link '" + item + "': expected PROXY=LATENCY[/BANDWIDTH]");
        }
        LinkEmulation link;
        const std::string value = item.substr(eq + 1);
        const size_t slash = value.find('/');
        const auto latency =
            quantity(value.substr(0, slash), {{"ns", 1}, {"us", 1e3}, {"ms", 1e6}, {"s", 1e9}});
        if (!latency) {
            return makeError(ErrorCode::InvalidArgument,
                             "WAN link '" + item + "': bad latency (e.g. 500us, 2ms)");
        }
        link.latency = std::chrono::nanoseconds(static_cast<std::int64_t>(*latency));
        if (slash != std::string::npos) {
            const auto bandwidth = quantity(
                value.substr(slash + 1), {{"bit", 1}, {"kbit", 1e3}, {"Mbit", 1e6}, {"Gbit", 1e9}});
            if (!bandwidth || *bandwidth <= 0) {
                return makeError(ErrorCode::InvalidArgument,
                                 "WAN link '" + item + "': bad bandwidth (e.g. 100Mbit)");
            }
            link.bitsPerSecond = *bandwidth;
        }
        links[item.substr(0, eq)] = link;
    }
    return links;
}

} // namespace xylem::allreduce
