#include "core/analysis/clockcoverage.h"

#include <algorithm>

namespace xylem {

bool ClockCoverage::hasModel(std::string_view host) const
{
    return std::find(modelled.begin(), modelled.end(), host) != modelled.end();
}

ClockCoverage clockCoverage(const std::vector<HostClock>& stored)
{
    ClockCoverage coverage;
    coverage.known = true;
    for (const HostClock& clock : stored) {
        if (clock.measured || clock.reference) {
            coverage.modelled.push_back(clock.host);
        }
    }
    return coverage;
}

ProxyHosts proxyHosts(const Configuration& config, int proxy)
{
    const Wrapper& w = config.wrapper(proxy);
    return ProxyHosts{w.host, w.parent >= 0 ? config.wrapper(w.parent).host : w.host};
}

std::vector<std::string> hostsWithoutModel(const Configuration& config, int proxy,
                                           const ClockCoverage& coverage)
{
    const ProxyHosts hosts = proxyHosts(config, proxy);
    if (!coverage.known || config.wrapper(proxy).kind != WrapperKind::Proxy ||
        hosts.stub == hosts.service) {
        return {};
    }
    std::vector<std::string> missing;
    for (const std::string* host : {&hosts.stub, &hosts.service}) {
        if (!coverage.hasModel(*host)) {
            missing.push_back(*host);
        }
    }
    return missing;
}

std::vector<bool> halfTwoWayProxies(const Configuration& config, const ClockCoverage& coverage)
{
    std::vector<bool> half(static_cast<size_t>(config.wrapperCount()), false);
    for (int w = 0; w < config.wrapperCount(); ++w) {
        half[static_cast<size_t>(w)] = !hostsWithoutModel(config, w, coverage).empty();
    }
    return half;
}

} // namespace xylem
