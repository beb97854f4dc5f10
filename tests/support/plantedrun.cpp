#include "tests/support/plantedrun.h"

#include "core/model/treegenerator.h"

namespace xylem::testing {

Configuration hierarchyTree(const std::string& name, const std::string& hosts, int threadsPerHost)
{
    return generateTree(TreeSpec{name, parseHostList(hosts).value(), threadsPerHost,
                                 TreeShape::HierarchyAware, 2, RootKind::Core})
        .value();
}

PeriodicStall daemon(const std::string& thread, std::int64_t period, std::int64_t phase,
                     std::int64_t delay)
{
    return {.period = period, .phase = phase, .window = 400'000, .delay = delay, .thread = thread};
}

SimulationSpec culpritAndDaemon(std::int64_t calls, std::uint64_t seed, const std::string& culprit,
                                std::int64_t culpritDelay, const std::string& victim)
{
    SimulationSpec spec{.calls = calls, .seed = seed};
    spec.culprit = culprit;
    spec.culpritDelay = culpritDelay;
    spec.stall = daemon(victim, 40'000'000, 3'000'000, 3'000'000);
    return spec;
}

} // namespace xylem::testing
