#include "views/systemseries.h"

#include <map>
#include <string_view>
#include <utility>

namespace xylem::views {

namespace {

bool isNetworkTraffic(std::string_view metric)
{
    const bool traffic =
        metric.starts_with("net_rx_bytes_per_s:") || metric.starts_with("net_tx_bytes_per_s:");
    return traffic && !metric.ends_with(":lo");
}

} // namespace

std::vector<SystemSeries> systemSeries(const std::vector<store::SystemSample>& samples,
                                       std::int64_t originNs)
{
    std::map<std::string, std::map<std::int64_t, double>> cpu;     // host -> time -> %
    std::map<std::string, std::map<std::int64_t, double>> network; // host -> time -> sum
    for (const store::SystemSample& s : samples) {
        if (s.metric == "cpu_busy_pct") {
            cpu[s.host][s.timeNs] = s.value;
        } else if (isNetworkTraffic(s.metric)) {
            network[s.host][s.timeNs] += s.value;
        }
    }
    std::vector<SystemSeries> out;
    for (auto [kind, byHost] : {std::pair{SystemSeries::Kind::CpuBusyPct, &cpu},
                                std::pair{SystemSeries::Kind::NetworkBytesPerS, &network}}) {
        for (const auto& [host, points] : *byHost) {
            SystemSeries series{kind, QString::fromStdString(host), {}, {}};
            for (const auto& [timeNs, value] : points) {
                series.seconds << static_cast<double>(timeNs - originNs) / 1e9;
                series.values << value;
            }
            out.push_back(std::move(series));
        }
    }
    return out;
}

} // namespace xylem::views
