#include "core/analysis/treeclockcheck.h"

#include "core/analysis/callmatrix.h"
#include "core/analysis/clockcoverage.h"

#include <algorithm>
#include <cstdlib>

namespace xylem {

namespace {

struct Hop
{
    int proxy = -1;
    int below = -1; // the proxy's child: its edge is recorded by the stub
    HostClock* stub = nullptr;
    HostClock* service = nullptr;
};

HostClock* find(std::vector<HostClock>& clocks, const std::string& host)
{
    const auto it = std::find_if(clocks.begin(), clocks.end(),
                                 [&](const HostClock& c) { return c.host == host; });
    return it == clocks.end() ? nullptr : &*it;
}

// The proxies between two hosts that both have a clock entry to charge.
std::vector<Hop> crossHostHops(const Configuration& config, std::vector<HostClock>& clocks)
{
    std::vector<Hop> hops;
    for (int w = 0; w < config.wrapperCount(); ++w) {
        if (config.wrapper(w).kind != WrapperKind::Proxy || config.wrapper(w).parent < 0) {
            continue;
        }
        const ProxyHosts hosts = proxyHosts(config, w);
        const auto children = config.children(w);
        if (hosts.stub == hosts.service || children.size() != 1) {
            continue;
        }
        hops.push_back(
            Hop{w, children.front(), find(clocks, hosts.stub), find(clocks, hosts.service)});
    }
    return hops;
}

void charge(HostClock* clock, std::int64_t violation)
{
    if (!clock) {
        return;
    }
    ++clock->residual.checks;
    if (violation > 0) {
        ++clock->residual.violations;
        clock->residual.maxViolationNs = std::max(clock->residual.maxViolationNs, violation);
    }
}

} // namespace

ClockCorrection clockCorrection(const HostClock& clock, bool treeRun)
{
    if (clock.reference) {
        return ClockCorrection::Reference;
    }
    if (!clock.measured) {
        return ClockCorrection::NotMeasured;
    }
    const std::int64_t bound = clock.errorBoundNs.value_or(0);
    const bool beyond =
        std::llabs(clock.start.offsetNs) > bound || std::llabs(clock.end.offsetNs) > bound;
    return !treeRun || beyond ? ClockCorrection::Corrected : ClockCorrection::WithinBound;
}

void measureTreeResidualSkew(const Configuration& config, std::span<const Tuple> tuples,
                             std::vector<HostClock>& clocks)
{
    for (HostClock& c : clocks) {
        c.residual = ResidualSkew{};
    }
    const std::vector<Hop> hops = crossHostHops(config, clocks);
    if (hops.empty()) {
        return;
    }
    const CallMatrix matrix = CallMatrix::build(config, tuples);
    for (size_t r = 0; r < matrix.rowCount(); ++r) {
        if (!matrix.isComplete(r)) {
            continue;
        }
        const EdgeTimes* row = matrix.row(r);
        for (const Hop& hop : hops) {
            const EdgeTimes& below = row[hop.below];
            const EdgeTimes& above = row[hop.proxy];
            for (const std::int64_t v : {below.down - above.down, above.up - below.up}) {
                charge(hop.stub, v);
                charge(hop.service, v);
            }
        }
    }
}

} // namespace xylem
